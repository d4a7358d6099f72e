"""SQL dumps: `pg_dump` (data in `COPY … FROM stdin;` blocks, or an `INSERT` a line with
--inserts) and `mysqldump`/`mariadb-dump` (`INSERT INTO t VALUES` over tuples, a line each or all
on one line).

The schema part (CREATE, ALTER, SET, comments) is every line different and stays whole. The data
part is a table written as SQL: each run of rows of one table is read into cells and handed to
the tabular compressor, which picks the rows to show (head, tail, the odd ones: a NULL among
values, a negative, an outlier) and writes the markers stating what the elided rows hold. The
rows it keeps are shown as the dump wrote them. A run whose cells cannot be read for sure (a
quote left open, a tab in a value) is kept whole.
"""
from __future__ import annotations

import re

from engine.patterns import (
    SQL_DUMP_COPY, SQL_DUMP_HEAD, SQL_DUMP_INSERT, SQL_DUMP_INSERT_LINE, SQL_DUMP_TUPLE_START,
)

#: Rows a run needs before it is worth a marker.
MIN_ROWS = 20
_HEAD_CHARS = 400
#: A synthetic column naming each row's place in its run: tabular's markers range it.
_ROW = "row"
_FOOTER = "… caveman:"


def is_dump(text: str) -> bool:
    head = text[:_HEAD_CHARS]
    return "dump" in head and SQL_DUMP_HEAD.search(head) is not None


def compress(text: str) -> str | None:
    """The dump with its data runs thinned, or None when no run was."""
    lines = text.split("\n")
    out: list[str] = []
    changed = False
    #: Each table's column names, from its CREATE TABLE above its rows (markers name columns).
    columns: dict[str, list[str]] = {}
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if line.startswith("CREATE TABLE "):
            _read_columns(lines, i, columns)
        if line.startswith("COPY ") and SQL_DUMP_COPY.match(line):
            end = i + 1
            while end < n and lines[end] != "\\.":
                end += 1
            names = [c.strip().strip('"') for c in SQL_DUMP_COPY.match(line).group(1).split(",")]
            rows = [r.split("\t") for r in lines[i + 1:end]]
            view = _thin(names, rows, lines[i + 1:end])
            out.append(line)
            out.extend(view if view is not None else lines[i + 1:end])
            changed |= view is not None
            i = end
            continue
        if line.startswith("INSERT INTO ") and SQL_DUMP_INSERT_LINE.match(line) and _tuple_cells(
                line[SQL_DUMP_INSERT_LINE.match(line).end() - 1:]) is not None:
            # pg_dump --inserts, mysqldump --skip-extended-insert: a statement a line, one row
            # each, many lines of one table.
            prefix = SQL_DUMP_INSERT_LINE.match(line).group(0)
            end = i
            while end < n and lines[end].startswith(prefix):
                end += 1
            cells = [_tuple_cells(ln[len(prefix) - 1:].rstrip(";")) for ln in lines[i:end]]
            view = None
            if all(c is not None for c in cells) and cells:
                cols = SQL_DUMP_INSERT_LINE.match(line).group(1)
                known = columns.get(_table(line))
                view = _thin(_names(cols, len(cells[0]), known), cells, lines[i:end])  # type: ignore[arg-type]
            out.extend(view if view is not None else lines[i:end])
            changed |= view is not None
            i = max(end, i + 1)
            continue
        if line.startswith("INSERT INTO ") and SQL_DUMP_INSERT.match(line):
            # mysqldump: the statement's tuples on the lines under it (mariadb-dump) or on it.
            m = SQL_DUMP_INSERT.match(line)
            if line[m.end():].strip():
                tuples = _split_tuples(line[m.end():])
                end = i + 1
                head = line[:m.end()].rstrip()
            else:
                end = i + 1
                while end < n and SQL_DUMP_TUPLE_START.match(lines[end]):
                    end += 1
                tuples = [ln.rstrip() for ln in lines[i + 1:end]]
                head = line
            view = None
            if tuples and len(tuples) >= MIN_ROWS:
                cells = [_tuple_cells(t.rstrip(",;")) for t in tuples]
                if all(c is not None for c in cells):
                    known = columns.get(_table(line))
                    view = _thin(_names(m.group(1), len(cells[0]), known), cells, tuples)  # type: ignore[arg-type]
            if view is not None:
                out.append(head)
                out.extend(view)
                changed = True
            else:
                out.extend(lines[i:end])
            i = end
            continue
        out.append(line)
        i += 1
    return "\n".join(out) if changed else None


