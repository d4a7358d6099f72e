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

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import compress, repeat
from operator import attrgetter
from typing import Any

from engine.compressors import invariants, json_coverage, json_deptree, json_istanbul, json_framed, json_lines, json_schema, notebook
from engine.compressors.json_findings import Reports, rule_tally
from engine.compressors.json_elements import (
    MAX_DEPTH, MAX_WHOLE, RawFloat, keep_nested_installs, keep_non_redundant_shapes, keep_referenced, kept_elements, may_name_failure, scalar_text,
    select,
)
from engine.compressors.json_profile import Profile
from engine.compressors.json_text import canonical, canonical_each, item_separator, parse_noting_floats, render, utf8
from engine.compressors.redundancy import MAX_PROMOTIONS, MAX_SEEDS, keep_non_redundant, vocabulary
from engine.compressors.redundancy import _Classes as Classes
from engine.compressors.selection import runs, worth_eliding
from engine.compressors.lines import LIST_MAX_ENTRIES
from engine.patterns import (
    BASE64_LINE, HEADER_NAME, JSON_ERROR_LOWER, JSON_FILE_KEY, JSON_LIST_ENTRY, JSON_PATH_INDEX, JSON_PROTECTED_KEY, MARKER_FIELD_NAME,
)
from engine.safety import SafetyClass
from engine.types import ContentType

#: Derived links are elided only when there are at least this many of them.
MIN_DERIVED_LINKS = 4
#: An object repeated verbatim is replaced by a pointer to its first showing when it has at
#: least this many members and bytes (a pointer to a three-field object saves nothing), and
#: sits no deeper than this (each level re-serialises its subtree to compare it).
MIN_TWIN_MEMBERS = 4
MIN_TWIN_BYTES = 160
MAX_TWIN_DEPTH = 6
#: Runs of fewer repeated name/value pairs than this stay (a marker would cost as much).
MIN_PAIR_RUN = 2
#: A package's long description (PyPI metadata's README in `pip inspect`, `pip show --json`-like
#: reports; npm's `readme`): a document of its own inside a record, 80% of `pip inspect`'s bytes,
#: which kept the whole report from shrinking. Only under these keys and only this long.
README_KEYS = frozenset({"description", "long_description", "readme"})
README_MIN_LINES = 40
#: eslint's `-f json` result for a file with messages carries the file's whole text under
#: `source` (half the report's bytes): the same marker, for a record that also has `messages`.
ESLINT_SOURCE_KEY = "source"
MARKER = "__caveman_elided__"
SUMMARY_KEY = "__caveman_invariants__"
NOTE_KEY = "__caveman_note__"


