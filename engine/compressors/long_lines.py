"""Opaque long lines: minified JavaScript and CSS (`cat jquery.min.js`), a base64 string
printed without wrapping (`base64 -w0`), a source map's mappings.

Such a line is tens of kilobytes with almost no spaces; the text reader works by lines and
sections, so it kept the one line whole (90 KB of `function(e,t){…}`) or the whole output went
through. What an agent reads there is the banner and how the line starts and ends; the middle
becomes one marker that counts the characters it held. Every other line stays.

Pure: `fold(text)` → the folded text, or None when no line qualifies.
"""
from __future__ import annotations

from engine.compressors.lines import marker_text

#: A line this long or longer may be folded (a long prose paragraph is a few kilobytes).
LONG_LINE = 4096
#: At most this share of its characters are spaces (minified code: 1-3%; prose: 15%+).
MAX_SPACE_SHARE = 0.04
#: Code and base64 use dozens of characters; a line of one character repeated is neither.
MIN_DISTINCT_CHARS = 16
#: Characters kept at the start and at the end of a folded line.
HEAD_CHARS, TAIL_CHARS = 600, 200
#: How far back (forward, for the tail) a cut looks for a statement or rule boundary.
BOUNDARY_WINDOW = 120
_BOUNDARIES = ";},"


def fold(text: str) -> str | None:
    if len(text) < LONG_LINE:
        return None
    lines = text.split("\n")
    folded = False
    for i, line in enumerate(lines):
        if len(line) >= LONG_LINE and line.count(" ") <= MAX_SPACE_SHARE * len(line) \
                and len(set(line[:LONG_LINE])) >= MIN_DISTINCT_CHARS:
            lines[i] = _fold_line(line)
            folded = True
    return "\n".join(lines) if folded else None


def _fold_line(line: str) -> str:
    head_end = _boundary_before(line, HEAD_CHARS)
    tail_start = _boundary_after(line, len(line) - TAIL_CHARS)
    said = f"the middle of one {len(line)}-character line (minified code or encoded data)"
    return f"{line[:head_end]} {marker_text(tail_start - head_end, 'characters', said)} {line[tail_start:]}"


def _boundary_before(line: str, at: int) -> int:
    """The end of a statement or rule at or before `at` (within BOUNDARY_WINDOW), else `at`."""
    best = max(line.rfind(c, at - BOUNDARY_WINDOW, at) for c in _BOUNDARIES)
    return best + 1 if best >= 0 else at


def _boundary_after(line: str, at: int) -> int:
    """The start of a statement or rule at or after `at` (within BOUNDARY_WINDOW), else `at`."""
    found = [p for p in (line.find(c, at, at + BOUNDARY_WINDOW) for c in _BOUNDARIES) if p >= 0]
    return min(found) + 1 if found else at
