"""Real JSON, HTML and config outputs as agents read them (trimmed excerpts under
tests/fixtures/real/webdata/): linters' machine formats, package-manager JSON, debug error
pages served by real frameworks, and documents with stderr lines around them."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine.compressors.html import HtmlCompressor
from engine.compressors.json_array import JsonCompressor
from engine.compressors.json_framed import parse_stream, split_framed
from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "webdata"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ---------------------------------------------------------------- lint findings as text


def test_ruff_pylint_format_findings_are_lint_findings_not_search_hits():
    # `path:line: [CODE] msg` (no column) was read as grep hits and elided by file and line
    # range ("search result lines elided"), a marker that says nothing of which rules went.
    data = real("ruff-pylint-format.txt")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data).decode()
    original = data.decode().splitlines()
    lines = view.splitlines()
    # One finding of each rule stays; the rest are counted per rule, and the counts add up.
    for rule in ("B905", "UP006", "UP007", "UP036", "UP045"):
        assert any(f"[{rule}]" in ln for ln in lines if ln in original), rule
    markers = [ln for ln in lines if "findings like those shown" in ln]
    assert markers
    shown = sum(1 for ln in lines if ln in original)
    elided = sum(int(m.split("… ")[1].split(" ")[0]) for m in markers)
    assert shown + elided == len(original)
    assert "search result" not in view


# ---------------------------------------------------------------- JSON with stderr around it


def test_ruff_json_after_its_warnings_is_json_and_keeps_every_finding():
    # ruff's config warnings on stderr above its JSON report made the payload text; the text
    # view elided "sections" of it, among them findings' filenames and locations.
    data = real("ruff-json-warnings-prelude.txt")
    assert detect(data) == ContentType.JSON
    view = JsonCompressor().compress(data)
    text = data.decode()
    report = json.loads(text[text.index("\n[") + 1:])
    if view is not None:
        shown = view.decode()
        assert shown.startswith(text[:text.index("\n[") + 1])  # the warnings, verbatim
        for finding in report:
            assert f'"row": {finding["location"]["row"]}' in shown
            assert finding["filename"] in shown


def test_npm_json_between_its_error_lines_is_json():
    data = real("npm-audit-json-error.txt")
    assert detect(data) == ContentType.JSON
    prelude, body, trailer = split_framed(data.decode())
    assert prelude.startswith("npm warn audit 405") and prelude.endswith("returned an error\n")
    assert json.loads(body)["statusCode"] == 405
    assert trailer.strip().startswith("npm error A complete log")


def test_framed_json_view_keeps_prelude_and_trailer_lines_whole():
    data = real("npm-audit-json-error.txt")
    text = data.decode()
    start = text.index("\n{") + 1
    end = text.rindex("}\n") + 1
    body = json.loads(text[start:end])
    # The same frame around a document the compressor does shorten (a long list in it).
    body["attempts"] = [{"attempt": i, "status": 405} for i in range(30)]
    framed = text[:start] + json.dumps(body, indent=2) + text[end:]
    view = JsonCompressor().compress(framed.encode()).decode()
    assert view.startswith(text[:start])
    assert view.endswith(text[end:])
    assert '"statusCode": 405' in view


def test_jq_stream_of_pretty_values_is_json_read_as_elements():
    # `jq '.[]'` writes one pretty value after another: it was read as source code.
    data = real("jq-stream-django-permissions.txt")
    assert detect(data) == ContentType.JSON
    view = JsonCompressor().compress(data).decode()
    original = data.decode()
    markers = [ln for ln in view.splitlines() if ln.startswith('{"__caveman_elided__"')]
    assert markers
    # Kept values are shown as written; every marker is valid JSON on its own line.
    first = original[:original.index("\n}\n") + 2]
    assert view.startswith(first)
    for m in markers:
        assert json.loads(m)["__caveman_elided__"] >= 3


def test_json_lines_log_is_not_a_stream():
    lines = "\n".join(json.dumps({"level": "info", "msg": f"tick {i}"}) for i in range(20))
    assert parse_stream(lines) is None
    assert split_framed(lines) is None


# ---------------------------------------------------------------- lint findings as JSON


def test_eslint_json_messages_are_never_sampled():
    # Each file's messages were sampled to a few and `line=19..24` ranges: the lines the agent
    # was about to fix were gone from the view.
    data = real("eslint-json-express-lib.json")
    report = json.loads(data)
    view = JsonCompressor().compress(data)
    shown = data.decode() if view is None else view.decode()
    assert "__caveman_elided__" not in shown or all(
        f'"line": {m["line"]}' in shown for f in report for m in f["messages"])
    for f in report:
        for m in f["messages"]:
            assert f'"line":{m["line"]},"column":{m["column"]}' in shown.replace(" ", "")


def test_findings_keep_rule_needs_a_rule_a_message_and_a_place():
    from engine.compressors.json_findings import _report

    findings = [{"code": "F401", "message": "unused", "location": {"row": i}} for i in range(12)]
    assert list(_report(findings)) == list(range(12))
    events = [{"level": "info", "message": "tick", "line": i} for i in range(12)]
    assert list(_report(events)) == []


# ---------------------------------------------------------------- HTML error pages


def test_django_debug_page_keeps_its_error_summary_above_the_traceback():
    # The exception value, its location and the view that raised it sit in
    # `<header id="summary">`, outside the container the traceback is in: they were cut.
    data = real("django-debug-keyerror.html")
    assert detect(data) == ContentType.HTML
    view = HtmlCompressor().compress(data).decode()
    lines = view.splitlines()
    assert lines[0] == "# KeyError at /shop/3/"
    assert "| Exception Type: | KeyError" in lines
    assert "| Exception Location: | /tmp/dj/shop/views.py, line 5, in &lt;genexpr&gt;" in lines
    assert "| Raised during: | shop.views.detail" in lines
    # ... and the traceback still follows, with the failing line of the view.
    assert view.index("Exception Location") < view.index("django/core/handlers/exception.py, line 55")
    assert "total = sum(prices[k] for k in [&quot;a&quot;, &quot;b&quot;])" in view


def test_django_404_page_keeps_its_status_and_request():
    view = HtmlCompressor().compress(real("django-debug-404.html")).decode()
    assert "# Page not found (404)" in view.splitlines()
    assert "| Request URL: | http://localhost:18733/nope/" in view.splitlines()
    assert "The current path, nope/, didn’t match any of these." in view


# ---------------------------------------------------------------- package lists


def _check_maps(original: dict, shown: dict, checked: list[str]) -> None:
    """Every dependency map in the view names all of the original's entries: shown, or
    listed in the marker standing for them."""
    deps, view_deps = original.get("dependencies") or {}, shown.get("dependencies") or {}
    names = [k for k in view_deps if not k.startswith("__caveman_elided__")]
    for k, v in view_deps.items():
        if k.startswith("__caveman_elided__"):
            marker = v if isinstance(v, dict) else {"__caveman_elided__": v}
            listed = marker["__caveman_names__"].split(" ")
            assert len(listed) == marker["__caveman_elided__"]
            names += listed
    assert sorted(names) == sorted(deps)
    checked.extend(names)
    for k, v in view_deps.items():
        if k in deps and isinstance(v, dict):
            _check_maps(deps[k], v, checked)


def test_npm_ls_all_names_every_package_even_where_details_are_elided():
    # Runs of a dependency map were elided as `"__caveman_elided__": 3` with a version range:
    # which packages the map held was gone from the view. A tree of up to 1,000 packages is
    # now shown whole (json_deptree); a longer one is thinned, its markers naming its packages.
    data = real("npm-ls-json-all.json")
    assert JsonCompressor().compress(data) is None
    original = json.loads(data)
    nodes = original["dependencies"]
    wraps = {f"wrap{i}": {"version": "1.0.0", "dependencies": {k: dict(v, version=f"{v['version']}-{i}")
                                                              for k, v in nodes.items()}} for i in range(5)}
    big = dict(original, dependencies={**nodes, **wraps})
    view = JsonCompressor().compress(json.dumps(big, indent=2).encode()).decode()
    assert "__caveman_names__" in view
    checked: list[str] = []
    _check_maps(big, json.loads(view), checked)
    assert len(checked) > 50


def test_jq_stream_of_distinct_packages_is_json_and_shown_whole():
    # Every value names another package: a list to enumerate, nothing to elide (it was code).
    data = real("jq-stream-pip-requires.txt")
    assert detect(data) == ContentType.JSON
    assert JsonCompressor().compress(data) is None
