"""Unified diffs, `git diff --stat` and `git log -p`: every changed line, a little context.

Headers (`diff --git`, `index`, `---`/`+++`, `@@`, mode and rename lines), commit headers and
message lines, stat blocks and every `+`/`-` line are kept; context lines more than two away
from a change collapse into `… N context lines elided (caveman) …`. Hunks are walked by their
header counts, so a removed line that happens to start with `-- ` is still a change, not a header.
Colours are stripped (a coloured diff routes here too; the original keeps them).

One exception to "every changed line": a hunk whose header says it removes a whole file and adds
nothing (`@@ -1,N +0,0 @@`, a deleted file) keeps its headers and folds its N removed lines into
one counted marker, as `git diff --irreversible-delete` omits a delete's preimage: the old file
is history, and the original is one retrieve away.

Savings that keep every distinct changed line: a hunk whose changed lines repeat an earlier
hunk's (a mass refactor) folds into a marker naming where it was and what it repeats
(diff_repeats); `index <blob>..<blob>` lines, three or more, go into one counted note; runs of
`--stat` rows of one shape keep every path in one line (git_stat_fold). Word diffs' changed
lines are changes, never context. Git's listings (logs, file lists, status, blame) come here
too (git_listing): with no hunk in them, nothing of theirs is elided.
"""
from __future__ import annotations

from engine import patterns as P
from engine.compressors import diff_repeats, git_stat_fold
from engine.safety import SafetyClass
from engine.types import ContentType

MIN_LINES = 12
#: Context lines kept on each side of a change.
CONTEXT = 2
#: Shorter runs of far context stay: a marker costs about what two lines cost.
MIN_RUN = 3
#: `index` lines are elided only when there are this many: one note costs what about two cost.
INDEX_MIN = 3

_HEADER, _CHANGE, _CONTEXT, _OTHER, _DELETED = range(5)


class DiffCompressor:
    content_type = ContentType.DIFF
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        text = data.decode("utf-8", errors="surrogateescape")
        lines = text.split("\n")
        if len(lines) < MIN_LINES:
            return None
        raw = lines
        lines = [_clean(ln) for ln in lines]
        kinds = _classify(lines)
        if "\x1b[3" in text or "-]" in text or "+}" in text:
            diff_repeats.mark_word_changes(raw, lines, kinds, _CONTEXT, _CHANGE)
        keep = _keep_mask(kinds)
        crlf = sum(1 for ln in lines if ln.endswith("\r")) * 2 > len(lines)
        marker_end = "\r" if crlf else ""
        folds = diff_repeats.fold_repeats(lines, kinds, _HEADER, _CHANGE, _CONTEXT, marker_end)
        if " | " in text and " changed" in text:  # a stat list ends in `N files changed`
            other = [k == _OTHER for k in kinds]
            folds.update(git_stat_fold.fold_stat_rows(lines, other, marker_end))
        index_lines = 0
        drop_index = _index_count(lines, kinds) >= INDEX_MIN
        out: list[str] = []
        i = 0
        while i < len(lines):
            if i in folds:
                i, marker = folds[i]
                out.append(marker)
                continue
            if keep[i]:
                if drop_index and kinds[i] == _HEADER and lines[i].startswith("index ") \
                        and P.GIT_INDEX_LINE.match(lines[i]):
                    index_lines += 1
                else:
                    out.append(lines[i])
                i += 1
                continue
            j = i
            while j < len(lines) and not keep[j] and kinds[j] == kinds[i]:
                j += 1
            if kinds[i] == _DELETED:
                marker = f"… {j - i} removed lines elided (caveman): the whole old file, nothing added …{marker_end}"
            else:
                marker = f"… {j - i} context lines elided (caveman) …{marker_end}"
            if j - i >= MIN_RUN and sum(len(ln) + 1 for ln in lines[i:j]) > len(marker.encode()):
                out.append(marker)
            else:
                out.extend(lines[i:j])
            i = j
        if index_lines:
            if out and out[-1] in ("", "\r"):
                out.pop()
                out.append(_index_note(index_lines) + marker_end)
                out.append(marker_end)
            else:
                out.append(_index_note(index_lines) + marker_end)
        result = "\n".join(out).encode("utf-8", errors="surrogateescape")
        return result if result != data and len(result) < len(data) else None


