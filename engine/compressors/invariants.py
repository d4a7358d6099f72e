"""Marker summaries: facts computed from exactly the units a marker replaced, and nothing else.

An agent that cannot tell what was elided retrieves, again and again; a marker that claims more
than was verified makes it answer wrong. So a summary states only:
  - constants: a field byte-identical in every elided unit (`all state=charged`);
  - complete enumerations with exact counts that sum to the elided count, units lacking the
    field in an `absent×N` bucket (`status: fulfilled×15 shipped×3`);
  - numeric ranges printed from the ORIGINAL extreme strings (`range amount=5.00..199.99`);
  - identifier coverage (`order_id: 25 distinct, ord-1000..ord-1024`), or, when counting proves
    it, density (`wh-5000..wh-5059 all 60 present`).
A field is withheld whole, never shortened (a partial list reads as a complete one): a
credential-shaped name, a value with white space or over its byte limit, more than five
distinct values for an enumeration. A run in which any unit has no fields gets no summary.

Contract (used by the log, JSON and table markers):
    summarize(units, elided_bytes) -> str
        units: one entry per elided unit, a dict of field name -> ORIGINAL value string, or None
        when the unit yields no fields. "" when nothing verified survives the budget.
    note_line(unit_plural) -> str: the one trailing note per payload, when at least
        NOTE_THRESHOLD_BYTES were elided.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.patterns import (
    CREDENTIAL_FIELD,
    INVARIANT_IDENTIFIER,
    INVARIANT_NUMBER,
    INVARIANT_QUANTITY,
    INVARIANT_UNPRINTABLE,
    NATURAL_PARTS,
)

NOTE_THRESHOLD_BYTES = 4096
#: Fields considered per summary, per unit, and the longest name.
MAX_FIELDS = 48
MAX_FIELDS_PER_UNIT = 24
MAX_NAME_BYTES = 32
#: A value longer than this is never printed; an enumerated one must fit the shorter limit.
MAX_VALUE_BYTES = 40
MAX_ENUM_VALUE_BYTES = 24
#: Buckets an enumeration may have, the absent bucket included.
MAX_ENUM_BUCKETS = 5
MAX_COVERAGE_DISTINCT = 4096
#: Identifier columns name the same run several ways; two are enough.
MAX_COVERAGE_ENTRIES = 2
BUDGET_FLOOR, BUDGET_CAP = 96, 160


# Entry kinds, in the order they are shed when the budget binds.
WEAK_ENUM, RANGE, BOUNDED, CONSTANT, DENSE, ENUM = range(6)


@dataclass
class Entry:
    kind: int
    position: int  # the field's first appearance; later fields shed first
    text: str


def budget(elided_bytes: int) -> int:
    """clamp(elided/4, floor 96) but never over half the elided bytes nor over 160."""
    return min(max(elided_bytes // 4, BUDGET_FLOOR), elided_bytes // 2, BUDGET_CAP)


def _blen(text: str) -> int:
    # surrogatepass: a JSON value may hold a lone surrogate (json.loads makes one of `\\ud800`)
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def _printable(value: str) -> bool:
    # A value has at least as many bytes as characters: a long one fails without encoding it.
    if not value or len(value) > MAX_VALUE_BYTES:
        return False
    if value.isascii():  # INVARIANT_UNPRINTABLE on ASCII: a control character, a space, or `caveman`
        return value.isprintable() and " " not in value and "caveman" not in value
    return _blen(value) <= MAX_VALUE_BYTES and not INVARIANT_UNPRINTABLE.search(value)


def _collect(units: list[dict[str, str]]) -> dict[str, list[str | None]]:
    """Field name -> its value in each unit (None: absent), in order of first appearance.
    Fields cut off by a per-unit cap, or with any unprintable value, are withheld whole."""
    orders = list(map(tuple, units))
    if orders.count(orders[0]) == len(orders):
        # Every unit names the same fields in the same order (records of one schema): the
        # same rules, applied a column at a time.
        return collect_columns(orders[0], [list(column) for column in zip(*map(dict.values, units))])
    columns: dict[str, list[str | None]] = {}
    withheld: set[str] = set()
    for index, unit in enumerate(units):
        for position, (name, value) in enumerate(unit.items()):
            if position >= MAX_FIELDS_PER_UNIT:
                withheld.add(name)  # absent here only by our cap: no claim about it holds
                continue
            if name in withheld:
                continue
            column = columns.get(name)
            if column is None:  # a new name: it is checked once, its values every time
                if _blen(name) > MAX_NAME_BYTES or CREDENTIAL_FIELD.search(name) or not _printable(value):
                    withheld.add(name)
                    continue
                if len(columns) >= MAX_FIELDS:
                    withheld.add(name)
                    continue
                column = columns[name] = [None] * len(units)
            elif not (value.isascii() and 0 < len(value) <= MAX_VALUE_BYTES and value.isprintable()
                      and " " not in value and "caveman" not in value) and not _printable(value):
                # (_printable's ASCII test inline: this runs for every value of every unit)
                withheld.add(name)
                continue
            column[index] = value
    return {name: col for name, col in columns.items() if name not in withheld}


def collect_columns(names: tuple[str, ...], values: list[list[str]]) -> dict[str, list[str | None]]:
    """_collect for units that all have exactly the fields `names`, in that order; `values`
    holds each field's value in every unit."""
    columns: dict[str, list[str | None]] = {}
    considered = 0  # fields that passed the first unit's checks, withheld later or not
    for position, (name, column) in enumerate(zip(names, values)):
        if position >= MAX_FIELDS_PER_UNIT:
            break  # past the per-unit cap in every unit
        if _blen(name) > MAX_NAME_BYTES or CREDENTIAL_FIELD.search(name) or not _printable(column[0]):
            continue
        if considered >= MAX_FIELDS:
            continue
        considered += 1
        if _all_printable(column):
            columns[name] = column  # type: ignore[assignment]
    return columns