@contextmanager
def _cycle_collection_paused() -> Iterator[None]:
    """The parsed document is a tree (no reference cycles) that lives until the compressor
    returns, yet the cycle collector's full passes walk all of it again and again while the
    walk allocates: a sixth of the time on a large array, to find nothing. Paused for the
    call (objects freed meanwhile are still freed by reference counting), restored after."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class JsonCompressor:
    content_type = ContentType.JSON
    safety_class = SafetyClass.S4
    #: Re-serialised on one line: no output line carries an input line number.
    restructures = True

    def compress(self, data: bytes) -> bytes | None:
        return self.compress_query(data, "")

    def compress_query(self, data: bytes, query: str) -> bytes | None:
        with _cycle_collection_paused():
            return self._compress(data, query)

    def _compress(self, data: bytes, query: str) -> bytes | None:
        stripped = data.strip()
        if not stripped[:1] in (b"{", b"["):
            return self._framed(data, query)
        try:
            value, rewritten_numbers = parse_noting_floats(stripped)
        except (ValueError, UnicodeDecodeError):
            # One JSON value a line (`jq -c`, NDJSON): the lines are the array's elements.
            return (json_lines.compress_lines(data, query, _Walk, MARKER, NOTE_KEY)
                    or self._stream(data, query) or self._framed(data, query))
        if isinstance(value, dict) and "nbformat" in value and ("cells" in value or "worksheets" in value):
            # A notebook is a document: its cells stay, only binary outputs' base64 goes.
            return notebook.elide_binary_outputs(data)
        walk = _Walk(query)
        if json_istanbul.is_final_report(value) or json_istanbul.is_summary_report(value):
            # istanbul's reports: what never ran stays, every file named (json_istanbul)
            view = (json_istanbul.summary_view if "total" in value else json_istanbul.final_view)(value, walk.markers)
            if not walk.markers:
                return None
            result = render(view, rewritten_numbers, item_separator(data))
            return result if len(result) < len(data) else None
        walk.reports = Reports(value)
        walk.schema = json_schema.is_schema(value)
        walk.tree = json_deptree.is_dependency_tree(value)
        walk.coverage = json_coverage.is_coverage_report(value)
        try:
            out = walk.value(value, 0, "$")
            if not walk.markers:
                return None
            if walk.element_markers and walk.elided_bytes >= invariants.NOTE_THRESHOLD_BYTES:
                first, unit_word = walk.element_markers[0]
                first[NOTE_KEY] = invariants.note_line(unit_word)
            for holder, key in walk.entry_markers:
                if list(holder[key]) == [MARKER]:
                    holder[key] = holder[key][MARKER]  # `"__caveman_elided__": 37`
            result = render(out, rewritten_numbers, item_separator(data))
        except RecursionError:
            return None
        # A query can only add elements; it never makes the view larger than the input.
        return result if len(result) < len(data) else None

    def _framed(self, data: bytes, query: str) -> bytes | None:
        """A document with diagnostic lines around it: those lines verbatim (colours gone),
        the document compressed; nothing collapsed in it → None."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
        parts = json_framed.split_framed(text)
        if parts is None:
            return None
        prelude, body, trailer = parts
        view = self._compress(body.encode("utf-8"), query)
        if view is None:
            return None
        trailer = json_framed.frame_text(trailer)
        prelude = json_framed.frame_text(prelude)
        if prelude.count("\n") >= json_framed.RUN_PRELUDE_LINES:
            prelude = json_framed.thinned_run(prelude)
        out = (prelude + view.decode("utf-8").rstrip("\n")
               + (trailer if trailer.strip() else "\n")).encode("utf-8")
        return out if len(out) < len(data) else None

    def _stream(self, data: bytes, query: str) -> bytes | None:
        """Pretty-printed values one after another (`jq '.[]'`): the elements of one array,
        kept ones as written, elided runs as marker lines."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
        parsed = json_framed.parse_stream(text)
        if parsed is None:
            return None
        return json_lines.compress_records(data, parsed, "\r\n" in text, query, _Walk, NOTE_KEY)


class _Walk:
    def __init__(self, query: str) -> None:
        self.query = query
        self.markers: list[dict[str, Any]] = []
        #: Markers standing for elided elements or entries: the note line goes on the first.
        self.element_markers: list[tuple[dict[str, Any], str]] = []
        self.elided_bytes = 0
        #: Each object shown (its canonical text's UTF-8) → where it was shown.
        self.shown: dict[bytes, str] = {}
        #: Where each map-entry marker sits, to be written as a bare count when that is all
        #: it says (decided after the walk, once the note line has found its marker).
        self.entry_markers: list[tuple[dict[str, Any], str]] = []
        #: Name/value pairs shown so far, by the place their lists sit (`$[].rawHeaders`).
        self.shown_pairs: dict[str, dict[str, None]] = {}
        #: The classes those pairs seed, by place (see _pair_verdicts).
        self.pair_classes: dict[str, _PairClasses] = {}
        #: Canonical text already computed for an object about to be walked (by id; the
        #: parsed value outlives the walk), so its twin check does not serialise it again.
        self.known_text: dict[int, str] = {}
        #: The document's lint reports (json_findings): set to the document walked.
        self.reports = Reports(None)
        #: A JSON Schema document: its maps of definitions are its text (json_schema).
        self.schema = False
        #: `npm ls --json`: its dependencies maps are the tree asked for (json_deptree).
        self.tree = False
        #: coverage.py's JSON: every file stays, its covered-line lists counted (json_coverage).
        self.coverage = False
        #: The coverage file record being walked (its functions and classes are parts of it).
        self.coverage_file: Any = None

    def value(self, v: Any, depth: int, path: str) -> Any:
        if depth > MAX_DEPTH:
            return v
        if isinstance(v, list):
            if len(v) > MAX_WHOLE:
                return self.array(v, depth, path)
            return [self.value(x, depth + 1, f"{path}[{i}]") if isinstance(x, (dict, list)) else x
                    for i, x in enumerate(v)]
        if isinstance(v, dict):
            if not self.schema and _is_collection(v) \
                    and not (self.tree and json_deptree.is_dependency_map(path)) \
                    and not (self.coverage and path == json_coverage.FILES_PATH):
                return self.collection(v, depth, path)
            return self.record(v, depth, path)
        return v

    def record(self, mapping: dict[str, Any], depth: int, path: str) -> dict[str, Any]:
        """An object's members, minus hypermedia links derived from its own `url` (GitHub's
        forks_url, keys_url, … `{/other_user}` templates): one marker names them all. An object
        identical to one already shown (the same user as author, uploader and owner; the release
        that a later request fetched again) becomes a marker pointing at where it was shown."""
        twin = self._seen_before(mapping, depth, path)
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
            # A scalar member is itself (member() would return it unchanged).
            out[k] = self.member(k, x, depth, path) if isinstance(x, (dict, list)) else x
            if ((k in README_KEYS or (k == ESLINT_SOURCE_KEY and "messages" in mapping))
                    and isinstance(x, str) and x.count("\n") >= README_MIN_LINES):
                out[k] = self._readme(x)
        return out

    def _readme(self, text: str) -> dict[str, Any]:
        """A README-sized description as one marker: its size and its first line."""
        first = next((line.strip() for line in text.split("\n") if line.strip()), "")
        if len(first) > 80:
            first = first[:77] + "..."
        marker = {MARKER: 1, SUMMARY_KEY: f"a text of {text.count(chr(10)) + 1} lines, {len(text)} chars;"
                  f" its first line: {first}"}
        self.markers.append(marker)
        return marker

    def _seen_before(self, mapping: dict[str, Any], depth: int, path: str) -> str | None:
        """Where an identical object (same original value) was already shown, if anywhere.
        The document's root (depth 0, walked first) is never asked: nothing was shown before
        it, and every object after it sits inside it, so none can be identical to it."""
        if len(mapping) < MIN_TWIN_MEMBERS or depth > MAX_TWIN_DEPTH or depth == 0:
            return None
        text = self.known_text.pop(id(mapping), None)
        if text is None:
            text = canonical(mapping)
        if len(text) < MIN_TWIN_BYTES:
            return None
        # The text itself is the key: hashing it costs less than a digest of it (and never collides).
        key = text
        first = self.shown.get(key)
        if first is None:
            self.shown[key] = path
        return first

    def member(self, key: str, v: Any, depth: int, path: str) -> Any:
        if JSON_PROTECTED_KEY.match(key):
            return v
        if self.coverage and json_coverage.whole(key, v, depth):
            # a file's summary and the totals are shown themselves, never as a pointer to an
            # identical one; later copies (a function's) may still point to them
            self.shown.setdefault(canonical(v), _child_path(path, key))
            return v
        if self.coverage and depth <= 2:
            if depth == 1 and path == json_coverage.FILES_PATH:
                self.coverage_file = v  # (its functions and classes are read against it)
            elif key in json_coverage.PART_MAPS and isinstance(v, dict) and json_coverage.in_files(path):
                return self.coverage_parts(key, v)
            elif key == "contexts" and isinstance(v, dict) and len(v) > MAX_WHOLE and json_coverage.in_files(path):
                same = json_coverage.same_contexts(v)
                if same is not None:
                    marker = {MARKER: len(v), SUMMARY_KEY: same}
                    self.markers.append(marker)
                    return {MARKER: marker}
        if self.coverage and isinstance(v, list) and json_coverage.in_files(path):
            if key in json_coverage.MISSING_LISTS and depth == 2:
                return v  # a file's lines to act on, whole (a function's are a part of them)
            if key in json_coverage.BULK_LISTS and len(v) > MAX_WHOLE:
                return self.counted(v)
        return self.value(v, depth + 1, _child_path(path, key))

    def coverage_parts(self, kind: str, parts: dict[str, Any]) -> dict[str, Any]:
        """A file's `functions` or `classes` map: the fully covered ones counted under one
        marker, a part that is the whole file pointing at it, the rest with their summary's
        counts, their long missing lists stated against the file's (json_coverage)."""
        file_record = self.coverage_file if isinstance(self.coverage_file, dict) else {}
        full = [k for k, r in parts.items() if json_coverage.fully_covered(r)]
        out: dict[str, Any] = {}
        for k, r in parts.items():
            if full and k == full[0]:
                noun = kind if len(full) > 1 else kind[:-2] if kind == "classes" else kind[:-1]
                marker = {MARKER: len(full), SUMMARY_KEY: f"{len(full)} {noun} fully covered "
                          "(no missing line or branch)"}
                self.markers.append(marker)
                key = MARKER
                while key in parts:  # never overwrite a real entry
                    key += "_"
                out[key] = marker
            if not isinstance(r, dict):
                out[k] = r
            elif full and json_coverage.fully_covered(r):
                continue
            elif json_coverage.same_as_file(r, file_record):
                marker = {MARKER: 1, SUMMARY_KEY: "the whole file: its summary and line lists are the file's"}
                self.markers.append(marker)
                out[k] = marker
            else:
                out[k] = self.coverage_part(r, file_record)
        return out

    def coverage_part(self, record: dict[str, Any], file_record: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, x in record.items():
            if k == "summary" and isinstance(x, dict):
                out[k] = json_coverage.part_summary(x)
            elif isinstance(x, list) and len(x) > MAX_WHOLE and k in json_coverage.MISSING_LISTS:
                stated = json_coverage.part_missing(k, x, file_record)
                if stated is None:
                    out[k] = x
                else:
                    marker = {MARKER: len(x), SUMMARY_KEY: stated}
                    self.markers.append(marker)
                    out[k] = [marker]
            elif isinstance(x, list) and len(x) > MAX_WHOLE and k in json_coverage.BULK_LISTS:
                out[k] = self.counted(x)
            elif k == "contexts" and isinstance(x, dict) and len(x) > MAX_WHOLE \
                    and (same := json_coverage.same_contexts(x)) is not None:
                marker = {MARKER: len(x), SUMMARY_KEY: same}
                self.markers.append(marker)
                out[k] = {MARKER: marker}
            else:
                out[k] = x
        return out

    def counted(self, items: list[Any]) -> list[Any]:
        """A coverage report's covered-line list as one marker: its count and range."""
        marker: dict[str, Any] = {MARKER: len(items)}
        summary = json_coverage.bulk_summary(items)
        if summary:
            marker[SUMMARY_KEY] = summary
        self.markers.append(marker)  # (exact: no note that elided elements resemble shown ones)
        return [marker]

    def array(self, items: list[Any], depth: int, path: str) -> list[Any]:
        if _is_pair_list(items):
            return self.pairs(items, path)
        if _is_enumeration(items):
            return list(items)
        units = canonical_each(items)
        profile = Profile(items, units)
        keep = kept_elements(items, units, self.query, profile, self.reports)
        out: list[Any] = []
        known = self.known_text
        for kind, start, end in self._plan(items, units, keep):
            if kind == "marker":
                out.append(start)
                continue
            if _CONTAINERS.isdisjoint(map(type, items[start:end])):
                out.extend(items[start:end])  # scalars are themselves
                continue
            for i in range(start, end):
                item = items[i]
                if isinstance(item, dict):
                    known[id(item)] = units[i]
                elif not isinstance(item, list):
                    out.append(item)  # a scalar is itself
                    continue
                out.append(self.value(item, depth + 1, f"{path}[{i}]"))
        return out

    def pairs(self, items: list[str], path: str) -> list[Any]:
        """A flat name/value list (Node's `rawHeaders`): the pairs are the units. The first list
        at a place (`$[].rawHeaders`) is shown whole; in the lists after it, a pair that
        resembles one already shown there (the same header on the previous response, another
        date) is a repeat. Pairs naming a failure always stay."""
        units = [f"{n}: {v}" for n, v in zip(items[0::2], items[1::2])]
        place = JSON_PATH_INDEX.sub("[]", path)
        shown = self.shown_pairs.setdefault(place, {})
        if not shown:
            shown.update(dict.fromkeys(units))
            return list(items)
        lowered = [u.lower() for u in units]
        if may_name_failure("\n".join(lowered)):
            keep = [JSON_ERROR_LOWER.search(low) is not None for low in lowered]
        else:  # most responses' headers name no failure: one scan of them all says so
            keep = [False] * len(units)
        classes = self.pair_classes.get(place)
        if classes is None:
            classes = self.pair_classes[place] = _PairClasses()
        verdict = _pair_verdicts(list(shown), units, keep, classes)
        out: list[Any] = []
        cursor = 0
        for start, end in runs(verdict):
            out.extend(items[2 * cursor:2 * start])
            if end - start >= MIN_PAIR_RUN:
                marker = {MARKER: 2 * (end - start)}
                self.markers.append(marker)
                self.element_markers.append((marker, "elements"))
                self.elided_bytes += sum(len(u) for u in units[start:end])
                out.append(marker)
            else:
                out.extend(items[2 * start:2 * end])
            cursor = end
        out.extend(items[2 * cursor:])
        shown.update(dict.fromkeys(u for u, k in zip(units, verdict) if k))
        return out

    def collection(self, mapping: dict[str, Any], depth: int, path: str) -> dict[str, Any]:
        keys = list(mapping)
        values = [mapping[k] for k in keys]
        texts = [canonical(v) for v in values]
        # canonical({k: v}), from the value's text (a key is a string: canonical_each).
        units = [f"{{{k}:{t}}}" for k, t in zip(canonical_each(keys), texts)]
        profile = Profile(values, units)
        keep = select(values, units, self.query, profile, texts)
        keep_referenced(keys, values, keep)
        keep_nested_installs(keys, keep)
        keep = keep_non_redundant_shapes(profile.shapes, keep)
        out: dict[str, Any] = {}
        n_markers = 0
        for kind, start, end in self._plan(values, units, keep, "entries"):
            if kind == "marker":
                n_markers += 1
                key = MARKER if n_markers == 1 else f"{MARKER}{n_markers}"
                while key in mapping or key in out:  # never overwrite a real entry
                    key += "_"
                out[key] = start
                first, last = end
                _name_entries(start, keys[first:last], values[first:last],
                              len(utf8("".join(units[first:last]))))
                self.entry_markers.append((out, key))
            else:
                for i in range(start, end):
                    k, v = keys[i], values[i]
                    if isinstance(v, dict):
                        self.known_text[id(v)] = texts[i]
                    out[k] = self.member(k, v, depth, path)
        return out

    def _plan(self, items: list[Any], units: list[str], keep: list[bool], unit_word: str = "elements"):
        """Yield ("keep", start, end) spans and ("marker", marker_dict, None) for elided runs."""
        if _is_file_list(items, units):
            yield "keep", 0, len(units)
            return
        cursor = 0
        for start, end in runs(keep):
            if cursor < start:
                yield "keep", cursor, start
            elided = len(utf8("".join(units[start:end])))
            run = items[start:end]
            summary = _summary(run, elided)
            tally = rule_tally(run, summary)  # a report's findings, counted per rule as in its text form
            if tally:
                summary = f"{summary}; {tally}" if summary else tally
            marker: dict[str, Any] = {MARKER: end - start}
            if summary:
                marker[SUMMARY_KEY] = summary
            if worth_eliding(end - start, summary, len(canonical(marker)), elided):
                if unit_word == "elements":
                    _name_elements(marker, run, elided)
                self.markers.append(marker)
                self.element_markers.append((marker, unit_word))
                self.elided_bytes += elided
                yield "marker", marker, (start, end)
            else:
                yield "keep", start, end
            cursor = end
        if cursor < len(units):
            yield "keep", cursor, len(units)


#: The names of elided map entries (packages in `npm ls --json`'s dependency maps) are listed
#: in their marker while they take at most this many bytes: the entries' details go, the
#: list of names stays complete. Longer lists are only counted.
MAX_NAMED_ENTRIES_BYTES = 600
NAMES_KEY = "__caveman_names__"


def _name_entries(marker: dict[str, Any], names: list[str], values: list[Any] | None = None, elided: int = 0) -> None:
    """Bare names only: a map keyed by paths (a lockfile's `node_modules/a/node_modules/b`)
    is located by its marker's counts and ranges, and its paths would cost more than the
    entries' details saved. URL routes (an OpenAPI spec's `paths`) are the exception."""
    if names and all(n.startswith("/") and " " not in n for n in names):
        _name_routes(marker, names, values or [], elided)
        return
    joined = " ".join(names)
    if len(joined) > MAX_NAMED_ENTRIES_BYTES or any(" " in n or not n for n in names):
        return
    if 2 * sum(1 for n in names if n.count("/") > n.startswith("@")) >= len(names):  # `@scope/name` is a name
        _name_files(marker, names, elided)
        return
    marker[NAMES_KEY] = joined


def _name_files(marker: dict[str, Any], paths: list[str], elided: int) -> None:
    """A map keyed by source files (coverage.json's `files`: a file's lines and summary each) is
    the list of files the agent asked about: the elided files are named, their common directory
    written once, while that costs at most 1/ELEMENT_NAMES_SHARE of the bytes elided. (A
    lockfile's `node_modules/a` paths name packages, not files, and are only counted.)"""
    if not all(JSON_FILE_KEY.fullmatch(p) and not p.startswith("node_modules/") for p in paths):
        return
    prefix = paths[0][:paths[0].rfind("/") + 1]
    while prefix and not all(p.startswith(prefix) and len(p) > len(prefix) for p in paths):
        prefix = prefix[:prefix.rstrip("/").rfind("/") + 1]
    text = (f"under {prefix}: " if prefix else "") + " ".join(p[len(prefix):] for p in paths)
    if ELEMENT_NAMES_SHARE * len(text) <= elided:
        marker[NAMES_KEY] = text


#: The operations of an OpenAPI path item, listed after its route in a marker.
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _name_routes(marker: dict[str, Any], routes: list[str], values: list[Any], elided: int) -> None:
    """An OpenAPI spec's routes are what the agent reads it for: elided path items are named
    with their operations (`under /gists/{gist_id}/: commits[get] forks[get,post]`), a common
    prefix written once, while the list costs at most 1/ELEMENT_NAMES_SHARE of the bytes elided."""
    prefix = routes[0][:routes[0].rfind("/") + 1]
    while prefix and not all(r.startswith(prefix) and len(r) > len(prefix) for r in routes):
        prefix = prefix[:prefix.rstrip("/").rfind("/") + 1]
    shown = []
    for route, value in zip(routes, values):
        ops = [m for m in HTTP_METHODS if isinstance(value, dict) and m in value]
        shown.append(route[len(prefix):] + (f"[{','.join(ops)}]" if ops else ""))
    text = (f"under {prefix}: " if len(prefix) > 1 else "") + " ".join(shown)
    if ELEMENT_NAMES_SHARE * len(text) <= elided:
        marker[NAMES_KEY] = text


#: Members that name the file an element describes (compile_commands.json's `file`, a
#: listing's `path`): an array of such records is a file list the agent asked for, so the
#: elided elements' files are all listed while they cost at most 1/ELEMENT_NAMES_SHARE of the
#: bytes elided; longer lists are only counted.
ELEMENT_NAME_FIELDS = ("file", "filename", "file_path", "filePath", "path")
ELEMENT_NAMES_SHARE = 8


def _is_file_list(items: list[Any], units: list[str]) -> bool:
    """Small records that each name a distinct file (`jq '[.[] | {filePath, errorCount}]'` over
    an eslint report), at most LIST_MAX_ENTRIES of them: the file names are most of their bytes,
    too many for a marker to list, and the agent asked for the list, so none of it is elided."""
    if len(items) > LIST_MAX_ENTRIES or not items or not all(map(isinstance, items, repeat(dict))):
        return False
    for field in ELEMENT_NAME_FIELDS:
        names = [x.get(field) for x in items]
        if all(isinstance(n, str) and n and " " not in n for n in names):
            break
    else:
        return False
    if len(set(names)) < len(names):
        return False  # one file named again and again: records about files, not a list of them
    return ELEMENT_NAMES_SHARE * sum(map(len, names)) > sum(map(len, units))


def _name_elements(marker: dict[str, Any], run: list[Any], elided: int) -> None:
    """The elided elements' files, in order, each once, a common directory written once
    (`file under /src/ (2 distinct): a.c b.c`, the count only when some repeat), so the array's set of files stays complete in the view."""
    if not run or not all(map(isinstance, run, repeat(dict))):
        return
    first = run[0]
    for field in ELEMENT_NAME_FIELDS:
        name = first.get(field)
        if not (isinstance(name, str) and name and " " not in name):
            continue  # the first element already fails the test below
        names = [x.get(field) for x in run]
        if all(isinstance(n, str) and n and " " not in n for n in names):
            break
    else:
        return
    prefix = names[0][:names[0].rfind("/") + 1]
    while prefix and not all(n.startswith(prefix) and len(n) > len(prefix) for n in names):
        prefix = prefix[:prefix.rstrip("/").rfind("/") + 1]
    distinct = list(dict.fromkeys(names))  # libtool compiles each file twice (PIC and not)
    joined = " ".join(n[len(prefix):] for n in distinct)
    head = f"{field} under {prefix}" if prefix else field
    if len(distinct) < len(names):
        head += f" ({len(distinct)} distinct)"
    head += ": "
    if ELEMENT_NAMES_SHARE * (len(head) + len(joined)) > elided:
        return
    marker[NAMES_KEY] = head + joined


def _pair_verdicts(seeds: list[str], units: list[str], keep: list[bool],
                   classes: _PairClasses | None = None) -> list[bool]:
    """keep_non_redundant(seeds + units, [True] * len(seeds) + keep) for the units.

    When every kept unit is one of keepNonRedundant's classes (at most MAX_SEEDS of them) and
    the units are too few to reach the promotion cap, its verdicts are those of the classes
    alone: a dropped unit stays dropped when some class (a seed, a kept unit, or a unit
    promoted before it) carries CONTAINMENT of its vocabulary, else it is promoted and becomes
    a class. A dropped unit identical to a seed is represented by it. `classes`, kept by the
    caller for the seeds' place, holds the seeds' classes from earlier lists, so each seed's
    vocabulary is read once (most of a response's headers repeat the last one's)."""
    if len(seeds) + sum(keep) > MAX_SEEDS or len(units) >= MAX_PROMOTIONS:
        return keep_non_redundant(seeds + units, [True] * len(seeds) + keep)[len(seeds):]
    if classes is None:
        classes = _PairClasses()
    classes.absorb(seeds)
    for unit in compress(units, keep):
        classes.add(unit)
    shown = set(seeds)
    verdict = list(keep)
    for i, (unit, kept) in enumerate(zip(units, keep)):
        if kept or unit in shown:
            continue
        vocab, masked = vocabulary(unit)
        if vocab and not classes.of_kind[masked].represent(vocab):
            verdict[i] = True
            classes.add(unit, vocab, masked)
    return verdict


class _PairClasses:
    """keepNonRedundant's classes (by masked kind) of the pairs shown at one place: every unit
    added lands among that place's shown pairs, so they are its seeds' classes."""

    def __init__(self) -> None:
        self.of_kind = {True: Classes(), False: Classes()}
        self.units: set[str] = set()
        #: How many of the seeds (in showing order) have been read.
        self.absorbed = 0

    def absorb(self, seeds: list[str]) -> None:
        for unit in seeds[self.absorbed:]:
            self.add(unit)
        self.absorbed = len(seeds)

    def add(self, unit: str, vocab: frozenset[str] | None = None, masked: bool = False) -> None:
        if unit in self.units:
            return
        self.units.add(unit)
        if vocab is None:
            vocab, masked = vocabulary(unit)
        if vocab:  # an empty vocabulary is no class
            self.of_kind[masked].add(vocab)


def _is_pair_list(items: list[Any]) -> bool:
    """An even-length list of strings whose every other item is a header-like name, most of
    them capitalised or hyphenated, with values that are not all bare words."""
    if len(items) % 2 or not all(isinstance(x, str) for x in items):
        return False
    names, values = items[0::2], items[1::2]
    if not all(HEADER_NAME.match(n) for n in names):
        return False
    headerish = sum(1 for n in names if "-" in n or n[:1].isupper())
    return headerish * 2 >= len(names) and any(not HEADER_NAME.match(v) for v in values)


def _is_enumeration(items: list[Any]) -> bool:
    """Distinct one-token strings, at most LIST_MAX_ENTRIES of them (a package's versions, a
    schema's enum, a project's file list): a list the agent asked for, each entry an answer that
    none other stands for, so it stays whole like a listing's lines. (Their digits masked, most
    versions looked alike, and the view showed scattered ones between bare counts.)"""
    if len(items) > LIST_MAX_ENTRIES or not all(type(x) is str for x in items):
        return False
    if len(set(items)) < len(items):
        return False
    return all(JSON_LIST_ENTRY.fullmatch(x) and not BASE64_LINE.fullmatch(x) for x in items)


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
    """A map of more than eight records, keyed by name or path (not a record with many fields),
    or of more entries than a listing shows whole (`npm view typescript --json`'s `time`: 3,478
    versions, each with its date), thinned like a long list, its markers counting what went."""
    if len(mapping) <= MAX_WHOLE:
        return False
    if len(mapping) > LIST_MAX_ENTRIES:
        return True
    records = sum(1 for v in mapping.values() if isinstance(v, dict))
    return records >= 0.9 * len(mapping)


def _summary(run: list[Any], elided: int) -> str:
    """The marker summary of elided elements: their scalar top-level members, then, where the
    budget leaves room for them, the scalars of a nested object every element has
    (`metadata.name` of Kubernetes objects): nested fields are used only when every field the
    top-level summary states is still stated."""
    nested = _nested_fields(run)
    if nested is None:
        return _own_summary(run, elided)
    fields = _run_fields(run)
    own = _own_summary(run, elided, fields)
    fuller = invariants.summarize([{**(f or {}), **n} for f, n in zip(fields, nested)], elided)
    return fuller if all(name in fuller for name in MARKER_FIELD_NAME.findall(own)) else own


def _own_summary(run: list[Any], elided: int, fields: list[dict[str, str] | None] | None = None) -> str:
    """The summary of the elements' scalar top-level members (_fields; `fields`: their
    _run_fields when the caller has them)."""
    if not all(map(isinstance, run, repeat(dict))):
        return ""  # an element that is not an object has no fields: nothing is summarised
    orders = dict.fromkeys(map(tuple, run))
    if len(orders) == 1:
        columns = _columns(next(iter(orders)), run)
        if columns is not None:
            names, values = columns
            return invariants.summarize_columns(names, values, len(run), elided)
    return invariants.summarize(_run_fields(run) if fields is None else fields, elided)


def _run_fields(run: list[Any]) -> list[dict[str, str] | None]:
    """_fields of each element, less every member that is a container in any element: a
    member that is `null` in two records and an object in 54 is no field of the run (the 54
    would read as `absent×54`, a false claim)."""
    cache: dict[tuple[str, ...], list[str]] = {}
    containers: set[str] = set()
    fields = [_fields(x, cache, containers) for x in run]
    if not containers:
        return fields
    out: list[dict[str, str] | None] = []
    for f in fields:
        if f is not None and not containers.isdisjoint(f):
            f = {k: v for k, v in f.items() if k not in containers} or None
        out.append(f)
    return out


_CONTAINERS = frozenset((dict, list))
_RAW = attrgetter("raw")


def _columns(order: tuple[str, ...], run: list[dict[str, Any]]) -> tuple[tuple[str, ...], list[list[str]]] | None:
    """_fields of records that share one key order, a member at a time: names and each
    one's value strings. None when a member is a container in some records but not in all
    (the records would have different fields)."""
    by_key = dict(zip(order, zip(*map(dict.values, run))))
    names: list[str] = []
    values: list[list[str]] = []
    for k in sorted(order):
        column = by_key[k]
        types = set(map(type, column))
        if not types.isdisjoint(_CONTAINERS):
            if types <= _CONTAINERS:
                continue  # never a field
            return None
        if types == {str}:
            values.append(list(column))
        elif types == {int}:
            values.append(list(map(str, column)))
        elif types == {RawFloat}:
            values.append(list(map(_RAW, column)))
        else:
            values.append(list(map(scalar_text, column)))
        names.append(k)
    return tuple(names), values


def _nested_fields(run: list[Any]) -> list[dict[str, str]] | None:
    """Per element, `key.member` fields for each member that is an object in every element,
    those objects sharing one key order: their scalar members (one that is a container in any
    element is left out). None when there are none, or the elements are not all objects."""
    if not run or not all(map(isinstance, run, repeat(dict))):
        return None
    out: list[dict[str, str]] = [{} for _ in run]
    for key in sorted(run[0]):
        if not isinstance(run[0][key], dict) or not all(isinstance(x.get(key), dict) for x in run):
            continue
        inner = [x[key] for x in run]
        orders = dict.fromkeys(map(tuple, inner))
        if len(orders) != 1:
            continue
        for member in sorted(next(iter(orders))):
            if any(isinstance(d[member], (dict, list)) for d in inner):
                continue
            for fields, d in zip(out, inner):
                fields[f"{key}.{member}"] = _field_text(d[member])
    return out if out[0] else None


def _field_text(v: Any) -> str:
    """A scalar's original text, as _fields gives it."""
    t = type(v)
    if t is str:
        return v
    if t is int:
        return str(v)
    return scalar_text(v)


def _fields(item: Any, orders: dict[tuple[str, ...], list[str]] | None = None,
            containers: set[str] | None = None) -> dict[str, str] | None:
    """An element's scalar top-level members as original strings, in key order, for the
    marker summary. `orders` caches the sorted keys of each key sequence seen; `containers`,
    when given, gathers the names of members that are objects or arrays."""
    if not isinstance(item, dict):
        return None
    if orders is None:
        keys = sorted(item)
    else:
        seen = tuple(item)
        keys = orders.get(seen)  # type: ignore[assignment]
        if keys is None:
            keys = orders[seen] = sorted(seen)
    fields: dict[str, str] = {}
    for k in keys:
        v = item[k]
        t = type(v)
        if t is str:
            fields[k] = v
        elif t is int:
            fields[k] = str(v)
        elif not isinstance(v, (dict, list)):
            fields[k] = scalar_text(v)
        elif containers is not None:
            containers.add(k)
    return fields or None
