"""Runs of search hits that read the same text in several files (`from __future__ import
annotations` in 800 files, `"license": "MIT",` in every package.json, vendored copies).

Each hit of such a run is a distinct location the agent asked for, so none may go; only the
text they share repeats. The run's first hit stays whole, then one marker line says how many
hits follow with that same text, then each of them as its `path:line` (the location exactly as
printed). Nothing is elided: the view says everything the run said.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.patterns import CLOCK_LED_LINE, SEARCH_HIT

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


def fold_marker(count: int, indents_differ: bool) -> str:
    aside = " (indentation aside)" if indents_differ else ""
    return f"… next {count} hits have the text above{aside}, shown as path:line (caveman) …"


def _location_and_text(line: str) -> tuple[str, str] | None:
    found = SEARCH_HIT.match(line)
    if found is None or CLOCK_LED_LINE.match(line):
        return None
    return line[:found.end() - 1], line[found.end():]


def _several_files(locations: list[str]) -> bool:
    paths = [SEARCH_HIT.match(location + ":").group(1) for location in locations]  # type: ignore[union-attr]
    return any(path != paths[0] for path in paths)


def fold_same_text(lines: list[str], bare: list[str], must: list[bool], eol: str = "") -> Folded | None:
    """Fold each run of at least MIN_RUN consecutive `path:line:text` hits with one text; None
    when there is none. `lines` are emitted verbatim (with their `\\r`), `bare` matched; the
    marker and the locations end in `eol` (the `\\r` of a CRLF payload)."""
    n = len(bare)
    runs: list[tuple[int, int, list[str], bool]] = []  # start, end, locations, indents differ
    i = 0
    while i + MIN_RUN <= n:
        first = _location_and_text(bare[i])
        if first is None or len(first[1].strip()) < MIN_TEXT:
            i += 1
            continue
        # Copies of a file differ in indentation alone (tabs in one, spaces in another).
        text = first[1].lstrip()
        locations = [first[0]]
        indents_differ = False
        j = i + 1
        # `endswith` first: a C-level test that turns most lines down before any regex runs.
        while j < n and bare[j].endswith(text):
            hit = _location_and_text(bare[j])
            if hit is None or hit[1].lstrip() != text:
                break
            indents_differ = indents_differ or hit[1] != first[1]
            locations.append(hit[0])
            j += 1
        # A run within one file stays with the look-alike rule (elided, its file and line range
        # said); a run over several files is a list of files, which must stay whole.
        if j - i >= MIN_RUN and _several_files(locations):
            runs.append((i, j, locations, indents_differ))
            i = j
        else:
            i += 1
    if not runs:
        return None
    out_lines: list[str] = []
    out_bare: list[str] = []
    out_must: list[bool] = []
    pos = 0
    for start, end, locations, indents_differ in runs:
        out_lines.extend(lines[pos:start])
        out_bare.extend(bare[pos:start])
        out_must.extend(must[pos:start])
        # The first hit stays whole: it states the shared text once, in its own words.
        out_lines.append(lines[start])
        out_bare.append(bare[start])
        marker = fold_marker(end - start - 1, indents_differ)
        out_lines.append(marker + eol)
        out_bare.append(marker)
        out_lines.extend(location + eol for location in locations[1:])
        out_bare.extend(locations[1:])
        out_must.extend([True] * (len(locations) + 1))
        pos = end
    out_lines.extend(lines[pos:])
    out_bare.extend(bare[pos:])
    out_must.extend(must[pos:])
    return Folded(out_lines, out_bare, out_must, sum(end - start for start, end, _, _ in runs))
