"""Marker summaries state only what the elided units verify: one table row per rule."""
from __future__ import annotations

import pytest

from engine.compressors.invariants import budget, note_line, summarize

BIG = 100_000  # elided bytes large enough that the budget is the 160-byte cap


def units(*rows: dict[str, str] | None) -> list[dict[str, str] | None]:
    return list(rows)


CASES = [
    # constants
    ("constant", [{"a": "1"}, {"a": "1"}, {"a": "1"}], "all a=1"),
    ("two constants in field order", [{"b": "x", "a": "1"}, {"b": "x", "a": "1"}], "all b=x a=1"),
    # enumerations: exact counts summing to the elided count, absent bucket last
    ("enum by count", [{"s": "ok"}, {"s": "bad"}, {"s": "ok"}, {"s": "ok"}, {"s": "bad"}, {"s": "ok"}],
     "s: ok×4 bad×2"),
    ("enum ties by value", [{"s": "b"}, {"s": "a"}, {"s": "b"}, {"s": "a"}, {"s": "c"}, {"s": "c"},
                            {"s": "c"}], "s: c×3 a×2 b×2"),
    ("absent bucket", [{"s": "ok", "k": "1"}, {"k": "1"}, {"s": "ok", "k": "1"}, {"k": "1"}, {"s": "ok", "k": "1"},
                       {"k": "1"}, {"s": "ok", "k": "1"}], "all k=1; s: ok×4 absent×3"),
    ("six buckets are not an enumeration",
     [{"s": v} for v in ["a", "a", "b", "b", "c", "c", "d", "d", "e", "e", "f", "f"]],
     "s: 6 distinct, a..f"),
    ("value with a space withholds the field", [{"s": "a b", "k": "1"}, {"s": "c", "k": "1"}], "all k=1"),
    ("enum value over 24 bytes is not enumerated",
     [{"s": "x" * 25}, {"s": "x" * 25}, {"s": "y"}, {"s": "y"}, {"s": "y"}],
     f"s: 2 distinct, {'x' * 25}..y"),
    ("value over 40 bytes withholds the field", [{"s": "x" * 41, "k": "1"}, {"s": "y", "k": "1"}], "all k=1"),
    # ranges from the original strings
    ("range keeps original strings", [{"amount": "5.00"}, {"amount": "199.99"}, {"amount": "12.5"}],
     "range amount=5.00..199.99"),
    ("numeric order, not byte order", [{"n": "9"}, {"n": "10"}, {"n": "100"}], "range n=9..100"),
    ("range needs every unit", [{"n": "1"}, {"n": "2"}, {}, {"n": "3"}], ""),
    # identifier coverage
    ("bounded coverage", [{"id": f"ord-{i}"} for i in (1000, 1001, 1003, 1007)],
     "id: 4 distinct, ord-1000..ord-1007"),
    ("dense coverage is counted", [{"id": f"wh-{i}"} for i in range(5000, 5060)],
     "id: wh-5000..wh-5059 all 60 present"),
    ("one gap is not dense", [{"id": f"wh-{i}"} for i in range(5000, 5060) if i != 5030],
     "id: 59 distinct, wh-5000..wh-5059"),
    ("mixed digit widths are not dense", [{"id": "x-9"}, {"id": "x-10"}, {"id": "x-11"}],
     "id: 3 distinct, x-9..x-11"),
    ("durations are ordered by number", [{"t": "308ms"}, {"t": "71ms"}, {"t": "1200ms"}, {"t": "9ms"}],
     "t: 4 distinct, 9ms..1200ms"),
    ("mixed units are ordered bytewise", [{"t": "3s"}, {"t": "71ms"}, {"t": "1200ms"}],
     "t: 3 distinct, 1200ms..71ms"),
    ("two prefixes are not dense", [{"id": "a-1"}, {"id": "b-2"}, {"id": "a-3"}], "id: 3 distinct, a-1..b-2"),
    ("coverage with absent", [{"id": "u1"}, {"id": "u2"}, {"k": "z"}, {"id": "u3"}, {"id": "u4"}, {"id": "u5"},
                              {"id": "u6"}],
     "id: 6 distinct, u1..u6, absent×1; k: z×1 absent×6"),
    ("at most two coverage entries", [{"a": f"a{i}", "b": f"b{i}", "c": f"c{i}"} for i in (1, 3, 5)],
     "a: 3 distinct, a1..a5; b: 3 distinct, b1..b5"),
    # withheld wholesale
    ("credential-shaped names withheld", [{"api_key": "k", "token": "t", "Session": "s", "a": "1"},
                                          {"api_key": "k", "token": "t", "Session": "s", "a": "1"}], "all a=1"),
    ("a unit with no fields: no summary", [{"a": "1"}, None, {"a": "1"}], ""),
    ("an empty unit: no summary", [{"a": "1"}, {}, {"a": "1"}], ""),
    ("one unit: no summary", [{"a": "1"}], ""),
    ("marker-looking values withheld", [{"a": "caveman", "b": "1"}, {"a": "caveman", "b": "1"}], "all b=1"),
    ("name over 32 bytes withheld", [{"n" * 33: "1", "b": "1"}, {"n" * 33: "1", "b": "1"}], "all b=1"),
]


