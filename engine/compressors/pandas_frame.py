"""A pandas DataFrame as `print(df)` shows it: a space-aligned table with a nameless index column.

          order_id  customer region  ... warehouse  channel            notes
    0       100000  cust_000   west  ...      FRA2    phone     gift wrap #0
    1       100001  cust_001   east  ...      FRA2      app              NaN
    ...
    2999    102999  cust_089   east  ...      FRA2  partner              NaN

    [3000 rows x 13 columns]

Its header names the columns in lower case and leaves the index column unnamed, and a blank
line separates the rows from the `[N rows x M columns]` footer, so aligned_table's rules (an
upper-case header, a name over every column, no blank line) never read it: it was thinned as
prose, rows elided as "sections" with no word of what they held. `parse` reads it as a table
whose index column is named `index` in markers, the footer shown under the rows.

A frame is recognised by its footer, or (pandas prints none when nothing was truncated) by a
RangeIndex: the first rows' index cells are 0, 1, 2. A MultiIndex or a named index (a second
header line) is not read.
"""
from __future__ import annotations

from engine.compressors import aligned_table
from engine.patterns import PANDAS_FRAME_FOOTER

#: The index column's name in markers (pandas prints none).
INDEX_NAME = "index"
#: Rows a frame needs before it is worth reading as one.
MIN_ROWS = 3


def split_footer(lines: list[str]) -> tuple[list[str], list[str]]:
    """The frame's lines (header and rows) and its footer lines (the blank line and `[N rows x M
    columns]`), trailing blank lines dropped; no footer lines when it has none."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    if end >= 2 and PANDAS_FRAME_FOOTER.fullmatch(lines[end - 1].strip()):
        body_end = end - 1
        while body_end and not lines[body_end - 1].strip():
            body_end -= 1
        return lines[:body_end], lines[body_end:end]
    return lines[:end], []


def parse(lines: list[str]) -> tuple[list[str], list[list[str]], list[str]] | None:
    """(header cells, row cells, footer lines) of a printed frame, or None."""
    if len(lines) < MIN_ROWS + 1 or not lines[0].startswith(" "):
        return None
    body, footer = split_footer(lines)
    if len(body) < MIN_ROWS + 1 or any(not ln.strip() or ln.startswith(" ") for ln in body[1:]):
        return None
    if not footer and [ln.split(None, 1)[0] for ln in body[1:4]] != ["0", "1", "2"]:
        return None
    header = lines[0]
    width = len(header) - len(header.lstrip())
    index_width = max(len(ln.split(None, 1)[0]) for ln in body[1:])
    if index_width > width:  # a header name over the index: not pandas' own layout
        return None
    if width < 2:
        return None
    # The unnamed index column is given a name (a blank after it), so every column has one over it.
    stand_in = INDEX_NAME[:width - 1]
    named = stand_in.ljust(width) + header[width:]
    columns = aligned_table.spans([named] + body[1:])
    if columns is None or columns[0][0] != 0:
        return None
    names = aligned_table.cells(named, columns)
    if names[0] != stand_in:
        return None
    names[0] = INDEX_NAME
    return names, [aligned_table.cells(ln, columns) for ln in body[1:]], footer
