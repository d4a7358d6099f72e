"""Real pytest outputs in forms the corpus had not shown (trimmed under
tests/fixtures/real/pyvariants/): pytest-xdist's `-n 4 -v` interleaved worker rows,
`--collect-only` listings (`-q` ids and the tree), and `-v --cov --durations=20` tables."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors import toolout
from engine.compressors.search import SearchResultCompressor
from engine.compressors.terminal import TerminalCompressor

REAL = Path(__file__).parent / "fixtures" / "real" / "pyvariants"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _elided(view: str, what: str) -> int:
    return sum(int(n) for n in re.findall(r"(\d+) " + what + r"s?\b", view))


# ---------------------------------------------------------------- pytest -n 4 -v (xdist)


def test_xdist_verbose_passed_rows_and_announcements_are_counted_not_kept():
    data = real("pytest-xdist-n4-v.txt")
    lines = data.decode().splitlines()
    view = TerminalCompressor().compress(data).decode()
    kept = view.splitlines()
    results = [ln for ln in lines if ln.startswith("[gw") and re.match(r"\[gw\d\] \[\s*\d+%\] [A-Z]+ ", ln)]
    passed = [ln for ln in results if " PASSED " in ln]
    failed = [ln for ln in results if " FAILED " in ln or " ERROR " in ln]
    assert len(passed) == 54 and len(failed) == 8
    for ln in failed:  # every failing worker row stays, whole (the view drops trailing blanks)
        assert ln.rstrip() in kept
    assert not [ln for ln in passed if ln.rstrip() in kept]
    # Markers account for exactly the PASSED rows and the `id ` announcements they elided.
    announced = [ln.rstrip() for ln in lines if re.fullmatch(r"\S+\.py::\S+ ?", ln)]
    shown_announcements = [ln for ln in kept if ln in announced]
    assert len(announced) == 62 and shown_announcements == ["tests/test_pytest_style.py::test_list_diff"]
    assert _elided(view, "passing-test line") == 54
    # the blank line after `scheduling tests via LoadScheduling` is counted as blank, not as progress
    assert _elided(view, "progress line") == 61
    assert _elided(view, "blank line") == 1
    assert "other line" not in view
    assert "E       ConnectionError: could not open warehouse db at wh.db: connection refused" in kept
    assert kept[-1].startswith("=") and "7 failed, 54 passed, 1 error in" in kept[-1] or \
        "7 failed, 54 passed, 1 error in" in view


def test_xdist_result_rows_are_labelled_by_status():
    lines = ["[gw2] [  1%] PASSED tests/t.py::test_a", "tests/t.py::test_b ",
             "[gw0] [ 50%] FAILED tests/t.py::test_b", "tests/t.py::test_c"]
    classes = toolout.analyse(lines).classes
    # test_c's announcement has no result row in the run: it is not progress to drop
    assert classes == [toolout.PASS, toolout.CHATTER, toolout.KEEP, toolout.OTHER]


# ---------------------------------------------------------------- --collect-only


def test_collect_only_quiet_ids_are_all_kept():
    data = real("pytest-collect-only-q.txt")
    ids = [ln for ln in data.decode().splitlines() if "::" in ln]
    assert len(ids) == 62
    assert all(c == toolout.KEEP for c, ln in zip(toolout.analyse(data.decode().splitlines()).classes,
                                                   data.decode().splitlines()) if "::" in ln)
    out = SearchResultCompressor().compress(data)
    view = data.decode() if out is None else out.decode()  # None: passed through whole
    assert "elided" not in view
    for ln in ids:
        assert ln in view.splitlines()


def test_collect_only_tree_rows_are_all_kept():
    data = real("pytest-collect-only-tree.txt")
    rows = [ln for ln in data.decode().splitlines() if ln.lstrip().startswith("<")]
    assert len(rows) == 62 + 4 + 2 + 2  # items, modules, unittest classes, dir and package
    out = TerminalCompressor().compress(data)
    view = data.decode() if out is None else out.decode()
    assert "elided" not in view
    for ln in rows:
        assert ln in view.splitlines()


def test_a_run_is_not_a_collect_listing():
    # the bare ids of an xdist run are announcements, not a listing the agent asked for
    lines = ["collected 2 items", "tests/t.py::test_a ", "[gw0] [ 50%] PASSED tests/t.py::test_a",
             "======== 1 passed in 0.1s ========"]
    assert toolout.analyse(lines).classes[1] == toolout.CHATTER


# ---------------------------------------------------------------- -v --cov --durations=20


def test_durations_and_coverage_tables_stay_whole():
    data = real("pytest-v-cov-durations.txt")
    lines = data.decode().splitlines()
    view = TerminalCompressor().compress(data).decode()
    kept = view.splitlines()
    start = lines.index("============================= slowest 20 durations =============================")
    durations = lines[start + 1:start + 21]
    assert all(re.match(r"\d+\.\d+s call +tests/", ln) for ln in durations)
    cov_rows = [ln for ln in lines if ln.startswith(("bigpkg/", "TOTAL "))]
    assert len(cov_rows) == 42
    for ln in durations + cov_rows:
        assert ln in kept
    # the passing rows are what was elided, and counted exactly (the blank lines between them as blank)
    passed = [ln for ln in lines if ln.endswith("%]") and " PASSED " in ln]
    assert len(passed) == 119 and not [ln for ln in passed if ln in kept]
    assert _elided(view, "passing-test line") == 119
    assert _elided(view, "blank line") == 2
    assert "FAILED tests/test_mod17.py::test_work_again - assert 51 == 52" in kept


# ---------------------------------------------------------------- --tb=native


def test_native_tracebacks_count_pytest_and_pluggy_frames_and_keep_the_rest():
    data = real("pytest-tb-native.txt")
    lines = data.decode().splitlines()
    view = TerminalCompressor().compress(data).decode()
    kept = view.splitlines()
    frames = [ln for ln in lines if ln.startswith('  File "')]
    harness = [ln for ln in frames if "-packages/_pytest/" in ln or "-packages/pluggy/" in ln]
    assert len(frames) == 165 and len(harness) == 140
    for ln in frames:
        if ln not in harness:  # the user's frames, unittest's and hypothesis's
            assert ln in kept, ln
    assert not [ln for ln in harness if ln in kept]
    # each harness frame is its File line, its source line and (3.11) a caret line when there is one
    assert sum(int(n) for n in re.findall(r"(\d+) pytest/pluggy traceback frame lines?", view)) == 65 + 5 * 59
    for exc in ("ConnectionError: could not open warehouse db at wh.db: connection refused",
                "ValueError: invalid literal for int() with base 10: 'two'",
                "AssertionError: sync exceeded deadline: took 0.30s (timeout 0.25s)",
                "AssertionError: assert 22.11 == 22.0"):
        assert exc in kept
    assert kept[kept.index("ConnectionError: could not open warehouse db at wh.db: connection refused") - 2] == \
        '  File "/tmp/pyvproj/tests/test_pytest_style.py", line 16, in warehouse_db'


def test_a_traceback_raised_inside_pytest_keeps_its_last_frame():
    lines = ["Traceback (most recent call last):"]
    for k in range(4):
        lines += [f'  File "/v/lib/python3.11/site-packages/pluggy/_callers.py", line {k}, in _multicall',
                  "    res = hook_impl.function(*args)"]
    lines += ['  File "/v/lib/python3.11/site-packages/_pytest/outcomes.py", line 9, in fail',
              "    raise Failed(msg=reason, pytrace=pytrace)", "Failed: boom"]
    classes = toolout.analyse(lines).classes
    assert classes == [toolout.KEEP] + ["pytestframe"] * 8 + [toolout.KEEP] * 3


def test_collect_only_with_a_collection_error_keeps_every_id_and_the_error():
    data = real("pytest-collect-only-q-error.txt")
    lines = data.decode().splitlines()
    assert lines[-1] == "65 tests collected, 1 error in 0.81s"
    ids = [ln for ln in lines if "::" in ln]
    assert len(ids) == 65
    out = TerminalCompressor().compress(data)
    view = data.decode() if out is None else out.decode()
    assert "elided" not in view
    for ln in ids + ["E   ModuleNotFoundError: No module named 'inventory.nope'", "ERROR tests/test_broken.py"]:
        assert ln in view.splitlines()


def test_collect_only_closing_lines():
    from engine.patterns import PYV_COLLECT_DONE
    for ok in ("62 tests collected in 1.23s", "1 test collected in 0.01s", "no tests collected in 0.10s",
               "40/65 tests collected (25 deselected), 1 error in 0.77s", "65 tests collected, 1 error in 0.81s"):
        assert PYV_COLLECT_DONE.match(ok), ok
    assert not PYV_COLLECT_DONE.match("collected 62 items")
