"""unittest -v on tests with docstrings: a result takes two lines.

    test_roundtrip_037 (test_ut.TestParse.test_roundtrip_037)
    parse_qty round-trips 37 ... ERROR

The first line alone looks like a passing test's (toolout_scan labels it PASS), and the second
is prose ending in the result. The pair is read together: both are passing lines when the
result is `ok`, and both are kept when it is anything else, so a marker never counts a failing
test's name among "passing-test lines". A test whose subtests report below it
(`test_cases (m.C.test_cases) ... ` then indented `... FAIL` lines) is kept with them.
"""
from __future__ import annotations

from itertools import compress

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
