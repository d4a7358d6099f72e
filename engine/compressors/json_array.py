"""JSON: collapse long arrays (and big maps of records) to the elements an agent needs.

An array of more than eight elements keeps its first three and last two elements, every element
whose text names a failure, the odd ones (numeric outliers by MAD-z, rare values of a
low-cardinality field, a rare set of keys, a level shift in a numeric series) and, with a query,
the best BM25 matches; keepNonRedundant then restores every element no kept one resembles.
Each elided run becomes one marker element
`{"__caveman_elided__":N,"__caveman_invariants__":"…","__caveman_note__":"…"}`.

A map whose values are records (package-lock's `packages`, keyed by path) is a collection too:
its entries are treated like elements, plus every entry the first entries name (the root
package's dependencies); runs of entries become marker members `"__caveman_elided__": {…}`.
An object's hypermedia links derived from its own `url` (GitHub's forks_url, keys_url, …)
collapse into one marker member naming every elided key. Subtrees under error/message/stack
keys are kept verbatim. The output is one line of JSON in the input's key order (`"key": value`
spaced as pretty JSON spells it, so quoted facts still match); nothing collapsed → None.
"""
from __future__ import annotations

import bisect
import json
import math
from collections import Counter
from typing import Any

from engine.compressors import invariants
from engine.compressors.redundancy import MAX_PROMOTIONS, keep_non_redundant
from engine.compressors.selection import (
    LENGTH_ANOMALY_Z, change_points, numeric_anomalies, query_keep, runs, worth_eliding,
)
from engine.patterns import DIGITS, JSON_ERROR_LOWER, JSON_PROTECTED_KEY
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
#: Derived links are elided only when there are at least this many of them.
MIN_DERIVED_LINKS = 4
#: A flat record repeated verbatim is replaced by a pointer to its first showing when it has
#: at least this many members and bytes (a pointer to a three-field object saves nothing).
MIN_TWIN_MEMBERS = 4
MIN_TWIN_BYTES = 160
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
    #: Re-serialised on one line: no output line carries an input line number.
    restructures = True

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
            out = walk.value(value, 0, "$")
            if not walk.markers:
                return None
            if walk.element_markers and walk.elided_bytes >= invariants.NOTE_THRESHOLD_BYTES:
                walk.element_markers[0][NOTE_KEY] = invariants.note_line("elements")
            result = render(out)
        except RecursionError:
            return None
        # A query can only add elements; it never makes the view larger than the input.
        return result if len(result) < len(data) else None


