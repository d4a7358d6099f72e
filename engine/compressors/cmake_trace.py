"""`cmake --trace` / `--trace-expand`: one line per command CMake runs, most of them inside its
own modules (compiler detection, FindPkgConfig, try_compile), thousands per configure.

What an agent reads a trace for is its own project's commands, the messages (`-- ` status,
`CMake Error at ...` / `CMake Warning` blocks) and the error at the end. So the trace entries
of files in CMake's module directory, with the continuation lines of their multi-line
arguments, are elided run by run, each marker counting the entries per module and the
continuation lines apart; the project's entries, every message and every line outside a
module entry stay. A continuation line is one read while the entry's parentheses are still
open; a line after a closed entry is output, and stays.

Pure: `elisions(lines)` (None when the text is no trace); lines.with_run_markers writes the view.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.patterns import CMAKE_TRACE_ENTRY, CMAKE_TRACE_MODULE

#: What cmake prints when tracing starts: a text without it is no trace.
SIGN = " trace output on."
#: A run this short stays (its marker would cost about what its lines cost).
MIN_RUN = 3
#: Modules named in a marker before the rest are counted together.
NAMED_MODULES = 4
_MESSAGE_STARTS = ("-- ", "CMake ", "Call Stack")


def is_report(text: str) -> bool:
    return SIGN in text and "):  " in text


def elisions(lines: Sequence[str]) -> list[tuple[int, int, str]] | None:
    runs: list[tuple[int, int, str]] = []
    n = len(lines)
    i = 0
    while i < n:
        m = CMAKE_TRACE_MODULE.match(lines[i]) if "/Modules/" in lines[i] else None
        if m is None:
            i += 1
            continue
        start = i
        modules: Counter[str] = Counter()
        continuations = 0
        depth = 0  # open parentheses of the current module entry
        while i < n:
            s = lines[i]
            m = CMAKE_TRACE_MODULE.match(s) if "/Modules/" in s else None
            if m is not None:
                modules[m["mod"].rsplit("/", 1)[-1]] += 1
                depth = _balance(s[m.end() - 1:])
            elif depth > 0 and not s.startswith(_MESSAGE_STARTS) and not CMAKE_TRACE_ENTRY.match(s):
                continuations += 1
                depth += _balance(s)
            else:
                break
            i += 1
        if i - start >= MIN_RUN:
            runs.append((start, i, _summary(modules, continuations)))
    return runs or None


def _balance(s: str) -> int:
    return s.count("(") - s.count(")")


def _summary(modules: Counter[str], continuations: int) -> str:
    ranked = sorted(modules.items(), key=lambda kv: (-kv[1], kv[0]))
    named = [f"{mod}×{c}" for mod, c in ranked[:NAMED_MODULES]]
    rest = ranked[NAMED_MODULES:]
    if rest:
        named.append(f"+{len(rest)} more modules×{sum(c for _, c in rest)}")
    entries = sum(modules.values())
    parts = [f"{entries} trace line{'s' if entries != 1 else ''} in CMake's modules: {' '.join(named)}"]
    if continuations:
        parts.append(f"{continuations} continuation line{'s' if continuations != 1 else ''} of their arguments")
    return "; ".join(parts)
