"""Dependency trees inside a tool transcript: every entry stays.

`uv tree` prints `Resolved 66 packages in 18ms` above its tree, and `npm ls`, `pnpm why` or
`poetry show --tree` under a pty come with colours: either way the terminal compressor reads
them, and its look-alike rule would elide `│   └── typing-extensions v4.16.0` as a copy of the
same entry under another parent. A tree is an enumeration the agent asked for (what requires
what): a view with holes in a branch reads as the whole branch. So each drawn tree is kept
whole, with its root line above it and the few unbranched lines between its entries (a root
with no dependencies, pnpm's `│   dependencies:`).
"""
from __future__ import annotations

from engine.patterns import DEP_TREE_ENTRY, DEP_TREE_VERSION

#: Fewer entries than this in the whole payload are no dependency tree worth keeping whole.
MIN_ENTRIES = 5
#: Share of entries that must name a version: a test runner's tree (JUnit's console launcher:
#: `│  ├─ receivePositive(int) ✔`) is thinned as test results, never kept whole.
VERSIONED_SHARE = 0.8
#: Non-blank unbranched lines between two entries that still belong to one tree (roots without
#: children between two trees, a section heading); more, and the tree has ended.
MAX_GAP = 3
#: Lines above a tree's first entry searched for its root (over `│` guide lines and blanks).
ROOT_LOOKBACK = 4


def kept_lines(cleaned: list[str], joined: str) -> list[int]:
    """Indexes of the lines of every drawn tree (entries, roots, the lines between)."""
    if "├─" not in joined and "└─" not in joined:  # C-speed gate: no tree, no per-line pass
        return []
    match = DEP_TREE_ENTRY.match
    entries = [i for i, ln in enumerate(cleaned) if ("├─" in ln or "└─" in ln) and match(ln)]
    if len(entries) < MIN_ENTRIES:
        return []
    version = DEP_TREE_VERSION.search
    if sum(1 for i in entries if version(cleaned[i])) < VERSIONED_SHARE * len(entries):
        return []
    kept: list[int] = []
    start = prev = entries[0]
    for i in entries[1:] + [None]:
        if i is not None and sum(1 for k in range(prev + 1, i) if cleaned[k].strip()) <= MAX_GAP:
            prev = i
            continue
        kept.extend(_root(cleaned, start))
        kept.extend(range(start, prev + 1))
        if i is not None:
            start = prev = i
    return kept


def _root(cleaned: list[str], first: int) -> list[int]:
    """The root line above a tree's first entry, and the guide lines between them."""
    out: list[int] = []
    for k in range(first - 1, max(first - 1 - ROOT_LOOKBACK, -1), -1):
        line = cleaned[k].strip()
        out.append(k)
        if line and not line.startswith("│"):
            return out
    return []
