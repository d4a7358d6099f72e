"""unittest -v on tests with docstrings: a result takes two lines.

    test_roundtrip_037 (test_ut.TestParse.test_roundtrip_037)
    parse_qty round-trips 37 ... ERROR

The first line alone looks like a passing test's (toolout_scan labels it PASS), and the second
is prose ending in the result. The pair is read together: both are passing lines when the
result is `ok`, and both are kept when it is anything else, so a marker never counts a failing
test's name among "passing-test lines". A test whose subtests report below it
(`test_cases (m.C.test_cases) ... ` then indented `... FAIL` lines) is kept with them.

A doctest run by unittest (`load_tests` with `DocTestSuite`) reports the same way, its name
first and its description (`Doctest: ` and the dotted name) with the result:

    windowed (more_itertools.more)
    Doctest: more_itertools.more.windowed ... ok

and is read the same way (pair_doctest_results).
"""
from __future__ import annotations

from itertools import compress

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP, OTHER, PASS
from engine.patterns import UNITTEST_ID_ONLY, UNITTEST_PENDING


def pair_docstring_results(norm: list[str], cls: list[str]) -> None:
    n = len(norm)
    for i in compress(range(n - 1), map(PASS.__eq__, cls[:n - 1])):
        if not norm[i].startswith("test") or not UNITTEST_ID_ONLY.match(norm[i]):
            continue
        result = norm[i + 1]
        if " ... " not in result or UNITTEST_ID_ONLY.match(result):
            continue
        if result.endswith(" ... ok"):
            if cls[i + 1] == OTHER:
                cls[i + 1] = PASS
        else:  # ERROR, FAIL, skipped '...', expected failure, unexpected success
            cls[i] = KEEP
            cls[i + 1] = KEEP
    for i in compress(range(1, n), map(KEEP.__eq__, cls[1:])):
        prev = norm[i - 1]
        if norm[i][:1] == " " and prev.endswith(" ...") and cls[i - 1] != KEEP and UNITTEST_PENDING.match(prev):
            cls[i - 1] = KEEP


#: What a doctest's description line starts with (unittest's DocTestCase.shortDescription).
DOCTEST_DESCRIPTION = "Doctest: "


def pair_doctest_results(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """`name (module)` above `Doctest: module.name ... RESULT`: a passing pair when RESULT is `ok`,
    both kept otherwise. The description must spell the name above it, so no other pair of
    lines is read as one."""
    for i in sorted(scan.candidates((DOCTEST_DESCRIPTION,), fold_case=False)):
        if i == 0 or not norm[i].startswith(DOCTEST_DESCRIPTION):
            continue
        head, sep, result = norm[i][len(DOCTEST_DESCRIPTION):].rpartition(" ... ")
        name_line = norm[i - 1]
        if not sep or not name_line.endswith(")") or " (" not in name_line:
            continue
        name, _, module = name_line[:-1].partition(" (")
        if head != f"{module}.{name}" or cls[i - 1] not in (OTHER, PASS):
            continue
        if result == "ok":
            if cls[i] in (OTHER, PASS):
                cls[i - 1] = cls[i] = PASS
        else:  # FAIL, ERROR, skipped '...'
            cls[i - 1] = cls[i] = KEEP
