"""Query narrowing of a recovered original: the whole units that match, nothing cut in half.

A unit is whatever delimits itself: a complete JSON record (re-rendered with its field names),
a CSV/TSV record sliced from the original bytes (the header shown once), a whole line of
line-oriented output (logs, NDJSON, lint, compilers, listings, diffs; an indented line comes
with the less-indented lines it sits under), or a whole blank-line-separated block (prose
paragraphs, one-block-per-diagnostic tool output). Units are scored with BM25; a unit holding the query verbatim (after colour codes are
stripped and white space folded) ranks above every unit that merely shares words with it, so an
agent that asks for a line it saw gets that line. The best 20 come back in original order, and
every gap, including one before the first unit or after the last, is marked, because an agent
reads adjacency in a view as adjacency in the original; when more matched than are shown, a
last line says how many.

Over-returning is safe, a fragment is not: content that cannot be cut into whole units, a
query with no hits, or a view that is not smaller all give the full original.
"""
from __future__ import annotations

import bisect
import csv
import json
from dataclasses import dataclass, field

from engine import bm25, json_records
from engine.patterns import (ANSI, BLANK_LINE, BLANK_LINE_BYTES, COMMIT_HEADER, DIFF_FILE_HEADER, DIFF_HUNK_HEADER,
                             JSON_FIELD_LINE, JSON_PUNCTUATION_SPACE, LISTING_GUTTER, WHITESPACE_RUN)

MAX_UNITS = 20
GAP = "… [caveman: non-adjacent] …"
_MAX_PHRASE_HITS = 2000


@dataclass(frozen=True)
class Unit:
    index: int
    text: str  # as shown in the view
    sentinel: bool = False  # a position holder between JSON collections, never returned


@dataclass(frozen=True)
class Units:
    kind: str  # "json-record", "csv-record", "line", "paragraph"
    units: tuple[Unit, ...]
    prelude: str = ""  # the CSV header, shown once above the records
    joiner: str = "\n"


@dataclass(frozen=True)
class Returned:
    index: int
    score: float
    phrase: bool
    context: bool = False  # shown because a returned line is indented under it


@dataclass(frozen=True)
class View:
    output: bytes
    narrowed: bool
    unit_kind: str = ""
    total_units: int = 0
    returned: tuple[Returned, ...] = ()
    matching: int = 0  # units (or verbatim runs) that matched; more than MAX_UNITS are cut to the best
    reason: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "narrowed": self.narrowed,
            "reason": self.reason,
            "unit_kind": self.unit_kind,
            "total_units": self.total_units,
            "matching_units": self.matching,
            "units": [{"index": r.index, "score": round(r.score, 4), "phrase_match": r.phrase,
                       "context": r.context} for r in self.returned],
            "bytes": len(self.output),
        }


def narrow(original: bytes, query: str) -> bytes:
    return narrow_view(original, query).output


def narrow_view(original: bytes, query: str | None) -> View:
    if not query or not query.strip():
        return View(original, False, reason="no query")
    units = split_units(original)
    if units is None:
        return View(original, False, reason="no whole units to narrow to (JSON without a record collection, or broken JSON)")
    total = sum(not u.sentinel for u in units.units)
    chosen, matching = _rank(units, query)
    if not chosen and units.prelude and _fold(query) in _fold(units.prelude):
        # Only the header matched: the header alone answers, with the records marked as left out.
        header_only = f"{units.prelude}\n{GAP}\n".encode("utf-8")
        if len(header_only) < len(original):
            return View(header_only, True, units.kind, total)
    if not chosen:
        return View(original, False, units.kind, total, reason="no unit matches the query")
    returned = tuple(sorted(chosen, key=lambda r: r.index))
    text = _render(units, list(returned))
    if matching > MAX_UNITS:
        # A partial list must not read as a complete one.
        text += f"… [caveman: the {MAX_UNITS} best of {matching} matching {_PLURAL[units.kind]} shown] …\n"
    output = text.encode("utf-8")
    if len(output) >= len(original):
        return View(original, False, units.kind, total, returned, matching, reason="the narrowed view is not smaller")
    return View(output, True, units.kind, total, returned, matching)


_PLURAL = {"json-record": "records", "csv-record": "records", "line": "lines", "paragraph": "paragraphs"}


