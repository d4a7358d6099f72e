"""config.log: what configure ran, with each failed test program printed in full.

After every failed probe (`configure: failed program was:`) config.log prints the test program,
and every one opens with the whole confdefs.h so far: each `#define` configure has made, between
`| /* confdefs.h */` and `| /* end confdefs.h.  */`. By the end of a big configure that is
hundreds of lines a probe, repeated for every failed probe, and the final confdefs.h is listed
once more under `## confdefs.h. ##`. Those lines are CONFDEFS: droppable, counted in the marker;
the probe's own program after the end comment, its compiler output and `$? = 1` stay.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan

#: A line of the confdefs.h printed at the head of a failed test program.
CONFDEFS = "confdefs"
HINT = "| /* confdefs.h */"
_END = "| /* end confdefs.h.  */"


def mark_confdefs(norm: list[str], cls: list[str], scan: LineScan) -> None:
    n = len(norm)
    for i in sorted(scan.candidates((HINT,), fold_case=False)):
        if norm[i] != HINT:
            continue
        j = i + 1
        while j < n and norm[j].startswith("| ") and norm[j] != _END:
            j += 1
        if j < n and norm[j] == _END:  # only a whole confdefs.h, closed by its end comment
            for k in range(i + 1, j):
                cls[k] = CONFDEFS
