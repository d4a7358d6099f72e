"""Terraform's plan, apply and destroy transcripts.

A plan is an enumeration of changes: every `# ADDR will be created / must be replaced / will be
updated in-place / will be destroyed` header stays, and so does every line of an update or a
replacement block (each `~` / `-/+` line is a change the agent reviews). What is repetition:
  - a create (`+`) or destroy (`-`) block whose attribute keys are those of an earlier block of
    the same resource: its body is one marker naming that block (the values are in the original);
  - three or more identical lines in a row (`+ (known after apply),` in an output's list);
  - the apply stream's progress (`Creating...`, `Still creating... [10s elapsed]`, `Refreshing
    state...`): each resource's completion line, its provisioner output and every error box stay,
    and one marker where the stream's progress starts counts the progress lines by kind.
Error and warning boxes, `Plan:`, `Apply complete!` and the outputs are never touched.

Pure: `is_report(text)` recognises one, `elisions(lines)` says which runs to elide,
`view` writes it.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.compressors.lines import marker_text
from engine.patterns import (
    TF_BLOCK_HEADER, TF_COMPLETE, TF_PROGRESS, TF_PROVISIONER_OUTPUT, TF_REPORT_SIGN, TF_RESOURCE_LINE,
)

#: Every such transcript names Terraform (its preamble or the `Terraform planned…` line), except a
#: bare apply stream, which is recognised by its `Apply complete! Resources:` summary.
SIGNS = ("Terraform", "complete! Resources:")
#: Identical lines in a row from which the copies after the first are elided.
MIN_REPEAT = 3
#: A repeated block body shorter than this stays (a marker would save nothing).
MIN_BODY = 3


def is_report(text: str) -> bool:
    """Cheap literal gate first: the sign regex runs only on text naming Terraform."""
    return any(sign in text for sign in SIGNS) and TF_REPORT_SIGN.search(text) is not None


def elisions(lines: Sequence[str]) -> list[tuple[int, int, str | None]]:
    """(start, end, summary) runs to elide, in order, for a text `is_report` accepted. `lines`
    are ANSI-stripped, without line ends."""
    runs: list[tuple[int, int, str | None]] = []
    runs.extend(_repeated_blocks(lines))
    streams: list[range] = []
    runs.extend(_progress(lines, streams))
    # An apply stream's marker says its other lines are all kept: none of them is taken here.
    taken = {i for s, e, _ in runs for i in range(s, e)} | {i for stream in streams for i in stream}
    runs.extend(_identical_runs(lines, taken))
    runs.sort(key=lambda run: run[0])
    return runs


def _block_end(lines: Sequence[str], start: int, indent: int) -> int | None:
    """Index of the `}` that closes the block opened at lines[start] (indented `indent`)."""
    closing = " " * indent + "}"
    for j in range(start + 1, len(lines)):
        if lines[j] == closing:
            return j
        if lines[j] and not lines[j][:indent].isspace() and indent:
            return None  # left the block without its closing brace: not a plan block
    return None


def _shape(body: Sequence[str]) -> tuple[str, ...]:
    """A block body with its values masked: indentation, sign and key of each line."""
    return tuple(line.split(" = ", 1)[0].rstrip() if " = " in line else line.split('"', 1)[0]
                 for line in body)


def _repeated_blocks(lines: Sequence[str]) -> list[tuple[int, int, str]]:
    runs: list[tuple[int, int, str]] = []
    first: dict[tuple[str, str, tuple[str, ...]], str] = {}
    header = ""
    for i, line in enumerate(lines):
        if "#" in line:
            m = TF_BLOCK_HEADER.match(line)
            if m is not None:
                header = m.group(1)
            continue
        if not line.endswith("{") or "resource" not in line and "data" not in line:
            continue
        m = TF_RESOURCE_LINE.match(line)
        if m is None:
            continue
        sign, resource = m.group(2), m.group(3)
        end = _block_end(lines, i, len(m.group(1)) + len(sign) + 1)
        if end is None:
            continue
        if sign not in ("+", "-"):  # an update or replacement: every line is a change
            continue
        key = (sign, resource, _shape(lines[i + 1:end]))
        if key not in first:
            first[key] = header
        elif end + 1 - i >= MIN_BODY and first[key]:
            runs.append((i, end + 1, f"block with the attribute keys of {first[key]}'s"))
        header = ""
    return runs


def _progress(lines: Sequence[str], streams: list[range]) -> list[tuple[int, int, str | None]]:
    """An apply stream (progress, completion and provisioner lines, nothing else between them)
    loses its progress lines: the first stretch of them becomes the stream's one marker, which
    counts all of them by kind; later stretches go silently (summary None in `render`). Each
    stream's span is added to `streams`."""
    runs: list[tuple[int, int, str | None]] = []
    n = len(lines)
    i = 0
    while i < n:
        if "..." not in lines[i] or TF_PROGRESS.fullmatch(lines[i]) is None:
            i += 1
            continue
        progress: list[int] = []
        kinds: Counter[str] = Counter()
        j = i
        while j < n:
            line = lines[j]
            m = TF_PROGRESS.fullmatch(line) if "..." in line else None
            if m is not None:
                progress.append(j)
                kinds[m.group(2).split(" '")[0]] += 1
            elif not (" complete after " in line and TF_COMPLETE.fullmatch(line)) \
                    and not ("): " in line and TF_PROVISIONER_OUTPUT.match(line)):
                break
            j += 1
        kept = (j - i) - len(progress)
        what = ", ".join(f"{count} {kind}..." for kind, count
                         in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))
        summary: str | None = f"{len(progress)}|resource progress lines ({what})" + (
            f", here and among the next {kept} lines (those are all kept)" if kept else "")
        start = prev = progress[0]
        for k in progress[1:] + [-1]:
            if k == prev + 1:
                prev = k
                continue
            runs.append((start, prev + 1, summary))
            summary = None
            start = prev = k
        streams.append(range(i, j))
        i = j
    return runs


