"""Retention: lifecycle states, durations, prune / forget / purge, and that deleted bytes are
really gone from every file of the store (it may hold secrets)."""
from __future__ import annotations

import secrets
import sqlite3
import time
from pathlib import Path

import pytest

from engine.ccr import RecordMeta
from engine.ccr.lifecycle import COLD_FOR, DAY, HOT_FOR, WARM_FOR, Lifecycle, lifecycle, parse_duration
from engine.ccr.sqlite import SQLiteStore
from engine.handles import handle_for

META = RecordMeta("text", "text", 10, 2)
NOW = 2_000_000_000.0


def set_times(path: Path, handle: str, created: float, accessed: float) -> None:
    with sqlite3.connect(path, isolation_level=None) as db:
        db.execute("UPDATE recoveries SET created_at=?, accessed_at=? WHERE handle=?", (created, accessed, handle))
        db.execute("UPDATE typed_objects SET created_at=?, accessed_at=? WHERE object_id=?",
                   (created, accessed, handle))


def files_containing(directory: Path, marker: bytes) -> list[str]:
    return sorted(f.name for f in directory.iterdir() if f.is_file() and marker in f.read_bytes())


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db")
    yield s
    s.close()


# ---------------------------------------------------------------- lifecycle

@pytest.mark.parametrize("idle, state", [
    (0, Lifecycle.HOT),
    (HOT_FOR - 1, Lifecycle.HOT),
    (HOT_FOR, Lifecycle.WARM),
    (WARM_FOR - 1, Lifecycle.WARM),
    (WARM_FOR, Lifecycle.COLD),
    (COLD_FOR - 1, Lifecycle.COLD),
    (COLD_FOR, Lifecycle.ARCHIVED),
    (365 * DAY, Lifecycle.ARCHIVED),
])
def test_lifecycle_thresholds(idle, state):
    assert lifecycle(NOW - idle, NOW - idle, NOW) is state


def test_documented_thresholds():
    assert (HOT_FOR, WARM_FOR, COLD_FOR) == (DAY, 7 * DAY, 30 * DAY)


def test_a_recent_retrieval_keeps_an_old_record_hot():
    assert lifecycle(NOW - 90 * DAY, NOW - 60, NOW) is Lifecycle.HOT
    assert lifecycle(NOW - 90 * DAY, NOW - 10 * DAY, NOW) is Lifecycle.COLD


@pytest.mark.parametrize("text, seconds", [
    ("7d", 7 * 86400), ("12h", 12 * 3600), ("30m", 1800), ("45s", 45), ("2w", 14 * 86400),
    ("1d12h", 36 * 3600), (" 7D ", 7 * 86400), ("0s", 0),
])
def test_parse_duration(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "7", "d", "7x", "-1d", "1.5h", "7 d", "d7", "7dd", "1d 2h"])
def test_parse_duration_rejects(text):
    with pytest.raises(ValueError, match="not a duration"):
        parse_duration(text)


# ---------------------------------------------------------------- prune / forget / purge

def test_prune_deletes_only_idle_records(store):
    old = store.put(b"old and unused", META)
    used = store.put(b"old but retrieved lately", META)
    fresh = store.put(b"fresh", META)
    store.put_object("old-object", b"obj", "t")
    set_times(store.path, old, NOW - 10 * DAY, NOW - 10 * DAY)
    set_times(store.path, used, NOW - 10 * DAY, NOW - 1 * DAY)
    set_times(store.path, fresh, NOW - 60, NOW - 60)
    set_times(store.path, "old-object", NOW - 8 * DAY, NOW - 8 * DAY)
    assert store.prune(7 * DAY, now=NOW) == 2
    assert sorted(r.key for r in store.records()) == sorted([used, fresh])
    assert store.prune(7 * DAY, now=NOW) == 0


@pytest.mark.parametrize("spelling", ["{h}", "<<ccr:{h}>>", "ccr:{h}", " `{h}` ", "{H}"])
def test_forget_accepts_every_blob_spelling(store, spelling):
    h = store.put(b"to forget", META)
    keep = store.put(b"to keep", META)
    assert store.forget(spelling.format(h=h, H=h.upper())) == h
    assert store.get(h) is None and store.get(keep) == b"to keep"
    assert store.forget(h) is None


def test_forget_objects_and_unknowns(store):
    store.put_object("obj-9", b"data", "t")
    assert store.forget("ccr://obj-9") == "ccr://obj-9"
    assert store.get_object("obj-9") is None
    assert store.forget("ccr://obj-9") is None
    assert store.forget("not a handle") is None
    assert store.forget("ccr_" + "0" * 32) is None


def test_purge_deletes_everything(store):
    for i in range(5):
        store.put(b"record %d" % i, META)
    store.put_object("o", b"x", "t")
    assert store.purge() == 6
    assert store.records() == [] and store.stats().storage_bytes == 0


# ---------------------------------------------------------------- the bytes are really gone

def _marker() -> bytes:
    return b"SECRET-" + secrets.token_hex(16).encode()


@pytest.mark.parametrize("how", ["forget", "prune", "purge", "forget-object"])
def test_deleted_bytes_leave_every_file(tmp_path, how):
    directory = tmp_path / "store"
    s = SQLiteStore(directory / "ccr.db")
    marker = _marker()
    # big enough to spill into overflow pages, with the marker in the inline part and the tail
    secret = marker + b" token=hunter2 " + b"x" * 20_000 + marker
    neighbour = b"an unrelated record that stays " * 50
    s.put(neighbour, META)
    handle = s.put_object("secret-obj", secret, "t") if how == "forget-object" else s.put(secret, META)
    assert files_containing(directory, marker), "control: the marker must be on disk before deletion"

    if how == "forget":
        assert s.forget(handle) == handle
    elif how == "forget-object":
        assert s.forget(handle) == "ccr://secret-obj"
    elif how == "prune":
        set_times(s.path, handle, 1000, 1000)
        set_times(s.path, "secret-obj", 1000, 1000)
        assert s.prune(7 * DAY) == 1
    else:
        assert s.purge() == 2

    assert files_containing(directory, marker) == []  # while the store is still open (WAL present)
    s.close()
    assert files_containing(directory, marker) == []
    if how != "purge":
        s2 = SQLiteStore(directory / "ccr.db")
        assert s2.get(handle_for(neighbour)) == neighbour
        s2.close()


def test_purge_shrinks_the_file(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db")
    for i in range(20):
        s.put(b"%d" % i + b"y" * 50_000, META)
    s.close()
    big = (tmp_path / "ccr.db").stat().st_size
    s = SQLiteStore(tmp_path / "ccr.db")
    s.purge()
    s.close()
    assert (tmp_path / "ccr.db").stat().st_size < big / 10


def test_get_refreshes_lifecycle(store):
    h = store.put(b"payload", META)
    set_times(store.path, h, time.time() - 40 * DAY, time.time() - 40 * DAY)
    rec = store.records()[0]
    assert lifecycle(rec.created_at, rec.accessed_at, time.time()) is Lifecycle.ARCHIVED
    store.get(h)
    rec = store.records()[0]
    assert lifecycle(rec.created_at, rec.accessed_at, time.time()) is Lifecycle.HOT
