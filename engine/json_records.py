"""JSON records for query narrowing: find the record collections in a document and render each
record whole.

A record is an object inside an array made only of objects, or one entry of an object whose
values are all objects (a keyed collection such as package-lock's `packages`). A record is
rendered with its field names and everything nested in it, never split: a field line on its
own (`"status": "unfulfilled",`) cannot be told apart from its neighbour's.

Scalars keep their original spelling (`1.50`, `"caf\\u00e9"`), so a value an agent copied from
the original is found in the view as it was written.
"""
from __future__ import annotations

import json
import json.decoder
import json.scanner
from dataclasses import dataclass


class _Raw(str):
    """A scalar's exact source text (a number, or a string with its quotes and escapes)."""


class _Object(list):
    """An object as its (key, value) pairs in source order, duplicates kept."""


def _raw_string(context: json.JSONDecoder):  # type: ignore[no-untyped-def]
    scan = json.decoder.scanstring

    def parse_string(s: str, end: int, strict: bool) -> tuple[_Raw, int]:
        _, new_end = scan(s, end, strict)
        return _Raw(s[end - 1:new_end]), new_end

    return parse_string


def _decoder() -> json.JSONDecoder:
    decoder = json.JSONDecoder(object_pairs_hook=_Object, parse_float=_Raw, parse_int=_Raw,
                               parse_constant=_reject_constant)
    decoder.parse_string = _raw_string(decoder)  # type: ignore[attr-defined]
    # The pure-Python scanner is the one that honours parse_string; the C one does not.
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def parse(text: str) -> object:
    """The document with raw scalars, or ValueError/RecursionError when it is not strict JSON."""
    return _decoder().decode(text)


@dataclass(frozen=True)
class Collection:
    """One record collection: its records rendered, in source order."""

    records: tuple[str, ...]


def collections(doc: object) -> list[Collection]:
    """Every record collection in source order. A taken collection is not searched further:
    its records are already whole."""
    found: list[Collection] = []
    _walk(doc, found, depth=0)
    return found


def _walk(value: object, found: list[Collection], depth: int) -> None:
    if depth > 200:
        raise RecursionError("JSON nested too deeply to decompose")
    if isinstance(value, _Object):
        if len(value) >= 2 and all(isinstance(v, _Object) for _, v in value):
            keyed = Collection(tuple(f"{_key(k)}: {render(v)}" for k, v in value))
            sizes = [len(r) for r in keyed.records]
            if max(sizes) * 2 <= sum(sizes):
                found.append(keyed)
                return
            # One entry holds most of the bytes ({"meta": {…}, "data": {"items": […]}}): the
            # records worth narrowing to are inside it, if it has any.
            inner: list[Collection] = []
            for _, v in value:
                _walk(v, inner, depth + 1)
            found.extend(inner if inner else [keyed])
            return
        for _, v in value:
            _walk(v, found, depth + 1)
    elif isinstance(value, list):
        if value and all(isinstance(v, _Object) for v in value):
            found.append(Collection(tuple(render(v) for v in value)))
            return
        for v in value:
            _walk(v, found, depth + 1)


def _key(name: str) -> str:
    # Keys come decoded from the scanner; re-quote them as JSON writes them.
    return json.dumps(name, ensure_ascii=False)


def render(value: object, indent: int = 0) -> str:
    """Two-space indented JSON, scalars in their source spelling."""
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(value, _Object):
        if not value:
            return "{}"
        items = [f"{inner}{_key(k)}: {render(v, indent + 1)}" for k, v in value]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[\n" + ",\n".join(inner + render(v, indent + 1) for v in value) + "\n" + pad + "]"
    if isinstance(value, _Raw):
        return str(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    raise TypeError(f"unexpected JSON value {type(value).__name__}")
