"""scikit-learn's classification_report: a table the agent printed to read, one row a class,
then the accuracy and the averages. Two models' reports differ only in their numbers, so read
as text the second report (its accuracy line included) was elided as a look-alike of the first
under a marker that said nothing. Every line of a report stays."""
from __future__ import annotations

from engine.patterns import SKLEARN_REPORT_HEADER

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