def line_slice(original: bytes, first: int, last: int) -> bytes:
    """Lines first..last (1-based, inclusive) exactly as stored, line endings included.
    `last` past the end stops at the end; ValueError when the range is empty or outside."""
    lines = original.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # the final newline ends the last line; it does not start another
    if first < 1 or last < first:
        raise ValueError(f"line range {first}-{last} is empty; lines count from 1")
    if first > len(lines):
        raise ValueError(f"the original has {len(lines)} line{'s' if len(lines) != 1 else ''}")
    start = sum(len(line) + 1 for line in lines[:first - 1])
    end = sum(len(line) + 1 for line in lines[:min(last, len(lines))])
    return original[start:min(end, len(original))]


# --------------------------------------------------------------------------- units


def split_units(original: bytes) -> Units | None:
    """The original cut into whole units, or None when it cannot be cut without fragments."""
    text = original.decode("utf-8", "replace")
    stripped = text.strip()
    if not stripped:
        return None
    if stripped[0] in "{[":
        handled, units = _json_units(original, stripped)
        if handled:
            return units
    table = _csv_units(original)
    if table is not None:
        return table
    if BLANK_LINE_BYTES.search(original) and _blocks_are_units(text):
        return _paragraph_units(original)
    return _line_units(original)


def _json_units(original: bytes, stripped: str) -> tuple[bool, Units | None]:
    """(True, records) for a JSON document, (True, None) for one that must come back whole,
    (False, None) for text that only starts like JSON (`[INFO] …` logs)."""
    try:
        doc = json_records.parse(stripped)
    except (ValueError, RecursionError):
        if _is_ndjson(stripped):
            return True, _line_units(original)
        first_line = stripped.split("\n", 1)[0].strip()
        # A broken JSON document cut into lines would hand out field lines: give it whole.
        broken_document = first_line in ("{", "[") or _looks_like_json_fields(stripped)
        return broken_document, None
    try:
        found = json_records.collections(doc)
    except (RecursionError, TypeError):
        return True, None
    if not found:
        return True, None
    # Sentinels before, between and after the collections: the envelope and everything
    # between collections is never shown, so every such edge is a gap.
    units: list[Unit] = [Unit(0, "", sentinel=True)]
    for collection in found:
        for record in collection.records:
            units.append(Unit(len(units), record))
        units.append(Unit(len(units), "", sentinel=True))
    return True, Units("json-record", tuple(units), joiner="\n")


def _is_ndjson(text: str) -> bool:
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) < 2:
        return False
    try:
        return all(line.strip()[0] in "{[" and json.loads(line) is not None for line in lines)
    except (ValueError, RecursionError):
        return False


def _looks_like_json_fields(text: str) -> bool:
    lines = [line for line in text.split("\n") if line.strip()]
    return bool(lines) and len(JSON_FIELD_LINE.findall(text)) * 3 >= len(lines)


def _record_spans(data: bytes) -> list[tuple[int, int]]:
    """(start, end) of each newline-terminated record; a newline inside quotes (an odd number
    of `"` so far) does not end one."""
    spans, start, pos, quoted = [], 0, 0, False
    for line in data.split(b"\n"):
        end = pos + len(line)
        quoted ^= line.count(b'"') % 2 == 1
        if not quoted:
            spans.append((start, end))
            start = end + 1
        pos = end + 1
    if start < len(data):
        spans.append((start, len(data)))
    return spans


def _csv_units(original: bytes) -> Units | None:
    """Records of a CSV/TSV table: a header and two or more records, all with the same number
    (≥2) of fields. Header cells must read like names, which keeps comma-bearing logs out."""
    first_line = original.split(b"\n", 1)[0].decode("utf-8", "replace").rstrip("\r")
    delimiters = [d for d in (",", "\t") if d in first_line and _header_like(first_line, d)]
    if not delimiters:
        return None
    spans = [(s, e - 1 if e > s and original[e - 1:e] == b"\r" else e) for s, e in _record_spans(original)]
    spans = [(s, e) for s, e in spans if original[s:e].strip()]
    if len(spans) < 3:
        return None
    text_of = [original[s:e].decode("utf-8", "replace") for s, e in spans]
    for delimiter in delimiters:
        width = _field_count(text_of[0], delimiter)
        if width < 2 or not _header_like(text_of[0], delimiter):
            continue
        if all(_field_count(t, delimiter) == width for t in text_of[1:]):
            units = tuple(Unit(i, t) for i, t in enumerate(text_of[1:]))
            return Units("csv-record", units, prelude=text_of[0])
    return None


def _one_line(record: str) -> str:
    # csv.reader takes one physical line per item; a quoted newline only joins two of them.
    return record.replace("\r", " ").replace("\n", " ")


