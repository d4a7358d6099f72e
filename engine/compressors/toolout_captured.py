"""A test's own output inside a runner's report: read like a log, never kept whole.

pytest prints what a failing test wrote under `---- Captured stdout call ----` (stdout, stderr,
log × setup, call, teardown) inside its failure block; jest prints each `console.log` call as a
block whose `at` line is the call site. That output is the test's, not the failure's: a test
that logs 400 lines would otherwise make its failure block 400 lines long (and an agent's
harness cuts a long result before the summary). So these lines are not part of the failure
block: their error, warning and traceback lines are kept like any other line's, and the rest is
left to keepNonRedundant, which elides near-duplicates with counted markers.
"""
from __future__ import annotations

from collections.abc import Iterable

from engine.patterns import TOOL_JEST_CONSOLE, TOOL_PYTEST_CAPTURED, TOOL_PYTEST_RULE

#: jest console methods whose block reports a problem: their `at` lines stay stack frames.
JEST_PROBLEM_METHODS = frozenset({"warn", "error", "trace", "assert"})


def pytest_captured(norm: list[str], start: int, end: int) -> list[tuple[int, int]]:
    """The (first, stop) line ranges of captured-output bodies in norm[start:end], headers
    excluded. A body runs to the next pytest rule line (another captured header, the next
    test's `____ t ____`, a `==== section ====`) or `end`."""
    ranges: list[tuple[int, int]] = []
    k = start
    while k < end:
        if norm[k][:1] == "-" and TOOL_PYTEST_CAPTURED.match(norm[k]):
            j = k + 1
            while j < end and not (norm[j][:1] in "-_=" and TOOL_PYTEST_RULE.match(norm[j])):
                j += 1
            if j > k + 1:
                ranges.append((k + 1, j))
            k = j
        else:
            k += 1
    return ranges


def jest_quiet_frames(norm: list[str], holding: Iterable[int] | None = None) -> set[int]:
    """Lines inside jest `console.log` / `info` / `debug` ... blocks: their `at` line names the
    call site, so it is not a stack frame an agent must see. `holding`: the lines that may hold
    `console.` (a superset, e.g. from a LineScan's word scan); default: every line."""
    quiet: set[int] = set()
    n = len(norm)
    for i in range(n) if holding is None else holding:
        s = norm[i]
        if "console." not in s:
            continue
        m = TOOL_JEST_CONSOLE.match(s)
        if m is None or m["method"] in JEST_PROBLEM_METHODS:
            continue
        base = len(m.group(1))
        j = i + 1
        while j < n:
            t = norm[j]
            if t.strip() and len(t) - len(t.lstrip()) <= base:
                break
            j += 1
        quiet.update(range(i + 1, j))
    return quiet
