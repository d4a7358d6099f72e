"""Real outputs of browser-test tools run the way an agent runs them (Playwright's JSON report,
Selenium and Puppeteer scripts that crash), trimmed excerpts under tests/fixtures/real/e2e2/:
every failing spec, error and count stays; passing specs and frame noise are counted."""
from __future__ import annotations

import json
from pathlib import Path

from engine.compressors.json_array import MARKER, SUMMARY_KEY, JsonCompressor
from engine.detect import detect
from engine.types import ContentType

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
