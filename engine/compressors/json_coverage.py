"""coverage.py's JSON report (`coverage json`): the files map is the answer, not a map to sample.

Each file's `summary` and its `missing_lines` / `missing_branches` are what the agent acts on
(which lines to test); sampling the `files` map left whole files behind a marker giving only
summary ranges, their missing lines gone. So in such a report every file stays, with its
summary and missing lists whole, and the totals stay. The bulk is the covered side:
`executed_lines`, `excluded_lines` and `executed_branches` lists longer than a listing shows
whole become one marker element each, with their exact count and line range. The per-function
and per-class maps under a file are walked as usual (their own line lists elided the same way).
"""
from __future__ import annotations

import json
from typing import Any

#: Lists of covered (or excluded) lines and branches: elided with their count and range.
BULK_LISTS = frozenset({"executed_lines", "excluded_lines", "executed_branches"})
#: Lists the agent acts on: always whole.
MISSING_LISTS = frozenset({"missing_lines", "missing_branches"})
FILES_PATH = "$.files"


def is_coverage_report(root: Any) -> bool:
    """coverage.py's JSON: `meta` (its `format` since 7.x, `branch_coverage` in every version),
    a `files` map and `totals`."""
    meta = root.get("meta") if isinstance(root, dict) else None
    return (isinstance(meta, dict) and ("format" in meta or "branch_coverage" in meta)
            and isinstance(root.get("files"), dict)
            and isinstance(root.get("totals"), dict))


def in_files(path: str) -> bool:
    return path.startswith(FILES_PATH + "[") or path.startswith(FILES_PATH + ".")


def whole(key: str, v: Any, depth: int) -> bool:
    """The totals (a member of the root, depth 0) and each file's summary (a member of a file's
    record, depth 2): shown as they are."""
    return isinstance(v, dict) and ((key == "totals" and depth == 0) or (key == "summary" and depth == 2))


def bulk_summary(items: list[Any]) -> str:
    """`lines 3..199` (every element an integer) or `branches from lines 3..199` (coverage's
    `[from, to]` pairs): the range the elided elements span, computed from them; "" otherwise."""
    if all(type(x) is int for x in items):
        return f"lines {min(items)}..{max(items)}"
    if all(isinstance(x, list) and len(x) == 2 and all(type(y) is int for y in x) for x in items):
        starts = [x[0] for x in items]
        return f"branches from lines {min(starts)}..{max(starts)}"
    return ""


#: A file's per-function and per-class maps (coverage 7.x): each record repeats a part of the
#: file's own line lists and a full summary.
PART_MAPS = frozenset({"functions", "classes"})
#: A part's summary figures that are counts: the missing counts, percentages and displays
#: derive from them (its `percent_covered_display` stays: the figure the text report shows), and
#: a branch or exclusion count of 0 says nothing a function without branches does not.
PART_SUMMARY_KEYS = ("num_statements", "covered_lines", "percent_covered_display")
LINE_LISTS = ("executed_lines", "missing_lines", "excluded_lines", "executed_branches", "missing_branches")


def fully_covered(record: Any) -> bool:
    """A function or class with no missing line and no missing branch (by its own summary)."""
    summary = record.get("summary") if isinstance(record, dict) else None
    return (isinstance(summary, dict) and summary.get("missing_lines") == 0
            and summary.get("missing_branches", 0) == 0)


def same_as_file(record: dict[str, Any], file_record: dict[str, Any]) -> bool:
    """A part that is the whole file (a module's one `""` class or function): its summary and
    every line list equal the file's."""
    return record.get("summary") == file_record.get("summary") and all(
        record.get(k) == file_record.get(k) for k in LINE_LISTS)


def _line_of(x: Any) -> Any:
    return x[0] if isinstance(x, list) else x


def part_missing(key: str, items: list[Any], file_record: dict[str, Any]) -> str | None:
    """What a part's long missing list is, stated from the file's own list: the file's
    missing entries over the part's line range (exactly them), or a subset of them; None when
    it is not a subset (then it stays whole)."""
    whole_list = file_record.get(key)
    if not isinstance(whole_list, list):
        return None
    try:
        index = {canonical_item(x) for x in whole_list}
        if not all(canonical_item(x) in index for x in items):
            return None
        lines = [_line_of(x) for x in items]
        lo, hi = min(lines), max(lines)
    except TypeError:
        return None
    what = "lines" if key == "missing_lines" else "branches from lines"
    span = [x for x in whole_list if lo <= _line_of(x) <= hi]
    if span == items:
        return f"all the file's {key} over {what} {lo}..{hi}"
    return f"{what} {lo}..{hi}, each among the file's {key}"


def part_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """A function's or class's summary as its counts (see PART_SUMMARY_KEYS)."""
    out = {k: summary[k] for k in PART_SUMMARY_KEYS if k in summary}
    if summary.get("num_branches"):  # (then its covered count stays, even at 0)
        out["num_branches"] = summary["num_branches"]
        if "covered_branches" in summary:
            out["covered_branches"] = summary["covered_branches"]
    for k in ("num_partial_branches", "excluded_lines"):
        if summary.get(k):
            out[k] = summary[k]
    return out


def canonical_item(x: Any) -> Any:
    return tuple(x) if isinstance(x, list) else x


def same_contexts(contexts: dict[str, Any]) -> str | None:
    """`--show-contexts` with one context for every line (the static default `""`, or one
    `--context` name): the map says only that; None when the lines' contexts differ (which
    tests ran a line is an answer, kept whole)."""
    values = iter(contexts.values())
    first = next(values)
    if not isinstance(first, list) or any(v != first for v in values):
        return None
    lines = [int(k) for k in contexts if k.isdigit()]
    where = f" ({min(lines)}..{max(lines)})" if len(lines) == len(contexts) else ""
    return f"all {len(contexts)} lines{where}: contexts {json.dumps(first)}"
