"""Raw pty bytes → the transcript a person saw.

Two resolvers. `LineResolver` is streaming and line-oriented: it applies CR, BS, erase-line,
erase-below, cursor up/down/column moves and save/restore inside a window of the last `rows`
lines (the most a cursor can reach), drops colour, OSC and mode switches, and writes each line
out once it has scrolled beyond reach, so memory holds one window whatever the output size.
Plain chunks (no control bytes) take a fast path of C-level string operations.

Output that addresses the cursor (CSI H/f, VPA, scroll regions) or switches to the alternate
screen is a full-screen program (top, less, curses); the line model cannot follow it, so
`shrink.emulator.resolve_screen` replays such output through pyte, keeping the lines that scroll off the top.
pyte is slow (0.2–0.7 MB/s), so it is used only up to SCREEN_MAX_BYTES.

Text is handled as str decoded with surrogateescape: columns are code points, and invalid
UTF-8 survives byte-exact into the transcript.
"""
from __future__ import annotations

import codecs
import re
from collections.abc import Callable

ENCODING = "utf-8"
ERRORS = "surrogateescape"

#: Output with cursor addressing larger than this is resolved by the line path instead: pyte
#: takes 1–4 s per MB, and full-screen programs (top, less, curses menus) print far less.
SCREEN_MAX_BYTES = 512 * 1024
#: Private modes that switch to or from the alternate screen.
ALT_SCREEN_MODES = frozenset({47, 1047, 1049})
#: Longest escape sequence carried across a read boundary before it is treated as garbage.
MAX_CARRY = 4096

# ------------------------------------------------------------------ escape patterns
# The line path's vocabulary, in one place. Each is documented with why it exists.

#: Sequences that change nothing a transcript shows: SGR colour (`m`), OSC titles and
#: hyperlinks (BEL or ST terminated), DCS/SOS/PM/APC strings, private mode switches other
#: than the alternate screen (cursor visibility, bracketed paste, ...), charset designation
#: and keypad modes. Removing them up front keeps coloured output on the fast path.
STRIP_RE = re.compile(
    r"\x1b(?:"  # one literal prefix lets the regex engine skip ahead to each ESC
    r"\[[0-9;:]*m"
    r"|\][^\x07\x1b]*(?:\x07|\x1b\\)"
    r"|[PX^_][^\x1b]*\x1b\\"
    r"|\[\?(?!1049|1047|47)[0-9;]*[hl]"
    r"|\[[<=>]?[0-9;]*[cnqtp]"
    r"|[()*+][0-~]"
    r"|[=>])"
)

#: A complete escape sequence at a position: CSI, OSC, string sequences, nF, and the short
#: two-byte forms (excluding the introducers that need more bytes).
COMPLETE_ESC_RE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]"
    r"|\][^\x07\x1b]*(?:\x07|\x1b\\)"
    r"|[PX^_][^\x1b]*\x1b\\"
    r"|[ -/]+[0-~]"
    r"|[0-OQ-WYZ\\`-~])"
)

#: What may still become a complete escape sequence once more bytes arrive.
ESC_PREFIX_RE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*\x1b?|[PX^_][^\x1b]*\x1b?|[ -/]*)")
STRING_INTRODUCERS = ("\x1b]", "\x1bP", "\x1bX", "\x1b^", "\x1b_")

#: A line ending as a pty delivers it (ONLCR makes `\n` into `\r\n`, and `\r\n` into `\r\r\n`).
CRLF_RE = re.compile(r"\r+\n")

#: Anything the fast path cannot copy verbatim: C0 controls other than TAB and LF, DEL, ESC.
CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

#: Every byte but the controls that neither the fast path nor the checks above look for.
_NOT_RARE_CONTROL = bytes(b for b in range(256) if not (b < 0x20 and b not in b"\b\t\n\r\x1b" or b == 0x7f))

#: "Clear the screen" as `clear`, `tput clear` and ESC c send it. A transcript keeps what was
#: shown before, so the line path treats it as a page break instead of cursor addressing.
CLEAR_RE = re.compile(r"(?:\x1b\[H\x1b\[2J|\x1b\[2J\x1b\[H|\x1b\[H\x1b\[J|\x1bc)(?:\x1b\[3J)?")

#: The first half of a clear at the end of a read, held back so the pair is seen whole.
CLEAR_START_RE = re.compile(r"(?:\x1b\[H(?:\x1b\[2?J)?|\x1b\[2J(?:\x1b\[H)?)\Z")

#: What only a screen emulator can follow: cursor positioning (CUP/HVP, VPA), scroll regions,
#: the alternate screen. Clears are removed before this is searched.
SCREEN_RE = re.compile(r"\x1b\[[0-9;]*[Hfdr]|\x1b\[\?(?:1049|1047|47)h")

