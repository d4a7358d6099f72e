"""Detect: every type and every misrouting guard, table-driven."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import detect as detect_mod
from engine.compressors import toolout_detect as toolout
from engine.detect import detect
from engine.listing import unwrap
from engine.types import CONTENT_TYPES, ContentType

T = ContentType


@pytest.fixture(autouse=True)
def no_tool_signatures(monkeypatch):
    """The router's own guards, isolated from toolout's signature list (tested in its own file)."""
    monkeypatch.setattr(toolout, "is_tool_output", lambda text: False)

PROSE = (
    "The committee met on Tuesday to review the budget. Several members raised questions about\n"
    "the class schedule for next term, and whether the public library would return to its old\n"
    "hours. Nobody could say for certain; the decision was deferred until the next session.\n"
)
PYTHON = (
    "import os\n\n\nclass Loader:\n    def __init__(self, path):\n        self.path = path\n\n"
    "    def load(self):\n        with open(self.path) as fh:\n            return fh.read()\n"
)
GO = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 1\n\tfmt.Println(x)\n\treturn\n}\n"
C = "#include <stdio.h>\n\nstatic int add(int a, int b) {\n    return a + b;\n}\n\nint main(void) {\n    return add(1, 2);\n}\n"
JSX = (
    "import React from 'react';\n\nexport const Card = ({ title }) => {\n  return (\n"
    "    <div className=\"card\">\n      <p>{title}</p>\n      <div><span>a</span></div>\n"
    "      <div><span>b</span></div>\n    </div>\n  );\n};\n"
)
DOCUMENTED_PYTHON = (
    "import os\n\n\nclass Loader:\n    \"\"\"Load files from disk.\n\n"
    + "    This paragraph of the docstring explains how the loader works in plain words\n" * 12
    + "    \"\"\"\n\n    def load(self, path):\n        return open(path).read()\n"
)
README = (
    "# Project\n\nSome intro text that describes the class of problems we solve.\n\n## Install\n\n"
    "```\npip install x\n```\n\n## Usage\n\n```python\nimport x\ndef main():\n    return x.run({})\n```\n\n"
    "## Public API\n\nThe function will return a value.\n"
)
LOG_WITH_KEYWORDS = "".join(
    f"2024-05-01 12:00:{i:02d} INFO worker: class Foo will return {i} from public static handler\n"
    for i in range(10)
)
UNIFIED = (
    "--- a/app.py\n+++ b/app.py\n@@ -1,4 +1,4 @@\n import os\n-x = 1\n+x = 2\n y = 3\n-z = 4\n+z = 5\n"
)
GIT_DIFF = "diff --git a/a.txt b/a.txt\nindex 1..2 100644\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n"
HTML_DOC = "<!DOCTYPE html>\n<html><head><title>x</title></head><body><p>Hello</p></body></html>\n"
HTML_FRAGMENT = "<div class=\"a\">\n<p>one</p>\n<p>two</p>\n<div><span>three</span></div>\n</div>\n"
CSV = "name,qty,price\n" + "".join(f"item{i},{i},{i}.50\n" for i in range(10))
TSV = "name\tqty\tprice\n" + "".join(f"item{i}\t{i}\t{i}.50\n" for i in range(10))
MARKDOWN_TABLE = "| a | b |\n|---|:---:|\n" + "".join(f"| {i} | {i * 2} |\n" for i in range(8))
RAGGED_CSV = "a,b,c\n" + "".join("1,2\n" if i % 2 else "1,2,3\n" for i in range(10))
LOG = "".join(f"2024-05-01 12:00:{i:02d} {'ERROR' if i == 3 else 'INFO'} request served id={i}\n" for i in range(10))
PY_LOGGING = "".join(f"2024-05-01 12:00:{i:02d},{i:03d} INFO  [worker-{i % 4}] processed batch={i}\n" for i in range(12))
GIT_LOG = "".join(
    f"commit {i:040x}\nAuthor: {name} <{name.lower()}@example.com>\nDate:   Mon Nov 30 03:42:{i:02d} 2026 +0000\n\n"
    f"    Fix the parser, step {i}\n\n"
    for i, name in enumerate(["Main", "Divya", "Paul", "Bodhi", "Mainak", "Article"])
)
LEVEL_LOG = "".join(f"[INFO] step {i} done\n" for i in range(6))
SEARCH = "".join(f"src/mod{i}.py:{i + 10}:    value = compute({i})\n" for i in range(8))
TOML = (
    "[project]\nname = \"demo\"\nversion = \"1.0\"\ndescription = \"a demo\"\nlicense = \"MIT\"\n\n"
    "[tool.pytest]\naddopts = \"-q\"\ntestpaths = [\"tests\"]\n\n[tool.ruff]\nline-length = 100\n"
    "target-version = \"py311\"\nsrc = [\"src\"]\n"
)
YAML = (
    "name: ci\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: ubuntu-latest\n"
    "    steps:\n      - uses: actions/checkout@v4\n      - name: test\n        run: make test\n"
    "      - name: lint\n        run: make lint\nenv:\n  CI: true\n"
)
YAML_SHORT_BLOCK = YAML.replace("        run: make test\n", "        run: |\n          make test\n          make docs\n")
YAML_DOCUMENT = "".join(
    f"section{i}:\n  title: Part {i}\n  body: |\n" + "    A paragraph of the manual that explains one thing.\n" * 6
    for i in range(4)
)


def _cat_n(text: str) -> bytes:
    return "".join(f"{i:6d}\t{line}\n" for i, line in enumerate(text.splitlines(), 1)).encode()


CASES = [
    # name, payload, expected
    ("empty", b"", T.TEXT),
    ("whitespace only", b" \n\t\n", T.TEXT),
    ("json object", b'{"a": [1, 2, {"b": null}]}', T.JSON),
    ("json array with padding", b'\n  [1, 2, 3]\n', T.JSON),
    ("broken json is not json", b'{"a": 1,', T.TEXT),
    ("ndjson is not one json value", b'{"a":1}\n{"a":2}\n', T.TEXT),
    ("ansi colour", b"\x1b[32mok\x1b[0m all good\n", T.TERMINAL),
    ("osc title", b"\x1b]0;title\x07plain words\n", T.TERMINAL),
    ("dense bare CR progress", b"10%\r20%\r30%\r40%\rdone\n", T.TERMINAL),
    ("two bare CRs are not dense", b"a\rb\rc\n", T.TEXT),
    ("plain CRLF prose is not terminal", PROSE.replace("\n", "\r\n").encode(), T.TEXT),
    ("CRLF log is a log", LOG.replace("\n", "\r\n").encode(), T.LOG),
    ("coloured git diff is a diff", GIT_DIFF.replace("+new", "\x1b[32m+new\x1b[m").encode(), T.DIFF),
    ("unified diff", UNIFIED.encode(), T.DIFF),
    ("git diff", GIT_DIFF.encode(), T.DIFF),
    ("markdown bullets are not a diff", b"- one\n- two\n- three\n- four\n- five\n", T.TEXT),
    ("html document", HTML_DOC.encode(), T.HTML),
    ("html fragment", HTML_FRAGMENT.encode(), T.HTML),
    ("angle-bracketed emails are not markup", GIT_LOG.encode(), T.TEXT),
    ("jsx with markup is code", JSX.encode(), T.CODE),
    ("csv", CSV.encode(), T.TABULAR),
    ("tsv", TSV.encode(), T.TABULAR),
    ("markdown table", MARKDOWN_TABLE.encode(), T.TABULAR),
    ("ragged csv is not a table", RAGGED_CSV.encode(), T.TEXT),
    ("python", PYTHON.encode(), T.CODE),
    ("go", GO.encode(), T.CODE),
    ("c", C.encode(), T.CODE),
    ("shebang script", b"#!/bin/sh\necho hi\n", T.CODE),
    ("prose saying class is text", PROSE.encode(), T.TEXT),
    ("docstring-heavy python is code", DOCUMENTED_PYTHON.encode(), T.CODE),
    ("markdown with a code fence is text", README.encode(), T.TEXT),
    ("log with code words is a log", LOG_WITH_KEYWORDS.encode(), T.LOG),
    ("timestamped log", LOG.encode(), T.LOG),
    ("a comma before milliseconds is not a csv delimiter", PY_LOGGING.encode(), T.LOG),
    ("bracketed levels", LEVEL_LOG.encode(), T.LOG),
    ("three log lines are too few", b"INFO a\nINFO b\nINFO c\n", T.TEXT),
    ("grep hits", SEARCH.encode(), T.SEARCH),
    ("toml", TOML.encode(), T.CONFIG),
    ("yaml", YAML.encode(), T.CONFIG),
    ("yaml with a short block scalar is config", YAML_SHORT_BLOCK.encode(), T.CONFIG),
    ("a document in yaml block scalars is text", YAML_DOCUMENT.encode(), T.TEXT),
    ("prose", PROSE.encode(), T.TEXT),
]


@pytest.mark.parametrize("name,payload,expected", CASES, ids=[c[0] for c in CASES])
def test_detect_table(name: str, payload: bytes, expected: ContentType) -> None:
    assert detect(payload) is expected


@pytest.mark.parametrize("name,payload,expected", [c for c in CASES if c[0] in (
    "json object", "python", "csv", "timestamped log", "yaml", "grep hits")], ids=lambda v: v if isinstance(v, str) else "")
def test_detect_sees_through_a_line_number_gutter(name: str, payload: bytes, expected: ContentType) -> None:
    listing = _cat_n(payload.decode() + "\n" * max(0, 8 - payload.count(b"\n")))
    assert detect(unwrap(listing).body) is expected


def test_tool_output_routes_to_terminal_before_search(monkeypatch) -> None:
    mypy = "".join(f"src/app.py:{i}: note: Revealed type is builtins.int\n" for i in range(1, 9))
    assert detect(mypy.encode()) is T.SEARCH
    monkeypatch.setattr(toolout, "is_tool_output", lambda text: "note:" in text)
    assert detect(mypy.encode()) is T.TERMINAL


def test_json_wins_over_tool_output(monkeypatch) -> None:
    monkeypatch.setattr(toolout, "is_tool_output", lambda text: True)
    assert detect(b'{"errors": ["x"]}') is T.JSON


def test_coloured_tool_output_with_a_diff_stays_terminal(monkeypatch) -> None:
    monkeypatch.setattr(toolout, "is_tool_output", lambda text: True)
    assert detect(GIT_DIFF.replace("+new", "\x1b[32m+new\x1b[m").encode()) is T.TERMINAL


def test_deeply_nested_json_does_not_raise() -> None:
    assert detect(b"[" * 10_000 + b"]" * 10_000) in (T.JSON, T.TEXT)


def test_long_inputs_are_judged_on_a_sample() -> None:
    log = LOG.encode() * 40_000  # ~2.6 MB
    assert detect(log) is T.LOG
    assert detect(b"x" * 3_000_000) is T.TEXT
    assert detect(b"[" + b"1," * 1_000_000 + b"1]") is T.JSON


def test_sample_is_line_aligned_head_and_tail() -> None:
    data = b"".join(b"line %d\n" % i for i in range(100_000))
    sample = detect_mod._sample(data)
    assert sample.startswith("line 0\n") and sample.endswith("line 99999\n")
    assert all(ln.startswith("line ") for ln in sample.splitlines())


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2048))
def test_any_bytes_give_a_detectable_type_deterministically(data: bytes) -> None:
    first = detect(data)
    assert first in CONTENT_TYPES
    assert first not in (T.TOON, T.A11Y)
    assert detect(data) is first


def test_detect_never_answers_forced_only_types() -> None:
    for _, payload, _ in CASES:
        assert detect(payload) in CONTENT_TYPES
    assert detect(json.dumps({"tools": [{"name": "x", "input_schema": {}}]}).encode()) is T.JSON
