"""JSON that is not one clean document: a document framed by a few lines of diagnostics, and a
stream of pretty-printed documents.

A tool's JSON mode writes the document on stdout and its warnings on stderr; an agent sees
both merged (`warning: ... incompatible` above ruff's report, `npm error ...` around npm's).
Those lines are the prelude and trailer: kept verbatim around the compressed document (read
as text, the document lost whole findings' locations). `jq '.[]'` without `-c` writes one
pretty-printed value after another: a stream, whose values are the elements of one array.
"""
from __future__ import annotations

import json
from typing import Any

from engine.patterns import ANSI

#: At most this many lines of diagnostics before the document, and after it (pip warns once
#: per package it looks up).
FRAME_MAX_LINES = 40
#: ... holding at most this many bytes each (a warning block, not a transcript).
FRAME_MAX_BYTES = 8192
#: The document may start after more lines than that: a test runner's JSON mode (`jest --json`)
#: writes its human report of the failures, a few dozen lines each, on stderr above it; still
#: less than the document (BODY_MIN_SHARE), and kept verbatim.
PRELUDE_MAX_LINES = 200
PRELUDE_MAX_BYTES = 16384
#: The document is at least this share of the payload's bytes.
BODY_MIN_SHARE = 0.5

_DECODER = json.JSONDecoder()


def split_framed(text: str) -> tuple[str, str, str] | None:
    """(prelude, document, trailer) when the text is one JSON object or array with at most
    FRAME_MAX_LINES lines of other text before and after it (and some before or after);
    None otherwise. The prelude ends with its newline; the trailer starts after the
    document's."""
    start = _document_start(text)
    if start is None:
        return None
    try:
        value, end = _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, (dict, list)):
        return None
    trailer = text[end:]
    if not _frame_lines(trailer, trailing=True) or (end - start) < BODY_MIN_SHARE * len(text):
        return None
    if start == 0 and not trailer.strip():
        return None  # a clean document
    return text[:start], text[start:end], trailer


def plausible(data: bytes) -> bool:
    """A cheap look before decoding the payload: a line starting with `{` or `[` among the
    first frame's lines whose first line is a JSON value or the start of one (`[INFO] ...`
    and `[2024-01-01 ...` fail at their first bad token)."""
    return _document_start(data) is not None


def _opens_value(line: str) -> bool:
    """The line is a JSON value or the start of one: a logger's `[main]\tINFO …` above a
    tool's JSON (bandit's SARIF) is not, and the document starts further down."""
    try:
        _DECODER.raw_decode(line)
    except json.JSONDecodeError as e:
        return e.pos >= len(line.rstrip())  # it ran out of line, not into a bad token
    except (ValueError, RecursionError):
        return False
    return True


def _document_start(text: str | bytes) -> int | None:
    """Where the first line starting with `{` or `[` begins, within the first frame's lines
    (of the text, or of its bytes before decoding)."""
    opens = (b"{", b"[") if isinstance(text, bytes) else ("{", "[")
    newline = b"\n" if isinstance(text, bytes) else "\n"
    at = 0
    for _ in range(PRELUDE_MAX_LINES + 1):
        if at > PRELUDE_MAX_BYTES:
            return None
        nl = text.find(newline, at)  # type: ignore[arg-type]
        if text[at:at + 1] in opens:
            line = text[at:nl if nl >= 0 else len(text)]
            if isinstance(line, bytes):
                line = line.decode("utf-8", "replace")
            if _opens_value(line.rstrip("\r")):
                return at
        if nl < 0:
            return None
        at = nl + 1
    return None


def _frame_lines(frame: str, trailing: bool) -> bool:
    if len(frame) > FRAME_MAX_BYTES:
        return False
    lines = [ln for ln in frame.split("\n") if ln.strip()]
    # A line after the document that opens another one makes a stream, not a trailer.
    return len(lines) <= FRAME_MAX_LINES and not (trailing and any(ln.lstrip()[:1] in "{[" for ln in lines))


#: A prelude of this many lines is asked whether it is a test run's report (thinned_run).
RUN_PRELUDE_LINES = 20


def thinned_run(prelude: str) -> str:
    """A test runner's human report above its JSON report (`jest --json`: the verbose list of
    passing tests on stderr) thinned as the terminal compressor thins a run: its passing rows
    under a counted marker, every failure block and count kept. Any other prelude as it is."""
    from engine.compressors import toolout_detect  # (the JSON reader loads them only here)
    from engine.compressors.terminal import TerminalCompressor

    if not toolout_detect.is_tool_output(prelude):
        return prelude
    out = TerminalCompressor().compress(prelude.encode("utf-8"))
    return prelude if out is None else out.decode("utf-8")


def frame_text(frame: str) -> str:
    """A prelude or trailer as the view shows it: its lines, colours gone."""
    return ANSI.sub("", frame) if "\x1b" in frame else frame


def parse_stream(text: str) -> tuple[list[str], list[Any]] | None:
    """The texts and values of a stream of JSON objects/arrays written one after another,
    at least one of them over several lines (one a line is JSON Lines, read elsewhere); None
    when the text is anything else. The first value is parsed first: a log of JSON lines is
    turned down after one record."""
    n = len(text)
    at = _skip_space(text, 0)
    texts: list[str] = []
    values: list[Any] = []
    while at < n:
        if text[at] not in "{[":
            return None
        try:
            value, end = _DECODER.raw_decode(text, at)
        except (ValueError, RecursionError):
            return None
        texts.append(text[at:end])
        values.append(value)
        if len(texts) == 1 and "\n" not in texts[0]:
            return None
        at = _skip_space(text, end)
    return (texts, values) if len(values) >= 2 else None


def _skip_space(text: str, at: int) -> int:
    n = len(text)
    while at < n and text[at] in " \t\r\n":
        at += 1
    return at
