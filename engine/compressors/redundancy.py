"""keepNonRedundant: elide repetition, never a document.

A unit about to be dropped survives unless some unit already kept carries at least 90% of its
vocabulary; it then joins the kept set so later copies fold onto it. More than 128 such
promotions means the payload is a document, not a repetitive stream, and everything is kept
(the engine's not-smaller check then passes it through whole).
"""
from __future__ import annotations

import math
from itertools import compress, repeat
from operator import not_

from engine.patterns import DIGITS, HAS_LETTER, MASKED_WORD, WORD

#: Kept units sampled (evenly spaced) to seed the classes.
MAX_SEEDS = 64
#: Promotions after which the payload counts as a document.
MAX_PROMOTIONS = 128
#: Share of a dropped unit's vocabulary a kept unit must carry to represent it.
CONTAINMENT = 0.9
#: Vocabulary cap per unit.
MAX_VOCAB = 128


def _profile_key(unit: str) -> tuple[str, bool]:
    """The lower-cased unit with digit runs masked to NUL when it carries a letter-bearing
    word (a unit with an ASCII letter has one), and whether it was masked. Equal keys mean
    equal vocabularies, so the key caches the verdict for every repeat of a line."""
    low = unit.lower()
    if "\0" in low:  # NUL stands for a digit run below; a literal one separates words anyway
        low = low.replace("\0", " ")
    if HAS_LETTER.search(low) is None:
        return low, False
    if low.isascii():  # (a table lookup per byte; the regex sub tries every position)
        return _one_nul_per_run(low.encode("ascii").translate(_DIGIT_BYTES_TO_NUL).decode("ascii")), True
    return DIGITS.sub("\0", low), True


def _one_nul_per_run(text: str) -> str:
    """`text` with each run of NULs as one NUL: re.sub("\\0{2,}", "\\0", text), at C speed (each
    replace halves every run; runs never merge, non-NUL characters stay between them)."""
    while "\0\0" in text:
        text = text.replace("\0\0", "\0")
    return text


#: Each ASCII digit to NUL, one for one: the `shape` of a lower-cased unit. Units of one shape
#: have one profile key when they carry a letter (their digit runs are masked anyway), so a
#: shape already settled settles them without masking or tokenising.
_DIGIT_TO_NUL = str.maketrans("0123456789", "\0" * 10)
_DIGIT_BYTES_TO_NUL = bytes.maketrans(b"0123456789", b"\0" * 10)
#: An ASCII byte's shape: upper case to lower, NUL to a space, each digit to NUL.
_ASCII_SHAPE = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ\0" + b"0123456789",
                               b"abcdefghijklmnopqrstuvwxyz " + b"\0" * 10)


def _shapes(units: list[str]) -> list[str]:
    """Each unit lower-cased with literal NULs blanked (as `_profile_key` does), its ASCII
    digits then turned to NUL: the unit's shape. From one pass over the joined units
    (lower-casing never crosses a newline) unless a unit holds a newline."""
    text = "\n".join(units)
    if text.isascii():  # one table lookup per byte does all three (ASCII's lower() is per byte)
        shapes = text.encode("ascii").translate(_ASCII_SHAPE).decode("ascii").split("\n")
    else:
        text = text.lower()
        if "\0" in text:
            text = text.replace("\0", " ")
        # bytes.translate is a table lookup per byte (str.translate works harder per character);
        # UTF-8 keeps digits as their own bytes (no multi-byte sequence holds an ASCII byte)
        raw = text.encode("utf-8", "surrogatepass").translate(_DIGIT_BYTES_TO_NUL)
        shapes = raw.decode("utf-8", "surrogatepass").split("\n")
    if len(shapes) != len(units):
        return [_lower(unit).translate(_DIGIT_TO_NUL) for unit in units]
    return shapes


def _lower(unit: str) -> str:
    """The unit lower-cased, literal NULs blanked (NUL stands for a digit run in a key)."""
    low = unit.lower()
    return low.replace("\0", " ") if "\0" in low else low


def _firsts(values: list[str]) -> dict[str, int]:
    """Each distinct value -> where it first appears (C-level: written from the last position
    to the first, the first is the one left)."""
    return dict(zip(reversed(values), range(len(values) - 1, -1, -1)))


def _judged(units: list[str], shapes: list[str]) -> list[tuple[int, str, str, bool]]:
    """(position or -1, shape, profile key, masked) of each unit keep_non_redundant has to
    judge, in order: every other unit repeats the profile key of a unit before it, which
    settled it. A shape with a letter fixes the key (its digit runs are masked: the key is the
    shape with each NUL run as one NUL), and so does one without a digit (it IS the lower-cased
    unit): the first unit of each such shape is judged, its position (-1 here) looked up only
    when needed. Shapes holding digits but no letter are no key (`12` and `34` share a shape,
    but there the digits are content): the first unit of each lower-cased text is judged, and
    then every position is known."""
    judged = []
    digits_as_content = set()
    for shape in dict.fromkeys(shapes):
        if HAS_LETTER.search(shape) is not None:
            judged.append((-1, shape, _one_nul_per_run(shape), True))
        elif "\0" not in shape:
            judged.append((-1, shape, shape, False))
        else:
            digits_as_content.add(shape)
    if not digits_as_content:
        return judged
    firsts = _firsts(shapes)
    judged = [(firsts[shape], shape, key, masked) for _, shape, key, masked in judged]
    at = [p for p, shape in enumerate(shapes) if shape in digits_as_content]
    for k in _firsts(lows := [_lower(units[p]) for p in at]).values():
        judged.append((at[k], shapes[at[k]], lows[k], False))
    judged.sort()
    return judged


