"""What each line of tool output is by itself: toolout's one pass over the lines.

`scan(norm, cls)` asks every line (normalised by `norm_all`: ANSI already stripped, spinner
glyph removed, cut to LINE_WINDOW, right-stripped) three questions, each answered from the
line alone: its label (KEEP, PASS, CHATTER or OTHER: see toolout), whether a failure block may
open on it, and which FINDING_STARTS pattern (if any) matches it first. toolout then reads the
lines in context (blocks, findings, test trees, problem words).

Each question is a FirstCharDispatch: one regex call per line, built from the alternatives that
can start with the line's first character. The four buckets a line's first character selects
are looked up once per character (`_buckets_of`), so a line costs one dict lookup and at most
three regex calls; `line_verdicts` answers exactly as `plain_verdicts` (the three dispatches'
own `match`), which tests/test_line_speedups.py checks.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from itertools import compress, repeat
from operator import is_not
from re import _constants as sre_c  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

from engine.compressors.toolout_dispatch import FirstCharDispatch, _class_end, _first, line_key
from engine.compressors.toolout_findings import FINDING_STARTS, FINDING_STARTS_SPACED
from engine.patterns import (
    TOOL_CARGO_FAILURES,
    TOOL_CARGO_STDOUT,
    TOOL_CHATTER,
    TOOL_CMAKE_ERROR,
    TOOL_CTEST_FAIL,
    TOOL_GO_FAIL,
    TOOL_GO_PANIC,
    TOOL_GRADLE_WRONG,
    TOOL_GTEST_FAILURE,
    TOOL_JEST_BLOCK,
    TOOL_JS_ERROR,
    TOOL_MOCHA_FAILING,
    TOOL_NODE_FAIL,
    TOOL_NODE_FAILING_TESTS,
    TOOL_PASS,
    TOOL_PIP_ERROR,
    TOOL_PROBLEM,
    TOOL_PROBLEM_HINT,
    TOOL_PROGRESS_BAR,
    TOOL_PROGRESS_DONE,
    TOOL_PYTEST_BLOCK,
    TOOL_PYTEST_SECTION,
    TOOL_RESULT_ODD,
    TOOL_RESULT_ODD_END,
    TOOL_RSPEC_FAILURES,
    TOOL_RUST_PANIC,
    TOOL_SANITIZER_REPORT,
    TOOL_SPINNER,
    TOOL_SUMMARY,
    TOOL_SUMMARY_ANYWHERE,
    TOOL_TAP_NOT_OK,
    TOOL_TAP_OK,
    TOOL_TRACEBACK,
    TOOL_TSC_ERRORS_FILES,
    TOOL_UNITTEST_BLOCK,
    TOOL_VALGRIND_RECORD,
    TOOL_VITEST_FAIL,
)

KEEP = "keep"
PASS = "pass"
CHATTER = "chatter"
REPEAT = "repeat"
OTHER = "other"

#: Patterns look at this much of a line: a runner's headline, summary or diagnostic fits, and
#: a 10 MB line costs what a short one does. `problem` also reads the line's last stretch.
LINE_WINDOW = 4096


def norm_all(lines: list[str]) -> list[str]:
    """Each line cut to LINE_WINDOW, without a leading spinner glyph, right-stripped; in C-level
    passes: rstrip leaves a line without trailing white space as it is, and only a line outside
    ASCII can start with a spinner glyph."""
    if max(map(len, lines), default=0) > LINE_WINDOW:
        lines = [line[:LINE_WINDOW] for line in lines]
    if not all(map(str.isascii, lines)):
        lines = [TOOL_SPINNER.sub("", line) if line and "\u2800" <= line[0] <= "\u28ff" else line for line in lines]
    return list(map(str.rstrip, lines))


def problem(line: str) -> bool:
    """The line reports a problem in words (error, failed, warning, cannot, ...)."""
    low = line.lower()
    hint = TOOL_PROBLEM_HINT.search(low)
    # Every TOOL_PROBLEM match holds a hint word, starting on it or one letter before it
    # (`[a-z]error`): the search starts there, not at the line start.
    return hint is not None and TOOL_PROBLEM.search(low, max(0, hint.start() - 1)) is not None


#: TOOL_PROBLEM_HINT is the alternation of these words: a line `problem` accepts holds one.
PROBLEM_WORDS = tuple(TOOL_PROBLEM_HINT.pattern.split("|"))


# ---------------------------------------------------------------- the three questions

LABEL = FirstCharDispatch([
    ("keep", TOOL_SUMMARY), ("done", TOOL_PROGRESS_DONE), ("odd", TOOL_RESULT_ODD),
    ("pass", TOOL_PASS), ("chatter", TOOL_CHATTER),
])

#: Where a failure block may open (toolout._mark_blocks says how far it runs).
BLOCK_STARTS = (
    TOOL_PYTEST_SECTION, TOOL_PYTEST_BLOCK, TOOL_TRACEBACK, TOOL_UNITTEST_BLOCK, TOOL_JEST_BLOCK,
    TOOL_MOCHA_FAILING, TOOL_TSC_ERRORS_FILES, TOOL_NODE_FAILING_TESTS, TOOL_TAP_OK, TOOL_GO_FAIL, TOOL_TAP_NOT_OK,
    TOOL_NODE_FAIL, TOOL_GO_PANIC, TOOL_CARGO_STDOUT, TOOL_CARGO_FAILURES, TOOL_CMAKE_ERROR,
    TOOL_PIP_ERROR, TOOL_JS_ERROR, TOOL_RSPEC_FAILURES, TOOL_GRADLE_WRONG, TOOL_VITEST_FAIL, TOOL_CTEST_FAIL,
    TOOL_VALGRIND_RECORD, TOOL_SANITIZER_REPORT, TOOL_GTEST_FAILURE, TOOL_RUST_PANIC,
)
BLOCK_START = FirstCharDispatch([(f"b{k}", pat) for k, pat in enumerate(BLOCK_STARTS)])

FINDING_START = FirstCharDispatch([(f"f{k}", pat) for k, pat in enumerate(FINDING_STARTS)])
#: Keyed by the index in FINDING_STARTS too: `s{k}` names FINDING_STARTS[k] (or part of it).
FINDING_START_SPACED = FirstCharDispatch([(f"s{k}", pat) for k, pat in FINDING_STARTS_SPACED])


def spaced(s: str) -> bool:
    """The line holds a space or tab but no ": ": FINDING_START_SPACED answers for it."""
    return ": " not in s and (" " in s or "\t" in s)


def label_of(s: str, kind: str | None) -> str:
    """The line's label, given LABEL.match(s)."""
    if kind is None:  # the common case, answered with the fewest tests (same answer as below)
        if s.endswith("100% done") or (("..." in s or "# " in s) and TOOL_RESULT_ODD_END.search(s[-200:])) or (
            ("dumped" in s or "fault" in s) and TOOL_SUMMARY_ANYWHERE.search(s)
        ):
            return KEEP
        if s.isascii() or not TOOL_PROGRESS_BAR.search(s):
            return OTHER
    if kind in ("keep", "done", "odd") or s.endswith("100% done") or (
        ("..." in s or "# " in s) and TOOL_RESULT_ODD_END.search(s[-200:])
    ) or (("dumped" in s or "fault" in s) and TOOL_SUMMARY_ANYWHERE.search(s)):
        return KEEP
    if kind == "pass":
        return PASS
    # TOOL_PROGRESS_BAR's characters are all outside ASCII (and str.isascii is O(1))
    # (go test's `=== RUN   TestParseError` names a test, an identifier: no problem in words)
    if (kind == "chatter" or (not s.isascii() and TOOL_PROGRESS_BAR.search(s))) and (s[:4] == "=== " or not problem(
        " ".join(t for t in s.split() if "/" not in t and "." not in t)
    )):
        return CHATTER
    return OTHER


