"""wget's verbose transcript of many requests (`wget -r`, `--spider`, `-i urls.txt`).

Each request is a record opened by `--DATE TIME--  URL`: how it connected, the status, where it
saved, the dot-progress rows. A mirror of a site is hundreds of records saying the same; what
the agent reads it for is the request that failed and its URL (`ERROR 404: Not Found.` names no
URL: it sits in the record head). So a routine record (every line one a request that went well
prints, one status) whose status an earlier record already showed whole is elided; adjacent
ones share one marker naming how many requests, their status and their URLs (whole while
short, else the first and the last). Every other record stays whole, and so does everything outside the records (the
`FINISHED` summary, the spider's list of broken links).

Pure: `is_report(text)`, `view(units, cleaned, eol)`.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.compressors.lines import with_run_markers
from engine.patterns import WGET_NV_SAVED, WGET_RECORD_HEAD, WGET_ROUTINE_LINE, WGET_STATUS

#: Records in a row from which the ones after the first are elided.
MIN_RUN = 3
#: Fewest records that make a many-request transcript (a single download is the text compressor's).
MIN_RECORDS = 3
URLS_MAX_CHARS = 200
_HEAD_WORD = "HTTP request sent, awaiting response..."


def is_report(text: str) -> bool:
    """A literal gate, then the record heads: MIN_RECORDS requests or more (verbose), or
    MIN_RECORDS saved-file lines of `-nv` with a failure among them (its `URL:` line names the
    URL an `ERROR` line does not; a log's repeat folding would take them apart)."""
    if text.count(" URL:") >= MIN_RECORDS and " ERROR " in text:
        return sum(1 for ln in text.split("\n") if " URL:" in ln and WGET_NV_SAVED.match(ln)) >= MIN_RECORDS
    if text.count(_HEAD_WORD) < MIN_RECORDS:
        return False
    heads = 0
    for line in text.split("\n"):
        if line.startswith("--") and WGET_RECORD_HEAD.match(line):
            heads += 1
            if heads >= MIN_RECORDS:
                return True
    return False


Record = tuple[int, int, str, str]  # start, end, URL, status ("" when the record is not routine)


def _records(lines: Sequence[str]) -> list[Record]:
    if not any(_HEAD_WORD in ln for ln in lines):  # -nv: a saved file a line, a failure two
        return [(i, i + 1, m.group(1), "saved") for i, ln in enumerate(lines)
                if " URL:" in ln and (m := WGET_NV_SAVED.match(ln))]
    starts = [i for i, ln in enumerate(lines) if ln.startswith("--") and WGET_RECORD_HEAD.match(ln)]
    out: list[Record] = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else _trailer_start(lines, start)
        url = WGET_RECORD_HEAD.match(lines[start]).group(1)
        statuses = [m.group(1) for ln in lines[start:end] if (m := WGET_STATUS.match(ln))]
        routine = len(set(statuses)) == 1 and all(WGET_ROUTINE_LINE.match(ln) for ln in lines[start:end])
        out.append((start, end, url, statuses[0].strip() if routine else ""))
    return out


def _trailer_start(lines: Sequence[str], start: int) -> int:
    """Where the last record ends: at wget's closing summary or the spider's broken-link list."""
    for i in range(start + 1, len(lines)):
        if lines[i].startswith(("FINISHED --", "Found ", "Downloaded: ", "Total wall clock time:")):
            return i
    return len(lines)


def _urls(rest: Sequence[Record]) -> str:
    listed = ", ".join(r[2] for r in rest)
    if len(listed) <= URLS_MAX_CHARS:
        return f"({listed})"
    return f"(from {rest[0][2]} to {rest[-1][2]})"


def elisions(lines: Sequence[str]) -> list[tuple[int, int, str]]:
    """Each run of adjacent routine records whose status an earlier kept record showed, as
    (start, end, summary). The first record of each status stays whole as the example."""
    records = _records(lines)
    if sum(1 for r in records if r[3]) < MIN_RUN:
        return []
    shown: set[str] = set()
    runs: list[tuple[int, int, str]] = []
    group: list[Record] = []

    def close() -> None:
        if group and group[-1][1] - group[0][0] < 2:
            group.clear()  # one line (-nv) says more than a marker in its place
        if group:
            status = group[0][3]
            said = "1 more request," if len(group) == 1 else f"{len(group)} more requests, each"
            runs.append((group[0][0], group[-1][1], f"{said} `{status}` {_urls(group)}"))
            group.clear()

    for record in records:
        status = record[3]
        if not status or status not in shown:
            close()
            if status:
                shown.add(status)
            continue
        if group and (group[-1][1] != record[0] or group[0][3] != status):
            close()
        group.append(record)
    close()
    return runs


def view(units: Sequence[str], cleaned: Sequence[str], eol: str = "") -> list[str]:
    return with_run_markers(units, elisions(cleaned), eol)
