"""Read-tool presentation: line-number gutters and `<file …>` wrappers.

Agents send file listings, not files. Left in place, a gutter (`     1\\tx`, `   12 | x`, `12: x`)
makes JSON stop starting with `{` and source stop parsing, so every listing would detect as
text and compress ~0%. We strip up to four layers (gutter and/or wrapper) before Detect and the
compressor, and afterwards give each surviving line its ORIGINAL number back, so numbers keep
pointing into the file the agent read. Restoration is declined for transforms that restructure
rather than elide, and when under half of the output's non-blank lines trace back to a numbered
line: numbers that describe nothing are worse than none.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass

from engine import line_prefix
from engine import patterns as P

#: Fewest numbered lines that make a gutter (fewer could be ordinary `12: x` text).
MIN_NUMBERED = 8
MAX_LAYERS = 4
#: Share of non-blank output lines that must trace back for numbers to be restored.
MIN_TRACED = 0.5
_BODY_MARK = "{ /* caveman: body elided"
#: Lines the code compressor writes around elided bodies (`...`, the close of a kept-lines note).
_MARKER_LINES = frozenset({b"...", b"*/ }", b"*/ };", b'"""'})


@dataclass(frozen=True)
class Gutter:
    """One stripped gutter: each body line's number and its exact gutter text (None if none)."""

    numbers: tuple[int | None, ...]
    prefixes: tuple[bytes | None, ...]
    #: The text the gutter numbered (what is left once it is stripped).
    body: bytes = b""


@dataclass(frozen=True)
class Wrapper:
    prefix: bytes
    suffix: bytes


@dataclass(frozen=True)
class Unwrapped:
    """The payload a compressor sees, and how to put the presentation back."""

    body: bytes
    #: Original line number per body line (None for lines without one); empty when no gutter.
    numbers: tuple[int | None, ...] = ()
    prefix: bytes = b""
    suffix: bytes = b""
    #: Outermost first: every layer removed, so rewrap can restore them in reverse.
    layers: tuple[Gutter | Wrapper | line_prefix.LinePrefix, ...] = ()

    @property
    def wrapped(self) -> bool:
        return bool(self.layers) or bool(self.numbers) or bool(self.prefix) or bool(self.suffix)


def unwrap(data: bytes) -> Unwrapped:
    prefixed = line_prefix.strip(data, _detect)
    if prefixed is not None:
        # The outermost and only layer: a failed restore passes the whole original through.
        return Unwrapped(prefixed.body, layers=(prefixed,))
    body = data
    layers: list[Gutter | Wrapper] = []
    for _ in range(MAX_LAYERS):
        layer = _strip_gutter(body) or _strip_wrapper(body)
        if layer is None:
            break
        body, found = layer
        layers.append(found)
    if not layers:
        return Unwrapped(data)
    gutter = next((la for la in layers if isinstance(la, Gutter)), None)
    prefix = b"".join(la.prefix for la in layers if isinstance(la, Wrapper))
    suffix = b"".join(la.suffix for la in reversed(layers) if isinstance(la, Wrapper))
    return Unwrapped(body, gutter.numbers if gutter else (), prefix, suffix, tuple(layers))


def line_prefixed(unwrapped: Unwrapped) -> bool:
    """Whether the payload's lines carried a per-line prefix (a CI log's) that the view restores."""
    return bool(unwrapped.layers) and isinstance(unwrapped.layers[0], line_prefix.LinePrefix)


def rewrap(unwrapped: Unwrapped, output: bytes, *, restructured: bool) -> bytes:
    """Put the presentation back around a compressor's output (innermost layer first)."""
    if unwrapped.layers and isinstance(unwrapped.layers[0], line_prefix.LinePrefix):
        # Lines without their prefix would misattribute them: the original, or nothing.
        layer = unwrapped.layers[0]
        restored = None if restructured else line_prefix.restore(layer, output)
        return layer.original if restored is None else restored
    if not unwrapped.layers or restructured:
        return output
    result = output
    for layer in reversed(unwrapped.layers):
        if isinstance(layer, Wrapper):
            result = layer.prefix + result + layer.suffix
            continue
        renumbered = _renumber(layer, result)
        if renumbered is None:
            return output
        result = renumbered
    return result


def _detect(body: bytes):  # noqa: ANN202
    from engine import detect  # detect imports compressors; only a prefixed payload needs it here

    return detect.detect(body)


# ------------------------------------------------------------------ stripping