def plain_verdicts(s: str) -> tuple[str, bool, int]:
    """A line's label, whether a failure block may open on it, and the index in FINDING_STARTS
    of the first pattern matching it (-1: none), from each dispatch's own match()."""
    key = (FINDING_START_SPACED if spaced(s) else FINDING_START).match(s)
    return label_of(s, LABEL.match(s)), BLOCK_START.match(s) is not None, -1 if key is None else int(key[1:])


#: The verdicts of most lines.
NOTHING = (OTHER, False, -1)
_DISPATCHES = (LABEL, BLOCK_START, FINDING_START, FINDING_START_SPACED)
#: A bucket's literal gate: whether a line holds one of the strings every line the bucket
#: matches holds (None: no gate, always ask).
Gate = "Callable[[str], bool] | None"
#: Per dispatch, its bucket and the bucket's gate: (label, its gate, block, its gate, ...).
Buckets = tuple["re.Pattern[str] | Gate", ...]
#: A line's first character (never white space) → the buckets and gates line_verdicts asks.
_BUCKETS: dict[str, Buckets] = {}
#: An indented line's first non-blank character → the same.
_INDENTED: dict[str, Buckets] = {}
#: A bucket match's last group → its dispatch's key (LABEL) or the FINDING_STARTS index.
_KIND: dict[str, str] = {}
_FIRST: dict[str, int] = {}


