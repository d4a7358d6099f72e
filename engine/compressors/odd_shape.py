"""The one odd record: a line whose shape occurs once in a stream of look-alike lines.

keepNonRedundant compares vocabularies, so a line that uses the shown lines' words in an odd
shape reads as represented and is elided: `Invalid user  0101 from …` (an empty user name), one
block where every other line lists several, a bracket that holds nothing. A line's shape is what
remains when its words are taken out (spaces, brackets, quotes, other punctuation); a shape that
occurs once among thousands of lines marks a record an agent would want to see.
"""
from __future__ import annotations

import string
from collections import Counter

#: Characters that belong to words: letters, digits and what joins them inside one token
#: (dotted names, paths, times, addresses, key=value).
WORD_CHARS = string.ascii_letters + string.digits + "._-:/@$#*+=,;"
_WORDS_OUT = str.maketrans("", "", WORD_CHARS)
#: Shapes tell nothing in a short payload.
MIN_LINES = 100
#: When more than one line in this many is one of a kind, shapes vary freely (prose, free-form
#: output) and being unique is not odd.
LINES_PER_ODD = 50


def odd_shape_lines(lines: list[str], joined: str | None = None) -> list[int]:
    """Indexes of the non-blank lines whose shape no other line has; none when the payload is
    short or one-of-a-kind shapes are common in it. `joined`: the lines joined by newlines, when
    the caller has them already."""
    if len(lines) < MIN_LINES:
        return []
    shapes = ("\n".join(lines) if joined is None else joined).translate(_WORDS_OUT).split("\n")
    if len(shapes) != len(lines):  # a line holding a newline: shapes would not line up
        return []
    counts = Counter(shapes)
    odd = [i for i, shape in enumerate(shapes) if counts[shape] == 1 and lines[i].strip()]
    return odd if len(odd) <= len(lines) // LINES_PER_ODD else []
