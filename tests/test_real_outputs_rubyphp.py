"""Real Ruby and PHP tool outputs (trimmed excerpts under tests/fixtures/real/rubyphp/), made on
this machine with ruby 3.1 (minitest 5.17 under rake, RuboCop 1.39) and PHP 8.2 (PHPUnit 9.6)
from small projects and generated suites (paths shortened to /tmp/proj). What must hold: every
minitest and PHPUnit failure block whole, every RuboCop error and warning finding, the odd
results (skipped, incomplete, risky) in view; passing rows and progress elided with markers
that name what they elided."""
from __future__ import annotations

import re
from pathlib import Path

from engine.detect import detect
from engine.types import ContentType
from real_views import MARKER, engine_view, original_and_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "rubyphp"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_lines(counter, name: str) -> tuple[list[str], list[str]]:
    return original_and_view_lines(counter, real(name))


def markers(view: list[str]) -> list[tuple[int, str]]:
    return [(int(m[1]), m[2]) for v in view if (m := MARKER.match(v))]


def account(label: str, run: list[str]) -> str:
    """The marker text for a run of `label` lines with its blank lines counted apart."""
    blanks = sum(1 for s in run if not s.strip())
    parts = [f"{k} {label}{'s' if k != 1 else ''}" for k in [len(run) - blanks] if k]
    parts += [f"{blanks} blank line{'s' if blanks != 1 else ''}"] if blanks else []
    return "; ".join(parts)


def elided(lines: list[str], view: list[str]) -> list[tuple[str, list[str]]]:
    """Each marker's text with the original lines it stands for (the view is the original with
    runs replaced by markers; the walk checks that too)."""
    runs: list[tuple[str, list[str]]] = []
    i = 0
    for v in view:
        if v.startswith("… caveman: "):  # the log view's closing note, not a line of the original
            continue
        m = MARKER.match(v)
        if m:
            runs.append((m[2], lines[i:i + int(m[1])]))
            i += int(m[1])
        else:
            assert lines[i] == v, (i, lines[i], v)
            i += 1
    assert i == len(lines)
    return runs


# ---------------------------------------------------------------- detection


def test_minitest_phpunit_and_rubocop_runs_are_tool_transcripts():
    # None of them printed a line the runner signatures knew: minitest and RuboCop runs were
    # read as text (whose section folding dropped failure blocks), PHPUnit's diffs as a diff.
    for name in ("minitest-v-big-fail.txt", "rake-test-fail.txt", "phpunit-big-fail.txt", "phpunit-v-fail.txt",
                 "phpunit-testdox-big.txt", "phpunit-testdox-fail.txt", "rubocop-autocorrect.txt",
                 "rubocop-big-convention.txt"):
        assert detect(real(name)) == ContentType.TERMINAL, name


def test_a_diff_quoting_a_minitest_summary_line_is_still_a_diff():
    diff = (b"diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1,3 +1,3 @@\n"
            b" Run the tests:\n-1200 runs, 1199 assertions, 3 failures, 1 errors, 0 skips\n"
            b"+1200 runs, 1200 assertions, 0 failures, 0 errors, 0 skips\n done\n")
    assert detect(diff) == ContentType.DIFF


# ---------------------------------------------------------------- minitest


def test_minitest_verbose_run_keeps_every_failure_block_and_result_row(counter):
    # The text compressor's section folding showed `  2) Failure:` and `  3) Failure:` with
    # their bodies elided as copies of the first: two failing assertions were out of view.
    lines, view = view_lines(counter, "minitest-v-big-fail.txt")
    for needle in ("Expected: 615", "Expected: 3445", "Expected: 5079", "  Actual: 5078",
                   "Unit17Test#test_value_1722 [/tmp/proj/bigmt/test/unit_17_test.rb:25]:",
                   'ArgumentError: invalid value for Integer(): "x909"',
                   "Unit3Test#test_value_307 = 0.00 s = F", "Unit17Test#test_value_1722 = 0.00 s = F",
                   "Unit25Test#test_value_2539 = 0.00 s = F", "Unit9Test#test_value_909 = 0.00 s = E",
                   "1200 runs, 1199 assertions, 3 failures, 1 errors, 0 skips"):
        assert needle in view, needle
    # the passing `= .` rows are what went, and the markers say so
    passing = sum(1 for s in lines if s.endswith(" s = ."))
    assert not [v for v in view if v.endswith(" s = .")]
    runs = elided(lines, view)
    assert passing == sum(sum(1 for s in run if s.strip()) for _, run in runs)
    assert all(what == account("passing-test line", run) for what, run in runs)


