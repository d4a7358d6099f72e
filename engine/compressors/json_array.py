"""JSON: collapse long arrays (and big maps of records) to the elements an agent needs.

An array of more than eight elements keeps its first three and last two elements, every element
whose text names a failure, the odd ones (numeric outliers by MAD-z, rare values of a
low-cardinality field, a rare set of keys, a level shift in a numeric series) and, with a query,
the best BM25 matches; keepNonRedundant then restores every element no kept one resembles.
Each elided run becomes one marker element
`{"__caveman_elided__":N,"__caveman_invariants__":"…","__caveman_note__":"…"}`.

A map whose values are records (package-lock's `packages`, keyed by path) is a collection too:
its entries are treated like elements, plus every entry a kept entry names (the root package's
dependencies). Subtrees under error/message/stack keys are kept verbatim. The output is
single-line JSON in the input's key order; nothing collapsed → None.
"""
from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any

from engine.compressors import invariants
from engine.compressors.redundancy import keep_non_redundant
from engine.compressors.selection import (
    change_points, numeric_anomalies, query_keep, runs, worth_eliding,
)
from engine.patterns import JSON_ERROR, JSON_PROTECTED_KEY
from engine.safety import SafetyClass
from engine.types import ContentType

#: Arrays with more elements than this are collapsed.
MAX_WHOLE = 8
KEEP_HEAD = 3
KEEP_TAIL = 2
#: A query fills the kept set up to this many elements.
QUERY_LIMIT = 50
#: Deeper subtrees are kept as they are (and the parser itself refuses ~1000 levels).
MAX_DEPTH = 64
#: A value seen in at most this share of elements (and never more than once in 20) is rare.
RARE_SHARE = 0.05
#: Entries of a keyed collection that kept entries name: at most this many are added.
MAX_REFERENCED = 24
MARKER = "__caveman_elided__"
SUMMARY_KEY = "__caveman_invariants__"
NOTE_KEY = "__caveman_note__"


class _RawFloat(float):
    """A float that remembers how it was written, so a marker's range quotes the original."""

    raw: str


def _parse_float(text: str) -> float:
    value = _RawFloat(text)
    if not math.isfinite(value):
        raise ValueError("non-finite number")
    value.raw = text
    return value


def _reject_constant(name: str) -> Any:
    raise ValueError(f"not JSON: {name}")


