"""Tables a database client draws with column separators: psql's aligned format (`a | b` over a
`---+---` rule, then `(N rows)`), sqlite3 -box (`│` cells in a `┌─┬─┐` frame) and sqlite3 -table
or the mysql client (`| a | b |` in `+---+---+` rules).

The separators sit at the same character position on every line, so the columns are read from
the rule under the header and every row must carry a separator at each of them; anything else
(a cell wrapped over lines, a row of another width, text after the footer) is declined, and the
payload goes to whatever else reads it. The frame above the rows (header, rules) and the frame
below (closing rule, `(N rows)`) stay whole around the kept rows.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.patterns import (
    FRAMED_ASCII_RULE, FRAMED_BOX_BOTTOM, FRAMED_BOX_MIDDLE, FRAMED_BOX_TOP, FRAMED_ROW_COUNT,
    PSQL_RULE,
)

MIN_COLUMNS = 2


@dataclass
class Framed:
    header: list[str]
    rows: list[list[str]]
    #: Each row's own text, shown as written when kept.
    lines: list[str]
    head_lines: list[str]
    tail_lines: list[str]


def parse(lines: list[str]) -> Framed | None:
    """A framed table filling `lines` (trailing blank lines already dropped), or None."""
    if len(lines) < 3:
        return None
    if FRAMED_BOX_TOP.fullmatch(lines[0]):
        return _frame(lines, "│", FRAMED_BOX_MIDDLE, FRAMED_BOX_BOTTOM, "┬")
    if FRAMED_ASCII_RULE.fullmatch(lines[0]):
        return _frame(lines, "|", FRAMED_ASCII_RULE, FRAMED_ASCII_RULE, "+")
    if PSQL_RULE.fullmatch(lines[1]):
        return _psql(lines)
    if PSQL_RULE.fullmatch(lines[2]) and "|" not in lines[0]:  # under a title (`List of relations`)
        table = _psql(lines[1:])
        if table is not None:
            table.head_lines.insert(0, lines[0])
        return table
    return None


def _split(line: str, seps: list[int]) -> list[str]:
    bounds = [-1] + seps + [len(line)]
    return [line[a + 1:b].strip() for a, b in zip(bounds, bounds[1:])]


def _psql(lines: list[str]) -> Framed | None:
    rule = lines[1]
    seps = [i for i, ch in enumerate(rule) if ch == "+"]
    if len(seps) + 1 < MIN_COLUMNS or not _carries(lines[0], seps, "|"):
        return None
    end = len(lines)
    tail: list[str] = []
    if FRAMED_ROW_COUNT.fullmatch(lines[-1].strip()):
        end -= 1
        tail = [lines[-1]]
    rows = lines[2:end]
    for row in rows:
        # A cell wrapped over lines ends its physical lines in `+` (psql's continuation mark).
        if not _carries(row, seps, "|") or any(row[s - 1] == "+" for s in seps) or row.endswith("+"):
            return None
    if not rows:
        return None
    return Framed(_split(lines[0], seps), [_split(r, seps) for r in rows], rows, lines[:2], tail)


def _frame(lines: list[str], bar: str, middle, bottom, tee: str) -> Framed | None:
    """A table in a full frame: top rule, header, middle rule, rows, bottom rule, [footer]."""
    top = lines[0]
    seps = [0] + [i for i, ch in enumerate(top) if ch == tee] + [len(top) - 1]
    if len(seps) - 1 < MIN_COLUMNS or len(lines) < 5 or not middle.fullmatch(lines[2]):
        return None
    end = len(lines)
    tail: list[str] = []
    if FRAMED_ROW_COUNT.fullmatch(lines[-1].strip()):
        tail = [lines[-1]]
        end -= 1
    if not bottom.fullmatch(lines[end - 1]) or len(lines[end - 1]) != len(top):
        return None
    tail = [lines[end - 1]] + tail
    rows = lines[3:end - 1]
    if not rows or not all(len(r) == len(top) and _carries(r, seps, bar) for r in [lines[1]] + rows):
        return None

    def cells(line: str) -> list[str]:
        return _split(line[1:-1], [s - 1 for s in seps[1:-1]])

    return Framed(cells(lines[1]), [cells(r) for r in rows], rows, lines[:3], tail)


def _carries(line: str, seps: list[int], bar: str) -> bool:
    return all(s < len(line) and line[s] == bar for s in seps)
