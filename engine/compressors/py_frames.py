"""Python traceback frames as spans of lines, for the rules that count some of them (pip's
hook-runner frames, pytest's and pluggy's in native tracebacks)."""
from __future__ import annotations

from collections.abc import Iterator


def python_frames(norm: list[str], start: int, end: int, max_lines: int) -> Iterator[tuple[int, int, str, int]]:
    """Each frame in norm[start:end] as (first, stop, path, indent): norm[first] is its
    `File "path", line N, in f` line, indented by `indent`; the lines up to stop are it and the
    source and caret lines indented under it (max_lines in all at most)."""
    k = start
    while k < end:
        s = norm[k]
        body = s.lstrip()
        if not body.startswith('File "'):
            k += 1
            continue
        indent = len(s) - len(body)
        j = k + 1
        while j < end and j - k < max_lines:
            rest = norm[j].lstrip()
            if not rest or len(norm[j]) - len(rest) <= indent:
                break
            j += 1
        yield k, j, body[6:body.find('"', 6)], indent
        k = j
