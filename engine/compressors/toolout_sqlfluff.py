"""sqlfluff lint's findings: every one kept, with the wrapped lines of its message.

`sqlfluff lint` writes a header per file (`== [a.sql] FAIL`) and under it one finding per
violation, `L:  12 | P:  18 | LT01 | Expected single whitespace between variable and raw`, its
message wrapped onto lines aligned under the first (`                       | comparison ...`).
No finding pattern of toolout knows that shape, so the generic rules kept a few findings for
their words and dropped the rest as "other lines", cutting wrapped messages in two. Each finding
is a location the agent fixes: all are kept, each whole.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP
from engine.patterns import SQLFLUFF_CONTINUED, SQLFLUFF_FINDING, SQLFLUFF_HINT


def mark_sqlfluff(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """Keep each sqlfluff finding (asked only of the lines holding SQLFLUFF_HINT) and the
    continuation lines of its message."""
    n = len(norm)
    for i in sorted(scan.word_lines(SQLFLUFF_HINT, fold_case=False)):
        if in_block[i] or not SQLFLUFF_FINDING.match(norm[i]):
            continue
        cls[i] = KEEP
        k = i + 1
        while k < n and SQLFLUFF_CONTINUED.match(norm[k]):
            cls[k] = KEEP
            k += 1