class _Walk:
    def __init__(self, query: str) -> None:
        self.query = query
        self.markers: list[dict[str, Any]] = []
        #: Markers standing for elided elements or entries: the note line goes on the first.
        self.element_markers: list[dict[str, Any]] = []
        self.elided_bytes = 0
        #: Canonical text of each flat record shown whole → where it was shown.
        self.shown: dict[str, str] = {}

    def value(self, v: Any, depth: int, path: str) -> Any:
        if depth > MAX_DEPTH:
            return v
        if isinstance(v, list):
            if len(v) > MAX_WHOLE:
                return self.array(v, depth, path)
            return [self.value(x, depth + 1, f"{path}[{i}]") for i, x in enumerate(v)]
        if isinstance(v, dict):
            if _is_collection(v):
                return self.collection(v, depth, path)
            return self.record(v, depth, path)
        return v

    def record(self, mapping: dict[str, Any], depth: int, path: str) -> dict[str, Any]:
        """An object's members, minus hypermedia links derived from its own `url` (GitHub's
        forks_url, keys_url, … `{/other_user}` templates): one marker names them all. A flat
        record already shown whole (the same user as author, uploader and owner) becomes a
        marker pointing at where it was shown."""
        twin = self._seen_before(mapping, path)
        if twin is not None:
            marker = {MARKER: 1, SUMMARY_KEY: f"identical to {twin}"}
            self.markers.append(marker)
            return marker
        derived = _derived_links(mapping)
        out: dict[str, Any] = {}
        if len(derived) < MIN_DERIVED_LINKS:
            derived = []
        for k, x in mapping.items():
            if derived and k == derived[0]:
                marker = {MARKER: len(derived), SUMMARY_KEY: "all are url + /path or URI templates: "
                          + " ".join(derived)}
                self.markers.append(marker)
                key = MARKER
                while key in mapping:
                    key += "_"
                out[key] = marker
            if k in derived:
                continue
            out[k] = self.member(k, x, depth, path)
        return out

    def _seen_before(self, mapping: dict[str, Any], path: str) -> str | None:
        if len(mapping) < MIN_TWIN_MEMBERS or any(isinstance(v, (dict, list)) for v in mapping.values()):
            return None
        text = canonical(mapping)
        if len(text) < MIN_TWIN_BYTES:
            return None
        first = self.shown.get(text)
        if first is None:
            self.shown[text] = path
        return first

    def member(self, key: str, v: Any, depth: int, path: str) -> Any:
        if JSON_PROTECTED_KEY.match(key):
            return v
        return self.value(v, depth + 1, _child_path(path, key))

    def array(self, items: list[Any], depth: int, path: str) -> list[Any]:
        units = [canonical(x) for x in items]
        profile = _Profile(items, units)
        keep = _keep_non_redundant(profile.shapes, _select(items, units, self.query, profile))
        out: list[Any] = []
        for kind, start, end in self._plan(items, units, keep):
            if kind == "marker":
                out.append(start)
            else:
                out.extend(self.value(items[i], depth + 1, f"{path}[{i}]") for i in range(start, end))
        return out

    def collection(self, mapping: dict[str, Any], depth: int, path: str) -> dict[str, Any]:
        keys = list(mapping)
        values = [mapping[k] for k in keys]
        units = [canonical({k: v}) for k, v in zip(keys, values)]
        profile = _Profile(values, units)
        keep = _select(values, units, self.query, profile, keys)
        _keep_referenced(keys, values, keep)
        keep = _keep_non_redundant(profile.shapes, keep)
        out: dict[str, Any] = {}
        n_markers = 0
        for kind, start, end in self._plan(values, units, keep):
            if kind == "marker":
                n_markers += 1
                key = MARKER if n_markers == 1 else f"{MARKER}{n_markers}"
                while key in mapping or key in out:  # never overwrite a real entry
                    key += "_"
                out[key] = start
            else:
                for k in keys[start:end]:
                    out[k] = self.member(k, mapping[k], depth, path)
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
                self.element_markers.append(marker)
                self.elided_bytes += elided
                yield "marker", marker, None
            else:
                yield "keep", start, end
            cursor = end
        if cursor < len(units):
            yield "keep", cursor, len(units)


def _child_path(path: str, key: str) -> str:
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _derived_links(mapping: dict[str, Any]) -> list[str]:
    """Keys whose string value is the object's own `url` plus a path, or a URI template on it."""
    base = mapping.get("url")
    if not isinstance(base, str) or "://" not in base:
        return []
    prefix = base.rstrip("/")
    out = []
    for k, v in mapping.items():
        if k == "url" or not isinstance(v, str) or not k.endswith("_url"):
            continue
        rest = v[len(prefix):] if v.startswith(prefix) else None
        if rest and rest[0] in "/{" and " " not in rest:
            out.append(k)
    return out


def _is_collection(mapping: dict[str, Any]) -> bool:
    """A map of more than eight records, keyed by name or path (not a record with many fields)."""
    if len(mapping) <= MAX_WHOLE:
        return False
    records = sum(1 for v in mapping.values() if isinstance(v, dict))
    return records >= 0.9 * len(mapping)


def _select(items: list[Any], units: list[str], query: str, profile: _Profile,
            keys: list[str] | None = None) -> list[bool]:
    n = len(items)
    keep = [i < KEEP_HEAD or i >= n - KEEP_TAIL for i in range(n)]
    # A collection's entry names are identifiers (`node_modules/error-ex`), not reports.
    texts = units if keys is None else [canonical(v) for v in items]
    for i in _error_bearing(texts):
        # Names in a name-keyed map (a dependency called `es-errors`) are not reports either.
        if not profile.maps or _names_failure(items[i], "", profile.maps, 0):
            keep[i] = True
    for i in _odd_ones(profile, units):
        keep[i] = True
    if query:
        query_keep(units, query, keep, max(0, QUERY_LIMIT - sum(keep)))
    return keep


