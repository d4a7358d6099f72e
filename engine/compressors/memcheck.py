"""Memory checkers' reports are error records: each is kept whole.

Valgrind prefixes every line with `==PID==`; one record runs from a headline (one space after
the prefix) through the lines indented under it. A record holding a stack (`at 0x…`/`by 0x…`)
is an error (`Invalid read of size 4`, `Conditional jump or move depends on uninitialised
value(s)`) or a leak (`… are definitely lost in loss record 3 of 20`): its headline, its
`Address … alloc'd` notes and its frames are kept together, since a headline without its stack,
or a stack without its headline, does not say where the bug is. Banners and summaries carry no
stack and are left to the usual rules.

The sanitizers print a stack per fact (`#0 0x… in f file:line` …) under the line that says what
it is of (`Direct leak of 40 byte(s) …`, `freed by thread T0 here:`): that line and the stack are
kept. Two leaks that differ only in their digits (`leak3 many.c:12`, `leak7 many.c:20`) are two
bugs, which the look-alike rule would otherwise fold into one.
"""
from __future__ import annotations

from engine.patterns import (
    ELISION_MARKER, SANITIZER_FIRST_FRAME, SANITIZER_FRAME, SANITIZER_LEGEND_HEAD, SANITIZER_LEGEND_ROW,
    SANITIZER_SHADOW_ROW, VALGRIND_ANYWHERE, VALGRIND_LINE, VALGRIND_RECORD_FRAME,
)


def must_keep(lines: list[str], joined: str | None = None) -> list[bool]:
    """Which lines belong to a memory checker's error or leak record. `joined`: the lines
    joined by newlines, when the caller has them."""
    keep = [False] * len(lines)
    text_has = "\n".join(lines) if joined is None else joined
    if (text_has.startswith("==") or "\n==" in text_has) and VALGRIND_ANYWHERE.search(text_has):
        _valgrind_records(lines, keep)
    if "#0 " in text_has:
        _sanitizer_stacks(lines, keep)
    return keep


def _valgrind_records(lines: list[str], keep: list[bool]) -> None:
    start: int | None = None  # the current record's headline
    has_stack = False

    def close(end: int) -> None:
        if start is not None and has_stack:
            for k in range(start, end):
                keep[k] = True

    for i, line in enumerate(lines):
        if start is not None and ELISION_MARKER.search(line):
            continue  # frames.fold_recursion's marker stands for frames of this record
        m = VALGRIND_LINE.match(line) if line.startswith("==") else None
        if m is None or not m[2]:  # not valgrind's, or its blank `==PID== `: the record ends
            close(i)
            start, has_stack = None, False
            continue
        if len(m[1]) == 1:  # a headline opens the next record
            close(i)
            start, has_stack = i, False
        elif start is not None and VALGRIND_RECORD_FRAME.match(line):
            has_stack = True
    close(len(lines))


def _sanitizer_stacks(lines: list[str], keep: list[bool]) -> None:
    n = len(lines)
    for i, line in enumerate(lines):
        if "#0 " not in line or not SANITIZER_FIRST_FRAME.match(line):
            continue
        if i > 0 and lines[i - 1].strip():
            keep[i - 1] = True
        j = i
        while j < n and (j == i or SANITIZER_FRAME.match(lines[j]) or ELISION_MARKER.search(lines[j])):
            keep[j] = True
            j += 1


def boilerplate(lines: list[str], joined: str | None = None) -> list[bool]:
    """AddressSanitizer's shadow-memory rows (the `=>` one, at the bad address, is left to the usual
    rules) and the rows of its shadow-byte legend: the same under every report, droppable."""
    drop = [False] * len(lines)
    if SANITIZER_LEGEND_HEAD not in ("\n".join(lines) if joined is None else joined):  # most output has none
        return drop
    in_legend = False
    for i, line in enumerate(lines):
        if line.startswith(SANITIZER_LEGEND_HEAD):
            in_legend = True
            continue
        if in_legend and SANITIZER_LEGEND_ROW.match(line):
            drop[i] = True
            continue
        in_legend = False
        drop[i] = SANITIZER_SHADOW_ROW.match(line) is not None
    return drop
