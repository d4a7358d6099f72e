"""Tabular compressor: CSV, TSV and markdown tables."""
from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SHARED
from engine.compressors.tabular import TabularCompressor

FIXTURES = SHARED / "conformance" / "fixtures"
tab = TabularCompressor()


def _csv(rows: list[list[str]], delimiter: str = ",") -> bytes:
    buf = io.StringIO()
    csv.writer(buf, delimiter=delimiter, lineterminator="\n").writerows(rows)
    return buf.getvalue().encode()


def test_fixture_keeps_header_flagged_rows_and_marks_runs():
    out = tab.compress_query((FIXTURES / "customer_revenue.csv").read_bytes(), "customer-37 apac review").decode()
    lines = out.splitlines()
    assert lines[0] == "name,region,revenue,status"
    assert lines[1:4] == ["customer-00,eu,100,ok", "customer-01,us,101,ok", "customer-02,apac,102,ok"]
    assert "customer-37,apac,137,review" in lines
    assert "customer-43,eu,143,FAILED chargeback review" in lines
    marker = [line for line in lines if line.startswith("… 34 rows elided (caveman)")]
    assert len(marker) == 1 and marker[0].endswith(" …,,,")
    assert lines[-2:] == ["customer-48,apac,148,ok", "customer-49,eu,149,ok"]


def test_numeric_extremes_and_first_of_each_category_are_kept():
    rows = [["host", "kind", "ms"]] + [[f"h{i:03d}", "get", str(100 + i % 7)] for i in range(60)]
    rows[30] = ["h030", "get", "99999"]
    rows[45] = ["h045", "delete", "101"]
    out = tab.compress(_csv(rows)).decode().splitlines()
    assert "h030,get,99999" in out
    assert "h045,delete,101" in out
    assert any(line.startswith("… ") and "rows elided (caveman)" in line for line in out)


def test_every_distinct_failure_row_is_kept_and_numeric_repeats_are_counted():
    rows = [["id", "event", "msg"]] + [[str(i), "E1", f"Failed password for user{i}"] for i in range(40)]
    rows[20] = ["20", "E1", "Failed publickey for deploy: key rejected"]
    rows += [[str(40 + i), "E2", f"session opened {i}"] for i in range(40)]
    rows.append(["80", "E3", "fatal: Write failed"])
    rows += [[str(81 + i), "E2", f"session opened {i}"] for i in range(5)]
    out = tab.compress(_csv(rows)).decode()
    assert "80,E3,fatal: Write failed" in out
    assert "20,E1,Failed publickey for deploy: key rejected" in out
    assert 1 <= out.count("Failed password") < 10
    assert out.count("session opened") < 10


def test_tsv_keeps_its_delimiter():
    rows = [["a", "b"]] + [[f"k{i}", "same"] for i in range(30)]
    out = tab.compress(_csv(rows, "\t")).decode()
    assert out.splitlines()[0] == "a\tb"
    assert "rows elided (caveman)" in out


def test_markdown_table_keeps_original_lines():
    lines = ["| name | state |", "| --- | :---: |"] + [f"| svc-{i:02d} | up |" for i in range(30)]
    lines[20] = "| svc-18 | ERROR |"
    out = tab.compress(("\n".join(lines) + "\n").encode()).decode().splitlines()
    assert out[:2] == lines[:2]
    assert "| svc-18 | ERROR |" in out
    assert any(line.startswith("| … ") and "rows elided (caveman)" in line for line in out)


def test_a_list_of_distinct_rows_stays_whole():
    rows = [["file", "size"]] + [[f"{w}.py", str(n)] for w, n in zip(
        "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike".split(), range(13))]
    assert tab.compress(_csv(rows)) is None


@pytest.mark.parametrize("data", [
    b"", b"just, one line\n", b"a,b\n1,2\n",
    b"a,b,c\n" + b"1,2,3\n" * 5 + b"1,2\n" + b"1,2,3\n" * 10,  # ragged
    b'a,b\n"unterminated,1\n' + b"x,y\n" * 20,
    b"\xff\xfe,\n" * 20,
])
def test_declines_ragged_garbled_or_short(data):
    assert tab.compress(data) is None


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.text(alphabet="ab,\"\n 1", max_size=5), min_size=3, max_size=3), max_size=40))
def test_random_tables_never_raise_and_are_deterministic(rows):
    data = _csv(rows)
    out = tab.compress(data)
    assert out == tab.compress(data)
    if out is not None:
        assert len(list(csv.reader(io.StringIO(out.decode(), newline="")))) <= len(rows)
