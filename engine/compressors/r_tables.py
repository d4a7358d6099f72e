"""Tibbles printed by R (`print(problems(df), n = 100)`, a `summarise` result): the rows the
agent printed to read. Each row is a record of its own (distinct values under the same columns),
so none stands for another: read as prose, 67 of 69 rows went into "67 sections elided". The
table's title (`# A tibble: 69 × 5`), header, type row (`<int> <chr>`), its numbered rows
(1, 2, 3, … in order) and its `# …`/`# ℹ` footers are an enumeration, kept whole up to
lines.LIST_MAX_ENTRIES rows (past that, thinned like any text, markers counting what went).

`numbered_copies` accounts for a run of R's numbered `warnings()` entries that repeat one text.
"""
from __future__ import annotations

from engine.compressors.lines import LIST_MAX_ENTRIES
from engine.patterns import R_NUMBERED_ENTRY, R_TABLE_ROW, R_TIBBLE_TYPES

#: The literal every printed tibble holds (its title line); asked before any line is read.
TIBBLE_TITLE = "# A tibble: "


def tibble_lines(lines: list[str]) -> list[int]:
    """Indices of the lines of every printed tibble (title through footer)."""
    out: list[int] = []
    n = len(lines)
    for i, line in enumerate(lines):
        if not line.startswith(TIBBLE_TITLE) or i + 2 >= n or not R_TIBBLE_TYPES.match(lines[i + 2]):
            continue
        k, expect = i + 3, 1
        while k < n and (m := R_TABLE_ROW.match(lines[k])) and int(m.group(1)) == expect:
            k += 1
            expect += 1
        while k < n and lines[k].startswith(("# …", "# ℹ")):
            k += 1
        if expect - 1 <= LIST_MAX_ENTRIES:
            out.extend(range(i, k))
    return out


def numbered_copies(units: list[str], i: int, j: int) -> str:
    """For a run units[i:j] of numbered entries (`12: In f(x) : msg`, as R's `warnings()` lists
    them) that all repeat the text of a shown neighbour, numbered in sequence: the account
    `N copies of entry K's text, numbered A..B`; else "" (nothing verified)."""
    if j - i < 2 or ": " not in units[i]:
        return ""
    texts, first = set(), None
    expect = None
    for unit in units[i:j]:
        m = R_NUMBERED_ENTRY.match(unit)
        if m is None or (expect is not None and int(m.group(1)) != expect):
            return ""
        expect = int(m.group(1)) + 1
        first = first if first is not None else int(m.group(1))
        texts.add(m.group(2))
        if len(texts) > 1:
            return ""
    for k in (j, i - 1):  # the shown entry the run repeats
        m = R_NUMBERED_ENTRY.match(units[k]) if 0 <= k < len(units) else None
        if m is not None and m.group(2) in texts:
            return f"{j - i} copies of entry {m.group(1)}'s text, numbered {first}..{expect - 1}"
    return ""
