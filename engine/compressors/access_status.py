"""Access lines whose status alone says a request failed on the server (5xx), in formats that
print it unquoted after the path (morgan's `GET /path 500 1.2 ms - 98`). The combined format's
`"GET /path HTTP/1.1" 500` is ACCESS_LOG_5XX's, asked by log.py on its own gate."""
from __future__ import annotations

from engine.compressors import lines as L
from engine.patterns import ACCESS_LINE_5XX

#: GET, POST and PUT end so: one find over the text stands for the seven methods' (a log of
#: failing DELETEs alone is not searched; one that also reads or writes is).
GATE = "T /"


def server_error_lines(scan: L.LineScan) -> set[int]:
    """Indexes of the lines of `scan` that are access lines with a 5xx status."""
    if GATE not in scan.joined():
        return set()
    # Every match starts with a method and ` /`: the regex is asked of the lines holding one
    # (its scan of the whole text, trying the seven methods at every position, cost a payload
    # of search hits or lint findings more than the rest of this module's work).
    lines = scan.lines
    return {i for i in scan.candidates(METHOD_PATHS, fold_case=False) if ACCESS_LINE_5XX.search(lines[i])}


#: What every ACCESS_LINE_5XX match starts with.
METHOD_PATHS = ("GET /", "POST /", "PUT /", "PATCH /", "DELETE /", "HEAD /", "OPTIONS /")
