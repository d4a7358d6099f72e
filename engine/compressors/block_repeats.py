"""A block of lines printed again and again, verbatim, counted instead of shown each time.

`python -W always`, a warning raised inside a loop, a retry loop that prints the same three
lines: the program prints one block of K lines (a warning's header, its wrapped message, its
source line) hundreds of times, back to back. Each copy is a flagged line (a `Warning:` or
`Error` word), so no section rule may elide it, and the copies alternate with each other, so
the one-line repeat rule (`_identical_repeats`) never sees two equal neighbours.

`fold_block_repeats_kept(text)` keeps the first copy of each such run and replaces the later
copies with one marker that states how many identical copies of how many lines went. Only a
run of MIN_COPIES copies or more folds, and only copies equal to the first byte for byte: a
copy that differs in anything (another line number, another value) ends the run and is shown.
"""
from __future__ import annotations

from collections.abc import Callable

from engine.compressors.lines import marker_text

#: The longest block looked for (a warning with a wrapped message and its source line fits).
MAX_PERIOD = 40
#: Copies of a block, the first included, before the later ones fold.
MIN_COPIES = 3
#: A text holds a run of repeats only when its lines repeat this much: len(lines) >= this * distinct.
MIN_REPEAT_FACTOR = 2


def fold_block_repeats_kept(text: str, flagged: Callable[[str], bool]) -> tuple[str, list[int]] | None:
    """The text with each run of identical consecutive blocks folded to its first copy and a
    marker, and the folded text's lines that show a run (its first copy and its marker); None
    when no run folds. Only a block holding a `flagged` line folds: look-alike lines that are
    not flagged are the section rules' to elide, with their own markers."""
    lines = text.split("\n")
    n = len(lines)
    if n < MIN_COPIES * 2:
        return None
    if len(set(lines)) * MIN_REPEAT_FACTOR > n:  # mostly distinct lines: no run worth folding (one C-speed answer)
        return None
    ids: dict[str, int] = {}
    seq = [ids.setdefault(line, len(ids)) for line in lines]
    # next_same[i]: the next index holding line i's text (n: none)
    next_same = [n] * n
    last: dict[int, int] = {}
    for i in range(n - 1, -1, -1):
        next_same[i] = last.get(seq[i], n)
        last[seq[i]] = i
    out: list[str] = []
    kept: list[int] = []
    i = 0
    while i < n:
        period = next_same[i] - i
        if period > MAX_PERIOD or not lines[i].strip():
            out.append(lines[i])
            i += 1
            continue
        block = seq[i:i + period]
        copies = 1
        while seq[i + copies * period:i + (copies + 1) * period] == block:
            copies += 1
        if copies < MIN_COPIES or not any(flagged(lines[k]) for k in range(i, i + period)):
            out.append(lines[i])
            i += 1
            continue
        kept.extend(range(len(out), len(out) + period + 1))
        out.extend(lines[i:i + period])
        elided = (copies - 1) * period
        first = lines[i]
        indent = first[:len(first) - len(first.lstrip())]
        cr = "\r" if first.endswith("\r") else ""
        noun = "line" if period == 1 else f"{period} lines"
        out.append(indent + marker_text(elided, "lines", f"{copies - 1} identical repeats of the {noun} above") + cr)
        i += copies * period
    if not kept:
        return None
    return "\n".join(out), kept
