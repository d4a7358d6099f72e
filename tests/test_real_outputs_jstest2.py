"""Real outputs of JavaScript test runners run on a real package's code (semver 7.8.6 with a
broken line, its own test fixtures) under a pty, trimmed excerpts under
tests/fixtures/real/jstest2/: rows a live display erased (jest's RUNS rows, vitest's running
summary) are blank as the terminal showed them, and elided as such; every failure row, failure
block and the final summary stay."""
from __future__ import annotations

import re
from pathlib import Path

from engine.terminal_text import clean_lines, erased_rows
from engine.compressors import lines as L
from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "jstest2"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def test_jest_runs_rows_erased_by_the_next_frame_are_not_shown(counter):  # noqa: ANN001
    data = real("jest-default-pty.txt")
    view = engine_view(counter, data).splitlines()
    # each ` RUNS  file` row is erased (`ESC[K ESC[1A ESC[K ESC[1A`) before the next frame:
    # the old view showed the last one of each file between the failure blocks
    assert not [ln for ln in view if ln.startswith(" RUNS ")]
    for kept in (" FAIL  jt/comparisons.test.js", " FAIL  jt/range.test.js",
                 "  ● comparisons › 1.2.3-a.b > 1.2.3-a", "  ● Range › maxSatisfying picks the highest prerelease",
                 "      at toBe (jt/comparisons.test.js:6:38)", "    +   \"0.0.1\",",
                 "Tests:       4 failed, 148 passed, 152 total", "Snapshots:   4 passed, 4 total"):
        assert kept in view, kept
    # what a marker calls blank is blank in the shown text
    text = data.decode()
    shown = clean_lines(text, L.split(text).bare())
    assert sum(1 for ln in shown if ln.startswith(" RUNS ")) == 0
    # the erased rows hold no row of the screen: no marker counts them (jstest3)
    markers = [MARKER.match(ln) for ln in view if MARKER.match(ln)]
    assert all("passing-test" in m.group(2) and "blank" not in m.group(2) for m in markers)


def test_vitest_running_summary_frames_erased_by_the_next_frame_are_not_shown(counter):  # noqa: ANN001
    data = real("vitest-run-pty.txt")
    view = engine_view(counter, data).splitlines()
    # the running summary (`Test Files 0 passed (3)`, `Tests 1 passed (115)`, ...) is redrawn
    # in place seven times; only the final summary is on the screen at the end
    assert not [ln for ln in view if ln.strip().startswith(("Test Files 0 passed", "Tests 1 passed", "Duration 852ms"))]
    assert not [ln for ln in view if "[queued]" in ln]
    for kept in (" ❯ vt/range.test.js (115 tests | 2 failed) 177ms",
                 "     × maxSatisfying picks the highest prerelease 1ms",
                 " FAIL  vt/format.test.js > parse > parses a full version",
                 "Error: Snapshot `parse > parses a full version 1` mismatched",
                 " Test Files  3 failed (3)", "      Tests  5 failed | 148 passed (153)"):
        assert kept in view, kept


def test_erased_rows_follow_only_line_start_escapes_and_fail_closed_on_other_moves():
    # a frame of two rows erased by the next frame's line-start `ESC[K ESC[1A ESC[K ESC[1A ESC[K`
    lines = ["head", "frame a", "frame b", "\x1b[K\x1b[1A\x1b[K\x1b[1A\x1b[Kframe c", "tail"]
    assert erased_rows(lines) == [1, 2]
    # text before the escapes (a row printed, then the display redraws): no row is erased
    assert erased_rows(["head", "bar 1", "row\r\x1b[2K\x1b[1A\x1b[2Kbar 2"]) == []
    # cursor-down or positioning escapes anywhere: rows are revisited, nothing is claimed
    assert erased_rows(["a", "b", "\x1b[K\x1b[1A\x1b[Kc\x1b[1B"]) == []
    # a row overwritten without an erase keeps its line
    assert erased_rows(["a", "b", "\x1b[1Ac"]) == []


