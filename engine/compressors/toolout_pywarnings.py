"""pytest's warnings summary when it lists hundreds of warnings.

pytest groups identical warnings (`tests/test_x.py: 300 warnings`), but a message that embeds
a value (`api v1 endpoint /items/17 is deprecated`) makes every test its own entry:

    tests/test_api.py::test_v1[17]
      /src/tests/test_api.py:10: DeprecationWarning: api v1 endpoint /items/17 is deprecated
        warnings.warn(f"api v1 endpoint /items/{n} is deprecated", DeprecationWarning)

Past LOW_VOLUME entries (the lint findings' threshold: a warning does not fail the run), the
first entry of each (location, category, message shape) is kept and the later ones are REPEAT,
counted per category in the marker (`249 findings like those shown: DeprecationWarning×249`).
An entry that does not parse as `location: Category: message` is left alone.
"""
from __future__ import annotations

from engine.compressors.toolout_findings import LOW_VOLUME
from engine.compressors.toolout_scan import KEEP, REPEAT
from engine.patterns import DIGITS, PYTEST_WARNING_LINE, TOOL_PYTEST_SECTION, TOOL_QUOTED


def thin_warnings_summary(norm: list[str], cls: list[str], rules: dict[int, str]) -> None:
    n = len(norm)
    start = next((i for i, s in enumerate(norm) if s.startswith("=") and "warnings summary" in s
                  and TOOL_PYTEST_SECTION.match(s)), None)
    if start is None:
        return
    end = start + 1
    while end < n and not (norm[end].startswith(("=", "-- Docs:")) and (TOOL_PYTEST_SECTION.match(norm[end])
                                                                       or norm[end].startswith("-- Docs:"))):
        end += 1
    entries = _entries(norm, start + 1, end)
    if len(entries) <= LOW_VOLUME:
        return
    seen: set[tuple[str, str, str]] = set()
    for first, stop in entries:
        key = _key(norm, first, stop)
        if key is None:
            continue
        if key not in seen:
            seen.add(key)
            for k in range(first, stop):
                cls[k] = KEEP
            continue
        rules[first] = key[1]
        for k in range(first, stop):
            cls[k] = REPEAT


def _entries(norm: list[str], start: int, end: int) -> list[tuple[int, int]]:
    """The runs of non-blank lines in norm[start:end]: one warning (or group) each."""
    out: list[tuple[int, int]] = []
    i = start
    while i < end:
        if not norm[i]:
            i += 1
            continue
        j = i
        while j < end and norm[j]:
            j += 1
        out.append((i, j))
        i = j
    return out


def _key(norm: list[str], first: int, stop: int) -> tuple[str, str, str] | None:
    """(location, category, message shape) of the entry's warning line, or None."""
    for k in range(first, stop):
        m = PYTEST_WARNING_LINE.match(norm[k])
        if m is not None:
            shape = DIGITS.sub("#", TOOL_QUOTED.sub("Q", m["msg"]))
            return m["where"], m["cat"], shape
    return None
