"""Real outputs of Python quality tools (pyright, basedpyright, pydocstyle, interrogate, tox, ...),
trimmed excerpts under tests/fixtures/real/pyquality/: every error stays whole, repeated
findings are counted per rule, and markers count exactly what they replace."""
from __future__ import annotations

import re
from pathlib import Path

from engine.detect import detect
from engine.types import ContentType
from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "pyquality"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ---------------------------------------------------------------- pyright / basedpyright

PYRIGHT_HEAD = re.compile(r"^  \S+?(:\d+:\d+ -|:) (error|warning|information): ")


def test_pyright_reports_are_tool_output():
    # Read as code (pyright) and as a log (basedpyright: 4,000 warnings passed through whole).
    assert detect(real("pyright-boltons-head.txt")) == ContentType.TERMINAL
    assert detect(real("basedpyright-toolz.txt")) == ContentType.TERMINAL


def test_pyright_all_errors_stay_whole(counter):
    data = real("pyright-boltons-head.txt")
    view = engine_view(counter, data)
    assert view == data.decode()


def test_basedpyright_warnings_are_counted_per_rule_and_every_error_stays(counter):
    data = real("basedpyright-toolz.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    # every error headline stays with every line of its message (the last names the rule)
    for i, line in enumerate(original):
        if PYRIGHT_HEAD.match(line) and " error: " in line:
            j = i + 1
            while j < len(original) and original[j].startswith("    "):
                j += 1
            block = original[i:j]
            assert any(view[k:k + len(block)] == block for k, v in enumerate(view) if v == line), block
    assert view[-1] == "279 errors, 4033 warnings, 0 notes"
    # every warning is shown or counted, once, in a marker naming its rule
    warnings = [ln for ln in original if PYRIGHT_HEAD.match(ln) and " - warning: " in ln]
    shown = [ln for ln in view if PYRIGHT_HEAD.match(ln) and " - warning: " in ln]
    counted = 0
    for line in view:
        if not line.startswith("… "):
            continue
        m = MARKER.match(line)
        assert m, line
        f = re.match(r"(\d+) findings? like those shown: ((?:(?:\S+|\+\d+ more rules)×\d+ ?)+)(?:; (\d+) lines? under them)?$",
                     m[2])
        assert f, m[2]
        per_rule = [int(x) for x in re.findall(r"×(\d+)", f[2])]
        assert sum(per_rule) == int(f[1])
        assert int(f[1]) + int(f[3] or 0) == int(m[1])
        assert all(r.startswith(("report", "rules")) for r in re.findall(r"(\S+)×", f[2]))
        counted += int(f[1])
    assert len(shown) + counted == len(warnings) == 340
    assert len(view) < len(original) // 4


# ---------------------------------------------------------------- pydocstyle

PYDOCSTYLE_WHERE = re.compile(r"^\S+\.py:\d+ (at module level|in .* `[^`]+`)( \(skipping \w+\))?:$")


def test_pydocstyle_is_tool_output_not_search_hits():
    # Read as search hits: the hits view cut findings in half (a location without its code).
    assert detect(real("pydocstyle-marshmallow.txt")) == ContentType.TERMINAL


def test_pydocstyle_findings_stay_paired_and_repeats_are_counted_per_code(counter):
    data = real("pydocstyle-marshmallow.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    total = sum(1 for ln in original if PYDOCSTYLE_WHERE.match(ln))
    shown = counted = 0
    for k, line in enumerate(view):
        if PYDOCSTYLE_WHERE.match(line):  # a kept finding: its location and its code line
            assert re.match(r"^\s+D\d{3}: ", view[k + 1]), line
            shown += 1
        elif line.startswith("… "):
            m = MARKER.match(line)
            assert m, line
            f = re.match(r"(\d+) findings? like those shown: ((?:D\d{3}×\d+ ?)+); (\d+) lines? under them$", m[2])
            assert f, m[2]
            assert sum(int(x) for x in re.findall(r"×(\d+)", f[2])) == int(f[1]) == int(f[3])
            assert int(m[1]) == 2 * int(f[1])
            counted += int(f[1])
        else:
            assert re.match(r"^\s+D\d{3}: ", line), line
    assert shown + counted == total == 193
    # every code the run reported is shown at least once
    codes = {m[1] for ln in original if (m := re.match(r"^\s+(D\d{3}): ", ln))}
    assert codes == {m[1] for ln in view if (m := re.match(r"^\s+(D\d{3}): ", ln))}
    assert len(view) < len(original) // 5


# ---------------------------------------------------------------- pre-commit

def test_pre_commit_keeps_every_hook_verdict_and_the_facts_under_it(counter):
    # The facts under a failed hook repeat word for word from hook to hook: the last hook's
    # `- exit code: 1` and `- files were modified by this hook` were read as represented by the
    # earlier ones and dropped.
    data = real("pre-commit-all-files.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    results = [i for i, ln in enumerate(original) if re.match(r"^\S.*?\.{3,}(Passed|Failed|Skipped)$", ln)]
    assert len(results) == 7
    for i in results:
        j = i + 1
        while j < len(original) and original[j].startswith("- "):
            j += 1
        block = original[i:j]
        k = view.index(original[i])
        assert view[k:k + len(block)] == block
    assert "- files were modified by this hook" in original[results[-1] + 3]
    assert len(view) < len(original) * 6 // 10


# ---------------------------------------------------------------- radon raw

def test_radon_raw_measurements_all_stay(counter):
    # Each file's `LOC: 30`, `SLOC: 25`, ... masked to digits looked like the first file's: the
    # view kept the first file's values and `… 11 sections elided …` under every other path.
    data = real("radon-raw-toolz.txt")
    assert engine_view(counter, data) == data.decode()


def test_a_metrics_report_needs_its_path_lines_and_measurements():
    from engine.compressors.text import is_metrics_report

    assert is_metrics_report(real("radon-raw-toolz.txt").decode())
    # a YAML-ish block of settings or prose under one heading is no such report
    assert not is_metrics_report("config.yaml:\n    retries: 3\n    timeout: 10\n")
    assert not is_metrics_report("a.py\n    the cache is warm: 3 hits\nb.py\n    nothing\n")


# ---------------------------------------------------------------- pytest-xdist -v with subtests

def test_xdist_subtest_rows_are_passing_tests(counter):
    # pytest 9's subtests under xdist print `[gw0] [  3%] SUBPASSED(n='6') tests/...::test` per
    # subtest: unlabelled, they were "other lines" and dozens stayed as look-alikes.
    data = real("pytest-xdist-v-subtests.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    assert sum("SUBPASSED" in ln for ln in original) == 270
    assert not any("SUBPASSED" in ln for ln in view)
    passing = 0
    for line in view:
        if line.startswith("… ") and "elided" in line:
            m = MARKER.match(line)
            assert m and "other line" not in m[2], line
            p = re.search(r"(\d+) passing-test lines?", m[2])
            passing += int(p[1]) if p else 0
    rows = sum(1 for ln in original if re.match(r"^\[gw\d\] \[\s*\d+%\] (SUB)?PASSED", ln))
    assert passing == rows
    # the failed rows, every failure block and the closing counts stay
    for ln in original:
        if re.match(r"^\[gw\d\] \[\s*\d+%\] FAILED ", ln) or ln.startswith(("E ", "FAILED ", "!!!")):
            assert ln.rstrip() in view, ln
    assert view[-1].startswith("======= 3 failed, 768 passed, 21194 subtests passed in ")


def test_xdist_subtest_rows_of_each_status():
    from engine.patterns import PYV_XDIST_RESULT

    m = PYV_XDIST_RESULT.match("[gw1] [ 21%] SUBPASSED[00] (testCase='TestCase(a=(None, 1))') tests/t.py::C::test_x")
    assert m and m["sub"] == "PASSED" and m["id"] == "tests/t.py::C::test_x"
    m = PYV_XDIST_RESULT.match("[gw0] [  3%] SUBFAILED(n='6') tests/t.py::test_y")
    assert m and m["sub"] == "FAILED" and m["id"] == "tests/t.py::test_y"
    assert PYV_XDIST_RESULT.match("[gw0] [  3%] PASSED tests/t.py::test_y")["status"] == "PASSED"


def test_pre_commit_pygrep_hits_all_stay_and_linter_findings_are_still_thinned(counter):
    # A pygrep hook's matches (`path:line:source`) are what it failed on; two were dropped as
    # look-alikes of the others ("1 other line").
    data = real("pre-commit-all-files.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    start = original.index(next(ln for ln in original if ln.startswith("no print statements...")))
    end = original.index(next(ln for ln in original if ln.startswith("check yaml...")))
    hits = [ln for ln in original[start:end] if re.match(r"^\S+\.py:\d+:", ln)]
    assert len(hits) == 50
    assert all(h in view for h in hits)
    # flake8's 270 findings are still one per rule and message shape, the rest counted
    flake8 = [ln for ln in original if re.match(r"^\S+\.py:\d+:\d+: [EFW]\d+ ", ln)]
    shown = [ln for ln in view if re.match(r"^\S+\.py:\d+:\d+: [EFW]\d+ ", ln)]
    assert len(flake8) > 200 and len(shown) < len(flake8) // 3
    assert not any(m and "other line" in m[2] for m in map(MARKER.match, view[20:]))


# ---------------------------------------------------------------- vulture

VULTURE = re.compile(r"^\S+\.py:\d+: (unused \w+|unreachable code)\b.* \((\d+)% confidence(, \d+ lines?)?\)$")


def test_vulture_findings_are_counted_per_kind_and_confidence(counter):
    # Read as search hits: its markers said only `all in boltons/x.py, lines 79..331`, not
    # which kind of dead code went, nor how sure vulture was.
    data = real("vulture-boltons.txt")
    assert detect(data) == ContentType.TERMINAL
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    kinds = {(m[1], m[2]) for ln in original if (m := VULTURE.match(ln))}
    shown = [m for ln in view if (m := VULTURE.match(ln))]
    assert kinds == {(m[1], m[2]) for m in shown}  # every kind at every confidence is shown
    counted = 0
    for line in view:
        if line.startswith("… "):
            m = MARKER.match(line)
            f = re.match(r"(\d+) findings? like those shown: (.*)$", m[2])
            assert f and int(f[1]) == int(m[1]), line
            for rule in re.findall(r"(\S+)×\d+", f[2]):
                assert rule == "rules" or re.fullmatch(r"(unused-\w+|unreachable-code)-\d+%", rule), rule
            counted += int(f[1])
    assert len(shown) + counted == len(original) == 206


# ---------------------------------------------------------------- tox -vv

def test_tox_vv_debug_lines_are_counted_and_its_story_stays(counter):
    # Every `D` line (pyvenv.cfg keys, files copied, the interpreter's JSON self-report) was
    # different from the others, so a third of them stayed and the rest were "other lines".
    data = real("tox-vv-recreate.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    log = re.compile(r"^[\w.-]+: \d+ ([DIWEC]) ")
    for ln in original:  # tox's warning (the commands it runs), error and exit lines all stay
        m = log.match(ln)
        if m and m[1] in "WEC":
            assert ln in view, ln
    debug = []  # each D line, with the lines of a message that runs on to its `[source.py:N]`
    i = 0
    while i < len(original):
        m = log.match(original[i])
        if m and m[1] == "D":
            j = i
            while not re.search(r" \[[\w./-]+\.py:\d+\]$", original[j]):
                j += 1
            debug.extend(range(i, j + 1))
            i = j
        i += 1
    counted = sum(int(c) for ln in view for c in re.findall(r"(\d+) tox -vv debug \(level D\) lines?", ln))
    shown = sum(1 for k in debug if original[k] in view[:3])  # the head of the view
    assert counted + shown == len(debug) == 179
    assert view[-1].startswith("  evaluation failed :(")
