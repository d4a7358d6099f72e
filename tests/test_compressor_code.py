"""Code: outlines kept, bodies elided, the result re-parses, the language is named."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.compressors.code import BRACE_MARK, CodeCompressor, guess_language

FIXTURES = Path(__file__).resolve().parent.parent.parent / "shared" / "conformance" / "fixtures"

SOURCES = {
    "python": (
        "import os\nfrom typing import List\n\n\nclass Store:\n    \"\"\"Keeps items.\n\n    More words.\n    \"\"\"\n\n"
        "    limit: int = 10\n\n    def add(self, item: str) -> None:\n        \"\"\"Add one item.\"\"\"\n"
        "        if not item:\n            raise ValueError(\"empty item\")\n        self.items.append(item)\n"
        "        self.count += 1\n\n\ndef main(argv: List[str]) -> int:\n    store = Store()\n    for a in argv:\n"
        "        store.add(a)\n    return 0\n",
        ["class Store:", '    """Keeps items."""\n', "    limit: int = 10", "    def add(self, item: str) -> None:",
         '        """Add one item."""', 'raise ValueError("empty item")', "def main(argv: List[str]) -> int:\n    ..."],
        ["self.count += 1", "store.add(a)", "More words"],
    ),
    "javascript": (
        "const fs = require('fs');\n\nclass Cache {\n  constructor(dir) {\n    this.dir = dir;\n    this.items = [];\n"
        "    this.size = 0;\n  }\n\n  get(key) {\n    const hit = this.items.find((i) => i.key === key);\n"
        "    if (!hit) throw new Error('missing key');\n    return hit.value;\n  }\n}\n\n"
        "module.exports = function load(dir) {\n  const c = new Cache(dir);\n  c.size = 1;\n  return c;\n};\n",
        ["const fs = require('fs');", "class Cache {", "  constructor(dir) " + BRACE_MARK,
         "    if (!hit) throw new Error('missing key');", "module.exports = function load(dir) " + BRACE_MARK + ";"],
        ["this.size = 0", "c.size = 1"],
    ),
    "typescript": (
        "export interface Item {\n  id: number;\n  name: string;\n}\n\nexport type Id = number;\n\n"
        "export function total(items: Item[]): number {\n  let sum = 0;\n  for (const i of items) {\n    sum += i.id;\n"
        "  }\n  return sum;\n}\n",
        ["export interface Item {\n  id: number;\n  name: string;\n}", "export type Id = number;",
         "export function total(items: Item[]): number " + BRACE_MARK],
        ["sum += i.id"],
    ),
    "tsx": (
        "import React from 'react';\n\ntype Props = { title: string };\n\nexport function Card(props: Props): JSX.Element {\n"
        "  const t = props.title.toUpperCase();\n  const n = t.length;\n  return <div className=\"card\">{t}{n}</div>;\n}\n",
        ["type Props = { title: string };", "export function Card(props: Props): JSX.Element " + BRACE_MARK],
        ["toUpperCase"],
    ),
    "go": (
        "package store\n\nimport \"errors\"\n\n// Store keeps items.\ntype Store struct {\n\tItems []string\n\tLimit int\n}\n\n"
        "func (s *Store) Add(item string) error {\n\tif item == \"\" {\n\t\treturn errors.New(\"empty item\")\n\t}\n"
        "\ts.Items = append(s.Items, item)\n\treturn nil\n}\n",
        ["type Store struct {\n\tItems []string\n\tLimit int\n}", "func (s *Store) Add(item string) error { /* caveman",
         '\t\treturn errors.New("empty item")'],
        ["append(s.Items"],
    ),
    "rust": (
        "use std::collections::HashMap;\n\npub struct Store {\n    items: HashMap<String, u32>,\n}\n\nimpl Store {\n"
        "    pub fn add(&mut self, key: &str) -> u32 {\n        let n = self.items.entry(key.to_string()).or_insert(0);\n"
        "        *n += 1;\n        *n\n    }\n}\n",
        ["use std::collections::HashMap;", "pub struct Store {\n    items: HashMap<String, u32>,\n}", "impl Store {",
         "    pub fn add(&mut self, key: &str) -> u32 " + BRACE_MARK],
        ["or_insert"],
    ),
    "java": (
        "import java.util.List;\n\npublic class Store {\n    private final List<String> items;\n\n"
        "    public Store(List<String> items) {\n        this.items = items;\n        validate();\n    }\n\n"
        "    public int size() {\n        int n = items.size();\n        return n;\n    }\n}\n",
        ["import java.util.List;", "public class Store {", "    private final List<String> items;",
         "    public Store(List<String> items) " + BRACE_MARK, "    public int size() " + BRACE_MARK],
        ["validate()", "int n ="],
    ),
    "c": (
        "#include <stdio.h>\n#include <stdlib.h>\n\nstruct point {\n    int x;\n    int y;\n};\n\n"
        "static int add(int a, int b)\n{\n    int s = a + b;\n    return s;\n}\n\nint main(void) {\n"
        "    struct point p = {1, 2};\n    printf(\"%d\\n\", add(p.x, p.y));\n    return 0;\n}\n",
        ["#include <stdio.h>", "struct point {\n    int x;\n    int y;\n};", "static int add(int a, int b)\n" + BRACE_MARK,
         "int main(void) " + BRACE_MARK],
        ["printf", "int s ="],
    ),
    "cpp": (
        "#include <vector>\n#include <string>\n\nnamespace store {\n\nclass Store {\n public:\n  void add(const std::string& s);\n"
        "  std::vector<std::string> items;\n};\n\nvoid Store::add(const std::string& s) {\n  if (s.empty()) {\n"
        "    throw std::invalid_argument(\"empty item\");\n  }\n  std::string copy = s;\n  copy.append(\"-x\");\n"
        "  items.reserve(items.size() + 1);\n  items.push_back(copy);\n}\n\n}  // namespace store\n",
        ["namespace store {", "class Store {", "  void add(const std::string& s);",
         "void Store::add(const std::string& s) { /* caveman", '    throw std::invalid_argument("empty item");'],
        ["push_back"],
    ),
}


@pytest.mark.parametrize("language", sorted(SOURCES))
def test_each_language_keeps_the_outline_and_elides_bodies(language: str) -> None:
    source, kept, gone = SOURCES[language]
    data = source.encode()
    assert guess_language(data) == language
    compressor = CodeCompressor()
    out = compressor.compress(data)
    assert out is not None and len(out) < len(data)
    text = out.decode()
    for piece in kept:
        assert piece in text, (language, piece, text)
    for piece in gone:
        assert piece not in text, (language, piece, text)
    assert compressor.method(data, out) == f"code:{language}"
    from tree_sitter_language_pack import get_parser

    assert not get_parser(language).parse(out).root_node.has_error


def test_python_body_without_docstring_is_ellipsis() -> None:
    data = b"def f(a, b):\n    c = a + b\n    d = c * 2\n    return d\n\n\nX = 1\n"
    assert CodeCompressor().compress(data) == b"def f(a, b):\n    ...\n\n\nX = 1\n"


def test_error_lines_beyond_the_cap_are_counted() -> None:
    body = "".join(f"    if a == {i}:\n        raise ValueError('bad {i}')\n" for i in range(10))
    out = CodeCompressor().compress(f"def check(a):\n{body}".encode()).decode()
    assert "caveman: body elided but for 8 of its 10 error lines:" in out
    assert "raise ValueError('bad 7')" in out and "raise ValueError('bad 8')" not in out


def test_one_line_bodies_are_left_alone_and_nothing_to_do_declines() -> None:
    assert CodeCompressor().compress(b"def f():\n    return 1\n\n\ndef g():\n    return 2\n") is None
    assert CodeCompressor().compress(b"x = 1\ny = 2\n") is None


def test_unparseable_or_binary_input_declines() -> None:
    assert CodeCompressor().compress(b"\x00\x01\x02 def f(:\n") is None
    assert CodeCompressor().compress(b"\xff\xfe not utf-8 {{{ ))) def") is None
    assert CodeCompressor().compress(b"def f(:\n    )))\n    x = [\n    y\n") is None


def test_output_is_deterministic() -> None:
    data = SOURCES["javascript"][0].encode()
    assert CodeCompressor().compress(data) == CodeCompressor().compress(data)


@pytest.mark.parametrize("name,needle", [("sample.go", "func Summarize"), ("sample.py", "def summarize"),
                                         ("sample.ts", "export function summarize")])
def test_reference_fixtures(name: str, needle: str) -> None:
    data = (FIXTURES / name).read_bytes()
    out = CodeCompressor().compress(data)
    assert out is not None and needle in out.decode()
    assert len(out) < 0.7 * len(data)


def test_doc_comments_keep_summary_and_tags() -> None:
    data = (
        "/**\n * Send a response.\n *\n * Examples:\n *\n *     res.send('x');\n *\n * @param {string} body\n"
        " * @public\n */\nfunction send(body) {\n  const a = 1;\n  const b = 2;\n  return a + b;\n}\n"
    ).encode()
    out = CodeCompressor().compress(data).decode()
    assert out == ("/**\n * Send a response.\n * @param {string} body\n * @public\n */\nfunction send(body) "
                   + BRACE_MARK + "\n")


def test_garbage_that_no_grammar_accepts_declines() -> None:
    junk = b"".join(b"%d foo { bar ( baz ; qux ]\n" % i for i in range(2000))
    assert guess_language(junk) is None
    assert CodeCompressor().compress(junk) is None


def test_language_guess_is_not_fooled_by_a_sample_cut_inside_a_function() -> None:
    fn = "int f{n}(int a) {{\n" + "    a = a + {n};\n" * 30 + "    return a;\n}}\n\n"
    data = ("#include <stdio.h>\n\n" + "".join(fn.format(n=i) for i in range(60))).encode()
    assert len(data) > 20_000
    assert guess_language(data) == "c"


def test_a_grammar_that_cannot_load_means_pass_through(monkeypatch) -> None:
    import tree_sitter_language_pack

    def offline(name: str):  # the 1.x packs download grammars and fail like this offline
        raise RuntimeError(f"cannot download grammar {name}")

    monkeypatch.setattr(tree_sitter_language_pack, "get_parser", offline)
    assert CodeCompressor().compress(SOURCES["python"][0].encode()) is None


def test_tab_indented_python_and_a_body_that_opens_with_raise() -> None:
    data = b"def f(a):\n\traise NotImplementedError(a)\n\ta = 1\n\treturn a\n\n\ndef g():\n\tb = 2\n\treturn b\n"
    out = CodeCompressor().compress(data).decode()
    assert "\traise NotImplementedError(a)" in out
    assert "def g():\n\t...\n" in out
    from tree_sitter_language_pack import get_parser

    assert not get_parser("python").parse(out.encode()).root_node.has_error


def test_parse_work_is_bounded_so_garbage_cannot_stall_the_outline() -> None:
    # tree-sitter's error recovery on `)+)+…` took 35 s on 16 KB in the Java grammar (and
    # 458 s for `-}-}…` through every grammar): past the work real code needs, no tree.
    from engine.compressors.code import _parse, _parser

    garbage = b")+" * 8000
    parser = _parser("java")
    assert _parse(parser, garbage) is None
    tree = _parse(parser, b"class A { int f() { return 1; } }\n")  # the halted parser starts afresh
    assert tree is not None and not tree.root_node.has_error
    assert CodeCompressor().compress(garbage) is None


def test_real_code_parses_within_the_work_budget() -> None:
    from engine.compressors.code import _parse, _parser

    source = (Path(__file__).parent.parent / "engine" / "compressors" / "code.py").read_bytes()
    tree = _parse(_parser("python"), source)
    assert tree is not None and not tree.root_node.has_error


def test_a_first_line_of_4_kb_is_not_outlined() -> None:
    # Minified or generated: nothing an agent reads for its outline, and error recovery on such
    # a line can be quadratic (`at =>at =>…`: 6 s on 16 KB in the Java grammar).
    minified = b"function a(b){return b+1}" * 400 + b"\n"
    assert guess_language(minified) is None
    assert CodeCompressor().compress(b"at =>" * 4000) is None
    spaced = b"\n\n".join(b"function a%d(b) {\n  return b + %d;\n}" % (k, k) for k in range(400))
    assert guess_language(spaced) == "javascript"  # the same code with line breaks is still code
