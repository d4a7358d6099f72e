"""The engine's vocabulary: content types, modes, options and results.

Everything here is a value: frozen dataclasses and string enums, so a Result can be passed
across process boundaries (the CLI's --json, the MCP server) without surprises.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class ContentType(StrEnum):
    JSON = "json"
    LOG = "log"
    CODE = "code"
    DIFF = "diff"
    SEARCH = "search-result"
    TEXT = "text"
    TOON = "toon"
    HTML = "html"
    A11Y = "a11y"
    TERMINAL = "terminal"
    TABULAR = "tabular"
    CONFIG = "config"
    # Forced-only types: reachable through Options.type, never returned by Detect.
    TOOLSCHEMA = "toolschema"
    TOOLSCHEMA_ANNOTATIONS = "toolschema-annotations"
    REPETITION = "repetition"

    @classmethod
    def parse(cls, value: str | None) -> ContentType | None:
        """None for auto (empty, "auto"); raises ValueError for an unknown name."""
        if value is None or value.strip().lower() in ("", "auto"):
            return None
        return cls(value.strip().lower())


#: The twelve content types. Detect answers with ten of them: toon and a11y are forced-only.
CONTENT_TYPES = (
    ContentType.JSON, ContentType.LOG, ContentType.CODE, ContentType.DIFF, ContentType.SEARCH,
    ContentType.TEXT, ContentType.TOON, ContentType.HTML, ContentType.A11Y, ContentType.TERMINAL,
    ContentType.TABULAR, ContentType.CONFIG,
)


class Mode(StrEnum):
    RECORD = "record"
    COMPRESS = "compress"

    @classmethod
    def normalized(cls, value: str | Mode | None) -> Mode:
        """Empty or unknown modes fail closed to record."""
        if isinstance(value, Mode):
            return value
        if isinstance(value, str) and value.strip().lower() == "compress":
            return cls.COMPRESS
        return cls.RECORD


#: Token figures are local estimates; the engine never claims more.
BASIS = "inferred"
COUNTER_NAME = "o200k_base"


class ErrorCode(StrEnum):
    CCR_UNAVAILABLE = "ccr_unavailable"
    CCR_BUDGET_EXCEEDED = "ccr_budget_exceeded"
    UNKNOWN_SAFETY_CLASS = "unknown_safety_class"
    COMPRESSOR_FAILED = "compressor_failed"


@dataclass(frozen=True)
class Options:
    mode: Mode | str | None = Mode.RECORD
    #: None means auto-detect.
    type: ContentType | None = None
    query: str | None = None
    #: The caller has already stored the original elsewhere and vouches for recovery.
    external_recovery: bool = False
    session: str | None = None


@dataclass(frozen=True)
class Result:
    output: bytes
    content_type: ContentType
    method: str | None = None
    tokens_before: int = 0
    tokens_after: int = 0
    ratio: float = 0.0
    basis: str = BASIS
    handle: str | None = None
    recoverable: bool = False
    safety_class: str | None = None
    error: str | None = None
    #: Why the engine passed the input through (for stderr reports); not part of the contract.
    reason: str | None = None

    @property
    def passed_through(self) -> bool:
        return self.handle is None and self.method is None and self.ratio == 0

    def to_json(self) -> dict[str, object]:
        return {
            "output": self.output.decode("utf-8", errors="replace"),
            "content_type": str(self.content_type),
            "method": self.method,
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
            "ratio": round(self.ratio, 4),
            "basis": self.basis,
            "handle": self.handle,
            "passed_through": self.passed_through,
            "recoverable": self.recoverable,
            "safety_class": self.safety_class,
            "error": self.error,
        }


@dataclass(frozen=True)
class TypeStats:
    count: int = 0
    tokens_before: int = 0
    tokens_after: int = 0

    @property
    def ratio(self) -> float:
        return (self.tokens_before - self.tokens_after) / self.tokens_before if self.tokens_before else 0.0


@dataclass(frozen=True)
class Stats:
    totals: TypeStats = TypeStats()
    by_content_type: dict[str, TypeStats] = field(default_factory=dict)
    storage_bytes: int = 0
    max_storage_bytes: int = 0
    storage_full: bool = False
    basis: str = BASIS

    def to_json(self) -> dict[str, object]:
        def one(s: TypeStats) -> dict[str, object]:
            return {"count": s.count, "tokens_before": s.tokens_before,
                    "tokens_after": s.tokens_after, "ratio": round(s.ratio, 4)}
        return {
            "totals": one(self.totals),
            "by_content_type": {k: one(v) for k, v in sorted(self.by_content_type.items())},
            "basis": self.basis,
            "storage_bytes": self.storage_bytes,
            "max_storage_bytes": self.max_storage_bytes,
            "storage_full": self.storage_full,
        }
