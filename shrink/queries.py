"""Answers to the questions programs ask their terminal.

A program whose output is a terminal may ask it things and wait for the reply: the cursor
position (CPR, `ESC [ 6 n`), what kind of terminal it is (DA1, `ESC [ c`), its colours (OSC 10
and 11, `ESC ] 11 ; ?`). Go programs using termenv (gh, glow, charm tools) ask for the
background colour with a cursor-position request as the sentinel and wait up to 5 s; crossterm
asks DA1 after its keyboard query. Unwrapped, an agent's command has no terminal and asks
nothing; under the pty nobody answered, so each such program stalled until its timeout (and a
silent wait in raw mode looks like a wait for keys). caveman answers as a plain terminal would:
cursor at the top left, a VT100 with advanced video, white on black.
"""
from __future__ import annotations

#: (query, answer). An OSC answer takes the query's terminator (BEL or ST), added below.
_CSI_QUERIES = (
    (b"\x1b[6n", b"\x1b[1;1R"),
    (b"\x1b[c", b"\x1b[?1;2c"),
    (b"\x1b[0c", b"\x1b[?1;2c"),
)
_OSC_QUERIES = (
    (b"\x1b]10;?", b"\x1b]10;rgb:ffff/ffff/ffff"),
    (b"\x1b]11;?", b"\x1b]11;rgb:0000/0000/0000"),
)
_BEL, _ST = b"\x07", b"\x1b\\"


def answers(data: bytes) -> bytes:
    """The replies a terminal would send for the queries in `data`, in their order."""
    if b"\x1b[" not in data and b"\x1b]" not in data:
        return b""
    found: list[tuple[int, bytes]] = []
    for query, answer in _CSI_QUERIES:
        start = data.find(query)
        while start >= 0:
            found.append((start, answer))
            start = data.find(query, start + len(query))
    for query, answer in _OSC_QUERIES:
        start = data.find(query)
        while start >= 0:
            end = start + len(query)
            terminator = _ST if data.startswith(_ST, end) else _BEL
            found.append((start, answer + terminator))
            start = data.find(query, end)
    found.sort()
    return b"".join(answer for _, answer in found)