def test_vitest_junit_report_under_a_pty_is_a_test_run_not_a_diff(counter):  # noqa: ANN001
    # `vitest run --reporter=junit` under a pty: the spinner's glyphs stand before `<?xml` and
    # its failure texts hold `- Expected` / `+ Received` lines, so the coloured payload read as a
    # diff and passed through whole (9,575 tokens); as a test run its passing cases fold
    from engine.detect import detect
    from engine.types import ContentType
    data = real("vitest-junit-pty.txt")
    assert detect(data) == ContentType.TERMINAL
    original = ANSI.sub("", data.decode()).splitlines()
    view = engine_view(counter, data).splitlines()
    failing = [k for k, ln in enumerate(original) if ln.strip().startswith("<failure")]
    assert len(failing) == 5
    for k in failing:
        assert original[k - 1] in view  # the <testcase> naming it
        end = next(j for j in range(k, len(original)) if original[j].strip() == "</testcase>")
        for ln in original[k:end + 1]:
            assert ln in view, ln
    assert sum(1 for ln in view if ln.lstrip().startswith("<testsuite name=")) == 3
    passed = sum(int(m.group(1)) for ln in view for m in re.finditer(r"(\d+) passing-test lines?", ln))
    assert passed >= 2 * 140  # the passing cases' open and close lines
    assert len(view) < len(original) // 3


def test_node_test_failure_details_printed_again_in_the_recap_are_counted_in_the_tree(counter):  # noqa: ANN001
    # node --test's spec reporter prints each failure's details under its `✖` row and again
    # under `✖ failing tests:`; the tree's copy is counted (10,000 -> 1,538 tokens), the `✖`
    # rows and the whole recap (with each `test at file:line:col`) stay, but for node's own
    # test-runner frames past each trace's first, which a marker counts
    data = real("nodetest-spec-fail.txt")
    original = [ln.rstrip() for ln in ANSI.sub("", data.decode()).splitlines()]
    view = [ln.rstrip() for ln in engine_view(counter, data).splitlines()]
    head = original.index("✖ failing tests:")
    runner_frames = [ln for ln in original[head:] if ("(node:" in ln or "(index 0)" in ln) and not ln.endswith("{")]
    assert len(runner_frames) == 23
    view_recap = view[view.index("✖ failing tests:"):]
    for ln in original[head:]:
        if ln not in runner_frames:
            assert ln in view_recap, ln
    counted = sum(int(m.group(1)) for ln in view_recap
                  for m in re.finditer(r"(\d+) node-internal/test-runner/loader stack frame lines?", ln))
    shown = [ln for ln in view_recap if ln in runner_frames]  # runs under two lines, and the tail
    assert counted == 20 and counted + len(shown) == len(runner_frames)
    for ln in original[:head]:
        if ln.lstrip().startswith(("✖ ", "﹣ ", "ℹ ")):
            assert ln in view, ln
    recap_rows = [ln for ln in original[head + 1:] if ln.startswith("✖ ")]
    assert len(recap_rows) == 4
    copies = sum(int(m.group(1)) for ln in view
                 for m in re.finditer(r"(\d+) failure-detail lines? printed again", ln))
    tree_details = 0
    for row in recap_rows:
        k = original.index("    " + row)
        j = k + 1
        while j < len(original) and (not original[j].strip() or original[j].startswith("      ")):
            j += 1
        tree_details += sum(1 for ln in original[k + 1:j] if ln.strip())
    assert copies == tree_details == 63


def test_node_test_tap_announcement_of_a_passing_test_passes_with_it(counter):  # noqa: ANN001
    # `node --test --test-reporter=tap`: `# Subtest: name` announces each test; those of passing
    # tests read as other lines and kept 19 of them between the runs of passing lines
    data = real("nodetest-tap-fail.txt")
    original = [ln.rstrip() for ln in data.decode().splitlines()]
    view = [ln.rstrip() for ln in engine_view(counter, data).splitlines()]
    subtests = [ln for ln in view if "# Subtest: " in ln]
    # the suites' and the failing (and skipped) tests' announcements only
    assert subtests == ["# Subtest: semver", "    # Subtest: comparisons", "        # Subtest: 1.2.3-a.b > 1.2.3-a",
                        "    # Subtest: range include",
                        '        # Subtest: "1.2.3-pre+asdf - 2.4.3-pre+asdf" includes "1.2.3-pre.2"',
                        "    # Subtest: objects", "        # Subtest: sorts prereleases",
                        "        # Subtest: rejects a bad version when asked",
                        "        # Subtest: intersects two ranges (pending upstream fix)"]
    for k, ln in enumerate(original):
        if ln.lstrip().startswith("not ok "):
            end = original.index(ln[:len(ln) - len(ln.lstrip())] + "  ...", k)
            for kept in original[k:end + 1]:
                assert kept in view, kept
    for ln in original[-9:]:
        assert ln in view  # `1..1` and the `# tests 147` ... `# duration_ms` counts
    markers = [MARKER.match(ln) for ln in view if MARKER.match(ln)]
    assert sum(int(m.group(1)) for m in markers if m.group(2).endswith("passing-test lines")) == 710