def _strip_gutter(data: bytes) -> tuple[bytes, Gutter] | None:
    if not data[:64].lstrip(b" ")[:1].isdigit():
        return None
    lines = line_prefix.split_lines(data)
    if data[:1].isdigit():
        grep_n = _strip_grep_n(data, lines)
        if grep_n is not None:
            return grep_n
    numbers: list[int | None] = []
    prefixes: list[bytes | None] = []
    out: list[bytes] = []
    last = -1
    separator: str | None = None
    for raw in lines:
        text = raw.decode("utf-8", errors="replace")
        if not text.strip():
            numbers.append(None)
            prefixes.append(None)
            out.append(raw)
            continue
        m = P.GUTTER_LINE.match(text)
        if m is None:
            return None
        number = int(m.group(2))
        sep = m.group(3).strip(" ")
        if number <= last:
            return None
        if sep:
            # One listing, one gutter style: mixed separators mean this is not a gutter.
            separator = separator or sep
            if sep != separator:
                return None
        last = number
        cut = len(m.group(0).encode("utf-8"))
        numbers.append(number)
        prefixes.append(raw[:cut])
        out.append(raw[cut:])
    if sum(1 for n in numbers if n is not None) < MIN_NUMBERED:
        return None
    if separator in ("\t", "|") and _delimited_rows([ln for ln, n in zip(out, numbers) if n is not None],
                                                     separator.encode()):
        return None
    body = b"\n".join(out) + (b"\n" if data.endswith(b"\n") else b"")
    return body, Gutter(tuple(numbers), tuple(prefixes), body)


def _strip_grep_n(data: bytes, lines: list[bytes]) -> tuple[bytes, Gutter] | None:
    """`grep -n '' FILE`: every line `N:text`, numbers 1 apart, no padding; some text starts
    right after its colon (else it is the `N: text` gutter, read by the general rule)."""
    numbers: list[int | None] = []
    prefixes: list[bytes | None] = []
    out: list[bytes] = []
    glued = False
    for raw in lines:
        m = P.GREP_N_GUTTER.match(raw.decode("utf-8", errors="replace"))
        if m is None or (numbers and int(m.group(1)) != numbers[-1] + 1):  # type: ignore[operator]
            return None
        cut = m.end()
        glued = glued or raw[cut:cut + 1] not in (b"", b" ", b"\r")
        numbers.append(int(m.group(1)))
        prefixes.append(raw[:cut])
        out.append(raw[cut:])
    if not glued or len(numbers) < MIN_NUMBERED:
        return None
    body = b"\n".join(out) + (b"\n" if data.endswith(b"\n") else b"")
    return body, Gutter(tuple(numbers), tuple(prefixes), body)


def _delimited_rows(rest: list[bytes], delimiter: bytes) -> bool:
    """After `N<TAB>` (or `N | `), every line holds the same number of further delimiters, none
    leading: the number is the first column of a table (`psql -At -F$'\\t'`, `psql -t`, `cut`),
    not a line number. Taken as a gutter, the table lost its id column and markers named the
    wrong columns, or none."""
    counts = {ln.count(delimiter) for ln in rest}
    if len(counts) != 1 or counts.pop() < 1:
        return False
    return delimiter != b"\t" or not any(ln[:1] in (b"\t", b" ") for ln in rest)


def _strip_wrapper(data: bytes) -> tuple[bytes, Wrapper] | None:
    start = len(data) - len(data.lstrip())
    m = P.FILE_WRAPPER_OPEN.match(data, start)
    if m is None:
        return None
    open_end = m.end()
    trimmed = data.rstrip()
    if not trimmed.endswith(b"</file>"):
        return None
    close = len(trimmed) - len(b"</file>")
    if close < open_end:
        return None
    inner = data[open_end:close]
    # Concatenated files would leave one file's tail and the next one's head inside the body.
    if b"<file" in inner or b"</file>" in inner:
        return None
    return inner, Wrapper(data[:open_end], data[close:])


# ------------------------------------------------------------------ restoring numbers


def _renumber(gutter: Gutter, output: bytes) -> bytes | None:
    source = [ln.rstrip(b"\r") for ln in line_prefix.split_lines(gutter.body)]
    exact: dict[bytes, list[int]] = {}
    opener: dict[bytes, list[int]] = {}
    for i, ln in enumerate(source):
        if gutter.numbers[i] is None:
            continue
        exact.setdefault(ln, []).append(i)
        head = _opener_head(ln)
        if head is not None:
            opener.setdefault(head, []).append(i)
    out_lines = line_prefix.split_lines(output)
    rendered: list[bytes] = []
    cursor = 0
    traced = nonblank = 0
    # Blank and short wordless lines (`}`, `*/`, `/**`) that did not continue the source at the
    # cursor: after an elided body the cursor is still inside it. Each waits for the next line
    # that traces, then takes the source lines right above it if they are the same lines.
    pending: list[tuple[int, bytes | None]] = []  # (index in rendered, line or None for a marker)
    in_body = False  # the cursor is inside a body the last line elided
    for raw in out_lines:
        line = raw.rstrip(b"\r")
        if not line.strip():
            if not pending and not in_body and cursor < len(source) and not source[cursor].strip() \
                    and gutter.prefixes[cursor] is not None:
                rendered.append(gutter.prefixes[cursor] + raw)
                cursor += 1
            else:
                pending.append((len(rendered), line))
                rendered.append(raw)
            continue
        hit = _trace(line, exact, opener, cursor, source)
        if hit is None:
            # Our own markers are not content that lost its number: they do not count.
            marker = _is_marker(line)
            if not marker:
                nonblank += 1
            pending.append((len(rendered), None if marker else line))
            rendered.append(raw)
            continue
        nonblank += 1
        traced += 1
        traced += _align_pending(pending, hit, cursor, source, gutter, rendered)
        pending = []
        rendered.append((gutter.prefixes[hit] or b"") + raw)
        cursor = hit + 1
        in_body = _BODY_MARK.encode() in line
    if pending and len(pending) <= len(source) - cursor:
        # The file's last lines (a class's closing `}` after its last method's elided body).
        traced += _align_pending(pending, len(source), cursor, source, gutter, rendered)
    if nonblank and traced < MIN_TRACED * nonblank:
        return None
    return b"\n".join(rendered) + (b"\n" if output.endswith(b"\n") else b"")