@pytest.mark.parametrize("name,rows,expected", CASES, ids=[c[0] for c in CASES])
def test_summary_rules(name, rows, expected):
    assert summarize(rows, BIG) == expected


def test_enumeration_counts_sum_to_the_elided_count():
    rows = [{"s": s} for s in ["a"] * 7 + ["b"] * 3] + [{"t": "x"}] * 2
    text = summarize(rows, BIG)
    assert text == "s: a×7 b×3 absent×2; t: x×2 absent×10"


def test_fields_past_the_per_unit_cap_are_withheld():
    wide = {f"f{i:02d}": "1" for i in range(30)}
    rows = [wide, wide]
    text = summarize(rows, BIG)
    assert "f23=1" in text and "f24" not in text


@pytest.mark.parametrize("elided,expected", [(100, 50), (200, 96), (400, 100), (1000, 160), (10, 5)])
def test_budget_clamp(elided, expected):
    assert budget(elided) == expected


def test_budget_sheds_ranges_then_bounded_coverage_then_constants_then_enums():
    rows = [{"c": "const", "e": ["p", "q"][i % 2], "w": f"w{i % 5}", "n": str(i), "id": f"id-{i * 2}"}
            for i in range(20)]
    assert summarize(rows, BIG) == ("all c=const; e: p×10 q×10; w: w0×4 w1×4 w2×4 w3×4 w4×4; "
                                    "id: 20 distinct, id-0..id-38; range n=0..19")
    assert summarize(rows, 400) == "all c=const; e: p×10 q×10; w: w0×4 w1×4 w2×4 w3×4 w4×4; id: 20 distinct, id-0..id-38"
    assert summarize(rows, 150) == "all c=const; e: p×10 q×10; w: w0×4 w1×4 w2×4 w3×4 w4×4"
    assert summarize(rows, 100) == "e: p×10 q×10; w: w0×4 w1×4 w2×4 w3×4 w4×4"
    assert summarize(rows, 80) == "e: p×10 q×10"  # enumerations last, the latest field first


def test_weak_enum_is_shed_first():
    rows = [{"w": ["a", "b", "c"][i % 3], "n": str(i)} for i in range(6)]  # 3 buckets, 6 units: weak
    assert summarize(rows, BIG) == "w: a×2 b×2 c×2; range n=0..5"
    assert summarize(rows, 60) == "range n=0..5"


def test_dense_coverage_outlives_constants():
    rows = [{"c": "constant-value", "id": f"wh-{i}"} for i in range(5000, 5060)]
    assert summarize(rows, BIG) == "all c=constant-value; id: wh-5000..wh-5059 all 60 present"
    assert summarize(rows, 100) == "id: wh-5000..wh-5059 all 60 present"


def test_deterministic_regardless_of_dict_order():
    a = [{"x": "1", "y": "p"}, {"x": "1", "y": "q"}, {"x": "1", "y": "p"}]
    b = [{"x": "1", "y": "p"}, {"y": "q", "x": "1"}, {"x": "1", "y": "p"}]
    assert summarize(a, BIG) == summarize(b, BIG) == "all x=1; y: p×2 q×1"


def test_note_line_wording():
    assert note_line("lines") == ("… caveman: elided lines resemble shown lines and match the stated invariants — "
                                  "answer from this view; if you truly cannot, one broad caveman_retrieve …")
