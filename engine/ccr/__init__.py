"""CCR: the recovery store. The only package that touches storage.

`RecoveryStore` is what the engine needs; `SQLiteStore` (engine.ccr.sqlite) is the real one
(with retention: records, prune, forget, purge), `MemoryStore` serves tests and embedders that
bring their own persistence, and `UnavailableStore` stands in for a store that failed to open.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import BinaryIO, Protocol

from engine import filesource

from engine.handles import handle_for, parse_handle


class StoreError(Exception):
    """The store could not do what was asked. `code` is the engine's error code."""

    code = "ccr_unavailable"


class StoreUnavailable(StoreError):
    code = "ccr_unavailable"


class BudgetExceeded(StoreError):
    code = "ccr_budget_exceeded"


class UnsafePath(StoreError):
    """A symlinked database path or a directory others can write to."""

    code = "ccr_unavailable"


class InvalidObjectId(ValueError):
    """An object id that `ccr://<objectID>` could not spell back."""


@dataclass(frozen=True)
class RecordMeta:
    content_type: str = ""
    compressor: str = ""
    tokens_before: int = 0
    tokens_after: int = 0
    session: str | None = None


@dataclass(frozen=True)
class RecordInfo:
    """One stored original (a blob) or typed object, without its bytes: what `ccr list` shows."""

    kind: str  # "blob" or "object"
    key: str  # the handle, or the object id
    created_at: float
    accessed_at: float
    size: int
    content_type: str = ""  # the object type for typed objects
    compressor: str = ""
    tokens_before: int = 0
    tokens_after: int = 0
    session: str | None = None

    @property
    def reference(self) -> str:
        """How the record is shown to agents: `ccr_<hex>` or `ccr://<objectID>`."""
        return self.key if self.kind == "blob" else object_reference(self.key)


def object_reference(object_id: str) -> str:
    return f"ccr://{object_id}"


@dataclass(frozen=True)
class TypeTotals:
    count: int = 0
    tokens_before: int = 0
    tokens_after: int = 0


@dataclass(frozen=True)
class StoreStats:
    by_content_type: dict[str, TypeTotals] = field(default_factory=dict)
    storage_bytes: int = 0
    max_storage_bytes: int = 0
    storage_full: bool = False


class RecoveryStore(Protocol):
    def put(self, original: bytes, meta: RecordMeta) -> str:
        """Store the original; return its handle. Idempotent. Raises StoreError."""
        ...

    def get(self, handle: str) -> bytes | None:
        """The original, byte-exact; None when absent. Raises StoreError when the store is broken."""
        ...

    def put_file(self, source: filesource.Source, meta: RecordMeta) -> str:
        """put() for an original on disk (a path or an open binary file), streamed, never
        whole in memory. Same handle, idempotence and budget as put(). Raises StoreError."""
        ...

    def get_to(self, handle: str, out: BinaryIO) -> bool:
        """Write the original to `out` in chunks; False when absent. Raises StoreError."""
        ...

    def get_object(self, object_id: str) -> bytes | None: ...

    def put_object(self, object_id: str, data: bytes, object_type: str = "", session: str | None = None) -> str:
        """Store a typed object under its own id; return `ccr://<objectID>`. Raises StoreError."""
        ...

    def recent_handles(self, limit: int = 5) -> list[str]: ...

    def stats(self) -> StoreStats: ...


class MemoryStore:
    """A dict-backed store with an optional byte budget; for tests and embedders."""

    def __init__(self, max_bytes: int | None = None) -> None:
        self.max_bytes = max_bytes
        self.blobs: dict[str, tuple[bytes, RecordMeta]] = {}
        self.objects: dict[str, bytes] = {}
        self.fail_with: StoreError | None = None

    def put(self, original: bytes, meta: RecordMeta) -> str:
        if self.fail_with is not None:
            raise self.fail_with
        handle = handle_for(original)
        if handle in self.blobs:
            return handle
        used = sum(len(b) for b, _ in self.blobs.values())
        if self.max_bytes is not None and used + len(original) > self.max_bytes:
            raise BudgetExceeded(f"the recovery store is over its budget of {self.max_bytes} bytes")
        self.blobs[handle] = (bytes(original), meta)
        return handle

    def put_file(self, source: filesource.Source, meta: RecordMeta) -> str:
        with filesource.open_fd(source) as fd:
            return self.put(filesource.read_all(fd), meta)

    def get(self, handle: str) -> bytes | None:
        hit = self.blobs.get(handle)
        return hit[0] if hit else None

    def get_to(self, handle: str, out: BinaryIO) -> bool:
        hit = self.blobs.get(handle)
        if hit is None:
            return False
        out.write(hit[0])
        return True

    def get_object(self, object_id: str) -> bytes | None:
        return self.objects.get(object_id)

    def put_object(self, object_id: str, data: bytes, object_type: str = "", session: str | None = None) -> str:
        if self.fail_with is not None:
            raise self.fail_with
        check_object_id(object_id)
        self.objects[object_id] = bytes(data)
        return object_reference(object_id)

    def recent_handles(self, limit: int = 5) -> list[str]:
        return list(self.blobs)[-limit:][::-1]

    def stats(self) -> StoreStats:
        totals: dict[str, TypeTotals] = {}
        for _, meta in self.blobs.values():
            t = totals.get(meta.content_type, TypeTotals())
            totals[meta.content_type] = TypeTotals(
                t.count + 1, t.tokens_before + meta.tokens_before, t.tokens_after + meta.tokens_after)
        used = sum(len(b) for b, _ in self.blobs.values())
        limit = self.max_bytes or 0
        return StoreStats(totals, used, limit, bool(limit) and used >= limit)


def check_object_id(object_id: str) -> None:
    ref = parse_handle(object_reference(object_id))
    if ref is None or ref.kind != "object" or ref.key != object_id:
        raise InvalidObjectId(f"not a valid object id: {object_id!r} (letters, digits and ._:- , at most 128)")


class UnavailableStore:
    """Stands in for a store that could not be opened, so the engine reports why.

    Puts raise the opening error (the engine then passes through with its code); reads raise
    it too, so `retrieve` says the store is broken rather than that a handle is unknown."""

    def __init__(self, error: StoreError) -> None:
        self.error = error

    def put(self, original: bytes, meta: RecordMeta) -> str:
        raise self.error

    def put_file(self, source: filesource.Source, meta: RecordMeta) -> str:
        raise self.error

    def get_to(self, handle: str, out: BinaryIO) -> bool:
        raise self.error

    def put_object(self, object_id: str, data: bytes, object_type: str = "", session: str | None = None) -> str:
        raise self.error

    def get(self, handle: str) -> bytes | None:
        raise self.error

    def get_object(self, object_id: str) -> bytes | None:
        raise self.error

    def recent_handles(self, limit: int = 5) -> list[str]:
        return []

    def stats(self) -> StoreStats:
        raise self.error
