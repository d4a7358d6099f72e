"""JavaScript runners' verdict lines that toolout's generic rules would misread.

- vitest's default reporter lists each file; a file holding failures gets a `❯` row with its
  counts, then a row per failing test and a `→ message` row under it. They are indented like
  suite titles, so the test-tree rule would call them passing structure and the view would
  count them as "passing-test lines". They are the run's verdict: kept.
- vitest's verbose rows: a failing `× test` row's `→ message` rows, and skipped `↓ test` rows
  (odd results, not passes). A `× test` row does not open a pip-style error box either.
- Playwright's list reporter: `✘` / `-` result rows, each failure's block (`  1) a.spec.ts:10:1 ›
  title ───` through the next one or the closing counts) whole, and the closing counts with the
  tests `N failed` / `N flaky` list. All indented like suite titles.
- Lists the agent asked for, kept whole (keepNonRedundant, and the text compressor that reads
  toolout's verdict, would elide their look-alike rows): `vitest list`'s test ids,
  `npm pack --dry-run`'s tarball contents, and runs of bare source paths (`tsc --listFiles`).
- vitest's closing `Snapshots  2 failed` (jest's `Snapshots:` is a summary already).
- istanbul's text coverage table (jest, vitest, nyc with `--coverage`): the per-file rows are
  what the agent ran the command for, a list it reads by name, so it stays whole.
- jest's console blocks: the test's own output. In a verbose run the tree rule took their
  indented lines for suite titles (so a marker called them passing-test lines); they are
  OTHER again. A `console.warn` / `console.error` block's first message line is a warning or
  an error the code under test reported: KEEP (keepNonRedundant would elide one as "like"
  another).

`mark_js(norm, cls)` runs after the tree rule and before the problem-word rule: it raises
labels to KEEP, and takes back to OTHER only what the tree rule called passing in a console
block.
"""
from __future__ import annotations

from engine.compressors.lines import LIST_MAX_ENTRIES, LineScan
from engine.compressors.toolout_scan import CHATTER, KEEP, OTHER, PASS, REPEAT
from engine.patterns import (
    CODE_FRAME_ROW,
    DENO_RESULT_ROW,
    JS_COVERAGE_HEADER,
    JS_BARE_SOURCE_PATH,
    JS_COVERAGE_RULE,
    JS_NPM_PACK_ROW,
    JS_PW_COUNT,
    JS_PW_FAILURE_HEAD,
    JS_PW_LINE_ROW,
    JS_PW_LIST_HEAD,
    JS_PW_LIST_ROW,
    JS_PW_RESULT_NUM,
    JS_PW_RESULT_ODD,
    JS_PW_RETRY_HEAD,
    JS_PW_STARTED,
    JS_VITEST_CONSOLE_HEAD,
    JS_VITEST_FAIL_TEST,
    JS_VITEST_FAILED_ROW,
    JS_VITEST_FILE_FAILED,
    JS_VITEST_LIST_ROW,
    JS_VITEST_SKIPPED,
    JS_VITEST_SNAPSHOTS,
    TOOL_JEST_CONSOLE,
    TSTYCHE_AT,
)

#: What every JS / TS source path holds (`.jsx`, `.d.ts` too): the lines JS_BARE_SOURCE_PATH is asked of.
SOURCE_ENDINGS = (".js", ".ts")
#: A line mark_js reads one by one holds one of these.
HINT_WORDS = ("❯", "×", "↓", "Snapshots", "% Stmts", "console.")
#: jest console methods whose message reports a problem.
PROBLEM_CONSOLE = frozenset({"warn", "error"})
#: What follows pip's, uv's or miette's `× message` line: the box of its details (`│ exit
#: code: 1`, `╰─> [18 lines of output]`). vitest's `× test name` row has none.
BOX_CHARS = "│╰╭├┃╿"


