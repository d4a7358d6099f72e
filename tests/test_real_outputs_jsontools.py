"""Real JSON that coding agents read from tools (trimmed excerpts under
tests/fixtures/real/jsontools/): package metadata (`npm view --json`), test reports (jest
`--json`, pytest-json-report) and JSON-lines logs (pino)."""
from __future__ import annotations

import json
from pathlib import Path

from engine.compressors.json_array import MARKER, JsonCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "jsontools"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def markers(items: list) -> list[dict]:
    return [x for x in items if isinstance(x, dict) and MARKER in x]


# ---------------------------------------------------------------- lists the agent asked for


def test_npm_view_versions_list_stays_whole():
    # The 280 versions of `npm view express --json` were thinned: digits masked, most looked
    # alike, and the view showed scattered versions between bare counts (`{"__caveman_elided__": 6}`
    # between 1.0.8 and 2.3.0): which versions exist was no longer answerable.
    data = real("npm-view-express.json")
    assert detect(data) == ContentType.JSON
    original = json.loads(data)
    out = JsonCompressor().compress(data)
    view = original if out is None else json.loads(out)
    assert view["versions"] == original["versions"]
    assert len(original["versions"]) > 200


def test_a_versions_list_past_a_thousand_is_thinned_with_markers_counting_what_went():
    data = real("npm-view-typescript-versions.json")
    original = json.loads(data)
    assert len(original) > 1000
    view = json.loads(JsonCompressor().compress(data))
    shown = [x for x in view if isinstance(x, str)]
    assert sum(m[MARKER] for m in markers(view)) + len(shown) == len(original)
    # what is shown is in the original order, and each marker counts exactly the gap it fills
    at = 0
    for x in view:
        if isinstance(x, str):
            assert original[at] == x
            at += 1
        else:
            at += x[MARKER]
    assert at == len(original)


# ---------------------------------------------------------------- test reports


def test_pytest_json_report_keeps_failures_whole_and_elides_passing_tests_of_uneven_durations():
    # A third of the passing tests took ~10 ms to set up and the rest under one: MAD-z flagged
    # every one of the slow third as an outlier and the view kept 50 of 98 passing tests.
    data = real("pytest-json-report.json")
    assert detect(data) == ContentType.JSON
    original = json.loads(data)
    view = json.loads(JsonCompressor().compress(data))
    assert view["summary"] == original["summary"]
    by_id = {t["nodeid"]: t for t in original["tests"]}
    shown = [t for t in view["tests"] if MARKER not in t]
    for t in original["tests"]:
        if t["outcome"] != "passed":
            assert t in shown  # failed, skipped, xfailed: whole, their tracebacks with them
    passing_shown = [t for t in shown if t["outcome"] == "passed"]
    assert len(passing_shown) <= 12
    assert all(by_id[t["nodeid"]] == t for t in shown)
    elided = len(original["tests"]) - len(shown)
    assert sum(m[MARKER] for m in markers(view["tests"])) == elided
    assert all("outcome=passed" in m["__caveman_invariants__"] for m in markers(view["tests"]))


def test_jest_json_keeps_every_failed_assertion_and_elides_passing_ones_of_uneven_durations():
    # Passing tests were kept for their durations (12 ms among 1 ms ones) and for their
    # `startAt` clock, whose uneven climb binary segmentation cut into eight "level shifts".
    data = real("jest-json-two-suites.json")
    original = json.loads(data)
    view = json.loads(JsonCompressor().compress(data))
    assert view["numFailedTests"] == 3 and view["numPassedTests"] == 160
    for suite, shown_suite in zip(original["testResults"], view["testResults"]):
        assert shown_suite["message"] == suite["message"]
        results = suite["assertionResults"]
        shown = shown_suite["assertionResults"]
        for a in results:
            if a["status"] != "passed":
                assert a in shown
        kept_passing = [a for a in shown if MARKER not in a and a["status"] == "passed"]
        assert len(kept_passing) <= 8
        elided = len(results) - sum(1 for a in shown if MARKER not in a)
        assert sum(m[MARKER] for m in markers(shown)) == elided


# ---------------------------------------------------------------- JSON-lines logs


def test_pino_log_keeps_its_error_and_no_record_for_its_clock():
    # `time` (milliseconds, ten records to each) and `req.id` climb unevenly: change points cut
    # them into seams and kept both records of each seam, 60 look-alike requests in all.
    data = real("pino-http-error.jsonl")
    lines = data.decode().splitlines()
    out = JsonCompressor().compress(data).decode().splitlines()
    error = next(ln for ln in lines if '"level":50' in ln)
    assert error in out
    kept = [ln for ln in out if not ln.startswith('{"' + MARKER)]
    assert all(ln in lines for ln in kept)
    assert len(kept) <= 10
    elided = sum(json.loads(ln)[MARKER] for ln in out if ln.startswith('{"' + MARKER))
    assert elided + len(kept) == len(lines)


