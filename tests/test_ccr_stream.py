"""Streaming puts and gets of the recovery store: put_file and get_to, byte-exact over many
chunks, idempotent, within the budget, and refusing a file that changes while it is stored."""
from __future__ import annotations

import hashlib
import io
import os
import random

import pytest

from engine import filesource
from engine.ccr import BudgetExceeded, MemoryStore, RecordMeta, StoreUnavailable
from engine.ccr.sqlite import SQLiteStore
from engine.handles import handle_for

META = RecordMeta("log", "excerpt+log", 1200, 30, "session-1")


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path / "store" / "ccr.db")
    yield s
    s.close()


@pytest.fixture
def big(tmp_path):
    """3.5 chunks of random bytes (NULs, invalid UTF-8, no line structure)."""
    data = random.Random(7).randbytes(filesource.CHUNK * 3 + filesource.CHUNK // 2)
    path = tmp_path / "big.bin"
    path.write_bytes(data)
    return path, data


def _rows(store: SQLiteStore) -> int:
    return store._read("SELECT COUNT(*) FROM recoveries")[0][0]


def test_put_file_round_trips_byte_exact_across_chunks(store, big):
    path, data = big
    handle = store.put_file(path, META)
    assert handle == handle_for(data)
    assert store.get(handle) == data
    out = io.BytesIO()
    assert store.get_to(handle, out) is True
    assert hashlib.sha256(out.getvalue()).digest() == hashlib.sha256(data).digest()
    info = store.records()[0]
    assert (info.size, info.content_type, info.compressor, info.tokens_before, info.session) == (
        len(data), "log", "excerpt+log", 1200, "session-1")


def test_put_file_takes_an_open_file_and_leaves_its_position_alone(store, big):
    path, data = big
    with open(path, "rb") as fh:
        fh.seek(123)
        assert store.put_file(fh, META) == handle_for(data)
        assert fh.tell() == 123
    assert store.get(handle_for(data)) == data


def test_put_file_is_idempotent_and_agrees_with_put(store, big, tmp_path):
    path, data = big
    first = store.put_file(path, META)
    assert store.put_file(path, META) == first
    assert store.put(data, META) == first
    assert _rows(store) == 1
    small = tmp_path / "small"
    small.write_bytes(b"hello\n")
    assert store.put(b"hello\n", META) == store.put_file(small, META) == handle_for(b"hello\n")
    assert _rows(store) == 2


def test_put_file_of_an_empty_file(store, tmp_path):
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    handle = store.put_file(empty, META)
    assert handle == handle_for(b"") and store.get(handle) == b""
    out = io.BytesIO()
    assert store.get_to(handle, out) and out.getvalue() == b""


def test_budget_refusal_writes_nothing(tmp_path, big):
    path, data = big
    s = SQLiteStore(tmp_path / "s" / "ccr.db", max_bytes=len(data) - 1)
    with pytest.raises(BudgetExceeded):
        s.put_file(path, META)
    assert _rows(s) == 0 and s.get(handle_for(data)) is None
    assert s.put(b"fits\n", META)  # the store still works after the refusal
    s.close()


def test_a_file_that_changes_while_stored_is_refused_and_nothing_is_kept(store, big, monkeypatch):
    path, data = big
    real = filesource.chunks
    calls = []

    def changing(fd, size=filesource.CHUNK, start=0, end=None):
        calls.append(1)
        for piece in real(fd, size, start, end):
            # The second pass (the write) sees other bytes than the first (the hash).
            yield piece if len(calls) == 1 else bytes(len(piece))

    monkeypatch.setattr(filesource, "chunks", changing)
    with pytest.raises(StoreUnavailable, match="changed while it was stored"):
        store.put_file(path, META)
    monkeypatch.setattr(filesource, "chunks", real)
    assert _rows(store) == 0


def test_get_to_unknown_handle_writes_nothing(store):
    out = io.BytesIO()
    assert store.get_to("ccr_" + "0" * 32, out) is False and out.getvalue() == b""


def test_memory_store_streams_the_same_way(big):
    path, data = big
    mem = MemoryStore()
    handle = mem.put_file(path, META)
    out = io.BytesIO()
    assert handle == handle_for(data) and mem.get_to(handle, out) and out.getvalue() == data
    assert mem.get_to("ccr_" + "1" * 32, io.BytesIO()) is False
    with pytest.raises(BudgetExceeded):
        MemoryStore(max_bytes=10).put_file(path, META)


def test_put_file_from_a_path_that_does_not_exist_raises_oserror_not_a_half_record(store, tmp_path):
    with pytest.raises(OSError):
        store.put_file(tmp_path / "missing", META)
    assert _rows(store) == 0
    assert not os.path.exists(tmp_path / "missing")
