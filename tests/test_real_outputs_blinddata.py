"""Real data outputs an agent reads that are not a test or build run (HTML docs, JSON API
documents and logs, lockfiles), trimmed excerpts under tests/fixtures/real/blinddata/."""
from __future__ import annotations

from pathlib import Path

from engine.compressors.html import HtmlCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "blinddata"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ---------------------------------------------------------------- pydoc -w


def test_pydoc_page_keeps_every_section_not_only_the_best_scored_one():
    # `python -m pydoc -w idna.core`: the page is a run of <table class="section"> (Modules,
    # Classes, Functions, Data). The Classes table (most prose) was shown alone; the Functions
    # and Data sections, the module's API, went with no word of them.
    data = real("pydoc-idna-core.html")
    assert detect(data) == ContentType.HTML
    view = HtmlCompressor().compress(data).decode()
    assert "class IDNABidiError(IDNAError)" in view
    assert "Functions" in view.splitlines()
    for signature in ("alabel(label: str) -&gt; bytes",
                      "uts46_remap(domain: str, std3_rules: bool = True, transitional: bool = False) -&gt; str",
                      "valid_string_length(label: Union[bytes, str], trailing_dot: bool) -&gt; bool"):
        assert signature in view
    assert "Optional = typing.Optional" in view
    assert len(view) < len(data) // 2


# ---------------------------------------------------------------- pino (fastify) JSON lines


def test_pino_request_log_keeps_the_url_line_of_the_request_that_failed(counter):
    # fastify's pino logger writes each request as two records sharing a reqId: `incoming
    # request` (method, url) and `request completed` (status). The 404 was kept as the odd
    # status, the record naming its url was elided: the view said a request failed, not which.
    import json

    from tests.real_views import engine_view

    data = real("pino-fastify-requests.jsonl")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    for req_id, status in (("req-15", 404), ("req-16", 400), ("req-18", 500)):
        request = [ln for ln in original if f'"reqId":"{req_id}"' in ln]
        assert any(f'"statusCode":{status}' in ln for ln in request)
        assert all(ln in view for ln in request), req_id
    assert any('"url":"/users/99"' in ln for ln in view)
    # shown records + the records the markers count = every record
    markers = [json.loads(ln) for ln in view if "__caveman_elided__" in ln]
    shown = [ln for ln in view if ln in original]
    assert len(shown) + sum(m["__caveman_elided__"] for m in markers) == len(original)


# ---------------------------------------------------------------- JSON written with `, ` items


def test_json_schema_with_inline_spaced_arrays_keeps_them_as_written(counter):
    # SchemaStore's github-workflow.json (vendored by check-jsonschema) is pretty JSON whose short
    # arrays stand on one line, spaced: `"enum": ["ARM32", "x64", "x86"]`. The one-line view
    # joined every item with `,` so none of those lines could be found in it.
    from tests.real_views import engine_view

    data = real("schemastore-github-workflows-excerpt.json")
    view = engine_view(counter, data)
    assert "__caveman_elided__" in view or len(view) < len(data)
    for line in ('"enum": ["ARM32", "x64", "x86"]', '"required": ["on", "jobs"]',
                 '"enum": ["read", "write", "none"]'):
        assert line in data.decode()
        assert line in view, line


def test_item_separator_follows_the_input():
    from engine.compressors.json_text import item_separator, render

    assert item_separator(b'{"a": "x", "b": ["c", "d"]}') == ", "   # json.dumps default
    assert item_separator(b'{"a":"x","b":["c","d"]}') == ","         # minified
    pretty = b'{\n  "a": "x",\n  "b": [\n    "c",\n    "d"\n  ]\n}'
    assert item_separator(pretty) == ","                                 # items end lines
    assert render({"a": ["c", "d"]}, False, ", ") == b'{"a": ["c", "d"]}'


# ---------------------------------------------------------------- package-lock.json


def test_lockfile_keeps_its_few_nested_installs(counter):
    # npm 11's lockfile of fastify 4.29.1 + pino 9.6.0: pino needs process-warning 4 while
    # fastify's is 3, so npm installs node_modules/pino/node_modules/process-warning. That
    # second copy (of three nested installs) was elided among the entries it resembles.
    import json

    from tests.real_views import engine_view

    data = real("package-lock-fastify-pino.json")
    packages = json.loads(data)["packages"]
    nested = [k for k in packages if "/node_modules/" in k]
    assert nested == ["node_modules/ajv/node_modules/fast-uri",
                      "node_modules/fast-json-stringify/node_modules/ajv-formats",
                      "node_modules/pino/node_modules/process-warning"]
    view = json.loads(engine_view(counter, data))["packages"]
    for key in nested:
        assert view[key] == packages[key]
    markers = [v for k, v in view.items() if k.startswith("__caveman_elided__")]
    assert markers
    counted = sum(m if isinstance(m, int) else m["__caveman_elided__"] for m in markers)
    assert len(view) - len(markers) + counted == len(packages)


# ---------------------------------------------------------------- YAML with a generated comment


def test_yaml_comment_block_repeated_above_each_hook_is_shown_once(counter):
    # check-jsonschema's .pre-commit-hooks.yaml: a generator writes the same three comment lines
    # above each of its 27 hooks. The file passed through whole; the copies after the first
    # now fold to a marker saying what they are, and every hook line stays.
    import re

    from tests.real_views import engine_view

    data = real("pre-commit-hooks-check-jsonschema.yaml")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    comment = "# this hook is autogenerated from a script"
    assert original.count(comment) == 27 and view.count(comment) == 1
    for line in original:
        if line.startswith("- id: ") or line.lstrip().startswith(("entry: ", "files: ")):
            assert line in view, line
    folded = [v for v in view if "comment lines shown above, again" in v]
    assert len(folded) == 25  # the 26th copy sits in a run with other elided lines: plain marker
    for v in folded:
        m = re.fullmatch(r"# … (\d+) config lines elided \(caveman\): 1 blank, the rest comment lines shown above, again …", v)
        assert m and m[1] == "4"
    counts = [int(m[1]) for m in (re.search(r"… (\d+) config lines elided \(caveman\)", v) for v in view) if m]
    assert len(view) - len(counts) + sum(counts) == len(original)
