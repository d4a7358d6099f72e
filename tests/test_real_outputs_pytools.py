"""Real outputs of Python tooling (trimmed excerpts under tests/fixtures/real/pytools/): a
`ruff format --check` report, a quiet pytest run, a pip resolver conflict."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors import fmt_report
from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "pytools"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ---------------------------------------------------------------- ruff format --check


def test_ruff_format_check_report_is_tool_output_not_code():
    # Each file's diff is Python source in a gutter: it read as code and passed through whole.
    assert detect(real("ruff-format-check.txt")) == ContentType.TERMINAL


def test_ruff_format_check_keeps_every_file_and_counts_each_elided_diff():
    data = real("ruff-format-check.txt")
    view = TerminalCompressor().compress(data).decode()
    lines = data.decode().splitlines()
    pointers = [ln for ln in lines if "-->" in ln]
    assert len(pointers) == 5
    for ln in pointers:  # every file that fails the check, with its first change
        assert ln in view.splitlines()
    assert view.count("unformatted: File would be reformatted") == 5
    assert view.rstrip("\n").endswith("30 files would be reformatted")
    markers = re.findall(r"… (\d+) lines elided \(caveman\): rest of this file's formatting diff: "
                         r"(\d+) added, (\d+) removed, (\d+) unchanged or separator lines …", view)
    assert markers, view
    for total, added, removed, other in markers:  # every elided line counted exactly once
        assert int(total) == int(added) + int(removed) + int(other)
    # the cacheutils diff (lines 10..263 of the file) shows its first 8 lines, then one marker
    assert "… 245 lines elided (caveman): rest of this file's formatting diff: 90 added, 45 removed, " \
           "110 unchanged or separator lines …" in view
    assert len(view) < len(data) // 5


def test_ruff_format_marker_counts_match_the_elided_lines():
    data = real("ruff-format-check.txt").decode()
    lines = data.splitlines()
    runs = fmt_report.elisions(lines)
    assert runs is not None
    for start, end, summary in runs:
        body = lines[start:end]
        added = sum(1 for ln in body if re.match(r"^\s*\d*\s+\+( |$)", ln))
        removed = sum(1 for ln in body if re.match(r"^\s*\d*\s+-( |$)", ln))
        assert f"{added} added, {removed} removed, {len(body) - added - removed} unchanged" in summary


def test_a_short_file_diff_is_shown_whole():
    # deprutils' diff is 4 lines: nothing of it is elided
    view = TerminalCompressor().compress(real("ruff-format-check.txt")).decode()
    assert "   -             depros = get_attribute('_deprecated_members')" in view
    assert '48 +             depros = get_attribute("_deprecated_members")' in view


def test_not_a_format_report_gives_no_format_elisions():
    lines = ["src/a.py:1:1: F401 `os` imported but unused", " --> src/a.py:1:1", "  |", "1 | import os"]
    assert fmt_report.elisions(lines) is None


# ---------------------------------------------------------------- pytest -q, pip


def test_pytest_quiet_all_pass_is_tool_output():
    # `pytest -q`: dot rows and `519 passed in 7.27s`, no `=` frame; it was read as prose.
    assert detect(real("pytest-q-all-pass.txt")) == ContentType.TERMINAL


def test_pip_resolution_conflict_is_an_installer_transcript_not_code():
    # `Processing ... (from sphinx==7.2.6)` lines end in `)`: the resolver's report read as code.
    data = real("pip-resolution-conflict-dry-run.txt")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data).decode()
    for needed in ("ERROR: Cannot install docutils==0.22 and sphinx==7.2.6 because these package versions "
                   "have conflicting dependencies.",
                   "    sphinx 7.2.6 depends on docutils<0.21 and >=0.18.1",
                   "    The user requested docutils==0.22",
                   "ERROR: ResolutionImpossible: for help visit "
                   "https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts"):
        assert needed in view.splitlines()


# ---------------------------------------------------------------- pip: a wheel build that fails


def test_pip_build_failure_counts_setuptools_steps_and_keeps_the_compiler_error():
    # `pip install --no-binary :all: python-ldap` without the LDAP headers: pip quotes the
    # backend's 97 lines; 70 of them are `copying x -> build/...`, `writing ...`, `running ...`.
    data = real("pip-build-python-ldap-no-headers.txt")
    view = TerminalCompressor().compress(data).decode()
    lines = view.splitlines()
    for needed in ("      Modules/common.h:15:10: fatal error: lber.h: No such file or directory",
                   "      compilation terminated.",
                   "      warning: build_py: byte-compiling is disabled, skipping.",
                   "      [end of output]",
                   "  ERROR: Failed building wheel for python-ldap",
                   "  × Building wheel for python-ldap (pyproject.toml) did not run successfully.",
                   "ERROR: Could not build wheels for python-ldap, which is required to install "
                   "pyproject.toml-based projects"):
        assert needed in lines
    assert any(ln.startswith("      error: Command '['gcc', ") for ln in lines)
    assert any("UserWarning: Unknown distribution option: 'test_suite'" in ln for ln in lines)
    # a line that is no plain step stays (it names what was not found)
    assert "      no previously-included directories found matching 'Doc/.build'" in lines
    assert "… 56 lines elided (caveman): 56 progress lines …" in lines
    assert "… 14 lines elided (caveman): 14 progress lines …" in lines
    assert not any(ln.lstrip().startswith("copying Lib/") for ln in lines)


def test_build_steps_outside_a_pip_error_block_are_not_relabelled():
    from engine.compressors.pip_build import mark_build_steps

    norm = ["running build", "copying a.py -> build/lib", "copying b.py -> build/lib", "warning: x", "creating build/x"]
    cls = ["keep"] * 5
    mark_build_steps(norm, cls, 0, 5)
    assert cls == ["chatter", "chatter", "chatter", "keep", "keep"]  # a lone step stays


# ---------------------------------------------------------------- ruff --output-format grouped

_GROUPED_FINDING = re.compile(r"^\s+\d+:\d+\s+[A-Z]+\d+ ")


def test_ruff_grouped_findings_are_thinned_per_rule_and_counted():
    # `  119:30 UP031 msg` under `boltons/cacheutils.py:`: they were elided by resemblance as
    # "N other lines"; as findings, the marker names the rules of exactly what it elided.
    data = real("ruff-grouped-boltons.txt")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data).decode()
    raw_findings = [ln for ln in data.decode().splitlines() if _GROUPED_FINDING.match(ln)]
    assert len(raw_findings) == 350
    shown = [ln for ln in view.splitlines() if _GROUPED_FINDING.match(ln)]
    elided = 0
    for count, rules in re.findall(r"(\d+) findings? like those shown: ([^;…]*)", view):
        per_rule = [int(c) for c in re.findall(r"×(\d+)", rules)]
        assert sum(per_rule) == int(count)
        elided += int(count)
    assert len(shown) + elided == 350
    assert "other line" not in view
    # every rule of the run has a representative in view
    assert {ln.split()[1] for ln in raw_findings} == {ln.split()[1] for ln in shown}
    assert view.rstrip("\n").endswith("[*] 40 fixable with `--fix` (191 unsafe fixes available with "
                                      "`--fix --unsafe-fixes`).")
    assert "Found 350 errors." in view.splitlines()


def test_ruff_grouped_undefined_name_is_an_error_and_always_kept():
    from engine.compressors import toolout

    lines = ["a.py:"] + [f"  {i}:1 E501 Line too long ({90 + i} > 88)" for i in range(1, 80)]
    lines += ["  90:5 F821 Undefined name `frobnicate`", "", "Found 80 errors."]
    classes = toolout.classify(lines)
    assert classes[80] == "keep"
    assert classes.count("repeat") >= 70  # the E501 run is thinned to one representative


# ---------------------------------------------------------------- unittest -v with docstrings


def test_unittest_docstring_results_are_read_with_their_test_id():
    # A test with a docstring prints its id, then `docstring ... RESULT`: the id line of an
    # ERROR test was counted among "passing-test lines", its `... ok` neighbours as "other".
    data = real("unittest-v-docstrings-subtests.txt")
    view = TerminalCompressor().compress(data).decode()
    lines = view.splitlines()
    for needed in ("test_roundtrip_037 (test_ut.TestParse.test_roundtrip_037)",
                   "parse_qty round-trips 37 ... ERROR",
                   "test_roundtrip_074 (test_ut.TestParse.test_roundtrip_074)",
                   "parse_qty round-trips 74 ... ERROR",
                   "test_cases (test_ut.TestSlug.test_cases) ...",  # its subtests failed
                   "  test_cases (test_ut.TestSlug.test_cases) (src='a  b') ... FAIL",
                   "FAILED (failures=3, errors=2, skipped=1, expected failures=1)"):
        assert needed in lines
    markers = [ln for ln in lines if "elided (caveman)" in ln]
    assert markers == ["… 69 lines elided (caveman): 69 passing-test lines …",
                       "… 72 lines elided (caveman): 72 passing-test lines …",
                       "… 10 lines elided (caveman): 10 passing-test lines …"]


def test_unittest_pairs_only_an_id_line_with_the_result_line_below_it():
    from engine.compressors import toolout

    lines = ["test_a (m.T.test_a)", "adds two numbers ... ok",
             "test_b (m.T.test_b)", "subtracts ... FAIL",
             "test_c (m.T.test_c) ... ok"]
    assert toolout.classify(lines) == ["pass", "pass", "keep", "keep", "pass"]


# ---------------------------------------------------------------- bandit


def test_bandit_keeps_every_issue_with_its_severity_and_location():
    # bandit -r: it read as prose and passed through; as a generic transcript, issues lost
    # their `Location:` lines to resemblance-based elision.
    data = real("bandit-boltons.txt")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data).decode()
    lines = view.splitlines()
    raw = data.decode().splitlines()
    needed = [ln for ln in raw if ln.startswith((">> Issue:", "   Severity:", "   Location:"))]
    assert len(needed) == 75
    assert [ln for ln in lines if ln in needed] == needed  # all of them, in order
    # medium severity issues are shown whole: their excerpt stays
    assert "994\t            exec(code, execdict)" in lines
    assert "369\t        exec(class_definition, namespace)" in lines
    # the first B110 is whole; a later one is its headline, severity and location
    assert "… 2 lines elided (caveman): CWE and More Info lines as for B110 above …" in lines
    assert "… 5 lines elided (caveman): code excerpt, lines 223-226 of boltons/debugutils.py …" in lines
    at = raw.index("   Location: boltons/debugutils.py:224:8")
    assert [ln.split("\t")[0] for ln in raw[at + 1:at + 5]] == ["223", "224", "225", "226"] and not raw[at + 5]
    for tail in ("\tTotal issues (by severity):", "\t\tLow: 22", "\t\tMedium: 3", "Files skipped (0):"):
        assert tail in lines


def test_bandit_refs_that_differ_from_the_first_issue_of_their_test_stay():
    from engine.compressors import bandit_report

    block = [">> Issue: [B101:assert_used] Use of assert detected.", "   Severity: Low   Confidence: High",
             "   CWE: CWE-703 (x)", "   More Info: https://b/1.html", "   Location: a.py:3:4",
             "2\t    result = compute_the_total(items, rate)", "3\t    assert result is not None, 'no total'",
             "4\t    return round(result, 2)", "", "-" * 50]
    second = list(block)
    second[3] = "   More Info: https://b/2.html"
    runs = bandit_report.elisions(block + second)
    assert runs == [(15, 19, "code excerpt, lines 2-4 of a.py")]


# ---------------------------------------------------------------- pytest warnings summary


def test_pytest_warnings_with_distinct_messages_are_thinned_per_shape():
    # Each test warns `api v1 endpoint /items/N is deprecated`: pytest lists every one (the
    # messages differ), 4 lines each, and every line was kept. (Excerpt: 70 of the 250 entries.)
    data = real("pytest-warnings-distinct-messages.txt")
    view = TerminalCompressor().compress(data).decode()
    lines = view.splitlines()
    assert "  /tmp/unseen4/pytools/proj/tests/test_warn_many.py:10: DeprecationWarning: api v1 endpoint " \
           "/items/0 is deprecated; use /v2/items/0" in lines
    assert "… 277 lines elided (caveman): 69 findings like those shown: DeprecationWarning×69; " \
           "208 lines under them …" in lines
    for needed in ("E       AssertionError: assert 12000 == 1200",
                   "ERROR    shop.sync:test_warn_many.py:17 giving up after 3 retries: HTTP 503 from inventory service",
                   "-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html",
                   "FAILED tests/test_warn_many.py::test_sync_logs_then_fails - AssertionError: a...",
                   "================= 1 failed, 250 passed, 250 warnings in 1.49s =================="):
        assert needed in lines
    assert len(view) < len(data) // 5


def test_a_warning_of_another_shape_or_place_is_kept_among_thinned_ones():
    from engine.compressors import toolout

    entry = ["tests/t.py::test_v1[{n}]", "  /src/t.py:10: DeprecationWarning: endpoint /items/{n} is deprecated",
             "    warnings.warn(msg)", ""]
    lines = ["=" * 20 + " warnings summary " + "=" * 20]
    for n in range(60):
        lines += [ln.format(n=n) for ln in entry]
    odd = len(lines) + 1
    lines += ["tests/t.py::test_odd", "  /src/t.py:44: ResourceWarning: unclosed file <_io.TextIOWrapper name=3>",
              "    f = open(path)", ""]
    lines += ["-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html",
              "=" * 10 + " 61 passed, 61 warnings in 0.5s " + "=" * 10]
    classes = toolout.classify(lines)
    assert classes[2] == "keep" and classes[odd] == "keep"
    assert classes.count("repeat") >= 59 * 3


def test_bandit_over_a_test_suite_thins_low_issues_and_counts_them_per_test():
    # bandit over test files: a B101 for every assert. (Excerpt: 51 of its 95 low issues and
    # one of its medium ones, with the report's own closing metrics.)
    data = real("bandit-toolz-tests-many-asserts.txt")
    view = TerminalCompressor().compress(data).decode()
    lines = view.splitlines()
    assert "… 506 lines elided (caveman): 50 low-severity issues like those shown: B101×50 …" in lines
    assert view.count(">> Issue: [B101:assert_used]") == 1
    # a medium issue is never thinned
    assert "   Severity: Medium   Confidence: High" in lines
    assert "   Location: ./toolz/tests/test_serialization.py:10:8" in lines
    assert "\t\tLow: 95" in lines and "\t\tMedium: 14" in lines
    raw = data.decode().splitlines()
    heads = [i for i, ln in enumerate(raw) if ln.startswith(">> Issue:")]
    assert raw[heads[1]:heads[-1]] and len(raw[heads[1]:heads[-1]]) == 506  # the run is exactly those blocks


# ---------------------------------------------------------------- terminal escapes


def test_curses_charset_reset_is_stripped_with_the_colours():
    # mypy --pretty under a pty ends every colour with curses' sgr0, `ESC ( B` then `ESC [ m`:
    # the ESC went as a control character and `(B` stuck to the text (`error:(B Function`).
    from engine.terminal_text import plain_text

    data = real("mypy-pretty-pty-sgr0.txt")
    assert detect(data) == ContentType.TERMINAL
    shown = plain_text(data).decode()
    assert "(B" not in shown
    assert "toolz/utils.py:1: error: Function is missing a type annotation  [no-untyped-def]" in shown.splitlines()
    assert "Found 313 errors in 12 files (checked 2 source files)" in shown.splitlines()
    view = TerminalCompressor().compress(data)
    assert view is None or b"(B" not in view


def test_pip_verbose_build_steps_are_progress_and_its_warnings_stay():
    # `pip install -v --no-binary :all: six`: setuptools prints each step of a build that works.
    data = real("pip-install-v-sdist-six.txt")
    view = TerminalCompressor().compress(data).decode()
    lines = view.splitlines()
    raw = data.decode().splitlines()
    warnings = [ln for ln in raw if "Warning" in ln or ln.lstrip().startswith(("warning:", "WARNING:"))]
    assert warnings and all(ln in lines for ln in warnings)
    for needed in ("Successfully built six", "Successfully installed six-1.16.0",
                   "  Running command Building wheel for six (pyproject.toml)"):
        assert needed in lines
    assert "  copying build/lib/six.py -> build/bdist.linux-x86_64/wheel/." not in lines
    assert "… 10 lines elided (caveman): 10 progress lines …" in lines


# ---------------------------------------------------------------- drawn trees


def test_a_dependency_tree_is_a_listing_that_stays_whole():
    # pipdeptree: `├── requests [required: >=2.31.0, installed: 2.34.2]` lines, no blank line;
    # read as prose, entries from the middle of a package's branch went as "N sections elided".
    from engine.compressors.text import TextCompressor

    data = real("pipdeptree-full.txt")
    assert detect(data) == ContentType.TEXT
    assert TextCompressor().compress(data) is None


def test_tree_entries_are_recognised_in_their_drawings():
    from engine.compressors.tree_listing import is_tree

    drawn = [".", "├── src", "│   ├── a.py", "│   └── b.py", "└── tests", "    └── test_a.py"]
    npm = ["app@1.0.0 /srv/app", "├─┬ express@4.21.2", "│ ├── accepts@1.3.8", "│ └── body-parser@1.20.3",
           "└── lodash@4.17.21", "  └── x@1.0.0"]
    ascii_tree = [".", "|-- src", "|   |-- a.py", "|   `-- b.py", "`-- tests", "    `-- test_a.py"]
    prose = ["The build has three parts:", "- the parser", "- the checker", "- the writer", "Each runs alone.",
             "See below."]
    assert is_tree(drawn) and is_tree(npm) and is_tree(ascii_tree)
    assert not is_tree(prose)


# ---------------------------------------------------------------- python -m doctest -v


def test_doctest_verbose_keeps_failing_examples_and_counts_passing_ones():
    # `python -m doctest -v` over toolz's itertoolz (two expected outputs made stale): 97
    # `Trying: ... ok` blocks. It read as source code and passed through whole.
    data = real("doctest-v-two-failures.txt")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data).decode()
    lines = view.splitlines()
    for needed in ('File "/tmp/unseen4/pytools/dt/itertoolz_bug.py", line 480, in itertoolz_bug.concat',
                   'File "/tmp/unseen4/pytools/dt/itertoolz_bug.py", line 514, in itertoolz_bug.cons',
                   "    [1, 2, 3, 4]", "Got:", "    extra",
                   "   1 of   1 in itertoolz_bug.concat", "97 passed and 2 failed.", "***Test Failed*** 2 failures."):
        assert needed in lines
    assert view.count("Failed example:") == 2
    assert "… 444 lines elided (caveman): 444 passing-test lines …" in lines
    assert len(view) < len(data) // 4


def test_a_doctest_example_without_its_ok_is_kept_whole():
    from engine.compressors import toolout

    lines = ["Trying:", "    f(1)", "Expecting:", "    2", "ok",
             "Trying:", "    f(2)", "Expecting:", "    4", "*" * 70, 'File "m.py", line 9, in m.f',
             "Failed example:", "    f(2)", "Expected:", "    4", "Got:", "    5",
             "1 items had failures:", "   1 of   2 in m.f", "2 tests in 1 items.", "1 passed and 1 failed.",
             "***Test Failed*** 1 failures."]
    classes = toolout.classify(lines)
    assert classes[:5] == ["pass"] * 5
    assert classes[5:17] == ["keep"] * 12
