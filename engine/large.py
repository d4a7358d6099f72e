"""Payloads too large to hold: one streaming pass, a bounded excerpt, the original stored from disk.

`compress_file` reads a payload under LARGE_BYTES whole and calls Engine.compress. Above it,
one pass over the file (never whole in memory) counts its tokens and keeps an excerpt: the
first HEAD_LINES lines, the last TAIL_LINES, and every line the terminal error pattern flags
(up to IMPORTANT_MAX_LINES of them; with a query, lines holding it too) with CONTEXT_LINES on either side. Each contiguous run of kept lines is compressed on its
own by the routed compressor (so its markers count lines of that run only); the runs are joined
by `… N lines elided (caveman) …` markers whose N is computed from line numbers. The original
goes into the store with put_file before anything is published.

Token counts are exact: the text is counted in pieces cut just after a newline that is
followed by a visible ASCII character other than `/`. o200k_base's pre-tokeniser never joins
text across such a point (a newline only continues a piece into more whitespace or, after
punctuation, into `\\r`, `\\n` or `/`), so the pieces' counts add up to the whole's. A line
longer than MAX_CARRY is cut before a space and a letter (also exact); only a line longer than
MAX_CARRY with no such point is cut anywhere, which may shift the count by a token per cut.

Failing closed: no compressor, no store, a store that refuses the original, a view not smaller,
any exception: the Result passes through with output=b"" and the caller shows its own file
(see compress_file).
"""
from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING

from engine import detect as detect_mod
from engine import filesource
from engine.ccr import RecordMeta, StoreError
from engine.compressors import lines as L
from engine.compressors.terminal import TERMINAL_KEYWORDS
from engine.terminal_text import clean_line
from engine.patterns import INDENTED_FRAME, LOCATION, TERMINAL_IMPORTANT
from engine.registry import method_of
from engine.types import ContentType, ErrorCode, Options, Result

if TYPE_CHECKING:
    from engine.core import Engine

#: Payloads up to this size are read whole and go through Engine.compress.
LARGE_BYTES = 8 * 1024 * 1024
HEAD_LINES = 2000
TAIL_LINES = 2000
#: The head and the tail stop at this many characters even with fewer lines.
REGION_CHARS = 1024 * 1024
#: Flagged lines kept at most, by count and by characters; the rest are counted in a marker.
IMPORTANT_MAX_LINES = 2_000
IMPORTANT_MAX_CHARS = 1024 * 1024
#: Lines kept before and after each flagged line (a traceback's source lines, an assertion's values).
CONTEXT_LINES = 2
#: A kept line longer than this is shown cut, with the bytes left out stated.
LINE_MAX_CHARS = 8192
#: Runs of kept lines shorter than this are shown as they are (a compressor cannot shorten them).
SEGMENT_MIN_LINES = 16
READ_BYTES = 1 << 20
#: A buffer with no exact cut point is cut anyway at this size (one very long line).
MAX_CARRY = 4 * READ_BYTES
#: What Detect sees of a large payload: its head and tail, cut at lines.
DETECT_HEAD, DETECT_TAIL = 64 * 1024, 16 * 1024
_NEVER_AFTER_NEWLINE = b" \t\r\n\x0b\x0c/"
#: Bytes after which a piece may start without changing o200k_base's pre-tokenisation.
_SAFE_NEXT = frozenset(b for b in range(0x21, 0x7F) if b not in _NEVER_AFTER_NEWLINE)


def compress_file(engine: Engine, source: filesource.Source, options: Options = Options()) -> Result:
    """Engine.compress for a payload on disk: a path or an open binary file (read positionally).

    When the result passed through, `output` is the payload itself if it was under LARGE_BYTES,
    and b"" above it: the caller shows its own copy of the file."""
    with filesource.open_fd(source) as fd:
        size = filesource.size_of(fd)
        if size <= LARGE_BYTES:
            return engine.compress(filesource.read_all(fd), options)
        try:
            return _compress_large(engine, fd, size, options)
        except Exception as exc:  # the original is untouched on disk: pass it through, say why
            return Result(output=b"", content_type=options.type or ContentType.TEXT,
                          error=ErrorCode.COMPRESSOR_FAILED.value,
                          reason=f"large-output path failed: {type(exc).__name__}: {exc}")


