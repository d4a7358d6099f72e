"""scikit-learn's classification_report: a table the agent printed to read, one row a class,
then the accuracy and the averages. Two models' reports differ only in their numbers, so read
as text the second report (its accuracy line included) was elided as a look-alike of the first
under a marker that said nothing. Every line of a report stays."""
from __future__ import annotations

from engine.patterns import COVERAGE_PY_HEADER, COVERAGE_PY_ROW, SKLEARN_REPORT_HEADER

#: Looked for in the joined text before any line is asked.
HINT = "f1-score"
#: The line that closes a report.
LAST_ROW = "weighted avg"
#: Lines of one report at most (a report with thousands of classes is still read to this).
MAX_ROWS = 2000


def report_lines(lines: list[str]) -> list[int]:
    """The indices of every classification_report's lines, header to `weighted avg`."""
    out: list[int] = []
    for i, line in enumerate(lines):
        if HINT not in line or not SKLEARN_REPORT_HEADER.match(line):
            continue
        end = next((j for j in range(i + 1, min(len(lines), i + 1 + MAX_ROWS))
                    if lines[j].lstrip().startswith(LAST_ROW)), None)
        if end is not None:
            out.extend(range(i, end + 1))
    return out


#: coverage.py's text report: looked for in the joined text before any line is asked.
COVERAGE_HINT = "Stmts"


def coverage_lines(lines: list[str]) -> list[int]:
    """The indices of every coverage.py text report's lines, header through `TOTAL` (and the
    `N files skipped due to complete coverage.` note under it). Read as prose, the per-file rows
    between the two rules went behind "29 sections elided": each row is one file's coverage,
    the table the agent asked for, so none stands for another."""
    out: list[int] = []
    n = len(lines)
    for i, line in enumerate(lines):
        if not line.startswith("Name") or COVERAGE_HINT not in line or not COVERAGE_PY_HEADER.match(line):
            continue
        k = i + 1
        while k < n and k - i <= MAX_ROWS:
            s = lines[k].rstrip()
            if s.startswith("TOTAL ") or (s and s.strip("-") == "") or COVERAGE_PY_ROW.match(s):
                k += 1
                if s.startswith("TOTAL "):
                    break
            else:
                break
        while k < n and lines[k].rstrip().endswith(("skipped due to complete coverage.", "empty files skipped.",
                                                    "empty file skipped.", "file skipped due to complete coverage.")):
            k += 1
        if k - i > 2:
            out.extend(range(i, k))
    return out
