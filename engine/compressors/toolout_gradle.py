"""Gradle's `--info` lifecycle lines: counted as progress, not shown.

`gradle build --info` brackets every task with `:task (Thread[...]) started.` and
`completed. Took 0.0 secs.`, and explains its bookkeeping (`Putting task artifact state ...`,
`Skipping task ':x' as it has no actions.`, `Creating new cache for ...`, `Up-to-date check ...
It is not up-to-date because:` with the reasons indented under it, the test executor's start).
Each names a different task or file, so no repetition rule elided them. They are CHATTER; a
task's outcome (`:test FAILED`), the tests' output and the failure report stay with the other
rules.
"""
from __future__ import annotations

from engine.compressors.toolout_scan import CHATTER, OTHER
from engine.patterns import GRADLE_INFO_CHATTER

#: First characters of the lines GRADLE_INFO_CHATTER can match (the regex is asked of no other).
_FIRST = frozenset(":PSCUFGTRA")


def mark_gradle_info(norm: list[str], cls: list[str]) -> None:
    n = len(norm)
    i = 0
    while i < n:
        s = norm[i]
        if s[:1] in _FIRST and cls[i] == OTHER and GRADLE_INFO_CHATTER.match(s):
            cls[i] = CHATTER
            if s.endswith("because:"):  # the reasons, indented under it
                j = i + 1
                while j < n and norm[j].startswith("  ") and cls[j] == OTHER:
                    cls[j] = CHATTER
                    j += 1
                i = j
                continue
        i += 1
