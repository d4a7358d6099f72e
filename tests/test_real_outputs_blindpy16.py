"""Real outputs of Python tools (coverage.py, pytest, pip, sphinx, ...), trimmed excerpts under
tests/fixtures/real/blindpy16/ (session 16's blind corpus builder): every row the agent asked
for and every error line stays in the view; a marker counts only lines of the kind it names."""
from __future__ import annotations

from pathlib import Path

from tests.real_views import MARKER, original_and_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "blindpy16"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def test_coverage_py_report_rows_all_stay(counter):
    # `coverage report -m` over boltons (30 files): read as prose, the 29 per-file rows between
    # the rules went behind "29 sections elided", leaving only __init__.py and TOTAL. Each row
    # is one file's coverage, the table the agent asked for.
    original, view = original_and_view_lines(counter, real("coverage-report-m.txt"))
    rows = [l for l in original if l.startswith("/tmp/") and "%" in l]
    assert len(rows) == 30
    for line in original:
        assert line in view
    assert not any(MARKER.match(v) or "elided" in v for v in view)


def test_tox4_every_environment_result_stays(counter):
    # tox 4 over boltons' envlist with --skip-missing-interpreters: six envs skipped, py311
    # failed (pytest 9 rejects the conftest hook). Read as prose, `py39`/`py310`'s report rows
    # and `pypy3: skipped because …` went behind "sections elided" while other envs' stayed.
    original, view = original_and_view_lines(counter, real("tox4-envlist-skip-missing.txt"))
    results = [l for l in original if " SKIP " in l or " FAIL " in l or "skipped because" in l]
    assert len(results) == 19
    for line in results:
        assert line in view
    assert "  evaluation failed :( (310.86 seconds)" in view
    assert "Argument(s) {'path'} are declared in the hookimpl but can not be found in the hookspec" in view


def _kept_indices(original: list[str], view: list[str]) -> list[int]:
    """Where each shown line of the view stands in the original (the view keeps their order)."""
    out, pos = [], 0
    for v in view:
        if "elided (caveman)" in v:
            continue
        pos = original.index(v, pos)
        out.append(pos)
        pos += 1
    return out


def test_python_traceback_kept_source_line_keeps_its_file_line(counter):
    # pytest 9 rejecting boltons' conftest (`pytest_ignore_collect(path, config)`): a 60-frame
    # traceback through pluggy read as text. The tail's first kept line was the source line
    # `self.pluginmanager._set_initial_conftests(` while its `File …, line 1474, in
    # pytest_load_initial_conftests` went behind the marker above it: a frame without its place.
    original, view = original_and_view_lines(counter, real("pytest9-conftest-pluggy-traceback.txt"))
    kept = set(_kept_indices(original, view))
    for i in sorted(kept):
        if i and original[i - 1].startswith('  File "') and not original[i].startswith('  File "'):
            assert i - 1 in kept, original[i]
    assert any(v.endswith("line 1474, in pytest_load_initial_conftests") for v in view)
    assert "Argument(s) {'path'} are declared in the hookimpl but can not be found in the hookspec" in view
    assert any(MARKER.match(v) or "sections elided" in v for v in view)
