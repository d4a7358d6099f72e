"""cppcheck's --xml report, read as an agent runs it (`cppcheck --xml src 2>&1`: the report on
stderr, the `Checking ...` progress on stdout, merged line by line).

Every `<error id=... severity=... msg=...>` element is one finding: its line stays, and so does
its first `<location file= line= column=>`, so each finding keeps its check id, message and
file:line:column. The further `<location>` lines (the steps of a value-flow path) and the
`<symbol>` lines under it are one marker counting each kind. Configuration passes (`Checking
f.c: WIN32;_MSC_VER...`) are runs of progress lines; the line opening each file and the
`N/M files checked` lines stay.

Pure: `elisions(lines)` says which runs to elide (None when the text is no such report);
lines.with_run_markers writes the view.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.patterns import CPPCHECK_CONFIG_LINE, CPPCHECK_XML_DETAIL

#: What the report's header holds: a text without it is no cppcheck XML report.
SIGN = '<cppcheck version="'
#: A run this short stays (its marker would cost about what its lines cost).
MIN_RUN = 2


def is_report(text: str) -> bool:
    return SIGN in text and "<results" in text and "<error" in text


def elisions(lines: Sequence[str]) -> list[tuple[int, int, str]] | None:
    if not any(ln.lstrip().startswith("<results") for ln in lines[:50]):
        return None
    runs: list[tuple[int, int, str]] = []
    n = len(lines)
    i = 0
    in_error = first_location_seen = False
    while i < n:
        s = lines[i].lstrip()
        if s.startswith("<error ") or s.startswith("<error>"):
            in_error, first_location_seen = not s.rstrip().endswith("/>"), False
        elif s.startswith("</error>"):
            in_error = False
        if s.startswith("Checking ") and CPPCHECK_CONFIG_LINE.fullmatch(s.rstrip()):
            j = i
            while j < n and lines[j].lstrip().startswith("Checking ") \
                    and CPPCHECK_CONFIG_LINE.fullmatch(lines[j].strip()):
                j += 1
            if j - i >= MIN_RUN:
                runs.append((i, j, f"{j - i} configuration progress lines (Checking file: macros...)"))
            i = j
            continue
        if in_error and s.startswith("<location") and not first_location_seen:
            first_location_seen = True
            i += 1
            continue
        if in_error and (s.startswith("<location") or s.startswith("<symbol>")) \
                and CPPCHECK_XML_DETAIL.fullmatch(lines[i]):
            j = i
            locations = symbols = 0
            while j < n and CPPCHECK_XML_DETAIL.fullmatch(lines[j]):
                if lines[j].lstrip().startswith("<location"):
                    locations += 1
                else:
                    symbols += 1
                j += 1
            if j - i >= MIN_RUN:
                parts = []
                if locations:
                    parts.append(f"{locations} further <location> line{'s' if locations != 1 else ''} of this error")
                if symbols:
                    parts.append(f"{symbols} <symbol> line{'s' if symbols != 1 else ''}")
                runs.append((i, j, "; ".join(parts)))
            i = j
            continue
        i += 1
    return runs or None
