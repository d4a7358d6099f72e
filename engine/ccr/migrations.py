"""Numbered schema migrations for the CCR store, recorded in `ccr_migrations`.

Each migration is a function `mNNN_name(db)` run once, inside the caller's BEGIN IMMEDIATE
transaction (SQLite DDL is transactional), so two processes opening a fresh store at the same
moment cannot both apply one, and a failed migration leaves nothing half-done. Append new
migrations at the end; never edit or reorder an applied one.
"""
from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

Migration = Callable[[sqlite3.Connection], None]
MIGRATIONS: list[tuple[str, Migration]] = []


def migration(fn: Migration) -> Migration:
    if any(name == fn.__name__ for name, _ in MIGRATIONS):
        raise ValueError(f"duplicate migration {fn.__name__}")
    MIGRATIONS.append((fn.__name__, fn))
    return fn


@migration
def m001_initial(db: sqlite3.Connection) -> None:
    # IF NOT EXISTS: stores written by the unversioned baseline already hold these tables.
    db.execute("""
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
        )""")
    db.execute("""
        CREATE TABLE IF NOT EXISTS typed_objects (
            object_id TEXT PRIMARY KEY,
            object_type TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL,
            session_id TEXT,
            data BLOB NOT NULL
        )""")


@migration
def m002_object_access_and_size(db: sqlite3.Connection) -> None:
    # Typed objects age and count against the budget exactly like blobs.
    db.execute("ALTER TABLE typed_objects ADD COLUMN accessed_at REAL NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE typed_objects ADD COLUMN size INTEGER NOT NULL DEFAULT 0")
    db.execute("UPDATE typed_objects SET accessed_at = created_at, size = length(data)")


@migration
def m003_retention_indexes(db: sqlite3.Connection) -> None:
    # prune scans by last access; `ccr list` and recent_handles order by creation.
    db.execute("CREATE INDEX IF NOT EXISTS recoveries_accessed ON recoveries(accessed_at)")
    db.execute("CREATE INDEX IF NOT EXISTS recoveries_created ON recoveries(created_at)")
    db.execute("CREATE INDEX IF NOT EXISTS typed_objects_accessed ON typed_objects(accessed_at)")
    db.execute("CREATE INDEX IF NOT EXISTS typed_objects_session ON typed_objects(session_id, created_at)")


_LEDGER = "CREATE TABLE IF NOT EXISTS ccr_migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)"


def applied(db: sqlite3.Connection) -> list[str]:
    try:
        return [row[0] for row in db.execute("SELECT name FROM ccr_migrations ORDER BY name")]
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            return []
        raise


def pending(db: sqlite3.Connection) -> list[str]:
    done = set(applied(db))
    return [name for name, _ in MIGRATIONS if name not in done]


def migrate(db: sqlite3.Connection) -> list[str]:
    """Apply every pending migration (db must be in autocommit mode); return their names."""
    if not pending(db):  # the common case costs one read and no write lock
        return []
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(_LEDGER)
        done = set(applied(db))  # re-read under the lock: another process may have won
        ran = []
        for name, fn in MIGRATIONS:
            if name in done:
                continue
            fn(db)
            db.execute("INSERT INTO ccr_migrations(name, applied_at) VALUES (?, ?)", (name, time.time()))
            ran.append(name)
        db.execute("COMMIT")
    except BaseException:
        rollback_quietly(db)
        raise
    return ran


def rollback_quietly(db: sqlite3.Connection) -> None:
    """Roll back if a transaction is still open (SQLite rolls back by itself on some errors,
    e.g. a full disk, and a second ROLLBACK would hide the real error)."""
    if db.in_transaction:
        try:
            db.execute("ROLLBACK")
        except sqlite3.Error:
            pass