def _index_count(lines: list[str], kinds: list[int]) -> int:
    return sum(1 for ln, k in zip(lines, kinds)
               if k == _HEADER and ln.startswith("index ") and P.GIT_INDEX_LINE.match(ln))


def _index_note(count: int) -> str:
    noun = "line" if count == 1 else "lines"
    return f"… {count} `index <blob>..<blob> [mode]` {noun} elided (caveman) …"


def _clean(line: str) -> str:
    """Colours gone; a CR-redrawn line reduced to its last frame (its own CRLF kept)."""
    if "\x1b" in line:
        line = P.ANSI.sub("", line)
    if "\r" in line.rstrip("\r"):
        end = "\r" if line.endswith("\r") else ""
        frames = [f for f in line.rstrip("\r").split("\r") if f.strip()]
        line = (frames[-1] if frames else "") + end
    return line


def _classify(lines: list[str]) -> list[int]:
    kinds: list[int] = []
    old = new = 0
    counted = False  # False for combined (`@@@`) hunks: walked by line shape, not by counts
    columns = 1
    in_hunk = False
    whole_file_removed = False  # the hunk is `@@ -1,N +0,0 @@`
    for raw in lines:
        line = raw.rstrip("\r")
        if in_hunk:
            kind = _hunk_line(line, counted, old > 0 or new > 0, columns)
            if kind is not None:
                kinds.append(_DELETED if whole_file_removed and kind == _CHANGE else kind)
                if counted and line[:1] != "\\":
                    old -= line[:1] != "+"
                    new -= line[:1] != "-"
                    in_hunk = old > 0 or new > 0
                continue
            in_hunk = False
        hunk = P.DIFF_HUNK.match(line)
        if hunk is not None:
            kinds.append(_HEADER)
            counted = not line.startswith("@@@")
            columns = len(line) - len(line.lstrip("@")) - 1  # a combined diff's prefix columns, one a parent
            old = int(hunk.group(1)) if hunk.group(1) is not None else 1
            new = int(hunk.group(2)) if hunk.group(2) is not None else 1
            whole_file_removed = counted and new == 0 and old > 0 and line.startswith(("@@ -1,", "@@ -1 "))
            in_hunk = not counted or old > 0 or new > 0
            continue
        kinds.append(_HEADER if P.DIFF_HEADER.match(line) else _OTHER)
    return kinds


def _hunk_line(line: str, counted: bool, remaining: bool, columns: int = 1) -> int | None:
    """The kind of a line inside a hunk, or None when the hunk has ended before it."""
    first = line[:1]
    if first == "\\":
        return _HEADER  # `\ No newline at end of file`
    if counted:
        # Within its counts every line belongs to the hunk, even `--- x` (a removed `-- x`);
        # an empty line is a context line whose trailing space an editor stripped.
        if first in ("+", "-"):
            return _CHANGE
        return _CONTEXT if first == " " or (line == "" and remaining) else None
    if first in ("+", "-") and not P.DIFF_HEADER.match(line):
        return _CHANGE
    if first == " " and columns > 1 and ("+" in line[1:columns] or "-" in line[1:columns]):
        return _CHANGE  # a combined diff's ` +x`: added against the second parent
    return _CONTEXT if first == " " else None


def _keep_mask(kinds: list[int]) -> list[bool]:
    keep = [k != _CONTEXT and k != _DELETED for k in kinds]
    n = len(kinds)
    for i, k in enumerate(kinds):
        if k != _CHANGE:
            continue
        for j in range(max(0, i - CONTEXT), min(n, i + CONTEXT + 1)):
            if kinds[j] == _CONTEXT:
                keep[j] = True
    return keep
