"""Long lists of names that differ by their numbers: `redis-cli KEYS '*'` or `--scan` over a
database of `session:00042`-style keys, plain or numbered as on a terminal.

A list of up to LIST_MAX_ENTRIES entries stays whole (text.is_path_listing). Past that, thinning
it as look-alike sections left markers that said nothing of what went. Here each entry's shape is
its text with every digit run masked (`session:#`); a shape held by FAMILY_MIN entries or more is
a family: its first KEEP members stay where they were, and one marker after them counts the
others and gives their first and last in sorted order (numbers read as numbers). Every entry of another shape (the one
`config:feature_flags` among thousands of sessions) stays, in its place.

Only lists of names are read so (no spaces, no `/`: a path list's families are its directories,
not its numbers), and only when families make up most of the list.
"""
from __future__ import annotations

from collections import Counter

from engine.compressors import lines as L
from engine.patterns import DIGIT_RUN, DIGIT_SPLIT, KEY_LIST_ENTRY, REDIS_REPLY_NUMBER

FAMILY_MIN = 10
KEEP = 2
#: Share of the entries that families must hold for the fold to be worth its markers.
FAMILY_SHARE = 0.5


def fold(text: str) -> str | None:
    lines = text.split("\n")
    trailing = lines and lines[-1] == ""
    if trailing:
        lines = lines[:-1]
    if len(lines) <= L.LIST_MAX_ENTRIES:
        return None
    entries: list[str] = []
    for ln in lines:
        entry = _entry(ln)
        if not KEY_LIST_ENTRY.fullmatch(entry):
            return None
        entries.append(entry)
    shapes = [DIGIT_RUN.sub("#", e) for e in entries]
    counts = Counter(shapes)
    families = {s for s, c in counts.items() if c >= FAMILY_MIN}
    if sum(counts[s] for s in families) < FAMILY_SHARE * len(entries):
        return None
    elided: dict[str, list[str]] = {s: [] for s in families}
    for entry, shape in zip(entries, shapes):
        if shape in families:
            elided[shape].append(entry)
    out: list[str] = []
    seen: Counter[str] = Counter()
    for line, shape in zip(lines, shapes):
        if shape not in families:
            out.append(line)
            continue
        seen[shape] += 1
        if seen[shape] > KEEP:
            continue
        out.append(line)
        if seen[shape] == KEEP and counts[shape] > KEEP:
            rest = sorted(elided[shape][KEEP:], key=_natural)
            out.append(L.marker_text(len(rest), "lines", f"each `{shape}` (# a number), {rest[0]}..{rest[-1]}"))
    return "\n".join(out) + ("\n" if trailing else "")


def _natural(entry: str) -> tuple:
    """Sort key reading digit runs as numbers (`user:99` before `user:100`); one family's
    members split alike, so their keys compare part by part."""
    return tuple(int(p) if i % 2 else p for i, p in enumerate(DIGIT_SPLIT.split(entry)))


def _entry(line: str) -> str:
    """The name a line holds: redis-cli's numbering and quotes removed."""
    line = line.strip()
    if line[:1].isdigit():
        m = REDIS_REPLY_NUMBER.match(line)
        if m is not None:
            line = line[m.end():]
            if len(line) >= 2 and line[0] == line[-1] == '"':
                line = line[1:-1]
    return line
