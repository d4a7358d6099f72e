"""What test, build, lint and install output keeps (engine/compressors/toolout.py).

Fixtures in fixtures/toolout/ are small outputs shaped like the real tools'; the corpus tests
run the real captures in /work/shared/corpus when they are there.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors import toolout
from engine.compressors.toolout import CHATTER, DROPPABLE, KEEP, OTHER, PASS, REPEAT

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "toolout"
CORPUS = Path("/work/shared/corpus")
TOOL_KINDS = {"pytest", "build", "compiler", "lint", "install"}
# score.py's CRITICAL: facts that report a failure must be in the view itself.
CRITICAL = re.compile(
    r"(?i)(error|fail|exception|traceback|fatal|panic|denied|refused|warn|assert|expected|received|"
    r"not found|cannot|can't|unable|invalid|undefined|missing|\bE\s|✗|✖|×|exit (status|code))"
)


def load(name: str) -> list[str]:
    return (FIXTURES / name).read_text("utf-8").split("\n")


def label_of(lines: list[str], classes: list[str], needle: str) -> str:
    hits = [c for line, c in zip(lines, classes) if needle in line]
    assert hits, f"no line contains {needle!r}"
    return hits[0]


# (fixture, substrings whose line is KEEP, {substring: label it must carry})
CASES = [
    ("pytest_verbose.txt",
     ["test_div FAILED", "def test_div():", ">       assert div(1, 0) == 0",
      "E       ZeroDivisionError: division by zero", "tests/test_math.py:14: ZeroDivisionError",
      "FAILED tests/test_math.py::test_div - ZeroDivisionError",
      "1 failed, 4 passed, 1 skipped, 1 xfailed in 0.12s", "test_mod XFAIL", "collected 7 items"],
     # the test's captured stdout is its own output, read like a log (toolout_captured)
     {"test_add PASSED": PASS, "test_parse[Error: bad input] PASSED": PASS, "dividing 1 by 0": OTHER}),
    ("pytest_quiet.txt",
     ["....F....", "E   AssertionError: assert {'a': 1} == {'a': 2}", "tests/test_codec.py:41: in test_roundtrip",
      "1 failed, 298 passed, 1 skipped in 1.84s"],
     {"...........s....": PASS, "...........      ": PASS}),
    ("pytest_collect_error.txt",
     ["ERROR collecting tests/test_models.py", "E   ModuleNotFoundError: No module named 'app.models'",
      "tests/test_models.py:3: in <module>", "Interrupted: 1 error during collection", "1 error in 0.21s"],
     {}),
    ("unittest.txt",
     ["test_pop (test_stack.StackTest.test_pop) ... FAIL", "ERROR: test_peek", 'File "/src/test_stack.py", line 21',
      "AttributeError: 'Stack' object has no attribute 'peek'", "AssertionError: 1 != 2", "Ran 5 tests in 0.003s",
      "FAILED (failures=1, errors=1, skipped=1)"],
     {"test_empty (test_stack.StackTest.test_empty) ... ok": PASS}),
    ("jest.txt",
     ["FAIL  src/cart.test.js", "✕ computes the total", "● Cart › computes the total", "Expected: 30",
      "Received: 25", "> 20 |     expect(cart.total()).toBe(30);", "at Object.<anonymous> (src/cart.test.js:20:26)",
      "Tests:       1 failed, 1 skipped, 14 passed, 16 total", "Test Suites: 1 failed, 2 passed, 3 total"],
     {"PASS  src/utils.test.js": PASS, "✓ starts empty": PASS}),
    ("mocha.txt",
     ["> mocha test/", "    totals", "1) applies discounts", "- rounds to cents", "3 passing (52ms)", "1 pending",
      "1 failing", "AssertionError [ERR_ASSERTION]", "27 !== 30", "-27", "+30",
      "at Context.<anonymous> (test/cart.test.js:31:14)"],
     {"✔ starts empty": PASS, "  Checkout": PASS}),
    ("node_test_tap.txt",
     ["not ok 2 - parses strings", "location: '/src/test/parse.test.js:12:1'", "'a' !== 'b'", "expected: 'b'",
      "ok 3 - parses dates # SKIP no tz data", "# fail 1", "# pass 1", "1..3"],
     {"ok 1 - parses numbers": PASS, "duration_ms: 0.51": PASS, "# Subtest: parses numbers": CHATTER}),
    ("node_test_spec.txt",
     ["▶ parser", "✖ parses strings (0.73ms)", "'a' !== 'b'", "at TestContext.<anonymous> (/src/test/parse.test.js:14:10)",
      "code: 'ERR_ASSERTION',", "ℹ fail 1", "ℹ tests 5"],
     {"✔ parses numbers": PASS, "▶ printer": PASS}),
    ("go_test.txt",
     ["--- FAIL: TestFormat (0.00s)", "--- FAIL: TestFormat/unicode", 'Format("héllo") = "h?llo", want "héllo"',
      "--- SKIP: TestRound", "flaky on arm64", "FAIL\texample.com/text/format\t0.004s",
      "ok  \texample.com/text/parse", "[no test files]"],  # every package's result row (toolout_go)
     {"--- PASS: TestParse": PASS, "=== RUN   TestParse": CHATTER, "--- PASS: TestFormat/empty": PASS}),
    ("cargo_test.txt",
     ["test tests::divides ... FAILED", "test tests::slow ... ignored", "---- tests::divides stdout ----",
      "panicked at src/lib.rs:27:9:", "left: 2", "right: 3", "test result: FAILED. 2 passed; 1 failed",
      "error: test failed, to rerun pass `--lib`", "Finished `test` profile"],
     {"test tests::adds ... ok": PASS, "Compiling libc v0.2.155": CHATTER}),
    ("cargo_build.txt",
     ["warning: unused variable: `count`", "--> src/main.rs:4:9", "error[E0308]: mismatched types",
      "--> src/main.rs:7:18", 'let n: u32 = "seven";', "expected `u32`, found `&str`",
      "error: could not compile `mini`"],
     {"Compiling mini v0.1.0": CHATTER}),
    ("make_gcc.txt",
     ["util.c: In function ‘parse_line’:", "util.c:42:17: warning: unused variable ‘len’",
      "util.c:57:12: error: ‘MAX_FIELDS’ undeclared", "    if (n >= MAX_FIELDS) {", "util.c:57:12: note: each undeclared",
      "make[1]: *** [Makefile:12: util.o] Error 1", "make: *** [Makefile:5: all] Error 2"],
     {"Entering directory": CHATTER}),
    ("cmake_ninja_clang.txt",
     ["-- The C compiler identification is Clang 16.0.6", "-- Configuring done", "FAILED: CMakeFiles/app.dir/src/net.c.o",
      "net.c:88:5: error: call to undeclared function 'close_socket'", "    close_socket(fd);", "1 error generated.",
      "ninja: build stopped: subcommand failed."],
     {"-- Looking for pthread.h - found": CHATTER, "[1/4] Building C object": CHATTER}),
    ("ctest.txt",
     ["***Failed", "67% tests passed, 1 tests failed out of 3", "The following tests FAILED:", "2 - integration (Failed)",
      "Errors while running CTest", "3/3 Test #3"],
     {"1/3 Test #1: unit": PASS, "Start 1: unit": CHATTER}),
    ("tsc.txt",
     ["src/app.ts:12:7 - error TS2322", "let port: number = process.env.PORT;", "src/db.ts:40:15 - error TS2345",
      "Found 2 errors in 2 files.", "Errors  Files", "1  src/app.ts:12"],
     {}),
    ("tsc_plain.txt", ["src/app.ts(12,7): error TS2322", "src/db.ts(40,15): error TS2345"], {}),
    ("mypy.txt",
     ["app/models.py:14: error: Incompatible return value type", "app/models.py:30: note: Revealed type",
      "app/views.py:21: error: Missing return statement", "Found 3 errors in 2 files (checked 9 source files)"],
     {}),
    ("eslint.txt",
     ["/src/app/lib/router.js", "12:5   error    'next' is defined but never used  no-unused-vars",
      "40:10  warning  Unexpected console statement", "7:1  error  Parsing error: Unexpected token }",
      "✖ 3 problems (2 errors, 1 warning)", "0 errors and 1 warning potentially fixable"],
     {}),
    ("ruff_full.txt",
     ["F401 [*] `os` imported but unused", "--> app/util.py:1:8", "help: Remove unused import", "E711 Comparison",
      "--> app/util.py:14:13", "Found 2 errors.", "[*] 1 fixable"],
     {}),
    ("ruff_concise.txt",
     ["app/util.py:1:8: F401", "app/util.py:14:13: E711", "app/views.py:3:1: I001", "Found 3 errors.", "[*] 2 fixable"],
     {}),
    ("pylint.txt",
     ["************* Module app.util", "C0114: Missing module docstring", "W0612: Unused variable 'tmp'",
      "E1101: Instance of 'User' has no 'emial' member", "Your code has been rated at 6.67/10"],
     {}),
    ("shellcheck.txt",
     ["In deploy.sh line 12:", "rm -rf $TARGET/*", "SC2115 (warning)", "SC2086 (info)", "In deploy.sh line 20:",
      "SC1073 (error): Couldn't parse this test expression."],
     {}),
    ("cppcheck.txt",
     ["src/buf.c:31:12: error: Array 'data[16]' accessed at index 16", "    return data[16];",
      "src/main.c:9:9: style: The scope of the variable 'n' can be reduced.", "2/2 files checked 100% done"],
     {"Checking src/buf.c ...": CHATTER, "1/2 files checked 40% done": CHATTER}),
    ("sphinx.txt",
     ["Running Sphinx v7.2.6", "/src/docs/api.rst:12: WARNING: undefined label: 'install'",
      "/src/docs/usage.rst:40: ERROR: Unknown directive type", "build succeeded, 2 warnings.",
      "The HTML pages are in _build/html."],
     {"reading sources... [ 33%] api": CHATTER}),
    ("pip.txt",
     ["Building wheel for lxml (setup.py) ... error", "error: subprocess-exited-with-error",
      "× python setup.py bdist_wheel did not run successfully.", "exit code: 1",
      "Error: Please make sure the libxml2 and libxslt development packages are installed.",
      "ERROR: Failed building wheel for lxml", "Failed to build lxml", "ERROR: Could not build wheels for lxml"],
     {"Collecting requests==2.32.3": CHATTER, "Downloading lxml-4.9.1.tar.gz": CHATTER,
      "64.9/64.9 kB": CHATTER, "Requirement already satisfied": CHATTER}),
    ("npm.txt",
     ["npm warn deprecated inflight@1.0.6", "npm error code ERESOLVE", "npm error peer react@\"^17.0.0\"",
      "npm error A complete log of this run"],
     {}),
    ("npm_ok.txt", ["added 312 packages, and audited 313 packages in 6s", "found 0 vulnerabilities"], {}),
    ("maven.txt",
     ["Tests run: 3, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.041 s <<< FAILURE!",
      "java.lang.AssertionError: expected:<108> but was:<100>", "at com.example.CartTest.totalIncludesTax(CartTest.java:31)",
      "CartTest.totalIncludesTax:31 expected:<108> but was:<100>", "[ERROR] Tests run: 8, Failures: 1", "BUILD FAILURE"],
     {"Downloading from central:": CHATTER, "[INFO] Compiling 12 source files": CHATTER,
      "Tests run: 5, Failures: 0, Errors: 0, Skipped: 0, Time elapsed": PASS}),
    ("gradle.txt",
     ["> Task :test FAILED", "CartTest > totalIncludesTax() FAILED", "AssertionFailedError: expected: <108> but was: <100>",
      "5 tests completed, 1 failed", "FAILURE: Build failed with an exception.", "Execution failed for task ':test'.",
      "BUILD FAILED in 4s", "4 actionable tasks: 2 executed, 2 up-to-date"],
     {"> Task :compileJava UP-TO-DATE": CHATTER}),
    ("dotnet.txt",
     ["Cart.cs(14,27): error CS1002: ; expected", "Price.cs(8,13): warning CS0168", "Build FAILED.", "1 Warning(s)",
      "1 Error(s)"],
     {"Determining projects to restore...": CHATTER, "Restored /src/Shop/Shop.csproj": CHATTER}),
    ("rspec.txt",
     ["Failures:", "1) Cart#total includes tax", "Failure/Error: expect(cart.total).to eq(108)", "expected: 108",
      "got: 100", "# ./spec/cart_spec.rb:31:in", "9 examples, 1 failure, 1 pending",
      "rspec ./spec/cart_spec.rb:29 # Cart#total includes tax"],
     {}),
    ("vitest.txt",
     ["❯ src/cart.test.ts  (3 tests | 1 failed)", "FAIL  src/cart.test.ts > Cart > computes the total",
      "AssertionError: expected 25 to be 30", "+ 25", "❯ src/cart.test.ts:20:26", "20|     expect(cart.total()).toBe(30);",
      "Test Files  1 failed | 2 passed (3)", "Tests  1 failed | 12 passed (13)"],
     {"✓ src/price.test.ts": PASS}),
    ("apt.txt",
     ["0 upgraded, 2 newly installed, 0 to remove and 3 not upgraded.", "Err:4 http://deb.debian.org",
      "404  Not Found", "E: Failed to fetch", "E: Unable to fetch some archives"],
     {"Hit:1 http://deb.debian.org": CHATTER, "Reading package lists...": CHATTER,
      "Fetched 55.4 kB in 1s": CHATTER}),
]


@pytest.mark.parametrize("name,keep,labels", CASES, ids=[c[0] for c in CASES])
def test_fixture_keeps_failures_errors_and_summaries(name, keep, labels):
    lines = load(name)
    classes = toolout.classify(lines)
    for needle in keep:
        assert label_of(lines, classes, needle) == KEEP, needle
    for needle, label in labels.items():
        assert label_of(lines, classes, needle) == label, needle


def test_every_fixture_is_tool_output():
    names = sorted(p.name for p in FIXTURES.glob("*.txt"))
    assert names == sorted(c[0] for c in CASES)
    for name in names:
        assert toolout.is_tool_output((FIXTURES / name).read_text("utf-8")), name


def test_pytest_failure_block_kept_whole():
    lines = load("pytest_verbose.txt")
    classes = toolout.classify(lines)
    start = lines.index("=================================== FAILURES ===================================")
    captured = next(i for i, line in enumerate(lines) if "Captured stdout call" in line)
    end = next(i for i, line in enumerate(lines) if line.startswith("=========================== short"))
    # whole through the captured-output header; the test's own output after it is read like a log
    assert classes[start:captured + 1] == [KEEP] * (captured + 1 - start)
    assert classes[captured + 1:end] == [OTHER] * (end - captured - 1)


def test_must_keep_is_classify_keep():
    for name, _, _ in CASES:
        lines = load(name)
        assert toolout.must_keep(lines) == [c == KEEP for c in toolout.classify(lines)]


def test_a_dots_row_is_passing_tests_only_in_a_run_that_counts_tests():
    # doxygen's lone `.` between its warnings was marked `1 passing-test line`
    doxygen = ["include/a.hpp:30: warning: Found unknown command", ".", "Generating code for file a.hpp..."]
    assert toolout.classify(doxygen)[1] == OTHER
    unittest_run = [".s.", "-" * 70, "Ran 3 tests in 0.001s", "", "OK (skipped=1)"]
    assert toolout.classify(unittest_run)[0] == PASS
    assert toolout.classify(["....", "4 passed in 0.10s"])[0] == PASS


def test_empty_and_blank_input():
    assert toolout.must_keep([]) == []
    assert toolout.classify(["", "   "]) == [OTHER, OTHER]


# ---------------------------------------------------------------- lint volume


def ruff_concise(counts: dict[str, int]) -> list[str]:
    lines = []
    for n in range(max(counts.values())):
        for rule, count in counts.items():
            if n < count:
                lines.append(f"src/m{n}.py:{n + 1}:1: {rule} Message for `name{n}` number {n}")
    return lines + ["Found %d errors." % sum(counts.values())]


def test_many_style_findings_keep_one_per_rule_and_count_the_rest():
    lines = ruff_concise({"E501": 40, "D203": 20, "F401": 1})
    analysis = toolout.analyse(lines)
    kept = [line for line, c in zip(lines, analysis.classes) if c == KEEP]
    assert kept == [
        "src/m0.py:1:1: E501 Message for `name0` number 0",
        "src/m0.py:1:1: D203 Message for `name0` number 0",
        "src/m0.py:1:1: F401 Message for `name0` number 0",
        "Found 61 errors.",
    ]
    assert set(analysis.classes[:-1]) == {KEEP, REPEAT}
    assert toolout.run_summary(analysis, 3, len(lines) - 1) == "58 findings like those shown: E501×39 D203×19"


def test_few_style_findings_are_all_kept():
    lines = ruff_concise({"E501": 30, "D203": 20})
    assert toolout.classify(lines).count(KEEP) == len(lines)


def test_errors_are_never_thinned():
    lines = ["/src/a.js"] + [f"  {n}:5  error  'x{n}' is defined but never used  no-unused-vars" for n in range(1, 400)]
    lines += ["", "✖ 399 problems (399 errors, 0 warnings)"]
    classes = toolout.classify(lines)
    assert all(c == KEEP for line, c in zip(lines, classes) if line)


def test_a_different_message_shape_is_its_own_representative():
    lines = [f"a.py:{n}:1: PLR2004 Magic value used in comparison, consider replacing `{n}`" for n in range(60)]
    lines.insert(30, "a.py:99:1: PLR2004 Something else entirely about constants")
    classes = toolout.classify(lines)
    assert classes[0] == KEEP and classes[30] == KEEP
    assert classes.count(KEEP) == 2


def test_summary_lists_every_rule_or_folds_the_rest_into_a_count():
    # (each rule fires more often than FEW_OF_A_KIND: its findings past the first are repeats)
    rules = {f"R{n:03d}": 7 for n in range(60)}
    lines = ruff_concise(rules)
    analysis = toolout.analyse(lines)
    first_repeat = analysis.classes.index(REPEAT)
    summary = toolout.run_summary(analysis, first_repeat, len(lines) - 1)
    assert summary.startswith("360 findings like those shown: R000×6 R001×6 ")
    listed = re.findall(r"R\d{3}×(\d+)", summary)
    more = re.search(r"\+(\d+) more rules×(\d+)$", summary)
    assert more is not None
    assert len(listed) + int(more.group(1)) == 60
    assert sum(map(int, listed)) + int(more.group(2)) == 360


def test_a_kind_with_few_findings_keeps_them_all_amid_a_flood():
    # 300 findings of one rule thin to one; the four of a rare rule each name another function
    rules = {"E501": 300, "C901": 4}
    lines = ruff_concise(rules)
    classes = toolout.classify(lines)
    rare = [k for k, line in enumerate(lines) if " C901 " in line]
    flood = [k for k, line in enumerate(lines) if " E501 " in line]
    assert len(rare) == 4 and all(classes[k] == KEEP for k in rare)
    assert sum(classes[k] == KEEP for k in flood) == 1


def test_run_summary_counts_passing_tests_and_progress():
    lines = load("go_test.txt")
    analysis = toolout.analyse(lines)
    assert analysis.classes[:2] == [CHATTER, PASS]
    assert toolout.run_summary(analysis, 0, 2) == "1 passing-test line; 1 progress line"


def test_excerpts_only_for_the_first_findings_unless_short():
    lines = []
    excerpt = [f"   {k} | line {k}" for k in range(5)] + ["      |     ^"]
    for n in range(30):
        lines += [f"src/a.c:{n + 1}:5: error: unknown type name ‘t{n}’", *excerpt]
    lines += ["src/b.c:1:1: error: short one", "    1 | x", "      | ^"]
    classes = toolout.classify(lines)
    heads = [7 * n for n in range(30)]
    assert all(classes[h] == KEEP for h in heads)
    assert all(classes[h + 1 : h + 7] == [KEEP] * 6 for h in heads[:20])
    assert all(classes[h + 1 : h + 7] == [REPEAT] * 6 for h in heads[20:])
    assert classes[-3:] == [KEEP] * 3  # a two-line excerpt costs less than its marker


# ---------------------------------------------------------------- never drop an error line

ERROR_LINES = [
    "src/x.c:12:3: error: expected ';' before '}' token",
    "lib/a.ts:3:9 - error TS2304: Cannot find name 'foo'.",
    "pkg/mod.py:7: error: Name \"y\" is not defined  [name-defined]",
    "error[E0425]: cannot find value `z` in this scope",
    "npm error code E404",
    "E: Unable to locate package nosuchpkg",
    "ERROR: No matching distribution found for nosuchpkg",
    "make: *** [Makefile:3: all] Error 1",
    "FAILED tests/test_a.py::test_b - AssertionError: boom",
    "Traceback (most recent call last):",
]
filler = st.lists(
    st.sampled_from([
        "tests/t.py::test_ok PASSED  [ 50%]", "   Compiling dep v1.0.0", "-- Looking for stdio.h", "", "plain words",
        "src/a.py:1:1: E501 Line too long (120 > 88)", "  ✓ works (2 ms)", "Collecting thing==1.0", "[ 40%] Building C object x.o",
    ]),
    max_size=80,
)


@settings(max_examples=60, deadline=None)
@given(before=filler, after=filler, error=st.sampled_from(ERROR_LINES))
def test_an_error_line_is_kept_wherever_it_sits(before, after, error):
    lines = before + [error] + after
    assert toolout.must_keep(lines)[len(before)] is True


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=60), max_size=40))
def test_any_text_classifies_deterministically(lines):
    lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    first = toolout.classify(lines)
    assert first == toolout.classify(list(lines))
    assert len(first) == len(lines)
    assert set(first) <= {KEEP, OTHER} | DROPPABLE


def test_long_single_line_and_many_lines_do_not_fail():
    assert toolout.classify(["a" * 200_000]) == [OTHER]
    assert toolout.classify(["error: " + "y" * 200_000]) == [KEEP]
    assert toolout.classify(["ok"] * 50_000).count(KEEP) == 50_000  # go test's bare `ok`


# ---------------------------------------------------------------- is_tool_output

NEGATIVES = {
    "log": "2024-05-01 10:00:01 INFO starting\n2024-05-01 10:00:02 ERROR db failed: timeout\n"
           "2024-05-01 10:00:03 WARN retrying\n2024-05-01 10:00:04 INFO ok\n",
    "diff": "diff --git a/out.txt b/out.txt\n--- a/out.txt\n+++ b/out.txt\n@@ -1,2 +1,2 @@\n"
            "-=== 1 failed, 2 passed in 0.1s ===\n+=== 3 passed in 0.1s ===\n+Found 2 errors.\n",
    "json": '{"summary": "Found 2 errors.", "tests": ["FAILED a::b"], "log": "npm error code 1"}',
    "json-array": '[{"line": "src/x.c:1:2: error: boom"}]',
    "python": "def main():\n    print('Ran 3 tests in 0.1s')\n    return 0\n",
    "prose": "The build failed with an error yesterday; we found 2 errors in the parser and fixed them.\n",
    "csv": "file,line,message\nsrc/a.c,12,error: boom\nsrc/b.c,3,warning: meh\n",
    "yaml": "jobs:\n  test:\n    steps:\n      - run: pytest -q\n      - run: npm test\n",
    "listing": "1\tdef f():\n2\t    raise ValueError('error: bad')\n3\t\n",
    "json-log-array": '[{"msg": "BUILD FAILURE"}, {"msg": "Tests run: 8, Failures: 1, Errors: 0, Skipped: 0"}]',
    "quoted": "    Tests:       2 failed, 40 passed, 42 total in the docs example\n",
}


@pytest.mark.parametrize("name", sorted(NEGATIVES))
def test_not_tool_output(name):
    assert toolout.is_tool_output(NEGATIVES[name]) is False


def test_large_payload_summary_at_the_end_is_found():
    log = "2024-05-01 10:00:01 INFO request served in 3 ms\n" * 80_000  # ~3.8 MB
    assert toolout.is_tool_output(log) is False
    assert toolout.is_tool_output(log + "========== 1 failed, 20 passed in 3.10s ==========\n") is True


def test_tool_output_through_a_pty():
    raw = "\x1b[1m\x1b[31m=== FAILURES ===\x1b[0m\r\nE   assert 1 == 2\r\n"
    assert toolout.is_tool_output(raw) is True
    assert toolout.is_tool_output("\u2819npm error code 1\r\n") is True


# ---------------------------------------------------------------- the real corpus


def corpus_cases():
    if not CORPUS.is_dir():
        return []
    return sorted(p.parent for p in CORPUS.glob("*/output.raw"))


ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def clean_lines(raw: bytes) -> list[str]:
    out = []
    for line in raw.decode("utf-8", "replace").replace("\r\n", "\n").split("\n"):
        line = ANSI.sub("", line)
        if "\r" in line:
            frames = [f for f in line.split("\r") if f.strip()]
            line = frames[-1] if frames else ""
        out.append(line.rstrip())
    return out


@pytest.mark.parametrize("case", corpus_cases(), ids=lambda p: p.name)
def test_corpus_detection_and_critical_facts(case):
    kind = (case / "kind").read_text().strip()
    raw = (case / "output.raw").read_bytes()
    assert toolout.is_tool_output(raw.decode("utf-8", "replace")) is (kind in TOOL_KINDS)
    if kind not in TOOL_KINDS:
        return
    lines = clean_lines(raw)
    kept = [re.sub(r"\s+", " ", line).strip() for line, k in zip(lines, toolout.must_keep(lines)) if k]
    facts = [f for f in (case / "facts.txt").read_text("utf-8").splitlines() if f.strip()]
    for fact in facts:
        if CRITICAL.search(fact):
            folded = re.sub(r"\s+", " ", fact).strip()
            assert any(folded in line for line in kept), fact


# ---------------------------------------------------------------- first-character dispatch

from engine.compressors import toolout_dispatch, toolout_scan  # noqa: E402

DISPATCHERS = [toolout_scan.LABEL, toolout_scan.BLOCK_START, toolout_scan.FINDING_START]


@functools.cache
def full_alternation(dispatch):
    """Every alternative in one pattern, in order: what the buckets must answer like."""
    return dispatch._compile(list(range(len(dispatch._alts))))


def full_answer(dispatch, line):
    m = full_alternation(dispatch).match(line)
    return m.lastgroup.split("__", 1)[0] if m else None


def test_dispatch_answers_like_the_full_alternation_on_every_known_line():
    lines = [line for p in sorted(FIXTURES.glob("*.txt")) for line in p.read_text("utf-8").split("\n")]
    for case in corpus_cases():
        if (case / "kind").read_text().strip() in TOOL_KINDS:
            lines += clean_lines((case / "output.raw").read_bytes())[:3000]
    for dispatch in DISPATCHERS:
        for line in lines:
            assert dispatch.match(line) == full_answer(dispatch, line), line


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(" \t=!-_.:/[]()#>✓✔✖●ℹ▶0123456789aAeEfFoOpPsStTxX١")), max_size=30))
def test_dispatch_answers_like_the_full_alternation_on_any_line(line):
    for dispatch in DISPATCHERS:
        assert dispatch.match(line) == full_answer(dispatch, line)


def test_dispatch_splits_alternatives_at_top_level_only():
    assert toolout_dispatch.split_alternatives(r"^a(b|c)|^[|]d|^e\|f") == [r"^a(b|c)", r"^[|]d", r"^e\|f"]


SPACED = toolout_dispatch.FirstCharDispatch([(f"f{k}", p) for k, p in toolout_scan.FINDING_STARTS_SPACED])


def spaced_agrees(line: str) -> bool:
    """On a line with white space and no ": ", the spaced list names the same first pattern."""
    if ": " in line or not (" " in line or "\t" in line):
        return True  # the full list answers for these
    return SPACED.match(line) == full_answer(toolout_scan.FINDING_START, line)


def test_spaced_finding_starts_agree_on_every_known_line():
    lines = [line for p in sorted(FIXTURES.glob("*.txt")) for line in p.read_text("utf-8").split("\n")]
    for case in corpus_cases():
        lines += clean_lines((case / "output.raw").read_bytes())[:3000]
    spaced = [line for line in lines if ": " not in line and " " in line]
    assert len(spaced) > 1000 and all(spaced_agrees(line) for line in spaced)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["In ", "file included from ", " from ", "a.c:3,", ":", "1", "12:5", "error", "warning",
                                 "[E0308]", "E501", " ", "\t", "*****", " Module ", "x", " line ", "[*]", "SC2086",
                                 "(", ")", "^--", "src/a.go", ".py", "/"]), max_size=10))
def test_spaced_finding_starts_agree_on_any_line(parts):
    assert spaced_agrees("".join(parts))


def test_an_atomic_indent_leaves_an_alternative_in_the_indented_buckets_only():
    # `(?>\s+)12:5 ...` can start only with white space: it belongs in no other bucket.
    dispatch = toolout_dispatch.FirstCharDispatch([("finding", re.compile(r"^(?>\s+)\d+:\d+ \w+"))])
    assert dispatch.bucket("tests/x.py") is None
    assert dispatch.match("  12:5 F401 unused") == "finding"
    assert dispatch.match("12:5 F401 unused") is None


# ---------------------------------------------------------------- a nonzero exit, said without an error word


@pytest.mark.parametrize("line, says_problem", [
    ("exit status 2", True),  # `go run` after a panic
    ("exit status 66", True),  # `go run -race` after its reports
    ("@ws/delta#test: command (/tmp/ws/packages/delta) /usr/bin/pnpm run test exited (2)", True),  # turbo
    ("[1] npm run api exited with code 1", True),  # concurrently
    ("Process completed with exit code 137.", True),
    ("exit status 0", False),
    ("@ws/a#test: command (/tmp/ws/packages/a) pnpm run test exited (0)", False),
    ("[0] npm run web exited with code 0", False),
    ("Press q to exit.", False),
    ("exit 1.5 seconds later", False),
])
def test_a_line_stating_a_nonzero_exit_reports_a_problem(line, says_problem):
    assert toolout.problem(line) is says_problem


def test_turbo_keeps_the_line_of_every_task_that_exited_nonzero():
    # One of the four (`@ws/delta#test … exited (2)`) went into "… 4 lines elided (caveman): 4 other lines …".
    from engine.compressors.terminal import TerminalCompressor

    data = (Path(__file__).parent / "fixtures" / "real" / "prefixed" / "turbo-test.txt").read_bytes()
    view = TerminalCompressor().compress(data).decode().splitlines()
    exited = [ln for ln in data.decode().splitlines() if re.search(r"test exited \([1-9]\)$", ln)]
    assert len(exited) == 4
    assert all(ln in view for ln in exited)
