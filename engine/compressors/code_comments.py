"""Runs of `//` line comments outside bodies (Go and Rust doc comments, C++ and JS comment
blocks, licence headers; Python's `#` blocks) cut to their first sentence, as a docstring is
cut to its first line; a comment line of the same kind says where and how many lines went
(`// … 12 comment lines elided (caveman)`).

A Go or Rust file is read for its outline, and its doc comments are most of what is left once
bodies are elided (a Go listing kept 70% of its size). Lines that steer the build or the reader
stay: `//go:build` and other directives, `Deprecated:`, `@tags`, Rust's `# Safety` / `# Panics`
/ `# Errors` headings, SPDX licence identifiers, Python's `# type:` / `# noqa` / `# pragma` lines. Pure: byte ranges in, (start, end, replacement) out.
"""
from __future__ import annotations

from engine import patterns as P

#: Shorter runs cost about what they say.
MIN_RUN = 3
#: Fewest lines a cut must remove (its note takes a line of its own).
MIN_CUT = 3
#: Lines a run's first sentence may take before it is cut anyway.
MAX_LEAD = 3
_SENTENCE_END = (b".", b":", b"!", b"?")
_COMMENT_NODES = frozenset({"comment", "line_comment"})


def comment_runs(children, data: bytes, marker: bytes = b"//") -> list[tuple[int, int, bytes]]:  # type: ignore[no-untyped-def]
    """For each run of `//` comments on consecutive lines, each alone on its line, that goes on
    for at least MIN_RUN - 1 lines past its first sentence: the range from the end of that
    sentence to the end of the run's last line, and the lines of it that stay."""
    found: list[tuple[int, int, bytes]] = []
    run: list[tuple[int, int]] = []  # (line start, line end past its newline) per comment
    last_row = -2
    for node in children:
        if node.type not in _COMMENT_NODES:
            if run:
                _close(run, data, found, marker)
                run = []
            continue
        line = _own_line(node, data, marker)
        row = node.start_point[0]
        if line is None or row != last_row + 1:
            _close(run, data, found, marker)
            run = []
        if line is not None:
            run.append(line)
            last_row = row
    _close(run, data, found, marker)
    return found


def _own_line(node, data: bytes, marker: bytes) -> tuple[int, int] | None:  # type: ignore[no-untyped-def]
    """The comment's whole line (start, end past the newline) when it is a `//` (Python: `#`)
    comment with nothing else on its line."""
    start = data.rfind(b"\n", 0, node.start_byte) + 1
    if data[start:node.start_byte].strip() or not data.startswith(marker, node.start_byte):
        return None
    newline = data.find(b"\n", node.start_byte)
    end = len(data) if newline < 0 else newline + 1
    if node.end_byte > end or data[node.end_byte:end].strip():
        return None
    return start, end


def _close(run: list[tuple[int, int]], data: bytes, found: list[tuple[int, int, bytes]], marker: bytes) -> None:
    # The first sentence stays whole: a Go or Rust summary often wraps onto a second line.
    lead = 1
    while lead < min(len(run), MAX_LEAD) and not data[:run[lead - 1][1]].rstrip().endswith(_SENTENCE_END) \
            and data[run[lead][0]:run[lead][1]].strip(b" \t\r\n/#!"):  # an empty comment ends a paragraph
        lead += 1
    if len(run) - lead < MIN_RUN - 1:
        return
    sentence_ended = data[:run[lead - 1][1]].rstrip().endswith(_SENTENCE_END)
    if not sentence_ended and data[run[lead][0]:run[lead][1]].strip(b" \t\r\n/#!"):
        return  # no line of the first MAX_LEAD ends its sentence: a cut would leave half of one
    kept_lines = [data[s:e] for s, e in run[lead:] if P.CODE_COMMENT_KEEP.match(data, s)]
    # The cut is said where it is, in a comment of the file's own kind, with its count.
    first = data[run[lead][0]:run[lead][1]]
    indent = first[:len(first) - len(first.lstrip(b" \t"))]
    cut = len(run) - lead - len(kept_lines)
    if cut < MIN_CUT:
        return  # the note costs a line: fewer cut lines would save next to nothing
    note = indent + marker + f" … {cut} comment line{'s' if cut != 1 else ''} elided (caveman)\n".encode()
    found.append((run[lead][0], run[-1][1], note + b"".join(kept_lines)))