#: One token of the slow path: a run of printable text (TAB included), or one control.
TOKEN_RE = re.compile(
    r"([^\x00-\x08\x0a-\x1f\x7f]+)"
    r"|(" + CLEAR_RE.pattern + r")"
    r"|(\x1b\[([0-?]*)[ -/]*([@-~]))"
    r"|(\x1b[^\[])"
    r"|([\x00-\x1f\x7f])",
    re.S,
)


def _param(params: str, default: int = 1) -> int:
    head = params.split(";", 1)[0]
    if not head.isdigit():
        return default
    n = int(head)
    return n if n > 0 else default


class LineResolver:
    """Feed raw pty bytes in any chunking; complete transcript text goes to `sink` as it settles.

    Lines written through a cursor control (CR redraws, erase, moves) lose trailing blanks,
    as a screen shows them; lines of plain text keep their bytes exactly.
    """

    def __init__(self, sink: Callable[[bytes], None], rows: int = 50) -> None:
        self._sink = sink
        self._rows = max(2, rows)
        self._lines: list[str] = [""]
        self._touched: list[bool] = [False]
        self._row = 0
        self._col = 0
        self._base = 0  # absolute number of _lines[0]
        self._saved: tuple[int, int] | None = None
        self._carry = ""
        self._decoder = codecs.getincrementaldecoder(ENCODING)(ERRORS)
        self._out: list[str] = []
        # Pieces of a long unterminated last line, joined only when something needs the whole
        # line: `line += piece` would copy the line again for every read (quadratic).
        self._parts: list[str] = []
        self._parts_len = 0
        self.needs_screen = False

    # ------------------------------------------------------------------ public

    def feed(self, data: bytes) -> None:
        # Rare controls are looked for on the bytes: translate() runs at ~1 GB/s, a regex
        # over the decoded text at ~100 MB/s, and most chunks have none.
        rare = bool(self._carry) or bool(data.translate(None, _NOT_RARE_CONTROL))
        text = self._carry + self._decoder.decode(data)
        self._carry = ""
        text = self._hold_incomplete(text)
        if text:
            self._process(text, rare)
        self._flush()

    def _join_parts(self) -> None:
        if self._parts:
            self._lines[-1] += "".join(self._parts)
            self._parts.clear()
            self._parts_len = 0

    def finish(self) -> None:
        self._join_parts()
        tail = self._carry + self._decoder.decode(b"", final=True)
        self._carry = ""
        if tail:
            # An unfinished escape at the very end is dropped; a lone CR still returns the cursor.
            esc = tail.find("\x1b")
            if esc >= 0 and not COMPLETE_ESC_RE.match(tail, esc):
                tail = tail[:esc]
            if tail:
                self._process(tail)
        last = max(self._row, self._last_nonblank())
        for i in range(last + 1):
            line = self._settled(i)
            if line is not None:
                # Only the bottom line can be unterminated; rows above it were ended by a move down.
                self._out.append(line if i == len(self._lines) - 1 else line + "\n")
        self._lines, self._touched, self._row, self._col = [""], [False], 0, 0
        self._flush()

    def latest_line(self) -> str:
        """The last line with something on it, for a live status display."""
        if self._parts:
            return ("".join(self._parts[-3:]))[-200:].strip() or self._lines[-1][-200:].strip()
        for line in reversed(self._lines):
            if line.strip():
                return line.strip()
        return ""

    # ------------------------------------------------------------------ internals

    def _flush(self) -> None:
        if self._out:
            self._sink("".join(self._out).encode(ENCODING, ERRORS))
            self._out.clear()

    def _settled(self, i: int) -> str | None:
        """A window line as the transcript keeps it; None for a line that a redraw left blank
        (a spinner or progress bar erased in place is not a blank line anyone printed)."""
        line = self._lines[i]
        if not self._touched[i]:
            return line
        line = line.rstrip(" ")
        return line or None

    def _last_nonblank(self) -> int:
        for i in range(len(self._lines) - 1, -1, -1):
            if self._lines[i].strip(" "):
                return i
        return 0

    def _hold_incomplete(self, text: str) -> str:
        """Keep an escape sequence or a CR cut by the read boundary for the next chunk."""
        start = max(0, len(text) - MAX_CARRY)
        # An OSC or other string sequence may itself hold an ESC (its ST terminator), so an
        # unterminated one is looked for first, then the last ESC of all.
        i = max(text.rfind(intro, start) for intro in STRING_INTRODUCERS)
        if i < 0 or COMPLETE_ESC_RE.match(text, i) or not ESC_PREFIX_RE.fullmatch(text, i):
            i = text.rfind("\x1b", start)
        if i >= 0 and not COMPLETE_ESC_RE.match(text, i) and ESC_PREFIX_RE.fullmatch(text, i):
            self._carry = text[i:]
            text = text[:i]
        held = CLEAR_START_RE.search(text, max(0, len(text) - 8))
        if held:  # the rest of a "clear screen" may be in the next read
            self._carry = text[held.start():] + self._carry
            text = text[:held.start()]
        if text.endswith("\r"):
            stripped = text.rstrip("\r")
            self._carry = text[len(stripped):] + self._carry
            text = stripped
        return text

    def _process(self, text: str, rare: bool = True) -> None:
        if "\x1b" in text:
            text = STRIP_RE.sub("", text)
            if not self.needs_screen and SCREEN_RE.search(CLEAR_RE.sub("", text)):
                self.needs_screen = True
        if "\r" in text:
            text = text.replace("\r\n", "\n")
            if "\r\n" in text:  # \r\r\n: a \r\n that went through ONLCR
                text = CRLF_RE.sub("\n", text)
        at_end = self._row == len(self._lines) - 1 and self._col == len(self._lines[-1]) + self._parts_len
        if at_end and "\r" not in text and "\x08" not in text and "\x1b" not in text and (
                not rare or not CONTROL_RE.search(text)):
            self._fast(text)
        else:
            self._slow(text)

    def _emit_front(self, count: int) -> None:
        for i in range(count):
            line = self._settled(i)
            if line is not None:
                self._out.append(line + "\n")
        del self._lines[:count]
        del self._touched[:count]
        self._base += count
        self._row -= count

    def _fast(self, text: str) -> None:
        """Plain text at the end of the last line: append, and let full lines scroll out."""
        nl = text.find("\n")
        if nl < 0:
            self._parts.append(text)
            self._parts_len += len(text)
            self._col += len(text)
            return
        self._join_parts()
        last_nl = text.rfind("\n")
        self._lines[-1] += text[:nl]
        middle = text[nl + 1:last_nl + 1]
        tail = text[last_nl + 1:]
        keep = self._rows - 1
        count = middle.count("\n")
        if count >= keep:
            self._emit_front(len(self._lines))
            pos = len(middle) - 1
            for _ in range(keep):
                pos = middle.rfind("\n", 0, pos)
            split = pos + 1
            if split:
                self._out.append(middle[:split])
            self._base += middle.count("\n", 0, split)
            kept = middle[split:-1].split("\n") if keep else []
            self._lines = kept + [tail]
            self._touched = [False] * len(self._lines)
        else:
            if middle:
                added = middle[:-1].split("\n")
                self._lines.extend(added)
                self._touched.extend([False] * len(added))
            self._lines.append(tail)
            self._touched.append(False)
            if len(self._lines) > self._rows:
                self._emit_front(len(self._lines) - self._rows)
        self._row = len(self._lines) - 1
        self._col = len(tail)

    # -- the slow path: one token at a time

    def _slow(self, text: str) -> None:
        self._join_parts()
        for i, segment in enumerate(text.split("\n")):
            if i:
                self._newline()
            if not segment:
                continue
            if "\x1b" in segment or "\x08" in segment or CONTROL_RE.search(segment.replace("\r", "")):
                self._tokens(segment)
                continue
            # Only CRs: each frame overwrites the line from column 0 (tqdm, pip, curl bars).
            frames = segment.split("\r")
            if frames[0]:
                self._write(frames[0])
            for frame in frames[1:]:
                self._col = 0
                self._touch()
                if frame:
                    self._write(frame)

    def _tokens(self, text: str) -> None:
        for m in TOKEN_RE.finditer(text):
            if m.group(1) is not None:
                self._write(m.group(1))
            elif m.group(2) is not None:
                self._page_break()
            elif m.group(3) is not None:
                self._csi(m.group(4), m.group(5))
            elif m.group(6) is not None:
                self._esc(m.group(6)[1])
            else:
                self._control(m.group(7))

    def _write(self, s: str) -> None:
        line = self._lines[self._row]
        col = self._col
        n = len(line)
        if col == n:
            line += s
        elif col > n:
            line += " " * (col - n) + s
        else:
            line = line[:col] + s + line[col + len(s):]
            self._touched[self._row] = True
        self._lines[self._row] = line
        self._col = col + len(s)

    def _touch(self) -> None:
        self._touched[self._row] = True

    def _newline(self) -> None:
        self._row += 1
        self._col = 0
        if self._row == len(self._lines):
            self._lines.append("")
            self._touched.append(False)
            if len(self._lines) > self._rows:
                self._emit_front(len(self._lines) - self._rows)

    def _down(self, n: int) -> None:
        target = min(self._row + n, self._rows - 1)
        while len(self._lines) <= target:
            self._lines.append("")
            self._touched.append(False)
        self._row = target

    def _page_break(self) -> None:
        """A cleared screen: what was shown stays in the transcript; continue on a fresh line."""
        self._row = len(self._lines) - 1
        self._col = 0
        if self._lines[self._row].strip(" "):
            self._newline()

    def _control(self, ch: str) -> None:
        if ch == "\n" or ch in "\x0b\x0c":
            self._newline()
        elif ch == "\r":
            self._col = 0
            self._touch()
        elif ch == "\x08":
            if self._col > 0:
                self._col -= 1
            self._touch()
        # BEL, NUL, SO/SI, DEL and the rest show nothing.

    def _esc(self, final: str) -> None:
        if final == "7":
            self._saved = (self._base + self._row, self._col)
        elif final == "8":
            self._restore()
        elif final == "M":  # reverse index
            self._row = max(0, self._row - 1)
            self._touch()
        elif final == "D":
            col = self._col
            self._newline()
            self._col = col
        elif final == "E":
            self._newline()

    def _restore(self) -> None:
        if self._saved is None:
            return
        row = self._saved[0] - self._base
        if 0 <= row < len(self._lines):
            self._row, self._col = row, self._saved[1]
            self._touch()

    def _csi(self, params: str, final: str) -> None:
        if params.startswith("?"):
            return  # alternate screen (already noted by SCREEN_RE); other modes were stripped
        if final == "A" or final == "F":
            self._row = max(0, self._row - _param(params))
            if final == "F":
                self._col = 0
            self._touch()
        elif final == "B" or final == "E":
            self._down(_param(params))
            if final == "E":
                self._col = 0
        elif final == "C":
            self._col += _param(params)
        elif final == "D":
            self._col = max(0, self._col - _param(params))
            self._touch()
        elif final == "G" or final == "`":
            self._col = _param(params) - 1
            self._touch()
        elif final == "K":
            self._erase_line(_param(params, 0))
        elif final == "J":
            self._erase_display(_param(params, 0))
        elif final == "P":
            line = self._lines[self._row]
            self._lines[self._row] = line[:self._col] + line[self._col + _param(params):]
            self._touch()
        elif final == "X":
            line = self._lines[self._row]
            n = min(_param(params), max(0, len(line) - self._col))
            self._lines[self._row] = line[:self._col] + " " * n + line[self._col + n:]
            self._touch()
        elif final == "@":
            line = self._lines[self._row]
            if self._col < len(line):
                self._lines[self._row] = line[:self._col] + " " * _param(params) + line[self._col:]
            self._touch()
        elif final == "s":
            self._saved = (self._base + self._row, self._col)
        elif final == "u":
            self._restore()
        elif final in "Hf":
            # Cursor addressing on the line path (output too large for the emulator):
            # home is a page break, anything else only sets the column.
            parts = params.split(";")
            if _param(parts[0]) == 1 and (len(parts) < 2 or _param(parts[1]) == 1):
                self._page_break()
            else:
                self._col = _param(parts[1]) - 1 if len(parts) > 1 else 0
        # Everything else (scroll regions, SGR leftovers, device queries) shows nothing here.

    def _erase_line(self, how: int) -> None:
        line = self._lines[self._row]
        if how == 0:
            self._lines[self._row] = line[:self._col]
        elif how == 1:
            self._lines[self._row] = " " * min(self._col + 1, len(line)) + line[self._col + 1:]
        else:
            self._lines[self._row] = ""
        self._touch()

    def _erase_display(self, how: int) -> None:
        if how == 0:
            self._lines[self._row] = self._lines[self._row][:self._col]
            del self._lines[self._row + 1:]
            del self._touched[self._row + 1:]
            self._touch()
        # 1, 2 and 3 would blank what was shown; a transcript keeps it.


def resolve(data: bytes, cols: int = 200, rows: int = 50) -> tuple[bytes, str]:
    """Resolve a whole capture in memory: (transcript, method). For tests and small inputs;
    the pipeline streams through LineResolver instead."""
    parts: list[bytes] = []
    lr = LineResolver(parts.append, rows)
    lr.feed(data)
    lr.finish()
    if lr.needs_screen and len(data) <= SCREEN_MAX_BYTES:
        from shrink.emulator import resolve_screen

        return resolve_screen(data, cols, rows), "screen"
    return b"".join(parts), "lines"
