"""Lines a database client prints that a text view must keep though they hold no error word:
PostgreSQL's server messages under psql (`psql:migrate.sql:4: NOTICE:  relation "x" already
exists, skipping`, `HINT:  …`). A run of migration statements repeats command tags; its
notices, each about another object, are what the agent reads it for."""
from __future__ import annotations

from engine.compressors import lines as L
from engine.patterns import PSQL_SERVER_MESSAGE

#: Every such message has a severity followed by a colon and two spaces.
GATE = ":  "


def server_message_lines(scan: L.LineScan) -> set[int]:
    """Indexes of the lines of `scan` that are PostgreSQL server messages."""
    if GATE not in scan.joined():
        return set()
    return scan.candidates((), (PSQL_SERVER_MESSAGE,), fold_case=False)
