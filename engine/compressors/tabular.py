"""Tables (CSV, TSV, `|`-delimited, markdown, space-aligned): keep the rows that say something, elide the rest.

Kept: the header (and a markdown table's separator), the first three and last two rows, every
distinct row naming a failure (a repeat that differs only in its numbers or a word is counted
in a marker instead), the rows holding each numeric column's minimum and maximum, the first row
of every value of a categorical column (the one `Accepted password` event among two thousand
`Invalid user` ones), query matches, and whatever keepNonRedundant restores. Each elided run
becomes one row whose first cell reads `… N rows elided (caveman)[: SUMMARY] …`. A ragged or
garbled table is declined.
"""
from __future__ import annotations

import bisect
import csv
import io
import re
from dataclasses import dataclass, field

from engine.compressors import aligned_table, framed_table, invariants, pandas_frame, record_blocks
from engine.compressors.redundancy import keep_non_redundant
from engine.compressors.selection import query_keep, runs, worth_eliding
from engine.patterns import (
    DATE_CELL, FRAMED_ROW_COUNT, MARKDOWN_SEPARATOR_CELL, NOT_FLOAT_ASCII, PSQL_COMMAND_TAG, SIZE_BERKELEY_HEADER, TABLE_IMPORTANT,
)
from engine.safety import SafetyClass
from engine.types import ContentType

#: Rows, header included, below which a table is shown whole.
MIN_ROWS = 12
KEEP_HEAD = 3
KEEP_TAIL = 2
QUERY_LIMIT = 24
#: A column is numeric when at least this share of its non-empty cells are numbers.
NUMERIC_SHARE = 0.7
#: A column blank in at most this share of its rows (or in two) is filled: its blanks are odd.
RARE_BLANK_SHARE = 0.02
#: Rows with no value in any measured column, in at most this share of the rows (or two), are
#: odd: the country with no data at all in a table of yearly figures. A share looser than a single
#: column's blanks, as a whole row without a value is the stronger anomaly and costs few tokens.
VALUELESS_ROW_SHARE = 0.05
#: How data exports write a missing value (R's NA, SQL's NULL, MySQL's \\N, pandas' NaN, <NA> and
#: NaT, spreadsheets' #N/A): in a column filled everywhere else, the row holding one is odd.
MISSING_CELLS = frozenset({"NA", "N/A", "n/a", "NULL", "null", "None", "NaN", "nan", "#N/A", "\\N", "<NA>", "NaT"})
#: A column with at most this many distinct values (and repeats) is categorical.
MAX_CATEGORIES = 32
MIN_FIELDS, MAX_FIELDS = 2, 128
#: The delimiter of a space-aligned table (`kubectl get`, `ps aux`): rows keep their own text.
ALIGNED = "  "


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]
    #: The original text of each data row (a CSV record's may span lines).
    lines: list[str]
    head_lines: list[str]
    delimiter: str
    newline: str
    trailing_newline: bool
    #: The first record is data (`du -a`'s `48K<TAB>path`): columns are named `#1`, `#2`, ...
    #: in markers, and no header row is written.
    headerless: bool = False
    #: "csv" (also TSV and `|`-delimited), "markdown" or "aligned": how a marker row is written.
    form: str = "csv"
    #: Lines shown after the rows as written: a framed table's closing rule and `(N rows)`.
    tail_lines: list[str] = field(default_factory=list)
    #: What a row is called in markers: "records" for a list printed a field a line (psql \x).
    noun: str = "rows"