def _compress_large(engine: Engine, fd: int, size: int, options: Options) -> Result:
    ctype = options.type or detect_mod.detect(_detect_sample(fd, size))
    passthrough = Result(output=b"", content_type=ctype)
    routed = engine.route(ctype, options, passthrough)
    if isinstance(routed, Result):
        return routed
    compressor, _info = routed
    if engine.store is None and not options.external_recovery:
        return replace(passthrough, reason="an excerpt needs the original stored, and there is no recovery store")

    scan = Scan(engine.counter, options.query)
    scan.read(fd)
    before = scan.tokens
    methods: list[str] = []
    pieces: list[str] = []
    for kind, item in scan.layout():
        if kind == "gap":
            pieces.append(item)
            continue
        body = item.encode("utf-8")
        out = None
        if item.count("\n") >= SEGMENT_MIN_LINES:
            try:
                out = engine._transform(compressor, body, options.query)
            except Exception:  # this run stays as it is; the excerpt around it is still exact
                out = None
        if out is not None and len(out) < len(body):
            methods.append(method_of(compressor, body, out))
            text = out.decode("utf-8", errors="replace")
            pieces.append(text + "\n" if item.endswith("\n") and not text.endswith("\n") else text)
        else:
            pieces.append(item)
    output = "".join(pieces).encode("utf-8")
    after = engine.counter.count(output)
    if after >= before:
        return replace(passthrough, tokens_before=before, tokens_after=before, reason="not smaller")
    method = "excerpt+" + methods[0] if methods else "excerpt"
    done = Result(output=output, content_type=ctype, method=method, tokens_before=before, tokens_after=after,
                  ratio=(before - after) / before, safety_class=str(compressor.safety_class))
    if engine.store is None:
        return replace(done, recoverable=True)  # external_recovery: the caller vouched
    meta = RecordMeta(str(ctype), method, before, after, options.session)
    try:
        handle = engine.store.put_file(_FdFile(fd), meta)
    except Exception as exc:  # any store failure leaves the input untouched
        code = exc.code if isinstance(exc, StoreError) else ErrorCode.CCR_UNAVAILABLE.value
        return replace(passthrough, tokens_before=before, tokens_after=before, error=code,
                       reason=f"recovery store could not take the original: {exc}")
    return replace(done, handle=handle, recoverable=True)


class _FdFile:
    """An open descriptor in the shape put_file takes (an object with fileno())."""

    def __init__(self, fd: int) -> None:
        self._fd = fd

    def fileno(self) -> int:
        return self._fd


def _detect_sample(fd: int, size: int) -> bytes:
    head = b"".join(filesource.chunks(fd, DETECT_HEAD, 0, DETECT_HEAD))
    tail = b"".join(filesource.chunks(fd, DETECT_TAIL, max(0, size - DETECT_TAIL)))
    cut = head.rfind(b"\n")
    head = head[:cut + 1] if cut > 0 else head
    cut = tail.find(b"\n")
    tail = tail[cut + 1:] if cut >= 0 else tail
    return head + tail


def exact_cut(buf: bytes) -> int:
    """An index where buf may be split without changing its o200k_base token count: just after
    a newline followed by a safe byte (the last such); 0 when there is none."""
    i = buf.rfind(b"\n", 0, len(buf) - 1)
    while i >= 0:
        if buf[i + 1] in _SAFE_NEXT:
            return i + 1
        i = buf.rfind(b"\n", 0, i)
    return 0


def _long_line_cut(buf: bytes) -> int:
    """A cut inside one very long line: before the last ` x` (a space and an ASCII letter after
    a visible ASCII character), where no o200k_base piece spans (exact); else near the end,
    never splitting a UTF-8 character (may shift the count by a token)."""
    at = buf.rfind(b" ", 1, len(buf) - 1)
    for _ in range(10_000):
        if at <= 0:
            break
        if 0x21 <= buf[at - 1] <= 0x7E and (0x41 <= buf[at + 1] <= 0x5A or 0x61 <= buf[at + 1] <= 0x7A):
            return at
        at = buf.rfind(b" ", 1, at)
    at = len(buf) - 1
    while at > 0 and 0x80 <= buf[at] < 0xC0:
        at -= 1
    return at if at > 0 else len(buf)


