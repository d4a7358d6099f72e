"""`npm ls --json` (and `--all`, `--long`): a dependency tree, the list the agent asked for.

Its `dependencies` maps (name → `{version, overridden, dependencies}`) were thinned as maps of
records: a marker naming `debug doctrine escape-string-regexp` with `version: 3 distinct,
3.0.0..4.4.3` cannot say which debug is installed, and the elided entries' own dependencies
went unnamed. The text form of the same tree (`npm ls --all`) stays whole (dep_tree), so does
this one, up to LIST_MAX_ENTRIES packages (a longer tree is thinned as before, its markers
naming every package they hold); a subtree repeated verbatim still points to its first showing.
A lockfile (`lockfileVersion`) is not a tree the agent asked for and is read as usual.
"""
from __future__ import annotations

from typing import Any

from engine.compressors.lines import LIST_MAX_ENTRIES

DEPENDENCY_KEY = "dependencies"


def _nodes(v: Any) -> bool:
    return (isinstance(v, dict) and bool(v)
            and all(isinstance(x, dict) and isinstance(x.get("version"), str) for x in v.values()))


def _count(nodes: dict[str, Any], limit: int) -> int:
    """The packages in a dependencies map and under it, counted up to just past `limit`."""
    n = 0
    for node in nodes.values():
        n += 1
        below = node.get(DEPENDENCY_KEY) if isinstance(node, dict) else None
        if isinstance(below, dict):
            n += _count(below, limit - n)
        if n > limit:
            break
    return n


def is_dependency_tree(root: Any) -> bool:
    """The root of `npm ls --json` of at most LIST_MAX_ENTRIES packages: a named package whose
    `dependencies` map holds package nodes, and no lockfile."""
    return (isinstance(root, dict) and "lockfileVersion" not in root and "packages" not in root
            and _nodes(root.get(DEPENDENCY_KEY)) and _count(root[DEPENDENCY_KEY], LIST_MAX_ENTRIES) <= LIST_MAX_ENTRIES)


def is_dependency_map(path: str) -> bool:
    """Whether the map at `path` (a JSON path the walk writes) is one of the tree's
    `dependencies` maps."""
    return path.endswith("." + DEPENDENCY_KEY)
