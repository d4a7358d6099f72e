"""`npm explain` / `npm why`: the chains of dependents that put a package in node_modules.

Each installed copy opens at the margin (`ms@2.1.3`, its path under it); each dependent is one
`debug@"^4.1.0" from @babel/core@7.29.13` line (its path on the next line), indented two spaces
a level, and under it the dependents of *that* package, down to `from the root project`. npm
writes every chain out in full, so why `@jest/core@29.7.0` is installed is printed again under
every package it reaches: a 600 KB explanation of `ms` is the same few dozen chains, hundreds
of times.

A dependent's subtree that is line for line (indentation aside) the subtree of an earlier
dependent with the same line and path is verified repetition: its node lines stay (who depends
on what, at this place), the lines under it become one marker at their indentation saying it is
the same N lines as shown above. The first copy of every subtree is in view whole (a repeat
always comes after the copy it repeats, so no copy is inside an elided one), every copy head at
the margin stays, and a text that is not an explanation is left alone.
"""
from __future__ import annotations

from engine.compressors import lines as L
from engine.patterns import NPM_EXPLAIN_EDGE, NPM_EXPLAIN_HEAD

#: Edge lines an explanation needs before it is read as one.
MIN_EDGES = 5
#: A repeated subtree shorter than this stays (its marker would save nothing).
MIN_FOLD = 4
#: How far into the text the cheap test looks for a head and its dependents.
SNIFF = 2048


def is_explanation(text: str) -> bool:
    """A copy head at the margin, its path, and dependents under it."""
    if '" from ' not in text[:SNIFF]:  # C-speed gate
        return False
    lines = text[:SNIFF].split("\n")
    if len(lines) < 4 or not NPM_EXPLAIN_HEAD.match(lines[0]) or lines[1][:1] in ("", " "):
        return False
    return sum(1 for ln in lines[2:] if NPM_EXPLAIN_EDGE.match(ln)) >= MIN_EDGES


def compress(text: str) -> str | None:
    """The explanation with each repeated subtree folded, or None when nothing repeats (or a
    line does not parse: then the text compressor's own rules are not wanted either, and the
    caller passes the text through)."""
    lines = text.split("\n")
    n = len(lines)
    indent = [len(ln) - len(ln.lstrip(" ")) for ln in lines]
    edge = [NPM_EXPLAIN_EDGE.match(ln) is not None for ln in lines]
    if sum(edge) < MIN_EDGES:
        return None
    # A node: an edge line and, when the next line at its indentation is no edge, its path.
    # end[i]: one past the last line of node i's subtree (lines deeper than it, blanks ending it).
    ends: dict[int, int] = {}
    stack: list[int] = []
    for i in range(n + 1):
        depth = indent[i] if i < n and lines[i].strip() else -1
        while stack and (depth <= indent[stack[-1]] and (i == n or not lines[i].strip() or edge[i]
                                                         or depth < indent[stack[-1]])):
            ends[stack.pop()] = i
        if i < n and edge[i]:
            stack.append(i)
    # A subtree's signature is its exact text, dedented: equal signatures are equal subtrees.
    seen: dict[str, int] = {}
    out: list[str] = []
    i = 0
    folded = 0
    while i < n:
        if edge[i]:
            body_from = i + 1 if i + 1 >= n or edge[i + 1] or indent[i + 1] != indent[i] else i + 2
            end = ends[i]
            base = indent[i]
            sig = "\n".join(ln[base:] for ln in lines[i:end])
            first = seen.setdefault(sig, i)
            hidden = end - body_from
            if first != i and hidden >= MIN_FOLD:
                out.extend(lines[i:body_from])
                pad = " " * (indent[body_from] if body_from < n else indent[i] + 2)
                out.append(pad + L.marker_text(
                    hidden, "lines", "identical to the lines under this dependent's first appearance above"))
                folded += hidden
                i = end
                continue
        out.append(lines[i])
        i += 1
    if not folded:
        return None
    return "\n".join(out)
