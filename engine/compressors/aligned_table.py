"""Table shapes found from the text alone: the delimiter of a delimited table, and the columns
of a space-aligned one (`kubectl get pods`, `docker ps`, `ps aux`, `pip list`).

A column boundary is a gutter: a character position that is blank on every line (header and
rows). Left-aligned names and right-aligned numbers both leave one, and a cell that spills
past its header (a long PID, a command line in the last column) simply widens its column.
Cells are the slices between gutters, so a table is either read consistently or not at all.
"""
from __future__ import annotations

from engine.patterns import ALIGNED_HEADER_CELL, ALIGNED_RULE, ALIGNED_TITLE_HEADER

MIN_COLUMNS = 2
MAX_COLUMNS = 64
#: Lines wider than this are not a terminal table (and would make the gutter scan costly).
MAX_WIDTH = 4096


def delimiter(first: str) -> str:
    """A delimited table's delimiter, judged on its first line: tab, comma, or the `|` of
    reports such as `python -X importtime` (`import time: self [us] | cumulative | package`)."""
    if first.count("|") >= 2 and first.count("|") > max(first.count(","), first.count("\t")):
        return "|"
    return "\t" if first.count("\t") > first.count(",") else ","


def header_ok(header: str, rule: str | None) -> bool:
    """An upper-case column-name header, or any header with a dashed rule under it."""
    words = header.split()
    if len(words) < MIN_COLUMNS:
        return False
    return rule is not None or all(ALIGNED_HEADER_CELL.fullmatch(w) for w in words) or (
        ALIGNED_TITLE_HEADER.fullmatch(header) is not None)


def spans(lines: list[str]) -> list[tuple[int, int]] | None:
    """The [start, end) of each column, or None when `lines` (header first, no blank lines) are
    not an aligned table: too few columns, a header with no name over a column, tabs."""
    if any("\t" in ln or len(ln) > MAX_WIDTH for ln in lines):
        return None
    width = max(len(ln.rstrip()) for ln in lines)
    filled = bytearray(width)
    for ln in lines:
        for i, ch in enumerate(ln.rstrip()):
            if ch != " ":
                filled[i] = 1
    found: list[tuple[int, int]] = []
    start = None
    for i in range(width):
        if filled[i] and start is None:
            start = i
        elif not filled[i] and start is not None:
            found.append((start, i))
            start = None
    if start is not None:
        found.append((start, width))
    header = lines[0]
    merged: list[tuple[int, int]] = []
    for a, b in found:
        if header[a:b].strip():
            merged.append((a, b))
        elif merged:  # no name over it: text spilled from the column before (a command line)
            merged[-1] = (merged[-1][0], b)
        else:
            return None
    if not MIN_COLUMNS <= len(merged) <= MAX_COLUMNS:
        return None
    return merged


def cells(line: str, columns: list[tuple[int, int]]) -> list[str]:
    return [line[a:b].strip() for a, b in columns]


def parse(lines: list[str]) -> tuple[list[str], list[list[str]], int] | None:
    """(header cells, row cells, how many head lines: header and its rule) or None."""
    if len(lines) < 3 or any(not ln.strip() for ln in lines):
        return None
    rule = lines[1] if ALIGNED_RULE.fullmatch(lines[1].strip()) else None
    if not header_ok(lines[0], rule):
        return None
    head = 2 if rule is not None else 1
    columns = spans([lines[0]] + lines[head:])
    if columns is None:
        return None
    return cells(lines[0], columns), [cells(ln, columns) for ln in lines[head:]], head
