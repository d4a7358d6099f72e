"""A server log's Python tracebacks that repeat the frames of one shown above.

A web server (Flask's and Django's dev servers, uvicorn, gunicorn, a Celery worker) logs the
whole traceback of every failing request. The same bug hit by twenty requests prints the same
frames twenty times, the exception line alone differing (`KeyError: 51`, `KeyError: 52`), and
a log's record-level fold (log.fold_repeats) cannot fold them: each record's last line differs,
and the dev servers log the request line after the traceback, so records do not line up.

`fold_repeated_tracebacks` unflags the `Traceback (most recent call last):` header and the
frame lines of each traceback whose header and frames equal, line for line, those of a
traceback earlier in the log; its exception line (and anything after it) stays flagged, so
every distinct error message is still shown. The first traceback with those frames is left as
it is, whole. Only service logs are asked (test output keeps every flagged line).
"""
from __future__ import annotations

from engine.compressors.lines import marker_text
from engine.patterns import RICH_FRAME_HEADER, RICH_TRACEBACK_TITLE

TRACEBACK_HEAD = "Traceback (most recent call last):"


def fold_repeated_tracebacks(bare: list[str], important: list[bool], repeats: list[bool],
                             joined: str) -> None:
    """Unflag (and mark in `repeats`) the repeated tracebacks' headers and frames; the caller
    must not bring them back as samples: an identical traceback is shown above."""
    if joined.count(TRACEBACK_HEAD) < 2:  # one C-speed count settles most logs
        return
    n = len(bare)
    seen: set[tuple[str, ...]] = set()
    i = 0
    while i < n:
        line = bare[i]
        if not (line.endswith(TRACEBACK_HEAD) and line.strip() == TRACEBACK_HEAD and important[i]):
            i += 1
            continue
        # The frames: the indented lines under the header (`  File ...`, the source line, the
        # carets); the first line not indented is the exception line.
        j = i + 1
        while j < n and bare[j][:1] in (" ", "\t") and bare[j].strip():
            j += 1
        if j == i + 1 or j >= n:
            i = j
            continue
        key = tuple(bare[i:j])
        if key in seen:
            if all(important[i:j]):  # a traceback only partly flagged is left to the other rules
                for k in range(i, j):
                    important[k] = False
                    repeats[k] = True
        else:
            seen.add(key)
        i = j


def rich_frame_lines(bare: list[str], joined: str) -> list[int]:
    """The frame locations (`│ /src/app.py:18 in process │`) of rich's boxed tracebacks
    (RichHandler(rich_tracebacks=True)): they say where each frame is, as `File "…", line N`
    does in a plain traceback, and are kept as it is (repeats fold like any error line)."""
    if RICH_TRACEBACK_TITLE not in joined:
        return []
    found: list[int] = []
    n = len(bare)
    i = 0
    while i < n:
        if RICH_TRACEBACK_TITLE not in bare[i]:
            i += 1
            continue
        i += 1
        while i < n and bare[i].lstrip()[:1] == "│":  # the box's rows, to its `╰──╯`
            if RICH_FRAME_HEADER.match(bare[i]):
                found.append(i)
            i += 1
    return found


GROUP_HEAD = "Exception Group " + TRACEBACK_HEAD
_GUTTER = " \t|+"
#: Fewer frame lines than this are shown again rather than replaced by a marker as long.
MIN_FOLDED = 3
#: What every marker holds: frames holding one already stand for lines not shown (a folded
#: recursion), and a second marker over them would count those lines wrong.
_MARKED = " elided (caveman)"


def fold_repeated_frames_kept(text: str) -> tuple[str, list[int]] | None:
    """A program's output (not a log: `Exception in thread Worker-9:`, asyncio's `Task exception
    was never retrieved`) with the frames of each traceback that repeats, line for line, the
    frames of an earlier traceback replaced by one marker; the header, the exception line and
    everything else stay, so every distinct error message is still shown. Returns the folded
    text and the indices of the lines a compressor keeps (each marker, and the header and frames
    of each traceback shown whole), or None when nothing folds."""
    if text.count(TRACEBACK_HEAD) < 2:  # one C-speed count settles most texts
        return None
    lines = text.split("\n")
    n = len(lines)
    seen: set[tuple[str, ...]] = set()
    out: list[str] = []
    kept: list[int] = []
    folded = False
    i = 0
    while i < n:
        line = lines[i]
        out.append(line)
        # an ExceptionGroup's sub-tracebacks are drawn in a `|` gutter (`+` at the top one)
        body = line.lstrip(_GUTTER)
        if TRACEBACK_HEAD not in line or body.rstrip() not in (TRACEBACK_HEAD, GROUP_HEAD):
            i += 1
            continue
        depth = len(line) - len(body)
        j = i + 1
        while j < n and lines[j].strip(_GUTTER + "\r") and len(lines[j]) - len(lines[j].lstrip(_GUTTER)) > depth:
            j += 1
        frames = tuple(ln.rstrip("\r") for ln in lines[i + 1:j])
        count = sum(1 for ln in frames if ln.lstrip(_GUTTER).startswith('File "'))
        if count and j < n and j - i > MIN_FOLDED and frames in seen and not any(_MARKED in ln for ln in frames):
            first = lines[i + 1]
            cr = "\r" if line.endswith("\r") else ""
            kept.append(len(out))
            said = f"the same {count} frame{'s' if count != 1 else ''} as an earlier traceback"
            out.append(first[:len(first) - len(first.lstrip(_GUTTER))] + marker_text(j - i - 1, "lines", said) + cr)
        else:
            seen.add(frames)
            if count:  # a traceback shown: its header and frames stay whole, as the copies refer to it
                kept.extend(range(len(out) - 1, len(out) + j - i - 1))
            out.extend(lines[i + 1:j])
            i = j
            continue
        folded = True
        i = j
    return ("\n".join(out), kept) if folded else None
