"""`caveman tools ccr list | prune | forget | purge` through the real entry point."""
from __future__ import annotations

import json
import secrets
import sqlite3
import time

import pytest

from engine.ccr import RecordMeta
from engine.ccr.lifecycle import DAY
from engine.ccr.sqlite import SQLiteStore
from engine.handles import handle_for

LIST_KEYS = {"handle", "kind", "state", "created_at", "accessed_at", "bytes", "content_type", "compressor",
             "tokens_before", "tokens_after", "session"}


@pytest.fixture
def seeded(isolated_home):
    """Four records: hot, warm, cold and archived by last use, plus one typed object."""
    now = time.time()
    path = isolated_home / "ccr.db"
    idles = (("hot", 60), ("warm", 2 * DAY), ("cold", 10 * DAY), ("archived", 40 * DAY))
    with SQLiteStore(path) as s:
        handles = {state: s.put(f"{state} original".encode(), RecordMeta("log", "log", 100, 10, "sess"))
                   for state, _ in idles}
        s.put_object("sess:obj-1", b"object bytes", "tool_output", "sess")
    with sqlite3.connect(path, isolation_level=None) as db:
        for i, (state, idle) in enumerate(idles):
            db.execute("UPDATE recoveries SET created_at=?, accessed_at=? WHERE handle=?",
                       (now - idle - i, now - idle, handles[state]))
        db.execute("UPDATE typed_objects SET created_at=?, accessed_at=?", (now - 5, now - 5))
    return handles


def listing(cli) -> dict:
    r = cli("tools", "ccr", "list", "--json")
    assert r.returncode == 0 and r.stderr == b""
    return json.loads(r.stdout)


def test_list_empty(cli):
    assert listing(cli) == {"records": [], "count": 0, "storage_bytes": 0, "max_storage_bytes": 512 * 1024 * 1024}
    plain = cli("tools", "ccr", "list")
    assert plain.returncode == 0 and plain.stdout.decode().splitlines()[-1] == "0 records · 0 of 536,870,912 bytes"


def test_list_json_shows_lifecycle_newest_first(cli, seeded):
    out = listing(cli)
    assert out["count"] == 5
    rows = out["records"]
    assert all(set(r) == LIST_KEYS for r in rows)
    assert [(r["handle"], r["state"]) for r in rows] == [
        ("ccr://sess:obj-1", "hot"), (seeded["hot"], "hot"), (seeded["warm"], "warm"), (seeded["cold"], "cold"),
        (seeded["archived"], "archived")]
    hot = rows[1]
    assert (hot["kind"], hot["bytes"], hot["content_type"], hot["compressor"], hot["tokens_before"],
            hot["tokens_after"], hot["session"]) == ("blob", len(b"hot original"), "log", "log", 100, 10, "sess")
    assert rows[0]["kind"] == "object" and rows[0]["content_type"] == "tool_output"


def test_list_plain(cli, seeded):
    r = cli("tools", "ccr", "list")
    text = r.stdout.decode().splitlines()
    assert r.returncode == 0 and len(text) == 7
    assert text[0].split() == ["handle", "state", "created", "last", "used", "bytes", "type"]
    assert text[2].split()[:2] == [seeded["hot"], "hot"]


def test_prune_older_than(cli, seeded):
    r = cli("tools", "ccr", "prune", "--older-than", "7d")
    assert (r.returncode, r.stdout) == (0, b"")
    assert r.stderr.decode().splitlines() == ["caveman: pruned 2 records idle for more than 7d"]
    assert [row["state"] for row in listing(cli)["records"]] == ["hot", "hot", "warm"]
    again = cli("tools", "ccr", "prune", "--older-than", "12h")
    assert again.stderr.decode().splitlines() == ["caveman: pruned 1 record idle for more than 12h"]


@pytest.mark.parametrize("spelling", ["{h}", "<<ccr:{h}>>", "ccr:{h}"])
def test_forget_each_spelling(cli, seeded, spelling):
    h = seeded["warm"]
    r = cli("tools", "ccr", "forget", spelling.format(h=h))
    assert (r.returncode, r.stdout) == (0, b"")
    assert r.stderr.decode().splitlines() == [f"caveman: forgot {h}"]
    assert h not in [row["handle"] for row in listing(cli)["records"]]
    gone = cli("tools", "retrieve", h)
    assert gone.returncode == 1 and gone.stderr.decode().startswith(f"caveman: unknown handle {h}")


def test_forget_object(cli, seeded):
    r = cli("tools", "ccr", "forget", "ccr://sess:obj-1")
    assert r.returncode == 0 and r.stderr.decode().splitlines() == ["caveman: forgot ccr://sess:obj-1"]
    assert listing(cli)["count"] == 4


@pytest.mark.parametrize("handle", ["ccr_" + "0" * 32, "ccr://nothing-here", "garbage"])
def test_forget_unknown(cli, seeded, handle):
    r = cli("tools", "ccr", "forget", handle)
    assert (r.returncode, r.stdout) == (1, b"")
    assert r.stderr.decode().splitlines() == [f"caveman: unknown handle {handle}"]
    assert listing(cli)["count"] == 5


def test_purge_needs_yes_when_not_interactive(cli, seeded):
    r = cli("tools", "ccr", "purge")
    assert (r.returncode, r.stdout) == (1, b"")
    assert r.stderr.decode().splitlines() == ["caveman: purge deletes every stored original; pass --yes to confirm"]
    assert listing(cli)["count"] == 5


def test_purge_yes(cli, seeded):
    r = cli("tools", "ccr", "purge", "--yes")
    assert (r.returncode, r.stdout) == (0, b"")
    assert r.stderr.decode().splitlines() == ["caveman: purged 5 records"]
    assert listing(cli)["count"] == 0


@pytest.mark.parametrize("how", ["forget", "purge", "prune"])
def test_deleted_secrets_leave_the_files(cli, isolated_home, how):
    marker = b"SECRET-" + secrets.token_hex(16).encode()
    original = b"export API_KEY=" + marker + b"\n" + b"padding line\n" * 2000
    with SQLiteStore(isolated_home / "ccr.db") as s:
        h = s.put(original, RecordMeta("text"))
        s.put(b"another record", RecordMeta("text"))

    def on_disk() -> bool:
        return any(marker in f.read_bytes() for f in isolated_home.iterdir() if f.is_file())

    assert on_disk()
    args = {"forget": ("forget", h), "purge": ("purge", "--yes"), "prune": ("prune", "--older-than", "0s")}[how]
    r = cli("tools", "ccr", *args)
    assert r.returncode == 0, r.stderr
    assert not on_disk()
    if how == "forget":
        with SQLiteStore(isolated_home / "ccr.db") as s:
            assert s.get(handle_for(b"another record")) == b"another record"


def test_ccr_help_lists_the_commands(cli):
    r = cli("tools", "ccr", "--help")
    assert r.returncode == 0
    for name in ("list", "prune", "forget", "purge"):
        assert name in r.stdout.decode()
