"""Access lines whose status alone says a request failed on the server (5xx), in formats that
print it unquoted after the path (morgan's `GET /path 500 1.2 ms - 98`). The combined format's
`"GET /path HTTP/1.1" 500` is ACCESS_LOG_5XX's, asked by log.py on its own gate."""
from __future__ import annotations

from engine.compressors import lines as L
from engine.patterns import ACCESS_LINE_5XX

#: Every ACCESS_LINE_5XX match holds one of these: a payload with none is not searched.
METHOD_PATHS = ("GET /", "POST /", "PUT /", "PATCH /", "DELETE /", "HEAD /", "OPTIONS /")


def server_error_lines(scan: L.LineScan) -> set[int]:
    """Indexes of the lines of `scan` that are access lines with a 5xx status."""
    joined = scan.joined()
    if not any(method in joined for method in METHOD_PATHS):
        return set()
    return scan.candidates((), (ACCESS_LINE_5XX,), fold_case=False)