def _buckets_of(s: str) -> Buckets:
    if s[:1].isspace():
        c = s.lstrip()[:1]
        got = _INDENTED.get(c)
        if got is None:
            # the gate may not lean on the first character: it is white space of any width
            got = _INDENTED[c] = _gated(tuple(_lean(d.bucket(s)) for d in _DISPATCHES), "")
        return got
    got = _BUCKETS[s[:1]] = _gated(tuple(_lean(d.bucket(s)) for d in _DISPATCHES), s[:1])
    return got


def _gated(buckets: tuple["re.Pattern[str] | None", ...], first: str) -> Buckets:
    """Each bucket followed by its literal gate for lines starting with `first` ("": any)."""
    return tuple(x for rx in buckets for x in (rx, _never if rx is None else _holds_any(literal_gate(rx, first))))


def _never(s: str) -> bool:
    return False


def _holds_any(strings: "tuple[str, ...] | None") -> Gate:
    """`lambda s: "a" in s or "b" in s`: a line's test costs a call and a find per string,
    where any(map(s.__contains__, strings)) costs three times that."""
    if strings is None:
        return None
    # the strings are the regex's own literals, written back with repr: nothing else is run
    return eval("lambda s: " + " or ".join(f"{t!r} in s" for t in strings))  # noqa: S307


# ---------------------------------------------------------------- literal gates

#: A gate of more strings than this costs about what the regex call it would spare (callgrind,
#: terminal corpus: 6 -> 12 strings saved 16M instructions, 12 -> 24 another 3M).
GATE_MAX = 12
_REPEATS = {sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, getattr(sre_c, "POSSESSIVE_REPEAT", sre_c.MAX_REPEAT)}
_ATOMIC = getattr(sre_c, "ATOMIC_GROUP", object())  # Python 3.11+
_ZERO_WIDTH = {sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT}
#: (rank, strings): every match holds one of the strings. Rank 0: a run at the match's start,
#: which a line of the bucket's first character mostly holds anyway; 1: any other.
Need = tuple[int, frozenset[str]]


def literal_gate(rx: "re.Pattern[str]", first: str) -> "tuple[str, ...] | None":
    """Strings one of which every match of `rx` (tried with match()) on a line starting with
    `first` holds ("": a line starting with anything); None where no such short set is found.
    Read from the regex parser: a run of literals the match must pass through, or one per
    branch of an alternation each branch must pass through (see `_needs`)."""
    if rx.flags & re.I:
        return None
    key = line_key(first) if first and not first.isspace() else None
    best = _best(_needs(sre_parse.parse(rx.pattern, rx.flags).data, key))
    if best is None or len(best[1]) > GATE_MAX:
        return None
    # a string holding another of the set adds nothing: a line holding it holds the other
    strings = sorted(best[1], key=lambda t: (len(t), t))
    return tuple(t for k, t in enumerate(strings) if not any(u in t for u in strings[:k]))


