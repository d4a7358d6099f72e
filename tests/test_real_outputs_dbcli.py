"""Real outputs of database command-line tools (trimmed excerpts under tests/fixtures/real/dbcli/):
psql, the mysql/mariadb client, sqlite3, redis-cli, pg_dump/mysqldump, run against servers on
loopback with generated shop data holding one odd row (a NULL email, a negative credit limit,
an outlier amount) among thousands of ordinary ones."""
from __future__ import annotations

import re
from pathlib import Path

from engine import detect as detect_mod
from engine.compressors.tabular import TabularCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "dbcli"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _elided(lines: list[str], noun: str) -> int:
    return sum(int(m.group(1)) for ln in lines
               if (m := re.match(rf"… (\d+) {noun} elided \(caveman\)", ln)))


# ---------------------------------------------------------------- records a field a line


def test_mysql_vertical_records_are_a_table_with_the_outlier_kept_whole():
    # `mariadb -e 'select …\G'` was read as text: fields of different records were elided as
    # "sections", the view showing `status: delivered` lines torn from their records.
    data = real("mysql-vertical-orders.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    assert lines[:8] == original[:8]  # the first record, header and every field
    odd = original.index("*************************** 301. row ***************************")
    start = lines.index(original[odd])
    assert lines[start:start + 8] == original[odd:odd + 8]  # the outlier's record whole
    assert "     amount: 987654.32" in lines
    shown = sum(1 for ln in lines if ln.startswith("*" * 27))
    assert shown + _elided(lines, "records") == 61
    assert all("discount=0.00" in ln for ln in lines if "records elided" in ln)


def test_psql_expanded_banner_stays_above_the_records_and_the_null_row_is_kept():
    # `psql -c '\x on' -c 'select …'` prints `Expanded display is on.` first; the records
    # were then not read as records at all (text, 11% saved on the full output).
    data = real("psql-expanded-customers.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    assert lines[0] == "Expanded display is on."
    odd = original.index("-[ RECORD 48 ]--------------------------------")
    start = lines.index("-[ RECORD 48 ]--------------------------------")
    assert lines[start:start + 7] == original[odd:odd + 7]  # empty email and city, -250.00
    assert "credit_limit | -250.00" in lines
    shown = sum(1 for ln in lines if ln.startswith("-[ RECORD "))
    assert shown + _elided(lines, "records") == 101


def test_expanded_records_longer_than_detects_sample_are_still_records(monkeypatch):
    # Detect reads a head and a tail of a long payload; the record cut at the seam made the
    # whole list irregular, so every long `\x` result was thinned as text.
    data = real("psql-expanded-customers.txt")
    monkeypatch.setattr(detect_mod, "SAMPLE_HEAD", 4096)
    monkeypatch.setattr(detect_mod, "SAMPLE_TAIL", 1024)
    assert len(data) > 4096 + 1024
    assert detect(data) == ContentType.TABULAR
