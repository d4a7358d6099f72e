"""keepNonRedundant: elide repetition, never a document.

A unit about to be dropped survives unless some unit already kept carries at least 90% of its
vocabulary; it then joins the kept set so later copies fold onto it. More than 128 such
promotions means the payload is a document, not a repetitive stream, and everything is kept
(the engine's not-smaller check then passes it through whole).
"""
from __future__ import annotations

import math

from engine.patterns import DIGITS, HAS_LETTER, MASKED_WORD, WORD

#: Kept units sampled (evenly spaced) to seed the classes.
MAX_SEEDS = 64
#: Promotions after which the payload counts as a document.
MAX_PROMOTIONS = 128
#: Share of a dropped unit's vocabulary a kept unit must carry to represent it.
CONTAINMENT = 0.9
#: Vocabulary cap per unit.
MAX_VOCAB = 128


def vocabulary(unit: str) -> tuple[frozenset[str], bool]:
    """The unit's lower-cased word set and whether digit runs were masked.

    Digits are masked only when the unit carries a word with a letter: two log lines that
    differ in a timestamp are the same line, but in `6 ['1973.', 251]` the numbers ARE the
    content. (Masking the whole string before tokenising, with NUL standing for a digit run,
    gives the same words as masking word by word, several times faster.)"""
    low = unit.lower()
    masked = HAS_LETTER.search(low) is not None
    words = MASKED_WORD.findall(DIGITS.sub("\0", low)) if masked else WORD.findall(low)
    seen = dict.fromkeys(words)
    if len(seen) > MAX_VOCAB:
        seen = dict.fromkeys(list(seen)[:MAX_VOCAB])
    return frozenset(seen), masked


def keep_non_redundant(units: list[str], keep: list[bool]) -> list[bool]:
    """Return a new keep-mask: every dropped unit not represented by a kept one is kept."""
    if len(units) != len(keep):
        raise ValueError("units and keep differ in length")
    result = list(keep)
    kept_idx = [i for i, k in enumerate(keep) if k]
    classes: list[tuple[frozenset[str], bool]] = []
    if kept_idx:
        step = max(1, math.ceil(len(kept_idx) / MAX_SEEDS))
        classes = [vocabulary(units[i]) for i in kept_idx[::step]][:MAX_SEEDS]
    verdicts: dict[tuple[frozenset[str], bool], bool] = {}
    promotions = 0
    for i, k in enumerate(keep):
        if k:
            continue
        if promotions >= MAX_PROMOTIONS:
            result[i] = True
            continue
        vocab, masked = vocabulary(units[i])
        key = (vocab, masked)
        represented = verdicts.get(key)
        if represented is None:
            need = math.ceil(CONTAINMENT * len(vocab))
            represented = not vocab or any(
                cmasked == masked and len(vocab & cvocab) >= need for cvocab, cmasked in classes
            )
            if represented:
                verdicts[key] = True
        if not represented:
            result[i] = True
            promotions += 1
            classes.append(key)
            verdicts[key] = True
    return result
