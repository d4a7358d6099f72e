"""What a terminal finally showed of some output: colour and cursor escapes gone, each
`\r`-redrawn line at its last frame, backspaces applied, invisible controls dropped.

The terminal compressor cleans lines with it, the engine core falls back to it (a coloured or
redrawn payload shown whole, as the terminal showed it), and the large-output excerpter cleans
its kept lines with it.
"""
from __future__ import annotations

from itertools import compress

from engine.patterns import ANSI, CLEAR_ALL, CONTROL_CHARS, CURSOR_ELSEWHERE, CURSOR_UP, LINE_START_ESCAPES


#: Written where a cursor-to-column-1 escape erased the line (`ESC[1G ESC[0K`, `ESC[2K ESC[1G`):
#: the frame after it starts on an empty line. A control character: dropped with the others.
ERASED = "\x1f"
#: npm's spinner, yarn's progress bar and vite's status line redraw with `ESC[1G` (cursor to
#: column 1), not `\r`: `⠙ESC[1GESC[0K⠹ESC[1GESC[0Knpm error code ERESOLVE` shows only the error.
#: The erasing pairs first (they mark the frame ERASED), then the bare moves.
_HOME_ERASE = (("\x1b[1G\x1b[0K", "\r" + ERASED), ("\x1b[1G\x1b[2K", "\r" + ERASED),
               ("\x1b[1G\x1b[K", "\r" + ERASED), ("\x1b[2K\x1b[1G", "\r" + ERASED),
               ("\x1b[1G", "\r"), ("\x1b[G", "\r"))


#: The braille spinner glyphs (npm's, npx's, ora's).
_SPINNER_GLYPHS = "".join(map(chr, range(0x2800, 0x2900)))


def _cursor_home_as_cr(text: str) -> str:
    """`ESC[1G` redraws as `\\r` (see _HOME_ERASE); asked only of text holding `ESC[1G` / `ESC[G`."""
    for seq, frame in _HOME_ERASE:
        if seq in text:
            text = text.replace(seq, frame)
    return text


def clean_line(line: str) -> str:
    """One line as the terminal finally showed it (its own trailing `\\r` excluded)."""
    if "\x1b" in line:
        if "\x1b[1G" in line or "\x1b[G" in line:
            line = _cursor_home_as_cr(line)
        line = ANSI.sub("", line)
    return _redraw(line)


def _redraw(line: str) -> str:
    """clean_line of a line without escape sequences left: `\\r` frames, backspaces, controls."""
    if "\r" in line:
        shown = ""
        frames = line.split("\r")
        for k in range(len(frames) - 1, -1, -1):  # the last frame showing something ...
            frame = frames[k]
            if frame.strip():
                shown = frame
                break
            if frame.startswith(ERASED):  # ... unless the line was erased after it
                if k and frames[k - 1][-1:] >= "\u2800" and frames[k - 1][-1:] <= "\u28ff":
                    # npx's spinner drawn after a line without its newline (`}⠙`, the end of
                    # a JSON report) and erased: the line is the program's, the glyph npx's
                    shown = frames[k - 1].rstrip(_SPINNER_GLYPHS)
                break
        line = shown
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


def clean_lines(text: str, bare: list[str], erased: list[int] | None = None,
                rowless: list[int] | None = None) -> list[str]:
    """clean_line of each of the lines `bare` of `text`, the lines a later line erased on the
    screen (erased_rows) blank, their indices appended to `erased` when given, and the lines
    that hold no row of the final screen to `rowless` when given (erased_rows). Without an OSC sequence (`ESC ]`, whose
    text may run past a newline), no escape sequence holds a newline: one ANSI pass over the
    lines joined strips each line as clean_line does, and a printable line holds no escape,
    CR, backspace or control (clean_line only right-strips it)."""
    raw = bare
    if "\x1b" in text and "\x1b]" not in text:
        joined = "\n".join(bare)
        if "\x1b[1G" in text or "\x1b[G" in text:
            joined = _cursor_home_as_cr(joined)
        joined = ANSI.sub("", joined)
        bare = joined.split("\n")
        clean = _redraw
    else:
        joined = "\n".join(bare)
        clean = clean_line
    if _printable_ascii(joined):  # every line printable: asked of the whole text at once
        return list(map(str.rstrip, bare))
    out = [ln.rstrip() if ln.isprintable() else clean(ln) for ln in bare]
    if "\x1b[" in text and (CURSOR_UP.search(text) is not None or CLEAR_ALL in text):
        for j in erased_rows(raw, out, rowless):
            out[j] = ""
            if erased is not None:
                erased.append(j)
    return out


