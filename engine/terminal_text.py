"""What a terminal finally showed of some output: colour and cursor escapes gone, each
`\r`-redrawn line at its last frame, backspaces applied, invisible controls dropped.

The terminal compressor cleans lines with it, the engine core falls back to it (a coloured or
redrawn payload shown whole, as the terminal showed it), and the large-output excerpter cleans
its kept lines with it.
"""
from __future__ import annotations

from engine.patterns import ANSI, CONTROL_CHARS


def clean_line(line: str) -> str:
    """One line as the terminal finally showed it (its own trailing `\\r` excluded)."""
    if "\x1b" in line:
        line = ANSI.sub("", line)
    return _redraw(line)


def _redraw(line: str) -> str:
    """clean_line of a line without escape sequences left: `\\r` frames, backspaces, controls."""
    if "\r" in line:
        frames = [frame for frame in line.split("\r") if frame.strip()]
        line = frames[-1] if frames else ""
    if "\b" in line:
        kept: list[str] = []
        for ch in line:
            if ch == "\b":
                if kept:
                    kept.pop()
            else:
                kept.append(ch)
        line = "".join(kept)
    if not line.isprintable():
        line = CONTROL_CHARS.sub("", line)
    return line.rstrip()


def clean_lines(text: str, bare: list[str]) -> list[str]:
    """clean_line of each of the lines `bare` of `text`. Without an OSC sequence (`ESC ]`, whose
    text may run past a newline), no escape sequence holds a newline: one ANSI pass over the
    lines joined strips each line as clean_line does, and a printable line holds no escape,
    CR, backspace or control (clean_line only right-strips it)."""
    if "\x1b" in text and "\x1b]" not in text:
        bare = ANSI.sub("", "\n".join(bare)).split("\n")
        return [ln.rstrip() if ln.isprintable() else _redraw(ln) for ln in bare]
    return [ln.rstrip() if ln.isprintable() else clean_line(ln) for ln in bare]


def plain_text(data: bytes) -> bytes | None:
    """Every line as the terminal finally showed it; None for bytes that are not UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return "\n".join(clean_line(line) for line in text.replace("\r\n", "\n").split("\n")).encode()
