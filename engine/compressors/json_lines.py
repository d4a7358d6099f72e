"""JSON Lines (`jq -c`, NDJSON exports, record streams): one JSON value a line, treated like the
elements of one array. The kept records stay as their own original lines; each elided run
becomes one line holding the array compressor's marker object, so the view is JSON Lines too.
"""
from __future__ import annotations

from typing import Any

from engine.compressors import invariants
from engine.compressors.json_elements import MAX_WHOLE, kept_elements
from engine.compressors.json_profile import Profile
from engine.compressors.json_text import canonical_each, parse_noting_floats, render
from engine.compressors.search_json import ripgrep_matches
from engine.patterns import JSON_REQUEST_ID_KEY

#: A stream of fewer records than an array the compressor would shorten is shown whole.
MIN_RECORDS = MAX_WHOLE + 1


def parse_lines(text: str) -> tuple[list[str], list[Any]] | None:
    """The non-blank lines and their values, when every one is a JSON object or array (and
    there are at least two); None otherwise."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if len(lines) < 2:
        return None
    values: list[Any] = []
    for ln in lines:
        stripped = ln.strip()
        if stripped[:1] not in ("{", "[") or stripped[-1:] not in ("}", "]"):
            return None
        try:
            values.append(parse_noting_floats(stripped.encode("utf-8"))[0])
        except (ValueError, RecursionError):
            return None
    return lines, values


def compress_lines(data: bytes, query: str, walk_type: Any, marker_key: str, note_key: str) -> bytes | None:
    """The view of a JSON Lines payload, or None (not JSON Lines, too few records, nothing
    worth eliding). `walk_type` plans elided runs the way the array compressor does."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    crlf = "\r\n" in text
    parsed = parse_lines(text.replace("\r\n", "\n"))
    if parsed is None:
        return None
    return compress_records(data, parsed, crlf, query, walk_type, note_key)


#: Records sharing one request id are one request's lines while at most this many share it
#: (more is a session or a worker id, not a request).
MAX_REQUEST_RECORDS = 8


def _keep_request_partners(items: list[Any], keep: list[bool]) -> None:
    """A kept record keeps the other records of its request. pino writes a request as
    `incoming request` (method, url) then `request completed` (status): the 404 was kept as the
    odd status and the line naming its url was elided, so the view said a request failed but
    not which. Only when the first record carries a request-id key (one dict lookup a record)."""
    first = items[0]
    key = next((k for k in first if JSON_REQUEST_ID_KEY.fullmatch(k)), None) if isinstance(first, dict) else None
    if key is None:
        return
    groups: dict[Any, list[int]] = {}
    for i, item in enumerate(items):
        value = item.get(key) if isinstance(item, dict) else None
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            groups.setdefault(value, []).append(i)
    for members in groups.values():
        if 1 < len(members) <= MAX_REQUEST_RECORDS and any(keep[i] for i in members):
            for i in members:
                keep[i] = True


def compress_records(data: bytes, parsed: tuple[list[str], list[Any]], crlf: bool, query: str,
                     walk_type: Any, note_key: str) -> bytes | None:
    """The view of records given as (their texts, their values): kept records as their own
    text, each elided run as one line holding the marker object."""
    if len(parsed[0]) < MIN_RECORDS:
        return None
    lines, items = parsed
    units = canonical_each(items)
    profile = Profile(items, units)
    keep = kept_elements(items, units, query, profile)
    for i in ripgrep_matches(items):  # `rg --json`: every hit stays
        keep[i] = True
    _keep_request_partners(items, keep)
    walk = walk_type(query)
    out: list[str] = []
    for kind, start, end in walk._plan(items, units, keep, "records"):
        if kind == "marker":
            out.append(start)
        else:
            out.extend(lines[start:end])
    if not walk.markers:
        return None
    if walk.elided_bytes >= invariants.NOTE_THRESHOLD_BYTES:
        walk.markers[0][note_key] = invariants.note_line("records")
    rendered = [ln if isinstance(ln, str) else render(ln, False).decode("utf-8") for ln in out]
    newline = "\r\n" if crlf else "\n"
    result = (newline.join(rendered) + newline).encode("utf-8")
    return result if len(result) < len(data) else None
