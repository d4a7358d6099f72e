"""Maven's `-X` debug output: its `[DEBUG]` lines are counted, not shown.

`mvn -X` prints the whole plugin configuration, class realm imports and resolution steps as
`[DEBUG]` lines (thousands of them, each different, so no repetition rule elides them) and
the XML of each mojo's configuration as unprefixed lines between them. A view keeps the run's
`[INFO]`, `[WARNING]` and `[ERROR]` lines (the build's story and its failure) and counts the
`[DEBUG]` lines and the lines inside a debug run as DEBUG (droppable, named in the marker);
an unprefixed line that reports a problem (an exception, `error`) stays with the other rules.

A flood of one `[WARNING]` with a trace (see thin_maven_warnings) keeps its first traces.
"""
from __future__ import annotations

from engine.compressors.toolout_scan import OTHER, REPEAT, problem
from engine.patterns import MAVEN_VARIABLE, TOOL_DIAG_MAVEN, TOOL_QUOTED

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


#: The same Maven warning (masked) more often than this: the first few stand for the rest.
WARNING_FLOOD = 5
#: Instances of one warning kept in view when it floods.
WARNINGS_SHOWN = 2


def thin_maven_warnings(norm: list[str], cls: list[str]) -> None:
    """A resolver's `[WARNING] Could not validate integrity of download from <url>` printed once
    per artifact (hundreds in a first build), each with the same exception and stack trace
    under it: past WARNING_FLOOD of one kind (the warning with its paths, URLs, quoted spans and
    numbers masked, and the exception lines under it), every warning line stays (each names
    its artifact: the list is the answer), and the trace under each past the first
    WARNINGS_SHOWN is REPEAT, counted in the marker as lines under the shown ones. A warning
    whose trace holds a different exception is another kind, shown whole."""
    n = len(norm)
    # a compiler's `[WARNING] path:[l,c] msg` is a finding: toolout_findings thins those
    heads = [i for i in range(n) if norm[i].startswith("[WARNING] ") and cls[i] != REPEAT
             and TOOL_DIAG_MAVEN.match(norm[i]) is None]
    kinds: dict[tuple[str, ...], list[tuple[int, int]]] = {}
    for i in heads:
        j = i + 1
        while j < n and norm[j] and not norm[j].startswith(_PREFIXES):
            j += 1
        body = [_mask(s) for s in norm[i + 1:j] if not _frame_like(s)]
        kinds.setdefault((_mask(norm[i][10:]), *body), []).append((i, j))
    for members in kinds.values():
        if len(members) <= WARNING_FLOOD:
            continue
        for i, j in members[WARNINGS_SHOWN:]:
            for k in range(i + 1, j):
                cls[k] = REPEAT


def _frame_like(s: str) -> bool:
    t = s.lstrip()
    return t.startswith(("at ", "... ")) and s[:1].isspace()


def _mask(s: str) -> str:
    return MAVEN_VARIABLE.sub("#", TOOL_QUOTED.sub("'…'", s))
