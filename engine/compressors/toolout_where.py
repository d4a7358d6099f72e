"""Where the findings a marker counts are: shellcheck's, by file and line.

A thinned lint run keeps one finding per (rule, message shape) and counts the rest per rule in
the marker (`24 findings like those shown: SC2006×13 SC2086×10`). For shellcheck that left the
agent with a rule to fix and no place to fix it. Its findings each name one file and line (the
gcc format on the headline, the tty format in the `In path line N:` header above the excerpt),
so the marker lists them all, exactly, grouped by file: `at /usr/bin/R:145×2,154,158`.
clang-format's (a finding per misformatted spot, thousands of them) are listed by file only:
`in src/a.c×120 src/b.c×3`.
"""
from __future__ import annotations

from engine.patterns import SHELLCHECK_IN_LINE, TOOL_DIAG_GCC


def coded_shellcheck(rule: str) -> bool:
    return rule[:2] == "SC" and rule[2:].isdigit()


def shellcheck_location(norm: list[str], head: int, group: list[int] | None, style: str) -> tuple[str, str] | None:
    """(path, line) of a shellcheck finding, or None when its lines do not say."""
    if style == "shellcheck":
        m = SHELLCHECK_IN_LINE.match(norm[group[0]]) if group else None
    else:
        m = TOOL_DIAG_GCC.match(norm[head])
    return (m["path"], m["line"]) if m else None


def describe_locations(locations: list[tuple[str, str]]) -> str:
    """`path:L1,L2×2 path2:L3`: every location in order, a file named once per run of its
    findings, a line repeated k times in a row written once with ×k."""
    parts: list[str] = []
    path = None
    numbers: list[list] = []
    for p, line in locations:
        if p != path:
            if path is not None:
                parts.append(f"{path}:{_numbers(numbers)}")
            path, numbers = p, []
        if numbers and numbers[-1][0] == line:
            numbers[-1][1] += 1
        else:
            numbers.append([line, 1])
    if path is not None:
        parts.append(f"{path}:{_numbers(numbers)}")
    return " ".join(parts)


def _numbers(numbers: list[list]) -> str:
    return ",".join(n if k == 1 else f"{n}×{k}" for n, k in numbers)


def describe_files(paths: list[str]) -> str:
    """`a.c×120 b.c×3`: every file in order of first appearance with its count."""
    counts: dict[str, int] = {}
    for p in paths:
        counts[p] = counts.get(p, 0) + 1
    return " ".join(p if c == 1 else f"{p}×{c}" for p, c in counts.items())
