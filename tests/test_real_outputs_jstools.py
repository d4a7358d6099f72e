"""Real outputs of the JavaScript toolchain (vitest 1 and 3, jest, playwright, tsc, npm pack;
a pip error box as the guard of a shared rule), trimmed excerpts under
tests/fixtures/real/jstools/: failing, skipped and console rows are not passing structure; a
coverage table, a test list, a tarball's contents and a file list are read by name and stay
whole; a console.warn message is a warning; a JUnit failure is kept whole."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors import toolout
from engine.compressors.terminal import TerminalCompressor
from engine.compressors.toolout_js import vitest_cross_row
from engine.detect import detect
from engine.terminal_text import clean_lines
from engine.compressors import lines as L
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "jstools"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_of(name: str) -> tuple[list[str], list[str]]:
    """(the original's lines without colour, the terminal view's lines)."""
    data = real(name)
    assert detect(data) == ContentType.TERMINAL
    out = TerminalCompressor().compress(data)
    view = (data if out is None else out).decode()  # None: nothing to elide, shown whole
    return ANSI.sub("", data.decode()).splitlines(), view.splitlines()


def labels(name: str) -> tuple[list[str], list[str]]:
    text = real(name).decode()
    cleaned = clean_lines(text, L.split(text).bare())
    return cleaned, toolout.analyse(cleaned).classes


def passing_counts(view: list[str]) -> int:
    return sum(int(m.group(1)) for ln in view for m in re.finditer(r"(\d+) passing-test lines", ln))


def test_vitest1_default_failing_file_rows_and_messages_stay():
    # ` ❯ test/user.test.ts  (8 tests | 7 failed)`, its `❯ file > test` rows and `→ message`
    # rows are indented like suite titles: they were elided as "29 passing-test lines".
    original, view = view_of("vitest1-default-fail.txt")
    verdict = [ln for ln in original if re.match(r"^\s*(❯ \S+\s+\(\d+ tests \||❯ \S+ > |→ )", ln)]
    assert len(verdict) == 18
    for ln in verdict:
        assert ln in view
    # what the markers call passing is exactly the 8 passing math file rows (the ninth ✓ row
    # stands between kept rows and is shown; the blank line above them is counted as blank)
    assert passing_counts(view) == sum(1 for ln in original if ln.startswith(" ✓ ")) - 1
    assert " ✓ test/strings.test.ts  (5 tests) 6ms" in view


def test_vitest3_default_failed_file_block_keeps_cross_arrow_and_skipped_rows():
    original, view = view_of("vitest3-default-fail.txt")
    for ln in original:
        if re.match(r"^ ❯ \S+ \(.*failed|^\s+(× |→ |↓ )", ln):
            assert ln in view, ln
    assert "   ↓ database suite > reads rows" in view


def test_vitest1_verbose_snapshot_failure_count_stays():
    # `  Snapshots  2 failed` is indented like a suite title: it was counted as a passing line.
    cleaned, classes = labels("vitest1-verbose-fail.txt")
    i = cleaned.index("  Snapshots  2 failed")
    assert classes[i] == toolout.KEEP
    _, view = view_of("vitest1-verbose-fail.txt")
    assert "  Snapshots  2 failed" in view


def test_vitest3_verbose_cross_row_does_not_open_a_pip_error_box():
    # A verbose `× test` row matched pip's `× ` error head, whose block runs over every indented
    # line: the 173 passing rows after it were kept. Now they elide; skips are not "passing".
    original, view = view_of("vitest3-verbose-fail.txt")
    passing_rows = sum(1 for ln in original if ln.startswith(" ✓ "))
    assert passing_rows == 174
    assert sum(1 for ln in view if ln.startswith(" ✓ ")) <= 2
    assert passing_counts(view) >= passing_rows - 2
    for ln in original:
        if re.match(r"^ (×|↓) |^   → ", ln):
            assert ln in view, ln
    assert "  Snapshots  2 failed" in view


def test_pip_cross_head_still_opens_its_error_box():
    cleaned, classes = labels("pip-build-error-box.txt")
    i = cleaned.index("  × Preparing metadata (pyproject.toml) did not run successfully.")
    assert not vitest_cross_row(cleaned, i)
    hook = False
    for k in range(i, i + 24):
        # pip's hook-runner frames are in the box too, counted (pip_build.mark_hook_frames)
        if cleaned[k].lstrip().startswith(("File ", "Traceback", "RuntimeError")):
            hook = "pyproject_hooks" in cleaned[k]
        assert classes[k] == ("hookframe" if hook else toolout.KEEP), cleaned[k]
    j = cleaned.index("× Encountered error while generating package metadata.")
    assert classes[j] == toolout.KEEP


def test_jest_console_warn_messages_are_not_elided_as_look_alikes():
    original, view = view_of("jest-coverage-console.txt")
    warnings = [ln for ln in original if ln.strip().startswith("deprecated label path for ")]
    assert len(warnings) == 6
    for ln in warnings:
        assert ln.rstrip() in view


def test_jest_coverage_table_stays_whole():
    original, view = view_of("jest-coverage-console.txt")
    table = [ln.rstrip() for ln in original if "|" in ln and (ln.startswith(("-", "File", "All files", " ")))
             and not re.match(r"^\s*>?\s*\d+ \|", ln) and not ln.strip().startswith("|")]
    assert len(table) == 17  # 3 rules, header, All files, 12 files
    for ln in table:
        assert ln in view, ln


def test_vitest_v8_coverage_table_stays_whole():
    original, view = view_of("vitest3-coverage-v8.txt")
    table = [ln.rstrip() for ln in original if "|" in ln]
    assert len(table) == 8
    for ln in table:
        assert ln in view
    assert passing_counts(view) > 0  # the ✓ file rows still elide


def test_jest_verbose_console_blocks_are_not_counted_as_passing_lines():
    # A single-file jest run prints its ✓ tree, so the tree rule took every indented line of a
    # `console.error` block for a suite title: markers said "10 passing-test lines" of warnings
    # and code frames. (Excerpt: the first 5 of 41 identical blocks, the last, the tree.)
    cleaned, classes = labels("jest-verbose-console-error.txt")
    tree = cleaned.index("PASS flood/flood.test.js")
    assert tree > 80
    for i in range(tree):  # the console blocks: none of their lines is passing structure
        assert classes[i] != toolout.PASS or not cleaned[i], cleaned[i]
    original, view = view_of("jest-verbose-console-error.txt")
    # exactly the tree: its 41 ✓ rows, `PASS file` and the suite title (blank lines are counted as blank)
    assert passing_counts(view) == sum(1 for ln in original if "✓" in ln) + 2
    assert "    Error: Uncaught [TypeError: items.map is not a function]" in view


def test_junit_report_in_a_terminal_keeps_each_failing_case_whole():
    # `vitest --reporter=junit` after a coloured warning line: read as terminal output, the
    # generic rules elided the `<testcase name=...>` line naming each failure and thinned its
    # diff (the `+ "Dee (dee@example.com)"` received line was among "3 other lines").
    original, view = view_of("vitest1-junit-fail.txt")
    failing = [k for k, ln in enumerate(original) if ln.strip().startswith("<failure")]
    assert len(failing) == 7
    for k in failing:
        assert original[k - 1] in view  # the <testcase> naming it
        end = next(j for j in range(k, len(original)) if original[j].strip() == "</testcase>")
        for ln in original[k:end + 1]:
            assert ln in view, ln
    assert passing_counts(view) >= 42  # the passing cases still elide, counted as passes
    assert '<testsuites name="vitest tests" tests="29" failures="7" errors="0" time="0.693">' in view


def test_playwright_list_reporter_is_a_test_run_and_keeps_its_failures():
    # Detected as code (passed through whole) before; as a terminal transcript the tree rule
    # then called every indented line, ✘ rows and failure blocks included, passing structure.
    data = real("playwright-list-fail.txt")
    assert detect(data) == ContentType.TERMINAL
    original, view = view_of("playwright-list-fail.txt")
    for ln in original:
        if re.match(r"^  (✘|-) +\d+ ", ln):
            assert ln in view, ln
    start = original.index(next(ln for ln in original if ln.startswith("  1) tests/app.spec.js:10:1")))
    for ln in original[start:]:  # every failure block, the failed list and the counts, whole
        assert ln.rstrip() in view, ln
    assert passing_counts(view) == 13  # the ✓ rows, exactly


def test_vitest_stdout_and_stderr_blocks_are_not_passing_suite_titles():
    # The tree rule called every indented line of a ✓ run a passing suite title: a test's
    # `stderr |` block (`  warning: retry budget low`) was elided as "passing-test lines". A
    # title has tests nested under it; a test's output does not.
    cleaned, classes = labels("vitest3-stdout-stderr-unhandled.txt")
    for i, line in enumerate(cleaned):
        if line.startswith("  step ") or line.startswith("  warning: "):
            assert classes[i] != toolout.PASS, line
    original, view = view_of("vitest3-stdout-stderr-unhandled.txt")
    assert "  warning: retry budget low (2 left)" in view
    assert "     Errors  1 error" in view
    assert passing_counts(view) == 28  # the ✓ rows, exactly (the blank line among them is counted as blank)


def test_lists_the_agent_asked_for_stay_whole():
    # `vitest list` (186 test ids) came out as "… 147 sections elided (caveman) …", and
    # `npm pack --dry-run` lost 8 of its 52 tarball rows to "… 4 sections elided …": both are
    # the enumeration the command was run for.
    from engine.compressors.text import TextCompressor

    for name in ("vitest-list.txt", "npm-pack-dry-run.txt"):
        data = real(name)
        assert detect(data) == ContentType.TEXT
        out = TextCompressor().compress(data)
        assert out is None or out == data, name
    cleaned, classes = labels("npm-pack-dry-run.txt")
    rows = [i for i, ln in enumerate(cleaned) if re.match(r"npm notice [\d.]+[kM]?B ", ln)]
    assert len(rows) == 52
    assert all(classes[i] == toolout.KEEP for i in rows)


def test_tsc_list_files_keeps_every_file():
    # `tsc --listFiles` after its errors (excerpt: the first 12 errors, then the whole list):
    # the list is what the flag was for; 76 of its paths were elided as "other lines".
    original, view = view_of("tsc-list-files.txt")
    paths = [ln for ln in original if ln.startswith("/")]
    assert len(paths) == 94
    for ln in paths:
        assert ln in view
    cleaned, classes = labels("tsc-list-files.txt")
    assert all(c == toolout.KEEP for c in classes)


def test_a_thinned_lint_file_header_stays_thinned():
    # eslint's file header is a bare path too: where its findings are thinned it goes with them.
    cleaned, classes = labels("eslint-over200-one-rule.txt")
    headers = [i for i, ln in enumerate(cleaned) if ln.startswith("/tmp/")]
    assert len(headers) == 15
    assert sum(classes[i] == toolout.KEEP for i in headers) == 2  # g1 (first finding) and g9 (the error)


def test_search_file_headings_are_not_a_file_list():
    # rg's per-file headings are bare paths one at a time between hits: only a run of paths is
    # a list (kept whole); single headings keep the labels the search rules give them.
    from engine.compressors.toolout_js import mark_js

    norm = ["lib/response.js", "12:  res.send(body)", "", "lib/request.js", "40:  req.get('x')",
            "", "src/a.ts", "src/b.ts", "src/c.ts"]
    cls = [toolout.OTHER] * len(norm)
    mark_js(norm, cls)
    assert cls[0] == cls[3] == toolout.OTHER
    assert cls[6:] == [toolout.KEEP] * 3
