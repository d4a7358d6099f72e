"""A formatter's check report that prints each file's suggested changes as a source excerpt.

`ruff format --check` (ruff ≥ 0.9) writes, per file, `unformatted: File would be reformatted`,
a ` --> path:line:col` pointer and the whole formatting diff in its diagnostic gutter (`12 | x`
unchanged, `   - old` removed, `13 + new` added, `-----` between hunks); the run ends with
`N files would be reformatted`. Read as a generic transcript the diff is cut into dozens of
scraps per file. What the agent reads it for is which files fail the check (the fix is to run
the formatter): every headline, pointer and summary stays, with the start of each file's diff
so the kind of change shows, and the rest of that diff is one marker counting what it held.

Pure: `elisions(lines)` says which runs to elide (or None when the payload is not such a
report); lines.with_run_markers writes the view.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.patterns import FMT_REPORT_BODY, FMT_REPORT_HEADLINE, FMT_REPORT_POINTER

#: What every file block's headline holds: a text without it is no such report.
SIGN = ": File would be reformatted"
#: Lines of each file's diff shown before the marker: enough to show what kind of change it is.
SHOWN_BODY = 8
#: A diff only this much longer than SHOWN_BODY is shown whole (a marker would save little).
MIN_ELIDED = 4


def elisions(lines: Sequence[str]) -> list[tuple[int, int, str]] | None:
    """(start, end, summary) for each run lines[start:end] to elide, or None when no file block
    has a diff worth eliding. `lines` are ANSI-stripped, without line ends."""
    runs: list[tuple[int, int, str]] = []
    n = len(lines)
    i = 0
    while i < n:
        if not FMT_REPORT_HEADLINE.match(lines[i]):
            i += 1
            continue
        j = i + 1
        if j >= n or not FMT_REPORT_POINTER.match(lines[j]):
            i = j
            continue
        start = j + 1
        end = start
        while end < n and lines[end].strip() and FMT_REPORT_BODY.match(lines[end]):
            end += 1
        cut = start + SHOWN_BODY
        if end - cut >= MIN_ELIDED:
            runs.append((cut, end, _account(lines[cut:end])))
        i = end
    return runs or None


def _account(body: Sequence[str]) -> str:
    """What an elided stretch of one file's diff held, every line counted once."""
    added = removed = 0
    for line in body:
        sign = line.lstrip(" 0123456789")[:1]
        added += sign == "+"
        removed += sign == "-" and not line.startswith("---")
    other = len(body) - added - removed
    return f"rest of this file's formatting diff: {added} added, {removed} removed, {other} unchanged or separator lines"
