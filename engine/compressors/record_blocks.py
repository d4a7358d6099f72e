"""Results printed one record at a time, a field a line: psql's expanded display (`\\x`:
`-[ RECORD 3 ]---` over `name | value` lines, after psql's `Expanded display is on.` when `\\x`
was a command of the run), the mysql/mariadb client's vertical form (`\\G`: `*** 3. row ***`
over right-aligned `name: value` lines, then `N rows in set` when interactive) and sqlite3
-line (`name = value` blocks between blank lines).

Each record is a row of a table whose columns are the field names, so the tabular compressor
keeps, elides and summarises them like rows; a kept record is shown as written. Only a regular
list is read: every record the same fields in the same order, every separator at one column.
A psql value spread over lines (a `+` at the end, the next line with a blank name) continues
its field; anything else unexpected declines the whole payload.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.patterns import FRAMED_ROW_COUNT, MYSQL_VERTICAL_HEADER, PSQL_EXPANDED_BANNER, PSQL_RECORD_HEADER

MIN_FIELDS = 2


@dataclass
class Records:
    header: list[str]
    rows: list[list[str]]
    #: Each record's own text (its header line, its field lines, a blank line before it in
    #: sqlite's form), shown as written when kept.
    lines: list[str]
    #: Lines above the first record (psql's `Expanded display is on.`) and under the last
    #: (mysql's `3 rows in set (0.00 sec)`), kept whole around the records.
    head_lines: list[str] = field(default_factory=list)
    tail_lines: list[str] = field(default_factory=list)


def parse(lines: list[str]) -> Records | None:
    """`lines` without trailing blank lines; None unless they are a regular list of records."""
    if not lines:
        return None
    head = 1 if len(lines) > 1 and PSQL_EXPANDED_BANNER.fullmatch(lines[0]) else 0
    if PSQL_RECORD_HEADER.fullmatch(lines[head]):
        return _framed(lines, head, PSQL_RECORD_HEADER, "|", True)
    if MYSQL_VERTICAL_HEADER.fullmatch(lines[0]):
        return _framed(lines, 0, MYSQL_VERTICAL_HEADER, ":", False)
    return _blank_separated(lines)


def parse_head(lines: list[str]) -> Records | None:
    """The whole records at the start of `lines`, a head cut from a longer payload (Detect's
    sample): the block the cut may split, from the last record header on, is left out."""
    heads = [i for i, ln in enumerate(lines)
             if PSQL_RECORD_HEADER.fullmatch(ln) or MYSQL_VERTICAL_HEADER.fullmatch(ln)]
    if len(heads) < 2:
        return None
    return parse(lines[:heads[-1]])


def _framed(lines: list[str], head: int, header_re, sep: str, continues: bool) -> Records | None:
    """Records under one header line each, between the lines above and the footer below."""
    tail = 1 if len(lines) > head + 2 and FRAMED_ROW_COUNT.fullmatch(lines[-1].strip()) else 0
    body = lines[head:len(lines) - tail]
    if tail and body and not body[-1].strip():
        body = body[:-1]  # mysql's blank line between the last record and `N rows in set`
    records = _headed(body, header_re, sep, continues)
    if records is not None:
        records.head_lines = lines[:head]
        records.tail_lines = lines[len(lines) - tail:] if tail else []
        if tail and len(body) < len(lines) - head - tail:
            records.tail_lines = [""] + records.tail_lines
    return records


def _headed(lines: list[str], header_re, sep: str, continues: bool) -> Records | None:
    blocks: list[list[str]] = []
    for ln in lines:
        if header_re.fullmatch(ln):
            blocks.append([ln])
        elif not ln.strip():
            return None
        else:
            blocks[-1].append(ln)
    at = _separator_column(lines[1] if len(lines) > 1 else "", sep)
    if at is None:
        return None
    parsed = [_fields(b[1:], at, sep, continues) for b in blocks]
    return _regular(parsed, ["\n".join(b) for b in blocks])


def _blank_separated(lines: list[str]) -> Records | None:
    blocks: list[list[str]] = [[]]
    for ln in lines:
        if ln.strip():
            blocks[-1].append(ln)
        elif blocks[-1]:
            blocks.append([])
    if not blocks[-1]:
        return None
    at = _separator_column(lines[0], "=")
    if at is None:
        return None
    parsed = [_fields(b, at, "=", continues=False) for b in blocks]
    # A record after the first is shown with the blank line that separates it from the one before.
    texts = ["\n".join(b) if i == 0 else "\n" + "\n".join(b) for i, b in enumerate(blocks)]
    return _regular(parsed, texts)


def _separator_column(line: str, sep: str) -> int | None:
    """Where the name/value separator sits: after the (padded) name, with a space either side
    (mysql's `:` has none before it: its names are padded on the left)."""
    if sep == ":":
        at = line.find(": ") if not line.endswith(":") or ": " in line else len(line) - 1
        return at if at > 0 and line[:at].strip() else None
    at = line.find(f" {sep}")
    if at <= 0 or not line[:at].strip():
        return None
    return at + 1


def _fields(block: list[str], at: int, sep: str, continues: bool) -> list[tuple[str, str]] | None:
    fields: list[tuple[str, str]] = []
    for ln in block:
        if len(ln) <= at or ln[at] != sep or (len(ln) > at + 1 and ln[at + 1] != " "):
            return None
        name, value = ln[:at].strip(), ln[at + 2:]
        if not name:
            if not (continues and fields and fields[-1][1].endswith("+")):
                return None
            fields[-1] = (fields[-1][0], fields[-1][1][:-1].rstrip() + "\n" + value)
            continue
        fields.append((name, value.strip()))
    return fields


def _regular(parsed: list[list[tuple[str, str]] | None], texts: list[str]) -> Records | None:
    if any(p is None or not p for p in parsed):
        return None
    names = [n for n, _ in parsed[0]]
    if len(names) < MIN_FIELDS or len(set(names)) != len(names):
        return None
    if any([n for n, _ in p] != names for p in parsed):
        return None
    return Records(names, [[v for _, v in p] for p in parsed], texts)
