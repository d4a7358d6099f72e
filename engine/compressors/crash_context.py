"""The record a run printed last before it crashed.

A run cut short by an uncaught exception or a panic ends in its traceback, and the line just
before that says how far it got (`processed 570 records`, the test that was running). The
traceback stays; without this rule that one line went into the marker above it.
"""
from __future__ import annotations

from engine.patterns import CRASH_HEAD

#: Lines at the very end that need not be kept for the crash to end the output (a shell's
#: `exit status 1`, a blank line).
TRAILING = 2


def last_record_before_crash(lines: list[str], kept: list[bool]) -> int | None:
    """The index of the last non-blank line before the crash report that ends `lines`, when that
    report is kept and the line is not; None when the output does not end in a kept crash."""
    start = len(lines)
    # blank lines stand inside a crash report (Go's after `panic:`, Python's between chained
    # tracebacks) and are rarely kept themselves
    while start > 0 and (kept[start - 1] or start > len(lines) - TRAILING or not lines[start - 1].strip()):
        start -= 1
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start == len(lines) or not kept[start] or not CRASH_HEAD.match(lines[start]):
        return None
    before = start - 1
    while before >= 0 and not lines[before].strip():
        before -= 1
    return None if before < 0 or kept[before] else before
