"""Retention: lifecycle states of stored originals, and the durations `prune` accepts.

A record's state is computed from the later of its creation and its last retrieval (a get
touches `accessed_at`), so an original an agent keeps coming back to stays hot however old:

    hot       used within the last day        (HOT_FOR)
    warm      used within the last 7 days     (WARM_FOR)
    cold      used within the last 30 days    (COLD_FOR)
    archived  not used for 30 days or more

States are reported, never acted on by themselves: nothing is deleted except by an explicit
`caveman tools ccr prune | forget | purge`.
"""
from __future__ import annotations

import re
from enum import StrEnum

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR

HOT_FOR = 1 * DAY
WARM_FOR = 7 * DAY
COLD_FOR = 30 * DAY


class Lifecycle(StrEnum):
    HOT = "hot"
    WARM = "warm"
    COLD = "cold"
    ARCHIVED = "archived"


def lifecycle(created_at: float, accessed_at: float, now: float) -> Lifecycle:
    idle = now - max(created_at, accessed_at)
    if idle < HOT_FOR:
        return Lifecycle.HOT
    if idle < WARM_FOR:
        return Lifecycle.WARM
    if idle < COLD_FOR:
        return Lifecycle.COLD
    return Lifecycle.ARCHIVED


_UNITS = {"s": 1, "m": MINUTE, "h": HOUR, "d": DAY, "w": 7 * DAY}
_DURATION = re.compile(r"(\d+)([smhdw])")


def parse_duration(text: str) -> int:
    """Seconds in `7d`, `12h`, `30m`, `45s`, `2w` or a sum like `1d12h`. Raises ValueError."""
    s = text.strip().lower()
    pos, total = 0, 0
    for match in _DURATION.finditer(s):
        if match.start() != pos:
            break
        total += int(match.group(1)) * _UNITS[match.group(2)]
        pos = match.end()
    if not s or pos != len(s):
        raise ValueError(f"not a duration: {text!r} (use e.g. 7d, 12h, 30m, 45s, 2w)")
    return total
