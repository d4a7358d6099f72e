"""Android logcat dumps: the level is one letter after the pid and tid (`W ActivityManager: …`),
so a warning or an error that carries no error word was elided with the debug lines around it.
Here W, E, F and A records are flagged like WARN and ERROR lines; their repeats from other
threads (logcat's pid and tid, like a pid) fold and are counted by the log compressor."""
from __future__ import annotations

import re

from engine.compressors import lines as L
from engine.patterns import LOGCAT_ALERT, LOGCAT_HEAD, LOGCAT_IDS

#: Lines looked at to tell a logcat dump (its first may be `--------- beginning of main`).
HEAD_LINES = 3


def is_logcat(bare: list[str]) -> bool:
    return any(LOGCAT_HEAD.match(ln) for ln in bare[:HEAD_LINES])


def alert_lines(scan: L.LineScan) -> set[int]:
    """The records at warning level or above."""
    return scan.candidates((), (LOGCAT_ALERT,), fold_case=False)


def unthreaded(key: str) -> str:
    """A record's repeat key with its pid and tid masked."""
    return LOGCAT_IDS.sub(_mask, key, count=1)


def _mask(m: re.Match[str]) -> str:
    return f"{m.group(1)} # # " if m.group(1) is not None else f"{m.group(2)}#): "
