"""gdb's `bt` / `bt full`: every frame line stays, so a crash's call chain is never sampled
(text sections of look-alike frames were elided as "4 sections", naming none). Under `bt full`
each frame's locals (the indented lines under it) stay too while the backtrace is short; a
deep one keeps its frame lines and lets the locals be elided. A recursion thousands of frames
deep is folded before this (frames.fold_recursion_kept).

Gated by a literal (`#1 ` at a line start); the frame pattern is tried only on lines that
start with `#`."""
from __future__ import annotations

from collections.abc import Sequence

from engine.patterns import GDB_FRAME

HINT = "\n#1 "
#: Frames up to which `bt full`'s locals stay with their frame.
LOCALS_FRAMES = 32


def backtrace_lines(lines: Sequence[str]) -> list[int]:
    """Indices of the frame lines and, for a short backtrace, of their locals."""
    frames = [i for i, ln in enumerate(lines) if ln.startswith("#") and GDB_FRAME.fullmatch(ln.rstrip())]
    if not frames:
        return []
    keep = list(frames)
    if len(frames) <= LOCALS_FRAMES:
        for i in frames:
            j = i + 1
            while j < len(lines) and lines[j].startswith((" ", "\t")) and lines[j].strip():
                keep.append(j)
                j += 1
    return sorted(set(keep))
