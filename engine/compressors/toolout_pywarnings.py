"""pytest's warnings summary when it lists hundreds of warnings.

pytest groups identical warnings (`tests/test_x.py: 300 warnings`), but a message that embeds
a value (`api v1 endpoint /items/17 is deprecated`) makes every test its own entry:

    tests/test_api.py::test_v1[17]
      /src/tests/test_api.py:10: DeprecationWarning: api v1 endpoint /items/17 is deprecated
        warnings.warn(f"api v1 endpoint /items/{n} is deprecated", DeprecationWarning)

Past LOW_VOLUME entries (the lint findings' threshold: a warning does not fail the run), the
first entry of each (location, category, message shape) is kept and the later ones are REPEAT,
counted per category in the marker (`249 findings like those shown: DeprecationWarning×249`).
When that still leaves more than LOW_VOLUME (one deprecated call made from hundreds of places),
one entry per (category, message shape) is kept and the marker lists every other's place
(`DeprecationWarning×199 at tests/test_a.py:4,7 tests/test_b.py:4`).
An entry that does not parse as `location: Category: message` is left alone.

A program's own warnings (`thin_runtime_warnings`) repeat the same way: `python -W always`, a
warning raised per batch or per cross-validation fit, one copy per worker process. Each is
`path.py:599: ConvergenceWarning: message` at the margin, its message perhaps over several
lines, then the source line it points at, indented two spaces. Past RUNTIME_VOLUME of them, the
first of each (location, category, message shape) stays and the rest are REPEAT.
"""
from __future__ import annotations

from engine.compressors.toolout_findings import LOW_VOLUME
from engine.compressors.toolout_scan import KEEP, REPEAT
from engine.patterns import (
    DIGITS, PY_RUNTIME_WARNING, PY_RUNTIME_WARNING_ANY, PY_WARNING_SOURCE, PYTEST_WARNING_LINE, TOOL_PYTEST_SECTION,
    TOOL_QUOTED,
)

#: More of a program's own warnings than this (a few dozen): each (location, category, message
#: shape) is shown once and its repeats are counted.
RUNTIME_VOLUME = 24
#: Lines a warning's message may run on before its source line; without one that near, the
#: entry is its headline alone (the lines after it may be the program's own output).
RUNTIME_MESSAGE_LINES = 12


def thin_warnings_summary(norm: list[str], cls: list[str], rules: dict[int, str],
                          where: dict[int, tuple[str, str]] | None = None) -> None:
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
    keys = [_key(norm, first, stop) for first, stop in entries]
    # One deprecated call made from hundreds of places (each its own location): one entry per
    # (category, message shape) stays, and the marker lists every other's place.
    by_kind = where is not None and len(set(keys) - {None}) > LOW_VOLUME
    seen: set[tuple[str, ...]] = set()
    for (first, stop), key in zip(entries, keys):
        if key is None:
            continue
        kind = key[1:] if by_kind else key
        if kind not in seen:
            seen.add(kind)
            for k in range(first, stop):
                cls[k] = KEEP
            continue
        rules[first] = key[1]
        if by_kind:
            path, _, line = key[0].rpartition(":")
            where[first] = (path, line)  # type: ignore[index]
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


def runtime_warning_flood(text: str) -> bool:
    """More than RUNTIME_VOLUME of a program's own warnings, their lines (headline, message,
    source line) a third of the text's or more (Detect: such a run is a transcript, not grep
    hits, a log or prose)."""
    if text.count("Warning:") <= RUNTIME_VOLUME:
        return False
    heads = 0
    for heads, _ in enumerate(PY_RUNTIME_WARNING_ANY.finditer(text), 1):
        pass
    if heads <= RUNTIME_VOLUME:
        return False
    lines = text.split("\n")
    covered, end = 0, 0
    for i, line in enumerate(lines):
        if i >= end and "Warning:" in line and PY_RUNTIME_WARNING.match(line):
            end = _runtime_entry_end(lines, i)
            covered += end - i
    return 3 * covered >= sum(1 for ln in lines if ln.strip())


def thin_runtime_warnings(norm: list[str], cls: list[str], in_block: list[bool], rules: dict[int, str],
                          candidates: list[int]) -> None:
    """Label a program's repeated warnings REPEAT (see the module's docstring). `candidates`:
    the lines that may be headlines (those holding `Warning:`), in order."""
    entries: list[tuple[int, int, tuple[str, str, str]]] = []
    end = 0
    for i in candidates:
        if i < end or in_block[i]:
            continue
        m = PY_RUNTIME_WARNING.match(norm[i])
        if m is None:
            continue
        end = _runtime_entry_end(norm, i)
        message = [m["msg"] or ""] + norm[i + 1:end - 1] if end > i + 1 else [m["msg"] or ""]
        shape = DIGITS.sub("#", TOOL_QUOTED.sub("Q", "\n".join(message)))
        entries.append((i, end, (m["where"], m["cat"], shape)))
    if len(entries) <= RUNTIME_VOLUME:
        return
    seen: set[tuple[str, str, str]] = set()
    for first, stop, key in entries:
        if key not in seen:
            seen.add(key)
            continue
        if any(in_block[first:stop]):  # a failure block runs through it: the block decides
            continue
        rules[first] = key[1]
        for k in range(first, stop):
            cls[k] = REPEAT


def _runtime_entry_end(norm: list[str], i: int) -> int:
    """End of the warning whose headline is line i: through its source line when one follows
    within RUNTIME_MESSAGE_LINES (the message's lines before it belong to the warning), else
    the headline alone."""
    for j in range(i + 1, min(len(norm), i + 1 + RUNTIME_MESSAGE_LINES)):
        s = norm[j]
        if PY_WARNING_SOURCE.match(s):
            return _allocation_end(norm, j + 1)
        if PY_RUNTIME_WARNING.match(s):
            break
    return i + 1


#: tracemalloc's traceback under a ResourceWarning (`python -X tracemalloc=5`): where the object
#: was allocated, its `File "…", lineno N` lines and their source, indented under this line.
ALLOCATED_AT = "Object allocated at (most recent call last):"


def _allocation_end(norm: list[str], k: int) -> int:
    """End of the warning whose source line ends at k: past tracemalloc's allocation traceback
    when one follows (it belongs to the warning, and repeats with it)."""
    if k >= len(norm) or norm[k] != ALLOCATED_AT:
        return k
    k += 1
    while k < len(norm) and norm[k][:2] == "  " and norm[k].strip():
        k += 1
    return k
