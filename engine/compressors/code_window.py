"""A read tool's window that starts inside a body (`offset 400, limit 250` lands mid-test).

Its first lines close brackets the window never opened, so no grammar parses it and the whole
listing passed through. The head, up to the line that closes the last of those, is kept
verbatim (not parsed, not outlined); what follows is a run of whole definitions and statements
the code compressor can outline on its own. A window that ends inside a body likewise keeps that
tail verbatim. Pure byte transforms, no I/O.
"""
from __future__ import annotations

from engine import patterns as P

_OPENERS = frozenset(b"([{")
_CLOSERS = frozenset(b")]}")
#: Head and tail together may be at most this share of the window: a window that is mostly the
#: ends of bodies is not worth the outline of what lies between them.
MAX_CUT_SHARE = 0.5


def window_cut(data: bytes) -> tuple[int, int] | None:
    """(head_end, tail_start): the head runs to the line that closes the last bracket opened
    before the window, the tail from the line that opens what the window ends inside. None
    when there is neither, or when they would be most of the window.

    A rough scan: `//` and `/* */` comments and quoted strings are skipped so their brackets do
    not count; a wrong cut only means the middle fails to parse and the listing passes through."""
    size = len(data)
    depth = lowest = 0
    head = _comment_tail(data)
    rise = size  # the start of the line where the depth last rose above the lowest level
    for m in P.CODE_WINDOW_TOKEN.finditer(data, head):
        first = m.group()[0]
        if first in _OPENERS:
            if depth == lowest:
                rise = data.rfind(b"\n", 0, m.start()) + 1
            depth += 1
        elif first in _CLOSERS:
            depth -= 1
            if depth < lowest:
                lowest = depth
                newline = data.find(b"\n", m.end())
                head = size if newline < 0 else newline + 1
    tail = size if depth == lowest else max(rise, head)
    if (head == 0 and tail == size) or head + size - tail > MAX_CUT_SHARE * size:
        return None
    return head, tail


def _comment_tail(data: bytes) -> int:
    """Where a window that starts inside a `/** … */` comment (` * @param x …` lines) first
    leaves it: past the line that closes it; 0 when the window starts outside one. Read as code,
    the comment's prose (and the brackets in its examples) made no grammar parse the window."""
    close = data.find(b"*/")
    if close < 0 or b"/*" in data[:close]:
        return 0
    start = 0
    while start < close:  # every line up to the close is a comment line: ` * text`, ` *`, `*/`
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        line = data[start:end].strip()
        if line and not line.startswith(b"*"):
            return 0
        start = end + 1
    newline = data.find(b"\n", close)
    return len(data) if newline < 0 else newline + 1


def closers(prefix: bytes) -> bytes:
    """What a cut piece of source leaves open, closed innermost first: brackets, then a C
    header's `#if`/`#ifndef` include guard. A rough scan (strings and comments are not read;
    garbage such as `)+)+` opens nothing, so it gets no help); callers keep it only when the
    closed piece parses better."""
    stack: list[bytes] = []
    balanced = all(prefix.count(o) == prefix.count(c) for o, c in _PAIRS)
    for m in () if balanced else P.CODE_BRACKET.finditer(prefix):  # counting first is C-fast
        bracket = m.group()
        if bracket in _CLOSER_OF:
            stack.append(_CLOSER_OF[bracket])
        elif stack and stack[-1] == bracket:
            stack.pop()
    closing = b"".join(reversed(stack))
    opened_comment = prefix.rfind(b"/*")
    if opened_comment > prefix.rfind(b"*/") and not prefix[prefix.rfind(b"\n", 0, opened_comment) + 1:opened_comment].strip():
        # Cut inside a `/** … */` doc comment (a .d.ts is mostly those): close it first, or the
        # closers land inside it.
        closing = b"*/" + closing
    if b"#if" in prefix:
        opened = sum(1 if m.group(1) != b"endif" else -1 for m in P.CODE_PREPROCESSOR_IF.finditer(prefix))
        closing += b"\n#endif" * max(0, opened)
    return b"\n" + closing + b"\n" if closing else b""


_CLOSER_OF = {b"(": b")", b"[": b"]", b"{": b"}"}
_PAIRS = tuple(_CLOSER_OF.items())
