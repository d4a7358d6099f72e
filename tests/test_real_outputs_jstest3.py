"""Real outputs of JavaScript test runners (semver's code with a broken line and its own
fixtures) under a pty, trimmed excerpts under tests/fixtures/real/jstest3/: rows a live display
erased hold no row of the screen (no view line, no marker counts them), a runner's JSON report
under its human report is read as JSON, uvu's run is a test run; every failure stays."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine.ccr import MemoryStore
from engine.core import Engine
from engine.registry import default_registry
from engine.terminal_text import clean_lines, erased_rows, plain_text
from engine.types import ContentType, Mode, Options
from engine.compressors import lines as L
from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "jstest3"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def compress(counter, data: bytes):  # noqa: ANN001, ANN201
    return Engine(default_registry(), counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS))


def test_rowless_lines_follow_the_screen():
    # jest's status rows: each ` RUNS ` row erased by the next frame's `ESC[K ESC[1A ESC[K ESC[1A`
    # line, which moves up and prints nothing: neither holds a row, the screen shows head, FAIL, tail
    up = "\x1b[K\x1b[1A"
    lines = ["head", up, " RUNS a", up + up, " RUNS a", up + up, " FAIL a", "tail"]
    rowless: list[int] = []
    assert erased_rows(lines, None, rowless) == [2, 4]
    assert rowless == [1, 2, 3, 4, 5]
    # frames a and b erased, frame c printed over a's row: b's row is printed over by tail, and
    # the blank row left where the cursor stood after the erase (row 2) stays a blank line
    lines = ["head", "", "frame a", "frame b", "\x1b[K\x1b[1A\x1b[K\x1b[1A\x1b[K", "frame c", "tail"]
    rowless = []
    assert erased_rows(lines, None, rowless) == [2, 3]
    assert rowless == [2, 3]
    # no up-move: every line holds its row
    rowless = []
    assert erased_rows(["a", "", "b"], None, rowless) == [] and rowless == []


def test_jest_json_under_a_pty_is_its_report_and_json_without_the_erased_runs_rows(counter):  # noqa: ANN001
    # `jest --json` under a pty: the human report (stderr, its ` RUNS ` rows redrawn with
    # `ESC[K ESC[1A`) above the JSON document (stdout). The erased rows were shown whole in the
    # plain text and pushed the document past the framed-JSON prelude limit: read as a terminal
    # transcript, the 8 KB one-line document could not be thinned.
    data = real("jest-json-pty.txt")
    assert data.count(b" RUNS ") == 72
    shown = plain_text(data).decode()
    assert " RUNS " not in shown  # redrawn 72 times, erased, its file shown as ` FAIL  jt/…`
    result = compress(counter, data)
    assert result.content_type is ContentType.JSON
    view = result.output.decode()
    for kept in (" FAIL  jt/comparisons.test.js", "  ● comparisons › 1.2.3-a.b > 1.2.3-a",
                 "      at Object.toEqual (jt/comparisons.test.js:21:20)",
                 "Tests:       2 failed, 31 passed, 33 total"):
        assert kept in view, kept
    # the human report's passing rows (jest is verbose for one file) are thinned as in a run
    head = view[:view.index('{"numFailedTestSuites"')].splitlines()
    assert "… 27 lines elided (caveman): 27 passing-test lines …" in head
    assert "    ✕ 1.2.3-a.b > 1.2.3-a (3 ms)" in head and "    ✕ sorts a list of versions ascending (9 ms)" in head
    doc, _ = json.JSONDecoder().raw_decode(view[view.index('{"numFailedTestSuites"'):])
    assert doc["numFailedTests"] == 2 and doc["numPassedTests"] == 31
    results = doc["testResults"][0]["assertionResults"]
    failed = [r for r in results if r.get("status") == "failed"]
    assert [r["title"] for r in failed] == ["1.2.3-a.b > 1.2.3-a", "sorts a list of versions ascending"]
    assert all(r["failureMessages"] and "at " in r["failureMessages"][0] for r in failed)
    assert result.tokens_after < 0.5 * result.tokens_before


def test_vitest_dot_erased_rows_are_no_lines_of_the_view_nor_counted_by_a_marker(counter):  # noqa: ANN001
    # vitest's dot reporter redraws its rows of dots (`ESC[K ESC[1A ESC[K` then the row again):
    # the old view showed nine blank lines where the erased frames were and a marker counted
    # two erased rows as `4 other lines` around the last row of dots
    data = real("vitest-dot-pty.txt")
    text = data.decode()
    rowless: list[int] = []
    shown = clean_lines(text, L.split(text).bare(), None, rowless)
    screen = [ln for k, ln in enumerate(shown) if k not in set(rowless)]
    view = engine_view(counter, data).splitlines()
    run_head = view.index(" RUN  v4.1.12 /home/dev/proj")
    # (the row under the header is a blank one the dots' rows overwrite: the model counts no
    # wrapped rows, and a frame wider than the terminal is erased one row further up)
    assert view[run_head + 1].startswith("·······x····")
    assert view[run_head + 2].startswith("······················x···x·x····")
    # every line of the view but the markers is a line of the screen, in order, and each
    # marker counts exactly the screen lines between its neighbours (none erased)
    pos, pending = 0, 0
    for ln in view:
        m = MARKER.match(ln)
        if m:
            pending = int(m.group(1))
            continue
        if ln.startswith("… caveman:"):
            continue
        j = screen.index(ln, pos)
        assert j - pos == pending, (ln, j - pos, pending)
        pos, pending = j + 1, 0
    assert len(screen) - pos == pending or (not pending and screen[pos:] == [""])
    for kept in (" FAIL  vt/comparisons.test.js > comparisons > 1.2.3-a.b > 1.2.3-a",
                 "AssertionError: expected false to be true // Object.is equality",
                 " Test Files  3 failed (3)", "      Tests  5 failed | 148 passed (153)"):
        assert kept in view, kept


def test_uvu_run_is_a_test_run_not_code(counter):  # noqa: ANN001
    # uvu's report (a row of dots per suite, each failure with its frames, `Total:`/`Passed:`
    # counts) was detected as code under its colours
    data = real("uvu-fail-pty.txt")
    result = compress(counter, data)
    assert result.content_type is ContentType.TERMINAL
    view = result.output.decode()
    for kept in ('   FAIL  comparisons  "1.2.3-a.b > 1.2.3-a"', "    Expected value to be truthy  (ok)",
                 "    at Object.handler (/home/dev/proj/uvut/semver.test.js:10:12)",
                 "  Total:     145", "  Passed:    141"):
        assert kept in view, kept
    assert not re.search(r"^… \d+ lines elided", view, re.M) or "FAIL" in view


def test_vitest_json_report_elides_passing_results_and_keeps_every_failure_whole(counter):  # noqa: ANN001
    # `vitest run --reporter=json`: 148 passing results and 5 failing ones in three files. The
    # old view kept 26 passing results, for their durations (MAD outliers) and level shifts of
    # `startTime`; a passing test's duration is not the odd record of a test report.
    data = real("vitest-json-report.json")
    original = json.loads(data)
    result = compress(counter, data)
    assert result.content_type is ContentType.JSON
    view = json.loads(result.output)
    assert view["numPassedTests"] == 148 and view["numFailedTests"] == 5
    passing_shown = 0
    for before, after in zip(original["testResults"], view["testResults"], strict=True):
        results = before["assertionResults"]
        shown = [r for r in after["assertionResults"] if "__caveman_elided__" not in r]
        elided = sum(r["__caveman_elided__"] for r in after["assertionResults"] if "__caveman_elided__" in r)
        assert len(shown) + elided == len(results)
        failing = [r for r in results if r["status"] != "passed"]
        assert [r for r in shown if r["status"] != "passed"] == failing  # whole, message and all
        passing_shown += sum(r["status"] == "passed" for r in shown)
        for marker in (r for r in after["assertionResults"] if "__caveman_elided__" in r):
            assert "all status=passed" in marker["__caveman_invariants__"]
    # the first three and last two of each file's, and the few keepNonRedundant restores
    assert passing_shown <= 17


def test_mocha_json_under_npx_keeps_its_closing_brace_from_the_spinner_erase(counter):  # noqa: ANN001
    # `npx mocha --reporter json` under a pty: npx draws its spinner right after the report's
    # closing `}` (no newline) and erases it from column 1 (`}⠙ ESC[1G ESC[0K`): the plain text
    # lost the brace with the glyph, the document no longer parsed, and the report was thinned
    # line by line as a transcript (`8 other lines` markers inside the tests' objects)
    data = real("mocha-json-npx-pty.txt")
    assert data.endswith(b"}\xe2\xa0\x99\x1b[1G\x1b[0K")
    assert plain_text(data).decode().endswith("}")
    result = compress(counter, data)
    assert result.content_type is ContentType.JSON
    view = json.loads(result.output)
    assert view["stats"]["failures"] == 3 and view["stats"]["passes"] == 31
    failing = [t for t in view["tests"] if t.get("err")]
    assert [t["title"] for t in failing] == ["1.2.3-a.b > 1.2.3-a", "sorts prereleases", "rejects a bad version when asked"]
    assert all("stack" in t["err"] and "message" in t["err"] for t in failing)


def test_node_test_dot_reporter_is_a_test_run_not_code(counter):  # noqa: ANN001
    # `node --test --test-reporter=dot`: rows of dots and `X`, then `Failed tests:` and each
    # failure with its frames and its error's properties; no counts at the end. Read as code
    # (its frames and `code: 'ERR_ASSERTION',` lines) under its colours.
    data = real("nodetest-dot-fail-pty.txt")
    result = compress(counter, data)
    assert result.content_type is ContentType.TERMINAL
    view = result.output.decode()
    text = plain_text(data).decode()
    failures = [ln for ln in text.splitlines() if ln.startswith("✖ ") or "AssertionError" in ln]
    assert len(failures) >= 8
    for ln in failures:
        assert ln in view, ln


def test_passing_results_of_real_reports():
    # vitest/jest `status`, mocha's `err` ({} when the test passed): which results passed
    from engine.compressors.json_elements import passing_results

    vitest = json.loads(real("vitest-json-report.json"))
    for suite in vitest["testResults"]:
        results = suite["assertionResults"]
        assert passing_results(results) == {i for i, r in enumerate(results) if r["status"] == "passed"}
    text = real("mocha-json-npx-pty.txt").decode()
    mocha = json.loads(text[text.index("{"):text.rindex("}") + 1])
    tests = mocha["tests"]
    assert passing_results(tests) == {i for i, t in enumerate(tests) if not t["err"]}
    assert len(passing_results(tests)) == 32  # 31 passes and the pending one
    # a service's records (`"status": "ok"`, no test title) are no report
    assert passing_results([{"id": i, "status": "ok", "latency_ms": 30} for i in range(20)]) == set()


def test_node_test_coverage_table_stays_whole(counter):  # noqa: ANN001
    # `node --test --experimental-test-coverage`: the table between `ℹ start of coverage report`
    # and `ℹ end of coverage report` is what the agent asked for; its rules and two file rows
    # (`lib-semver/classes/semver.js | 43.43 | …`) were elided as `1 other line` markers
    data = real("nodetest-coverage-pty.txt")
    text = plain_text(data).decode().splitlines()
    start = text.index("ℹ start of coverage report")
    end = text.index("ℹ end of coverage report")
    assert end - start > 50
    view = engine_view(counter, data).splitlines()
    at = view.index("ℹ start of coverage report")
    assert view[at:at + end - start + 1] == text[start:end + 1]


def test_vitest_console_output_of_the_failing_test_stays(counter):  # noqa: ANN001
    # vitest prints each test's console output under `stdout | file > suite > test`; the
    # failing test's (`comparing 1.2.3-a.b 1.2.3-a`, what the agent reads first when debugging
    # it) was elided with its neighbours' as `7 other lines`
    data = real("vitest-console-fail-pty.txt")
    view = engine_view(counter, data).splitlines()
    assert " FAIL  vcons/noisy.test.mjs > noisy > 1.2.3-a.b > 1.2.3-a" in view
    for head, printed in (("stdout", "comparing 1.2.3-a.b 1.2.3-a"), ("stderr", "prerelease 1.2.3-a.b")):
        at = view.index(f"{head} | vcons/noisy.test.mjs > noisy > 1.2.3-a.b > 1.2.3-a")
        assert view[at + 1] == printed
    assert "      Tests  1 failed | 30 passed (31)" in view
