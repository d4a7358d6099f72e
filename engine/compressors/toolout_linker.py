"""A linker's error groups, and a compiler driver's complaints, printed again for every program.

`ninja -k 0`, `make -k` or a test suite of many executables links each program against one
library; when an object in it lacks a symbol, every link prints the same `in function` group
of `undefined reference to` lines again (80 programs: 80 copies of 28 lines). The first copy
is an error and stays whole; a later group identical to one already shown, byte for byte, is
LINK_REPEAT: droppable, counted in the marker as lines identical to ones shown above. A group
that differs in anything (another symbol, another offset, another object) stays.

A compiler driver's diagnostic about its command (`gcc: error: unrecognized command-line option
'-mfoo'`, `cc1: warning: command-line option '-std=c++17' is valid for C++ but not for C`) is
printed once per file compiled: a later one identical to one shown is DRIVER_REPEAT, counted the
same way. The `*** [target] Error 1` line of each failed step stays, naming what failed.
"""
from __future__ import annotations

from engine.compressors.toolout_scan import KEEP
from engine.patterns import TOOL_DRIVER_DIAG, TOOL_LINKER_DIAG

#: A linker line whose group (same `in function` header, same references) was shown above.
LINK_REPEAT = "linkrepeat"
#: A compiler driver's diagnostic identical to one shown above.
DRIVER_REPEAT = "driverrepeat"
#: Where a new group starts: GNU ld's `obj.o: in function `f':` header.
_GROUP_HEAD = ": in function "


def fold_linker_repeats(norm: list[str], cls: list[str], candidates: set[int]) -> None:
    """Label LINK_REPEAT each kept linker group (a header and the reference lines right under it,
    or one line alone) that repeats a kept group above verbatim. `candidates`: the lines holding
    a linker word (TOOL_LINKER_WORDS), the only ones read."""
    groups: list[list[int]] = []
    prev = -2
    headed = False
    for i in sorted(candidates):
        if cls[i] != KEEP or not TOOL_LINKER_DIAG.search(norm[i]):
            prev = -2
            continue
        head = _GROUP_HEAD in norm[i]
        if i == prev + 1 and headed and not head:
            groups[-1].append(i)
        else:
            groups.append([i])
            headed = head
        prev = i
    if len(groups) < 2:
        return
    seen: set[tuple[str, ...]] = set()
    for group in groups:
        key = tuple(norm[k] for k in group)
        if key in seen:
            for k in group:
                cls[k] = LINK_REPEAT
        else:
            seen.add(key)


def fold_driver_repeats(norm: list[str], cls: list[str], candidates: set[int]) -> None:
    """Label DRIVER_REPEAT each kept compiler-driver diagnostic (TOOL_DRIVER_DIAG) identical to
    one kept above. `candidates`: the lines holding a TOOL_DRIVER_WORDS word."""
    seen: set[str] = set()
    for i in sorted(candidates):
        if cls[i] != KEEP or not TOOL_DRIVER_DIAG.match(norm[i]):
            continue
        if norm[i] in seen:
            cls[i] = DRIVER_REPEAT
        else:
            seen.add(norm[i])
