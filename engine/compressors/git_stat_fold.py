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
    same count part. Only lines marked foldable are read (the caller's kept, non-hunk lines)."""
    rows: list[tuple[int, str, str] | None] = []
    for i, line in enumerate(lines):
        row = None
        if foldable[i] and line[:1] == " " and " | " in line:
            body = line.rstrip("\r")
            if P.GIT_STAT_ROW.match(body):
                path, _, count = body.rpartition(" | ")
                row = (i, path.strip(), count.strip())
        rows.append(row)
    folds: dict[int, tuple[int, str]] = {}
    i = 0
    n = len(rows)
    while i < n:
        row = rows[i]
        if row is None:
            i += 1
            continue
        j = i + 1
        while j < n and rows[j] is not None and rows[j][2] == row[2]:
            j += 1
        if j - i >= MIN_RUN:
            rest = [r[1] for r in rows[i + 1:j]]  # type: ignore[index]
            line = _marker(rest, row[2]) + marker_end
            if len(line) < sum(len(ln) + 1 for ln in lines[i + 1:j]):
                folds[i + 1] = (j, line)
        i = j
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
