"""Is this text a test runner's, compiler's, build tool's, linter's or installer's transcript?

`is_tool_output(text)` looks for TOOL_SIGNATURE (a runner's header, summary or diagnostic
shape) at the start of any line, reading at most DETECT_WINDOW from each end of a large payload.
"""
from __future__ import annotations

import functools
import json
import re
from re import _constants as sre_c  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

from engine.compressors import literal_index, toolout_rubyphp
from engine.compressors.toolout_dispatch import factor_alternatives, split_alternatives
from engine.patterns import ANSI, TOOL_SIGNATURE, compile_lazily


def is_tool_output(text: str) -> bool:
    """Strong signatures of a test runner, compiler, build tool, linter or installer."""
    if text.lstrip()[:1] in ("{", "["):
        try:  # fails at the first bad token of `[INFO] ...` or `[ 45%] Building ...`
            json.loads(text)
            return False
        except RecursionError:
            return False  # nested deeper than the parser goes: JSON-shaped, not a transcript
        except ValueError:
            pass
    if len(text) > 2 * DETECT_WINDOW:
        # a runner's header is near the start and its summary near the end
        text = text[:DETECT_WINDOW] + "\n" + text[-DETECT_WINDOW:]
    if "\x1b" in text:
        text = ANSI.sub("", text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    # A runner's summary is usually among the last lines: a match at any line start is the
    # answer, so those are tried first; only without one are the lines before them. One
    # pattern serves both (compiling a second form of the signatures cost a short run more
    # than its whole scan).
    tail = len(text)
    for _ in range(TAIL_LINES):
        tail = text.rfind("\n", 0, tail)
        if tail < 0:
            break
    tail += 1  # the start of the first tail line (0: the text is all tail)
    # The tail with every signature (a few lines: cheaper than finding which can match), the
    # lines before it with those whose literal gate the text holds (the same answer).
    if _signature_by_line().match(text, tail) is not None:
        return True
    if tail > 0:
        by_line = _signatures_for(text)
        if by_line is not None and by_line.match(text, 0, tail) is not None:
            return True
    return toolout_rubyphp.is_run(text)  # minitest, PHPUnit, RuboCop: literal-gated signatures


#: is_tool_output tries the start of this many last lines before scanning the whole text.
TAIL_LINES = 64


#: is_tool_output reads this much from each end of a large payload.
DETECT_WINDOW = 1 << 20
#: TOOL_SIGNATURE tried at line starts only: the lazy `[^\n]*\n` skip walks a line in one
#: charset loop, which is ~15x faster on a log than `search` trying every position.
_SIGNATURE_BY_LINE_PLAIN = compile_lazily(r"(?:[^\n]*\n)*?" + TOOL_SIGNATURE.pattern.removeprefix("(?m)^"), re.M)


#: The lines TOOL_SIGNATURE's alternatives may start after (braille spinner glyphs, an indent).
_SIGNATURE_HEAD = "(?m)^[\\u2800-\\u28ff]*(?>[ \\t]*)(?:"


@functools.cache  # compiled on first use: a payload Detect settles early never asks
def _signature_by_line() -> re.Pattern[str]:
    """_SIGNATURE_BY_LINE_PLAIN with the signatures' alternation factored (one `\\S+` or `=+`
    read for all the signatures that start with it): it matches where the plain one does, and
    only whether it matches is asked."""
    head = _SIGNATURE_HEAD
    source = TOOL_SIGNATURE.pattern
    if source.startswith(head) and source.endswith(")"):
        factored = factor_alternatives(split_alternatives(source[len(head):-1]))
        if factored is not None:
            try:
                return re.compile(r"(?:[^\n]*\n)*?" + head.removeprefix("(?m)^") + factored + ")", re.M)
            except re.error:
                pass
    return _SIGNATURE_BY_LINE_PLAIN



# ---------------------------------------------------------------- literal gates

_REPEATS = {sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, getattr(sre_c, "POSSESSIVE_REPEAT", sre_c.MAX_REPEAT)}
_ATOMIC = getattr(sre_c, "ATOMIC_GROUP", object())  # Python 3.11+


#: literal_clauses spells out at most this many strings for a run of literals and choices.
SPELLED_MAX = 32


def _spelled(op, av, ignorecase: bool) -> set[str] | None:
    """Every string one element of a parsed regex can match, when they are few literals
    (`x`, `(error|warning)`, `s?`); None otherwise."""
    if op is sre_c.LITERAL:
        return None if ignorecase else {chr(av)}
    if op is sre_c.SUBPATTERN:
        if ignorecase or av[1] & re.I:
            return None
        return _spelled_seq(av[3], False)
    if op is sre_c.BRANCH:
        got: set[str] = set()
        for branch in av[1]:
            one = _spelled_seq(branch, ignorecase)
            if one is None:
                return None
            got |= one
        return got if len(got) <= SPELLED_MAX else None
    if op in _REPEATS and av[0] == 0 and av[1] == 1:  # optional: either nothing or it
        one = _spelled_seq(av[2], ignorecase)
        return None if one is None else one | {""}
    return None


def _spelled_seq(seq, ignorecase: bool) -> set[str] | None:
    got = {""}
    for op, av in seq:
        one = _spelled(op, av, ignorecase)
        if one is None:
            return None
        got = {a + b for a in got for b in one}
        if len(got) > SPELLED_MAX:
            return None
    return got


def literal_clauses(seq, ignorecase: bool = False) -> list[frozenset[str]]:
    """Sets of literals, from a parsed regex (`sre_parse.parse(src).data`): every string the
    regex matches holds at least one literal of each set. Read from what every match must
    pass through: a run of elements that spell few strings (literals, choices of literals,
    optional literals: consecutive, so each match holds one of their concatenations), a group,
    a repeat taken at least once, and a branch whose every alternative holds a literal (the
    set of those). What a match need not hold (optional parts, lookarounds, classes,
    case-insensitive parts) adds nothing."""
    out: list[frozenset[str]] = []
    run: set[str] = {""}
    for op, av in seq:
        one = _spelled(op, av, ignorecase)
        if one is not None:
            joined = {a + b for a in run for b in one}
            if len(joined) <= SPELLED_MAX:
                run = joined
                continue
        if "" not in run:  # the run so far: every match holds one of its strings
            out.append(frozenset(run))
        run = {""}
        if one is not None:
            run = one
            continue
        if op is sre_c.SUBPATTERN:
            out += literal_clauses(av[3], ignorecase or bool(av[1] & re.I))
        elif op in _REPEATS and av[0] >= 1:
            out += literal_clauses(av[2], ignorecase)
        elif op is _ATOMIC:
            out += literal_clauses(av, ignorecase)
        elif op is sre_c.BRANCH:
            either: set[str] = set()
            for branch in av[1]:
                singles = [next(iter(c)) for c in literal_clauses(branch, ignorecase) if len(c) == 1]
                if not singles:
                    break
                either.add(max(singles, key=len))
            else:
                out.append(frozenset(either))
    if "" not in run:
        out.append(frozenset(run))
    return out


#: A gate literal is this long at least: a shorter one is in most texts (and floods the scan).
GATE_MIN = 3


def _gate(alternative: str) -> frozenset[str] | None:
    """Literals one of which every match of the alternative holds (None: no such set worth
    asking): the set whose shortest literal is longest."""
    try:
        clauses = literal_clauses(sre_parse.parse(alternative).data)
    except re.error:
        return None
    worth = [c for c in clauses if min(map(len, c)) >= GATE_MIN]
    return max(worth, key=lambda c: (min(map(len, c)), -len(c))) if worth else None


@functools.cache
def _signature_gates() -> (
        tuple[list[str], list[frozenset[str] | None], "literal_index.ahocorasick_rs.AhoCorasick"] | None):
    """TOOL_SIGNATURE's alternatives, each one's gate, and an automaton finding every gate
    literal in one scan; None when the signatures cannot be taken apart (or without
    ahocorasick-rs): then every text is read with the whole pattern."""
    source = TOOL_SIGNATURE.pattern
    # without ahocorasick-rs every signature is tried at every line start: slower, the same answers
    if literal_index.ahocorasick_rs is None or not source.startswith(_SIGNATURE_HEAD) or not source.endswith(")"):
        return None
    alternatives = split_alternatives(source[len(_SIGNATURE_HEAD):-1])
    gates = [_gate(alt) for alt in alternatives]
    words = sorted(set().union(*(g for g in gates if g)))
    if not words:
        return None
    return alternatives, gates, literal_index.automaton(words)


def _signatures_for(text: str) -> re.Pattern[str] | None:
    """_signature_by_line() without the signatures that cannot match in `text` (None: none
    can): a signature whose gate has no literal in the text matches at no line of it, so
    whether any signature matches is unchanged. A log holds a few of the ~120 gates, and
    trying a few signatures at each line start costs a fraction of trying them all."""
    table = _signature_gates()
    if table is None:
        return _signature_by_line()
    alternatives, gates, scanner = table
    found = literal_index.words_found(scanner, text)
    if found is None:  # a lone surrogate has no UTF-8: the whole pattern
        return _signature_by_line()
    return _signature_subset(tuple(k for k, g in enumerate(gates) if g is None or not found.isdisjoint(g)))


@functools.lru_cache(maxsize=256)  # the regex of a set of signatures, not of a text
def _signature_subset(members: tuple[int, ...]) -> re.Pattern[str] | None:
    """The line-walking regex of the signatures at `members` (factored as _signature_by_line's)."""
    if not members:
        return None
    table = _signature_gates()
    assert table is not None
    alternatives = [table[0][k] for k in members]
    head = _SIGNATURE_HEAD.removeprefix("(?m)^")
    factored = factor_alternatives(alternatives)
    if factored is not None:
        try:
            return re.compile(r"(?:[^\n]*\n)*?" + head + factored + ")", re.M)
        except re.error:
            pass
    return re.compile(r"(?:[^\n]*\n)*?" + head + "|".join(alternatives) + ")", re.M)
