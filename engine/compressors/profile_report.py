"""Profiler reports: each ranked table keeps its head, its tail of small rows is counted.

cProfile/pstats, `perf report --stdio`, `node --prof-process` and cg_annotate print tables sorted
by cost, most of whose rows are a long tail of functions that cost next to nothing. What an agent
reads such a report for is the head of each table (the hot rows), the summary around it and any
error; so each table keeps its first rows (and, with a query, the rows the query names), and each run of tail rows becomes one marker that states how many rows,
which ranks, and the range of the ranking column among them (computed from those rows). Nothing
outside the tables is elided (an error is never a row: a line that is not a row ends the table), and a table is never thinned from the middle of its head: the rows
shown are always the table's first ones, so the head reads as what it is.

The generic text and terminal rules read these tables as look-alike lines and kept arbitrary
rows (node's bottom-up profile lost its hottest entry), or passed a 1,000-row cProfile through.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.compressors import lines as L
from engine.patterns import (
    PROFILE_CG_HEADER, PROFILE_CG_ROW, PROFILE_CPROFILE_HEADER, PROFILE_FOLDED_STACK, PROFILE_CPROFILE_ORDER,
    PROFILE_CPROFILE_ROW, PROFILE_LINE_HEADER, PROFILE_LINE_ROW, PROFILE_NODE_HEADER, PROFILE_NODE_ROW,
    PROFILE_PERF_HEADER, PROFILE_PERF_ROW,
)

#: Literals one of which every table header holds: nothing else runs on a payload without them.
SIGNS = ("ncalls", "# Overhead", "# Children", "ticks", "file:function", "function:file", "Line #")
#: Rows (entries) of a table always shown: its head.
TOP_ROWS = 25
#: A perf entry with its call graph is many lines: the head stops at this many lines (at least
#: MIN_GRAPH_ENTRIES entries stay whole).
GRAPH_HEAD_LINES = 150
MIN_GRAPH_ENTRIES = 3
#: Lines of each group of node's bottom-up tree shown (a prefix of a tree keeps every parent).
TREE_HEAD_LINES = 15
#: A tail shorter than this stays (a marker would save little).
MIN_ELIDED = 5
#: Lines between a header and its first row that may be rule lines (`# ....`, `----`, `#`).
MAX_RULE_LINES = 4
QUERY_LIMIT = 16
#: Occurrences of each sign looked at by is_report (a log that says `ticks` often is no report).
MAX_PROBES = 50


@dataclass
class _Table:
    """Rows of one ranked table: `entries` are (start, end) line spans, the first line a row."""

    entries: list[tuple[int, int]]
    column: str  # the ranking column's name ("" when the order is not by a column)
    key: int  # index of that column among a row's whitespace-split fields
    summable: bool  # the rows are disjoint, so their column adds up
    head: int  # entries shown
    graph: bool = False  # entries carry call-graph lines (perf -g)


def is_report(text: str) -> bool:
    """A profiler table with a row under its header. Only the lines holding a sign's literal
    (found with str.find, at most MAX_PROBES of each) are matched against the headers."""
    for sign in SIGNS:
        pos = text.find(sign)
        probes = 0
        while pos >= 0 and probes < MAX_PROBES:
            start = text.rfind("\n", 0, pos) + 1
            stop = pos
            for _ in range(MAX_RULE_LINES + 2):  # the header line and the lines up to its first row
                stop = text.find("\n", stop + 1)
                if stop < 0:
                    stop = len(text)
                    break
            if _tables(text[start:stop].split("\n"), probe=True):
                return True
            nl = text.find("\n", pos)
            if nl < 0:
                break
            pos = text.find(sign, nl)
            probes += 1
    return False


def _is_rule(line: str) -> bool:
    return not line.strip(" \t#.=-")


def _first_row(lines: Sequence[str], h: int, row) -> int:
    """Index of the first row after header h (rule lines skipped), or -1."""
    for k in range(h + 1, min(len(lines), h + 2 + MAX_RULE_LINES)):
        if row.match(lines[k]):
            return k
        if not _is_rule(lines[k]):
            return -1
    return -1


def _header_lines(lines: Sequence[str]) -> list[tuple[int, str]]:
    """(index, format) of each header line: only the lines holding a sign's literal (found by
    str.find on the joined text) are matched."""
    found = []
    for i in sorted(L.LineScan(list(lines)).candidates(SIGNS, fold_case=False)):
        ln = lines[i]
        if "ncalls" in ln and PROFILE_CPROFILE_HEADER.match(ln):
            found.append((i, "cprofile"))
        elif ln.startswith("#") and PROFILE_PERF_HEADER.match(ln):
            found.append((i, "perf"))
        elif "ticks" in ln and PROFILE_NODE_HEADER.match(ln):
            found.append((i, "node"))
        elif "function" in ln and PROFILE_CG_HEADER.match(ln):
            found.append((i, "cg"))
        elif ln.startswith("Line #") and PROFILE_LINE_HEADER.match(ln):
            found.append((i, "line"))
    return found


def _cprofile_order(lines: Sequence[str], h: int) -> tuple[str, int]:
    for k in range(h - 1, max(-1, h - 6), -1):
        m = PROFILE_CPROFILE_ORDER.match(lines[k])
        if m:
            first = m.group(1).split(",")[0].strip()
            return {"cumulative time": ("cumtime", 3), "internal time": ("tottime", 1),
                    "call count": ("ncalls", 0)}.get(first, ("", -1))
    return "", -1


def _tables(lines: Sequence[str], probe: bool = False) -> list[_Table]:
    tables = []
    n = len(lines)
    for h, kind in _header_lines(lines):
        row = {"cprofile": PROFILE_CPROFILE_ROW, "perf": PROFILE_PERF_ROW, "node": PROFILE_NODE_ROW,
               "cg": PROFILE_CG_ROW, "line": PROFILE_LINE_ROW}[kind]
        first = _first_row(lines, h, row)
        if first < 0:
            continue
        if probe:
            return [_Table([(first, first + 1)], "", -1, False, 1)]
        header = lines[h]
        if kind == "line":  # a source listing, not a ranking: its own rule (unmeasured_runs)
            continue
        if kind == "perf":
            tables.append(_perf_table(lines, first, header))
            continue
        if kind == "node" and "parent" in header:
            tables.extend(_node_tree(lines, first))
            continue
        end = first
        while end < n and row.match(lines[end]):
            end += 1
        entries = [(k, k + 1) for k in range(first, end)]
        if kind == "cprofile":
            column, key = _cprofile_order(lines, h)
            tables.append(_Table(entries, column, key, False, TOP_ROWS))
        elif kind == "node":
            tables.append(_Table(entries, "ticks", 0, True, TOP_ROWS))
        else:
            tables.append(_Table(entries, header.split()[0], 0, True, TOP_ROWS))
    return tables


def _perf_table(lines: Sequence[str], first: int, header: str) -> _Table:
    """perf's entries: a row and (with -g) its call-graph lines and blank lines, up to the
    `#` footer. Trailing blank lines are left out (they stay)."""
    n = len(lines)
    starts = []
    end = first
    while end < n:
        ln = lines[end]
        if PROFILE_PERF_ROW.match(ln):
            starts.append(end)
        elif ln.strip() and not ln[:1].isspace():
            break
        end += 1
    while end > first and not lines[end - 1].strip():
        end -= 1
    bounds = starts[1:] + [end]
    entries = [(s, e) for s, e in zip(starts, bounds)]
    graph = any(e - s > 1 and any(lines[k].strip() for k in range(s + 1, e)) for s, e in entries)
    children = "Children" in header
    column = "children" if children else "overhead"
    head = TOP_ROWS
    if graph:
        used = 0
        for i, (s, e) in enumerate(entries):
            used += e - s
            if i >= MIN_GRAPH_ENTRIES and used > GRAPH_HEAD_LINES:
                head = i
                break
        head = min(head, TOP_ROWS)
    return _Table(entries, column, 0, not children, head, graph)


def _node_tree(lines: Sequence[str], first: int) -> list[_Table]:
    """node's bottom-up profile: groups of indented rows separated by blank lines, each a tree
    whose prefix is shown."""
    n = len(lines)
    tables = []
    k = first
    while k < n and PROFILE_NODE_ROW.match(lines[k]):
        end = k
        while end < n and PROFILE_NODE_ROW.match(lines[end]):
            end += 1
        tables.append(_Table([(r, r + 1) for r in range(k, end)], "ticks", 0, False, TREE_HEAD_LINES))
        k = end
        while k < n and not lines[k].strip():
            k += 1
    return tables


def _graph_run(lines: Sequence[str], entry: tuple[int, int], index: int) -> list[tuple[int, int, str]]:
    """The call-graph lines under a perf entry's row as one run (its last blank line stays)."""
    s, e = entry
    end = e - 1 if e - 1 > s and not lines[e - 1].strip() else e
    graph = sum(1 for k in range(s + 1, end) if lines[k].strip())
    blank = end - (s + 1) - graph
    if end - (s + 1) < MIN_ELIDED:
        return []
    text = f"entry {index + 1}'s call graph, {graph} line{'s' if graph != 1 else ''}"
    if blank:
        text += f"; {blank} blank line{'s' if blank != 1 else ''}"
    return [(s + 1, end, text)]


