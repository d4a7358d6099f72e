"""strace output: every failed call stays, successful calls are counted by name.

A trace is thousands of calls; what an agent reads it for is the few that failed (`openat(...)
= -1 ENOENT`, `connect(...) = -1 ECONNREFUSED`), what ran (`execve`), what the program said on
its standard error, and how each process ended. Those lines are always kept, with the head and
tail. A successful call is compared by its name alone, so one of each name stays as an example
and the rest become markers that count them by name (`412 calls without error: openat 180,
mmap 96, ...`). keepNonRedundant would otherwise keep nearly every line (each names another
path or address) and pass a large trace through whole.
"""
from __future__ import annotations

from collections import Counter

from engine.compressors import lines as L
from engine.patterns import (
    LOG_IMPORTANT, STRACE_CALL, STRACE_EVENT, STRACE_KEY_CALL, STRACE_STDERR_WRITE, STRACE_UNFINISHED,
)

HEAD, TAIL = 2, 2
QUERY_LIMIT = 16
#: A trace has at least this many call lines among the lines sampled, and they are most of them.
MIN_CALLS = 12
SAMPLE_LINES = 400
#: Names listed in a marker; the rest are counted together.
MARKER_NAMES = 5
_OK, _UNFINISHED = "strace ok ", "strace unfinished "


def is_strace(lines: list[str]) -> bool:
    """Most of the first SAMPLE_LINES non-blank lines are strace's."""
    sample = [ln for ln in lines[:SAMPLE_LINES * 2] if ln.strip()][:SAMPLE_LINES]
    # each pattern's line holds one of these literals: most lines of other logs are never matched
    calls = sum(1 for ln in sample if ("= " in ln or "<unfinished" in ln or "--- SIG" in ln or "+++ " in ln) and (
        STRACE_CALL.match(ln) or STRACE_UNFINISHED.match(ln) or STRACE_EVENT.match(ln)))
    return calls >= MIN_CALLS and 4 * calls >= 3 * len(sample)


def _classify(line: str) -> tuple[bool, str]:
    """Whether the line must stay, and what keepNonRedundant compares it by."""
    m = STRACE_CALL.match(line)
    if m is not None:
        name = m["call"] or m["resumed"]
        if m["errno"] or STRACE_KEY_CALL.match(name) or STRACE_STDERR_WRITE.match(line):
            return True, line
        return False, _OK + name
    m = STRACE_UNFINISHED.match(line)
    if m is not None:
        return STRACE_KEY_CALL.match(m["call"]) is not None, _UNFINISHED + m["call"]
    if STRACE_EVENT.match(line):
        return True, line
    return LOG_IMPORTANT.search(line) is not None, line


def _describe(vocab: list[str]):
    def describe(i: int, j: int) -> str:
        ok: Counter[str] = Counter()
        unfinished = other = 0
        for v in vocab[i:j]:
            if v.startswith(_OK):
                ok[v[len(_OK):]] += 1
            elif v.startswith(_UNFINISHED):
                unfinished += 1
            else:
                other += 1
        parts = []
        if ok:
            ranked = sorted(ok.items(), key=lambda kv: (-kv[1], kv[0]))
            listed = ", ".join(f"{name} {count}" for name, count in ranked[:MARKER_NAMES])
            rest = ranked[MARKER_NAMES:]
            if rest:
                names = "syscalls" if len(rest) > 1 else "syscall"
                listed += f", {sum(c for _, c in rest)} more of {len(rest)} other {names}"
            calls = sum(ok.values())
            parts.append(f"{calls} call{'s' if calls != 1 else ''} without error ({listed})")
        if unfinished:
            parts.append(f"{unfinished} unfinished (resumed on a later line)")
        if other:
            parts.append(f"{other} other line{'s' if other != 1 else ''}")
        return "; ".join(parts)
    return describe


def compress(text: str, query: str | None) -> bytes | None:
    """The view of a trace (None when nothing could be elided)."""
    doc = L.split(text)
    bare = L.strip_ansi(doc.bare()) if "\x1b" in text else doc.bare()
    n = len(bare)
    classified = [_classify(ln) for ln in bare]
    must = [m for m, _ in classified]
    vocab = [v for _, v in classified]
    eol = "\r" if doc.eol_cr else ""
    describe = _describe(vocab)

    def render(extra: list[int], context: bool = True) -> str | None:
        keep = L.initial_keep(n, HEAD, TAIL, must, extra, context)
        result = L.elide(doc.lines, keep, noun="lines", eol=eol, vocab_units=vocab, describe=describe)
        return doc.join(result.out) if result.elided_units else None

    return L.render_with_query(render, text, bare, query, QUERY_LIMIT)
