"""Results printed one record at a time, a field a line: psql's expanded display (`\\x`:
`-[ RECORD 3 ]---` over `name | value` lines) and sqlite3 -line (`name = value` blocks between
blank lines).

Each record is a row of a table whose columns are the field names, so the tabular compressor
keeps, elides and summarises them like rows; a kept record is shown as written. Only a regular
list is read: every record the same fields in the same order, every separator at one column.
A psql value spread over lines (a `+` at the end, the next line with a blank name) continues
its field; anything else unexpected declines the whole payload.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.patterns import PSQL_RECORD_HEADER

MIN_FIELDS = 2


@dataclass
class Records:
    header: list[str]
    rows: list[list[str]]
    #: Each record's own text (its header line, its field lines, a blank line before it in
    #: sqlite's form), shown as written when kept.
    lines: list[str]


def parse(lines: list[str]) -> Records | None:
    """`lines` without trailing blank lines; None unless they are a regular list of records."""
    if not lines:
        return None
    if PSQL_RECORD_HEADER.fullmatch(lines[0]):
        return _headed(lines, PSQL_RECORD_HEADER, "|", continues=True)
    return _blank_separated(lines)


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
    """Where the name/value separator sits: after the (padded) name, with a space either side."""
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
