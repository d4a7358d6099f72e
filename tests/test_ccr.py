"""The SQLite recovery store: byte-exact round trips, metadata, typed objects, budget, migrations,
paths it refuses, and stores that cannot take a write (corrupt, locked, read-only, full)."""
from __future__ import annotations

import os
import sqlite3
import stat
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ccr import (
    BudgetExceeded, InvalidObjectId, MemoryStore, RecordMeta, StoreUnavailable, UnavailableStore, UnsafePath,
)
from engine.ccr.migrations import MIGRATIONS, applied
from engine.ccr.sqlite import DEFAULT_MAX_BYTES, SQLiteStore
from engine.handles import handle_for

META = RecordMeta("log", "log:fake", 120, 30, "session-1")


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path / "store" / "ccr.db")
    yield s
    s.close()


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


# ---------------------------------------------------------------- round trips

@pytest.mark.parametrize("original", [
    b"",
    b"\x00",
    b"plain ascii\n",
    b"\xff\xfe\x00invalid utf-8 \xc3\x28 and NUL \x00 in the middle\x00",
    "unicode: 日本語 ✓ 🦴\r\n".encode(),
    bytes(range(256)) * 64,
], ids=["empty", "nul", "ascii", "invalid-utf8", "unicode", "all-bytes"])
def test_put_get_is_byte_exact(store, original):
    handle = store.put(original, META)
    assert handle == "ccr_" + __import__("hashlib").sha256(original).hexdigest()[:32]
    got = store.get(handle)
    assert got == original and type(got) is bytes


def test_put_is_idempotent(store):
    first = store.put(b"same bytes", META)
    second = store.put(b"same bytes", RecordMeta("text", "other", 1, 1, "session-2"))
    assert first == second
    assert len(store.records()) == 1
    # the first record's metadata is kept, not overwritten by the second put
    assert store.records()[0].compressor == "log:fake"


def test_records_carry_their_metadata(store):
    before = time.time()
    handle = store.put(b"payload", META)
    (rec,) = store.records()
    assert (rec.kind, rec.key, rec.reference, rec.size) == ("blob", handle, handle, 7)
    assert (rec.content_type, rec.compressor, rec.tokens_before, rec.tokens_after, rec.session) == (
        "log", "log:fake", 120, 30, "session-1")
    assert before <= rec.created_at <= rec.accessed_at <= time.time()


def test_get_updates_last_access(store):
    handle = store.put(b"payload", META)
    with raw(store.path) as db:
        db.execute("UPDATE recoveries SET accessed_at = 1000, created_at = 1000")
    assert store.records()[0].accessed_at == 1000
    store.get(handle)
    rec = store.records()[0]
    assert rec.created_at == 1000 and rec.accessed_at > time.time() - 60


def test_unknown_handle_is_none(store):
    assert store.get("ccr_" + "0" * 32) is None
    assert store.get_object("nope") is None


def test_stats_group_by_content_type(store):
    store.put(b"a", RecordMeta("log", "log", 10, 2))
    store.put(b"b", RecordMeta("log", "log", 20, 5))
    store.put(b"cc", RecordMeta("json", "json", 7, 3))
    store.put_object("obj-1", b"xyz", "tool_output")
    s = store.stats()
    assert {k: (v.count, v.tokens_before, v.tokens_after) for k, v in s.by_content_type.items()} == {
        "log": (2, 30, 7), "json": (1, 7, 3)}
    assert (s.storage_bytes, s.max_storage_bytes, s.storage_full) == (7, DEFAULT_MAX_BYTES, False)


def test_recent_handles_newest_first(store):
    handles = [store.put(bytes([i]), META) for i in range(7)]
    with raw(store.path) as db:
        for i, h in enumerate(handles):
            db.execute("UPDATE recoveries SET created_at=? WHERE handle=?", (1000 + i, h))
    assert store.recent_handles(3) == handles[::-1][:3]


@pytest.mark.slow
def test_100_mb_round_trip(store):
    original = os.urandom(1 << 20) * 100  # 100 MiB; repeated to keep the test's own cost down
    handle = store.put(original, META)
    assert store.get(handle) == original


def test_random_bytes_round_trip_property(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db")

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.binary(max_size=4096))
    def round_trip(original):
        handle = s.put(original, META)
        assert handle == handle_for(original)
        assert s.get(handle) == original
        assert s.put(original, META) == handle

    round_trip()
    s.close()


# ---------------------------------------------------------------- typed objects

