"""The column-at-a-time summary equals the unit-at-a-time rules it replaced.

`reference_summarize` below is the straightforward reading of the rules (one unit, one field at a
time); summarize() takes shortcuts (whole columns when every unit names the same fields, joined
ASCII checks, one float pass for ranges). Both must give the same text on every input."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors import invariants as inv
from engine.compressors.invariants import summarize, summarize_columns
from engine.patterns import (
    CREDENTIAL_FIELD,
    INVARIANT_IDENTIFIER,
    INVARIANT_NUMBER,
    INVARIANT_QUANTITY,
    INVARIANT_UNPRINTABLE,
)


def _printable(value: str) -> bool:
    return (bool(value) and inv._blen(value) <= inv.MAX_VALUE_BYTES
            and not INVARIANT_UNPRINTABLE.search(value))


def _collect(units):
    columns, withheld = {}, set()
    for index, unit in enumerate(units):
        for position, (name, value) in enumerate(unit.items()):
            if position >= inv.MAX_FIELDS_PER_UNIT:
                withheld.add(name)
                continue
            if name in withheld:
                continue
            if name not in columns:
                if (inv._blen(name) > inv.MAX_NAME_BYTES or CREDENTIAL_FIELD.search(name)
                        or not _printable(value) or len(columns) >= inv.MAX_FIELDS):
                    withheld.add(name)
                    continue
                columns[name] = [None] * len(units)
            elif not _printable(value):
                withheld.add(name)
                continue
            columns[name][index] = value
    return {name: col for name, col in columns.items() if name not in withheld}


def _entry(name, position, column):
    present = [v for v in column if v is not None]
    absent = len(column) - len(present)
    counts = Counter(present)
    if not absent and len(counts) == 1:
        return inv.Entry(inv.CONSTANT, position, f"{name}={present[0]}")
    numeric = all(INVARIANT_NUMBER.fullmatch(v) for v in present)
    if not absent and numeric:
        lo, hi = min(present, key=float), max(present, key=float)
        if float(lo) != float(hi):
            return inv.Entry(inv.RANGE, position, f"{name}={lo}..{hi}")
    buckets = len(counts) + (1 if absent else 0)
    if (buckets <= inv.MAX_ENUM_BUCKETS and all(inv._blen(v) <= inv.MAX_ENUM_VALUE_BYTES for v in counts)
            and (absent >= 2 or any(c >= 2 for c in counts.values()))):
        ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        parts = [f"{v}×{c}" for v, c in ordered] + ([f"absent×{absent}"] if absent else [])
        kind = inv.WEAK_ENUM if 2 * buckets >= len(column) else inv.ENUM
        return inv.Entry(kind, position, f"{name}: {' '.join(parts)}")
    if not 2 <= len(counts) <= inv.MAX_COVERAGE_DISTINCT:
        return None
    distinct = list(counts)
    parts = [INVARIANT_IDENTIFIER.fullmatch(v) for v in distinct]
    if numeric:
        lo, hi = min(distinct, key=float), max(distinct, key=float)
    elif all(parts) and len({m.group(1) for m in parts}) == 1:
        order = sorted(zip(parts, distinct), key=lambda pv: (int(pv[0].group(2)), pv[1]))
        lo, hi = order[0][1], order[-1][1]
    elif all(q := [INVARIANT_QUANTITY.fullmatch(v) for v in distinct]) and len({m.group(2) for m in q}) == 1:
        order = sorted(zip(q, distinct), key=lambda qv: (float(qv[0].group(1)), qv[1]))
        lo, hi = order[0][1], order[-1][1]
    elif not all(q) and any(ch.isdigit() for v in distinct for ch in v):
        # natural order: digit runs (thousands-grouped ones too) by number, the rest byte-wise
        def natural(v):
            return [(0, int(t.replace(",", ""))) if t[0] in "0123456789" else (1, t)
                    for t in re.findall(r"[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+|[^0-9]+", v)]
        lo = min(distinct, key=natural)
        hi = max(distinct, key=natural)
    else:
        lo, hi = min(distinct), max(distinct)
    dense = (all(parts) and len({m.group(1) for m in parts}) == 1 and len({len(m.group(2)) for m in parts}) == 1
             and (lambda ns: max(ns) - min(ns) + 1 == len(ns))([int(m.group(2)) for m in parts]))
    if not absent and dense:
        return inv.Entry(inv.DENSE, position, f"{name}: {lo}..{hi} all {len(distinct)} present")
    tail = f", absent×{absent}" if absent else ""
    return inv.Entry(inv.BOUNDED, position, f"{name}: {len(distinct)} distinct, {lo}..{hi}{tail}")


def reference_summarize(units, elided_bytes):
    if len(units) < 2 or any(not unit for unit in units):
        return ""
    entries, coverage = [], 0
    for position, (name, column) in enumerate(_collect(units).items()):
        entry = _entry(name, position, column)
        if entry is None:
            continue
        if entry.kind in (inv.DENSE, inv.BOUNDED):
            if coverage >= inv.MAX_COVERAGE_ENTRIES:
                continue
            coverage += 1
        entries.append(entry)
    limit = inv.budget(elided_bytes)
    text = inv._render(entries)
    while entries and inv._blen(text) > limit:
        entries.remove(max(entries, key=lambda e: (-e.kind, e.position)))
        text = inv._render(entries)
    return text


# Values that hit every branch: numbers in several spellings, identifiers with one or more
# prefixes and widths, non-ASCII digits and letters, spaces, control characters, `caveman`
# split across values, long values, empty ones.
VALUES = st.one_of(
    st.integers(-50, 5000).map(str),
    st.sampled_from(["1.50", "1.5", "-0.0", "0.0", "1e3", "1E3", ".5", "5.", "+7", "1e999", "9007199254740993",
                     "9007199254740992", "١٢", "x-٣", "ord-9", "ord-10", "ord-0010", "cave", "man", "caveman",
                     "a b", "tab\tx", "", "é", "ok", "71ms", "308ms", "1.5s", "99%", "fail", "x" * 25, "y" * 41, "…", "k\u00a0v"]),
    st.integers(0, 60).map(lambda n: f"wh-{n}"),
    st.integers(0, 12).map(lambda n: f"id{n:03d}"),
    st.text(min_size=0, max_size=6),
)
NAMES = st.sampled_from(["id", "status", "amount", "token", "ts", "n" * 33, "é", "k1", "k2", "k3"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.dictionaries(NAMES, VALUES, max_size=6), min_size=0, max_size=12), st.integers(0, 3000))
def test_mixed_units_match_the_reference(units, elided):
    assert summarize(units, elided) == reference_summarize(units, elided)


@settings(max_examples=400, deadline=None)
@given(st.lists(NAMES, min_size=1, max_size=5, unique=True), st.data(), st.integers(0, 3000))
def test_units_of_one_schema_match_the_reference(names, data, elided):
    rows = data.draw(st.lists(st.lists(VALUES, min_size=len(names), max_size=len(names)), min_size=2, max_size=12))
    units = [dict(zip(names, row)) for row in rows]
    expected = reference_summarize(units, elided)
    assert summarize(units, elided) == expected
    columns = [list(col) for col in zip(*rows)]
    assert summarize_columns(tuple(names), columns, len(rows), elided) == expected


def test_wide_units_of_one_schema_keep_the_per_unit_cap():
    names = tuple(f"f{i:02d}" for i in range(30))
    units = [{n: "1" for n in names}, {n: "1" for n in names}]
    assert summarize(units, 100_000) == reference_summarize(units, 100_000)
    assert "f23=1" in summarize(units, 100_000) and "f24" not in summarize(units, 100_000)


@pytest.mark.parametrize("values,expected", [
    (["cave", "man"], "a: 2 distinct, cave..man"),  # `caveman` only across two values: printable
    (["caveman", "x"], ""),
])
def test_caveman_is_judged_per_value(values, expected):
    units = [{"a": v} for v in values]
    assert summarize(units, 100_000) == reference_summarize(units, 100_000) == expected


@pytest.mark.parametrize("values", [
    ["ord", "ord5", "ord7"],  # one value without a digit run, same prefix otherwise
    ["ord-9", "ord-10", "ord-11"], ["wh-1", "wh-2", "wh-3"], ["wh-01", "wh-02", "wh-03"],
    ["1", "1.0", "1"], ["9", "10", "100"], ["-0.0", "0.0", "0"], ["1e999", "1", "2"],
    ["x-١", "x-٢", "x-٣"], ["é1", "é2", "é3"], ["a1", "b2", "a3"],
])
def test_tricky_columns_match_the_reference(values):
    units = [{"v": v, "k": "1"} for v in values]
    assert summarize(units, 100_000) == reference_summarize(units, 100_000)
    assert summarize_columns(("v", "k"), [values, ["1"] * len(values)], len(values), 100_000) == \
        reference_summarize(units, 100_000)
