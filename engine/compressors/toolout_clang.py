"""clang-tidy's per-translation-unit counts: `N warnings generated.` is printed once for each
file of a multi-file run (a running total, most of them suppressed as non-user code), so all
but the last are CHATTER, counted as progress lines; the last states the total and stays.
Gated by a literal, then tried only on the lines that hold it."""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import CHATTER
from engine.patterns import CLANG_WARNINGS_GENERATED

HINT = " generated."


def mark_clang_counts(norm: list[str], cls: list[str], scan: LineScan) -> None:
    counts = [i for i in sorted(scan.candidates((HINT,), fold_case=False))
              if CLANG_WARNINGS_GENERATED.fullmatch(norm[i].strip())]
    for i in counts[:-1]:
        cls[i] = CHATTER