def _names(columns: str | None, count: int, known: list[str] | None = None) -> list[str]:
    if columns:
        names = [c.strip().strip('`"') for c in columns.split(",")]
        if len(names) == count:
            return names
    if known is not None and len(known) == count:
        return known
    return [f"col{k + 1}" for k in range(count)]


def _table(line: str) -> str:
    """The table an `INSERT INTO t …` or `CREATE TABLE t (` line names, quotes removed."""
    return line.split(None, 3)[2].split("(")[0].strip('`"')


_NOT_A_COLUMN = ("CONSTRAINT", "PRIMARY", "UNIQUE", "KEY", "INDEX", "CHECK", "FOREIGN", "FULLTEXT", "SPATIAL")


def _read_columns(lines: list[str], at: int, columns: dict[str, list[str]]) -> None:
    """The column names of the CREATE TABLE at `at`: its indented lines up to the closing `)`."""
    names: list[str] = []
    for ln in lines[at + 1:at + 1 + 500]:
        if not ln[:1].isspace():
            break
        word = ln.split(None, 1)[0] if ln.strip() else ""
        if word and word.upper() not in _NOT_A_COLUMN:
            names.append(word.strip('`"'))
    if names:
        columns[_table(lines[at])] = names


def _thin(names: list[str], rows: list[list[str]], originals: list[str]) -> list[str] | None:
    """The kept rows as written and the tabular compressor's markers, or None (kept whole)."""
    from engine.compressors.tabular import TabularCompressor

    if len(rows) < MIN_ROWS or any(len(r) != len(names) for r in rows):
        return None
    width = len(names) + 1
    table = ["\t".join([_ROW, *names])]
    for k, row in enumerate(rows):
        if any(_UNSAFE.search(c) for c in row):
            return None
        table.append("\t".join([str(k + 1), *row]))
    data = ("\n".join(table) + "\n").encode("utf-8")
    view = TabularCompressor().compress(data)
    if view is None:
        return None
    out: list[str] = []
    for ln in view.decode("utf-8").split("\n")[1:]:
        if not ln:
            continue
        if ln.startswith("… "):
            if not ln.startswith(_FOOTER):
                out.append(ln.rstrip("\t"))
            continue
        cells = ln.split("\t")
        if len(cells) != width or not cells[0].isdigit():
            return None  # a line the view wrote that is no row of ours: keep the run whole
        out.append(originals[int(cells[0]) - 1])
    return out if len(out) < len(originals) else None


#: Characters that would make the synthetic table another shape than the rows.
_UNSAFE = re.compile(r'[\t\n"]')


def _split_tuples(values: str) -> list[str] | None:
    """`(1,'a'),(2,'b');` into `(1,'a'),` and `(2,'b');`, honouring quotes and escapes."""
    out: list[str] = []
    depth, quote, escape, start = 0, False, False, 0
    for k, ch in enumerate(values):
        if quote:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == "'":
                quote = False
            continue
        if ch == "'":
            quote = True
        elif ch == "(":
            if depth == 0:
                start = k
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                end = k + 1
                while end < len(values) and values[end] in ",;":
                    end += 1
                out.append(values[start:end])
            elif depth < 0:
                return None
    return out if not quote and depth == 0 else None


def _tuple_cells(tup: str) -> list[str] | None:
    """The cells of one `(1, 'it''s', NULL)` tuple, quotes removed; None when it is not one."""
    tup = tup.strip().rstrip(",;").strip()
    if not (tup.startswith("(") and tup.endswith(")")):
        return None
    body = tup[1:-1]
    cells: list[str] = []
    cur: list[str] = []
    quote, escape, depth = False, False, 0
    for ch in body:
        if quote:
            if escape:
                escape = False
                cur.append(ch)
            elif ch == "\\":
                escape = True
                cur.append(ch)
            elif ch == "'":
                quote = False
            else:
                cur.append(ch)
            continue
        if ch == "'":
            quote = True  # `''` inside a string closes and reopens it: the cell reads on
        elif ch == "(":
            depth += 1
            cur.append(ch)
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return None  # `1,'a'),(2,'b'`: several tuples, not one
            cur.append(ch)
        elif ch == "," and depth == 0:
            cells.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if quote or depth:
        return None
    cells.append("".join(cur).strip())
    return cells
