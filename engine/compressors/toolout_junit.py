"""A JUnit XML report printed to the terminal (vitest/jest `--reporter=junit`, surefire, pytest
`--junitxml=/dev/stdout`), read as a test run.

Line by line it is markup, so the generic rules elided the `<testcase name=...>` line that
names a failure and thinned the diff inside `<failure>` as "other lines". Here a test case that
holds a `<failure>`, `<error>` or `<skipped>` is kept whole, from its `<testcase` line through
`</testcase>`; a passing one (`<testcase .../>`, or with nothing but its closing tag) is PASS;
a `<testsuite(s)` line reporting failures or errors is KEEP (its counts are the summary).
"""
from __future__ import annotations

from engine.compressors.toolout_scan import KEEP, OTHER, PASS, problem
from engine.patterns import JUNIT_ODD_CHILD, JUNIT_SUITE_FAILED

#: A `<property>` line of a report's `<properties>` block (surefire writes the JVM's seventy
#: system properties into every report, pytest its plugins' statistics): the environment, no
#: result; counted in the marker as such.
PROPERTY = "junit_property"
#: A `<properties>` block shorter than this is shown whole.
PROPERTIES_MIN = 8

#: A failing test case's element is kept whole up to this many lines; past it the rest is left
#: to the other rules (a runaway `<system-out>` is a transcript, not the failure).
CASE_MAX = 400


def mark_junit(norm: list[str], cls: list[str]) -> None:
    joined = "\n".join(norm)
    if "<testcase" not in joined:  # one C-level scan: most transcripts hold none
        return
    n = len(norm)
    if "<properties>" in joined:
        _mark_properties(norm, cls)
    i = 0
    while i < n:
        s = norm[i].lstrip()
        if not s.startswith("<test"):
            i += 1
            continue
        if s.startswith("<testsuite"):
            if JUNIT_SUITE_FAILED.search(s):
                cls[i] = KEEP
            i += 1
            continue
        if not s.startswith("<testcase"):
            i += 1
            continue
        if s.endswith("/>"):
            if cls[i] == OTHER:
                cls[i] = PASS
            i += 1
            continue
        j = i + 1
        odd = False
        while j < n and j - i <= CASE_MAX and not norm[j].lstrip().startswith(("</testcase>", "<testcase")):
            odd = odd or JUNIT_ODD_CHILD.match(norm[j]) is not None
            j += 1
        closed = j < n and norm[j].lstrip().startswith("</testcase>")
        end = j + 1 if closed else j
        if odd:
            for k in range(i, end):
                cls[k] = KEEP
        elif closed and j == i + 1:  # `<testcase ...>` then `</testcase>`: a passing test
            for k in (i, j):
                if cls[k] == OTHER:
                    cls[k] = PASS
        i = end


def _mark_properties(norm: list[str], cls: list[str]) -> None:
    """The `<property …/>` lines of each long `<properties>` block: PROPERTY (one that names a
    problem keeps its own class)."""
    n = len(norm)
    i = 0
    while i < n:
        if norm[i].strip() != "<properties>":
            i += 1
            continue
        j = i + 1
        while j < n and norm[j].lstrip().startswith("<property "):
            j += 1
        if j < n and norm[j].strip() == "</properties>" and j - i - 1 >= PROPERTIES_MIN:
            for k in range(i + 1, j):
                if cls[k] == OTHER and not problem(norm[k]):
                    cls[k] = PROPERTY
        i = j