def _best(needs: list[Need]) -> Need | None:
    """The need most likely to rule a line out, and cheapest to test: not at the start, no
    string shorter than 3 (`: `, ` ` are in most lines), fewest strings, its shortest one longest."""
    return max(needs, key=lambda need: (need[0], min(3, *map(len, need[1])), -len(need[1]), min(map(len, need[1]))),
               default=None)


def _needs(seq: list, first: str | None) -> list[Need]:
    """What every match of `seq` holds (see Need). `first`: the key (toolout_dispatch.line_key)
    of the line's first character when seq is tried at the line's start, else None."""
    items = list(seq)
    out: list[Need] = []
    run: list[str] = []
    run_rank = 1
    for k, (op, av) in enumerate(items):
        if op is sre_c.LITERAL:
            if not run:
                run_rank = 0 if first is not None else 1
            run.append(chr(av))
            first = None
            continue
        if run:
            out.append((run_rank, frozenset({"".join(run)})))
            run = []
        if op in _ZERO_WIDTH:
            continue  # matches no text: the next element starts where this one did
        if op is sre_c.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            if not add_flags & re.I:
                out.extend(_needs(sub, first))
        elif op is sre_c.BRANCH:
            each = [_best(_needs(branch, first)) for branch in av[1]]
            if all(each):
                out.append((min(r for r, _ in each), frozenset().union(*(s for _, s in each))))
        elif op in _REPEATS:
            if av[0] >= 1:
                out.extend(_needs(av[2], first))
            elif first is not None:
                # `(\S+\.py )?[.sx]+` on a line starting with `t`: what follows the optional part
                # cannot start the match, so the match starts with the optional part.
                keys, nullable = _first(items[k + 1:], False)
                if not nullable and first not in keys:
                    out.extend(_needs(av[2], first))
        elif op is _ATOMIC:
            out.extend(_needs(av, first))
        elif op is sre_c.IN and av and all(o is sre_c.LITERAL for o, _ in av):
            out.append((1, frozenset(chr(a) for _, a in av)))
        first = None
    if run:
        out.append((run_rank, frozenset({"".join(run)})))
    return out


#: A bucket → the same regex with only the groups line_verdicts reads (see _lean).
_LEAN: dict["re.Pattern[str]", "re.Pattern[str]"] = {}
#: The name of a group that says which pattern matched (`key__r12` closes a run of one key's
#: alternatives, `key__12` wraps one): the groups inside an alternative are `key__12__name`.
_KEY_GROUP = re.compile(r"[^\W_]\w*?__r?\d+")


def _lean(rx: "re.Pattern[str] | None") -> "re.Pattern[str] | None":
    """The bucket with every capturing group made non-capturing but those naming a key (and
    any a backreference reads): a group changes neither whether nor where a regex matches, so
    the same alternative matches and its key group is still the last to close (the match's
    lastgroup, all line_verdicts reads). The engine then saves and restores a few marks at each
    branch instead of some fifty, and tries an alternative no longer opening with a group by
    its first character alone."""
    if rx is None:
        return None
    got = _LEAN.get(rx)
    if got is None:
        source = _uncaptured(rx.pattern)
        got = _LEAN[rx] = rx if source is None else re.compile(source, rx.flags)
    return got


