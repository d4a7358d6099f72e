"""Rust backtraces in tool output: the standard library's frames are counted, the crate's stay.

`RUST_BACKTRACE=1` prints each frame as a numbered symbol line and (usually) an `at path:L:C`
line. Frames under `/rustc/<commit>/library/` (std, core, alloc, the test harness) say nothing
about the user's bug and make up most of a backtrace: they become LIB_FRAME (droppable, counted
in the marker as std/core backtrace frame lines). The panic message and every other frame (the
crate's own, a dependency's under `~/.cargo/registry`) are kept.
"""
from __future__ import annotations

from engine.patterns import TOOL_RUST_FRAME, TOOL_RUST_FRAME_AT, TOOL_RUST_STD_SYMBOL

KEEP = "keep"
#: A standard-library frame of a backtrace: counted, not shown.
LIB_FRAME = "libframe"
#: The line that opens a Rust backtrace.
BACKTRACE_HEAD = "stack backtrace:"


def _std_frame(norm: list[str], k: int, end: int) -> int:
    """How many lines (0, 1 or 2) the frame at line k spans when it is one of the standard
    library's: source under `/rustc/<commit>/`, or no source line and a std/core symbol."""
    m = TOOL_RUST_FRAME.match(norm[k])
    if m is None:
        return 0
    at = TOOL_RUST_FRAME_AT.match(norm[k + 1]) if k + 1 < end else None
    if at is not None:
        return 2 if at.group("path").startswith("/rustc/") else 0
    return 1 if TOOL_RUST_STD_SYMBOL.match(m.group("sym")) else 0


def _fold_frames(norm: list[str], cls: list[str], in_block: list[bool], k: int, end: int) -> int:
    """Label the frames from line k on (up to end); return where they stop."""
    while k < end and TOOL_RUST_FRAME.match(norm[k]):
        span = _std_frame(norm, k, end)
        if span:
            for m in range(k, k + span):
                cls[m] = LIB_FRAME
                in_block[m] = False
            k += span
        else:  # the crate's own frame (or a dependency's), with its source line
            span = 2 if k + 1 < end and TOOL_RUST_FRAME_AT.match(norm[k + 1]) else 1
            for m in range(k, k + span):
                cls[m] = KEEP
            k += span
    return k


def fold_backtraces(norm: list[str], cls: list[str], in_block: list[bool], start: int, end: int,
                    outside_blocks: bool = False) -> None:
    """Label the frames of each backtrace whose `stack backtrace:` line is in start..end-1 (with
    `outside_blocks`, only those no failure block holds: a cargo block folds its own). The head
    lines are found by list.index, in C: most output has none."""
    k = start
    while True:
        try:
            k = norm.index(BACKTRACE_HEAD, k, end)
        except ValueError:
            return
        if outside_blocks and in_block[k]:
            k += 1
            continue
        if outside_blocks:
            cls[k] = KEEP
        k = _fold_frames(norm, cls, in_block, k + 1, end)
