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
    PSQL_COMMAND_TAG, PSQL_META_LINE, PSQL_RULE,
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
    # A titled table (`List of relations` over `\dt`, `\df`) is a catalog listing the agent asked
    # to enumerate: it is not read as a table, and stays whole.
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
    texts: list[str] = []
    cells: list[list[str]] = []
    wrapped: list[bool] | None = None  # which cells of the row so far go on to the next line
    for line in lines[2:end]:
        if not _carries(line, seps, "|"):
            return None
        # A value spread over lines ends each of its physical lines in `+` (psql's continuation
        # mark, where padding would be); the next line holds its rest, the other cells blank.
        marks = [line[s - 1] == "+" for s in seps] + [line.endswith("+")]
        parts = _split(line, seps)
        parts = [p[:-1].rstrip() if m else p for p, m in zip(parts, marks)]
        if wrapped is None:
            texts.append(line)
            cells.append(parts)
        else:
            if any(p and not w for p, w in zip(parts, wrapped)):
                return None
            texts[-1] += "\n" + line
            cells[-1] = [c + "\n" + p if w else c for c, p, w in zip(cells[-1], parts, wrapped)]
        wrapped = marks if any(marks) else None
    if not texts or wrapped is not None:
        return None
    return Framed(_split(lines[0], seps), cells, texts, lines[:2], tail)


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


def is_block_lead(line: str) -> bool:
    """A command tag (`SET`, `INSERT 0 1`) or a psql line of its own (`Time: 3.034 ms`)."""
    return PSQL_COMMAND_TAG.fullmatch(line) is not None or (
        line[:1] in "TENOB" and PSQL_META_LINE.fullmatch(line) is not None)


def result_blocks(text: str) -> list[str] | None:
    """A psql script's output: blank-line-separated blocks, each a framed table (with its
    `(N rows)`) or command tags (`SET`, `INSERT 0 1`); None unless at least two tables."""
    blocks = [b for b in text.strip("\n").split("\n\n")]
    tables = 0
    for block in blocks:
        lines = block.split("\n")
        if all(is_block_lead(ln) for ln in lines):
            continue
        while lines and is_block_lead(lines[0]):  # `SET` or `Time: 3.0 ms` printed before a table
            lines.pop(0)
        if parse(lines) is None:
            return None
        tables += 1
    return blocks if tables >= 2 else None