def _uncaptured(src: str) -> str | None:
    """`src` with its capturing groups but the key groups and backreferenced ones made
    non-capturing; None where a numbered reference or a conditional could read a number."""
    if "(?(" in src:
        return None
    kept = set(re.findall(r"\(\?P=(\w+)\)", src))
    out: list[str] = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c == "\\":
            if src[i + 1:i + 2].isdigit() or src[i + 1:i + 2] == "g":
                return None  # a numbered backreference (or octal escape): keep every number
            out.append(src[i:i + 2])
            i += 2
        elif c == "[":  # a class: its `(` are characters
            end = _class_end(src, i)
            if end is None:
                return None
            out.append(src[i:end])
            i = end
        elif src.startswith("(?P<", i):
            end = src.index(">", i)
            name = src[i + 4:end]
            out.append(src[i:end + 1] if name in kept or _KEY_GROUP.fullmatch(name) else "(?:")
            i = end + 1
        elif c == "(" and not src.startswith("(?", i):
            out.append("(?:")
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def line_verdicts(s: str) -> tuple[str, bool, int]:
    """plain_verdicts(s), with the buckets looked up once per line; NOTHING itself for most."""
    got = _BUCKETS.get(s[:1])
    if got is None:
        # an indented line's buckets, known ones looked up inline (a third of a run's lines)
        got = (_INDENTED.get(s.lstrip()[:1]) if s[:1].isspace() else None) or _buckets_of(s)
    label_rx, label_gate, block_rx, block_gate, finding_rx, finding_gate, spaced_rx, spaced_gate = got
    # a bucket is asked only when the line holds a string of its gate (its regex cannot match
    # a line holding none): a few C-level finds instead of a regex call for most lines
    block = (block_gate is None or block_gate(s)) and block_rx.match(s) is not None
    if ": " not in s and (" " in s or "\t" in s):  # spaced(s), inline
        finding_rx, finding_gate = spaced_rx, spaced_gate
    m = finding_rx.match(s) if finding_gate is None or finding_gate(s) else None
    if m is None:
        first = -1
    else:
        first = _FIRST.get(m.lastgroup, -1)
        if first < 0:
            first = _FIRST[m.lastgroup] = int(FINDING_START.key_of(m)[1:])
    m = label_rx.match(s) if label_gate is None or label_gate(s) else None
    if m is None:
        # label_of(s, None) for most lines, inline: none of its words, ASCII
        if s.isascii() and not s.endswith("100% done") and "..." not in s and "# " not in s and (
            "dumped" not in s and "fault" not in s
        ):
            label = OTHER
        else:
            label = label_of(s, None)
        if label == OTHER and not block and first < 0:
            return NOTHING
        return label, block, first
    kind = _KIND.get(m.lastgroup)
    if kind is None:
        kind = _KIND[m.lastgroup] = LABEL.key_of(m)
    return label_of(s, kind), block, first


#: scan deduplicates the lines when at least 1 in REPEATS_MIN of the first PROBE repeat.
PROBE = 512
REPEATS_MIN = 8


def scan(norm: list[str], cls: list[str]) -> tuple[list[int], dict[int, int]]:
    """One pass over the lines: each line's label (into cls, where not OTHER), the lines where a
    failure block may open, and the lines where a finding may start with the index in
    FINDING_STARTS of the first pattern matching each. Tool output repeats itself (gutters,
    `PASS` rows, excerpts): each distinct line is asked once, and the lines with a verdict other
    than NOTHING are found in C. Where the first PROBE lines hardly repeat (a log: every line
    has its own time stamp, or a run's PASSED rows), every line is asked: deduplicating would
    cost more than it saves."""
    if len(set(norm[:PROBE])) * REPEATS_MIN >= min(len(norm), PROBE) * (REPEATS_MIN - 1):
        verdicts = list(map(line_verdicts, norm))
    else:
        distinct = list(dict.fromkeys(norm))
        verdict_of = dict(zip(distinct, map(line_verdicts, distinct)))
        verdicts = list(map(verdict_of.__getitem__, norm))
    block_starts: list[int] = []
    finding_starts: dict[int, int] = {}
    for i in compress(range(len(norm)), map(is_not, verdicts, repeat(NOTHING))):
        label, block, first = verdicts[i]
        if label != OTHER:
            cls[i] = label
        if block:
            block_starts.append(i)
        if first >= 0:
            finding_starts[i] = first
    return block_starts, finding_starts
