"""A formatter's check run, file by file: black's and isort's `--check` (with `-v` too).

black writes `would reformat PATH` for each file that fails the check and, with `-v`, a line for
each file that passes (`PATH already well formatted, good job.`, `PATH wasn't modified on disk
since last run.`); isort writes `ERROR: PATH Imports are incorrectly sorted and/or formatted.`
and, with `--verbose`, `SUCCESS: PATH Everything Looks Good!` and a `place_module` line per
import. Read as prose, the failing files were folded with the passing ones into markers that
named none of them. What the agent reads such a run for is the list of failing files: each is
kept; a passing file's line (CLEAN) and isort's placement traces (PLACEMENT) are droppable and
counted by kind in the marker; the closing counts stay by the summary rule.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP, OTHER
from engine.patterns import FMT_CHECK_CLEAN, FMT_CHECK_FAILED, ISORT_PLACEMENT

#: A file the formatter would leave as it is (black -v, isort --verbose).
CLEAN = "fmtclean"
#: isort --verbose's trace of where it placed an import.
PLACEMENT = "isortplace"
#: The pass runs only in a run that names a failing file (literal_index.GATE_WORDS holds both).
HINTS = ("would reformat ", "Imports are incorrectly sorted")
#: One of these is in every line the pass labels.
LINE_WORDS = HINTS + ("good job.", "since last run.", "Everything Looks Good!", " place_module for ")


def mark_fmt_check(norm: list[str], cls: list[str], scan: LineScan) -> None:
    for i in sorted(scan.candidates(LINE_WORDS, fold_case=False)):
        if cls[i] != OTHER:
            continue
        s = norm[i]
        if FMT_CHECK_FAILED.match(s):
            cls[i] = KEEP
        elif FMT_CHECK_CLEAN.match(s):
            cls[i] = CLEAN
        elif ISORT_PLACEMENT.match(s):
            cls[i] = PLACEMENT

