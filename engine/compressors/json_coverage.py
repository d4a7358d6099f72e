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