def _value(line: str, key: int) -> tuple[float, str] | None:
    fields = line.split()
    if key < 0 or key >= len(fields):
        return None
    raw = fields[key].split("/")[0]
    try:
        return float(raw.replace(",", "").rstrip("%")), raw
    except ValueError:
        return None


def _describe(lines: Sequence[str], table: _Table, a: int, b: int) -> str:
    """The verified account of entries a..b-1 (0-based) of a table."""
    total = len(table.entries)
    many, one = ("entries", "entry") if table.graph else ("rows", "row")
    parts = [f"{many} {a + 1}–{b} of {total}" if b - a > 1 else f"{one} {a + 1} of {total}"]
    if table.graph:
        graph_lines = blank = 0
        for s, e in table.entries[a:b]:
            for k in range(s + 1, e):
                if lines[k].strip():
                    graph_lines += 1
                else:
                    blank += 1
        extra = []
        if graph_lines:
            extra.append(f"{graph_lines} call-graph line{'s' if graph_lines != 1 else ''}")
        if blank:
            extra.append(f"{blank} blank line{'s' if blank != 1 else ''}")
        if extra:
            parts[0] += " (with " + ", ".join(extra) + ")"
    if table.column:
        values = [_value(lines[s], table.key) for s, _ in table.entries[a:b]]
        if values and all(v is not None for v in values):
            lo = min(values, key=lambda v: v[0])[1]
            hi = max(values, key=lambda v: v[0])[1]
            span = lo if lo == hi else f"{lo}–{hi}"
            text = f"{table.column} {span}"
            if table.summable and len(values) > 1:
                text += f", {_sum_text([v for v in values if v is not None])} in all"
            parts.append(text)
    return ", ".join(parts)