def test_minitest_small_failing_run_passes_through_whole(counter):
    data = real("rake-test-fail.txt")
    assert engine_view(counter, data).encode() == data


# ---------------------------------------------------------------- RuboCop


def test_rubocop_keeps_every_error_finding_with_its_excerpt(counter):
    # Read as text, five of the ten `E: Lint/Syntax` findings were folded away as repeats.
    lines, view = view_lines(counter, "rubocop-autocorrect.txt")
    errors = [i for i, s in enumerate(lines) if ": E: " in s]
    assert len(errors) == 10
    for i in errors:
        for k in range(i, i + 4):  # headline, parser note, source line, caret line
            assert lines[k] in view, lines[k]
    assert "10 files inspected, 85 offenses detected, 61 offenses corrected, 8 more offenses can be corrected " \
           "with `rubocop -A`" in view


def test_rubocop_convention_flood_keeps_one_per_cop_and_message_and_counts_the_rest(counter):
    lines, view = view_lines(counter, "rubocop-big-convention.txt")
    heads = [s for s in lines if re.match(r"^\S+:\d+:\d+: C: ", s)]
    shown = [s for s in view if re.match(r"^\S+:\d+:\d+: C: ", s)]
    cops = {re.search(r"(\w+/\w+): ", s)[1] for s in heads}
    assert cops == {re.search(r"(\w+/\w+): ", s)[1] for s in shown}  # every cop still named
    counted = 0
    for _, what in markers(view):
        m = re.match(r"(\d+) findings? like those shown: (.*?)(; (\d+) lines under them)?$", what)
        assert m, what
        counted += int(m[1])
        assert int(m[4] or 0) == 2 * int(m[1])  # each elided finding's source and caret lines
    assert counted + len(shown) == len(heads)
    assert lines[-1] in view


# ---------------------------------------------------------------- PHPUnit


def test_phpunit_progress_rows_of_dots_elided_the_rows_with_results_kept(counter):
    # It passed through whole: 33 progress rows, 28 of them nothing but dots.
    lines, view = view_lines(counter, "phpunit-big-fail.txt")
    dotted = [s for s in lines if re.match(r"^\.+ +\d+ / 2000", s)]
    marked = [s for s in lines if re.match(r"^[.EFS]*[EFS][.EFS]* +\d+ / 2000", s)]
    assert len(marked) == 6
    for s in marked:
        assert s in view
    gone = [s for _, run in elided(lines, view) for s in run if s]
    assert gone and set(gone) <= set(dotted)
    first = lines.index("There was 1 error:")
    for s in lines[first:]:  # the error and failure sections and the closing counts, whole
        assert s in view, s


def test_phpunit_verbose_run_keeps_incomplete_and_skipped_sections(counter):
    data = real("phpunit-v-fail.txt")
    view = engine_view(counter, data)
    for needle in ("There was 1 incomplete test:", "gift wrap is not implemented yet",
                   "There was 1 skipped test:", "The cups extension is not available.",
                   "There was 1 risky test:", "This test did not perform any assertions"):
        assert needle in view, needle


def test_phpunit_testdox_keeps_failures_with_bodies_and_odd_results(counter):
    lines, view = view_lines(counter, "phpunit-testdox-big.txt")
    for i, s in enumerate(lines):
        if s.startswith((" ✘ ", " ↩ ")) or s.lstrip().startswith("│"):
            assert s in view, (i, s)
    summary = lines.index("Summary of non-successful tests:")
    for s in lines[summary:]:
        assert s in view, s
    assert not [v for v in view if v.startswith(" ✔ ")]
    assert all("passing-test line" in what for _, what in markers(view))


