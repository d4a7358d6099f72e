"""One line of live status on a terminal stderr: elapsed time, bytes so far, the latest line.

Only ever drawn on a terminal, redrawn in place at most ten times a second, and erased when
the command ends, so nothing of it is left in a transcript or reaches stdout.
"""
from __future__ import annotations

import os
from collections.abc import Callable

#: Fast commands finish before a status would be readable; drawing it would only flicker.
FIRST_DRAW_S = 0.3
_ERASE = b"\r\x1b[K"


def _size(n: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("kB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


def _fit(text: str, columns: int) -> str:
    """text cut to `columns` display cells (CJK takes two): a status that wrapped onto a
    second row could not be erased with one line's erase."""
    import unicodedata

    used = 0
    for i, ch in enumerate(text):
        used += 0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        if used > columns - 1:
            return text[:i] + "…"
    return text


class LiveStatus:
    def __init__(self, fd: int, latest: Callable[[], str], width: int) -> None:
        self._fd = fd
        self._latest = latest
        self._width = max(40, width)
        self._drawn = False

    @classmethod
    def for_stderr(cls, latest: Callable[[], str], env_columns: int | None = None) -> LiveStatus | None:
        """A status on fd 2 when it is a terminal, else None."""
        try:
            # Not from the background: a write could stop caveman (SIGTTOU) or garble the shell.
            if not os.isatty(2) or os.tcgetpgrp(2) != os.getpgrp():
                return None
            width = os.get_terminal_size(2).columns or 80  # a fresh pty may report 0
        except OSError:
            return None
        return cls(2, latest, env_columns or width)

    def tick(self, elapsed: float, nbytes: int) -> None:
        if elapsed < FIRST_DRAW_S:
            return
        head = f"caveman: {elapsed:.1f}s · {_size(nbytes)} · "
        line = _fit("".join(ch if ch.isprintable() else " " for ch in self._latest()), self._width - len(head) - 1)
        self._write(_ERASE + (head + line).encode("utf-8", "replace"))
        self._drawn = True

    def clear(self) -> None:
        if self._drawn:
            self._write(_ERASE)
            self._drawn = False

    def _write(self, data: bytes) -> None:
        try:
            os.write(self._fd, data)
        except OSError:
            pass
