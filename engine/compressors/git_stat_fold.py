"""A `--stat` list's runs of rows of one shape, each file still named.

A mass rename or refactor gives `git diff --stat` hundreds of rows that differ only in their path
(` src/app/{ => handlers}/mod_07.py | 14 +++++++-------`). The list is an enumeration, so every
path stays; what folds is the repeated count, bar graph, padding and directory: the run's first
row is shown whole and the rest become one line that names each remaining file under the run's
common directory, with the count they share.
"""
from __future__ import annotations

from engine import patterns as P

#: Rows of one shape, in a row, before they fold (the first stays whole).
MIN_RUN = 4


def fold_stat_rows(lines: list[str], foldable: list[bool], marker_end: str) -> dict[int, tuple[int, str]]:
    """{first folded index: (end index, line)} for each run of consecutive stat rows with the
    same count part. Only lines marked foldable are read (the caller's non-hunk lines)."""
    rows: dict[int, tuple[str, str]] = {}
    for i in [i for i, ln in enumerate(lines) if ln[:1] == " " and " | " in ln and foldable[i]]:
        body = lines[i].rstrip("\r")
        if P.GIT_STAT_ROW.match(body):
            path, _, count = body.rpartition(" | ")
            rows[i] = (path.strip(), count.strip())
    folds: dict[int, tuple[int, str]] = {}
    order = list(rows)
    k = 0
    while k < len(order):
        i = order[k]
        count = rows[i][1]
        j = i + 1
        while j in rows and rows[j][1] == count:
            j += 1
        if j - i >= MIN_RUN:
            rest = [rows[r][0] for r in range(i + 1, j)]
            line = _marker(rest, count) + marker_end
            if len(line) < sum(map(len, lines[i + 1:j])) + j - i - 1:
                folds[i + 1] = (j, line)
        k += j - i
    return folds


def _marker(paths: list[str], count: str) -> str:
    prefix = _common_dir(paths)
    names = ", ".join(p[len(prefix):] for p in paths)
    where = f" under {prefix}" if prefix else ""
    return f" … {len(paths)} more rows, each | {count} (caveman){where}: {names}"


def _common_dir(paths: list[str]) -> str:
    """The longest common prefix of the paths that ends at a `/`."""
    first, last = min(paths), max(paths)
    k = 0
    while k < len(first) and k < len(last) and first[k] == last[k]:
        k += 1
    cut = first.rfind("/", 0, k)
    return first[:cut + 1] if cut >= 0 else ""
