"""What an HTTP client printed around a response body: curl's progress meter and the response head.

`curl -i URL 2>&1` in a pipe writes the meter on stderr, redrawn with `\\r`, and the body on
stdout; merged, a redraw lands inside the body (mid-line in a one-line JSON document), so the
body no longer parses and a `\\r`-resolving view shows only what follows the last redraw. And
`curl -i` / `curl -v` / httpie put the status line and headers before the body, which an HTML
reader would drop with the page's chrome: the status (`HTTP/1.1 500 …`) is what the agent asked.

Pure: `unmeter(data)` takes the meter's redraws out (the last one kept, on its own line where the
meter began); `split_head(data)` cuts a leading response head (and curl -v's lines) from the body.
"""
from __future__ import annotations

from engine.patterns import CURL_METER_RECORD, CURL_VERBOSE_LINE, HTTP_HEADER_LINE, HTTP_STATUS_LINE

METER_TITLE = b"% Total    % Received % Xferd"
#: The meter's title is printed first: look for it only this far into a payload.
METER_WINDOW = 4096
#: A response head is at most this many lines (curl -v -L over a few redirects).
HEAD_MAX_LINES = 400
#: A body shorter than this is left to the whole transcript's reading (a small JSON document is
#: shown whole anyway; the transcript's `\r`s still go).
FRAME_MIN_BODY = 1024


def unmeter(data: bytes) -> bytes | None:
    """The payload with curl's progress-meter records removed but the last, which is put back
    as the line right after the meter's title; None when there is no meter to take out."""
    title = data.find(METER_TITLE, 0, METER_WINDOW)
    if title < 0:
        return None
    # The title is two lines (`  % Total …` and `  Dload  Upload …`); records follow anywhere.
    after_title = data.find(b"\n", data.find(b"\n", title) + 1)
    if after_title < 0:
        return None
    after_title += 1
    records = list(CURL_METER_RECORD.finditer(data, after_title))
    if not records:
        return None
    pieces = [data[:after_title]]
    last = records[-1].group(0).lstrip(b"\r")
    pieces.append(last + b"\n")
    moved: list[bytes] = []  # curl -v's lines written with a redraw in the middle of the body
    cursor = after_title
    for m in records:
        pieces.append(data[cursor:m.start()])
        cursor = m.end()
        # The newline after a redraw is the meter's (it ends its last redraw), not the body's.
        if data[cursor:cursor + 1] == b"\n":
            cursor += 1
            mid_line = m.start() > 0 and data[m.start() - 1:m.start()] not in (b"\n", b"\r")
            while mid_line and cursor < len(data):
                nl = data.find(b"\n", cursor)
                line = data[cursor:len(data) if nl < 0 else nl]
                if not CURL_VERBOSE_LINE.match(line.decode("utf-8", "replace")):
                    break
                moved.append(line + b"\n")
                cursor = len(data) if nl < 0 else nl + 1
    pieces.append(data[cursor:])
    if moved:  # after the body, where curl said them once it had written it
        if not pieces[-1].endswith(b"\n"):
            pieces.append(b"\n")
        pieces.extend(moved)
    return b"".join(pieces)


def split_head(data: bytes) -> tuple[bytes, bytes] | None:
    """(head, body) when the payload opens with HTTP response heads (status line, headers and
    the blank line closing them; curl -v's `*`/`>`/`<` lines and the meter too) and a body
    follows; None otherwise. head ends with its newline; head + body is the payload."""
    if b"HTTP/" not in data[:METER_WINDOW]:
        return None
    pos = 0
    status_seen = False
    in_headers = False  # after a bare status line, until the blank line that closes its headers
    body_start = -1
    n = 0
    while pos < len(data) and n < HEAD_MAX_LINES:
        nl = data.find(b"\n", pos)
        end = len(data) if nl < 0 else nl + 1
        line = data[pos:end].rstrip(b"\r\n").split(b"\r")[-1].decode("utf-8", "replace")
        n += 1
        if in_headers:
            if not line.strip():
                in_headers = False
                body_start = end  # the body starts here unless another head follows
            elif not HTTP_HEADER_LINE.match(line):
                return None
        elif HTTP_STATUS_LINE.match(line):
            status_seen = True
            in_headers = not line.startswith("<")
            body_start = -1
        elif CURL_VERBOSE_LINE.match(line) or METER_TITLE.decode() in line or line.lstrip().startswith("Dload") \
                or CURL_METER_RECORD.fullmatch(line.encode()) is not None:
            body_start = end if status_seen else -1
        elif not line.strip() and not status_seen:
            pass
        else:
            break
        pos = end
    if not status_seen or in_headers:
        return None
    cut = body_start if body_start >= 0 else pos
    if cut >= len(data) or not data[cut:].strip():
        return None
    return data[:cut], data[cut:]


def frame(data: bytes) -> tuple[bytes, bytes, bytes] | None:
    """(head, body, tail) of a response transcript: split_head's head, then the body, then the
    curl -v lines and `curl: (N) …` errors after it; None when there is no head."""
    split = split_head(data)
    if split is None:
        return None
    head, rest = split
    end = len(rest)
    while end > 0:
        start = rest.rfind(b"\n", 0, end - 1) + 1
        line = rest[start:end].rstrip(b"\r\n").decode("utf-8", "replace")
        if line and not (CURL_VERBOSE_LINE.match(line) or line.startswith("curl: (")):
            break
        end = start
    body = rest[:end]
    if not body.strip():
        return None
    return head, body, rest[end:]