def test_ava_failure_section_stays_whole(counter):  # noqa: ANN001
    # AVA prints its failed tests' details between two `─` rules after the result rows; the
    # generic rules read the titles as passing suite titles and elided the second to fourth
    # failures' titles, `file:line` lines, `› file://…` frames and half of a diff
    data = real("ava-verbose-fail.txt")
    original = [ln.rstrip() for ln in ANSI.sub("", data.decode()).splitlines()]
    view = [ln.rstrip() for ln in engine_view(counter, data).splitlines()]
    rules = [k for k, ln in enumerate(original) if ln == "  ─"]
    assert len(rules) == 2
    for ln in original[rules[0]:rules[1] + 1]:
        assert ln in view, ln  # one trace: AVA's and node's frames stay (no repetition)
    for ln in ("  ✘ [fail]: sorts prereleases", "  › file://avat/semver.test.mjs:20:5", "  +   '1.2.3-a.1',",
               "  4 tests failed", "  1 test skipped", "  1 test todo"):
        assert ln in view, ln
    markers = [MARKER.match(ln) for ln in view if MARKER.match(ln)]
    assert sum(int(m.group(1)) for m in markers) == sum(1 for ln in original if ln.startswith("  ✔ "))


def test_node_tap_relayed_crash_keeps_its_header_and_wrapped_frame_locations(counter):  # noqa: ANN001
    # node-tap 21 under TypeScript 7 (its ts-node loader finds no `ts.sys`): the child's crash
    # is relayed with two blank lines after the caret, and its frames wrapped at the width
    # (`    at readConfig` / `(/path/configuration.ts:142:25)`): the crash header and the
    # wrapped locations were elided as other lines
    data = real("tap-ts-crash.txt")
    view = [ln.rstrip() for ln in engine_view(counter, data).splitlines()]
    base = "/home/user/proj/node_modules/@isaacs/ts-node-temp-fork-for-pr-2009/src/"
    for ln in (base + "configuration.ts:142", "    fileExists = ts.sys.fileExists,",
               "TypeError: Cannot read properties of undefined (reading 'fileExists')",
               "    at readConfig", f"({base}configuration.ts:142:25)", "    at findAndReadConfig",
               f"({base}configuration.ts:66:82)", "    at Object.register", f"({base}index.ts:544:15)",
               "Node.js v20.20.2", " FAIL  taps/semver.test.js 0 1.405s",
               "Asserts:  0 pass  1 fail  1 of 1 complete", "# { total: 1, pass: 0, fail: 1 }"):
        assert ln in view, ln
    # the crash block is a failure block (KEEP), header to last frame, whatever the view's budget
    from engine.compressors import toolout
    text = data.decode()
    shown = clean_lines(text, L.split(text).bare())
    classes = toolout.analyse(shown).classes
    start = shown.index(base + "configuration.ts:142")
    end = next(k for k in range(start, len(shown)) if shown[k].startswith("    at async <anonymous>"))
    assert all(classes[k] == toolout.KEEP for k in range(start, end + 1) if shown[k])


def test_bun_test_is_a_test_run_and_keeps_each_failure_block_above_its_row(counter):  # noqa: ANN001
    # `bun test` (1.4.5): read as code and passed through whole; as a test run, the details bun
    # prints above each `✗` row (code excerpt, caret, `error:`, diff, `at` frame) stay whole
    from engine.detect import detect
    from engine.types import ContentType
    data = real("bun-test-fail.txt")
    assert detect(data) == ContentType.TERMINAL
    original = [ln.rstrip() for ln in ANSI.sub("", data.decode()).splitlines()]
    view = [ln.rstrip() for ln in engine_view(counter, data).splitlines()]
    rows = [k for k, ln in enumerate(original) if ln.startswith(("✓ ", "✗ ")) or ln.endswith(".test.js:")]
    failed = [k for k in rows if original[k].startswith("✗ ")]
    assert len(failed) == 8  # 4 in the run, 4 in the `4 tests failed:` recap
    for prev, k in zip(rows, rows[1:]):
        if k in failed:
            for ln in original[prev + 1:k + 1]:
                assert ln in view, ln
    for ln in original[-7:]:
        assert ln in view, ln  # `4 tests failed:` ... `Ran 153 tests across 3 files.`
    markers = [MARKER.match(ln) for ln in view if MARKER.match(ln)]
    assert all(re.fullmatch(r"\d+ passing-test lines?(; 1 blank line)?", m.group(2)) for m in markers)
    passed = sum(int(n) for m in markers for n in re.findall(r"(\d+) passing-test", m.group(2)))
    assert passed == sum(1 for ln in original if ln.startswith("✓ ")) - 2  # two stand between kept lines


