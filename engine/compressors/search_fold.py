"""Runs of search hits that read the same text in several files (`from __future__ import
annotations` in 800 files, `"license": "MIT",` in every package.json, vendored copies).

Each hit of such a run is a distinct location the agent asked for, so none may go; only the
text they share repeats. The run's first hit stays whole, then one marker line says how many
hits follow with that same text, then each of them as its `path:line` (the location exactly as
printed). Nothing is elided: the view says everything the run said. A diagnostic (tool output
shaped like hits: `x.c:3:5: runtime error: …`) never folds: each error line stays whole.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.patterns import CLOCK_LED_LINE, SEARCH_DIAGNOSTIC_TEXT, SEARCH_HIT, SEARCH_PATH_HIT

#: Fewest consecutive hits with one text that fold (fewer cost about what the marker costs).
MIN_RUN = 4
#: Shortest shared text (without its indentation) worth stating once.
MIN_TEXT = 8


@dataclass(frozen=True)
class Folded:
    """The lines after folding, which of them must stay, and how many hits were folded."""

    lines: list[str]
    bare: list[str]
    must: list[bool]
    folded_hits: int


def fold_marker(count: int, indents_differ: bool, numbered: bool = True) -> str:
    aside = " (indentation aside)" if indents_differ else ""
    shown = "path:line" if numbered else "path"
    return f"… next {count} hits have the text above{aside}, shown as {shown} (caveman) …"


def _location_and_text(line: str) -> tuple[str, str, bool] | None:
    """A hit's location (`path:12`, or `path` for `rg` to a pipe), its text, and whether it
    is numbered; None for any other line."""
    found = SEARCH_HIT.match(line)
    if found is not None:
        return None if CLOCK_LED_LINE.match(line) else (line[:found.end() - 1], line[found.end():], True)
    found = SEARCH_PATH_HIT.match(line)
    return None if found is None else (line[:found.end() - 1], line[found.end():], False)


def _several_files(locations: list[str], numbered: bool) -> bool:
    if not numbered:
        return any(location != locations[0] for location in locations)
    paths = [SEARCH_HIT.match(location + ":").group(1) for location in locations]  # type: ignore[union-attr]
    return any(path != paths[0] for path in paths)


def fold_same_text(lines: list[str], bare: list[str], must: list[bool], eol: str = "") -> Folded | None:
    """Fold each run of at least MIN_RUN consecutive `path:line:text` hits with one text; None
    when there is none. `lines` are emitted verbatim (with their `\\r`), `bare` matched; the
    marker and the locations end in `eol` (the `\\r` of a CRLF payload)."""
    n = len(bare)
    runs: list[tuple[int, int, list[str], bool, bool]] = []  # start, end, locations, indents differ, numbered
    i = 0
    while i + MIN_RUN <= n:
        # Cheap test first: a run's first hits end alike (slices compared before any regex).
        if bare[i][-MIN_TEXT:] != bare[i + 1][-MIN_TEXT:] or bare[i][-MIN_TEXT:] != bare[i + MIN_RUN - 1][-MIN_TEXT:]:
            i += 1
            continue
        first = _location_and_text(bare[i])
        if first is None or len(first[1].strip()) < MIN_TEXT or SEARCH_DIAGNOSTIC_TEXT.match(first[1]):
            i += 1  # a diagnostic's line (tool output shaped like hits) is never cut to its location
            continue
        # Copies of a file differ in indentation alone (tabs in one, spaces in another).
        text = first[1].lstrip()
        numbered = first[2]
        locations = [first[0]]
        indents_differ = False
        j = i + 1
        # `endswith` first: a C-level test that turns most lines down before any regex runs.
        while j < n and bare[j].endswith(text):
            hit = _location_and_text(bare[j])
            if hit is None or hit[1].lstrip() != text or hit[2] != numbered:
                break
            indents_differ = indents_differ or hit[1] != first[1]
            locations.append(hit[0])
            j += 1
        # A run within one file stays with the look-alike rule (elided, its file and line range
        # said); a run over several files is a list of files, which must stay whole.
        if j - i >= MIN_RUN and _several_files(locations, numbered):
            runs.append((i, j, locations, indents_differ, numbered))
            i = j
        elif j - i >= MIN_RUN:
            # one file's run: every run starting inside it ends at j in that file too (restarting
            # at i + 1 made a long run of one line quadratic)
            i = j
        else:
            i += 1
    if not runs:
        return None
    # The first hit stays whole: it states the shared text once, in its own words.
    return _splice(lines, bare, must, eol, [
        (start, end, 1, fold_marker(end - start - 1, indents_differ, numbered), locations[1:])
        for start, end, locations, indents_differ, numbered in runs])


def _splice(lines: list[str], bare: list[str], must: list[bool], eol: str,
            runs: list[tuple[int, int, int, str, list[str]]]) -> Folded:
    """Replace each run (start, end, shown, marker, listed) of hits by its first `shown` lines,
    the marker, then each listed item on a line of its own (ending in `eol`); all of them stay."""
    out_lines: list[str] = []
    out_bare: list[str] = []
    out_must: list[bool] = []
    pos = 0
    for start, end, shown, marker, listed in runs:
        out_lines.extend(lines[pos:start + shown])
        out_bare.extend(bare[pos:start + shown])
        out_must.extend(must[pos:start])
        out_lines.append(marker + eol)
        out_bare.append(marker)
        out_lines.extend(item + eol for item in listed)
        out_bare.extend(listed)
        out_must.extend([True] * (shown + 1 + len(listed)))
        pos = end
    out_lines.extend(lines[pos:])
    out_bare.extend(bare[pos:])
    out_must.extend(must[pos:])
    return Folded(out_lines, out_bare, out_must, sum(end - start for start, end, _, _, _ in runs))


# ------------------------------------------------------------ the same hits in each copy of a tree

#: Longest group of hits that can recur (a header's five structs in each of 48 vendored copies).
MAX_GROUP = 16
#: Fewest copies (the group shown whole included) that fold.
MIN_COPIES = 3


def recur_marker(count: int, hits: int, prefix: str) -> str:
    what = "hit above recurs" if hits == 1 else f"{hits} hits above recur"
    return (f"… the {what}, same lines and text, with `{prefix}` replaced by each of these "
            f"{count} (caveman) …")


def _parse_hit(line: str) -> tuple[str, str] | None:
    """A hit as (path, `:line:text` after it); None for a line that is no hit."""
    found = SEARCH_HIT.match(line)
    return None if found is None or CLOCK_LED_LINE.match(line) else (found.group(1), line[found.end(1):])


def _split_prefixes(a: str, b: str) -> tuple[str, str] | None:
    """The parts of two paths before their longest common tail that starts at a `/`."""
    la, lb = len(a), len(b)
    i = 0
    while i < la and i < lb and a[la - 1 - i] == b[lb - 1 - i]:
        i += 1
    cut = a.find("/", la - i)
    if cut < 0:
        return None
    return a[:cut], b[:cut - la + lb]


def _group_prefix(hits: list[tuple[str, str] | None], a: int, b: int, k: int) -> tuple[str, str] | None:
    """The prefixes that turn group a..a+k into group b..b+k, hit for hit; None if none does."""
    pair: tuple[str, str] | None = None
    for t in range(k):
        ha, hb = hits[a + t], hits[b + t]
        if ha is None or hb is None or ha[1] != hb[1]:
            return None
        split = _split_prefixes(ha[0], hb[0])
        if split is None or not split[0] or not split[1] or split[0] == split[1] or (pair is not None and split != pair):
            return None
        pair = split
    return pair


def _copy_prefix(hits: list[tuple[str, str] | None], a: int, b: int, tails: list[str]) -> str | None:
    """The prefix that, put before each of `tails`, gives group b's paths, hit for hit, with
    group a's lines and text; None if there is no such prefix."""
    prefix: str | None = None
    for t, tail in enumerate(tails):
        ha, hb = hits[a + t], hits[b + t]
        if ha is None or hb is None or ha[1] != hb[1] or not hb[0].endswith(tail):
            return None
        head = hb[0][:len(hb[0]) - len(tail)]
        if prefix is not None and head != prefix:
            return None
        prefix = head
    return prefix