def _sum_text(values: list[tuple[float, str]]) -> str:
    raws = [raw for _, raw in values]
    percent = raws[0].endswith("%")
    digits = raws[0].rstrip("%")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    total = sum(v for v, _ in values)
    if decimals:
        text = f"{total:.{decimals}f}"
    elif any("," in r for r in raws):
        text = f"{int(round(total)):,}"
    else:
        text = str(int(round(total)))
    return text + ("%" if percent else "")


def elisions(lines: Sequence[str], query: str | None = None) -> list[tuple[int, int, str]] | None:
    """(start, end, summary) for each run lines[start:end] to elide, or None when no table has
    a tail worth eliding. `lines` are ANSI-stripped, without line ends."""
    runs: list[tuple[int, int, str]] = []
    for table in _tables(lines):
        entries = table.entries
        if len(entries) - table.head < MIN_ELIDED:
            continue
        # perf -g: past the entries shown with their graphs, the next ones up to TOP_ROWS keep
        # their row (the ranking's head stays a list) and their graph becomes a marker
        rows_shown = max(table.head, min(TOP_ROWS, len(entries))) if table.graph else table.head
        shown = [i < rows_shown for i in range(len(entries))]
        for i in range(table.head, rows_shown):
            runs.extend(_graph_run(lines, entries[i], i))
        if query and query.strip():
            tail = list(range(table.head, len(entries)))
            rows = ["\n".join(lines[entries[i][0]:entries[i][1]]) for i in tail]
            for r in L.rank(rows, query, QUERY_LIMIT):
                shown[tail[r]] = True
        i = table.head
        while i < len(entries):
            if shown[i]:
                i += 1
                continue
            j = i
            while j < len(entries) and not shown[j]:
                j += 1
            start, end = entries[i][0], entries[j - 1][1]
            if end - start >= MIN_ELIDED or (j == len(entries) and end - start >= 2):
                runs.append((start, end, _describe(lines, table, i, j)))
            i = j
    runs.extend(unmeasured_runs(lines))
    runs.sort()
    return runs or None


#: Rows of a line profiler's table always shown at its top (the decorator and the `def` line).
SOURCE_HEAD = 2
#: Unmeasured source rows elided only in runs at least this long.
MIN_SOURCE_RUN = 4