def test_typed_objects_live_in_their_own_id_space(store):
    data = b"\x00object bytes\xff"
    assert store.put_object("sess-1:tool.42", data, "tool_output", "sess-1") == "ccr://sess-1:tool.42"
    assert store.get_object("sess-1:tool.42") == data
    assert store.get("sess-1:tool.42") is None  # not a blob
    # an object id spelled like a blob handle is still an object, not a blob
    fake_handle = "ccr_" + "a" * 32
    store.put_object(fake_handle, b"obj", "x")
    assert store.get(fake_handle) is None and store.get_object(fake_handle) == b"obj"


def test_put_object_replaces_and_keeps_budget_exact(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db", max_bytes=10)
    s.put_object("o", b"12345678", "t")
    s.put_object("o", b"123456789", "t")  # replaces: 9 bytes used, not 17
    assert s.get_object("o") == b"123456789"
    assert s.stats().storage_bytes == 9
    with pytest.raises(BudgetExceeded):
        s.put_object("p", b"12", "t")


@pytest.mark.parametrize("bad", ["", "-leading-dash", "has space", "trailing.", "x" * 129, "a/b"])
def test_object_ids_must_be_spellable(store, bad):
    with pytest.raises(InvalidObjectId):
        store.put_object(bad, b"data", "t")
    with pytest.raises(InvalidObjectId):
        MemoryStore().put_object(bad, b"data", "t")


# ---------------------------------------------------------------- budget

def test_budget_refuses_whole_puts_and_writes_nothing(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db", max_bytes=100)
    kept = s.put(b"a" * 60, META)
    with pytest.raises(BudgetExceeded) as err:
        s.put(b"b" * 50, META)
    assert err.value.code == "ccr_budget_exceeded"
    assert "budget of 100 bytes" in str(err.value)
    assert [r.key for r in s.records()] == [kept]
    assert s.get(handle_for(b"b" * 50)) is None
    assert s.put(b"a" * 60, META) == kept  # an idempotent re-put needs no room
    assert s.put(b"c" * 40, META)  # exactly at the budget is allowed
    assert s.stats().storage_full is True


def test_default_budget_is_512_mib(store):
    assert store.max_bytes == 512 * 1024 * 1024


# ---------------------------------------------------------------- paths and permissions

def test_creates_private_directory_and_file(tmp_path):
    path = tmp_path / "new" / "ccr.db"
    s = SQLiteStore(path)
    s.put(b"secret", META)
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    for f in path.parent.iterdir():  # the db and, while open, its -wal and -shm
        assert stat.S_IMODE(f.stat().st_mode) == 0o600, f
    s.close()


def test_tightens_an_existing_loose_file(tmp_path):
    path = tmp_path / "ccr.db"
    path.touch(mode=0o644)
    os.chmod(path, 0o644)
    SQLiteStore(path).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_refuses_symlinked_file(tmp_path):
    real = tmp_path / "real.db"
    real.touch()
    link = tmp_path / "ccr.db"
    link.symlink_to(real)
    with pytest.raises(UnsafePath, match=r"refusing the recovery store at .*ccr\.db: it is a symlink"):
        SQLiteStore(link)


def test_refuses_dangling_symlink(tmp_path):
    link = tmp_path / "ccr.db"
    link.symlink_to(tmp_path / "elsewhere.db")
    with pytest.raises(UnsafePath, match="symlink"):
        SQLiteStore(link)
    assert not (tmp_path / "elsewhere.db").exists()


def test_refuses_symlinked_directory(tmp_path):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    (tmp_path / "home").symlink_to(real)
    with pytest.raises(UnsafePath, match="the directory is a symlink"):
        SQLiteStore(tmp_path / "home" / "ccr.db")


@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777])
def test_refuses_group_or_world_writable_directory(tmp_path, mode):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, mode)
    with pytest.raises(UnsafePath, match=r"group- or world-writable \(chmod 700 "):
        SQLiteStore(shared / "ccr.db")
    assert not (shared / "ccr.db").exists()


def test_accepts_sticky_world_writable_directory(tmp_path):
    # like /tmp: nobody can delete or rename another user's file there
    sticky = tmp_path / "sticky"
    sticky.mkdir()
    os.chmod(sticky, 0o1777)
    SQLiteStore(sticky / "ccr.db").close()


def test_refuses_non_regular_file(tmp_path):
    (tmp_path / "ccr.db").mkdir()
    with pytest.raises(UnsafePath, match="not a regular file"):
        SQLiteStore(tmp_path / "ccr.db")


# ---------------------------------------------------------------- broken stores

