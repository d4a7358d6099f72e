"""Ansible playbook runs (`ansible-playbook`, plain or coloured, with or without `-v`).

A run is its banners (`PLAY [...]`, `TASK [...]`), one result per host and loop item, the
failures (`[ERROR]: …` with its origin excerpt, `failed: [host] (item=x) => {…}`, `fatal: …`),
`...ignoring`, and the PLAY RECAP. What is repetition: three or more routine results in a row
(`ok:`, `changed:` or `skipping:` of one status, with their `-v` JSON or a debug
message's block, saying the same of each item) but for one with stderr or warnings: the first
stays as the example, the rest are one marker that names the status and the hosts and items it covered. Every failure, error, warning and recap row stays, and
so does each banner, without its `****` padding.

Pure: `is_report(text)`, `view(units, cleaned, eol)`.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.compressors.lines import with_run_markers
from engine.patterns import ANSIBLE_BANNER, ANSIBLE_RESULT_TEXT, ANSIBLE_ROUTINE_RESULT

#: Routine results in a row from which the ones after the first are elided.
MIN_RUN = 3
#: A marker lists the items it covered while they fit in this many characters, else names the
#: first and the last (a partial list never reads as a whole one).
ITEMS_MAX_CHARS = 160


def is_report(text: str) -> bool:
    """A literal gate: a playbook run has task banners and a play banner or its recap."""
    return "TASK [" in text and ("PLAY [" in text or "PLAY RECAP" in text)


Record = tuple[int, int, str, str, str, str]


def _records(lines: Sequence[str]) -> list[Record]:
    """(start, end, status, host, item, says) of each routine result, its JSON/debug block
    included; `says` is what it reports in words, its item masked (see _says)."""
    out: list[Record] = []
    n = len(lines)
    i = 0
    while i < n:
        line = lines[i]
        m = ANSIBLE_ROUTINE_RESULT.match(line) if ": [" in line else None
        if m is None:
            i += 1
            continue
        end = i + 1
        if m.group(4):  # `=> {` opens a block closed by `}` at the line start
            while end < n and lines[end] != "}":
                if not lines[end].startswith(" "):
                    break
                end += 1
            if end >= n or lines[end] != "}":
                i += 1
                continue  # not a block we can bound: leave the line alone
            end += 1
        if _carries_output(lines[i:end]):  # stderr or warnings in a result: read, not repetition
            i = end
            continue
        item = (m.group(3) or "")[5:]
        out.append((i, end, m.group(1), m.group(2), item, _says(lines[i:end], item)))
        i = end
    return out


def _says(record: Sequence[str], item: str) -> str:
    """A debug block's body, or a `-v` result's `msg` and `stdout`, with the item masked: results
    of one loop that say the same of their own item are repetition; one that says something
    else is the odd result and stays in view."""
    text = "\n".join(record[1:]) if len(record) > 1 else \
        "\n".join(m.group(0) for m in ANSIBLE_RESULT_TEXT.finditer(record[0])) if '": "' in record[0] else ""
    return text.replace(item, "\0") if item else text


def _carries_output(record: Sequence[str]) -> bool:
    """A `-v` result with a non-empty stderr, or module warnings or deprecations."""
    text = "\n".join(record)
    if '"stderr": "' in text and text.count('"stderr": ""') < text.count('"stderr": "'):
        return True
    return '"warnings": [' in text or '"deprecations": [' in text


def _covered(rest: list[Record]) -> str:
    """The hosts and items the elided results were for: listed whole while short, else the
    first and the last with the count."""
    hosts = sorted(set(r[3] for r in rest))
    one_host = len(hosts) == 1
    labels = [r[4] if one_host else f"{r[3]}/{r[4]}" if r[4] else r[3] for r in rest]
    where = f"[{hosts[0]}]" if one_host else f"on {len(hosts)} hosts"
    if not all(labels):
        return where
    listed = ", ".join(labels)
    if len(listed) <= ITEMS_MAX_CHARS:
        return f"{where} ({'items' if one_host else 'results'}: {listed})"
    return f"{where} (from {labels[0]} to {labels[-1]})"


def elisions(lines: Sequence[str]) -> list[tuple[int, int, str]]:
    runs: list[tuple[int, int, str]] = []
    records = _records(lines)
    k = 0
    while k < len(records):
        first = records[k]
        j = k + 1
        while j < len(records) and records[j][0] == records[j - 1][1] and records[j][2] == first[2] \
                and records[j][5] == first[5]:
            j += 1
        if j - k >= MIN_RUN:
            rest = records[k + 1:j]
            summary = f"{len(rest)} more `{first[2]}:` results {_covered(rest)}"
            runs.append((rest[0][0], rest[-1][1], summary))
        k = j
    return runs


def view(units: Sequence[str], cleaned: Sequence[str], eol: str = "") -> list[str]:
    """The units with each repeated run as one marker and each banner without its padding."""
    out = with_run_markers(units, elisions(cleaned), eol)
    return [_unpadded(unit) if unit.endswith(("***", "***\r")) else unit for unit in out]


def _unpadded(unit: str) -> str:
    cr = "\r" if unit.endswith("\r") else ""
    m = ANSIBLE_BANNER.fullmatch(unit.rstrip("\r"))
    return m.group(1) + cr if m else unit