def vitest_cross_row(norm: list[str], i: int) -> bool:
    """Line i is a vitest `× test name` result row, not the head of a pip-style error box."""
    s = norm[i]
    if not s.lstrip().startswith("× "):
        return False
    nxt = norm[i + 1].lstrip() if i + 1 < len(norm) else ""
    return bool(nxt) and nxt[0] not in BOX_CHARS  # a blank line after: left to the box rule


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _holding(scan: LineScan, words: tuple[str, ...]) -> list[int]:
    """The lines holding any of `words` (case as written), in order."""
    return sorted(scan.candidates(words, fold_case=False))


def mark_js(norm: list[str], cls: list[str], scan: LineScan | None = None) -> None:
    """Raise playwright's and vitest's verdict rows, the lists the agent asked for, coverage
    tables and jest console problem messages to KEEP; jest console lines the tree rule took for
    suite titles go back to OTHER (see the module docstring). `scan`: a LineScan of the lines
    (or of lines each holding its normalised line) that the caller shares; each rule reads only
    the lines holding its words, and its pattern decides on the normalised line."""
    scan = scan or LineScan(norm)
    if "›" in scan.joined():  # only playwright (and jest titles) print it
        _mark_playwright(norm, cls)
        if JS_PW_LIST_HEAD in scan.joined():
            _mark_playwright_list(norm, cls, scan)
    for i in _holding(scan, (".test.", ".spec.")):
        if JS_VITEST_LIST_ROW.match(norm[i]):
            cls[i] = KEEP
    for i in _holding(scan, ("npm notice",)):
        if JS_NPM_PACK_ROW.match(norm[i]):
            cls[i] = KEEP
    _mark_path_lists(norm, cls, scan)
    hints = _holding(scan, HINT_WORDS)
    n = len(norm)
    if NODE_COVERAGE_START in scan.joined():
        _mark_node_coverage(norm, cls, scan)
    if ("stdout | " in scan.joined() or "stderr | " in scan.joined()) and " FAIL " in scan.joined():
        _mark_failed_tests_output(norm, cls, scan)
    for i in hints:
        s = norm[i]
        if "❯" in s and (m := JS_VITEST_FILE_FAILED.match(s)):
            cls[i] = KEEP
            base = len(m.group(1))
            j = i + 1
            while j < n and norm[j].strip() and _indent(norm[j]) > base:
                if JS_VITEST_FAILED_ROW.match(norm[j]):
                    cls[j] = KEEP
                j += 1
        elif "×" in s and vitest_cross_row(norm, i):
            base = _indent(s)
            j = i + 1
            while j < n and norm[j].lstrip().startswith("→ ") and _indent(norm[j]) > base:
                cls[j] = KEEP  # the failing test's message, under its row
                j += 1
        elif "↓" in s and JS_VITEST_SKIPPED.match(s):
            cls[i] = KEEP
        elif "Snapshots" in s and JS_VITEST_SNAPSHOTS.match(s):
            cls[i] = KEEP
        elif "% Stmts" in s and JS_COVERAGE_HEADER.match(s):
            start = i - 1 if i > 0 and JS_COVERAGE_RULE.match(norm[i - 1]) else i
            j = i + 1
            while j < n and "|" in norm[j]:
                j += 1
            for k in range(start, j):
                cls[k] = KEEP
        elif "console." in s and (m := TOOL_JEST_CONSOLE.match(s)):
            _mark_console_block(norm, cls, i, m["method"] in PROBLEM_CONSOLE)
        elif "console." not in s and s.strip() == "● Console" and cls[i] == PASS:
            cls[i] = OTHER  # a verbose run's tree took jest's console header for a suite title


#: node --test --experimental-test-coverage frames its table (`ℹ file | line % | branch % …`,
#: `# ` before each line under the TAP reporter) with these lines.
NODE_COVERAGE_START = "start of coverage report"
NODE_COVERAGE_END = "end of coverage report"


