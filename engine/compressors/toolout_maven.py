"""Maven's `-X` debug output: its `[DEBUG]` lines are counted, not shown.

`mvn -X` prints the whole plugin configuration, class realm imports and resolution steps as
`[DEBUG]` lines (thousands of them, each different, so no repetition rule elides them) and
the XML of each mojo's configuration as unprefixed lines between them. A view keeps the run's
`[INFO]`, `[WARNING]` and `[ERROR]` lines (the build's story and its failure) and counts the
`[DEBUG]` lines and the lines inside a debug run as DEBUG (droppable, named in the marker);
an unprefixed line that reports a problem (an exception, `error`) stays with the other rules.
"""
from __future__ import annotations

from engine.compressors.toolout_scan import OTHER, problem

#: A line of Maven's debug log (`[DEBUG] ...`) or one inside a run of them.
DEBUG = "debug"
_PREFIXES = ("[DEBUG]", "[INFO]", "[WARNING]", "[ERROR]")


def mark_maven_debug(norm: list[str], cls: list[str]) -> None:
    n = len(norm)
    prefixed = [s.startswith(_PREFIXES) for s in norm]
    # the nearest prefixed line below each line: an unprefixed line counts as debug output only
    # between two `[DEBUG]` lines
    below = [False] * n
    nxt = False
    for i in range(n - 1, -1, -1):
        below[i] = nxt
        if prefixed[i]:
            nxt = norm[i].startswith("[DEBUG]")
    above = False
    for i, s in enumerate(norm):
        if prefixed[i]:
            above = s.startswith("[DEBUG]")
            if above and cls[i] == OTHER:
                cls[i] = DEBUG
        elif above and below[i] and s and cls[i] == OTHER and not problem(s):
            cls[i] = DEBUG
