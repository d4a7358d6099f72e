"""What `go test` and `go build` output must keep, read in context (toolout's Go rules).

toolout labels each Go line by itself (a `--- FAIL:` block, `=== RUN` chatter, a `--- PASS:`
row, a t.Log line kept as a test's message). This pass reads them together:

- `go test -v` prints a failing test's `--- FAIL:` row with its passing subtests' `--- PASS:`
  rows nested under it: those are passing lines, not part of the failure.
- In `-v` mode a test's messages come right after its `=== RUN` (or `=== CONT`/`=== NAME`) line,
  not under its result row: a message of a test that passed is a passing line; one of a test
  that failed, was skipped or never finished stays, with the header that names its test.
- Each package's closing row (`ok  \\tpkg\\t0.01s`, `FAIL\\tpkg`, `?   \\tpkg\\t[no test files]`) is
  the run's per-package result and stays; the bare `PASS` above an `ok` row says nothing more.
- A benchmark's result rows are the measurements asked for: all stay, with the `pkg:` line.
- The race detector's report (between two `==================` rules) stays whole: its two
  accesses and the goroutines' creation stacks locate the race.

Every rule is asked only of the lines holding its literal word (LineScan), and only when the
text holds it at all.
"""
from __future__ import annotations

from bisect import bisect_left

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP, OTHER, PASS
from engine.patterns import (
    GO_BENCH_ROW, GO_PACKAGE_END, GO_RACE_RULE, GO_TEST_HEADER, GO_TEST_OUTPUT, GO_TEST_RESULT,
)

#: What a package's closing row starts with (GO_PACKAGE_END): only lines holding one are asked.
PACKAGE_END_WORDS = ("ok  \t", "FAIL\t", "?   \t")
#: Lines of one race report kept at most (a runaway report is a transcript, not a finding).
RACE_REPORT_MAX = 400


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def mark_go(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """Relabel Go test and build lines in context (see the module's docstring)."""
    joined = scan.joined()
    if "--- PASS: " in joined and "--- FAIL: " in joined:
        _thin_fail_blocks(norm, cls, in_block, scan)
    rows: set[int] = set()
    for word in PACKAGE_END_WORDS:
        if word in joined:
            rows |= scan.word_lines(word, fold_case=False)
    package_ends = sorted(i for i in rows if GO_PACKAGE_END.match(norm[i]))
    _keep_package_results(norm, cls, package_ends)
    if "=== " in joined and ".go:" in joined:
        _attribute_verbose_output(norm, cls, in_block, scan, package_ends)
    if "ns/op" in joined:
        _keep_benchmarks(norm, cls, scan)
    if "DATA RACE" in joined:
        _keep_race_reports(norm, cls, in_block, scan)


def _thin_fail_blocks(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """A `--- PASS:` row inside a failure block (a passing subtest of a failing test) and the
    lines nested under it are passing lines."""
    n = len(norm)
    for i in sorted(scan.word_lines("--- PASS: ", fold_case=False)):
        if not in_block[i] or cls[i] != KEEP:
            continue
        m = GO_TEST_RESULT.match(norm[i])
        if m is None or m["status"] != "PASS":
            continue
        depth = len(m["indent"])
        cls[i], in_block[i] = PASS, False
        j = i + 1
        while j < n and norm[j] and _indent(norm[j]) > depth and in_block[j]:
            cls[j], in_block[j] = PASS, False
            j += 1


def _keep_package_results(norm: list[str], cls: list[str], package_ends: list[int]) -> None:
    """Every package's closing row stays (a partial list of them would read as the whole)."""
    for i in package_ends:
        cls[i] = KEEP
        if i > 0 and norm[i - 1] == "PASS" and norm[i].startswith("ok") and cls[i - 1] == KEEP:
            cls[i - 1] = PASS  # the bare `PASS` that `-v` prints above each `ok` row


def _attribute_verbose_output(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan,
                              package_ends: list[int]) -> None:
    """`go test -v`: a message belongs to the test named by the last header above it, in the
    same package's run. A passing test's messages are passing lines; any other test's stay,
    and so does the header that names it."""
    headers = sorted(i for i in scan.word_lines("=== ", fold_case=False) if GO_TEST_HEADER.match(norm[i]))
    if not headers:
        return
    status: dict[tuple[int, str], str] = {}
    for i in scan.word_lines("--- ", fold_case=False):
        m = GO_TEST_RESULT.match(norm[i])
        if m is not None:
            status[(bisect_left(package_ends, i), m["name"])] = m["status"]
    n = len(norm)
    for i in sorted(scan.word_lines(".go:", fold_case=False)):
        if in_block[i] or cls[i] not in (KEEP, OTHER):
            continue
        m = GO_TEST_OUTPUT.match(norm[i])
        if m is None:
            continue
        h = bisect_left(headers, i) - 1
        segment = bisect_left(package_ends, i)
        if h < 0 or bisect_left(package_ends, headers[h]) != segment:
            continue  # no header of this package's run above it: not -v output
        name = GO_TEST_HEADER.match(norm[headers[h]])["name"]
        passed = status.get((segment, name)) == "PASS"
        label = PASS if passed else KEEP
        if not passed:
            cls[headers[h]] = KEEP
        cls[i] = label
        depth = len(m["indent"])
        j = i + 1
        while j < n and norm[j] and _indent(norm[j]) > depth and cls[j] in (KEEP, OTHER) and not in_block[j]:
            cls[j] = label  # the message's continuation lines
            j += 1


def _keep_benchmarks(norm: list[str], cls: list[str], scan: LineScan) -> None:
    rows = [i for i in scan.word_lines("ns/op", fold_case=False) if GO_BENCH_ROW.match(norm[i])]
    for i in rows:
        cls[i] = KEEP
    if rows:
        for i in scan.word_lines("pkg: ", fold_case=False):
            if norm[i].startswith("pkg: "):
                cls[i] = KEEP  # which package the rows below measure


def _keep_race_reports(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    n = len(norm)
    for i in sorted(scan.word_lines("WARNING: DATA RACE", fold_case=False)):
        if norm[i] != "WARNING: DATA RACE" or in_block[i]:
            continue
        start = i - 1 if i > 0 and norm[i - 1] == GO_RACE_RULE else i
        end = i + 1
        while end < n and end - i < RACE_REPORT_MAX and norm[end] != GO_RACE_RULE:
            end += 1
        end = min(end + 1, n)  # the closing rule
        for k in range(start, end):
            cls[k], in_block[k] = KEEP, True