def _align_pending(pending: list[tuple[int, bytes | None]], hit: int, cursor: int, source: list[bytes],
                   gutter: Gutter, rendered: list[bytes]) -> int:
    """Number the pending lines, last first, with the source lines right above `hit` while they
    are the same lines (between the cursor and `hit`); a marker stops it: what it stands for
    lies between. The count of non-blank lines numbered."""
    pos = hit
    numbered = 0
    for index, line in reversed(pending):
        pos -= 1
        if line is None or pos < cursor or gutter.prefixes[pos] is None:
            break
        if source[pos] != line and (line.strip() or source[pos].strip()):
            break
        if line.strip():  # a blank line is stepped over, not numbered: a number costs what it says
            rendered[index] = gutter.prefixes[pos] + rendered[index]
            numbered += 1
    return numbered


def _opener_head(line: bytes) -> bytes | None:
    """What comes before the `{` that opens a body on this line (`sig` of `sig {`, also of
    `sig { // why`), or None when the line opens none."""
    stripped = line.rstrip()
    if stripped.endswith(b"{"):
        return stripped[:-1].rstrip()
    brace = stripped.find(b"{")
    while brace >= 0 and (b"//" in stripped or b"/*" in stripped):
        rest = stripped[brace + 1:].lstrip()
        if rest.startswith(b"//") or (rest.startswith(b"/*") and rest.find(b"*/") == len(rest) - 2):
            return stripped[:brace].rstrip()
        brace = stripped.find(b"{", brace + 1)
    return None


def _is_marker(line: bytes) -> bool:
    stripped = line.strip()
    return stripped in _MARKER_LINES or P.ELISION_MARKER.search(line.decode("utf-8", "replace")) is not None


def _first_at(indices: list[int] | None, cursor: int) -> int | None:
    if not indices:
        return None
    k = bisect.bisect_left(indices, cursor)
    return indices[k] if k < len(indices) else None


def _trace(line: bytes, exact: dict[bytes, list[int]], opener: dict[bytes, list[int]], cursor: int,
           source: list[bytes] = ()) -> int | None:  # type: ignore[assignment]
    """The source index this output line came from, at or after the cursor, or None.

    A short wordless line (`}`, `...`, a closing triple quote) counts only as the very next source line:
    an elision marker equal to some later source line would drag the cursor past real matches."""
    hit = _first_at(exact.get(line), cursor)
    text = line.decode("utf-8", errors="replace")
    if hit is not None and text.endswith(('"""', "'''")) and len(text.strip()) > 6:
        # A one-line docstring later in the file may read just like this one, cut to its first
        # line by the code compressor: the nearer source wins.
        cut = _docstring_cut(text, exact, source, cursor)
        return hit if cut is None else min(hit, cut)
    if hit is not None:
        weak = len(line.strip()) <= 3 or not any(c.isalnum() for c in text)
        return hit if not weak or hit == cursor else None
    if _BODY_MARK in text:
        # `sig { /* caveman: body elided */ }` came from the source line `sig {`.
        head = text.split(_BODY_MARK, 1)[0].rstrip().encode("utf-8")
        return _first_at(opener.get(head), cursor)
    return _docstring_cut(text, exact, source, cursor) if len(text.strip()) > 6 else None


def _docstring_cut(text: str, exact: dict[bytes, list[int]], source: list[bytes], cursor: int) -> int | None:
    """The source line of a docstring's first line, closed by the code compressor."""
    for closing in ('"""', "'''"):
        if text.endswith(closing):
            hit = _first_at(exact.get(text[: -len(closing)].encode("utf-8")), cursor)
            return hit if hit is not None else _docstring_opener(text, closing, exact, source, cursor)
    return None


def _docstring_opener(text: str, closing: str, exact: dict[bytes, list[int]], source: list[bytes],
                      cursor: int) -> int | None:
    """A docstring's summary in its quotes, cut from a docstring whose opening quotes stand
    alone on its first line (the summary on the next): the line of those opening quotes."""
    body = text.lstrip()
    m = P.PY_STRING_QUOTE.match(body)
    if m is None or m.group(2) != closing:
        return None
    hit = _first_at(exact.get((text[:len(text) - len(body)] + m.group(0)).encode("utf-8")), cursor)
    if hit is None:
        return None
    summary = body[m.end():-len(closing)].strip().encode("utf-8")
    after = next((ln.strip() for ln in source[hit + 1:hit + 4] if ln.strip()), b"")
    return hit if summary and after in (summary, summary + closing.encode()) else None
