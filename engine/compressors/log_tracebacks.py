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
