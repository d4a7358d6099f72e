"""Failure blocks of native test runners and checkers in tool output: ctest, GoogleTest, Rust
panics printed inline, sanitizers and valgrind.

`native_block(norm, cls, in_block, i)` marks the block opening at line i when one of these
opens there and returns where it ends (None: none opens there; toolout's other rules decide).
Each block is one failure: a ctest row that did not pass with the test's output, a GoogleTest
assertion with its expectation lines, a panic with its message, a sanitizer report through its
SUMMARY line, a valgrind record through its frames. ASan's shadow-memory map and legend after a
report are SHADOW_MAP: droppable, counted in the marker.
"""
from __future__ import annotations

from engine.compressors.toolout_scan import CHATTER, KEEP, PASS
from engine.patterns import (
    TOOL_CTEST_FAIL,
    TOOL_CTEST_NEXT,
    TOOL_GTEST_FAILURE,
    TOOL_RUST_PANIC,
    TOOL_SANITIZER_REPORT,
    TOOL_SANITIZER_SUMMARY,
    TOOL_VALGRIND_RECORD,
)

#: A sanitizer's shadow-memory map and legend: counted, not shown.
SHADOW_MAP = "shadowmap"
#: Where an inline panic's message ends (besides a blank line): its backtrace or note, the next
#: test row, panic or captured-output header.
_PANIC_STOP = ("test ", "thread '", "---- ", "stack backtrace:", "note: ")


def _mark(cls: list[str], in_block: list[bool], start: int, end: int) -> None:
    for k in range(start, end):
        cls[k] = KEEP
        in_block[k] = True


def native_block(norm: list[str], cls: list[str], in_block: list[bool], i: int) -> int | None:
    s, n, end = norm[i], len(norm), i + 1
    if TOOL_CTEST_FAIL.match(s):
        # the failing test's row and (--output-on-failure) its output; a passing or progress
        # row of that output (a GoogleTest binary's `[ RUN ]`, `[ OK ]`) stays droppable
        while end < n and not TOOL_CTEST_NEXT.match(norm[end]):
            end += 1
        for k in range(i, end):
            if cls[k] not in (PASS, CHATTER):
                cls[k] = KEEP
            in_block[k] = True
        return end
    if TOOL_RUST_PANIC.match(s):
        while end < n and norm[end] and not norm[end].startswith(_PANIC_STOP):
            end += 1
    elif TOOL_GTEST_FAILURE.match(s):
        while end < n and not norm[end].startswith("[") and not TOOL_GTEST_FAILURE.match(norm[end]):
            end += 1
    elif TOOL_SANITIZER_REPORT.match(s):
        while end < n and not TOOL_SANITIZER_SUMMARY.match(norm[end]) and not TOOL_SANITIZER_REPORT.match(norm[end]):
            end += 1
        if end < n and TOOL_SANITIZER_SUMMARY.match(norm[end]):
            end += 1
        _mark(cls, in_block, i, end)
        return _label_shadow_map(norm, cls, end)
    elif TOOL_VALGRIND_RECORD.match(s):
        # through the record's frames, up to its blank `==pid==` line or the program's own output
        pid = s[:s.index("== ") + 3]
        while end < n and norm[end].startswith(pid):
            end += 1
    else:
        return None
    _mark(cls, in_block, i, end)
    return end


def _label_shadow_map(norm: list[str], cls: list[str], i: int) -> int:
    """ASan's shadow-memory dump and its fixed legend after a report's SUMMARY line: the same
    ~35 lines under every report, none of them the error. Returns where they end."""
    if i >= len(norm) or norm[i] != "Shadow bytes around the buggy address:":
        return i
    end = i + 1
    while end < len(norm) and (norm[end].startswith(("  ", "=>")) or norm[end].startswith("Shadow byte legend")):
        end += 1
    for k in range(i, end):
        cls[k] = SHADOW_MAP
    return end