def _words(key: str, masked: bool) -> frozenset[str]:
    found = _found_words(key, masked)
    if len(found) > MAX_VOCAB:  # the first MAX_VOCAB distinct words (fewer: all of them)
        found = list(dict.fromkeys(found))[:MAX_VOCAB]
    return frozenset(found)


def _gaps(word_chars: bytes) -> bytes:
    """A bytes.translate table turning every byte but `word_chars` into a space."""
    return bytes(b if b in word_chars else 32 for b in range(256))


#: MASKED_WORD's and WORD's word characters kept, every other byte a space.
_MASKED_GAPS = _gaps(b"abcdefghijklmnopqrstuvwxyz_\0")
_WORD_GAPS = _gaps(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _found_words(key: str, masked: bool) -> list[str]:
    """(MASKED_WORD if masked else WORD).findall(key), at C speed on an ASCII key: its gaps
    become spaces and split() cuts there (its whitespace holds no word character)."""
    if key.isascii():
        return key.encode("ascii").translate(_MASKED_GAPS if masked else _WORD_GAPS).decode("ascii").split()
    return (MASKED_WORD if masked else WORD).findall(key)


def vocabulary(unit: str) -> tuple[frozenset[str], bool]:
    """The unit's lower-cased word set and whether digit runs were masked.

    Digits are masked only when the unit carries a word with a letter: two log lines that
    differ in a timestamp are the same line, but in `6 ['1973.', 251]` the numbers ARE the
    content. (Masking the whole string before tokenising, with NUL standing for a digit run,
    gives the same words as masking word by word, several times faster.)"""
    key, masked = _profile_key(unit)
    return _words(key, masked), masked


def keep_non_redundant(units: list[str], keep: list[bool]) -> list[bool]:
    """Return a new keep-mask: every dropped unit not represented by a kept one is kept."""
    if len(units) != len(keep):
        raise ValueError("units and keep differ in length")
    result = list(keep)
    # The classes of masked and of unmasked profiles (never compared with each other), seeded
    # when a unit is first compared with them: many payloads drop only units without words.
    of_kind: dict[bool, _Classes] | None = None
    # Only the first unit of each profile key is judged (see _judged): a repeat is represented
    # by then, by a class or as a new class.
    dropped_units = list(compress(units, map(not_, keep)))
    shapes = _shapes(dropped_units)
    settled_vocab: set[tuple[frozenset[str], bool]] = set()
    promotions = 0
    firsts: dict[str, int] | None = None
    dropped: list[int] | None = None
    for p, shape, key, masked in _judged(dropped_units, shapes):
        vocab = _words(key, masked)
        if (vocab, masked) in settled_vocab:
            continue
        settled_vocab.add((vocab, masked))
        if not vocab:
            continue
        if of_kind is None:
            of_kind = _seeded(units, keep)
        if not of_kind[masked].represent(vocab):
            if p < 0:
                firsts = firsts or _firsts(shapes)
                p = firsts[shape]
            dropped = dropped or list(compress(range(len(keep)), map(not_, keep)))
            result[dropped[p]] = True
            promotions += 1
            of_kind[masked].add(vocab)
            if promotions >= MAX_PROMOTIONS:
                # past the cap every later dropped unit stays, but an empty one has no words:
                # nothing to represent (a caller's "dropped by decision" vocabulary is empty:
                # it stays dropped)
                for i in dropped[p + 1:]:
                    result[i] = bool(units[i])
                break
    return result


def _seeded(units: list[str], keep: list[bool]) -> dict[bool, _Classes]:
    """The classes of each kind (masked or not) seeded with kept units sampled evenly."""
    kept_idx = list(compress(range(len(keep)), keep))
    classes: list[tuple[frozenset[str], bool]] = []
    if kept_idx:
        step = max(1, math.ceil(len(kept_idx) / MAX_SEEDS))
        classes = [vocabulary(units[i]) for i in kept_idx[::step]][:MAX_SEEDS]
    of_kind = {True: _Classes(), False: _Classes()}
    for cvocab, cmasked in classes:
        if cvocab:
            of_kind[cmasked].add(cvocab)
    return of_kind


class _Classes:
    """The vocabularies of the kept classes of one kind, indexed by word."""

    def __init__(self) -> None:
        self.sets: list[frozenset[str]] = []
        self.by_word: dict[str, list[int]] = {}

    def add(self, vocab: frozenset[str]) -> None:
        index = len(self.sets)
        self.sets.append(vocab)
        for word in vocab:
            self.by_word.setdefault(word, []).append(index)

    def represent(self, vocab: frozenset[str]) -> bool:
        """Some class carries at least CONTAINMENT of the (non-empty) vocabulary. Such a class
        misses at most `slack` of its words, so it holds one of any slack + 1 of them: only the
        classes holding one of the slack + 1 rarest words are compared."""
        need = math.ceil(CONTAINMENT * len(vocab))
        slack = len(vocab) - need
        rarest = sorted(map(self.by_word.get, vocab, repeat(())), key=len)[: slack + 1]  # (C-level)
        sets = self.sets
        for index in set().union(*rarest):
            cvocab = sets[index]
            if len(cvocab) >= need and len(vocab & cvocab) >= need:
                return True
        return False
