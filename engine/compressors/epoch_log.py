"""Logs stamped with Unix epoch seconds (BG/L's and Thunderbird's RAS logs, HPC's node events):
a record repeated at another time differs in its epoch and in stamps LOG_TIME_MASK does not
know (`2005.06.11`, `2005-06-11-17.32.07.581048`), so 14 `RAS KERNEL FATAL data TLB error
interrupt` records read as 14 different errors. In such a log those stamps are masked where
fold_repeats compares records; its marker then counts the repeats."""
from __future__ import annotations

from engine.patterns import RAS_STAMP

#: Lines looked at, and the fields of each where the epoch may stand.
HEAD_LINES = 3
HEAD_FIELDS = 8


def is_epoch_stamped(bare: list[str]) -> bool:
    head = [ln for ln in bare[:HEAD_LINES] if ln.strip()]
    return bool(head) and all(_stamped(ln) for ln in head)


def _stamped(line: str) -> bool:
    return any(len(f) == 10 and f[0] == "1" and f.isdigit() for f in line.split(None, HEAD_FIELDS)[:HEAD_FIELDS])


def unstamped(key: str) -> str:
    """A record's repeat key with its epoch and RAS stamps masked."""
    return RAS_STAMP.sub("#", key)