def _all_printable(values: list[str]) -> bool:
    """_printable of every value, checked on the whole column at once when it is ASCII."""
    if not all(values) or max(map(len, values)) > MAX_VALUE_BYTES:
        return False
    joined = "".join(values)
    if not joined.isascii():
        return all(map(_printable, values))
    if not joined.isprintable() or " " in joined:
        return False
    # `caveman` across two values is not in either.
    return "caveman" not in joined or not any("caveman" in v for v in values)


def _entry(name: str, position: int, column: list[str | None]) -> Entry | None:
    counts = _count(column)
    absent = counts.pop(None, 0)
    if not absent and len(counts) == 1:
        return Entry(CONSTANT, position, f"{name}={column[0]}")
    # The distinct values in order of first appearance: min and max pick the same first
    # extreme from them as from every value.
    distinct: list[str] = list(counts)  # type: ignore[arg-type]
    numeric = _all_numbers(distinct)
    if not absent and numeric:
        lo, hi = _numeric_extremes(distinct)
        if float(lo) != float(hi):
            return Entry(RANGE, position, f"{name}={lo}..{hi}")
    buckets = len(counts) + (1 if absent else 0)
    enumerable = (buckets <= MAX_ENUM_BUCKETS and all(_blen(v) <= MAX_ENUM_VALUE_BYTES for v in distinct)
                  and (absent >= 2 or any(c >= 2 for c in counts.values())))
    if enumerable:
        ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        parts = [f"{v}×{c}" for v, c in ordered] + ([f"absent×{absent}"] if absent else [])
        weak = 2 * buckets >= len(column)
        return Entry(WEAK_ENUM if weak else ENUM, position, f"{name}: {' '.join(parts)}")
    if not 2 <= len(counts) <= MAX_COVERAGE_DISTINCT:
        return None
    ids = _identifiers(distinct)
    lo, hi = _extremes(distinct, numeric, ids)
    if not absent and _dense(ids):
        return Entry(DENSE, position, f"{name}: {lo}..{hi} all {len(distinct)} present")
    tail = f", absent×{absent}" if absent else ""
    return Entry(BOUNDED, position, f"{name}: {len(distinct)} distinct, {lo}..{hi}{tail}")


def _count(column: list[str | None]) -> dict[str | None, int]:
    """Counter(column) as a plain dict (same order); a short column is counted without
    Counter's set-up, which costs more than counting a log run's handful of values."""
    if len(column) > 16:
        return Counter(column)
    counts: dict[str | None, int] = {}
    for v in column:
        counts[v] = counts.get(v, 0) + 1
    return counts


def _all_numbers(values: list[str]) -> bool:
    """Every value matches INVARIANT_NUMBER. Values (never empty: _printable) made of ASCII digits and
    at most one point, other than a lone point, do: such columns are checked all at once."""
    joined = "\n".join(values)
    if joined.isascii():
        rest = joined.translate(_WITHOUT_DIGITS)
        if not rest.strip(".\n") and ".." not in rest and "." not in values:
            return True
    return all(map(INVARIANT_NUMBER.fullmatch, values))


_WITHOUT_DIGITS = str.maketrans("", "", "0123456789")


def _numeric_extremes(values: list[str]) -> tuple[str, str]:
    """min(values, key=float) and max(values, key=float): the first value holding each extreme."""
    numbers = list(map(float, values))
    return values[numbers.index(min(numbers))], values[numbers.index(max(numbers))]


