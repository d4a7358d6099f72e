"""Is this text a test runner's, compiler's, build tool's, linter's or installer's transcript?

`is_tool_output(text)` looks for TOOL_SIGNATURE (a runner's header, summary or diagnostic
shape) at the start of any line, reading at most DETECT_WINDOW from each end of a large payload.
"""
from __future__ import annotations

import functools
import json
import re

from engine.compressors import toolout_rubyphp
from engine.compressors.toolout_dispatch import factor_alternatives, split_alternatives
from engine.patterns import ANSI, TOOL_SIGNATURE, compile_lazily


def is_tool_output(text: str) -> bool:
    """Strong signatures of a test runner, compiler, build tool, linter or installer."""
    if text.lstrip()[:1] in ("{", "["):
        try:  # fails at the first bad token of `[INFO] ...` or `[ 45%] Building ...`
            json.loads(text)
            return False
        except RecursionError:
            return False  # nested deeper than the parser goes: JSON-shaped, not a transcript
        except ValueError:
            pass
    if len(text) > 2 * DETECT_WINDOW:
        # a runner's header is near the start and its summary near the end
        text = text[:DETECT_WINDOW] + "\n" + text[-DETECT_WINDOW:]
    if "\x1b" in text:
        text = ANSI.sub("", text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    # A runner's summary is usually among the last lines: a match at any line start is the
    # answer, so those are tried first; only without one are the lines before them. One
    # pattern serves both (compiling a second form of the signatures cost a short run more
    # than its whole scan).
    tail = len(text)
    for _ in range(TAIL_LINES):
        tail = text.rfind("\n", 0, tail)
        if tail < 0:
            break
    tail += 1  # the start of the first tail line (0: the text is all tail)
    by_line = _signature_by_line()
    return by_line.match(text, tail) is not None or (tail > 0 and by_line.match(text, 0, tail) is not None) \
        or toolout_rubyphp.is_run(text)  # minitest, PHPUnit, RuboCop: literal-gated signatures


#: is_tool_output tries the start of this many last lines before scanning the whole text.
TAIL_LINES = 64


#: is_tool_output reads this much from each end of a large payload.
DETECT_WINDOW = 1 << 20
#: TOOL_SIGNATURE tried at line starts only: the lazy `[^\n]*\n` skip walks a line in one
#: charset loop, which is ~15x faster on a log than `search` trying every position.
_SIGNATURE_BY_LINE_PLAIN = compile_lazily(r"(?:[^\n]*\n)*?" + TOOL_SIGNATURE.pattern.removeprefix("(?m)^"), re.M)


@functools.cache  # compiled on first use: a payload Detect settles early never asks
def _signature_by_line() -> re.Pattern[str]:
    """_SIGNATURE_BY_LINE_PLAIN with the signatures' alternation factored (one `\\S+` or `=+`
    read for all the signatures that start with it): it matches where the plain one does, and
    only whether it matches is asked."""
    head = "(?m)^[\\u2800-\\u28ff]*(?>[ \\t]*)(?:"
    source = TOOL_SIGNATURE.pattern
    if source.startswith(head) and source.endswith(")"):
        factored = factor_alternatives(split_alternatives(source[len(head):-1]))
        if factored is not None:
            try:
                return re.compile(r"(?:[^\n]*\n)*?" + head.removeprefix("(?m)^") + factored + ")", re.M)
            except re.error:
                pass
    return _SIGNATURE_BY_LINE_PLAIN

