"""istanbul's JSON reports (nyc, c8, jest, vitest): `coverage-final.json` and
`coverage-summary.json`.

coverage-final.json maps each file to its statement, function and branch maps and their hit
counts (`s`, `f`, `b`). What the agent acts on is what never ran: the statements, functions
and branch paths with a count of 0, and where they are. Sampled as a generic document, the
elided `statementMap` entries took those locations with them. So every entry with a 0 stays,
in its map and in its counts, and the entries that ran are one counted marker per map.

coverage-summary.json maps each file to its lines/statements/functions/branches figures:
every file not fully covered stays whole; the fully covered ones (every `pct` 100) are
counted under one marker. The `total` stays.
"""
from __future__ import annotations

from typing import Any

MARKER = "__caveman_elided__"
SUMMARY_KEY = "__caveman_invariants__"
#: A coverage-final.json file record's maps: (location map, counts, what one entry is).
FINAL_MAPS = (("statementMap", "s", "statements"), ("fnMap", "f", "functions"), ("branchMap", "b", "branches"))
FINAL_KEYS = frozenset({"path", "statementMap", "s", "fnMap", "f", "branchMap", "b"})
SUMMARY_METRICS = frozenset({"lines", "statements", "functions", "branches"})
#: How many file records are read to recognise a report (the rest are checked as walked).
SNIFF = 3


def _files(root: Any) -> list[Any] | None:
    if not isinstance(root, dict) or not root:
        return None
    return [v for _, v in zip(range(SNIFF), root.values())]


def is_final_report(root: Any) -> bool:
    files = _files(root)
    return bool(files) and all(isinstance(v, dict) and FINAL_KEYS <= v.keys() for v in files)


def is_summary_report(root: Any) -> bool:
    total = root.get("total") if isinstance(root, dict) else None
    return (isinstance(total, dict) and SUMMARY_METRICS <= total.keys()
            and all(isinstance(total[m], dict) and "pct" in total[m] for m in SUMMARY_METRICS))


def _ran(count: Any) -> bool | None:
    """Whether an entry ran: a statement's or function's count ≥ 1, a branch's every path's."""
    if type(count) is int:
        return count > 0
    if isinstance(count, list) and count and all(type(c) is int for c in count):
        return all(c > 0 for c in count)
    return None


def _first_line(loc: Any) -> int | None:
    """The line an entry starts on (a statement's `start`, a function's or branch's `loc`)."""
    if not isinstance(loc, dict):
        return None
    for where in (loc, loc.get("loc"), loc.get("decl")):
        start = where.get("start") if isinstance(where, dict) else None
        if isinstance(start, dict) and type(start.get("line")) is int:
            return start["line"]
    return loc["line"] if type(loc.get("line")) is int else None


def _marker(n: int, summary: str, markers: list[dict[str, Any]]) -> dict[str, Any]:
    marker = {MARKER: n, SUMMARY_KEY: summary}
    markers.append(marker)
    return marker


def final_file(record: dict[str, Any], markers: list[dict[str, Any]]) -> dict[str, Any]:
    """One file's record: each map's entries that never ran kept with their counts; those
    that ran counted (with the lines they start on and their counts' range)."""
    out: dict[str, Any] = {}
    views: dict[str, dict[str, Any]] = {}
    for loc_key, count_key, noun in FINAL_MAPS:
        locs, counts = record.get(loc_key), record.get(count_key)
        if not (isinstance(locs, dict) and isinstance(counts, dict)) or list(locs) != list(counts):
            continue
        verdicts = {k: _ran(c) for k, c in counts.items()}
        if any(v is None for v in verdicts.values()):
            continue
        ran = [k for k, v in verdicts.items() if v]
        if not ran and len(locs) >= 2:
            # nothing in the map ran (a file never loaded): its entries are the whole file's
            lines = [_first_line(x) for x in locs.values()]
            where = f", starting on lines {min(lines)}..{max(lines)}" if all(isinstance(x, int) for x in lines) else ""
            views[loc_key] = {MARKER: _marker(len(locs), f"all {len(locs)} {noun}: none ran (every "
                                              f"{count_key} count 0){where}", markers)}
            views[count_key] = {MARKER: _marker(len(locs), f"all {len(locs)} counts 0", markers)}
            continue
        if len(ran) < 2:
            continue
        lines = [_first_line(locs[k]) for k in ran]
        where = ""
        if all(isinstance(x, int) for x in lines):
            where = f", starting on lines {min(lines)}..{max(lines)}"
        hits = [c if type(c) is int else min(c) for c in (counts[k] for k in ran)]
        what = "with every path taken" if noun == "branches" else "that ran"
        loc_view: dict[str, Any] = {}
        count_view: dict[str, Any] = {}
        first = ran[0]
        for k in locs:
            if k == first:
                loc_view[MARKER] = _marker(len(ran), f"{len(ran)} {noun} {what} (their {count_key} "
                                           f"counts >= 1){where}", markers)
                count_view[MARKER] = _marker(len(ran), f"{len(ran)} counts, range {min(hits)}..{max(hits)}"
                                             + (" (each path's)" if noun == "branches" else ""), markers)
            if not verdicts[k]:
                loc_view[k] = locs[k]
                count_view[k] = counts[k]
        views[loc_key], views[count_key] = loc_view, count_view
    for k, v in record.items():
        out[k] = views.get(k, v)
    return out


def final_view(root: dict[str, Any], markers: list[dict[str, Any]]) -> dict[str, Any]:
    return {name: final_file(r, markers) if isinstance(r, dict) and FINAL_KEYS <= r.keys() else r
            for name, r in root.items()}


def _fully_covered(figures: Any) -> bool:
    return (isinstance(figures, dict) and SUMMARY_METRICS <= figures.keys()
            and all(isinstance(figures[m], dict) and figures[m].get("pct") == 100 for m in SUMMARY_METRICS))


def summary_view(root: dict[str, Any], markers: list[dict[str, Any]]) -> dict[str, Any]:
    """The total and every file not fully covered as they are; the fully covered counted."""
    full = [k for k, v in root.items() if k != "total" and _fully_covered(v)]
    if not full:
        return root
    elided = frozenset(full)
    out: dict[str, Any] = {}
    for k, v in root.items():
        if k == full[0]:
            key = MARKER
            while key in root:
                key += "_"
            out[key] = _marker(len(full), f"{len(full)} files fully covered (lines, statements, "
                               "functions and branches pct 100)", markers)
        if k not in elided:
            out[k] = v
    return out