def test_phpunit_debug_started_and_ended_rows_are_progress(counter):
    lines, view = view_lines(counter, "phpunit-debug.txt")
    runs = elided(lines, view)
    assert [what for what, _ in runs] == ["397 progress lines; 1 blank line"]
    assert runs[0][0] == account("progress line", runs[0][1])
    assert all(not s or s.startswith("Test '") and s.endswith(("' started", "' ended")) for s in runs[0][1])
    assert "Tests: 2000, Assertions: 1994, Errors: 1, Failures: 3, Skipped: 5." in view
    assert "Failed asserting that 834 is identical to 835." in view


def test_phpunit_testdox_on_a_terminal_keeps_the_boxed_failure_bodies(counter):
    # With colours testdox frames a failure's body with `┐ ├ ┊ │ ╵ ┴`, not `│`: the expected
    # and actual lines of its diff were elided as "other lines".
    data = real("phpunit-testdox-color.txt")
    view = engine_view(counter, data)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", view)
    for needle in ("┊ -'USD·1.75'", "┊ +'USD1.75'", "┊ -····'tax'·=>·7", "┊ +TOTAL·1.75",
                   "├ Failed asserting that 2 is identical to 3.", "├ Error: Call to undefined method",
                   "Tests: 22, Assertions: 16, Errors: 4, Failures: 5, Skipped: 1, Incomplete: 1, Risky: 1."):
        assert needle in plain, needle


def test_rubocop_on_a_terminal_names_no_cops_and_is_still_thinned_by_message(counter):
    lines, view = view_lines(counter, "rubocop-color.txt")
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", v) for v in view]
    for needle in ("lib/shop/cart.rb:2:3: C: Missing top-level documentation comment for class Shop::Cart.",
                   "lib/shop/inventory.rb:4:3: C: Missing top-level documentation comment for class Shop::Inventory.",
                   "7 files inspected, 66 offenses detected, 60 offenses autocorrectable"):
        assert any(needle in v for v in plain), needle
    # two more single-quote findings of lib/shop.rb and a second frozen-string-literal one
    assert markers(plain)[0] == (9, "3 findings like those shown: uncoded×3; 6 lines under them")
    assert len(view) * 2 < len(lines)


# ---------------------------------------------------------------- PHP diagnostics


def test_php_deprecation_flood_keeps_each_wording_once_and_counts_the_repeats(counter):
    # Read as text, 30 `htmlspecialchars(): Passing null` deprecations alternating with 30
    # `trim()` ones were folded as repeated sections: htmlspecialchars' was out of view.
    data = real("php-deprecations-display-and-log.txt")
    assert detect(data) == ContentType.LOG
    lines, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    wordings = {re.sub(r"^PHP (\w+):  ", r"\1: ", s) for s in lines if "Deprecated:" in s}
    for wording in wordings:
        assert any(re.sub(r"^PHP (\w+):  ", r"\1: ", v) == wording for v in view), wording
    for what, run in elided(lines, view):
        assert what == f"{len(run)} repeat{'s' if len(run) > 1 else ''} of shown error lines" or not all(run), what
    assert "end" in view


def test_php_logged_and_displayed_copies_of_a_warning_fold_as_one_message(counter):
    # With display_errors and log_errors both on, each warning is printed twice
    # (`PHP Warning:  x` and `Warning: x`): the 2-line cycle was never read as a repeat and
    # the 200-line loop passed through whole.
    lines, view = view_lines(counter, "php-warning-loop-display-and-log.txt")
    assert lines[0] in view and "total=0" in view
    runs = elided(lines, view)
    assert sum(len(run) for _, run in runs) > 190
    assert all(what == f"{len(run)} repeats of shown error lines" for what, run in runs)


