"""Which git outputs are enumerations: a log, a file list, a status, a blame, a merge report.

`git log` (any format), `git diff --stat/--numstat/--name-status`, `git status` and `git blame`
are lists the agent asked for: each commit's hash, author and subject, each file, each line's
commit is an answer, and none stands for another. A merge, pull, rebase or cherry-pick report
names each conflicted file on a `CONFLICT (content): Merge conflict in …` line that carries no
error word, so a text reader folded all but the first and last into "sections elided"; so do
`git apply --reject`'s `Rejected hunk #2.` lines and the `patching file x` line that names the
file of patch's `Hunk #1 FAILED at 30.`. Read as text, a log or table they were thinned
by similarity. Detect sends them to the diff compressor instead (they are the same family as the
diffs `git log -p` and `git show` interleave with them), which elides only hunk context and
repeated hunks; with no hunk in them they pass through whole.

The payload's first non-blank line picks the one shape to test (a single anchored match), so a
payload that is none of them costs one regex on one line.
"""
from __future__ import annotations

from engine import patterns as P

#: Lines of a hash-led listing (`--oneline`, blame, reflog) it needs to be one.
MIN_ROWS = 3
#: Share of the non-graph lines that must be hash-led: 0.45 lets a two-line `--format`
#: (`%H %an%n  %s`) in, where every other line is the subject (and `git diff --check`, whose
#: every finding is followed by the line it is about).
HASH_LED_SHARE = 0.45
#: Share of the non-blank lines a file list or short status must be made of.
LIST_SHARE = 0.8
#: Where `git pull`'s merge report starts: within its first lines (the fetched refs before it).
PULL_LINES = 8
PULL_HEAD = 2048


def is_git_listing(text: str) -> bool:
    first = _first_line(text)
    if not first:
        return False
    if P.GIT_COMMIT_LINE.match(first):
        # A medium/full log or `git show`: the first commit's header follows.
        return "\nAuthor: " in text or "Author: " in text[:4096]
    if P.GIT_STATUS_LONG_START.match(first) or P.GIT_MERGE_START.match(first) or P.GIT_APPLY_START.match(first):
        return True
    if first.startswith(("To ", "From ")):
        # `git push`/`git fetch`: each ref line says what became of one ref (` ! [rejected] …`).
        second = _first_line(text[text.find(first) + len(first):])
        if P.GIT_REF_UPDATE.match(second):
            return True
    if P.GIT_CHECK_FINDING.match(first):
        return _share(text, P.GIT_CHECK_FINDING, HASH_LED_SHARE, graph_neutral=False)
    if P.GIT_BRANCH_ROW.match(first):
        return _share(text, P.GIT_BRANCH_ROW, LIST_SHARE, graph_neutral=False)
    if first.startswith("From ") and "\n" in text[:PULL_HEAD]:
        # `git pull`: `From <remote>` and its fetched refs, then the merge report.
        return any(P.GIT_MERGE_START.match(ln) for ln in text[:PULL_HEAD].split("\n")[1:PULL_LINES])
    if P.GIT_HASH_LED.match(first):
        return _share(text, P.GIT_HASH_LED, HASH_LED_SHARE, graph_neutral=True)
    if first.startswith(" ") and " | " in first and P.GIT_STAT_ROW.match(first):
        return _stat_list(text)
    if P.NORMAL_DIFF_HUNK.match(first) or P.NORMAL_DIFF_FILE.match(first):
        return _normal_diff(text)
    for shape in (P.GIT_NAME_STATUS, P.GIT_NUMSTAT, P.GIT_STATUS_SHORT):
        if shape.match(first):
            return _share(text, shape, LIST_SHARE, graph_neutral=False)
    return False


def _first_line(text: str) -> str:
    start = 0
    n = len(text)
    while start < n:
        end = text.find("\n", start)
        end = n if end < 0 else end
        line = text[start:end].rstrip("\r")
        if line.strip():
            return line
        start = end + 1
    return ""


def _share(text: str, shape, share: float, *, graph_neutral: bool) -> bool:
    counted = hits = 0
    for line in text.split("\n"):
        line = line.rstrip("\r")
        if not line.strip() or (graph_neutral and _neutral(line)):
            continue
        counted += 1
        hits += shape.match(line) is not None
    return hits >= MIN_ROWS and hits >= share * counted


def _neutral(line: str) -> bool:
    """Lines a hash-led log holds between its commits: graph drawing, `--stat` rows and summary."""
    if line[:1] == " " and (P.GIT_STAT_ROW.match(line) or P.GIT_STAT_SUMMARY.match(line)):
        return True
    return P.GIT_GRAPH_ONLY.match(line) is not None


def _normal_diff(text: str) -> bool:
    """A normal-format diff (`diff a b`, `diff -r`): hunk headers, `<`/`>` lines, `---`
    separators and file lines make up the payload, with at least one hunk."""
    counted = shaped = hunks = 0
    for line in text.split("\n"):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        counted += 1
        first = line[:1]
        if first in ("<", ">") or line == "---" or first == "\\":
            shaped += 1
        elif first.isdigit() and P.NORMAL_DIFF_HUNK.match(line):
            shaped += 1
            hunks += 1
        elif P.NORMAL_DIFF_FILE.match(line):
            shaped += 1
    return hunks >= 1 and shaped >= LIST_SHARE * counted


def _stat_list(text: str) -> bool:
    """Stat rows and their `N files changed` summary make up the payload."""
    counted = rows = 0
    summary = False
    for line in text.split("\n"):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        counted += 1
        if P.GIT_STAT_ROW.match(line):
            rows += 1
        elif P.GIT_STAT_SUMMARY.match(line):
            summary = True
            rows += 1
    return summary and rows >= LIST_SHARE * counted
