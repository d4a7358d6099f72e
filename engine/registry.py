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
        self._by_type: dict[ContentType, Compressor] = {}
        self._detectable: dict[ContentType, bool] = {}
        self._advertised: dict[ContentType, bool] = {}

    def register(self, compressor: Compressor, *, detectable: bool = True, advertised: bool = True) -> None:
        """detectable=False marks a forced-only compressor (reachable only through Options.type);
        advertised=False leaves it out of the capability list."""
        ctype = compressor.content_type
        if ctype in self._by_type:
            raise ValueError(f"a compressor for {ctype} is already registered")
        self._by_type[ctype] = compressor
        self._detectable[ctype] = detectable
        self._advertised[ctype] = advertised

    def get(self, ctype: ContentType) -> Compressor | None:
        return self._by_type.get(ctype)

    def detectable(self, ctype: ContentType) -> bool:
        return self._detectable.get(ctype, False)

    def advertised(self, ctype: ContentType) -> bool:
        return self._advertised.get(ctype, False)

    def __iter__(self) -> Iterator[Compressor]:
        return iter(self._by_type.values())

    def __len__(self) -> int:
        return len(self._by_type)


def default_registry() -> Registry:
    """The fifteen built-in compressors, listed explicitly."""
    from engine.compressors import (
        a11y, code, config, diff, html, json_array, log, repetition, search, tabular, terminal,
        text, toolschema, toon,
    )

    registry = Registry()
    for compressor in (
        terminal.TerminalCompressor(),
        log.LogCompressor(),
        json_array.JsonCompressor(),
        diff.DiffCompressor(),
        search.SearchResultCompressor(),
        text.TextCompressor(),
        html.HtmlCompressor(),
        tabular.TabularCompressor(),
        config.ConfigCompressor(),
        code.CodeCompressor(),
    ):
        registry.register(compressor)
    registry.register(toon.ToonCompressor(), detectable=False)
    registry.register(toolschema.ToolSchemaCompressor(), detectable=False)
    # Left out of the capability list: advertising it would rotate the registry digest that
    # every existing build lock pins, for a route no compiled plan uses.
    registry.register(toolschema.ToolSchemaAnnotationsCompressor(), detectable=False, advertised=False)
    registry.register(a11y.A11yCompressor(), detectable=False)
    registry.register(repetition.RepetitionCompressor(), detectable=False)
    return registry