def _mark_node_coverage(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """node --test's coverage table, the list the agent asked for: every line from its
    `start of coverage report` to its `end of coverage report` stays (its rules and file rows
    were thinned one at a time as `1 other line`, a partial table reading as complete)."""
    n = len(norm)
    for i in _holding(scan, (NODE_COVERAGE_START,)):
        if not norm[i].rstrip().endswith(NODE_COVERAGE_START):
            continue
        j = i + 1
        while j < n and not norm[j].rstrip().endswith(NODE_COVERAGE_END):
            j += 1
        if j < n:  # a table cut off (a crash, a timeout) is left to the other rules
            for k in range(i, j + 1):
                cls[k] = KEEP


def _mark_failed_tests_output(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """vitest's console blocks of the tests that failed (`stdout | vt/a.test.js > s > t`, the
    lines the test printed, to a blank line) stay: what a failing test printed is the first
    thing read when debugging it; every other test's blocks are its output, thinned."""
    failed = set()
    for i in _holding(scan, (" FAIL ",)):
        if m := JS_VITEST_FAIL_TEST.match(norm[i]):
            failed.add(m.group(1).rstrip())
    if not failed:
        return
    n = len(norm)
    for i in _holding(scan, ("stdout | ", "stderr | ")):
        m = JS_VITEST_CONSOLE_HEAD.match(norm[i])
        if m is None or m.group(1).rstrip() not in failed:
            continue
        j = i
        while j < n and norm[j].strip():
            cls[j] = KEEP
            j += 1


def _mark_console_block(norm: list[str], cls: list[str], i: int, problem: bool) -> None:
    """A jest console block (its header at line i, its lines indented deeper, blank lines
    inside) is the test's output, not a suite title: a verbose run's tree rule called its lines
    passing structure, and the marker counted them as passing-test lines. A warn / error
    block's first message line is KEEP."""
    n, base = len(norm), _indent(norm[i])
    if cls[i] == PASS:
        cls[i] = OTHER
    first = True
    j = i + 1
    while j < n and (not norm[j] or _indent(norm[j]) > base):
        if norm[j] and first and problem:
            cls[j] = KEEP
        elif cls[j] == PASS:
            cls[j] = OTHER
        first = first and not norm[j]
        j += 1


#: A line of a Playwright retry section equal to a line of its test's first attempt.
RETRY_COPY = "retrycopy"
#: Fewer non-blank copied lines in a row than this stay (a marker would cost as much).
MIN_RETRY_RUN = 3
#: A playwright failure block is kept whole up to this many lines (a runaway block is a
#: transcript, not a failure).
PW_BLOCK_MAX = 400


def _mark_playwright(norm: list[str], cls: list[str]) -> None:
    n = len(norm)
    started: dict[str, list[int]] = {}  # a test's number -> its announcement rows
    finished: set[str] = set()  # the numbers of the tests whose result row is in the run
    line_rows: list[int] = []  # the line reporter's `[7/51] ... › title` rows
    counted = False  # the run printed its closing counts
    i = 0
    while i < n:
        s = norm[i]
        if "›" not in s and not JS_PW_COUNT.match(s):
            i += 1
            continue
        if r := JS_PW_RESULT_NUM.match(s):
            finished.add(r.group(1))
        elif r := JS_PW_STARTED.match(s):
            started.setdefault(r.group(1), []).append(i)
        elif s[:1] == "[" and JS_PW_LINE_ROW.match(s):
            line_rows.append(i)
        if JS_PW_RESULT_ODD.match(s):
            cls[i] = KEEP
        elif m := JS_PW_FAILURE_HEAD.match(s):
            base = len(m.group(1))
            j = i + 1
            while j < n and j - i <= PW_BLOCK_MAX:
                t = norm[j]
                # A block's lines are indented deeper than its header: a line left of it (the
                # line reporter's next `[7/51] a.spec.ts:3:3 › title` row, a test's own stdout)
                # is past the block.
                if t and (_indent(t) < base or _indent(t) == base and (
                        JS_PW_FAILURE_HEAD.match(t) or JS_PW_COUNT.match(t))):
                    break
                j += 1
            for k in range(i, j):
                cls[k] = KEEP
            _mark_retries(norm, cls, i, j)
            i = j
            continue
        elif m := JS_PW_COUNT.match(s):
            cls[i] = KEEP
            counted = True
            if m.group(2) in ("failed", "flaky", "did not run", "interrupted"):
                base = len(m.group(1))
                j = i + 1
                while j < n and norm[j] and _indent(norm[j]) > base:
                    cls[j] = KEEP  # the tests it counts
                    j += 1
                i = j
                continue
        i += 1
    # A started test's announcement says no more than its result row below it; one with no
    # result row (the test still running when the run was cut) stays.
    for num in sorted(started.keys() & finished, key=int):
        for k in started[num]:
            if cls[k] != KEEP:
                cls[k] = CHATTER
    # The line reporter's rows likewise; in a run cut before its closing counts, the last row
    # names the test that was running: kept.
    for k in line_rows:
        cls[k] = CHATTER
    if line_rows and not counted:
        cls[line_rows[-1]] = KEEP



def _mark_playwright_list(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """`playwright test --list`: every test row under `Listing tests:` is KEEP, up to
    LIST_MAX_ENTRIES of them (it read as a log, and the log rules thinned it)."""
    for head in _holding(scan, (JS_PW_LIST_HEAD,)):
        if norm[head] != JS_PW_LIST_HEAD:
            continue
        j = head + 1
        while j < len(norm) and JS_PW_LIST_ROW.match(norm[j]):
            j += 1
        if j - head - 1 <= LIST_MAX_ENTRIES:
            for k in range(head, j):
                cls[k] = KEEP


def _mark_retries(norm: list[str], cls: list[str], i: int, j: int) -> None:
    """In the failure block i..j-1 of a test run with retries, a retry section's lines that the
    first attempt's section printed too (its error, call log, source excerpt: a deterministic
    failure prints them again, word for word) become RETRY_COPY, counted in the marker; a line
    that differs (another count, the retry's screenshot path) and each `Retry #N` header stay."""
    heads = [k for k in range(i + 1, j) if norm[k].endswith("─") and JS_PW_RETRY_HEAD.match(norm[k])]
    if not heads:
        return
    first = set(norm[i + 1:heads[0]])
    k = heads[0] + 1
    while k < j:
        # a run of copied lines (blank ones among them); a short run stays, it labels what
        # differs below it (`attachment #1: screenshot (image/png) ───` over the retry's path)
        end = k
        while end < j and norm[end] in first and not (norm[end].endswith("─") and JS_PW_RETRY_HEAD.match(norm[end])):
            end += 1
        if sum(1 for m in range(k, end) if norm[m]) >= MIN_RETRY_RUN:
            for m in range(k, end):
                cls[m] = RETRY_COPY
        k = end + 1


#: A line of a failure's details in node --test's tree that its `✖ failing tests:` list prints
#: again, word for word (the recap keeps the failure whole, with its `test at file:line:col`).
NODE_RECAP_COPY = "noderecapcopy"
#: The heading of node --test's recap of the failures, at the end of a spec-reporter run.
NODE_RECAP_HEAD = "✖ failing tests:"


def fold_node_recap_copies(norm: list[str], cls: list[str]) -> None:
    """node --test (spec reporter) prints each failure's details under its `✖ name` row in the
    tree and again under `✖ failing tests:` at the end. The tree's copy of the details becomes
    NODE_RECAP_COPY, counted in the marker, when the recap holds them word for word (dedented
    to its row); the `✖` rows stay in the tree, the recap stays whole."""
    n = len(norm)
    head = next((k for k in range(n - 1, -1, -1) if norm[k].strip() == NODE_RECAP_HEAD), None)
    if head is None:
        return
    rows: dict[str, list[int]] = {}  # a tree row's text -> its lines, before the recap
    for k in range(head):
        s = norm[k]
        if "✖" in s and s.lstrip().startswith("✖ "):
            rows.setdefault(s.strip(), []).append(k)
    k = head + 1
    while k < n:
        s = norm[k]
        if not s.startswith("✖ "):
            k += 1
            continue
        end = k + 1  # the recap's details: indented lines (blank ones among them)
        while end < n and (not norm[end] or norm[end].startswith(" ")):
            end += 1
        while end > k + 1 and not norm[end - 1]:
            end -= 1
        body = norm[k + 1:end]
        if sum(1 for ln in body if ln) >= MIN_RETRY_RUN:
            for row in rows.get(s, ()):
                pad = " " * _indent(norm[row])
                copy = norm[row + 1:row + 1 + len(body)]
                if len(copy) == len(body) and all(c == (pad + b if b else "") for c, b in zip(copy, body)):
                    for m in range(row + 1, row + 1 + len(body)):
                        cls[m] = NODE_RECAP_COPY
        k = end
    return


#: How node --test's TAP reporter announces a test before its result line.
NODE_SUBTEST = "# Subtest: "


def mark_node_subtests(norm: list[str], cls: list[str]) -> None:
    """node --test's TAP: a `# Subtest: name` line announces the `ok N - name` line that ends
    the test at its indent (after its subtests); the announcement of a passing test passes
    with it (it read as an other line, and a few of them broke every run of passing lines)."""
    n = len(norm)
    for i in range(n):
        s = norm[i]
        if NODE_SUBTEST not in s or cls[i] != OTHER:
            continue
        pad = s[:len(s) - len(s.lstrip())]
        if s[len(pad):len(pad) + len(NODE_SUBTEST)] != NODE_SUBTEST:
            continue
        name = s[len(pad) + len(NODE_SUBTEST):]
        j = i + 1
        while j < n and (not norm[j] or norm[j].startswith(pad + " ") or norm[j].startswith(pad + "#")):
            if norm[j].startswith(pad + NODE_SUBTEST):  # a sibling announced: this one has no result
                break
            j += 1
        if j < n and cls[j] == PASS and norm[j].startswith(pad + "ok ") and norm[j].endswith(" - " + name):
            cls[i] = PASS


#: tape's (and tap-producing runners') stream opens with this; a `# name` comment heads a test.
TAP_BANNER = "TAP version "


def mark_tap_test_names(norm: list[str], cls: list[str]) -> None:
    """tape's TAP: a `# test name` comment at column 0 heads the `ok N msg` lines of its
    asserts; when every line under it up to the next comment or blank line is a passing
    assert, the name passes with them (each name read as an other line, so a run of passing
    tests broke into runs of one or two asserts that no marker took). A failing test's name
    (a `not ok` under it) is KEEP: the failure's YAML block does not say which test it is. The
    `# tests` / `# pass` tallies (no asserts under them) stay as they were."""
    n = len(norm)
    for i in range(n):
        s = norm[i]
        if not s.startswith("# ") or cls[i] != OTHER:
            continue
        j = i + 1
        failed = False
        while j < n and norm[j] and not norm[j].startswith("#") and (cls[j] == PASS or cls[j] == KEEP):
            failed = failed or norm[j].startswith("not ok ")
            j += 1
        if failed:
            cls[i] = KEEP
        elif j > i + 1 and (j == n or not norm[j] or norm[j].startswith("#")):
            cls[i] = PASS


#: AVA's row of a failed test (`✘ [fail]: title`), and the rule that opens and closes its
#: section of failure details (a lone `─` at two spaces).
AVA_FAIL_ROW = "✘ [fail]: "
AVA_RULE = "  ─"
#: An AVA failure section is kept whole up to this many lines (a runaway one is a transcript).
AVA_SECTION_MAX = 5000


def mark_ava(norm: list[str], cls: list[str]) -> None:
    """AVA prints the details of its failed tests between two `─` rules after the result rows:
    each test's title, its `file:line`, the code excerpt, the assertion's message, the
    difference (`- actual, + expected`) and the `› file://…:10:11` frame. The whole section is
    KEEP (the generic rules read the titles as passing suite titles and cut its diffs)."""
    n = len(norm)
    i = next((k for k in range(n) if norm[k].lstrip().startswith(AVA_FAIL_ROW)), None)
    while i is not None and i < n:
        start = next((k for k in range(i, n) if norm[k] == AVA_RULE), None)
        if start is None:
            return
        end = next((k for k in range(start + 1, min(n, start + AVA_SECTION_MAX)) if norm[k] == AVA_RULE), None)
        if end is None:
            return
        for k in range(start, end + 1):
            cls[k] = KEEP
        i = next((k for k in range(end + 1, n) if norm[k].lstrip().startswith(AVA_FAIL_ROW)), None)


#: bun test's banner, and the marks its result rows start with (passed, failed, skipped, todo).
BUN_BANNER = "bun test v"
BUN_ROWS = ("✓ ", "✗ ", "» ", "✎ ")
BUN_FAILED = "✗ "
#: A bun failure block above its row is kept whole up to this many lines.
BUN_BLOCK_MAX = 400


def mark_bun(norm: list[str], cls: list[str]) -> None:
    """bun test prints a failed test's details above its `✗ name` row: the code excerpt
    (`7 |     expect(...)` and its caret), the `error:` message, the difference, the `at` frames.
    Those lines, back to the row or file heading before them, are KEEP (read as other lines,
    the excerpt and half a diff were elided)."""
    prev = -1  # the last result row or file heading
    for i, s in enumerate(norm):
        if s.startswith(BUN_ROWS) or s.endswith(":") and not s.startswith(" ") and "." in s and " " not in s:
            if s.startswith(BUN_FAILED) and 0 < i - prev - 1 <= BUN_BLOCK_MAX:
                for k in range(prev + 1, i):
                    cls[k] = KEEP
            prev = i


#: deno test's section headings: each failure's details, then the list of the failed tests.
DENO_ERRORS, DENO_FAILURES = " ERRORS", " FAILURES"


def mark_deno(norm: list[str], cls: list[str]) -> None:
    """deno test: a `name ... ok (3ms)` row passes (it read as an other line, and a few
    dozen stayed between the runs); a FAILED or ignored row stays; the ` ERRORS ` section
    (each failed test's `name => location`, `error:` line, diff, source line, caret, frames)
    and the ` FAILURES ` list after it stay whole, to the closing `FAILED | … passed` line."""
    n = len(norm)
    section = None
    for i, s in enumerate(norm):
        if s.rstrip() in (DENO_ERRORS, DENO_FAILURES):
            section = i
        if section is not None:
            cls[i] = KEEP
            continue
        if s.endswith("s)") and " ... " in s and (m := DENO_RESULT_ROW.match(s)):
            if m.group(1) == "ok":
                if cls[i] == OTHER:
                    cls[i] = PASS
            else:
                cls[i] = KEEP
    return


#: TSTyche's banner (`···· TSTyche 5.0.2 at /path`).
TSTYCHE_BANNER = "TSTyche "


def mark_tstyche(norm: list[str], cls: list[str]) -> None:
    """TSTyche's errors: `Error: Type 'X' is not the same as type 'Y'.`, a blank line, the code
    excerpt whose `~~~~` row marks the failing type, a blank line and its `at ./a.tst.ts:8:46 ❭
    suite ❭ test` line. The block is KEEP to that line (the excerpts, alike from one error to
    the next, were elided as other lines)."""
    n = len(norm)
    for i, s in enumerate(norm):
        if not s.startswith("Error: "):
            continue
        j = i + 1
        while j < n and (not norm[j] or CODE_FRAME_ROW.match(norm[j])):
            j += 1
        if j < n and j > i + 1 and TSTYCHE_AT.match(norm[j]):
            for k in range(i, j + 1):
                cls[k] = KEEP


#: Consecutive bare source paths that make a file list (a search's or a linter's file headings
#: stand one at a time between their hits).
PATH_LIST_MIN = 3


def _mark_path_lists(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """KEEP each run of PATH_LIST_MIN to LIST_MAX_ENTRIES consecutive bare JS/TS source paths
    (`tsc --listFiles`, `jest --listTests`), except lines a linter's thinning made REPEAT."""
    paths = [i for i in _holding(scan, SOURCE_ENDINGS) if JS_BARE_SOURCE_PATH.match(norm[i])]
    k = 0
    while k < len(paths):
        j = k
        while j + 1 < len(paths) and paths[j + 1] == paths[j] + 1:
            j += 1
        if PATH_LIST_MIN <= j - k + 1 <= LIST_MAX_ENTRIES:
            for i in paths[k:j + 1]:
                if cls[i] != REPEAT:
                    cls[i] = KEEP
        k = j + 1
