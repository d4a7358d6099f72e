"""Where the thinned findings of a C/C++ analyser were: clang-tidy and cppcheck runs report
hundreds of findings of a few checks (`readability-identifier-length`, `funcArgNamesDifferent`);
toolout keeps one per check and message shape and counts the rest per check. Each of those
is still a place the agent must fix, so the marker adds every elided finding's file:line:col,
grouped by check, then by file (`at readability-braces-around-statements: src/lapi.c:66:9
72:37, src/lvm.c:1802:38`; a run of one check names it once, in the count). Read only from the elided lines, only for headlines that name
their check last in brackets (ANALYZER_HEADLINE); other markers are unchanged.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress, repeat

from engine.patterns import ANALYZER_HEADLINE, FINDINGS_COUNTED

Describe = Callable[[int, int], str]


def with_locations(describe: Describe | None, lines: Sequence[str]) -> Describe:
    """`describe` with the places of the run's elided analyser findings after what it says."""
    def described(i: int, j: int) -> str:
        said = describe(i, j) if describe is not None else ""
        counted = FINDINGS_COUNTED.search(said) if "finding" in said else None
        if counted is None:  # toolout counted no thinned finding in this run
            return said
        places, located = locations(lines[i:j])
        if located != int(counted.group(1)):
            return said  # some thinned findings are of another shape: no partial list
        return f"{said}; {places}"
    return described


def locations(lines: Sequence[str]) -> tuple[str, int]:
    """`at rule: path:line:col line:col, path:line:col; rule: ...` and how many places it names."""
    by_rule: dict[str, dict[str, list[str]]] = {}  # insertion order: first appearance
    # (the literal tests in C: an elided run can be thousands of lines, few of them headlines)
    for line in compress(lines, map(str.endswith, lines, repeat("]"))):
        if ": " not in line:
            continue
        m = ANALYZER_HEADLINE.fullmatch(line)
        if m is None:
            continue
        files = by_rule.setdefault(m["rule"], {})
        files.setdefault(m["path"], []).append(f"{m['line']}:{m['col']}")
    if not by_rule:
        return "", 0
    groups = []
    for rule, files in by_rule.items():
        where = ", ".join(f"{path}:{' '.join(places)}" for path, places in files.items())
        # one check: the count before it already names it (`variableScope×4; ...; at src/jv.c:267:12 ...`)
        groups.append(where if len(by_rule) == 1 else f"{rule}: {where}")
    located = sum(len(places) for files in by_rule.values() for places in files.values())
    return "at " + "; ".join(groups), located
