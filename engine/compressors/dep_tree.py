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

from engine.compressors.lines import marker_text
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


# ------------------------------------------------------------------ repeated subtrees

#: Share of non-blank lines that must be tree entries for the payload to be read as one tree.
TREE_SHARE = 0.6
#: A repeated subtree with fewer lines under its entry stays (its marker would save little).
MIN_FOLD = 4
#: Share of the lines the folds must save (net of their markers), else the tree stays whole.
MIN_SAVED_SHARE = 0.2
#: Words that keep a subtree unfolded: a problem npm or pnpm marks on an entry stays in view
#: wherever it is drawn.
PROBLEM_WORDS = ("UNMET", "invalid", "missing", "extraneous", "error", "ERR", "conflict")


def fold_repeats(cleaned: list[str]) -> list[tuple[int, int, str, str]] | None:
    """For a payload that is a dependency tree (`poetry show --tree`, `npm ls --all`,
    `pipdeptree`): every subtree that repeats, entry for entry, a subtree shown above it, as
    (first, end, indent, summary): lines first..end-1 (the lines under its entry) go, one
    marker at `indent` says what they were. None when it is no such tree or nothing repeats.

    poetry and pipdeptree print a package's whole subtree again wherever it is required (uv and
    npm mark such repeats `(*)`/`deduped` themselves): a 3,000-line tree of 40 packages. Two
    subtrees are the same when their entries' texts and relative depths are (the guide rules
    drawn left of them differ with the place). The first copy of each subtree stays in view
    whole: a repeat always comes after the copy it repeats."""
    if "├─" not in "".join(cleaned[:64]) and "└─" not in "".join(cleaned[:64]):
        return None  # a tree starts drawing in its first lines: the cheap gate
    match = DEP_TREE_ENTRY.match
    n = len(cleaned)
    # the column of each entry's branch glyph (-1: not an entry)
    column = [-1] * n
    entries = 0
    for i, line in enumerate(cleaned):
        if ("├─" in line or "└─" in line) and (m := match(line)) is not None:
            column[i] = max(line.rfind("├", 0, m.end()), line.rfind("└", 0, m.end()))
            entries += 1
    nonblank = sum(1 for ln in cleaned if ln.strip())
    if entries < MIN_ENTRIES or entries < TREE_SHARE * nonblank:
        return None
    version = DEP_TREE_VERSION.search
    if sum(1 for i in range(n) if column[i] >= 0 and version(cleaned[i])) < VERSIONED_SHARE * entries:
        return None
    # end[i]: one past the last line of entry i's subtree (entries drawn right of its branch)
    end = [0] * n
    stack: list[int] = []
    for i in range(n + 1):
        col = column[i] if i < n else -2
        while stack and col <= column[stack[-1]]:
            end[stack.pop()] = i
        if col >= 0:
            stack.append(i)
    # a subtree's shape -> the entry text it was first shown under; an entry text -> its first line
    seen: dict[tuple, str] = {}
    first_of: dict[str, int] = {}
    runs: list[tuple[int, int, str, str]] = []
    i = 0
    while i < n:
        col = column[i]
        if col < 0:
            i += 1
            continue
        text = _entry_text(cleaned[i], col)
        first_of.setdefault(text, i)
        if end[i] - i - 1 < MIN_FOLD:  # a small subtree is never folded, nor looked up
            i += 1
            continue
        shape = _shape(cleaned, column, i, end[i])
        shown = seen.get(shape)
        # Named by the text it was first shown under, when that text's first line is that copy
        # (so "the first `x` above" points at exactly the lines it says).
        if shown is not None and first_of[shown] < i \
                and _shape(cleaned, column, first_of[shown], end[first_of[shown]]) == shape \
                and not any(w in ln for ln in cleaned[i + 1:end[i]] for w in PROBLEM_WORDS):
            summary = f"the same entries as under the first `{shown}` above"
            runs.append((i + 1, end[i], cleaned[i + 1][:column[i + 1]], summary))
            i = end[i]
            continue
        seen.setdefault(shape, text)
        i += 1
    if sum(stop - start - 1 for start, stop, _, _ in runs) < MIN_SAVED_SHARE * n:
        return None  # a fold or two saves less than the markers cost the reader: the tree stays whole
    return runs


def render(units: list[str], runs: list[tuple[int, int, str, str]], eol: str = "") -> list[str]:
    """The units with each folded run replaced by its marker, drawn where its first line was."""
    out: list[str] = []
    pos = 0
    for start, stop, indent, summary in runs:
        out.extend(units[pos:start])
        out.append(indent + marker_text(stop - start, "lines", summary) + eol)
        pos = stop
    out.extend(units[pos:])
    return out


def _entry_text(line: str, col: int) -> str:
    """The entry after its branch: `ipython >=7.23.1` from `│   ├── ipython >=7.23.1 `."""
    return line[col:].lstrip("├└─┬ ").rstrip()


def _shape(cleaned: list[str], column: list[int], i: int, stop: int) -> tuple:
    """An entry's subtree, placed anywhere: the package it is (the entry's first word: the
    constraint it was required with varies, its dependencies do not), then each line under it
    by its depth below the entry and its text from the branch on."""
    base = column[i]
    name = _entry_text(cleaned[i], base).split(" ", 1)[0]
    return (name,) + tuple((column[k] - base, cleaned[k][column[k]:].rstrip()) for k in range(i + 1, stop))

