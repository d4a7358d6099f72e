"""Compressors and the registry that routes content types to them.

A compressor is a pure byte transform: it never counts tokens, never stores a recovery,
never does I/O. Returning None means "I cannot do this safely" (parse problem, nothing to
elide); the engine then passes the original through. Optional capabilities are separate
protocols, discovered in one dispatch point (engine.core).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, runtime_checkable

from engine.safety import SafetyClass
from engine.types import ContentType


@runtime_checkable
class Compressor(Protocol):
    content_type: ContentType
    safety_class: SafetyClass

    def compress(self, data: bytes) -> bytes | None: ...


@runtime_checkable
class QueryAwareCompressor(Protocol):
    """Biases what is kept toward a query (deterministic BM25, no embeddings)."""

    def compress_query(self, data: bytes, query: str) -> bytes | None: ...


@runtime_checkable
class MethodReporting(Protocol):
    """Names the method actually used for one input (e.g. ``code:python``)."""

    def method(self, data: bytes, output: bytes) -> str: ...


def method_of(compressor: Compressor, data: bytes, output: bytes) -> str:
    if isinstance(compressor, MethodReporting):
        return compressor.method(data, output)
    return str(compressor.content_type)


def restructures(compressor: Compressor) -> bool:
    """True for transforms that re-encode rather than elide (TOON, re-serialised JSON):
    their output lines cannot carry the input's line numbers."""
    return bool(getattr(compressor, "restructures", False))


class Registry:
    def __init__(self) -> None:
        self._by_type: dict[ContentType, Compressor | tuple[str, str]] = {}
        self._detectable: dict[ContentType, bool] = {}
        self._advertised: dict[ContentType, bool] = {}

    def register(self, compressor: Compressor, *, detectable: bool = True, advertised: bool = True) -> None:
        """detectable=False marks a forced-only compressor (reachable only through Options.type);
        advertised=False leaves it out of the capability list."""
        self._add(compressor.content_type, compressor, detectable, advertised)

    def register_lazy(self, ctype: ContentType, module: str, attribute: str, *, detectable: bool = True,
                      advertised: bool = True) -> None:
        """Register `module.attribute()` without importing it: a command compresses one type, and
        importing all fifteen modules would cost more start-up than most commands take."""
        self._add(ctype, (module, attribute), detectable, advertised)

    def _add(self, ctype: ContentType, entry: Compressor | tuple[str, str], detectable: bool, advertised: bool) -> None:
        if ctype in self._by_type:
            raise ValueError(f"a compressor for {ctype} is already registered")
        self._by_type[ctype] = entry
        self._detectable[ctype] = detectable
        self._advertised[ctype] = advertised

    def get(self, ctype: ContentType) -> Compressor | None:
        entry = self._by_type.get(ctype)
        if isinstance(entry, tuple):
            import importlib

            module, attribute = entry
            entry = getattr(importlib.import_module(module), attribute)()
            if entry.content_type != ctype:
                raise ValueError(f"{module}.{attribute} compresses {entry.content_type}, not {ctype}")
            self._by_type[ctype] = entry
        return entry

    def detectable(self, ctype: ContentType) -> bool:
        return self._detectable.get(ctype, False)

    def advertised(self, ctype: ContentType) -> bool:
        return self._advertised.get(ctype, False)

    def __iter__(self) -> Iterator[Compressor]:
        for ctype in list(self._by_type):
            compressor = self.get(ctype)
            if compressor is not None:
                yield compressor

    def __len__(self) -> int:
        return len(self._by_type)


#: The fifteen built-in compressors: (content type, module, class, reachable by Detect).
_BUILT_IN = (
    (ContentType.TERMINAL, "terminal", "TerminalCompressor", True),
    (ContentType.LOG, "log", "LogCompressor", True),
    (ContentType.JSON, "json_array", "JsonCompressor", True),
    (ContentType.DIFF, "diff", "DiffCompressor", True),
    (ContentType.SEARCH, "search", "SearchResultCompressor", True),
    (ContentType.TEXT, "text", "TextCompressor", True),
    (ContentType.HTML, "html", "HtmlCompressor", True),
    (ContentType.TABULAR, "tabular", "TabularCompressor", True),
    (ContentType.CONFIG, "config", "ConfigCompressor", True),
    (ContentType.CODE, "code", "CodeCompressor", True),
    (ContentType.TOON, "toon", "ToonCompressor", False),
    (ContentType.TOOLSCHEMA, "toolschema", "ToolSchemaCompressor", False),
    (ContentType.TOOLSCHEMA_ANNOTATIONS, "toolschema", "ToolSchemaAnnotationsCompressor", False),
    (ContentType.A11Y, "a11y", "A11yCompressor", False),
    (ContentType.REPETITION, "repetition", "RepetitionCompressor", False),
)


def default_registry() -> Registry:
    """The fifteen built-in compressors, listed explicitly, imported on first use."""
    registry = Registry()
    for ctype, module, attribute, detectable in _BUILT_IN:
        # toolschema-annotations stays out of the capability list: advertising it would rotate
        # the registry digest that every existing build lock pins, for a route no plan uses.
        advertised = ctype is not ContentType.TOOLSCHEMA_ANNOTATIONS
        registry.register_lazy(ctype, f"engine.compressors.{module}", attribute, detectable=detectable,
                               advertised=advertised)
    return registry
