"""Diff hunks that repeat an earlier hunk's change, and word-level changes in context lines.

A mass rename or refactor (`sed -i s/fetch_user/load_user/`) gives hundreds of hunks whose `-`/`+`
lines are byte-identical and only their context differs. The first hunk with a given change is
shown whole; a later one with the very same changed lines (same lines, same grouping) is folded,
with the consecutive repeats of one file, into one marker that names where each folded hunk
was (its header's ranges) and which shown hunk it repeats. Every distinct changed line stays
in view; what goes is a copy of lines already shown and the copies' context.

Word diffs (`--word-diff`, `--color-words`) mark a change inside a line that starts like
context; such a line is a change, never "context" to elide.
"""
from __future__ import annotations

from engine import patterns as P


#: Folded hunks whose locations a marker lists one by one; past this it gives the first ones
#: and the count of the rest (the count covers all).
MAX_LISTED = 12
#: Distinct shown hunks a marker names as the originals of its folded ones.
MAX_SOURCES = 3


def mark_word_changes(raw: list[str], lines: list[str], kinds: list[int], context: int, change: int) -> None:
    """Context lines that hold a word-diff change (`[-old-]{+new+}`, or a red/green span of
    `--color-words`) become changes."""
    for i in [i for i, k in enumerate(kinds) if k == context]:
        if ("\x1b[31m" in raw[i] or "\x1b[32m" in raw[i]) or \
                (("[-" in lines[i] or "{+" in lines[i]) and P.WORD_DIFF_CHANGE.search(lines[i])):
            kinds[i] = change


def fold_repeats(lines: list[str], kinds: list[int], header: int, change: int, context: int,
                 marker_end: str) -> dict[int, tuple[int, str]]:
    """{first line index: (end index, marker)} for each run of consecutive repeated hunks in one file."""
    hunks = _hunks(lines, kinds, header, change, context)
    if not hunks:
        hunks = _normal_hunks(lines)
    if len(hunks) < 2:
        return {}
    first_seen: dict[object, int] = {}  # key: header index of the hunk shown with it
    repeats: list[tuple[int, int, str, int]] = []  # start, end, file, header index of the shown one
    for start, end, path, key in hunks:
        if key is None:
            continue
        seen = first_seen.get(key)
        if seen is None:
            first_seen[key] = start
        else:
            repeats.append((start, end, path, seen))
    paths = {start: path for start, _, path, _ in hunks}
    folds: dict[int, tuple[int, str]] = {}
    i = 0
    while i < len(repeats):
        j = i + 1
        while j < len(repeats) and repeats[j][0] == repeats[j - 1][1] and repeats[j][2] == repeats[i][2]:
            j += 1
        run = repeats[i:j]
        start, end = run[0][0], run[-1][1]
        marker = _marker(lines, run, paths) + marker_end
        if len(marker) < sum(map(len, lines[start:end])) + end - start:
            folds[start] = (end, marker)
        i = j
    return folds


def _marker(lines: list[str], run: list[tuple[int, int, str, int]], paths: dict[int, str]) -> str:
    where = [_ranges(lines[r[0]]) for r in run[:MAX_LISTED]]
    listed = "; ".join(where)
    if len(run) > MAX_LISTED:
        listed += f"; and {len(run) - MAX_LISTED} more"
    shown: list[int] = []
    for r in run:
        if r[3] not in shown:
            shown.append(r[3])
    sources = [f"{paths[h]} {_ranges(lines[h])}" if paths[h] else _ranges(lines[h]) for h in shown[:MAX_SOURCES]]
    named = "; ".join(sources)
    if len(shown) > MAX_SOURCES:
        named += f"; and {len(shown) - MAX_SOURCES} more shown hunks"
    if len(run) == 1:
        return f"… 1 hunk elided (caveman) at {listed}: it repeats the changed lines of the hunk shown above at {named} …"
    return (f"… {len(run)} hunks elided (caveman) at {listed}: each repeats the changed lines of a hunk "
            f"shown above ({named}) …")


def _ranges(header_line: str) -> str:
    """`-14,7 +14,7` out of `@@ -14,7 +14,7 @@ def f():`; a normal diff's `10c10` as it is."""
    line = header_line.rstrip("\r")
    if not line.startswith("@@"):
        return line
    ats = len(line) - len(line.lstrip("@"))  # `@@@` for a combined diff
    end = line.find(" " + "@" * ats, ats)
    return line[ats + 1:end] if end > ats else line


def _hunks(lines: list[str], kinds: list[int], header: int, change: int, context: int):
    """(header index, end index, file, key) per unified or combined hunk; key None for one not
    to fold. Only the lines that are not hunk body are visited one by one (the boundaries)."""
    out = []
    path = ""
    n = len(lines)
    bounds = [i for i, k in enumerate(kinds) if k != change and k != context]
    bounds.append(n)
    # Each line as a key sees it: a change as it is, anything else blank.
    masked = [ln if k == change else "" for ln, k in zip(lines, kinds)]
    for p in range(len(bounds) - 1):
        i = bounds[p]
        line = lines[i]
        if kinds[i] != header:
            continue
        if line.startswith("@@"):
            if not P.DIFF_HUNK.match(line.rstrip("\r")):
                continue
            end = bounds[p + 1]
            foldable = end == n or lines[end][:1] != "\\"  # `\ No newline at end of file`: this file's own
            key = _change_key(masked[i + 1:end]) if foldable and end > i + 1 else None
            out.append((i, end, path, key))
        elif line.startswith("+++ ") or line.startswith("--- "):
            name = _path(line)
            if name and (line.startswith("+++ ") or not path_set_by_plus(lines, i)):
                path = name
        elif line.startswith("diff "):
            path = ""
    return out


def _change_key(masked: list[str]) -> str | None:
    """The hunk's changed lines in order, a blank line where context separates two groups;
    context before the first change and after the last one does not count. (A CRLF diff's
    lines keep their `\r`: all of a file's lines end alike.)"""
    key = "\n".join(masked).strip("\n")
    if not key:
        return None
    return P.DIFF_KEY_GAPS.sub("\n\n", key) if "\n\n\n" in key else key


def _normal_hunks(lines: list[str]):
    """(header index, end index, file, key) per normal-format hunk (`10c10`, `<`/`---`/`>` lines),
    the file named by the `diff [opts] a b` line before it."""
    out = []
    path = ""
    n = len(lines)
    i = 0
    while i < n:
        line = lines[i].rstrip("\r")
        if line.startswith("diff "):
            path = line.rsplit(" ", 1)[-1]
        elif line[:1].isdigit() and P.NORMAL_DIFF_HUNK.match(line):
            j = i + 1
            body: list[str] = []
            foldable = True
            while j < n and (lines[j][:1] in ("<", ">", "\\") or lines[j].rstrip("\r") == "---"):
                foldable = foldable and lines[j][:1] != "\\"
                body.append(lines[j].rstrip("\r"))
                j += 1
            out.append((i, j, path, "\n".join(body) if body and foldable else None))
            i = j
            continue
        i += 1
    return out


def path_set_by_plus(lines: list[str], i: int) -> bool:
    """A `--- a/x` line whose `+++` line follows names the file by the latter (unless /dev/null)."""
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    return nxt.startswith("+++ ") and _path(nxt) != ""


def _path(line: str) -> str:
    name = line[4:].rstrip("\r").split("\t", 1)[0].strip()
    if name == "/dev/null":
        return ""
    if name.startswith(("a/", "b/")):
        name = name[2:]
    return name
