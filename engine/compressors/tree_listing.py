"""A drawn tree (`tree`, `pipdeptree`, `npm ls`, `cargo tree`): a listing, not prose.

Each line is one entry under the branch drawn before it (`├── requests [required: ...]`). The
agent reads such a tree for the entry it is after (which version of a package is installed,
what requires it); a view that elides entries from the middle of a branch leaves it a partial
list that reads as the whole branch. The text compressor declines a payload that is mostly tree
entries, so it passes through whole.
"""
from __future__ import annotations

from engine.patterns import TREE_BRANCH

#: Share of non-blank lines that must be tree entries.
MIN_SHARE = 0.6
#: Fewer entries than this are no tree worth recognising.
MIN_ENTRIES = 5


def is_tree(lines: list[str]) -> bool:
    nonblank = [ln for ln in lines if ln.strip()]
    entries = sum(1 for ln in nonblank if TREE_BRANCH.match(ln))
    return entries >= MIN_ENTRIES and entries >= MIN_SHARE * len(nonblank)