def parse(data: bytes) -> Any:
    """The JSON value, or ValueError (not UTF-8, not JSON, NaN/Infinity, nested too deep)."""
    text = data.decode("utf-8")
    try:
        return json.loads(text, parse_float=_parse_float, parse_constant=_reject_constant)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def render(value: Any) -> bytes:
    """One line, but `"key": value` as pretty JSON spells it, so a fact quoted from the
    original (`"status": 422`) still reads the same."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ": ")).encode("utf-8")


class JsonCompressor:
    content_type = ContentType.JSON
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        return self.compress_query(data, "")

    def compress_query(self, data: bytes, query: str) -> bytes | None:
        stripped = data.strip()
        if not stripped[:1] in (b"{", b"["):
            return None
        try:
            value = parse(stripped)
        except (ValueError, UnicodeDecodeError):
            return None
        walk = _Walk(query)
        try:
            out = walk.value(value, 0)
        except RecursionError:
            return None
        if not walk.markers:
            return None
        if walk.elided_bytes >= invariants.NOTE_THRESHOLD_BYTES:
            walk.markers[0][NOTE_KEY] = invariants.note_line("elements")
        result = render(out)
        # A query can only add elements; it never makes the view larger than the input.
        return result if len(result) < len(data) else None


class _Walk:
    def __init__(self, query: str) -> None:
        self.query = query
        self.markers: list[dict[str, Any]] = []
        self.elided_bytes = 0

    def value(self, v: Any, depth: int) -> Any:
        if depth > MAX_DEPTH:
            return v
        if isinstance(v, list):
            if len(v) > MAX_WHOLE:
                return self.array(v, depth)
            return [self.value(x, depth + 1) for x in v]
        if isinstance(v, dict):
            if _is_collection(v):
                return self.collection(v, depth)
            return {k: self.member(k, x, depth) for k, x in v.items()}
        return v

    def member(self, key: str, v: Any, depth: int) -> Any:
        return v if JSON_PROTECTED_KEY.match(key) else self.value(v, depth + 1)

    def array(self, items: list[Any], depth: int) -> list[Any]:
        units = [canonical(x) for x in items]
        keep = keep_non_redundant(_shapes(items, units), _select(items, units, self.query))
        out: list[Any] = []
        for kind, start, end in self._plan(items, units, keep):
            if kind == "marker":
                out.append(start)
            else:
                out.extend(self.value(x, depth + 1) for x in items[start:end])
        return out

    def collection(self, mapping: dict[str, Any], depth: int) -> dict[str, Any]:
        keys = list(mapping)
        values = [mapping[k] for k in keys]
        units = [canonical({k: v}) for k, v in zip(keys, values)]
        keep = _select(values, units, self.query, keys)
        _keep_referenced(keys, values, keep)
        keep = keep_non_redundant(_shapes(values, units), keep)
        out: dict[str, Any] = {}
        n_markers = 0
        for kind, start, end in self._plan(values, units, keep):
            if kind == "marker":
                n_markers += 1
                out[MARKER if n_markers == 1 else f"{MARKER}{n_markers}"] = start
            else:
                for k in keys[start:end]:
                    out[k] = self.member(k, mapping[k], depth)
        return out

    def _plan(self, items: list[Any], units: list[str], keep: list[bool]):
        """Yield ("keep", start, end) spans and ("marker", marker_dict, None) for elided runs."""
        cursor = 0
        for start, end in runs(keep):
            if cursor < start:
                yield "keep", cursor, start
            elided = sum(len(u.encode("utf-8")) for u in units[start:end])
            summary = invariants.summarize([_fields(x) for x in items[start:end]], elided)
            marker: dict[str, Any] = {MARKER: end - start}
            if summary:
                marker[SUMMARY_KEY] = summary
            if worth_eliding(end - start, summary, len(canonical(marker)), elided):
                self.markers.append(marker)
                self.elided_bytes += elided
                yield "marker", marker, None
            else:
                yield "keep", start, end
            cursor = end
        if cursor < len(units):
            yield "keep", cursor, len(units)


def _is_collection(mapping: dict[str, Any]) -> bool:
    """A map of more than eight records, keyed by name or path (not a record with many fields)."""
    if len(mapping) <= MAX_WHOLE:
        return False
    records = sum(1 for v in mapping.values() if isinstance(v, dict))
    return records >= 0.9 * len(mapping)


def _select(items: list[Any], units: list[str], query: str, keys: list[str] | None = None) -> list[bool]:
    n = len(items)
    keep = [i < KEEP_HEAD or i >= n - KEEP_TAIL for i in range(n)]
    # A collection's entry names are identifiers (`node_modules/error-ex`), not reports.
    texts = units if keys is None else [canonical(v) for v in items]
    for i, text in enumerate(texts):
        if not keep[i] and JSON_ERROR.search(text):
            keep[i] = True
    for i in _odd_ones(items, units):
        keep[i] = True
    if query:
        query_keep(units, query, keep, max(0, QUERY_LIMIT - sum(keep)))
    return keep


def _odd_ones(items: list[Any], units: list[str]) -> set[int]:
    """Elements that differ from the rest: numeric outliers, level shifts, rare values, rare shapes."""
    n = len(items)
    odd: set[int] = set(numeric_anomalies([float(len(u)) for u in units]))
    numeric: dict[str, list[float | None]] = {}
    strings: dict[str, list[str | None]] = {}
    shapes: list[tuple[str, ...] | None] = []
    for i, item in enumerate(items):
        shapes.append(tuple(sorted(item)) if isinstance(item, dict) else None)
        for path, leaf in _leaves(item, ""):
            if isinstance(leaf, bool) or leaf is None:
                leaf = str(leaf)
            if isinstance(leaf, (int, float)):
                numeric.setdefault(path, [None] * n)[i] = float(leaf)
            elif isinstance(leaf, str):
                strings.setdefault(path, [None] * n)[i] = leaf
    for series in numeric.values():
        odd.update(numeric_anomalies(series))
        if all(v is not None for v in series):
            for seam in change_points(series):  # type: ignore[arg-type]
                odd.update((seam - 1, seam))
    rare_limit = max(2, int(RARE_SHARE * n))
    for series in [*strings.values(), shapes]:
        counts = Counter(v for v in series if v is not None)
        if not counts or len(counts) > 5:
            continue
        if counts.most_common(1)[0][1] < n / 2:
            continue
        rare = {v for v, c in counts.items() if c <= rare_limit}
        odd.update(i for i, v in enumerate(series) if v in rare)
    return odd


def _shapes(items: list[Any], units: list[str]) -> list[str]:
    """What keepNonRedundant compares records by: their keys and their readable values.

    Opaque values (hashes, URLs, long tokens) and the keys of name-keyed maps (a package's
    dependency list) differ in every record by design; compared verbatim they make every
    record of a lockfile or an API listing look unique, and nothing would ever be elided.
    Scalar elements are compared as they are: a list of names is a document."""
    if sum(isinstance(x, dict) for x in items) * 2 < len(items):
        return units
    union: dict[str, set[str]] = {}
    widest: dict[str, int] = {}
    for item in items:
        _key_stats(item, "", union, widest, 0)
    maps = {p for p, keys in union.items() if len(keys) > MAX_WHOLE and len(keys) > 3 * widest[p]}
    out = []
    for item, unit in zip(items, units):
        if not isinstance(item, dict):
            out.append(unit)
            continue
        words: list[str] = []
        _shape_words(item, "", maps, words, 0)
        out.append(" ".join(words))
    return out


def _key_stats(value: Any, path: str, union: dict[str, set[str]], widest: dict[str, int], depth: int) -> None:
    if not isinstance(value, dict) or depth > 8:
        return
    union.setdefault(path, set()).update(value)
    widest[path] = max(widest.get(path, 0), len(value))
    for k, v in value.items():
        _key_stats(v, f"{path}.{k}", union, widest, depth + 1)


def _shape_words(value: Any, path: str, maps: set[str], words: list[str], depth: int) -> None:
    if depth > 8:
        return
    if isinstance(value, dict):
        is_map = path in maps
        for k, v in value.items():
            if not is_map:
                words.append(k)
            _shape_words(v, f"{path}.{k}", maps, words, depth + 1)
    elif isinstance(value, list):
        for v in value[:16]:
            _shape_words(v, path, maps, words, depth + 1)
    elif isinstance(value, str):
        if not _opaque(value):
            words.append(value)
    else:
        words.append(_scalar_text(value))


def _opaque(text: str) -> bool:
    """Identifiers rather than words: URLs, hashes, long unbroken tokens."""
    return "://" in text or (len(text) >= 20 and not any(c.isspace() for c in text))


def _leaves(value: Any, path: str, depth: int = 0):
    """(path, scalar) for every scalar reachable through objects (arrays are not entered)."""
    if isinstance(value, dict):
        if depth >= 8:
            return
        for k, v in value.items():
            yield from _leaves(v, f"{path}.{k}", depth + 1)
    elif not isinstance(value, list):
        yield path, value


def _keep_referenced(keys: list[str], values: list[Any], keep: list[bool]) -> None:
    """Keep entries a kept entry names: a lockfile's root lists its direct dependencies, and
    those are the packages an agent asks about."""
    names: set[str] = set()
    for v in values[:KEEP_HEAD]:
        _collect_names(v, names, 0)
    added = 0
    for i, k in enumerate(keys):
        if keep[i] or added >= MAX_REFERENCED:
            continue
        if k in names or any(k[j + 1:] in names for j, c in enumerate(k) if c == "/"):
            keep[i] = True
            added += 1


def _collect_names(value: Any, names: set[str], depth: int) -> None:
    """Keys of name → spec maps (`"dependencies": {"eslint": "^10.0.2"}`) inside a record."""
    if depth > 6 or not isinstance(value, dict):
        return
    if depth > 0 and value and all(isinstance(v, str) for v in value.values()):
        names.update(value)
    for v in value.values():
        _collect_names(v, names, depth + 1)


def _fields(item: Any) -> dict[str, str] | None:
    """An element's scalar top-level members as original strings, for the marker summary."""
    if not isinstance(item, dict):
        return None
    fields = {k: _scalar_text(v) for k, v in sorted(item.items()) if not isinstance(v, (dict, list))}
    return fields or None


def _scalar_text(v: Any) -> str:
    if isinstance(v, _RawFloat):
        return v.raw
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    return str(v)
