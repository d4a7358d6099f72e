"""Real outputs of browser-test tools run the way an agent runs them (Playwright's JSON report,
Selenium and Puppeteer scripts that crash), trimmed excerpts under tests/fixtures/real/e2e2/:
every failing spec, error and count stays; passing specs and frame noise are counted."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine.compressors.json_array import MARKER, SUMMARY_KEY, JsonCompressor
from engine.detect import detect
from engine.types import ContentType
from tests.real_views import MARKER as LINES_MARKER, original_and_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "e2e2"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ---------------------------------------------------------------- playwright --reporter=json


def test_playwright_json_report_elides_passing_specs_keeps_every_failing_one():
    # Every spec's test carries `"errors": []` and `"timeout": 6000`, which read as failure words:
    # every passing spec was "error-bearing", nothing could be elided and the report passed whole.
    data = real("playwright-json-report.json")
    assert detect(data) == ContentType.JSON
    original = json.loads(data)
    out = JsonCompressor().compress(data)
    assert out is not None
    view = json.loads(out)
    assert view["stats"] == original["stats"] and view["config"] == original["config"]
    specs = original["suites"][0]["specs"]
    shown = view["suites"][0]["specs"]
    markers = [s for s in shown if MARKER in s]
    assert markers
    # every failing spec is shown whole, its errors with it
    for spec in specs:
        if not spec["ok"]:
            assert spec in shown
    # the markers count exactly the passing specs not shown, and say they passed
    elided = [s for s in specs if s not in shown]
    assert sum(m[MARKER] for m in markers) == len(elided) >= 8
    assert all(s["ok"] for s in elided)
    assert all("ok=true" in m[SUMMARY_KEY] for m in markers)


def test_error_member_with_content_still_names_a_failure():
    from engine.compressors.json_elements import _reports_failure
    assert not _reports_failure('{"errors":[],"status":"passed","timeout":6000}')
    assert not _reports_failure('{"error":null,"failed":0}')
    assert _reports_failure('{"errors":[{"message":"boom"}],"timeout":6000}')
    assert _reports_failure('{"errors":[],"status":"failed"}')
    assert _reports_failure('{"timeout":"navigation timeout of 3000 ms exceeded"}')


# ---------------------------------------------------------------- a Selenium script that crashes


def _log_view(name: str) -> tuple[list[str], list[str]]:
    from engine.compressors.log import LogCompressor
    data = real(name)
    assert detect(data) == ContentType.LOG
    out = LogCompressor().compress(data)
    assert out is not None
    return data.decode().splitlines(), out.decode().splitlines()


def _frames_folded(original: list[str], view: list[str]) -> None:
    frames = [ln for ln in original if ln.startswith("#") and ln.endswith(" <unknown>")]
    assert len(frames) == 21
    markers = [ln for ln in view if "chromedriver stack frame line" in ln]
    assert markers == ["… 20 lines elided (caveman): 20 chromedriver stack frame lines with no symbol"
                       " (`#N 0x… <unknown>`) …"]
    # the tail keeps the last frame; the exception, its session info and `Stacktrace:` stay
    assert view[view.index(markers[0]) - 1] == "Stacktrace:"
    assert view[view.index(markers[0]) + 1] == frames[-1]
    for ln in original:
        if ln.startswith(("Traceback", "selenium.common.exceptions.", "  (Session info", "  File ")):
            assert ln in view


def test_selenium_script_logging_then_traceback_is_a_log():
    # 15 logger records, then the traceback with chromedriver's 21 symbol-less frames: the frames
    # counted against the records and the run read as plain text (a bare `12 sections elided`).
    original, view = _log_view("selenium-script-nosuch.txt")
    assert "… 12 lines elided (caveman): all level=INFO …" in view
    _frames_folded(original, view)


def test_selenium_debug_log_folds_chromedriver_frames():
    # read as a sanitizer's stack (`#0 0x…`), every frame had stayed
    original, view = _log_view("selenium-script-nosuch-debug.txt")
    _frames_folded(original, view)
    assert all(ln in view for ln in original if "status=404" in ln)


# ---------------------------------------------------------------- a Puppeteer script that crashes


def test_puppeteer_crash_transcript_is_no_code(counter):  # noqa: ANN001 (the conftest fixture)
    # `visited http://host/ -> 200 "Shop Demo"` read as a `:` ending a line before a `//`
    # comment: the script's output counted as code-shaped and the whole run passed through.
    data = real("puppeteer-script-timeout.txt")
    assert detect(data) == ContentType.TERMINAL  # a Node crash: toolout keeps its header and block
    original, view = original_and_view_lines(counter, data)
    assert len(view) < len(original) - 20
    # the crash, from its location line to `Node.js v…`, stays whole and in order
    crash = original[original.index("/tmp/e2ework/pup/node_modules/puppeteer-core/lib/cjs/puppeteer/common/"
                                    "QueryHandler.js:214"):]
    assert crash[-1] == "Node.js v20.20.2"
    at = view.index(crash[0])
    assert view[at:at + len(crash)] == crash
    # each marker counts exactly the lines it stands for
    markers = [ln for ln in view if ln.startswith("… ") and "elided (caveman)" in ln]
    assert markers
    assert sum(int(m.split()[1]) for m in markers) == len(original) - (len(view) - len(markers))


# ---------------------------------------------------------------- node scripts that crash


def _node_crash_view(counter, name: str, location: str) -> None:  # noqa: ANN001
    data = real(name)
    # read as code (its `at …)` frames, a `(101 ms)` line) or prose, the crash passed whole or
    # lost its `file.js:2` location line; toolout keeps Node's crash header and block
    assert detect(data) == ContentType.TERMINAL
    original, view = original_and_view_lines(counter, data)
    crash = original[original.index(location):]
    assert crash[-1].startswith("Node.js v")
    at = view.index(location)
    assert view[at:at + len(crash)] == crash
    markers = [ln for ln in view if ln.startswith("… ") and "elided (caveman)" in ln]
    assert markers
    assert sum(int(m.split()[1]) for m in markers) == len(original) - (len(view) - len(markers))


def test_node_uncaught_error_keeps_its_crash_header(counter):  # noqa: ANN001
    _node_crash_view(counter, "node-unhandled-rejection.txt", "/tmp/e2e2work/rej.js:2")


def test_node_missing_module_crash(counter):  # noqa: ANN001
    _node_crash_view(counter, "node-missing-module.txt", "node:internal/modules/cjs/loader:1210")


# ---------------------------------------------------------------- Chromium's stderr (dumpio)


def test_chromium_stderr_repeats_fold_by_its_time_stamp(counter):  # noqa: ANN001
    # `[29572:29644:1201/043219.677937:ERROR:dbus/bus.cc:405] Failed to connect to the bus: …`:
    # Chromium's `MMDD/HHMMSS.micros` stamp was not masked, so each repeat read as a new error.
    data = real("puppeteer-script-dumpio.txt")
    assert detect(data) == ContentType.LOG
    original, view = original_and_view_lines(counter, data)
    prefixed = re.compile(r"^\[(\d+:\d+):\d{4}/\d{6}\.\d+:(ERROR:\S+)\] (.*)$")
    errors = [m.groups() for m in map(prefixed.match, original) if m]
    shown = [m.groups() for m in map(prefixed.match, view) if m]
    assert len(errors) == 22 and len(shown) < len(errors) // 2
    # every wording from every thread is shown at least once; the rest are counted as repeats
    assert set(shown) == set(errors)
    repeats = sum(int(r) for m in map(LINES_MARKER.match, view) if m
                  for r in re.findall(r"(\d+) repeats? of shown error lines", m[2]))
    assert repeats >= len(errors) - len(shown)
    assert original[-1] in view and "TimeoutError: Waiting for selector `#welcome-banner` failed" in view
