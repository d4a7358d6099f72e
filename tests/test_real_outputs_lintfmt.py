"""Real outputs of formatters' check modes and linters (flake8/pycodestyle --statistics, eslint's
compact and unix formats, markdownlint, pycodestyle --show-source, ...), trimmed excerpts under
tests/fixtures/real/lintfmt/: every summary and count line stays, every error stays, and a
thinned flood is counted per rule."""
from __future__ import annotations

import re
from pathlib import Path

from engine.detect import detect
from engine.types import ContentType
from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "lintfmt"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _lines(counter, name: str) -> tuple[list[str], list[str]]:  # noqa: ANN001
    data = real(name)
    return data.decode().splitlines(), engine_view(counter, data).splitlines()


#: flake8's and pycodestyle's `--statistics` rows: `26      E501 line too long (82 > 79 characters)`.
STAT_ROW = re.compile(r"^\d+ +[A-Z]+\d+ \S")


def test_statistics_rows_and_the_count_stay_under_a_thinned_flood(counter):
    # `--statistics --count` ends with one row per rule (its count, code and first message) and
    # the total: the per-rule summary of the whole run. The rows were read as a source excerpt
    # under the last finding and elided as "lines under them".
    for name in ("pycodestyle-statistics-count-toolz.txt", "flake8-plugins-statistics-requests.txt"):
        original, view = _lines(counter, name)
        rows = [ln for ln in original if STAT_ROW.match(ln)]
        assert len(rows) > 5
        assert all(row in view for row in rows), name
        assert original[-1].isdigit() and view[-1] == original[-1]  # --count's total
        assert any(MARKER.match(v) for v in view)  # the findings above are still thinned
        for v in view:
            m = MARKER.match(v)
            assert m is None or "under them" not in m[2], v
