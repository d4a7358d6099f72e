"""The HTTP statuses of the access lines a log marker elides (`statuses 200×396, 404×2`).

An access log's 4xx lines carry no error word and are not kept (a 5xx is: access_status), so a
marker over a run of them said nothing of the statuses it hid: `GET /items/0 … 404` became one
of `398 lines elided`. The marker now counts them. Read by string search, not a regex: every
elided line of an access log is asked (`"GET /p HTTP/1.1" 404 …`, the combined, werkzeug,
gunicorn and uvicorn forms all put the status right after the request's closing quote).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

GATE = ' HTTP/1.'


def is_access_log(joined: str) -> bool:
    return GATE in joined and '" ' in joined


def status_summary(lines: Sequence[str]) -> str:
    """`statuses 200×396, 404×2` over the lines that are access lines; "" when none is."""
    counts: Counter[str] = Counter()
    for line in lines:
        at = line.find(GATE)
        if at < 0:
            continue
        quote = line.find('" ', at)
        if quote < 0:
            continue
        status = line[quote + 2:quote + 5]
        if len(status) == 3 and status.isdigit() and line[quote + 5:quote + 6] in ("", " "):
            counts[status] += 1
    if not counts:
        return ""
    return "statuses " + ", ".join(f"{s}×{n}" for s, n in sorted(counts.items()))