def _error_bearing(texts: list[str]) -> set[int]:
    """Indices of texts naming a failure, found in one scan over them all."""
    starts, pos = [], 0
    for t in texts:
        starts.append(pos)
        pos += len(t) + 1
    joined = "\n".join(texts).lower()
    return {bisect.bisect_right(starts, m.start()) - 1 for m in JSON_ERROR_LOWER.finditer(joined)}


def _names_failure(value: Any, path: str, maps: set[str], depth: int) -> bool:
    if depth > MAX_DEPTH:
        return True
    if isinstance(value, dict):
        named = path in maps
        return any((not named and JSON_ERROR_LOWER.search(k.lower()))
                   or _names_failure(v, path + "." + k, maps, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return any(_names_failure(v, path, maps, depth + 1) for v in value)
    if isinstance(value, str) and _opaque(value):
        return False  # a tarball URL of the package `error-ex` reports nothing
    return bool(JSON_ERROR_LOWER.search(_scalar_text(value).lower()))


def _keep_non_redundant(shapes: list[str], keep: list[bool]) -> list[bool]:
    """keepNonRedundant, asked once per distinct shape: a dropped unit whose shape repeats an
    earlier dropped one gets that one's verdict anyway (represented by it, or by its class)."""
    first: dict[str, int] = {}
    asked: list[int] = []
    for i, shape in enumerate(shapes):
        if keep[i]:
            asked.append(i)
        elif shape not in first:
            first[shape] = i
            asked.append(i)
    verdict = keep_non_redundant([shapes[i] for i in asked], [keep[i] for i in asked])
    out = list(keep)
    promoted = 0
    document_from = len(shapes)
    for i, v in zip(asked, verdict):
        out[i] = v
        if v and not keep[i]:
            promoted += 1
            if promoted == MAX_PROMOTIONS:
                document_from = i + 1
    # Past the promotion cap the payload is a document: everything after it stays.
    for i in range(document_from, len(out)):
        out[i] = True
    return out


class _Profile:
    """One walk over every element: its numeric and string leaves by path (for outliers and
    rare values), its key set, and the words keepNonRedundant compares it by.

    Those words are its keys and readable values. Opaque values (hashes, URLs, long tokens)
    and the keys of name-keyed maps (a package's dependency list) differ in every record by
    design; compared verbatim they make every record of a lockfile or an API listing look
    unique, and nothing would ever be elided. Scalar elements are compared as they are: a
    list of names is a document."""

    def __init__(self, items: list[Any], units: list[str]) -> None:
        n = len(items)
        self.n = n
        self.numeric: dict[str, list[float | None]] = {}
        self.strings: dict[str, list[str | None]] = {}
        self.keysets: list[tuple[str, ...] | None] = []
        records = sum(isinstance(x, dict) for x in items) * 2 >= n
        self.maps = _map_paths(items) if records else set()
        self.shapes: list[str] = []
        for i, (item, unit) in enumerate(zip(items, units)):
            words: list[str] = []
            self._walk(item, "", i, words, 0)
            self.keysets.append(tuple(sorted(item)) if isinstance(item, dict) else None)
            # Records carry words, so keepNonRedundant masks their digits anyway; masking here
            # lets identical shapes be asked about once.
            self.shapes.append(DIGITS.sub("0", " ".join(words)) if records and isinstance(item, dict) else unit)

    def _walk(self, value: Any, path: str, i: int, words: list[str], depth: int) -> None:
        if depth > 8:
            return
        if isinstance(value, dict):
            is_map = path in self.maps
            for k, v in value.items():
                if not is_map:
                    words.append(k)
                t = type(v)
                if t is str:  # leaves, the bulk of any payload, are handled inline
                    if not ("://" in v or (len(v) >= 20 and " " not in v)):
                        words.append(v)
                    table: dict[str, list[Any]] = self.strings
                    leaf: Any = v
                elif t is int or t is _RawFloat:
                    words.append(v.raw if t is _RawFloat else str(v))
                    table, leaf = self.numeric, float(v)
                elif v is None or t is bool:
                    leaf = "null" if v is None else ("true" if v else "false")
                    words.append(leaf)
                    table = self.strings
                else:
                    self._walk(v, path + "." + k, i, words, depth + 1)
                    continue
                sub = path + "." + k
                series = table.get(sub)
                if series is None:
                    series = table[sub] = [None] * self.n
                series[i] = leaf
            return
        if isinstance(value, list):
            for v in value[:16]:
                self._shape_only(v, path, words, depth + 1)
            return
        if isinstance(value, str):
            if not _opaque(value):
                words.append(value)
            series = self.strings.get(path)
            if series is None:
                series = self.strings[path] = [None] * self.n
            series[i] = value
            return
        text = _scalar_text(value)
        words.append(text)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            nums = self.numeric.get(path)
            if nums is None:
                nums = self.numeric[path] = [None] * self.n
            nums[i] = float(value)
        else:
            series = self.strings.get(path)
            if series is None:
                series = self.strings[path] = [None] * self.n
            series[i] = text

    def _shape_only(self, value: Any, path: str, words: list[str], depth: int) -> None:
        """Inside arrays only the comparison words are collected (arrays are not leaf paths)."""
        if depth > 8:
            return
        if isinstance(value, dict):
            is_map = path in self.maps
            for k, v in value.items():
                if not is_map:
                    words.append(k)
                self._shape_only(v, path + "." + k, words, depth + 1)
        elif isinstance(value, list):
            for v in value[:16]:
                self._shape_only(v, path, words, depth + 1)
        elif isinstance(value, str):
            if not _opaque(value):
                words.append(value)
        else:
            words.append(_scalar_text(value))


def _map_paths(items: list[Any]) -> set[str]:
    """Paths of name-keyed maps: many more distinct keys across records than any one holds.
    Judged on an evenly spaced sample, which is plenty for a property of the schema."""
    step = max(1, len(items) // 256)
    union: dict[str, set[str]] = {}
    widest: dict[str, int] = {}
    for item in items[::step]:
        _key_stats(item, "", union, widest, 0)
    return {p for p, keys in union.items() if len(keys) > MAX_WHOLE and len(keys) > 3 * widest[p]}


def _odd_ones(profile: _Profile, units: list[str]) -> set[int]:
    """Elements that differ from the rest: numeric outliers, level shifts, rare values, rare shapes."""
    n = profile.n
    odd: set[int] = set(numeric_anomalies([float(len(u)) for u in units], LENGTH_ANOMALY_Z))
    for series in profile.numeric.values():
        odd.update(numeric_anomalies(series))
        if all(v is not None for v in series):
            for seam in change_points(series):  # type: ignore[arg-type]
                odd.update((seam - 1, seam))
    rare_limit = max(2, int(RARE_SHARE * n))
    for texts in [*profile.strings.values(), profile.keysets]:
        counts = Counter(v for v in texts if v is not None)
        if not counts or len(counts) > 5:
            continue
        if counts.most_common(1)[0][1] < n / 2:
            continue
        rare = {v for v, c in counts.items() if c <= rare_limit}
        odd.update(i for i, v in enumerate(texts) if v in rare)
    return odd


def _key_stats(value: Any, path: str, union: dict[str, set[str]], widest: dict[str, int], depth: int) -> None:
    if not isinstance(value, dict) or depth > 8:
        return
    union.setdefault(path, set()).update(value)
    widest[path] = max(widest.get(path, 0), len(value))
    for k, v in value.items():
        _key_stats(v, f"{path}.{k}", union, widest, depth + 1)


def _opaque(text: str) -> bool:
    """Identifiers rather than words: URLs, hashes, long unbroken tokens."""
    return "://" in text or (len(text) >= 20 and " " not in text)


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
