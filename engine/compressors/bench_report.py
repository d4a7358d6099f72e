"""Benchmark reports whose every result stays: pytest-benchmark's tables and hyperfine's blocks.

Each row or block is one benchmark the agent asked to time, an enumeration sorted by a column
(or in command order): the generic rules read them as look-alike lines and sampled them, so a
kept warning ended up under another benchmark. These helpers name the lines to keep whole.
"""
from __future__ import annotations

from collections.abc import Sequence


#: What heads pytest-benchmark's results table (`Name (time in ns)   Min   Max ...`).
BENCH_TABLE_SIGN = "Name (time in "
#: What heads the list of failed `--benchmark-compare-fail` checks.
BENCH_REGRESSED = "Performance has regressed"
#: Rows of one results table kept whole at most (past that, the generic rules apply).
BENCH_ROWS_MAX = 400


def benchmark_table_lines(lines: Sequence[str], joined: str) -> list[int]:
    """pytest-benchmark's results tables, from the `---- benchmark: N tests ----` rule above the
    header to the rule under the last row: one row per benchmark (and, comparing, one per saved
    run), an enumeration sorted by a column whose every row the agent reads, so none is sampled
    away. Only the lines at the sign's occurrences are looked at."""
    found: list[int] = []
    pos = joined.find(BENCH_TABLE_SIGN)
    line = 0
    last = 0
    while pos >= 0:
        line += joined.count("\n", last, pos)
        last = pos
        if joined.rfind("\n", 0, pos) + 1 == pos and line > 0 and "benchmark" in lines[line - 1] \
                and lines[line - 1].startswith("---"):
            end = line + 2  # past the rule under the header
            while end < len(lines) and end - line <= BENCH_ROWS_MAX + 2 and not lines[end].startswith("---"):
                end += 1
            if end < len(lines) and lines[end].startswith("---"):
                found.extend(range(line - 1, end + 1))
        pos = joined.find(BENCH_TABLE_SIGN, pos + 1)
    if BENCH_REGRESSED in joined:  # `--benchmark-compare-fail`: the verdict and each failed check under it
        for i, ln in enumerate(lines):
            if ln.startswith(BENCH_REGRESSED):
                found.append(i)
                k = i + 1
                while k < len(lines) and lines[k].startswith("\t"):
                    found.append(k)
                    k += 1
    return found


#: What every hyperfine result holds.
HYPERFINE_SIGN = "Time (mean ± σ):"


def hyperfine_lines(lines: Sequence[str], joined: str) -> list[int]:
    """hyperfine's results: each `Benchmark N: command` with its time and range lines (and the
    warnings under it), and the summary's `ran` / `times faster than` lines. One block per command
    the agent asked to time, an enumeration none of which is sampled away (a kept warning whose
    benchmark went read as another's)."""
    if HYPERFINE_SIGN not in joined or "Benchmark " not in joined:
        return []
    found: list[int] = []
    n = len(lines)
    i = 0
    while i < n:
        ln = lines[i]
        if ln.startswith("Benchmark ") and ln[10:11].isdigit() and i + 1 < n and HYPERFINE_SIGN in lines[i + 1]:
            k = i + 1
            while k < n and lines[k].startswith(" ") and not lines[k].startswith("Benchmark "):
                k += 1  # hyperfine's blank separators are a single space: they stay inside the block
            found.extend(range(i, k))
            i = k
        elif ln.startswith("Summary") and not ln[7:].strip():
            k = i + 1
            while k < n and lines[k].startswith("  "):
                k += 1
            found.extend(range(i, k))
            i = k
        else:
            i += 1
    return found
