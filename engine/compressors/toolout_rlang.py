"""testthat (R) read in context: progress rows, problem boxes, problem sections.

The progress reporter redraws one row per test file (`⠹ |  1  13 | audit`) until the file's
closing row (`✔ | 50 | audit [0.5s]`): the redraws are progress, a `✔` row passing, a `✖`/`⚠` row
kept. Under a closing row, a box between two `────` rules holds the file's failures, errors,
warnings and skips with their actual/expected lines: kept whole (those lines hold no problem word).
The summary reporter's `══ Failed ══` / `══ Warnings ══` / `══ Skipped ══` sections and the check
reporter's `── 1. Failure ('test-a.R:3'): name ──` blocks are kept whole too. Called only when
the text holds one of TESTTHAT_HINTS (toolout.analyse).
"""
from __future__ import annotations

from engine.compressors.toolout_scan import CHATTER, KEEP
from engine.patterns import TESTTHAT_ODD_ROW, TESTTHAT_PROBLEM_HEAD, TESTTHAT_PROBLEM_SECTION, TESTTHAT_PROGRESS_ROW

#: What a caller tests the joined text for: the progress reporter's header, the closing tally
#: (progress, check), the summary reporter's last rule.
TESTTHAT_HINTS = ("| F W S  OK | Context", "[ FAIL ", "══ DONE ")
_PROGRESS_HEADER = TESTTHAT_HINTS[0]
#: A box rule is this character only (the progress reporter draws 80 of them).
_RULE = "─"


def mark_testthat(norm: list[str], cls: list[str], in_block: list[bool], joined: str) -> None:
    n = len(norm)
    progress = _PROGRESS_HEADER in joined  # redraw rows only under the progress reporter's header
    i = 0
    while i < n:
        s = norm[i]
        if not s:
            i += 1
            continue
        c = s[0]
        if c == _RULE and len(s) >= 20 and not s.strip(_RULE):
            end = i + 1
            while end < n and not (norm[end][:1] == _RULE and not norm[end].strip(_RULE)):
                end += 1
            end = min(end + 1, n)
            _keep(cls, in_block, i, end)
            i = end
            continue
        if c == "═" and TESTTHAT_PROBLEM_SECTION.match(s):
            end = i + 1
            while end < n and not norm[end].startswith("══ "):
                end += 1
            _keep(cls, in_block, i, end)
            i = end
            continue
        if c == _RULE and TESTTHAT_PROBLEM_HEAD.match(s):
            end = i + 1
            while end < n and not norm[end].startswith(("── ", "══ ", "[ FAIL ")):
                end += 1
            _keep(cls, in_block, i, end)
            i = end
            continue
        if progress and c in " |" and "| " in s and TESTTHAT_PROGRESS_ROW.match(s) and not s.endswith("s]"):
            cls[i] = CHATTER
        elif c in "✖⚠x!" and TESTTHAT_ODD_ROW.match(s):
            cls[i] = KEEP
        i += 1


def _keep(cls: list[str], in_block: list[bool], start: int, end: int) -> None:
    for k in range(start, end):
        cls[k] = KEEP
        in_block[k] = True
