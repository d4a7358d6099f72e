"""pg_restore's error report: one `pg_restore: error: could not execute query: ERROR:  …` per
failed statement, each followed by `Command was:` and the whole statement (a CREATE TABLE with
every column, a function body). Restoring into a database that already holds the schema fails
every statement so, and each error names another object: every error line stays, but the
statement bodies under them, which repeat the dump the agent already has, are elided after the
first line of each (that line names the object), one counted marker per statement.
"""
from __future__ import annotations

from engine.compressors import lines as L

COMMAND = "Command was: "
#: Statement lines under `Command was:` below this count stay (a marker would save nothing).
MIN_BODY = 2


def is_report(text: str) -> bool:
    return text.startswith("pg_restore: ") and "\n" + COMMAND in text


def compress(text: str) -> str | None:
    lines = text.split("\n")
    out: list[str] = []
    changed = False
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        out.append(line)
        i += 1
        if not line.startswith(COMMAND):
            continue
        j = i
        while j < n and lines[j] and not lines[j].startswith("pg_restore: "):
            j += 1
        body = j - i
        if body >= MIN_BODY:
            out.append(L.marker_text(body, "lines", "the rest of this command"))
            changed = True
            i = j
    return "\n".join(out) if changed else None