def test_php_warnings_between_a_scripts_output_are_a_log_and_the_fatal_stays(counter):
    data = real("php-warnings-between-output.txt")
    assert detect(data) == ContentType.LOG
    view = engine_view(counter, data)
    for needle in ('PHP Warning:  Undefined array key "price" in /tmp/proj/phpscripts/mixed_loop.php on line 6',
                   "PHP Fatal error:  Uncaught DivisionByZeroError: Division by zero in "
                   "/tmp/proj/phpscripts/mixed_loop.php:9", "#0 {main}", "processed 120 rows"):
        assert needle in view, needle
    assert len(view) * 5 < len(data)


# ---------------------------------------------------------------- rspec -fd


def test_rspec_documentation_tree_keeps_failed_and_pending_examples_under_their_groups(counter):
    # The tree's passing examples were "other lines" and the groups naming a failed example
    # were elided with them (`parses record 1210 (FAILED - 1)` stood without `Model12`/`group 1`).
    lines, view = view_lines(counter, "rspec-fd-big-fail.txt")
    for i, s in enumerate(lines):
        if s.endswith(")") and re.search(r" \((FAILED - \d+|PENDING: .*)\)$", s):
            n = int(re.search(r"\d+", s)[0])  # the generator numbered example e of group g in file f as f*100+g*10+e
            at = view.index(s)
            titles = [v for v in view[:at] if not MARKER.match(v) and not v.startswith("    ")]
            assert titles[-1] == f"  group {n // 10 % 10}" and f"Model{n // 100}" in titles
    assert "Model12" in view and "Model23" in view
    for what, run in elided(lines, view):
        assert what == account("passing-test line", run)
        assert all(not s or s.startswith(("Model", "  group ", "    computes value ", "    parses record ",
                                          "    talks to the network ")) for s in run)
    assert "1600 examples, 4 failures, 5 pending" in view


# ---------------------------------------------------------------- perlcritic


def test_perlcritic_findings_are_lint_findings_thinned_per_message_shape(counter):
    # Read as search hits, runs of findings were elided with only their file named
    # (`… 23 search result lines elided (caveman): in Dpkg/Source/Package.pm×21 …`).
    data = real("perlcritic-harsh-dpkg.txt")
    assert detect(data) == ContentType.TERMINAL
    lines, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    high = [s for s in lines if re.search(r"\(Severity: [45]\)$", s)]
    assert 0 < len(high) <= 200
    for s in high:  # fewer than WARNING_VOLUME severity-4/5 findings: every one stays
        assert s in view, s

    def shape(s: str) -> str:
        msg = re.match(r"^[^:]+: (.+?) at line \d+", s)[1]
        return re.sub(r"\d+", "#", re.sub(r'"[^"]*"', "Q", msg)).strip()

    assert {shape(s) for s in lines} == {shape(v) for v in view if not MARKER.match(v)}
    for what, run in elided(lines, view):
        m = re.match(r"(\d+) findings? like those shown: (.*)$", what)
        assert m and int(m[1]) == len(run), what
        assert all(re.search(r"\(Severity: [123]\)$", s) for s in run)


# ---------------------------------------------------------------- phpcs


def test_phpcs_full_report_names_every_file_and_keeps_unfixable_errors(counter):
    # Read as a log, every file after the first was elided as "repeats of shown error lines":
    # no `FILE:` line, so which files had errors was out of view.
    data = real("phpcs-psr12-full-report.txt")
    assert detect(data) == ContentType.TERMINAL
    lines, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    for i, s in enumerate(lines):
        if s.startswith(("FILE: ", "FOUND ", "PHPCBF CAN FIX ")):
            assert s in view, s
        if re.match(r"^ *\d+ \| ERROR \| \[ \] ", s):  # phpcbf cannot fix it: every one stays
            assert s in view and lines[i + 1] in view, s
    for what, run in elided(lines, view):
        m = re.match(r"(\d+) findings? like those shown: (.*?)(; (\d+) lines? under them)?(; (\d+) other lines?)?$", what)
        if m is None:
            assert what.endswith("other lines") and all(not s.strip("-") for s in run), what
            continue
        rows = [s for s in run if re.match(r"^ *\d+ \| ", s)]
        assert len(rows) == int(m[1]) and all("| [x] " in s for s in rows)
    assert "Time: 1.6 secs; Memory: 12MB" in view