class Scan:
    """One pass: the token count, the line count, and the lines of the excerpt.

    A kept line is a list [line number (0-based), text (cut to LINE_MAX_CHARS), bytes left out]:
    one object may sit in the head, the flagged list and the tail at once, and a line that
    continues past a read is found through `last`."""

    def __init__(self, counter: object, query: str | None = None) -> None:
        self.counter = counter
        #: With a query, lines holding it (case-folded) are kept like flagged lines.
        self.query = query.strip().lower() if query and query.strip() else None
        self.tokens = 0
        self.lines = 0
        self.ends_open = False  # the last line has no newline (yet)
        self.head: list[list] = []
        self.head_chars = 0
        self.head_full = False
        self.flagged: list[list] = []  # flagged lines and their context, in order
        self.flagged_hits = 0  # flagged lines kept (context lines not counted)
        self.flagged_chars = 0
        self.after_owed = 0
        self.flagged_over = 0
        self.over_recent: deque[int] = deque(maxlen=TAIL_LINES)
        self.tail: deque[list] = deque(maxlen=TAIL_LINES)
        self.last: list | None = None

    def read(self, fd: int) -> None:
        carry = b""
        for block in filesource.chunks(fd, READ_BYTES):
            buf = carry + block if carry else block
            cut = exact_cut(buf)
            if cut == 0:
                if len(buf) < MAX_CARRY:
                    carry = buf
                    continue
                cut = _long_line_cut(buf)
            self.feed(buf[:cut])
            carry = buf[cut:]
        if carry:
            self.feed(carry)

    def feed(self, piece: bytes) -> None:
        text = piece.decode("utf-8", errors="replace")
        self.tokens += self.counter.count(text)
        parts = text.split("\n")
        closed = parts[-1] == ""
        if closed:
            parts.pop()
        start = 0
        if self.ends_open and parts:
            if self.last is not None:  # the long line goes on: only its length is kept (not matched)
                self.last[2] += len(parts[0].encode("utf-8"))
            start = 1
        self.ends_open = not closed
        first = self.lines
        new = parts[start:]
        self.lines += len(new)
        if not new:
            return
        made: dict[int, list] = {}

        def line(i: int) -> list:
            entry = made.get(i)
            if entry is None:
                t = new[i]
                if len(t) > LINE_MAX_CHARS:
                    kept = t[:LINE_MAX_CHARS]
                    entry = [first + i, kept, len(t.encode("utf-8")) - len(kept.encode("utf-8"))]
                else:
                    entry = [first + i, t, 0]
                made[i] = entry
            return entry

        i = 0
        while not self.head_full and i < len(new):
            entry = line(i)
            self.head.append(entry)
            self.head_chars += len(entry[1])
            self.head_full = len(self.head) >= HEAD_LINES or self.head_chars >= REGION_CHARS
            i += 1
            if self.head_full:
                self._owe_context_to_head()
        if i < len(new):
            self._flag(new, i, line, "\x1b" in text or "\r" in text or "\b" in text,
                       list(self.tail)[-CONTEXT_LINES:] if self.tail else [])
        for j in range(max(0, len(new) - TAIL_LINES), len(new)):
            self.tail.append(line(j))
        self.last = line(len(new) - 1)

    def _owe_context_to_head(self) -> None:
        """A flagged line among the head's last lines is owed the context after it, which lies
        past the head."""
        last = self.head[-CONTEXT_LINES:]
        texts = [clean_line(entry[1]) for entry in last]
        flags = L.flag_lines(texts, TERMINAL_IMPORTANT, TERMINAL_KEYWORDS, (LOCATION, INDENTED_FRAME))
        for entry, hit in zip(last, flags):
            if hit:
                self.after_owed = max(self.after_owed, entry[0] + CONTEXT_LINES - self.head[-1][0])

    def _flag(self, new: list[str], start: int, line: object, escapes: bool, before: list[list]) -> None:
        """Keep the flagged lines of `new[start:]` and CONTEXT_LINES around each (`before`: the
        last lines of the previous read, for a hit at the top of this one)."""
        rest = new[start:]
        # A colour code can hide a word boundary (`\x1b[31mERROR`): such lines are matched cleaned.
        if escapes:
            rest = [clean_line(t) if ("\x1b" in t or "\r" in t or "\b" in t) else t for t in rest]
        flags = L.flag_lines(rest, TERMINAL_IMPORTANT, TERMINAL_KEYWORDS, (LOCATION, INDENTED_FRAME))
        if self.query is not None:
            query = self.query
            asked = L.flag_lines(rest, lambda t: query in t.lower(), (query,))
            flags = [a or b for a, b in zip(flags, asked)]
        first = self.lines - len(new)
        upto = start  # indices of `new` below this are kept already (or are head lines)
        if self.after_owed:  # context owed by a hit at the end of the previous read
            upto = min(len(new), start + self.after_owed)
            for i in range(start, upto):
                self._keep(line(i))  # type: ignore[operator]
            self.after_owed -= upto - start
        for k, hit in enumerate(flags):
            if not hit:
                continue
            i = start + k
            if self.flagged_hits >= IMPORTANT_MAX_LINES or self.flagged_chars >= IMPORTANT_MAX_CHARS:
                self.flagged_over += 1
                self.over_recent.append(first + i)
                continue
            self.flagged_hits += 1
            lo = i - CONTEXT_LINES
            if lo < 0 and start == 0:  # context from the previous read
                for entry in before[lo:]:
                    if not self.flagged or entry[0] > self.flagged[-1][0]:
                        self._keep(entry)
            for j in range(max(lo, upto, 0), i + 1):
                self._keep(line(j))  # type: ignore[operator]
            hi = min(len(new), i + 1 + CONTEXT_LINES)
            for j in range(max(i + 1, upto), hi):
                self._keep(line(j))  # type: ignore[operator]
            upto = max(upto, hi)
            self.after_owed = i + 1 + CONTEXT_LINES - hi

    def _keep(self, entry: list) -> None:
        if not self.flagged or entry[0] > self.flagged[-1][0]:
            self.flagged.append(entry)
            self.flagged_chars += len(entry[1])

    def layout(self) -> list[tuple[str, str]]:
        """The excerpt as ("run", text) and ("gap", marker line) items, in order."""
        tail = list(self.tail)
        chars = 0
        for k in range(len(tail) - 1, -1, -1):  # the tail's character cap, from the end
            chars += len(tail[k][1])
            if chars > REGION_CHARS and k < len(tail) - 1:
                tail = tail[k + 1:]
                break
        tail_start = tail[0][0] if tail else self.lines
        hidden_over = self.flagged_over - sum(1 for n in self.over_recent if n >= tail_start)
        kept: dict[int, list] = {}
        for entry in (*self.head, *self.flagged, *tail):
            kept[entry[0]] = entry
        items: list[tuple[str, str]] = []
        run: list[str] = []
        previous = -1
        for number in sorted(kept):
            entry = kept[number]
            if number != previous + 1:
                if run:
                    items.append(("run", "".join(run)))
                    run = []
                items.append(("gap", self._marker(number - previous - 1,
                                                  hidden_over if number == tail_start else 0)))
            eol = "" if number == self.lines - 1 and self.ends_open else "\n"
            text = entry[1]
            if entry[2]:
                text += " " + L.marker_text(entry[2], "bytes of this line")
            run.append(text + eol)
            previous = number
        if run:
            items.append(("run", "".join(run)))
        if previous != self.lines - 1:  # never reached: the tail ends at the last line
            items.append(("gap", self._marker(self.lines - 1 - previous, hidden_over)))
        return items

    def _marker(self, count: int, flagged_hidden: int) -> str:
        summary = ""
        if flagged_hidden:
            what = "the error pattern or the query" if self.query else "the error pattern"
            summary = (f"{flagged_hidden} of them match {what} (more than the"
                       f" {IMPORTANT_MAX_LINES} such lines a view keeps; retrieve the original)")
        return L.marker_text(count, "lines", summary) + "\n"