def parse_table(text: str) -> Table | None:
    """A markdown pipe table or a strict, rectangular CSV/TSV; None otherwise."""
    newline = "\r\n" if text.count("\r\n") * 2 > text.count("\n") else "\n"
    trailing = text.endswith("\n")
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    framed = framed_table.parse(lines)
    if framed is not None:
        # Marker rows are written like an aligned table's: their text alone, between the frames.
        return Table(framed.header, framed.rows, framed.lines, framed.head_lines, "|", newline, trailing,
                     form="aligned", tail_lines=framed.tail_lines)
    records = record_blocks.parse(lines) if newline == "\n" else None
    if records is not None:
        return Table(records.header, records.rows, records.lines, records.head_lines, "|", newline,
                     trailing, form="aligned", tail_lines=records.tail_lines, noun="records")
    if len(lines) >= 3 and all(ln.strip().startswith("|") and ln.strip().endswith("|") for ln in lines):
        return _parse_markdown(lines, newline, trailing)
    if len(lines) > 2 and FRAMED_ROW_COUNT.fullmatch(lines[-1].strip()):
        # psql -A: a `|`-delimited table, then its `(N rows)` footer.
        body = text[:text.rstrip().rfind("\n") + 1]
        table = _parse_csv(body, lines[:-1], newline, True)
        if table is not None:
            table.tail_lines = [lines[-1]]
            table.trailing_newline = trailing
        return table
    frame = pandas_frame.parse(lines) if lines and lines[0].startswith(" ") else None
    if frame is not None:  # print(df): the index column named in markers, the footer under the rows
        header, rows, footer = frame
        return Table(header, rows, lines[1:1 + len(rows)], lines[:1], ALIGNED, newline, trailing,
                     form="aligned", tail_lines=footer)
    return (_parse_csv(text, lines, newline, trailing) or _parse_after_preamble(text, lines, newline, trailing)
            or _parse_aligned(lines, newline, trailing))


#: Leading lines, and the length of each, that may stand above a CSV table as its preamble.
PREAMBLE_MAX = 4
PREAMBLE_CHARS = 200


def _parse_after_preamble(text: str, lines: list[str], newline: str, trailing: bool) -> Table | None:
    """A CSV below a few short lines not of its width (`# Data source: …`, scikit-learn's
    `569,30,malignant,benign` count line): those lines are shown as written, above the header."""
    offset = 0
    for k in range(1, min(PREAMBLE_MAX, len(lines) - 1) + 1):
        if len(lines[k - 1]) > PREAMBLE_CHARS:
            return None
        start, offset = offset, text.find("\n", offset) + 1
        if offset == 0:
            return None  # lines split on a bare CR: no CSV record ends there
        if text[start:offset].rstrip("\r\n") != lines[k - 1]:
            return None  # a line break splitlines() sees and a CSV reader does not
        table = _parse_csv(text[offset:], lines[k:], newline, trailing)
        if table is None or table.form != "csv":
            continue
        width = len(table.header)
        if any(len(next(csv.reader([ln], delimiter=table.delimiter), [])) == width for ln in lines[:k]):
            return None  # a leading line of the table's width is a row, not a preamble
        if not any(measured([r[j] for r in table.rows]) for j in range(width)):
            return None  # a data file's table has a column of numbers or dates (Detect's rule)
        table.head_lines = lines[:k] + table.head_lines
        return table
    return None


def _parse_aligned(lines: list[str], newline: str, trailing: bool) -> Table | None:
    parsed = aligned_table.parse(lines)
    if parsed is None:
        return None
    header, rows, head = parsed
    return Table(header, rows, lines[head:], lines[:head], ALIGNED, newline, trailing, form="aligned")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip()[1:-1].split("|")]


def _parse_markdown(lines: list[str], newline: str, trailing: bool) -> Table | None:
    if any("\\|" in ln for ln in lines):
        return None
    header, sep = _cells(lines[0]), _cells(lines[1])
    if len(sep) != len(header) or not all(MARKDOWN_SEPARATOR_CELL.match(c) for c in sep):
        return None
    rows = [_cells(ln) for ln in lines[2:]]
    if any(len(r) != len(header) for r in rows):
        return None
    return Table(header, rows, lines[2:], lines[:2], "|", newline, trailing, form="markdown")


