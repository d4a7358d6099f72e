"""`python -m doctest -v`: one block per example.

    Trying:
        list(accumulate(add, [1, 2, 3]))
    Expecting:
        [1, 3, 6]
    ok

A block that ends in `ok` passed: all its lines are PASS. A block without its `ok` failed: it
runs through doctest's report (`File ..., line N`, `Failed example:`, `Expected:`, `Got:`) up
to the next example or the closing tallies, and is kept whole. The tallies list the passing
items (`   8 tests in itertoolz.accumulate`) after `N items passed all tests:`: PASS too.
"""
from __future__ import annotations

from engine.compressors.toolout_scan import KEEP, PASS

#: A failing example's report is kept through at most this many lines.
FAILURE_MAX = 200


def mark_doctest(norm: list[str], cls: list[str]) -> None:
    n = len(norm)
    if "Trying:" not in norm:  # a C-speed list scan: most tool output has no doctest block
        return
    starts = [i for i, s in enumerate(norm) if s == "Trying:"]
    for k, i in enumerate(starts):
        stop = starts[k + 1] if k + 1 < len(starts) else n
        j = i + 1
        while j < stop and (norm[j].startswith("    ") or norm[j] in ("Expecting:", "Expecting nothing")):
            j += 1
        if j < stop and norm[j] == "ok":
            for m in range(i, j + 1):
                cls[m] = PASS
            continue
        # failed: through its report, up to the next example or the tallies (an unindented
        # line that is none of the report's own headings)
        end = j
        while end < stop and end - i < FAILURE_MAX and (
            norm[end].startswith((" ", "*" * 10, "File ", "Failed example:", "Expected", "Got", "Exception raised:"))
            or not norm[end]
        ):
            end += 1
        for m in range(i, end):
            cls[m] = KEEP
    for i, s in enumerate(norm):
        if s.endswith(" items passed all tests:") or s.endswith(" item passed all tests:"):
            j = i + 1
            while j < n and norm[j].startswith("   ") and " tests in " in norm[j]:
                cls[j] = PASS
                j += 1
            cls[i] = PASS
