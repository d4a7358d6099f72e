"""Thread dumps: threads parked at the same place are shown once and counted.

A jstack/jcmd dump, gdb's `thread apply all bt`, Python's faulthandler or Go's goroutine dump
(a panic, a test's timeout, a deadlock) of a pool prints the same stack once per worker
(`pool-1-thread-1` .. `pool-1-thread-12` all parked in `LinkedBlockingQueue.take`). Each
thread is a block: its header line, then its stack up to a blank line. A run of adjacent blocks
whose stacks are equal once addresses, object ids and (gdb) argument values are masked keeps its
first block; the others become one marker naming every thread it stands for. Any difference
in a frame's function or source line keeps a thread apart.
"""
from __future__ import annotations

from engine.compressors.lines import marker_text
from engine.patterns import (
    ANSI, FRAME_GDB, FRAME_PYSPY, GOROUTINE_PARENT, JAVA_THREAD_STATE, PYSPY_DUMP_START, PYSPY_VARIABLE,
    THREAD_HEADER, THREAD_HEX,
)

#: What opens the owned-locks section `jstack -l` prints under a thread's stack.
LOCKED_SYNCHRONIZERS = "   Locked ownable synchronizers:"
#: Adjacent threads with one stack, the kept one included, from which the rest are folded.
MIN_RUN = 3
#: Thread names a marker lists in full; beyond, the first and last few.
NAMES_IN_FULL = 12


def _signature(lines: list[str], pyspy: bool = False) -> tuple[str, ...]:
    out = []
    for line in lines:
        if pyspy:  # py-spy --locals: a variable's name is compared, not its value (like gdb's arguments)
            m = PYSPY_VARIABLE.match(line)
            if m is not None:
                out.append(m["name"])
                continue
        m = FRAME_GDB.match(line)
        if m is not None:  # gdb: the function and its source line, not the frame's argument values
            out.append(f"{m['func']}{m['key'] or ''}")
        elif "in goroutine " in line:
            out.append(GOROUTINE_PARENT.sub("", THREAD_HEX.sub("0x", line.strip())))
        else:
            out.append(THREAD_HEX.sub("0x", line.strip()))
    return tuple(out)


def _blocks(lines: list[str]) -> list[tuple[int, int, str, tuple[str, ...]]]:
    """(first line, one past the last, thread name, stack signature) of each thread block."""
    found = []
    n = len(lines)
    for i, line in enumerate(lines):
        if not line.startswith(('"', "Thread ", "Current thread ", "goroutine ")):
            continue
        m = THREAD_HEADER.match(line)
        if m is None:
            continue
        j = i + 1
        while j < n and lines[j].strip() and not THREAD_HEADER.match(lines[j]):
            j += 1
        if m["pystate"] is not None:  # py-spy dump: named by its name and id, its state compared
            name = f'"{m["pyname"]}" ({m["pynum"]})' if m["pyname"] is not None else f"Thread {m['pynum']}"
            found.append((i, j, name, (m["pystate"],) + _signature(lines[i + 1:j], True)))
            continue
        if m["goname"] is not None:  # a goroutine: its number names it, its state is compared
            # each Go frame is a function line and its tab-led `file:line`: a line after the
            # last of those (`exit status 2`, `FAIL pkg 3.0s`) is not part of the stack
            while j > i + 1 and not lines[j - 1][:1].isspace():
                j -= 1
            name, head = m["goname"], (m["gostate"],)
        else:
            # `jstack -l` prints each thread's owned locks after a blank line under its stack:
            # they are part of the thread's block
            if j + 1 < n and not lines[j].strip() and lines[j + 1].startswith(LOCKED_SYNCHRONIZERS):
                j += 2
                while j < n and lines[j].strip():
                    j += 1
            name = m["jname"] if m["jname"] is not None else line.split(" (", 1)[0]  # `Thread 15`, `Current thread 0x7f..`
            state = JAVA_THREAD_STATE.search(line)  # jstack's header ends with the thread's state
            head = (THREAD_HEX.sub("0x", state[1]),) if state else ()
        found.append((i, j, name, head + _signature(lines[i + 1:j])))
    return found


def _adjacent(lines: list[str], end: int, start: int) -> bool:
    """Only blank lines lie between one block's end and the next one's start."""
    return all(not lines[k].strip() for k in range(end, start))


def _names(names: list[str]) -> str:
    if len(names) <= NAMES_IN_FULL:
        return ", ".join(names)
    return ", ".join(names[:3]) + ", …, " + ", ".join(names[-2:])


def fold_threads(text: str) -> str | None:
    """`text` with each run of same-stack threads folded to its first; None when there is none."""
    folded = fold_threads_kept(text)
    return None if folded is None else folded[0]


def fold_threads_kept(text: str) -> tuple[str, list[int]] | None:
    """fold_threads, and the lines of the folded text that show each run: its first thread and
    the marker."""
    # a Go dump's frames name their files after a tab: a text without one (memchr) is not asked
    # (`hread ` is in both thread words: one search answers for both in most texts)
    if '" #' not in text and ("hread " not in text or "Thread " not in text and "Current thread " not in text) and (
            "\t" not in text or "goroutine " not in text):
        return None
    lines = text.split("\n")
    # a terminal's colours (gdb under a pty) and line ends are not part of a stack
    plain = ANSI.sub("", text) if "\x1b" in text else text
    blocks = _blocks(plain.replace("\r\n", "\n").split("\n") if "\r\n" in plain else plain.split("\n"))
    runs: list[list[tuple[int, int, str, tuple[str, ...]]]] = []
    for block in blocks:
        last = runs[-1][-1] if runs else None
        if last is not None and last[3] == block[3] and block[3] and _adjacent(lines, last[1], block[0]):
            runs[-1].append(block)
        else:
            runs.append([block])
    runs = [run for run in runs if len(run) >= MIN_RUN]
    if not runs:
        return None
    out: list[str] = []
    kept: list[int] = []
    pos = 0
    for run in runs:
        first_folded, last_end = run[1][0], run[-1][1]
        base = len(out) - pos
        out.extend(lines[pos:first_folded])
        kept.extend(range(base + run[0][0], base + run[0][1]))
        kept.append(len(out))
        names = [b[2] for b in run[1:]]
        kind = "goroutines" if run[0][2].startswith("goroutine ") else "threads"
        summary = (f"{len(names)} more {kind} with the same stack as {run[0][2]} above: {_names(names)}")
        cr = "\r" if lines[first_folded].endswith("\r") else ""
        out.append(marker_text(last_end - first_folded, "lines", summary) + cr)
        pos = last_end
    out.extend(lines[pos:])
    return "\n".join(out), kept


def pyspy_stack_lines(text: str, lines: list[str]) -> list[int]:
    """In py-spy's dump, the lines of every thread's header and frames (not its variables): a
    stack is read whole, its frames look alike but each is a different call."""
    if not text.startswith("Process ") or PYSPY_DUMP_START.match(text) is None:
        return []
    return [i for i, ln in enumerate(lines)
            if (ln.startswith("Thread ") and THREAD_HEADER.match(ln)) or (ln.startswith("    ") and FRAME_PYSPY.match(ln))]