def _parse_csv(text: str, lines: list[str], newline: str, trailing: bool) -> Table | None:
    if not lines:
        return None
    first = lines[0]
    delimiter = aligned_table.delimiter(first)
    if delimiter not in first:
        return None
    pieces = text.split("\n")
    physical = [p + "\n" for p in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    records: list[list[str]] = []
    originals: list[str] = []  # each record as written: a view shows kept rows verbatim
    reader = csv.reader(physical, delimiter=delimiter, strict=True)
    start = 0
    try:
        for record in reader:
            records.append(record)
            original = "".join(physical[start:reader.line_num]).removesuffix("\n")
            originals.append(original.removesuffix("\r") if newline == "\r\n" else original)
            start = reader.line_num
    except csv.Error:
        return None
    while records and not records[-1]:
        records.pop()
        originals.pop()
    if len(records) < 2:
        return None
    width = len(records[0])
    if not MIN_FIELDS <= width <= MAX_FIELDS or any(len(r) != width for r in records):
        return None
    if delimiter == "|":
        # psql pads its cells (` 4200 |  shipped   |`): the values are what is inside the padding.
        records = [[c.strip() for c in r] for r in records]
    if _first_record_is_data(records):
        names = [f"#{j + 1}" for j in range(width)]
        return Table(names, records, originals, [], delimiter, newline, trailing, headerless=True)
    return Table(records[0], records[1:], originals[1:], originals[:1], delimiter, newline, trailing)


def _first_record_is_data(records: list[list[str]]) -> bool:
    """A header names its columns: a first-record cell that recurs as a value further down its
    column (`48K` in a `du` listing) is a value, and the table has no header."""
    first, rest = records[0], records[1:]
    for j, cell in enumerate(first):
        if cell.strip() and any(r[j] == cell for r in rest):
            return True
    return False


class TabularCompressor:
    content_type = ContentType.TABULAR
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        return self.compress_query(data, "")

    def compress_query(self, data: bytes, query: str) -> bytes | None:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
        if "filename" in text[:200] and SIZE_BERKELEY_HEADER.fullmatch(text.split("\n", 1)[0]):
            return None  # binutils `size`: one row per object, an enumeration (see the pattern)
        table = parse_table(text)
        if table is None:
            return self._each_table(text, query)
        if len(table.rows) + 1 < MIN_ROWS:
            return None
        units = [table.delimiter.join(r) for r in table.rows]
        covered = coverage_rows(table)
        if covered is not None:
            # A coverage table (istanbul's text reporter, coverage.py's markdown): each file's
            # row with something uncovered is the answer, never sampled; only fully covered
            # rows are elided, counted (the marker's invariants say they are all 100).
            keep = [not c or (bool(r) and r[0].strip() == "All files") for c, r in zip(covered, table.rows)]
            keep[0] = True  # (the first row: a rule, or the first file)
            if query:
                query_keep(units, query, keep, QUERY_LIMIT)
        else:
            keep = _select(table, units, query)
            keep = keep_non_redundant(_shapes(table, units), keep)
        # Failure rows: every distinct one stays. One that repeats a failure row already
        # shown, up to its numbers and a word (the same `Failed password` from another port),
        # is repetition and is counted in a marker like any other repeat.
        flagged = _flagged(units)
        verdict = keep_non_redundant([units[i] for i in flagged], [False] * len(flagged))
        for i, v in zip(flagged, verdict):
            keep[i] = keep[i] or v
        out_rows: list[list[str] | str] = []
        elided_total = 0
        collapsed = False
        cursor = 0
        for start, end in runs(keep):
            out_rows.extend(_originals(table, cursor, start))
            elided = len("".join(units[start:end]).encode("utf-8")) + end - start
            summary = invariants.summarize([_fields(table.header, r) for r in table.rows[start:end]], elided)
            marker = f"… {end - start} {table.noun} elided (caveman){': ' + summary if summary else ''} …"
            if worth_eliding(end - start, summary, len(marker.encode("utf-8")), elided):
                out_rows.append([marker] + [""] * (len(table.header) - 1))
                elided_total += elided
                collapsed = True
            else:
                out_rows.extend(_originals(table, start, end))
            cursor = end
        out_rows.extend(_originals(table, cursor, len(table.rows)))
        if not collapsed:
            return None
        out = _render(table, out_rows, elided_total)
        return out if len(out) < len(data) else None


    def _each_table(self, text: str, query: str) -> bytes | None:
        """`psql -f` with several queries: each result table compressed on its own."""
        blocks = framed_table.result_blocks(text)
        if blocks is None or "\r" in text:
            return None
        out = []
        for block in blocks:
            lines = block.split("\n")
            tags = 0
            while tags < len(lines) and framed_table.is_block_lead(lines[tags]):
                tags += 1
            table = "\n".join(lines[tags:])
            shown = self.compress_query((table + "\n").encode("utf-8"), query) if table else None
            out.append("\n".join(lines[:tags] + [shown.decode("utf-8").rstrip("\n") if shown else table]))
        result = "\n\n".join(out) + "\n" * (len(text) - len(text.rstrip("\n")))
        return result.encode("utf-8") if len(result) < len(text) else None


def _important_words(pattern: str) -> tuple[str, ...] | None:
    """The lower-cased words of a `(?i)\b(WORD|WORD…)\b` pattern, or None for another form."""
    m = re.fullmatch(r"\(\?i\)\\b\(([A-Z|]+)\)\\b", pattern)
    return tuple(w.lower() for w in m.group(1).split("|")) if m else None


#: TABLE_IMPORTANT's words: an ASCII row can match only if its lower-cased text holds one, and
#: str.find skips text many times faster than the case-blind regex scans it.
_IMPORTANT_WORDS = _important_words(TABLE_IMPORTANT.pattern)


def _flagged(units: list[str]) -> list[int]:
    """Indices of the rows TABLE_IMPORTANT finds something in, in order."""
    if _IMPORTANT_WORDS is None:
        return [i for i, u in enumerate(units) if TABLE_IMPORTANT.search(u)]
    # A non-ASCII row is always searched: case-blind matching pairs letters such as the
    # Kelvin sign with `k` that lower-casing does not.
    candidates = {i for i, u in enumerate(units) if not u.isascii()}
    lowered = [u.lower() for u in units]
    ends, pos = [], 0
    for u in lowered:
        pos += len(u) + 1
        ends.append(pos)
    joined = "\n".join(lowered)
    for word in _IMPORTANT_WORDS:
        at = joined.find(word)
        while at >= 0:
            i = bisect.bisect_right(ends, at)
            candidates.add(i)
            at = joined.find(word, ends[i])  # the row is searched whole below
    return [i for i in sorted(candidates) if TABLE_IMPORTANT.search(units[i])]


def _originals(table: Table, start: int, end: int) -> list[list[str] | str]:
    return list(table.lines[start:end])


def _render(table: Table, rows: list[list[str] | str], elided_total: int) -> bytes:
    nl = table.newline
    width = len(table.header)
    if table.form == "csv":
        # Kept rows are their original text; a marker (and the note) is one record of the
        # table's own dialect, its text in the first cell.
        def marker_row(cells: list[str]) -> str:
            buf = io.StringIO()
            csv.writer(buf, delimiter=table.delimiter, lineterminator="").writerow(cells)
            return buf.getvalue()
    elif table.form == "aligned":
        def marker_row(cells: list[str]) -> str:  # its text alone, like a log's
            return cells[0]
    else:
        def marker_row(cells: list[str]) -> str:
            return "| " + " | ".join(cells) + " |"
    out = list(table.head_lines)
    out += [r if isinstance(r, str) else marker_row(r) for r in rows]
    out += table.tail_lines
    if elided_total >= invariants.NOTE_THRESHOLD_BYTES:
        note = invariants.note_line(table.noun)
        out.append(marker_row([note] + [""] * (width - 1)) if table.form == "csv" else note)
    text = nl.join(out) + (nl if table.trailing_newline else "")
    return text.encode("utf-8")


#: Coverage tables' column names: the percentage columns (a row is fully covered when each
#: reads 100), the count of missed statements (0), and the uncovered lines' column (empty).
COVERAGE_PERCENT_COLUMNS = frozenset({"% Stmts", "% Branch", "% Funcs", "% Lines", "Cover"})
COVERAGE_MISS_COLUMNS = frozenset({"Miss", "BrPart"})
COVERAGE_LINES_COLUMNS = frozenset({"Uncovered Line #s", "Missing"})


def coverage_rows(table: Table) -> list[bool] | None:
    """For a coverage table, whether each row is fully covered (rules and headings repeated
    in the rows count as not); None for any other table. istanbul's table is read headerless
    (its first line is a rule): its `File | % Stmts` row names the columns."""
    names = [c.strip() for c in table.header]
    if table.headerless:
        named = [r for r in table.rows[:3] if r and r[0].strip() == "File"]
        if not named:
            return None
        names = [c.strip() for c in named[0]]
    percent = [i for i, c in enumerate(names) if c in COVERAGE_PERCENT_COLUMNS]
    lines = [i for i, c in enumerate(names) if c in COVERAGE_LINES_COLUMNS]
    if not percent or len(lines) != 1 or ("% Stmts" not in names and "Stmts" not in names):
        return None
    miss = [i for i, c in enumerate(names) if c in COVERAGE_MISS_COLUMNS]
    width = len(names)
    return [len(r) == width and all(r[i].strip() in ("100", "100%", "100.0", "100.00") for i in percent)
            and all(r[i].strip() == "0" for i in miss) and not r[lines[0]].strip()
            for r in table.rows]


def _select(table: Table, units: list[str], query: str) -> list[bool]:
    n = len(table.rows)
    keep = [i < KEEP_HEAD or i >= n - KEEP_TAIL for i in range(n)]
    for col in range(len(table.header)):
        cells = [r[col] for r in table.rows]
        _keep_extremes(cells, keep)
        _keep_first_of_each(cells, keep)
        _keep_rare_blanks(cells, keep)
        _keep_rare_non_numbers(cells, keep)
    _keep_valueless_rows(table, keep)
    if query:
        query_keep(units, query, keep, QUERY_LIMIT)
    return keep


def _number(cell: str) -> float | None:
    if cell.isascii() and NOT_FLOAT_ASCII.search(cell):
        return None
    try:
        value = float(cell.strip().replace("_", "x"))
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def _keep_extremes(cells: list[str], keep: list[bool]) -> None:
    filled = sum(1 for c in cells if c.strip())
    need = NUMERIC_SHARE * filled
    numbers: list[tuple[float, int]] = []
    misses = 0
    for i, c in enumerate(cells):
        v = _number(c)
        if v is not None:  # a number is never a blank cell
            numbers.append((v, i))
        elif c.strip():
            misses += 1
            if filled - misses < need:  # a text column: the numbers can no longer be 70%
                return
    if not numbers or len(numbers) < need:
        return
    keep[min(numbers)[1]] = True
    keep[max(numbers, key=lambda p: (p[0], -p[1]))[1]] = True


def _keep_first_of_each(cells: list[str], keep: list[bool]) -> None:
    """One row per value of a categorical column: the rare event types are the findings."""
    if not _categorical(cells):
        return
    first: dict[str, int] = {}
    for i, c in enumerate(cells):
        first.setdefault(c, i)
    for i in first.values():
        keep[i] = True


def _keep_rare_blanks(cells: list[str], keep: list[bool]) -> None:
    """The few blank cells of a column filled everywhere else (the one customer with no email
    among four hundred, a NULL where every other row has a value): each such row is odd. A cell
    that spells a missing value (MISSING_CELLS: the airports with city and state `NA` among
    3,376) is as blank as an empty one."""
    blanks = [i for i, c in enumerate(cells) if c in MISSING_CELLS or not c.strip()]
    if blanks and len(blanks) <= max(2, RARE_BLANK_SHARE * len(cells)):
        for i in blanks:
            keep[i] = True


def _keep_valueless_rows(table: Table, keep: list[bool]) -> None:
    """The few rows blank (or MISSING_CELLS) in every measured column while the others hold figures."""
    measured_columns = [j for j in range(len(table.header)) if measured([r[j] for r in table.rows])]
    if len(measured_columns) < 2:
        return  # one column's blanks are _keep_rare_blanks' to judge
    valueless = [i for i, r in enumerate(table.rows)
                 if not any(r[j].strip() and r[j] not in MISSING_CELLS for j in measured_columns)]
    if valueless and len(valueless) <= max(2, VALUELESS_ROW_SHARE * len(table.rows)):
        for i in valueless:
            keep[i] = True


def _keep_rare_non_numbers(cells: list[str], keep: list[bool]) -> None:
    """The few cells of a numeric column that are not numbers (`N/A` among 800 totals)."""
    odd: list[int] = []
    numbers = 0
    limit = max(2, RARE_BLANK_SHARE * len(cells))
    for i, c in enumerate(cells):
        if not c.strip():
            continue
        if _number(c) is None:
            odd.append(i)
            if len(odd) > limit:
                return
        else:
            numbers += 1
    if odd and numbers >= NUMERIC_SHARE * (numbers + len(odd)):
        for i in odd:
            keep[i] = True


def _categorical(cells: list[str]) -> bool:
    distinct = len(set(cells))
    return distinct <= MAX_CATEGORIES and distinct * 4 <= len(cells)


def _shapes(table: Table, units: list[str]) -> list[str]:
    """What keepNonRedundant compares rows by.

    When a categorical column exists (an event id, a status), one row of each of its values is
    already kept, and the other columns (line ids, times, free text with user names and
    addresses in it) differ in every row: compared verbatim they make every row of a
    structured log look unique, and the table would never shrink. So rows are compared by
    their categorical cells only (failure rows are judged apart, by their full text). Without a categorical
    column the rows are compared whole: then the table is a list, and a list stays."""
    columns = [[r[j] for r in table.rows] for j in range(len(table.header))]
    kinds = [measured(col) for col in columns]
    if True in kinds and False not in kinds:
        # A data set of measurements (every column numbers or dates: a survey's answer codes, a
        # weekly CO2 series) names nothing to enumerate: rows are compared by which cells are
        # numbers or dates, so the runs between the kept rows (extremes, each category's first,
        # odd cells) fold under markers that state each column's range.
        return [" ".join(map(_cell_kind, r)) for r in table.rows]
    # A mostly blank column (pip list's `Editable project location`) marks a few rows, it does
    # not sort them into kinds: comparing by it alone would make a list of names look redundant.
    compared = [j for j, col in enumerate(columns) if _categorical(col) and 2 * col.count("") < len(col)]
    if not compared:
        return units
    return [" ".join(r[j] for j in compared) for r in table.rows]


def measured(cells: list[str]) -> bool | None:
    """At least NUMERIC_SHARE of the column's filled cells are numbers or dates; None for a
    column with no value at all (a stock not yet listed): it names nothing either way."""
    filled = sum(1 for c in cells if c.strip())
    misses = 0
    for c in cells:
        if c.strip() and _number(c) is None and DATE_CELL.fullmatch(c.strip()) is None:
            misses += 1
            if misses > (1 - NUMERIC_SHARE) * filled:
                return False
    return True if filled else None


def _cell_kind(cell: str) -> str:
    """What a measurement row is compared by: `num`, `date` or `blank`, else the cell itself
    (an `NA` among numbers stays a word of its own, so its row is no repeat)."""
    if not cell.strip():
        return "blank"
    if _number(cell) is not None:
        return "num"
    return "date" if DATE_CELL.fullmatch(cell.strip()) else cell


def _fields(header: list[str], row: list[str]) -> dict[str, str] | None:
    fields: dict[str, str] = {}
    for name, cell in zip(header, row):
        if name and name not in fields:
            fields[name] = cell
    return fields or None
