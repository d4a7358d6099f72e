"""What `go test` and `go build` output must keep, read in context (toolout's Go rules).

toolout labels each Go line by itself (a `--- FAIL:` block, `=== RUN` chatter, a `--- PASS:`
row, a t.Log line kept as a test's message). This pass reads them together:

- `go test -v` prints a failing test's `--- FAIL:` row with its passing subtests' `--- PASS:`
  rows nested under it: those are passing lines, not part of the failure.
- In `-v` mode a test's messages come right after its `=== RUN` (or `=== CONT`/`=== NAME`) line,
  not under its result row: a message of a test that passed is a passing line; a skipped
  test's reason stays the first time it is given (a repeat of it, with its test's `--- SKIP:`
  row, is a skipped-test line); one of a test that failed or never finished stays, with the
  header that names its test.
- Each package's closing row (`ok  \\tpkg\\t0.01s`, `FAIL\\tpkg`, `?   \\tpkg\\t[no test files]`) is
  the run's per-package result and stays; the bare `PASS` above an `ok` row (and the
  `coverage:` line the row repeats) says nothing more.
- A failing Example's `got:` and `want:` lines stay whole (they print at the margin, outside
  the indented block under its `--- FAIL:` row).
- A benchmark's result rows are the measurements asked for: all stay, with the `pkg:` line.
- The race detector's report (between two `==================` rules) stays whole: its two
  accesses and the goroutines' creation stacks locate the race.
- The fuzzer's periodic `fuzz: elapsed: ..., execs: ...` rows are progress.

Every rule is asked only of the lines holding its literal word (LineScan), and only when the
text holds it at all.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import CHATTER, KEEP, OTHER, PASS
from engine.patterns import (
    GO_BENCH_ROW, GO_PACKAGE_END, GO_RACE_RULE, GO_TEST_HEADER, GO_TEST_OUTPUT, GO_TEST_RESULT,
)

#: What a package's closing row starts with (GO_PACKAGE_END): only lines holding one are asked.
PACKAGE_END_WORDS = ("  \t", "FAIL\t")  # `ok  \t`, `?   \t`; `FAIL\t`
#: A skipped test's repeated reason and its `--- SKIP:` row (toolout counts them in markers).
SKIPPED = "skipped"
#: Up to this many -v messages, each one's passing result row is looked for with str.find (one
#: scan of the run after it); past it, the passing rows are indexed in one pass instead.
FIND_RESULTS_MAX = 16
#: The fuzzer's periodic status row (`fuzz: elapsed: 24s, execs: 551124 (179033/sec), new
#: interesting: 3 (total: 25)`); its baseline and minimizing rows say more and stay.
FUZZ_PROGRESS = "fuzz: elapsed: "
#: Lines of one failing Example's got/want kept at most.
EXAMPLE_DIFF_MAX = 1000
#: Lines of one race report kept at most (a runaway report is a transcript, not a finding).
RACE_REPORT_MAX = 400


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def mark_go(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """Relabel Go test and build lines in context (see the module's docstring). A run of go
    test ends each package with a tab-separated row; a failure prints `--- FAIL: `. Text with
    neither (one memchr, one search) is left alone, and no other word is looked for in it."""
    joined = scan.joined()
    tab = "\t" in joined
    failed = "--- FAIL: " in joined
    if not (tab or failed):
        return
    rows: set[int] = set()
    if tab:
        for word in PACKAGE_END_WORDS:
            if word in joined:
                rows |= scan.word_lines(word, fold_case=False)
    package_ends = sorted(i for i in rows if GO_PACKAGE_END.match(norm[i]))
    if not (package_ends or failed):
        return
    if failed and "--- PASS: " in joined:
        _thin_fail_blocks(norm, cls, in_block, scan)
    if failed and "--- FAIL: Example" in joined:
        _keep_example_diffs(norm, cls, in_block, scan)
    _keep_package_results(norm, cls, package_ends)
    if "=== " in joined and ".go:" in joined:
        _attribute_verbose_output(norm, cls, in_block, scan, package_ends)
    if "ns/op" in joined:
        _keep_benchmarks(norm, cls, scan)
    if "DATA RACE" in joined:
        _keep_race_reports(norm, cls, in_block, scan)
    if FUZZ_PROGRESS in joined:  # `go test -fuzz`: a status row every 3 s
        for i in scan.word_lines(FUZZ_PROGRESS, fold_case=False):
            if norm[i].startswith(FUZZ_PROGRESS) and ", execs: " in norm[i] and cls[i] == OTHER:
                cls[i] = CHATTER


def _thin_fail_blocks(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """A `--- PASS:` row inside a failure block (a passing subtest of a failing test) and the
    lines nested under it are passing lines. Only the lines of the blocks `--- FAIL:` rows
    open are read (the failing tests' subtests), not the whole run."""
    n = len(norm)
    done = -1
    for start in sorted(scan.word_lines("--- FAIL: ", fold_case=False)):
        if start <= done or not in_block[start]:
            continue
        i = start + 1
        while i < n and in_block[i] and (not norm[i] or norm[i][0].isspace()):
            m = GO_TEST_RESULT.match(norm[i]) if "--- PASS: " in norm[i] else None
            if m is None or cls[i] != KEEP:
                i += 1
                continue
            depth = len(m["indent"])
            cls[i], in_block[i] = PASS, False
            i += 1
            while i < n and norm[i] and _indent(norm[i]) > depth and in_block[i]:
                cls[i], in_block[i] = PASS, False
                i += 1
        done = i


def _keep_example_diffs(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """A failing Example prints what it printed (`got:`) and what its `// Output:` comment
    says (`want:`) at the margin, under its `--- FAIL:` row: both stay whole (the one line
    that differs is the failure)."""
    n = len(norm)
    for i in sorted(scan.word_lines("--- FAIL: Example", fold_case=False)):
        if i + 1 >= n or norm[i + 1] != "got:" or not norm[i].startswith("--- FAIL: Example"):
            continue
        end, wanted = i + 2, False
        while end < n and end - i < EXAMPLE_DIFF_MAX:
            s = norm[end]
            if wanted and (s.startswith(("--- ", "=== ", "ok  \t", "?   \t", "panic: ")) or s in ("FAIL", "PASS")
                           or s.startswith("FAIL\t")):
                break
            wanted = wanted or s == "want:"
            end += 1
        for k in range(i, end):
            cls[k], in_block[k] = KEEP, True


def _keep_package_results(norm: list[str], cls: list[str], package_ends: list[int]) -> None:
    """Every package's closing row stays (a partial list of them would read as the whole)."""
    for i in package_ends:
        cls[i] = KEEP
        if not norm[i].startswith("ok"):
            continue
        k = i - 1
        if k > 0 and norm[k].startswith("coverage: ") and norm[i].endswith("\t" + norm[k]):
            cls[k] = PASS  # `-cover`: the figure the `ok` row repeats
            k -= 1
        if k >= 0 and norm[k] == "PASS" and cls[k] == KEEP:
            cls[k] = PASS  # the bare `PASS` that `-v` prints above each `ok` row


def _attribute_verbose_output(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan,
                              package_ends: list[int]) -> None:
    """`go test -v`: a message belongs to the test named by the last header above it, in the
    same package's run. A passing test's messages are passing lines. A skipped test's reason
    stays the first time it is given; a repeat of it (`INTEG_DB not set` for sixty tests) and
    that test's `--- SKIP:` row are skipped-test lines. Any other test's messages stay, and so
    does the header that names it. Only the messages, the lines back to their headers and (by
    str.find) the result rows of their tests are read."""
    n = len(norm)
    messages = [(i, m) for i in sorted(scan.word_lines(".go:", fold_case=False))
                if not in_block[i] and cls[i] in (KEEP, OTHER) and (m := GO_TEST_OUTPUT.match(norm[i]))]
    result = _Results(norm, scan, package_ends, indexed=len(messages) > FIND_RESULTS_MAX)
    reasons: set[str] = set()
    header, last = -1, -1  # the header found for the message at `last`
    for i, m in messages:
        j = i - 1
        while j > last and not norm[j].startswith("=== "):
            j -= 1
        if j > last:
            header = j if GO_TEST_HEADER.match(norm[j]) else -1
        last = i
        segment = bisect_left(package_ends, i)
        if header < 0 or bisect_left(package_ends, header) != segment:
            continue  # no header of this package's run above it: not -v output
        _, kind, name = norm[header].split(None, 2)
        # a paused test prints nothing: whose message follows its header is unknown
        status, row = (None, -1) if kind == "PAUSE" else result.of(segment, name, i)
        label = KEEP
        if status == "PASS":
            label = PASS
        elif status == "SKIP":
            reason = norm[i][m.end():]
            if reason in reasons:
                label = SKIPPED
                if cls[row] == KEEP:
                    cls[row] = SKIPPED
            reasons.add(reason)
        else:
            cls[header] = KEEP
        cls[i] = label
        depth = len(m["indent"])
        j = i + 1
        while j < n and norm[j] and _indent(norm[j]) > depth and cls[j] in (KEEP, OTHER):
            if in_block[j]:
                if label != KEEP:
                    break
                j += 1  # a failed test's message goes on past a block kept for its own words
                continue  # (testify's `Error:` line, then its `Test:` and `Messages:` lines)
            cls[j] = label  # the message's continuation lines
            j += 1


class _Results:
    """A test's result row after its message: ("PASS" or "SKIP", its line), or (None, -1) when
    it failed or never finished. With few messages each is looked for with str.find between the
    message and its package's closing row; with many, the PASS and SKIP rows are indexed once."""

    def __init__(self, norm: list[str], scan: LineScan, package_ends: list[int], indexed: bool) -> None:
        self.norm, self.scan, self.package_ends = norm, scan, package_ends
        self.index: dict[tuple[int, str], tuple[str, int]] | None = None
        if indexed:
            self.index = {}
            for word in ("--- PASS: ", "--- SKIP: "):
                for k in sorted(scan.word_lines(word, fold_case=False), reverse=True):  # the first row wins
                    row = GO_TEST_RESULT.match(norm[k])
                    if row is not None:
                        self.index[(bisect_left(package_ends, k), row["name"])] = (row["status"], k)

    def of(self, segment: int, name: str, i: int) -> tuple[str | None, int]:
        if self.index is not None:
            return self.index.get((segment, name), (None, -1))
        # where each line starts in the joined text (of the lines as given, not normalised)
        joined, starts, ends = self.scan.joined(), self.scan.starts(), self.package_ends
        end = starts[ends[segment]] if segment < len(ends) else len(joined)
        for status in ("PASS", "SKIP"):
            pos = joined.find(f"--- {status}: {name} (", starts[i], end)
            if pos >= 0:
                return status, bisect_right(starts, pos) - 1
        return None, -1


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