# ---------------------------------------------------------------- file lists made with jq


def test_jq_per_file_counts_of_an_eslint_report_keep_every_file():
    # `jq '[.[] | {filePath, errorCount, warningCount}]'`: nine files (each with lint errors)
    # went under markers stating only count ranges; their names cost more than the markers
    # may spend, so which files had errors was lost from the list the agent asked for.
    data = real("jq-eslint-file-counts.json")
    original = json.loads(data)
    assert all(r["errorCount"] > 0 for r in original)
    out = JsonCompressor().compress(data)
    view = original if out is None else json.loads(out)
    assert view == original
    # The same records one a line (`jq -c '.[] | {…}'`) are the same list.
    lines = b"".join(json.dumps(r).encode() + b"\n" for r in original)
    out = JsonCompressor().compress(lines)
    assert out is None or out == lines


def test_npm_view_time_map_past_a_thousand_versions_is_thinned_and_counted():
    # `npm view typescript --json`'s `time` maps each of 3,478 versions to its date: a map of
    # scalars was always shown whole (112k tokens of the view), while its `versions` list was
    # thinned. Past LIST_MAX_ENTRIES its entries are thinned too, the markers counting them.
    data = real("npm-view-typescript-time.json")
    original = json.loads(data)
    assert len(original) > 1000
    view = json.loads(JsonCompressor().compress(data))
    shown = {k: v for k, v in view.items() if not k.startswith(MARKER)}
    assert all(original[k] == v for k, v in shown.items())
    counted = 0
    for k, v in view.items():
        if k.startswith(MARKER):
            counted += v if isinstance(v, int) else v[MARKER]
    assert counted + len(shown) == len(original)
    assert len(shown) < 100
    assert list(shown) == [k for k in original if k in shown]  # in the original order


# ---------------------------------------------------------------- maps keyed by file


def test_coverage_json_shows_every_file():
    # `coverage json -o -`: files entries were elided by count alone ("a map keyed by paths is
    # located by its ranges", but no range of keys was stated): which files were hidden, and so
    # whether the file the agent asked about was covered at all, was lost. Since then (see
    # test_real_outputs_revealcov) no file is hidden at all: each keeps its summary and missing
    # lines, only its covered-line lists are counted.
    data = real("coverage-json-werkzeug-small-files.json")
    original = json.loads(data)
    view = json.loads(JsonCompressor().compress(data))
    assert view["totals"] == original["totals"]
    assert not [k for k in view["files"] if k.startswith(MARKER)]
    assert list(view["files"]) == list(original["files"])
    for name, record in original["files"].items():
        shown = view["files"][name]
        if MARKER not in shown:  # (else identical to a file shown before it)
            assert (shown["summary"], shown["missing_lines"]) == (record["summary"], record["missing_lines"])


# ---------------------------------------------------------------- JSON under a tool's report


def test_jest_json_under_its_stderr_report_is_json_keeping_the_report_whole():
    # `npx jest --json` as an agent sees it: jest's human report of the failures (49 lines on
    # stderr) above the JSON document. Past 40 lines it was no "framed" JSON: read as a terminal
    # transcript, the 54 KB document on one line passed through whole.
    data = real("jest-json-with-stderr-report.txt")
    assert detect(data) == ContentType.JSON
    text = data.decode()
    start = text.index('{"numFailedTestSuites"')
    prelude, document = text[:start], json.loads(text[start:])
    out = JsonCompressor().compress(data).decode()
    assert out.startswith(prelude)  # every line of the report, verbatim
    view = json.loads(out[len(prelude):])
    assert view["numFailedTests"] == document["numFailedTests"] == 3
    for suite, shown in zip(document["testResults"], view["testResults"]):
        for a in suite["assertionResults"]:
            if a["status"] == "failed":
                assert a in shown["assertionResults"]
    assert len(out) < len(data) / 3


def test_pprint_directory_listing_of_dicts_stays_whole():
    # pprint of 78 `{'is_dir', 'mode', 'path', 'size'}` dicts: the JSON reader hid 71 paths
    # behind `all is_dir=true mode=0o40755 size=4096`; as a file list it keeps them all, and
    # the text reader then leaves the literal whole instead of thinning its lines.
    from engine.compressors.text import TextCompressor

    data = (REAL.parent / "dumps" / "pprint-list-of-dicts.txt").read_bytes()
    assert TextCompressor().compress(data) is None
