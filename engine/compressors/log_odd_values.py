"""The one odd record by value: a line whose field holds a value no other line has, where one
value fills that field nearly everywhere (`leader=node-2` once among 4,995 `leader=node-1`).

Its words are the shown lines' words (numbers and names alike once digits are masked), so
keepNonRedundant reads it as represented and only the marker's count (`leader: node-1×4995
node-2×1`) tells it was there. The fields are the ones the markers read anyway: a recorder
wraps the field reader during a render and is asked only when a marker counts a value once.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.patterns import MARKER_SINGLE_VALUE

#: The common value must fill at least this many lines, and this share of those holding the field.
MIN_COMMON = 20
COMMON_SHARE = 0.95
#: More values seen once than this in one field: it varies freely and none of them is odd.
MAX_ODD_PER_FIELD = 3


class FieldRecorder:
    """A field reader for lines.elide that keeps what it read, to find the odd values after."""

    def __init__(self, read: Callable[[str], dict[str, str] | None]) -> None:
        self._read = read
        self.seen: list[tuple[str, dict[str, str]]] = []

    def __call__(self, unit: str) -> dict[str, str] | None:
        found = self._read(unit)
        if found:
            self.seen.append((unit, found))
        return found

    def clear(self) -> None:
        self.seen = []

    def odd_units(self, view: bytes) -> list[str]:
        """The lines read whose value in some field is one of a kind beside a common value;
        none unless a marker of `view` counts a value once."""
        if MARKER_SINGLE_VALUE.search(view) is None:
            return []
        columns: dict[str, Counter[str]] = {}
        for _, found in self.seen:
            for name, value in found.items():
                columns.setdefault(name, Counter())[value] += 1
        odd: dict[str, set[str]] = {}
        for name, counts in columns.items():
            common = counts.most_common(1)[0][1]
            if common < MIN_COMMON or common < COMMON_SHARE * sum(counts.values()):
                continue
            once = {value for value, count in counts.items() if count == 1}
            if 0 < len(once) <= MAX_ODD_PER_FIELD:
                odd[name] = once
        if not odd:
            return []
        return [unit for unit, found in self.seen
                if any(found.get(name) in values for name, values in odd.items())]
