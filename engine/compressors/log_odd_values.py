"""The one odd record by value: a line whose field holds a value seen once in its run of
look-alikes, where one value fills that field nearly everywhere (`leader=node-2` once among
4,995 `leader=node-1`).

Its words are the shown lines' words (numbers and names alike once digits are masked), so
keepNonRedundant reads it as represented and only the marker's count (`leader: node-1×4995
node-2×1`) tells it was there. The markers are read back for such counts (a search over the
view, not the log); only then are the lines holding the value looked up and their field read.
"""
from __future__ import annotations

from collections.abc import Callable

from engine.compressors import lines as L
from engine.patterns import MARKER_SINGLE_VALUE

#: The common value must fill at least this many lines of the run, and this share of it.
MIN_COMMON = 20
COMMON_SHARE = 0.95
#: A value the marker counts once may fill other runs (one DEBUG line in a run of INFO lines):
#: then it is no odd one. Past this many occurrences in the whole text it is not looked up.
MAX_OCCURRENCES = 3
#: At most this many distinct values are looked up (each costs a count over the text).
MAX_VALUES = 16


def _single_values(marker: str) -> list[tuple[str, str]]:
    """(field, value) pairs the marker counts once beside a common value: `name: a×4995 b×1`."""
    body = marker.split("(caveman): ", 1)[-1].rsplit(" …", 1)[0]
    found = []
    for part in body.split("; "):
        name, sep, rest = part.partition(": ")
        if not sep or " " in name or "×" not in rest:
            continue
        counts = []
        for token in rest.split(" "):
            value, times, count = token.rpartition("×")
            if not times or not count.isdigit():
                break
            counts.append((value, int(count)))
        else:
            total = sum(count for _, count in counts)
            common = max((count for value, count in counts if value != "absent"), default=0)
            if common >= MIN_COMMON and common >= COMMON_SHARE * total:
                found += [(name, value) for value, count in counts if count == 1 and value != "absent"]
    return found


def odd_value_lines(view: str, bare: list[str], scan: L.LineScan, important: list[bool],
                    read: Callable[[str], dict[str, str] | None]) -> list[int]:
    """Lines not yet kept whose field `read` gives a value a marker of `view` counts once
    beside a common one."""
    if MARKER_SINGLE_VALUE.search(view) is None:
        return []
    asked: dict[tuple[str, str], None] = {}
    for marker in (ln for ln in view.split("\n") if "(caveman): " in ln and "×1" in ln):
        asked.update(dict.fromkeys(_single_values(marker)))
    joined = scan.joined()
    odd: list[int] = []
    for name, value in list(asked)[:MAX_VALUES]:
        if joined.count(value) > MAX_OCCURRENCES:
            continue
        hits = [i for i in sorted(scan.word_lines(value, fold_case=False))
                if not important[i] and (read(bare[i]) or {}).get(name) == value]
        if len(hits) == 1:
            odd += hits
    return odd