def _identifiers(distinct: list[str]) -> tuple[list[str], list[str]] | None:
    """Each value's prefix and digit run as INVARIANT_IDENTIFIER splits it (two parallel lists), or
    None when any value is not an identifier."""
    if "".join(distinct).isascii():
        # On ASCII, INVARIANT_IDENTIFIER's digit run is the value's trailing run of digits.
        prefixes = [v.rstrip("0123456789") for v in distinct]
        digits = [v[len(p):] for p, v in zip(prefixes, distinct)]
        return (prefixes, digits) if all(digits) else None
    matches = [INVARIANT_IDENTIFIER.fullmatch(v) for v in distinct]
    if not all(matches):
        return None
    return [m.group(1) for m in matches if m], [m.group(2) for m in matches if m]


def _extremes(distinct: list[str], numeric: bool, ids: tuple[list[str], list[str]] | None) -> tuple[str, str]:
    """Smallest and largest original strings: by value for numbers, by number for identifiers
    sharing one prefix (`ord-9..ord-10`, not the byte-wise `ord-10..ord-9`), else in natural
    order (`9:48:32..10:04:52`, `966..1,000`, never the byte-wise `1,000..999`); quantities in
    mixed units have no order across units and stay byte-wise."""
    if numeric:
        return _numeric_extremes(distinct)
    if ids is not None and len(set(ids[0])) == 1:
        # Distinct values never tie: min and max are sorted()'s ends.
        order = list(zip(map(int, ids[1]), distinct))
        return min(order)[1], max(order)[1]
    quantities = [INVARIANT_QUANTITY.fullmatch(v) for v in distinct]
    if all(quantities) and len({m.group(2) for m in quantities if m}) == 1:
        order = sorted(zip(quantities, distinct), key=lambda qv: (float(qv[0].group(1)), qv[1]))
        return order[0][1], order[-1][1]
    if not all(quantities) and any(c.isdigit() for c in "".join(distinct)) \
            and len({v.translate(_DIGITS_AS_ZERO) for v in distinct}) > 1:
        # (One shape, digits in the same places: byte-wise order is the natural one, and cheap.)
        keys = [_natural_key(v) for v in distinct]
        return distinct[keys.index(min(keys))], distinct[keys.index(max(keys))]
    return min(distinct), max(distinct)


_DIGITS_AS_ZERO = str.maketrans("123456789", "000000000")


def _natural_key(value: str) -> list[tuple[int, int | str]]:
    """Digit runs (a thousands-grouped number as one) compare as numbers, text byte-wise."""
    return [(0, int(part.replace(",", ""))) if "0" <= part[0] <= "9" else (1, part)
            for part in NATURAL_PARTS.findall(value)]


def _dense(ids: tuple[list[str], list[str]] | None) -> bool:
    """True only when counting proves every identifier between the extremes is present:
    one prefix, one digit width, and max - min + 1 equal to the distinct count."""
    if ids is None:
        return False
    prefixes, digits = ids
    if len(set(prefixes)) != 1 or len(set(map(len, digits))) != 1:
        return False
    numbers = list(map(int, digits))
    return max(numbers) - min(numbers) + 1 == len(numbers)


def _render(entries: list[Entry]) -> str:
    constants = [e.text for e in entries if e.kind == CONSTANT]
    ranges = [e.text for e in entries if e.kind == RANGE]
    middle = [e.text for e in entries if e.kind not in (CONSTANT, RANGE)]
    sections = ([f"all {' '.join(constants)}"] if constants else []) + middle
    if ranges:
        sections.append(f"range {' '.join(ranges)}")
    return "; ".join(sections)


def summarize(units: list[dict[str, str] | None], elided_bytes: int) -> str:
    if len(units) < 2 or not all(units):
        return ""
    return _summarize(_collect(units), elided_bytes)  # type: ignore[arg-type]  # (none is None here)


def summarize_columns(names: tuple[str, ...], values: list[list[str]], n_units: int, elided_bytes: int) -> str:
    """summarize() of `n_units` units that all have exactly the fields `names`, in that order;
    `values` holds each field's value in every unit."""
    if n_units < 2 or not names:
        return ""
    return _summarize(collect_columns(names, values), elided_bytes)


def _summarize(columns: dict[str, list[str | None]], elided_bytes: int) -> str:
    entries: list[Entry] = []
    coverage = 0
    for position, (name, column) in enumerate(columns.items()):
        entry = _entry(name, position, column)
        if entry is None:
            continue
        if entry.kind in (DENSE, BOUNDED):
            if coverage >= MAX_COVERAGE_ENTRIES:
                continue
            coverage += 1
        entries.append(entry)
    limit = budget(elided_bytes)
    text = _render(entries)
    while entries and _blen(text) > limit:
        # Positions are unique: the victim is the one entry with the largest key.
        victim = max(range(len(entries)), key=lambda j: (-entries[j].kind, entries[j].position))
        del entries[victim]
        text = _render(entries)
    return text


def note_line(unit_plural: str) -> str:
    return (f"… caveman: elided {unit_plural} resemble shown {unit_plural} and match the stated invariants — "
            "answer from this view; if you truly cannot, one broad caveman_retrieve …")
