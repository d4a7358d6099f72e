"""Byte dumps: `xxd`, `hexdump -C`, `od -x` / `od -c`, and encoded blobs (`base64`, `xxd -p`).

A dump of a binary is thousands of rows, each distinct (its offset), so no look-alike rule
elides any and the whole dump went through. What an agent reads a dump for is its head (magic
number, header fields), its end, and any line that is not a row (an error of the tool, a file
name echoed between two dumps). Each dump keeps HEAD_ROWS rows and TAIL_ROWS rows; the rows
between become one marker naming the offsets of the first and last rows it holds, so the agent
can ask for any range (`xxd -s`). A blob keeps its first and last lines; the lines between are
opaque bytes no reader answers from. Every line that is neither a row nor a blob line stays.

Pure: `is_dump(text)` (cheap: the first lines only) and `fold(text)` → the folded text, or
None when there is nothing to fold.
"""
from __future__ import annotations

from engine.compressors.lines import marker_text
from engine.patterns import DUMP_BLOB_LINE, DUMP_C_ARRAY_ROW, DUMP_CHAR_ROW, DUMP_HEX_ROW

#: The rows kept at the head of each dump (256 bytes of xxd: an ELF, PNG or ZIP header) and at its end.
HEAD_ROWS, TAIL_ROWS = 16, 4
#: A run of fewer rows than this between the head and the tail stays.
MIN_ELIDED_ROWS = 8
#: Lines read to decide a text is a dump, and how many of them must be rows.
SAMPLE_LINES = 40
MIN_ROWS = 8
ROW_SHARE = 0.9
#: Lines above the first row that fold() looks past (`== file`, a command echoed).
GATE_LINES = 4
#: A blob is this many lines of one width or more (a PEM body is cert_dump's).
MIN_BLOB_LINES = 8
#: The line `xxd -i` opens its C array with (`unsigned char name[] = {`).
C_ARRAY_OPENING = "[] = {\n"
#: Widths of hex lines that are digests (SHA-256, SHA-512), one a line: a list, never a blob.
DIGEST_WIDTHS = frozenset({64, 128})
_HEX = frozenset("0123456789abcdefABCDEF")
_LOWER_HEX = frozenset("0123456789abcdef")


def row_offset(line: str) -> str | None:
    """The offset leading a dump row, or None when the line is no row."""
    if not line or line[0] not in _HEX:
        return None
    m = DUMP_HEX_ROW.match(line) or DUMP_CHAR_ROW.match(line)
    return m.group(1) if m else None


def is_dump(text: str) -> bool:
    """The text opens with an offset dump: of its first SAMPLE_LINES non-blank lines, ROW_SHARE
    are rows (or `*`, a row repeated) with offsets of one width, rising."""
    if text[:1] not in _HEX:
        return False
    sample = [ln for ln in text[:SAMPLE_LINES * 120].split("\n", SAMPLE_LINES)[:SAMPLE_LINES] if ln.strip()]
    if len(sample) < MIN_ROWS or row_offset(sample[0]) is None:
        return False
    rows = stars = 0
    last = ""
    for line in sample:
        if line == "*":
            stars += 1
            continue
        offset = row_offset(line)
        if offset is None:
            continue
        if last and (len(offset) != len(last) or offset <= last):
            return False  # equal widths compare as their numbers do, hex or octal
        last = offset
        rows += 1
    return rows >= MIN_ROWS and rows + stars >= ROW_SHARE * len(sample)


def _blob_gate(text: str) -> bool:
    """MIN_BLOB_LINES blob lines among the first SAMPLE_LINES lines."""
    found = 0
    for line in text[:SAMPLE_LINES * 100].split("\n", SAMPLE_LINES)[:SAMPLE_LINES]:
        if len(line) >= 60 and " " not in line and _blob_line(line):
            found += 1
            if found >= MIN_BLOB_LINES:
                return True
    return False


def _dump_gate(text: str) -> bool:
    """is_dump of the text from the first row among its first GATE_LINES lines (a file name
    echoed above the dump)."""
    at = 0
    for _ in range(GATE_LINES):
        nl = text.find("\n", at)
        if row_offset(text[at:] if nl < 0 else text[at:nl]) is not None:
            return is_dump(text[at:at + SAMPLE_LINES * 120])
        if nl < 0:
            return False
        at = nl + 1
    return False


