"""The HTTP statuses of the access lines a log marker elides (`statuses 200×396, 404×2`).

An access log's 4xx lines carry no error word and are not kept (a 5xx is: access_status), so a
marker over a run of them said nothing of the statuses it hid: `GET /items/0 … 404` became one
of `398 lines elided`. The marker now counts them. Read by string search, not a regex: every
elided line of an access log is asked (`"GET /p HTTP/1.1" 404 …`, the combined, werkzeug,
gunicorn and uvicorn forms all put the status right after the request's closing quote; morgan's
`dev` and `tiny` lines, `GET /products/85 404 0.512 ms - 21`, put it after the path).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from engine.patterns import ACCESS_QUOTED_STATUS, HAPROXY_HTTP_STATUS

GATE = ' HTTP/1.'


_METHODS = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"})
_METHOD_INITIALS = frozenset(m[0] for m in _METHODS)


def is_access_log(joined: str) -> bool:
    # (haproxy's httplog line ends with its quoted request)
    return GATE in joined and ('" ' in joined or '"\n' in joined)


def has_morgan_lines(joined: str) -> bool:
    """morgan's `dev`/`tiny` lines (`GET /products/85 404 0.512 ms - 21`) may be among these."""
    return "T /" in joined and " ms" in joined


def _morgan_status(line: str) -> str | None:
    """The status of a morgan `dev`/`tiny` line: method, path, status, then a number."""
    parts = line.split(" ", 4)
    if len(parts) < 4 or parts[0] not in _METHODS or not parts[1].startswith("/"):
        return None
    status = parts[2]
    if len(status) == 3 and status.isdigit() and (parts[3][:1].isdigit() or parts[3] == "-"):
        return status
    return None


def with_statuses(describe: Callable[[int, int], str] | None, lines: Sequence[str]) -> Callable[[int, int], str]:
    """`describe` with the statuses of the run's access lines after what it says."""
    def described(i: int, j: int) -> str:
        said, statuses = (describe(i, j) if describe is not None else ""), status_summary(lines[i:j])
        return "; ".join(part for part in (said, statuses) if part)
    return described


def status_summary(lines: Sequence[str]) -> str:
    """`statuses 200×396, 404×2` over the lines that are access lines; "" when none is."""
    joined = "\n".join(lines)
    counts: Counter[str] = Counter(ACCESS_QUOTED_STATUS.findall(joined)) if GATE in joined else Counter()
    if not counts and "] " in joined and GATE in joined:  # haproxy: the status before the request
        counts = Counter(HAPROXY_HTTP_STATUS.findall(joined))
    if not counts and "T /" in joined:
        for line in lines:
            status = _morgan_status(line) if line[:1] in _METHOD_INITIALS else None
            if status is not None:
                counts[status] += 1
    if not counts:
        return ""
    return "statuses " + ", ".join(f"{s}×{n}" for s, n in sorted(counts.items()))