def _field_count(record: str, delimiter: str) -> int:
    try:
        rows = list(csv.reader([_one_line(record)], delimiter=delimiter, strict=True))
    except csv.Error:
        return -1
    return len(rows[0]) if len(rows) == 1 else -1


def _header_like(record: str, delimiter: str) -> bool:
    try:
        cells = [c.strip() for c in next(csv.reader([_one_line(record)], delimiter=delimiter))]
    except (csv.Error, StopIteration):
        return False
    return (len(set(cells)) == len(cells) and all(0 < len(c) <= 64 for c in cells)
            and not any(c[0].isdigit() for c in cells))


def _shown(raw: bytes) -> str:
    # Colour and cursor codes carry no content and cost the reader tokens; the byte-exact
    # original stays one `retrieve` (or `--lines`) away.
    return ANSI.sub("", raw.decode("utf-8", "replace"))


def _line_units(original: bytes) -> Units:
    units = []
    for line in original.split(b"\n"):
        if line.endswith(b"\r"):
            line = line[:-1]
        shown = _shown(line)
        if shown.strip():
            units.append(Unit(len(units), shown))
    return Units("line", tuple(units), joiner="\n")


def _paragraph_units(original: bytes) -> Units:
    units = []
    for block in BLANK_LINE_BYTES.split(original):
        shown = _shown(block.strip(b"\r\n")).replace("\r\n", "\n")
        if shown.strip():
            units.append(Unit(len(units), shown))
    return Units("paragraph", tuple(units), joiner="\n\n")


def _blocks_are_units(text: str) -> bool:
    """Blank-line-separated blocks small enough to be units: prose paragraphs, or diagnostics
    that a tool prints one block each (a compiler error with its code frame, a linter's file
    group). One block holding most of the text (a pytest traceback, a long log section) means
    the blank lines are not the structure, and lines are the units."""
    blocks = [b for b in BLANK_LINE.split(text) if b.strip()]
    sizes = [len([l for l in b.split("\n") if l.strip()]) for b in blocks]
    if len(blocks) < 3:
        return False
    return max(sizes) <= min(40, sum(sizes) / 3)


# --------------------------------------------------------------------------- ranking


def _fold(text: str) -> str:
    return WHITESPACE_RUN.sub(" ", ANSI.sub("", text)).strip().lower()


def _squeeze_json(folded: str) -> str:
    return JSON_PUNCTUATION_SPACE.sub(r"\1", folded)


@dataclass
class _Group:
    first: int
    last: int
    phrase: bool = False
    score: float = 0.0
    members: list[int] = field(default_factory=list)


def _rank(units: Units, query: str) -> tuple[list[Returned], int]:
    """The units to show, and how many matched before the cut to MAX_UNITS."""
    candidates = [u for u in units.units if not u.sentinel]
    if not candidates:
        return [], 0
    folded = [_fold(u.text) for u in candidates]
    unit_terms = [bm25.terms(f) for f in folded]
    wanted = bm25.query_terms(query)
    scores = bm25.BM25(unit_terms).score(wanted)
    # Phrase runs may span neighbouring lines or paragraphs (a fact wrapped over two lines);
    # records of a table or a JSON collection are matched one at a time.
    phrase = _fold(query)
    if units.kind == "json-record":
        # Records are re-rendered, so spacing around JSON punctuation is not the original's:
        # `"status":"unfulfilled"` and `"status": "unfulfilled"` are the same text here.
        folded_for_phrase = [_squeeze_json(f) for f in folded]
        spans = _phrase_spans(folded_for_phrase, _squeeze_json(phrase), multi=False)
    else:
        spans = _phrase_spans(folded, phrase, multi=units.kind in ("line", "paragraph"))
    groups: list[_Group] = []
    in_span: dict[int, _Group] = {}
    for first, last in spans:
        g = _Group(first, last, phrase=True, members=list(range(first, last + 1)))
        groups.append(g)
        for k in g.members:
            in_span[k] = g
    for k in range(len(candidates)):
        if k not in in_span:
            groups.append(_Group(k, k, members=[k]))
    for g in groups:
        g.score = max(scores[k] for k in g.members)
    hits = [g for g in groups if g.phrase or g.score > 0]
    if any(g.phrase for g in hits):
        # The query was found verbatim: besides those places, only units holding every one of
        # its words (reordered, split by punctuation) are worth the reader's time.
        hits = [g for g in hits if g.phrase or _covers(unit_terms, g.members, wanted)]
    hits.sort(key=lambda g: (not g.phrase, -g.score, g.first))
    chosen: dict[int, Returned] = {}
    for g in hits[:MAX_UNITS]:
        for k in g.members:
            chosen[candidates[k].index] = Returned(candidates[k].index, scores[k], g.phrase)
    if units.kind == "line":
        # An indented line is read through the lines it sits under (a YAML key's parents, the
        # file a linter groups its messages by, the def around a line of code); without them
        # a line is a fragment much like a JSON field line. Shown as context, gaps marked.
        # A diff line likewise sits under its hunk, its file and (in `git log -p`) its commit.
        texts = [u.text for u in candidates]
        diff = any(DIFF_HUNK_HEADER.match(t) for t in texts)
        for k in sorted(chosen):
            parents = _diff_parents(texts, k) if diff and _is_diff_body(texts[k]) else _ancestors(texts, k)
            for a in parents:
                chosen.setdefault(a, Returned(a, scores[a], False, context=True))
    return list(chosen.values()), len(hits)


