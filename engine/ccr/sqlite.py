"""SQLiteStore: the CCR recovery store on disk.

Concurrency: WAL (readers are never locked out by a writer), a busy timeout, and every write in
`BEGIN IMMEDIATE` (a deferred transaction that reads then writes fails at once with "database is
locked" when another process committed meanwhile; busy_timeout cannot save it).

Secrets: the store holds whatever commands printed. The file is created 0600 in a 0700
directory, a symlinked path or a directory others can write to is refused, and deletion is
real: `secure_delete` zeroes freed pages and the WAL is checkpointed and truncated afterwards,
so forgotten bytes are gone from every file of the store.

Every SQLite failure becomes a StoreError, so the engine can pass through and say why.
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from engine.ccr import (
    BudgetExceeded, RecordInfo, RecordMeta, StoreError, StoreStats, StoreUnavailable, TypeTotals, UnsafePath,
    check_object_id, object_reference,
)
from engine.ccr.migrations import migrate, rollback_quietly
from engine import filesource
from engine.handles import HANDLE_PREFIX, handle_for, parse_handle

DEFAULT_MAX_BYTES = 512 * 1024 * 1024
DEFAULT_BUSY_TIMEOUT_MS = 10_000
#: seconds between two last-access updates of one record
_TOUCH_EVERY = 60.0
_TOUCH_BUSY_MS = 100
_WAL_LIMIT_BYTES = 64 * 1024 * 1024

_USED_BYTES = ("SELECT (SELECT COALESCE(SUM(size), 0) FROM recoveries)"
               " + (SELECT COALESCE(SUM(size), 0) FROM typed_objects)")


def check_path(path: Path) -> None:
    """Refuse paths where another user could read or swap the store; create the directory 0700."""
    if path.is_symlink():
        raise UnsafePath(f"refusing the recovery store at {path}: it is a symlink")
    parent = path.parent
    if parent.is_symlink():
        raise UnsafePath(f"refusing the recovery store in {parent}: the directory is a symlink")
    try:
        parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        mode = parent.stat().st_mode
    except OSError as exc:
        raise StoreUnavailable(f"cannot create the recovery store's directory {parent}: {exc.strerror}") from exc
    # A sticky directory (like /tmp) lets nobody delete or rename another user's file.
    if mode & (stat.S_IWGRP | stat.S_IWOTH) and not mode & stat.S_ISVTX:
        raise UnsafePath(f"refusing the recovery store in {parent}: the directory is group- or world-writable"
                         f" (chmod 700 {parent})")
    if path.exists() and not path.is_file():
        raise UnsafePath(f"refusing the recovery store at {path}: not a regular file")


class SQLiteStore:
    def __init__(self, path: Path | str, max_bytes: int | None = None,
                 busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes or DEFAULT_MAX_BYTES
        self._busy_ms = int(busy_timeout_ms)
        self._lock = threading.RLock()
        check_path(self.path)
        try:
            # O_NOFOLLOW closes the window between the symlink check and the open.
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
            try:
                os.fchmod(fd, 0o600)  # an older or copied file may be readable by others
            finally:
                os.close(fd)
        except OSError as exc:
            raise StoreUnavailable(f"cannot open the recovery store at {self.path}: {exc.strerror}") from exc
        try:
            self._db = sqlite3.connect(self.path, timeout=busy_timeout_ms / 1000, isolation_level=None,
                                       check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"cannot open the recovery store at {self.path}: {exc}") from exc
        try:
            self._db.execute(f"PRAGMA busy_timeout={self._busy_ms}")
            self._retry_while_locked(self._prepare)
        except sqlite3.Error as exc:
            self._db.close()
            raise StoreUnavailable(self._explain("cannot open", exc)) from exc

    def _prepare(self) -> None:
        if self._db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            self._db.execute("PRAGMA journal_mode=WAL")
        # In WAL mode NORMAL never corrupts the store; it only defers the fsync to checkpoints
        # (a power cut may lose the last puts). FULL fsyncs every commit: ~5 ms per record.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA secure_delete=ON")
        # A 200 MB original passes through the WAL; without a limit the WAL file keeps that
        # size for as long as a connection (an MCP server) stays open.
        self._db.execute(f"PRAGMA journal_size_limit={_WAL_LIMIT_BYTES}")
        migrate(self._db)

    def _retry_while_locked(self, step: Callable[[], None]) -> None:
        """Switching a fresh file to WAL needs an exclusive lock, and SQLite answers `locked` at
        once (no busy handler) when several processes open a new store together: retry until
        the busy timeout has passed."""
        deadline = time.monotonic() + self._busy_ms / 1000
        delay = 0.005
        while True:
            try:
                step()
                return
            except sqlite3.OperationalError as exc:
                text = str(exc)
                if ("locked" not in text and "busy" not in text) or time.monotonic() >= deadline:
                    raise
            time.sleep(delay)
            delay = min(delay * 2, 0.1)

    # ------------------------------------------------------------------ plumbing

    def _explain(self, doing: str, exc: sqlite3.Error) -> str:
        text = str(exc)
        if "not a database" in text or "malformed" in text:
            why = "the database is corrupt (move it aside or delete it)"
        elif "locked" in text or "busy" in text:
            why = "the database is locked by another process"
        elif "readonly" in text or "read-only" in text:
            why = "the database is read-only"
        elif "full" in text:
            why = "the disk or database is full"
        else:
            why = text
        return f"{doing} the recovery store at {self.path}: {why}"

    @contextmanager
    def _write(self, doing: str) -> Iterator[sqlite3.Connection]:
        """One BEGIN IMMEDIATE transaction; any SQLite failure rolls back and becomes a StoreError."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                except BaseException:
                    rollback_quietly(self._db)
                    raise
            except sqlite3.Error as exc:
                raise StoreUnavailable(self._explain(doing, exc)) from exc

    def _read(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise StoreUnavailable(self._explain("cannot read", exc)) from exc

    def _touch(self, table: str, column: str, key: str, accessed_at: float) -> None:
        """Note a retrieval. Lifecycle states are days apart, so a record touched within the last
        minute is not written again (a read stays a read). Best effort: a store that is locked or
        read-only must still give originals back."""
        if time.time() - accessed_at < _TOUCH_EVERY:
            return
        with self._lock:
            try:
                # A retrieval must not wait out another process's long write for bookkeeping.
                self._db.execute(f"PRAGMA busy_timeout={_TOUCH_BUSY_MS}")
                self._db.execute(f"UPDATE {table} SET accessed_at=? WHERE {column}=?", (time.time(), key))
            except sqlite3.Error:
                rollback_quietly(self._db)
            finally:
                try:
                    self._db.execute(f"PRAGMA busy_timeout={self._busy_ms}")
                except sqlite3.Error:
                    pass

    def _check_budget(self, db: sqlite3.Connection, adding: int) -> None:
        used = db.execute(_USED_BYTES).fetchone()[0]
        if used + adding > self.max_bytes:
            raise BudgetExceeded(f"the recovery store is over its budget of {self.max_bytes:,} bytes"
                                 f" ({used:,} used, {adding:,} more needed; see `caveman tools ccr prune`)")

    # ------------------------------------------------------------------ blobs

    def put(self, original: bytes, meta: RecordMeta) -> str:
        handle = handle_for(original)
        now = time.time()
        with self._write("cannot write to") as db:
            if db.execute("SELECT 1 FROM recoveries WHERE handle=?", (handle,)).fetchone():
                # Idempotent: the bytes are already there; only note that they are in use again.
                db.execute("UPDATE recoveries SET accessed_at=? WHERE handle=? AND accessed_at<?",
                           (now, handle, now - _TOUCH_EVERY))
            else:
                self._check_budget(db, len(original))
                db.execute(
                    "INSERT INTO recoveries(handle, created_at, accessed_at, content_type, compressor,"
                    " tokens_before, tokens_after, session_id, size, original) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (handle, now, now, meta.content_type, meta.compressor or "", meta.tokens_before,
                     meta.tokens_after, meta.session, len(original), sqlite3.Binary(original)),
                )
        return handle

    def put_file(self, source: filesource.Source, meta: RecordMeta) -> str:
        """put() for an original too large to hold: a path or an open binary file, streamed.

        A first pass computes the handle; the row is inserted as a zero blob of the right size
        and filled chunk by chunk through an incremental blob handle, all in one transaction.
        The bytes are hashed again as they are written: a file that changed in between is
        refused (rolled back), never stored under the wrong handle."""
        with filesource.open_fd(source) as fd:
            digest = hashlib.sha256()
            size = 0
            for chunk in filesource.chunks(fd):
                digest.update(chunk)
                size += len(chunk)
            handle = HANDLE_PREFIX + digest.hexdigest()[:32]
            now = time.time()
            with self._write("cannot write to") as db:
                if db.execute("SELECT 1 FROM recoveries WHERE handle=?", (handle,)).fetchone():
                    db.execute("UPDATE recoveries SET accessed_at=? WHERE handle=? AND accessed_at<?",
                               (now, handle, now - _TOUCH_EVERY))
                    return handle
                self._check_budget(db, size)
                rowid = db.execute(
                    "INSERT INTO recoveries(handle, created_at, accessed_at, content_type, compressor,"
                    " tokens_before, tokens_after, session_id, size, original) VALUES (?,?,?,?,?,?,?,?,?,zeroblob(?))",
                    (handle, now, now, meta.content_type, meta.compressor or "", meta.tokens_before,
                     meta.tokens_after, meta.session, size, size),
                ).lastrowid
                again = hashlib.sha256()
                written = 0
                with db.blobopen("recoveries", "original", rowid) as blob:
                    for chunk in filesource.chunks(fd, end=size):
                        blob.write(chunk)
                        again.update(chunk)
                        written += len(chunk)
                if written != size or HANDLE_PREFIX + again.hexdigest()[:32] != handle:
                    raise StoreUnavailable(f"the original changed while it was stored in {self.path}; nothing kept")
        return handle

    def get_to(self, handle: str, out: BinaryIO) -> bool:
        """Write the original to `out` in chunks (byte-exact, never whole in memory); False when
        absent. Raises StoreError when the store is broken."""
        with self._lock:
            try:
                row = self._db.execute("SELECT rowid, accessed_at FROM recoveries WHERE handle=?",
                                       (handle,)).fetchone()
                if row is None:
                    return False
                # One read transaction, so a concurrent forget cannot cut the copy short.
                self._db.execute("BEGIN")
                try:
                    with self._db.blobopen("recoveries", "original", row[0], readonly=True) as blob:
                        while chunk := blob.read(filesource.CHUNK):
                            out.write(chunk)
                finally:
                    rollback_quietly(self._db)
            except sqlite3.Error as exc:
                raise StoreUnavailable(self._explain("cannot read", exc)) from exc
        self._touch("recoveries", "handle", handle, row[1])
        return True

    def get(self, handle: str) -> bytes | None:
        rows = self._read("SELECT original, accessed_at FROM recoveries WHERE handle=?", (handle,))
        if not rows:
            return None
        self._touch("recoveries", "handle", handle, rows[0][1])
        return bytes(rows[0][0])

    # ------------------------------------------------------------------ typed objects

    def put_object(self, object_id: str, data: bytes, object_type: str = "", session: str | None = None) -> str:
        check_object_id(object_id)
        now = time.time()
        with self._write("cannot write to") as db:
            row = db.execute("SELECT size FROM typed_objects WHERE object_id=?", (object_id,)).fetchone()
            self._check_budget(db, len(data) - (row[0] if row else 0))
            # An object id names a live runtime object: a second put replaces its bytes.
            db.execute(
                "INSERT INTO typed_objects(object_id, object_type, created_at, accessed_at, session_id, size, data)"
                " VALUES (?,?,?,?,?,?,?) ON CONFLICT(object_id) DO UPDATE SET object_type=excluded.object_type,"
                " accessed_at=excluded.accessed_at, session_id=excluded.session_id, size=excluded.size,"
                " data=excluded.data",
                (object_id, object_type, now, now, session, len(data), sqlite3.Binary(data)),
            )
        return object_reference(object_id)

    def get_object(self, object_id: str) -> bytes | None:
        rows = self._read("SELECT data, accessed_at FROM typed_objects WHERE object_id=?", (object_id,))
        if not rows:
            return None
        self._touch("typed_objects", "object_id", object_id, rows[0][1])
        return bytes(rows[0][0])

    # ------------------------------------------------------------------ listing and stats

    def recent_handles(self, limit: int = 5) -> list[str]:
        try:
            rows = self._read("SELECT handle FROM recoveries ORDER BY created_at DESC, handle LIMIT ?", (limit,))
        except StoreError:
            return []
        return [r[0] for r in rows]

    def records(self) -> list[RecordInfo]:
        """Every blob and typed object, newest first (ties broken by key, for stable output)."""
        blobs = self._read(
            "SELECT handle, created_at, accessed_at, size, content_type, compressor, tokens_before, tokens_after,"
            " session_id FROM recoveries")
        objects = self._read(
            "SELECT object_id, created_at, accessed_at, size, object_type, session_id FROM typed_objects")
        out = [RecordInfo("blob", *row) for row in blobs]
        out += [RecordInfo("object", oid, created, accessed, size, otype, session=session)
                for oid, created, accessed, size, otype, session in objects]
        out.sort(key=lambda r: (-r.created_at, r.kind, r.key))
        return out

    def stats(self) -> StoreStats:
        rows = self._read("SELECT content_type, COUNT(*), SUM(tokens_before), SUM(tokens_after) FROM recoveries"
                          " GROUP BY content_type")
        used = self._read(_USED_BYTES)[0][0]
        by_type = {r[0]: TypeTotals(r[1], r[2] or 0, r[3] or 0) for r in rows}
        return StoreStats(by_type, used, self.max_bytes, used >= self.max_bytes)

    # ------------------------------------------------------------------ retention

    def prune(self, idle_seconds: float, now: float | None = None) -> int:
        """Delete every record neither created nor retrieved within `idle_seconds`; return how many."""
        cutoff = (time.time() if now is None else now) - idle_seconds
        with self._write("cannot prune") as db:
            n = db.execute("DELETE FROM recoveries WHERE MAX(created_at, accessed_at) < ?", (cutoff,)).rowcount
            n += db.execute("DELETE FROM typed_objects WHERE MAX(created_at, accessed_at) < ?", (cutoff,)).rowcount
        if n:
            self._scrub()
        return n

    def forget(self, reference: str) -> str | None:
        """Delete one record by any handle spelling (a blob first, then an object, as retrieve
        resolves them); return the reference deleted, or None when nothing answers to it."""
        ref = parse_handle(reference)
        if ref is None:
            return None
        with self._write("cannot forget in") as db:
            gone = None
            if ref.kind == "blob" and db.execute("DELETE FROM recoveries WHERE handle=?", (ref.key,)).rowcount:
                gone = ref.key
            elif db.execute("DELETE FROM typed_objects WHERE object_id=?", (ref.key,)).rowcount:
                gone = object_reference(ref.key)
        if gone:
            self._scrub()
        return gone

    def purge(self) -> int:
        """Delete everything, then rebuild the file so not even free pages remain."""
        with self._write("cannot purge") as db:
            n = db.execute("DELETE FROM recoveries").rowcount
            n += db.execute("DELETE FROM typed_objects").rowcount
        self._scrub(vacuum=True)
        return n

    def _scrub(self, vacuum: bool = False) -> None:
        """Move zeroed pages into the main file and truncate the WAL, which still holds the old
        page images; VACUUM also returns the space."""
        with self._lock:
            try:
                if vacuum:
                    self._db.execute("VACUUM")
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            except sqlite3.Error as exc:
                raise StoreUnavailable(self._explain("cannot scrub", exc)) from exc

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
