"""pydantic's ValidationError dump: one documentation link per error, the same link again and again.

    pydantic_core._pydantic_core.ValidationError: 128 validation errors for list[Customer]
    3.age
      Input should be greater than or equal to 0 [type=greater_than_equal, input_value=-1, ...]
        For further information visit https://errors.pydantic.dev/2.14/v/greater_than_equal

Every error is three lines, and the third is a link that depends only on the error's type: in a
dump of 128 errors of five types, 123 of the links repeat one shown above, a third of the dump.
`fold_pydantic_links_kept` keeps each type's link under its first error and replaces the
others with one marker, where the last of them stood, that says how many went and what they
were. Every error's location and message line stays: each is an error line.
"""
from __future__ import annotations

from engine.compressors.lines import marker_text
from engine.patterns import PYDANTIC_LINK

LINK_WORDS = "For further information visit https://errors.pydantic.dev/"
#: Links that must repeat before a fold is worth its marker.
MIN_FOLDED = 3


def fold_pydantic_links_kept(text: str) -> tuple[str, list[int]] | None:
    """The text with each repeated link line gone and one marker in the last one's place, and
    the folded text's lines of the dump (its header through the marker: every error's location
    and message, which the caller must keep); None when fewer than MIN_FOLDED repeat."""
    if text.count(LINK_WORDS) <= MIN_FOLDED:  # one C-speed count settles every other text
        return None
    lines = text.split("\n")
    seen: set[str] = set()
    repeated: list[int] = []
    for i, line in enumerate(lines):
        if LINK_WORDS not in line:
            continue
        m = PYDANTIC_LINK.match(line)
        if m is None:
            continue
        if m["url"] in seen:
            repeated.append(i)
        else:
            seen.add(m["url"])
    if len(repeated) < MIN_FOLDED:
        return None
    last = repeated[-1]
    indent = lines[last][:len(lines[last]) - len(lines[last].lstrip())]
    cr = "\r" if lines[last].endswith("\r") else ""
    marker = indent + marker_text(len(repeated), "lines", (
        "the `For further information visit` link under each error whose type's link is shown at its first error"
    )) + cr
    drop = set(repeated)
    out = [marker if i == last else line for i, line in enumerate(lines) if i not in drop or i == last]
    # The dump opens on `N validation errors for X` (`1 validation error for X`) above the first link.
    first = next(i for i, line in enumerate(lines) if LINK_WORDS in line and PYDANTIC_LINK.match(line))
    start = next((k for k in range(first - 1, -1, -1) if " validation error" in lines[k]), max(0, first - 2))
    return "\n".join(out), list(range(start, last - (len(repeated) - 1) + 1))
