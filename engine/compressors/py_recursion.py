"""A Python traceback's recursion through a cycle of frames, counted instead of shown.

CPython folds a frame repeated in a row (`[Previous line repeated 996 more times]`), but not a
cycle: `is_even` → `is_odd` → `is_even` …, a `__getattr__` going through a property, a decorator's
wrapper around the function it wraps. A RecursionError through such a cycle prints a thousand
frames or more, every one the copy of one a cycle earlier (same file, line, function, source
line and carets). `fold_cycles` keeps the first KEEP_HEAD cycles of each such run and its last
cycle (and the frames of an unfinished cycle after it), and puts one marker in between that
counts the elided lines and says which frames, repeated how many times, they were. Frames that
are not part of a cycle (the entry, the innermost call that raised) are never touched.
"""
from __future__ import annotations

from engine.compressors.lines import marker_text
from engine.patterns import PY_FRAME_LINE

#: Longest cycle looked for, in frames.
MAX_PERIOD = 8
#: Cycles shown before the marker (where the recursion was entered) and after it (where it
#: raised).
KEEP_HEAD, KEEP_TAIL = 2, 1
#: A run is folded only when at least this many cycles go.
MIN_ELIDED_CYCLES = 4
#: Frames a traceback must hold before it is read at all (one C-speed count).
MIN_FRAMES = KEEP_HEAD + KEEP_TAIL + MIN_ELIDED_CYCLES
#: Lines a frame may take: its `File` line, the source line, the carets (and a wrapped line).
MAX_FRAME_LINES = 4
FRAME_MARK = 'File "'
#: What each fold's marker line holds (a compressor that reads the folded text finds them so).
MARKER_WORDS = " lines elided (caveman): "


def _depth(line: str) -> int:
    """Indent, counting the `|` gutter an ExceptionGroup's sub-tracebacks are drawn in."""
    return len(line) - len(line.lstrip(" |\t"))


def _frames(text: str, lines: list[str]) -> list[tuple[int, int, tuple[str, ...]]]:
    """Each frame as (first line, one past its last line, its lines). Its `File` lines are found
    by one C-speed search; only the few lines under each are read one by one."""
    frames: list[tuple[int, int, tuple[str, ...]]] = []
    n = len(lines)
    line_no, pos = 0, 0
    for m in PY_FRAME_LINE.finditer(text):
        line_no += text.count("\n", pos, m.start())
        pos = m.start()
        i = line_no
        if frames and i < frames[-1][1]:
            continue
        depth = m.end(1) - m.start()
        j = i + 1
        while j < n and j - i < MAX_FRAME_LINES and lines[j].strip(" |\t\r") and _depth(lines[j]) > depth \
                and not lines[j].lstrip(" |\t").startswith(FRAME_MARK):
            j += 1
        frames.append((i, j, tuple(ln.rstrip("\r") for ln in lines[i:j])))
    return frames


def _place(frame_line: str) -> str:
    """`is_odd (recursion.py:7)` from `File "/src/recursion.py", line 7, in is_odd`."""
    body = frame_line.lstrip(" |\t")[len(FRAME_MARK):]
    path, _, rest = body.partition('", line ')
    number, _, func = rest.partition(", in ")
    name = path.rsplit("/", 1)[-1]
    return f"{func.strip() or '?'} ({name}:{number.strip()})"


def _cycle_end(frames: list[tuple[int, int, tuple[str, ...]]], i: int, period: int) -> int:
    """One past the last frame of the run from frame i in which every frame repeats the one
    `period` frames before it, its frames adjacent (no other line between them)."""
    j = i + period
    while j < len(frames) and frames[j][2] == frames[j - period][2] and frames[j][0] == frames[j - 1][1]:
        j += 1
    return j


def fold_cycles(text: str) -> tuple[str, list[int]] | None:
    """`text` with each long run of a repeated cycle of Python frames folded (see the module's
    docstring), and the indices of the folded text's lines that show each run (its kept cycles
    and its marker: a compressor keeps them, or the marker would sit between holes); None when
    the text holds no such run."""
    # (the header first: a search for a long word skips ahead, a count reads every character)
    if "Traceback (most recent call last)" not in text or text.count(FRAME_MARK) < MIN_FRAMES * 2:
        return None
    lines = text.split("\n")
    frames = _frames(text, lines)
    runs: list[tuple[int, int, int]] = []  # (first frame, one past the last, period)
    i = 0
    while i < len(frames):
        # the shortest period that reaches farthest: `a b a b` is a 2-cycle, not a 4-cycle
        best_end, best_period = i, 0
        for period in range(1, MAX_PERIOD + 1):
            if i + period > len(frames):
                break
            if period > 1 and frames[i + period - 1][0] != frames[i + period - 2][1]:
                break  # the cycle's own frames must be adjacent
            end = _cycle_end(frames, i, period)
            if end > best_end and (end - i) // period >= KEEP_HEAD + KEEP_TAIL + MIN_ELIDED_CYCLES:
                best_end, best_period = end, period
        if best_period:
            runs.append((i, best_end, best_period))
            i = best_end
        else:
            i += 1
    if not runs:
        return None
    out: list[str] = []
    kept: list[int] = []
    pos = 0
    for first, end, period in runs:
        cycles = (end - first) // period
        head_end = first + KEEP_HEAD * period  # frames kept before the marker
        tail_start = first + (cycles - KEEP_TAIL) * period  # the last whole cycle, then the rest
        elided_cycles = cycles - KEEP_HEAD - KEEP_TAIL
        cut, resume = frames[head_end][0], frames[tail_start][0]
        out.extend(lines[pos:frames[first][0]])
        kept.extend(range(len(out), len(out) + cut - frames[first][0]))
        out.extend(lines[frames[first][0]:cut])
        cycle = frames[first:first + period]
        places = ", ".join(_place(f[2][0]) for f in cycle)
        noun = "frame" if period == 1 else f"{period}-frame cycle"
        summary = f"{elided_cycles} more repeats of the {noun} {places}"
        indent = lines[cut][:_depth(lines[cut])]
        cr = "\r" if lines[cut].endswith("\r") else ""
        kept.append(len(out))
        out.append(indent + marker_text(resume - cut, "lines", summary) + cr)
        stop = frames[end - 1][1]
        kept.extend(range(len(out), len(out) + stop - resume))
        out.extend(lines[resume:stop])
        pos = stop
    out.extend(lines[pos:])
    return "\n".join(out), kept