def test_deno_test_rows_pass_and_its_errors_and_failures_sections_stay_whole(counter):  # noqa: ANN001
    # `deno test` (2.9.6) on node:test suites: its `name ... ok (1ms)` rows read as other lines
    # (a few dozen stayed), the ERRORS section lost an assertion's diff and the FAILURES list
    # was elided
    data = real("deno-test-fail.txt")
    original = [ln.rstrip() for ln in ANSI.sub("", data.decode()).splitlines()]
    view = [ln.rstrip() for ln in engine_view(counter, data).splitlines()]
    errors = original.index(" ERRORS")
    for ln in original[errors:]:
        assert ln in view, ln
    for ln in original[:errors]:
        if " ... FAILED (" in ln or " ... ignored (" in ln:
            assert ln in view, ln
    markers = [MARKER.match(ln) for ln in view if MARKER.match(ln)]
    passed = sum(int(n) for m in markers for n in re.findall(r"(\d+) passing-test", m.group(2)))
    rows = sum(1 for ln in original if re.search(r" \.\.\. ok \(\d+m?s\)$", ln))
    assert passed == rows - 1  # `parses prerelease identifiers ... ok` stands between failed rows
    assert len(view) < 80


def test_tstyche_errors_keep_their_code_excerpts(counter):  # noqa: ANN001
    # TSTyche 5 (TypeScript 5.9): each `Error: Type 'X' is not the same as type 'Y'.` has a code
    # excerpt whose `~~~~` row marks the failing type; the excerpts, alike from one error to the
    # next, were elided as other lines
    from engine.compressors import toolout
    data = real("tstyche-fail.txt")
    text = data.decode()
    shown = clean_lines(text, L.split(text).bare())
    classes = toolout.analyse(shown).classes
    errors = [k for k, ln in enumerate(shown) if ln.startswith("Error: ")]
    assert len(errors) == 4
    for k in errors:
        end = next(j for j in range(k, len(shown)) if shown[j].lstrip().startswith("at ./typ2/"))
        assert any(set(shown[j].split("|")[-1].strip()) == {"~"} for j in range(k, end))
        assert all(classes[j] == toolout.KEEP for j in range(k, end + 1) if shown[j])
    view = [ln.rstrip() for ln in engine_view(counter, data).splitlines()]
    assert "     |                                              ~~~~~~" in view
    assert "Assertions: 4 failed, 4 passed, 8 total" in view


def test_node_tap_live_display_cleared_before_its_report_is_not_shown(counter):  # noqa: ANN001
    # node-tap 21's live display redraws `RUNS file N OK` and its `Asserts:` counts in place,
    # then clears the screen and its scrollback (`ESC[2J ESC[3J ESC[H`) and prints its report;
    # the 40-odd stale frames were shown (28,446 -> 6,540 tokens, now 1,205)
    data = real("node-tap-fail-pty.txt")
    view = [ln.rstrip() for ln in engine_view(counter, data).splitlines()]
    assert not [ln for ln in view if ln.startswith((" RUNS ", "Asserts:  0 pass"))]
    for ln in ("✖ objects > sorts prereleases", "  taps/semver.test.js:18:5", "  --- expected", "  +++ actual",
               "  -  \"1.2.3-a\",", "  +  \"1.2.3-a\",", "  Test.<anonymous> (taps/semver.test.js:9:7)",
               "Asserts:  173 pass  4 fail  177 of 177 complete", "# { total: 177, pass: 173, fail: 4 }"):
        assert ln in view, ln
    assert sum(1 for ln in view if ln.startswith("✖ ")) == 8  # each failure in the summary and the report
    # the clear only counts at a line's start; a cursor-home alone elsewhere fails closed
    assert erased_rows(["a", "b", "\x1b[2J\x1b[3J\x1b[Hreport"]) == [0, 1]
    assert erased_rows(["a", "b", "\x1b[Hreport"]) == []
