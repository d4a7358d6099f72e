"""Lines of database tools that a view must keep though they hold no error word: PostgreSQL's
server messages under psql (`psql:migrate.sql:4: NOTICE:  relation "x" already exists,
skipping`, `HINT:  …`), whose notices, each about another object, are what a migration's run of
command tags is read for; and in a MySQL/MariaDB slow query log each entry's `# Query_time:`
line and the first line of its statement (after `SET timestamp=…;`): which query, how slow."""
from __future__ import annotations

from engine.compressors import lines as L
from engine.patterns import MYSQL_SLOW_QUERY_TIME, PSQL_SERVER_MESSAGE

#: Every such message has a severity followed by a colon and two spaces.
GATE = ":  "


def server_message_lines(scan: L.LineScan) -> set[int]:
    """Indexes of the lines of `scan` that are PostgreSQL server messages."""
    if GATE not in scan.joined():
        return set()
    return scan.candidates((), (PSQL_SERVER_MESSAGE,), fold_case=False)


SLOW_GATE = "# Query_time: "
#: Lines from an entry's timing line to its statement: `# Rows_affected`, `use db;`, `SET timestamp`.
_STATEMENT_WITHIN = 6


def slow_query_lines(scan: L.LineScan) -> set[int]:
    """Indexes of each slow-log entry's timing line and its statement's first line."""
    if SLOW_GATE not in scan.joined():
        return set()
    lines = scan.lines
    out: set[int] = set()
    for i in scan.candidates((), (MYSQL_SLOW_QUERY_TIME,), fold_case=False):
        out.add(i)
        for k in range(i + 1, min(i + 1 + _STATEMENT_WITHIN, len(lines) - 1)):
            if lines[k].startswith("SET timestamp="):
                out.add(k + 1)
                break
    return out