def erased_rows(lines: list[str], shown: list[str] | None = None, rowless: list[int] | None = None) -> list[int]:
    """The lines a later line erased on the screen: a line that starts by erasing its row and
    moving up (`ESC[K ESC[1A ESC[K ESC[1A …`: jest's RUNS rows, vitest's live summary, log-update)
    blanks the rows it passes, so the terminal finally showed nothing of the lines printed
    there (their text is redrawn below, or was progress). Only escapes at a line's start are
    followed; text with cursor-down or positioning escapes is left as it is (empty list).
    `shown`: the lines as clean_line shows them, when the caller has them (whether a line
    shows text is then read there, not by stripping its escapes again).
    `rowless`: when given, the lines that hold no row of the final screen are appended: each
    erased line and each line showing nothing (an escape-only line that moved up, a blank line
    a later frame printed over, a row below where the cursor ended) whose row another line
    holds or that is past the last row; a blank row keeps the last line that landed on it."""
    text_has = "\n".join(lines)
    if CLEAR_ALL in text_has:  # followed where a line starts with it (below); elsewhere ignored
        text_has = text_has.replace(CLEAR_ALL, "")
    if CURSOR_ELSEWHERE.search(text_has) is not None:
        return []
    owner: list[int] = []  # the line whose text a screen row holds (-1: none)
    landed: list[int] = []  # the last line printed on each row (-1: none)
    empty: list[int] = []  # the lines showing nothing
    erased: set[int] = set()
    row = 0
    for i, line in enumerate(lines):
        while len(owner) <= row:
            owner.append(-1)
            landed.append(-1)
        # (with `shown`, a line's escapes are read only when they move up or clear: a line
        # holding neither an `A` nor CLEAR_ALL is not matched, and its text is the line's)
        start = LINE_START_ESCAPES.match(line) if "\x1b[" in line and (
            shown is None or "A" in line or CLEAR_ALL in line) else None
        if start is not None and ("A" in start.group() or CLEAR_ALL in start.group()):
            for esc in start.group().replace("\r", "").split("\x1b[")[1:]:
                if esc == "2J":  # the screen and (3J) its scrollback cleared: every row shown so far
                    erased.update(k for k in owner if k >= 0)
                    owner, landed = [-1], [-1]
                elif esc == "H":
                    row = 0
                elif esc.endswith("K") and esc[:-1] in ("", "0", "2"):
                    if owner[row] >= 0:
                        erased.add(owner[row])
                    owner[row] = -1
                elif esc.endswith("A"):
                    row = max(0, row - int(esc[:-1] or 1))
            rest = line[start.end():]
        else:
            rest = line
        if shown[i] if shown is not None else rest.strip() and (rest.isprintable() or ANSI.sub("", rest).strip()):
            if owner[row] >= 0:
                erased.discard(owner[row])  # overwritten in part, not erased: left as it is
            owner[row] = i
            erased.discard(i)
        else:
            empty.append(i)
        landed[row] = i
        row += 1
    if rowless is not None:
        # a row holds its owner's line; an empty row before the cursor's last row, the last
        # line that landed on it (a blank row on the screen); every other line showing nothing
        # holds no row (lines an overwrite left in part show text, and stay)
        held = {k for k in owner if k >= 0}
        held.update(landed[r] for r in range(min(row, len(owner))) if owner[r] < 0 and landed[r] >= 0)
        rowless.extend(sorted(k for k in erased.union(empty) if k not in held))
    return sorted(erased)


#: What an ASCII text of printable lines holds: the printable characters and the newlines
#: between its lines (every other ASCII character is a control, which str.isprintable refuses).
_PRINTABLE_ASCII_LINES = bytes(range(0x20, 0x7F)) + b"\n"


def _printable_ascii(joined: str) -> bool:
    """Whether `joined` is ASCII and each of its lines isprintable(): deleting the printable
    bytes leaves nothing (a bytes pass, several times cheaper than isprintable per line)."""
    return joined.isascii() and not joined.encode("ascii").translate(None, _PRINTABLE_ASCII_LINES)


def plain_text(data: bytes) -> bytes | None:
    """Every line as the terminal finally showed it; None for bytes that are not UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    lines = text.replace("\r\n", "\n").split("\n")
    if _UP_ERASE in text:
        lines = _erased_rows_apart(lines)
    shown = [clean_line(line) for line in lines]
    if "\x1b[" in text and (CURSOR_UP.search(text) is not None or CLEAR_ALL in text):
        rowless: list[int] = []
        erased_rows(lines, shown, rowless)
        if rowless:
            shown = _without_redrawn(shown, rowless)
    return "\n".join(shown).encode()


def _without_redrawn(shown: list[str], rowless: list[int]) -> list[str]:
    """`shown` without the lines that hold no row of the final screen (erased_rows) and show
    nothing, or show what a later line shows again, or whose subject (the text after the first
    word) a row of the screen shows: jest's ` RUNS  jt/a.test.js`, redrawn at every frame,
    shown as ` FAIL  jt/a.test.js`. A row erased whose text no other line shows stays
    (Lightning's `val_loss: 1.076` row under the bar, the one place that value was shown)."""
    gone = set(rowless)
    on_screen = {_subject(line) for k, line in enumerate(shown) if k not in gone}
    later: set[str] = set()
    keep = [True] * len(shown)
    for k in range(len(shown) - 1, -1, -1):
        line = shown[k]
        if k in gone and (not line.strip() or line in later or (_subject(line) or "") in on_screen):
            keep[k] = False
        later.add(line)
    return list(compress(shown, keep))


def _subject(line: str) -> str | None:
    """A row's text after its first word, when that names something (a path, a title: 8
    characters at least, a letter among them), not a value (`val_loss: 0.655`)."""
    parts = line.split(None, 1)
    if len(parts) < 2 or len(parts[1]) < 8 or not any(map(str.isalpha, parts[1])):
        return None
    return parts[1]


#: Cursor up one row and erase it: how a live display of several rows redraws (rich's progress
#: bar under Lightning, each metric on a row of its own under the bar).
_UP_ERASE = "\x1b[1A\x1b[2K"


def _erased_rows_apart(lines: list[str]) -> list[str]:
    """`row\r ESC[2K ESC[1A ESC[2K bar`: the row a live display printed before it moved up to
    redraw stands as a line of its own, not as a frame of the bar's line that the bar's last
    frame hides (Lightning's `val_acc: 0.790` row, shown until the next redraw)."""
    out: list[str] = []
    for line in lines:
        cut = line.find("\r") if _UP_ERASE in line else -1
        if cut > 0 and line[:cut].strip():
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out