def fold_recurring_groups(lines: list[str], bare: list[str], must: list[bool], eol: str = "") -> Folded | None:
    """Fold a group of hits that recurs, same lines and text, under other directory prefixes
    (vendored copies, per-platform trees): the first group stays whole, then a marker names the
    prefix it has and how many others follow, then each other prefix on a line of its own."""
    n = len(bare)
    # Cheap test first: a hit that recurs has its `:line:text` (all after the path, which holds
    # no colon) in at least two other lines.
    ends = [line[line.find(":"):] for line in bare]
    counts = Counter(ends)
    if max(counts.values(), default=0) < MIN_COPIES:
        return None
    # Only lines whose `:line:text` recurs can belong to a recurring group: only they are parsed.
    hits: list[tuple[str, str] | None] = [
        _parse_hit(line) if counts[end] >= MIN_COPIES else None for line, end in zip(bare, ends)]
    # The next line with each line's `:line:text` (0: none), filled back to front.
    following = [0] * n
    last: dict[str, int] = {}
    for i in range(n - 1, -1, -1):
        if hits[i] is not None:
            following[i] = last.get(ends[i], 0)
            last[ends[i]] = i
    runs: list[tuple[int, int, str, list[str]]] = []  # start, end, first prefix, other prefixes
    i = 0
    while i < n:
        best: tuple[int, int, str, list[str]] | None = None
        if hits[i] is not None:
            # Group sizes to try: the distances to the next lines with this hit's line and text.
            sizes = []
            j = following[i]
            while j and j - i <= MAX_GROUP and i + MIN_COPIES * (j - i) <= n:
                sizes.append(j - i)
                j = following[j]
            for k in sizes:
                # The hit k lines on must read the same line and text.
                if hits[i + k] is None or hits[i + k][1] != hits[i][1]:  # type: ignore[index]
                    continue
                first = _group_prefix(hits, i, i + k, k)
                if first is None:
                    continue
                # Later copies are matched by the tails the first two fixed (a copy may share
                # more of its path with the first than the second did: `BSD-x86/asm` after
                # `linux-aarch64/asm` and `…/no-asm`).
                tails = [hits[i + t][0][len(first[0]):] for t in range(k)]  # type: ignore[index]
                others = [first[1]]
                j = i + 2 * k
                while j + k <= n:
                    other = _copy_prefix(hits, i, j, tails)
                    if not other or other == first[0] or other in others:
                        break
                    others.append(other)
                    j += k
                if len(others) + 1 >= MIN_COPIES and (best is None or j - i > best[1] - best[0]):
                    best = (i, j, first[0], others)
        if best is None:
            i += 1
            continue
        runs.append(best)
        i = best[1]
    if not runs:
        return None
    spliced = []
    for start, end, prefix, others in runs:
        shown = (end - start) // (len(others) + 1)  # the first group, whole
        spliced.append((start, end, shown, recur_marker(len(others), shown, prefix), others))
    return _splice(lines, bare, must, eol, spliced)
