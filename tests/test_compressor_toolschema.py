"""Tool-schema compressors: shorter descriptions, every call still valid."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SHARED
from engine.compressors.toolschema import (
    ToolSchemaAnnotationsCompressor, ToolSchemaCompressor, first_sentence,
)

FIXTURES = SHARED / "conformance" / "fixtures"
plain = ToolSchemaCompressor()
annotated = ToolSchemaAnnotationsCompressor()


def test_catalog_fixture():
    out = plain.compress((FIXTURES / "tool_catalog.json").read_bytes())
    value = json.loads(out)
    search = value["tools"][0]
    assert search["description"] == "Search the workspace for files matching a query."
    props = search["inputSchema"]["properties"]
    assert props["mode"] == {"type": "string", "enum": ["regex", "literal", "glob"], "default": "literal",
                             "description": "How to interpret the query string when scanning files."}
    assert "examples" not in props["query"] and "title" not in search["inputSchema"]
    assert "$schema" not in search["inputSchema"]
    assert search["inputSchema"]["required"] == ["query"]
    assert b"respects .gitignore" not in out


def test_parameters_named_like_keywords_are_kept():
    tool = {"name": "create_issue", "description": "Create an issue. Long text here.",
            "input_schema": {"type": "object", "properties": {
                "title": {"type": "string", "title": "Title"},
                "examples": {"type": "array", "items": {"type": "string", "description": "One. Two."}}},
                "required": ["title"]}}
    value = json.loads(plain.compress(json.dumps([tool]).encode()))
    props = value[0]["input_schema"]["properties"]
    assert props["title"] == {"type": "string"}
    assert props["examples"]["items"] == {"type": "string", "description": "One."}


def test_openai_function_wrapper_and_annotations_variant():
    tool = {"type": "function", "annotations": {"readOnlyHint": True},
            "function": {"name": "ls", "description": "List files. Recursively if asked.",
                         "parameters": {"type": "object", "properties": {}}, "annotations": {"title": "List"}}}
    kept = json.loads(plain.compress(json.dumps({"tools": [tool]}).encode()))
    assert kept["tools"][0]["function"]["annotations"] == {"title": "List"}
    dropped = json.loads(annotated.compress(json.dumps({"tools": [tool]}).encode()))
    fn = dropped["tools"][0]["function"]
    assert "annotations" not in fn and fn["description"] == "List files."


@pytest.mark.parametrize("text,first", [
    ("One. Two.", "One."), ("Use e.g. this. Then", "Use e.g. this."), ("v1.2 is fine. Next", "v1.2 is fine."),
    ("no stop", "no stop"), ("  spaced\n  out.  More", "spaced out."),
])
def test_first_sentence(text, first):
    assert first_sentence(text) == first


@pytest.mark.parametrize("data", [b"", b"[]", b'{"name": "x"}', b'[{"foo": 1}]', b"not json",
                                  b'[{"name": "t", "description": "Short.", "parameters": {"type": "object"}}]'])
def test_declines_non_tools_or_nothing_to_do(data):
    assert plain.compress(data) is None


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400) | st.text(alphabet="- :|[]{}\"'#=,\n abc123&*", max_size=400).map(str.encode))
def test_random_input_never_raises_and_is_deterministic(data):
    out = plain.compress(data)
    assert out == plain.compress(data)
    assert out is None or isinstance(out, bytes)
