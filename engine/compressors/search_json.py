"""`rg --json`: a JSON Lines stream of `begin`/`match`/`context`/`end` records and one `summary`.

Each `match` record is a hit the agent asked for, so it stays whole; the `begin`/`end` records
around each file (its path again, its per-file statistics) and context records are what may be
elided as look-alike records.
"""
from __future__ import annotations

from typing import Any

_RG_TYPES = frozenset({"begin", "match", "context", "end", "summary"})


def ripgrep_matches(items: list[Any]) -> list[int]:
    """The indices of `match` records when every record is one of rg's; else none."""
    matches: list[int] = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or item.get("type") not in _RG_TYPES or not isinstance(item.get("data"), dict):
            return []
        if item["type"] == "match":
            matches.append(i)
    return matches