def test_corrupt_database_is_refused_with_reason(tmp_path):
    path = tmp_path / "ccr.db"
    path.write_bytes(b"this is not a database " * 400)
    with pytest.raises(StoreUnavailable, match="the database is corrupt") as err:
        SQLiteStore(path)
    assert err.value.code == "ccr_unavailable"


def test_locked_database_fails_the_put_not_the_process(tmp_path):
    path = tmp_path / "ccr.db"
    s = SQLiteStore(path, busy_timeout_ms=50)
    holder = raw(path)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailable, match="locked by another process"):
            s.put(b"payload", META)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert s.records() == []
    assert s.put(b"payload", META)  # the same store works again once the lock is gone


def test_read_only_database_fails_puts_but_still_reads(store):
    handle = store.put(b"kept", META)
    store._db.execute("PRAGMA query_only=1")
    with pytest.raises(StoreUnavailable, match="read-only"):
        store.put(b"new", META)
    assert store.get(handle) == b"kept"  # the access-time update fails quietly


def test_full_database_fails_the_put_and_rolls_back(store):
    store.put(b"small", META)
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count={pages}")
    with pytest.raises(StoreUnavailable, match="full"):
        store.put(os.urandom(256 * 1024), META)
    assert len(store.records()) == 1


def test_unavailable_store_reports_its_error_everywhere():
    err = StoreUnavailable("cannot open the recovery store at /x: the database is corrupt")
    s = UnavailableStore(err)
    for call in (lambda: s.put(b"x", META), lambda: s.get("ccr_" + "0" * 32), lambda: s.get_object("o"),
                 lambda: s.put_object("o", b"x"), s.stats):
        with pytest.raises(StoreUnavailable) as got:
            call()
        assert got.value is err
    assert s.recent_handles() == []


# ---------------------------------------------------------------- migrations

def test_fresh_store_records_every_migration(store):
    names = [name for name, _ in MIGRATIONS]
    assert names == sorted(names) and names[0] == "m001_initial"
    assert applied(store._db) == names


def test_baseline_store_is_migrated_in_place(tmp_path):
    path = tmp_path / "ccr.db"
    with raw(path) as db:  # the schema the unversioned baseline wrote
        db.executescript("""
            CREATE TABLE recoveries (handle TEXT PRIMARY KEY, created_at REAL NOT NULL, accessed_at REAL NOT NULL,
              content_type TEXT NOT NULL DEFAULT '', compressor TEXT NOT NULL DEFAULT '',
              tokens_before INTEGER NOT NULL DEFAULT 0, tokens_after INTEGER NOT NULL DEFAULT 0,
              session_id TEXT, size INTEGER NOT NULL, original BLOB NOT NULL);
            CREATE TABLE typed_objects (object_id TEXT PRIMARY KEY, object_type TEXT NOT NULL DEFAULT '',
              created_at REAL NOT NULL, session_id TEXT, data BLOB NOT NULL);
        """)
        db.execute("INSERT INTO recoveries VALUES (?, 5, 6, 'log', 'log', 9, 3, NULL, 3, ?)",
                   (handle_for(b"old"), b"old"))
        db.execute("INSERT INTO typed_objects VALUES ('obj', 't', 7, NULL, ?)", (b"1234",))
    s = SQLiteStore(path)
    assert s.get(handle_for(b"old")) == b"old"
    obj = [r for r in s.records() if r.kind == "object"][0]
    assert (obj.created_at, obj.size) == (7, 4)
    assert applied(s._db) == [name for name, _ in MIGRATIONS]
    stamps = s._db.execute("SELECT name, applied_at FROM ccr_migrations").fetchall()
    s.close()
    s2 = SQLiteStore(path)  # a second open applies nothing again
    assert s2._db.execute("SELECT name, applied_at FROM ccr_migrations").fetchall() == stamps
    s2.close()


# ---------------------------------------------------------------- concurrency

_WRITER = r"""
import sys, time
from pathlib import Path
from engine.ccr import RecordMeta
from engine.ccr.sqlite import SQLiteStore
path, who, n, go = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
while not go.exists():
    time.sleep(0.005)
s = SQLiteStore(path)  # opened at the same moment as the others: races the migrations too
for i in range(n):
    s.put(f"writer {who} record {i}".encode() * 20, RecordMeta("log", "log", i, 1, f"w{who}"))
    s.put(b"shared by every writer", RecordMeta("log", "log", 1, 1))
s.put_object(f"w{who}", b"object of writer %d" % who, "t")
"""