def fold(text: str) -> str | None:
    dump, blob = _dump_gate(text), _blob_gate(text)
    c_array = C_ARRAY_OPENING in text[:SAMPLE_LINES * 120]
    if not dump and not blob and not c_array:
        return None
    lines = text.split("\n")
    out: list[str] = []
    folded = False
    i, n = 0, len(lines)
    while i < n:
        j = _dump_end(lines, i) if dump else i
        if j - i >= MIN_ROWS:
            folded |= _fold_dump(lines[i:j], out)
            i = j
            continue
        j = _c_array_end(lines, i) if c_array else i
        if j - i >= HEAD_ROWS + MIN_ELIDED_ROWS + TAIL_ROWS:
            middle = lines[i + HEAD_ROWS:j - TAIL_ROWS]
            said = f"C array rows holding {sum(row.count('0x') for row in middle)} bytes"
            out.extend(lines[i:i + HEAD_ROWS])
            out.append("  " + marker_text(len(middle), "lines", said))
            out.extend(lines[j - TAIL_ROWS:j])
            folded = True
            i = j
            continue
        j = _blob_end(lines, i) if blob else i
        if j - i >= MIN_BLOB_LINES:
            out.append(lines[i])
            kind = "hex" if all(set(lines[k]) <= _LOWER_HEX for k in range(i, j)) else "base64"
            out.append(marker_text(j - i - 2, "lines", f"{kind} lines of {len(lines[i])} characters"))
            out.append(lines[j - 1])
            folded = True
            i = j
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out) if folded else None


def _dump_end(lines: list[str], start: int) -> int:
    """The end of the dump that starts at lines[start]: rows of one offset width, rising, and
    `*` lines; a falling offset starts another dump."""
    first = row_offset(lines[start])
    if first is None:
        return start
    last, j = first, start + 1
    while j < len(lines):
        line = lines[j]
        if line == "*":
            j += 1
            continue
        offset = row_offset(line)
        if offset is None or len(offset) != len(last) or offset <= last:
            break
        last, j = offset, j + 1
    return j


def _fold_dump(rows: list[str], out: list[str]) -> bool:
    """One dump's rows into out: head, a marker for the middle, tail. True when it folded."""
    middle = rows[HEAD_ROWS:len(rows) - TAIL_ROWS]
    if len(middle) < MIN_ELIDED_ROWS:
        out.extend(rows)
        return False
    offsets = [off for off in map(row_offset, middle) if off is not None]
    stars = len(middle) - len(offsets)
    said = f"dump rows, offsets {offsets[0]}..{offsets[-1]}"
    if stars:
        said = f"{len(offsets)} {said}; {stars} `*` line{'s' if stars != 1 else ''} (rows repeating the row above)"
    out.extend(rows[:HEAD_ROWS])
    out.append(marker_text(len(middle), "lines", said))
    out.extend(rows[len(rows) - TAIL_ROWS:])
    return True


def _c_array_end(lines: list[str], start: int) -> int:
    """The end of the run of C array rows that starts at lines[start]."""
    j = start
    while j < len(lines) and lines[j][:3] == "  0" and DUMP_C_ARRAY_ROW.match(lines[j]):
        j += 1
    return j


def _blob_end(lines: list[str], start: int) -> int:
    """The end of the blob that starts at lines[start]: lines of its first line's width, the
    last of them maybe shorter."""
    first = lines[start]
    width = len(first)
    if width < 60 or " " in first or not _blob_line(first) or "=" in first:
        return start
    j = start + 1
    while j < len(lines):
        line = lines[j]
        if len(line) > width or not line or len(line) == width and not _blob_line(line):
            break
        if "=" in line:  # base64's padding ends the blob: a list of keys pads each
            j += len(line) <= width and _tail_line(line)
            break
        if len(line) < width:
            # The short last line of a blob (any length: base64's padding tail, a few hex digits).
            if _tail_line(line):
                j += 1
            break
        j += 1
    return j


def _blob_line(line: str) -> bool:
    """A line of base64 or plain hex (not a digest's width)."""
    if DUMP_BLOB_LINE.match(line) is None:
        return False
    return len(line) not in DIGEST_WIDTHS or not set(line) <= _LOWER_HEX


def _tail_line(line: str) -> bool:
    return all(c.isalnum() or c in "+/=" for c in line) and line.isascii()