def _identical_runs(lines: Sequence[str], taken: set[int]) -> list[tuple[int, int, str]]:
    runs: list[tuple[int, int, str]] = []
    n = len(lines)
    i = 0
    while i < n:
        j = i + 1
        while j < n and lines[j] == lines[i] and j not in taken:
            j += 1
        if lines[i].strip() and i not in taken and j - i >= MIN_REPEAT:
            runs.append((i + 1, j, "copies of the line above"))
        i = j
    return runs


def render(units: Sequence[str], runs: list[tuple[int, int, str | None]], eol: str = "") -> list[str]:
    """The units with each run replaced by its marker: a `COUNT|summary` marker counts COUNT
    lines (an apply stream's progress, elided in several stretches), a None summary is such a
    stream's later stretch, already counted."""
    out: list[str] = []
    pos = 0
    for start, end, summary in runs:
        out.extend(units[pos:start])
        if summary is not None:
            count = end - start
            head, sep, rest = summary.partition("|")
            if sep and head.isdigit():
                count, summary = int(head), rest
            out.append(marker_text(count, "lines", summary) + eol)
        pos = end
    out.extend(units[pos:])
    return out


def view(units: Sequence[str], cleaned: Sequence[str], eol: str = "") -> list[str]:
    return render(units, elisions(cleaned), eol)


#: `terraform plan/apply -json`: the records that are the plan's enumeration, its diagnostics and
#: its results (each resource's change, error and completion); refresh and progress are chatter.
JSON_UI_SIGN = '"@module":"terraform.ui"'
JSON_UI_KEPT = tuple(f'"type":"{kind}"' for kind in (
    "planned_change", "resource_drift", "change_summary", "diagnostic", "apply_complete",
    "apply_errored", "provision_errored", "outputs"))


def json_ui_kept(bare: Sequence[str], joined: str) -> list[int]:
    """Indices of the `-json` records a log view must keep (none unless the text is one)."""
    if JSON_UI_SIGN not in joined:
        return []
    return [i for i, line in enumerate(bare) if '"type":"' in line and any(kind in line for kind in JSON_UI_KEPT)]
