"""Tool definitions (forced only): the same tools, callable the same way, in fewer tokens.

Input: a JSON list of tool definitions, an object holding one under `tools` or `functions`, or a
single tool — each with a `name` and an `input_schema` / `inputSchema` / `parameters` schema
(OpenAI's `{"type": "function", "function": {...}}` wrapper included). Every description, the
tool's and each parameter's, is cut to its first sentence; schema metadata a model does not
call with (`title`, `$schema`, `$comment`, `examples`) is dropped. Names, types, enums,
defaults, required lists and nesting are kept exactly, so every call valid against the
original schema stays valid. The `-annotations` variant also drops MCP `annotations` and
`_meta`: hints for the client, not for the model's call. Output is compact JSON in the input's
key order; anything that is not a tool definition is declined.
"""
from __future__ import annotations

import json
from typing import Any

from engine.patterns import SENTENCE_END, WHITESPACE_RUN
from engine.safety import SafetyClass
from engine.types import ContentType

_SCHEMA_KEYS = ("input_schema", "inputSchema", "parameters")
#: Schema keywords that describe, not constrain.
_DROPPED_SCHEMA_KEYS = frozenset({"title", "$schema", "$comment", "examples"})
#: Keys whose value maps names to schemas: their keys are parameter names, never keywords.
_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
_SCHEMA_VALUES = frozenset({"items", "additionalProperties", "not", "contains", "if", "then", "else",
                            "propertyNames", "unevaluatedProperties", "additionalItems"})
_SCHEMA_LISTS = frozenset({"anyOf", "oneOf", "allOf", "prefixItems"})
_ANNOTATION_KEYS = frozenset({"annotations", "_meta"})
MAX_DEPTH = 64


def first_sentence(text: str) -> str:
    flat = WHITESPACE_RUN.sub(" ", text).strip()
    m = SENTENCE_END.search(flat)
    return flat[: m.end()] if m else flat


class _ToolSchema:
    content_type: ContentType
    safety_class = SafetyClass.S4
    drop_annotations = False
    #: Re-serialised JSON: no output line carries an input line number.
    restructures = True

    def compress(self, data: bytes) -> bytes | None:
        stripped = data.strip()
        if stripped[:1] not in (b"{", b"["):
            return None
        try:
            value = json.loads(stripped.decode("utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError):
            return None
        try:
            out, tools = self._document(value)
        except RecursionError:
            return None
        if not tools:
            return None
        result = json.dumps(out, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        return None if json.loads(result) == value else result

    def _document(self, value: Any) -> tuple[Any, int]:
        if isinstance(value, list):
            if value and all(_is_tool(t) for t in value):
                return [self._tool(t) for t in value], len(value)
            return value, 0
        if isinstance(value, dict):
            if _is_tool(value):
                return self._tool(value), 1
            for key in ("tools", "functions"):
                tools = value.get(key)
                if isinstance(tools, list) and tools and all(_is_tool(t) for t in tools):
                    out = dict(value)
                    out[key] = [self._tool(t) for t in tools]
                    return out, len(tools)
        return value, 0

    def _tool(self, tool: dict[str, Any]) -> dict[str, Any]:
        if "function" in tool and isinstance(tool["function"], dict):
            out = dict(tool)
            out["function"] = self._tool(tool["function"])
            return out
        out = {}
        for k, v in tool.items():
            if self.drop_annotations and k in _ANNOTATION_KEYS:
                continue
            if k == "description" and isinstance(v, str):
                out[k] = first_sentence(v)
            elif k in _SCHEMA_KEYS or k == "outputSchema":
                out[k] = _schema(v, 0)
            else:
                out[k] = v
        return out


def _is_tool(value: Any) -> bool:
    if not isinstance(value, dict):
        return False
    if isinstance(value.get("function"), dict):
        return _is_tool(value["function"])
    return isinstance(value.get("name"), str) and any(isinstance(value.get(k), dict) for k in _SCHEMA_KEYS)


def _schema(schema: Any, depth: int) -> Any:
    if not isinstance(schema, dict) or depth > MAX_DEPTH:
        return schema
    out: dict[str, Any] = {}
    for k, v in schema.items():
        if k in _DROPPED_SCHEMA_KEYS:
            continue
        if k == "description" and isinstance(v, str):
            out[k] = first_sentence(v)
        elif k in _SCHEMA_MAPS and isinstance(v, dict):
            out[k] = {name: _schema(s, depth + 1) for name, s in v.items()}
        elif k in _SCHEMA_VALUES:
            out[k] = _schema(v, depth + 1)
        elif k in _SCHEMA_LISTS and isinstance(v, list):
            out[k] = [_schema(s, depth + 1) for s in v]
        else:
            out[k] = v
    return out


class ToolSchemaCompressor(_ToolSchema):
    content_type = ContentType.TOOLSCHEMA


class ToolSchemaAnnotationsCompressor(_ToolSchema):
    content_type = ContentType.TOOLSCHEMA_ANNOTATIONS
    drop_annotations = True