def test_concurrent_writers_from_several_processes_lose_nothing(tmp_path):
    import subprocess
    import sys

    path, go = tmp_path / "ccr.db", tmp_path / "go"
    writers, per_writer = 4, 150
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(path), str(w), str(per_writer), str(go)],
                              stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parent.parent)
             for w in range(writers)]
    time.sleep(0.3)
    go.touch()
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()
    s = SQLiteStore(path)
    for w in range(writers):
        for i in range(per_writer):
            original = f"writer {w} record {i}".encode() * 20
            assert s.get(handle_for(original)) == original
        assert s.get_object(f"w{w}") == b"object of writer %d" % w
    assert len(s.records()) == writers * per_writer + 1 + writers
    s.close()


def test_threads_share_one_store(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    s = SQLiteStore(tmp_path / "ccr.db")
    payloads = [f"thread payload {i}".encode() for i in range(200)]
    with ThreadPoolExecutor(4) as pool:
        handles = list(pool.map(lambda p: s.put(p, META), payloads))
        got = list(pool.map(s.get, handles))
    assert got == payloads


def test_memory_store_budget_and_failure():
    m = MemoryStore(max_bytes=5)
    m.put(b"12345", META)
    with pytest.raises(BudgetExceeded):
        m.put(b"6", META)
    m.fail_with = StoreUnavailable("down")
    with pytest.raises(StoreUnavailable):
        m.put(b"12345", META)



# ---------------------------------------------------------------- where the store lives

def test_store_path_precedence(tmp_path):
    import platformdirs

    from caveman_cli.context import Context

    assert Context({"CAVEMAN_CCR_DB": str(tmp_path / "x.db"), "CAVEMAN_HOME": str(tmp_path / "h")}).ccr_path == (
        tmp_path / "x.db")
    assert Context({"CAVEMAN_HOME": str(tmp_path / "h")}).ccr_path == tmp_path / "h" / "ccr.db"
    assert Context({}).ccr_path == Path(platformdirs.user_data_dir("caveman", appauthor=False)) / "ccr.db"
    assert Context({"CAVEMAN_CCR_DB": "", "CAVEMAN_HOME": str(tmp_path)}).ccr_path == tmp_path / "ccr.db"


def test_budget_from_environment(tmp_path):
    from caveman_cli.context import Context

    ctx = Context({"CAVEMAN_HOME": str(tmp_path), "CAVEMAN_CCR_MAX_BYTES": "1234"})
    with ctx.open_store() as s:
        assert s.max_bytes == 1234
    with Context({"CAVEMAN_HOME": str(tmp_path)}).open_store() as s:
        assert s.max_bytes == DEFAULT_MAX_BYTES


def test_store_runs_in_wal_mode_with_a_busy_timeout(store):
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA busy_timeout").fetchone()[0] == 10_000
    assert store._db.execute("PRAGMA secure_delete").fetchone()[0] == 1


def test_get_during_a_long_write_elsewhere_does_not_wait_for_bookkeeping(tmp_path):
    path = tmp_path / "ccr.db"
    s = SQLiteStore(path)  # the full 10 s busy timeout for writes
    handle = s.put(b"kept", META)
    with raw(path) as db:
        db.execute("UPDATE recoveries SET accessed_at = 1000")
    holder = raw(path)
    holder.execute("BEGIN IMMEDIATE")  # another process mid-write; readers still read in WAL mode
    try:
        started = time.monotonic()
        assert s.get(handle) == b"kept"
        assert time.monotonic() - started < 5  # not the 10 s write timeout
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert s._db.execute("PRAGMA busy_timeout").fetchone()[0] == 10_000
    assert s.records()[0].accessed_at == 1000  # the touch was skipped, not queued
    s.close()


def test_opening_retries_a_locked_fresh_store_until_the_busy_timeout(tmp_path):
    # Switching a new file to WAL answers `locked` at once when processes open it together.
    import sqlite3

    s = SQLiteStore(tmp_path / "ccr.db", busy_timeout_ms=2000)
    attempts = []

    def flaky() -> None:
        attempts.append(1)
        if len(attempts) < 3:
            raise sqlite3.OperationalError("database is locked")

    s._retry_while_locked(flaky)
    assert len(attempts) == 3

    def corrupt() -> None:
        attempts.append(1)
        raise sqlite3.OperationalError("file is not a database")

    attempts.clear()
    with pytest.raises(sqlite3.OperationalError, match="not a database"):
        s._retry_while_locked(corrupt)
    assert len(attempts) == 1
    s.close()

    quick = SQLiteStore(tmp_path / "other.db", busy_timeout_ms=50)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        quick._retry_while_locked(lambda: (_ for _ in ()).throw(sqlite3.OperationalError("database is locked")))
    quick.close()