def unmeasured_runs(lines: Sequence[str]) -> list[tuple[int, int, str]]:
    """line_profiler / memory_profiler: each function's source with a measurement per line that
    ran. The hot lines are the measured ones; a run of rows with nothing in the measurement
    columns (a docstring, comments, a branch or a function that never ran) becomes one marker
    naming its source lines. The first rows of each table (decorator and `def`) stay."""
    runs: list[tuple[int, int, str]] = []
    for h, kind in _header_lines(lines):
        if kind != "line":
            continue
        contents = lines[h].index("Line Contents")
        k = _first_row(lines, h, PROFILE_LINE_ROW)
        if k < 0:
            continue
        start = k
        end = k
        while end < len(lines) and PROFILE_LINE_ROW.match(lines[end]):
            end += 1
        blank = []
        for r in range(start, end):
            ln = lines[r]
            number = PROFILE_LINE_ROW.match(ln).end()
            blank.append(r - start >= SOURCE_HEAD and not ln[number:contents].strip())
        r = 0
        while r < len(blank):
            if not blank[r]:
                r += 1
                continue
            q = r
            while q < len(blank) and blank[q]:
                q += 1
            if q - r >= MIN_SOURCE_RUN:
                first_no = lines[start + r].split()[0]
                last_no = lines[start + q - 1].split()[0]
                runs.append((start + r, start + q, f"source lines {first_no}–{last_no}, none with hits"))
            r = q
    return runs


def compress(text: str, query: str | None) -> str | None:
    """The view of a profiler report (None when no table has a tail worth eliding)."""
    doc = L.split(text)
    bare = doc.bare()
    if "\x1b" in text:
        bare = L.strip_ansi(bare)
    runs = elisions(bare, query)
    if runs is None:
        return None
    return _render(doc, runs)


def compress_stacks(text: str) -> str | None:
    """The view of a folded-stack dump (None when it is none, or nothing would go)."""
    if ";" not in text or not _stacks_sampled(text[:STACK_SAMPLE * 1024].split("\n")[:-1]):
        return None
    doc = L.split(text)
    bare = doc.bare()
    runs = folded_stack_runs(bare)
    return None if runs is None else _render(doc, runs)


def _render(doc: L.Doc, runs: list[tuple[int, int, str]]) -> str:
    return doc.join(L.with_run_markers(doc.lines, runs, "\r" if doc.eol_cr else ""))


#: Folded stacks shown: the ones with the most samples (in their own order).
TOP_STACKS = 25
#: Lines sampled to recognise a folded-stack dump, and how many of them must be stacks.
STACK_SAMPLE = 60
MIN_STACKS = 8


def _stacks_sampled(lines: Sequence[str]) -> bool:
    """Most of the first STACK_SAMPLE non-blank lines are folded stacks."""
    sample = [ln for ln in lines[:STACK_SAMPLE * 2] if ln.strip()][:STACK_SAMPLE]
    stacks = sum(1 for ln in sample if ";" in ln and "; " not in ln and ln[-1:].isdigit()
                 and PROFILE_FOLDED_STACK.match(ln))
    return stacks >= MIN_STACKS and 5 * stacks >= 4 * len(sample)


def folded_stack_runs(lines: Sequence[str]) -> list[tuple[int, int, str]] | None:
    """Folded stacks (`frame;frame;frame count`, one line per distinct stack, in no order): the
    hot stacks are the ones with the most samples, wherever they are. The TOP_STACKS with the
    most samples stay in place; each run of the others becomes a marker with how many stacks and
    samples it holds. None when the text is no folded-stack dump or nothing would go."""
    if not _stacks_sampled(lines):
        return None
    counts: dict[int, int] = {}
    for i, ln in enumerate(lines):
        # a tool's own line (`... Samples: 231 Errors: 0`) also ends in a number: a stack holds no `: `
        m = PROFILE_FOLDED_STACK.match(ln) if ln[-1:].isdigit() and ": " not in ln and "; " not in ln else None
        if m is not None:
            counts[i] = int(m["count"])
    if len(counts) <= TOP_STACKS + 2:
        return None
    ranked = sorted(counts, key=lambda i: (-counts[i], i))
    kept = set(ranked[:TOP_STACKS])
    floor = counts[ranked[TOP_STACKS - 1]]
    runs = []
    i, n = 0, len(lines)
    while i < n:
        if i not in counts or i in kept:
            i += 1
            continue
        j = i
        while j < n and j in counts and j not in kept:
            j += 1
        values = [counts[k] for k in range(i, j)]
        lo, hi = min(values), max(values)
        span = f"{lo}" if lo == hi else f"{lo}–{hi}"
        noun = "stack" if j - i == 1 else "stacks"
        text = f"{j - i} {noun} of {span} sample{'s' if hi != 1 else ''}"
        if j - i > 1:
            text += f", {sum(values)} in all"
        text += f" (the {TOP_STACKS} stacks shown have {floor} or more)"
        if sum(len(lines[k]) + 1 for k in range(i, j)) > len(text) + 40:  # a marker no longer than its run
            runs.append((i, j, text))
        i = j
    return runs or None
