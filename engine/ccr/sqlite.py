"""SQLiteStore: the CCR recovery store on disk (WAL, busy timeout, BEGIN IMMEDIATE writes).

BASELINE VERSION: put/get/stats/budget/permissions. Retention and typed objects are added
on top of this schema by later work.
"""
from __future__ import annotations

import os
import sqlite3
import stat
import time
from pathlib import Path

from engine.ccr import BudgetExceeded, RecordMeta, StoreStats, StoreUnavailable, TypeTotals, UnsafePath
from engine.handles import handle_for

DEFAULT_MAX_BYTES = 512 * 1024 * 1024
_BUSY_TIMEOUT_MS = 10_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS recoveries (
    handle TEXT PRIMARY KEY,
    created_at REAL NOT NULL,
    accessed_at REAL NOT NULL,
    content_type TEXT NOT NULL DEFAULT '',
    compressor TEXT NOT NULL DEFAULT '',
    tokens_before INTEGER NOT NULL DEFAULT 0,
    tokens_after INTEGER NOT NULL DEFAULT 0,
    session_id TEXT,
    size INTEGER NOT NULL,
    original BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS typed_objects (
    object_id TEXT PRIMARY KEY,
    object_type TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL,
    session_id TEXT,
    data BLOB NOT NULL
);
"""


def _check_path(path: Path) -> None:
    if path.is_symlink():
        raise UnsafePath(f"refusing the recovery store at {path}: it is a symlink")
    parent = path.parent
    if parent.is_symlink():
        raise UnsafePath(f"refusing the recovery store in {parent}: the directory is a symlink")
    try:
        parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        mode = parent.stat().st_mode
    except OSError as exc:
        raise StoreUnavailable(f"cannot create {parent}: {exc.strerror}") from exc
    if mode & (stat.S_IWGRP | stat.S_IWOTH) and not mode & stat.S_ISVTX:
        raise UnsafePath(f"refusing the recovery store in {parent}: the directory is group- or world-writable (chmod 700 it)")
    if path.exists() and not path.is_file():
        raise UnsafePath(f"refusing the recovery store at {path}: not a regular file")


class SQLiteStore:
    def __init__(self, path: Path, max_bytes: int | None = None) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes or DEFAULT_MAX_BYTES
        _check_path(self.path)
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
            os.close(fd)
            self._db = sqlite3.connect(self.path, timeout=_BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute(f"PRAGMA busy_timeout={_BUSY_TIMEOUT_MS}")
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(_SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            raise StoreUnavailable(f"cannot open the recovery store at {self.path}: {exc}") from exc

    def put(self, original: bytes, meta: RecordMeta) -> str:
        handle = handle_for(original)
        now = time.time()
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT 1 FROM recoveries WHERE handle=?", (handle,)).fetchone()
                if row is None:
                    used = self._db.execute("SELECT COALESCE(SUM(size),0) FROM recoveries").fetchone()[0]
                    if used + len(original) > self.max_bytes:
                        raise BudgetExceeded(f"the recovery store is over its budget of {self.max_bytes} bytes")
                    self._db.execute(
                        "INSERT INTO recoveries(handle, created_at, accessed_at, content_type, compressor,"
                        " tokens_before, tokens_after, session_id, size, original) VALUES (?,?,?,?,?,?,?,?,?,?)",
                        (handle, now, now, meta.content_type, meta.compressor, meta.tokens_before,
                         meta.tokens_after, meta.session, len(original), sqlite3.Binary(original)),
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"the recovery store at {self.path} could not take the original: {exc}") from exc
        return handle

    def get(self, handle: str) -> bytes | None:
        try:
            row = self._db.execute("SELECT original FROM recoveries WHERE handle=?", (handle,)).fetchone()
        except sqlite3.Error:
            return None
        return bytes(row[0]) if row else None

    def get_object(self, object_id: str) -> bytes | None:
        try:
            row = self._db.execute("SELECT data FROM typed_objects WHERE object_id=?", (object_id,)).fetchone()
        except sqlite3.Error:
            return None
        return bytes(row[0]) if row else None

    def recent_handles(self, limit: int = 5) -> list[str]:
        try:
            rows = self._db.execute("SELECT handle FROM recoveries ORDER BY created_at DESC LIMIT ?", (limit,))
            return [r[0] for r in rows]
        except sqlite3.Error:
            return []

    def stats(self) -> StoreStats:
        rows = self._db.execute(
            "SELECT content_type, COUNT(*), SUM(tokens_before), SUM(tokens_after) FROM recoveries GROUP BY content_type"
        ).fetchall()
        used = self._db.execute("SELECT COALESCE(SUM(size),0) FROM recoveries").fetchone()[0]
        by_type = {r[0]: TypeTotals(r[1], r[2] or 0, r[3] or 0) for r in rows}
        return StoreStats(by_type, used, self.max_bytes, used >= self.max_bytes)

    def close(self) -> None:
        self._db.close()