def _is_diff_body(text: str) -> bool:
    return text[:1] in ("+", "-", " ") and not text.startswith(("+++ ", "--- "))


def _diff_parents(texts: list[str], k: int) -> list[int]:
    """The hunk header, the file header and the commit line above a diff line, nearest first;
    the search stops at the first file header (an earlier hunk belongs to another file)."""
    found: list[int] = []
    want = [DIFF_HUNK_HEADER, DIFF_FILE_HEADER, COMMIT_HEADER]
    for j in range(k - 1, max(-1, k - 1 - _MAX_ANCESTOR_WALK), -1):
        for pattern in want:
            if pattern.match(texts[j]):
                found.append(j)
                want = want[want.index(pattern) + 1:]
                break
        if not want:
            break
    return found


_MAX_ANCESTOR_WALK = 5000


def _indent(text: str) -> int | None:
    """Columns of indentation after any line-number gutter; None for a line with no content."""
    gutter = LISTING_GUTTER.match(text)
    if gutter:
        text = text[gutter.end():]
    if not text.strip():
        return None
    if text[:1] not in (" ", "\t"):
        return 0
    expanded = text.expandtabs(8)
    return len(expanded) - len(expanded.lstrip(" "))


def _ancestors(texts: list[str], k: int) -> list[int]:
    """The nearest less-indented line above k, then the one above that, up to column 0."""
    depth, found = _indent(texts[k]) or 0, []
    j = k - 1
    while depth > 0 and j >= 0 and k - j <= _MAX_ANCESTOR_WALK:
        d = _indent(texts[j])
        if d is not None and d < depth:
            found.append(j)
            depth = d
        j -= 1
    return found


def _covers(unit_terms: list[list[str]], members: list[int], wanted: list[str]) -> bool:
    have = {t for k in members for t in unit_terms[k]}
    return bool(wanted) and all(t in have for t in wanted)


def _phrase_spans(folded: list[str], phrase: str, *, multi: bool) -> list[tuple[int, int]]:
    """(first, last) candidate positions of each place the phrase occurs, overlapping runs merged."""
    if not phrase:
        return []
    if not multi:
        return [(k, k) for k, f in enumerate(folded) if phrase in f]
    starts, pos = [], 0
    for f in folded:
        starts.append(pos)
        pos += len(f) + 1
    joined = " ".join(folded)
    spans: list[tuple[int, int]] = []
    at = joined.find(phrase)
    while at != -1 and len(spans) < _MAX_PHRASE_HITS:
        first = bisect.bisect_right(starts, at) - 1
        last = bisect.bisect_right(starts, at + len(phrase) - 1) - 1
        if spans and first <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(last, spans[-1][1]))
        else:
            spans.append((first, last))
        at = joined.find(phrase, at + 1)
    return spans


# --------------------------------------------------------------------------- rendering


def _render(units: Units, chosen: list[Returned]) -> str:
    last_index = units.units[-1].index
    parts: list[str] = []
    if units.prelude:
        parts.append(units.prelude)
    previous = None
    for r in chosen:
        gap_before_first = previous is None and r.index > 0
        if gap_before_first or (previous is not None and r.index != previous + 1):
            parts.append(GAP)
        parts.append(units.units[r.index].text)
        previous = r.index
    if previous is not None and previous != last_index:
        parts.append(GAP)
    return units.joiner.join(parts) + "\n"
