"""Deep recursion in a native backtrace, counted instead of shown frame by frame.

A stack overflow or runaway recursion makes gdb, lldb, the sanitizers, valgrind and the JVM
(`\tat pkg.C.depth(C.java:30)` 1024 times in a StackOverflowError) print thousands of frames of one function at one source line, differing only in their number,
address and argument values. `fold_recursion` keeps the first KEEP_HEAD and last KEEP_TAIL
frames of each such run and replaces the rest with one marker that states what every elided
frame shares (its function and place) and their frame numbers. Frames at other places, and
every line that is not a frame of such a run, are untouched.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from engine.compressors.lines import marker_text
from engine.compressors.py_recursion import fold_cycles
from engine.patterns import (
    ANSI, FRAME_CANDIDATE_NUMBERED, FRAME_CANDIDATE_VALGRIND, FRAME_GDB, FRAME_JVM, FRAME_JVM_REPEATS, FRAME_LLDB,
    FRAME_PYSPY, FRAME_SANITIZER, FRAME_VALGRIND, PYSPY_DUMP_START,
)

#: Frames of a run kept at its start (the innermost calls, where it crashed) and at its end
#: (where the recursion was entered).
KEEP_HEAD, KEEP_TAIL = 3, 2
#: A run is folded only when at least this many frames go (fewer read better whole).
MIN_ELIDED = 4
#: Lines a terminal may wrap one gdb frame into (its arguments can be long).
MAX_WRAPPED = 4


@dataclass
class Frame:
    start: int  # its first line
    end: int  # one past its last line (gdb `bt full` prints locals under a frame)
    place: str  # function and source position, as the frame prints them
    number: int | None


def _parse(line: str, jvm: bool = False, pyspy: bool = False) -> tuple[str, int | None] | None:
    """A frame line's place and number, or None for any other line."""
    if pyspy and line.startswith("    ") and line[4:5] != " ":  # py-spy dump: `    walk (deep.py:6)`
        m = FRAME_PYSPY.match(line)
        return (f"in {m['key']}", None) if m is not None else None
    lead = line.lstrip()[:1]
    if lead == "#":
        m = FRAME_GDB.match(line)
        if m is not None and not line.startswith((" ", "\t")):
            return f"in {m['func']}{m['key'] or ''}", int(m["num"])
        m = FRAME_SANITIZER.match(line)
        if m is not None:
            key = m["key"]
            return (key if key.startswith("in ") else f"in {key}"), int(m["num"])
        return None
    if lead in ("f", "*"):
        m = FRAME_LLDB.match(line)
        return (f"in {m['func']}{m['key'] or ''}", int(m["num"])) if m is not None else None
    if lead == "=":
        m = FRAME_VALGRIND.match(line)
        return (f"in {m['key']}", None) if m is not None else None
    if jvm and lead == "a" and line[:1] in (" ", "\t"):  # a JVM frame: `\tat pkg.C.m(C.java:12)`
        m = FRAME_JVM.match(line)
        return (f"at {m['key']}", None) if m is not None else None
    return None


def _frames(raw: list[str], jvm: bool = False, pyspy: bool = False) -> list[Frame]:
    # gdb in a terminal colours its frames and wraps them at the terminal's width: each frame is
    # read without its colours, its wrapped lines joined.
    lines = ANSI.sub("", "\n".join(raw)).split("\n") if any("\x1b" in ln for ln in raw) else raw
    frames: list[Frame] = []
    n = len(lines)
    i = 0
    while i < n:
        line = lines[i]
        parsed, span = _parse(line, jvm, pyspy), 1
        if parsed is None and line.startswith("#"):
            joined = line.rstrip()
            for k in range(1, MAX_WRAPPED + 1):
                if i + k >= n or lines[i + k][:1] not in (" ", "\t") or not lines[i + k].strip():
                    break
                joined += " " + lines[i + k].strip()
                parsed = _parse(joined)
                if parsed is not None:
                    span = k + 1
                    break
        if parsed is not None:
            frames.append(Frame(i, i + span, parsed[0], parsed[1]))
        elif frames and frames[-1].end == i and line[:1] in (" ", "\t") and line.strip() \
                and (pyspy or not lines[frames[-1].start].startswith((" ", "\t"))):
            frames[-1].end = i + 1  # a local variable under a gdb `bt full` frame
        i += span
    return frames


def _runs(frames: list[Frame]) -> list[list[Frame]]:
    """Maximal runs of adjacent frames at one place."""
    runs: list[list[Frame]] = []
    for frame in frames:
        if runs and runs[-1][-1].end == frame.start and runs[-1][-1].place == frame.place:
            runs[-1].append(frame)
        else:
            runs.append([frame])
    return [run for run in runs if len(run) >= KEEP_HEAD + KEEP_TAIL + MIN_ELIDED]


def _summary(elided: list[Frame]) -> str:
    numbers = [f.number for f in elided]
    count = f"{len(elided)} frames"
    if None not in numbers:
        step = 1 if numbers[1] > numbers[0] else -1
        if all(b - a == step for a, b in zip(numbers, numbers[1:])):
            count += f" #{numbers[0]}..#{numbers[-1]}"
    return f"{count}, each {elided[0].place}"


def fold_recursion(text: str) -> str | None:
    """`text` with each long run of frames at one place folded to its ends and a marker; None
    when it holds no such run."""
    folded = fold_recursion_kept(text)
    return None if folded is None else folded[0]


def fold_recursion_kept(text: str, jvm: bool = False) -> tuple[str, list[int]] | None:
    """fold_recursion, and the lines of the folded text that show each run: its kept frames and
    its marker (a compressor keeps them, or the marker would sit between holes). `jvm`: JVM
    frames count too (the terminal compressor; text elides their identical repeats itself)."""
    # A Python traceback's recursion through a cycle of frames (py_recursion); a payload holding
    # one is a Python crash, read for no native backtrace besides.
    cycles = fold_cycles(text)
    if cycles is not None:
        return cycles
    # Most text holds no backtrace: too few frame-shaped spots (one C-speed scan) settle it.
    needed = KEEP_HEAD + KEEP_TAIL + MIN_ELIDED
    found = sum(1 for _ in islice(FRAME_CANDIDATE_NUMBERED.finditer(text), needed))
    # py-spy's dump names its frames without numbers: one opening it is read for them
    pyspy = text.startswith("Process ") and PYSPY_DUMP_START.match(text) is not None
    if found < needed and found + sum(1 for _ in islice(FRAME_CANDIDATE_VALGRIND.finditer(text), needed)) < needed \
            and not (jvm and "\tat " in text and FRAME_JVM_REPEATS.search(text) is not None) \
            and not pyspy:  # a StackOverflowError
        return None
    lines = text.split("\n")
    runs = _runs(_frames(lines, jvm, pyspy))
    if not runs:
        return None
    out: list[str] = []
    kept: list[int] = []
    pos = 0
    for run in runs:
        elided = run[KEEP_HEAD:len(run) - KEEP_TAIL]
        first, last = elided[0].start, elided[-1].end
        base = len(out) - pos  # an unfolded line k lands at base + k
        out.extend(lines[pos:first])
        kept.extend(range(base + run[0].start, base + first))
        indent = lines[first][:len(lines[first]) - len(lines[first].lstrip())]
        cr = "\r" if lines[first].endswith("\r") else ""  # a CRLF transcript's line end
        kept.append(len(out))
        out.append(indent + marker_text(last - first, "lines", _summary(elided)) + cr)
        base = len(out) - last
        kept.extend(range(base + last, base + run[-1].end))
        pos = last
    out.extend(lines[pos:])
    return "\n".join(out), kept
