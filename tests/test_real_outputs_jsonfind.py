"""Real JSON reports of linters and compilers (trimmed excerpts under
tests/fixtures/real/jsonfind/): ruff `--output-format json`, eslint `-f json`, cargo
`--message-format json`. Their findings are kept as the text forms of the same runs keep them:
every error; warnings and style findings thinned past a few dozen to one per rule and message
shape, each marker counting what it elided per rule."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from engine.compressors.json_array import MARKER, SUMMARY_KEY
from engine.detect import detect
from engine.types import ContentType
from tests.real_views import engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "jsonfind"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def is_marker(x: object) -> bool:
    return isinstance(x, dict) and MARKER in x


def aligned(original: list, view: list) -> list[tuple[list, dict]]:
    """Each marker of `view` with the original elements it stands for, after checking that
    the shown elements are the original ones in order and the counts add up."""
    out = []
    at = 0
    for x in view:
        if is_marker(x):
            if SUMMARY_KEY in x and x[SUMMARY_KEY].startswith("identical to "):
                at += 1  # an object repeated verbatim, shown where it first was
                continue
            out.append((original[at:at + x[MARKER]], x))
            at += x[MARKER]
        else:
            assert x == original[at]
            at += 1
    assert at == len(original)
    return out


def tally(marker: dict) -> Counter:
    """The per-rule counts a marker states: `rules: a×2 b×1`, or the rule field's
    enumeration, or its constant."""
    summary = marker.get(SUMMARY_KEY, "")
    for field in ("rules", "code", "ruleId", "test_id"):
        m = re.search(rf"(?:^|; ){field}: ((?:\S+×\d+ ?)+)(?:;|$)", summary)
        if m:
            return Counter({r: int(n) for r, n in (t.rsplit("×", 1) for t in m[1].split())})
        m = re.search(rf"(?:^|[ ;]){field}=(\S+)", summary)
        if m:
            return Counter({m[1]: marker[MARKER]})
    raise AssertionError(f"no per-rule count in {summary!r}")


def test_ruff_json_report_is_thinned_per_rule_like_its_text_form(counter):
    # ruff labels every finding `"severity": "error"` (it has no levels) and 62 style findings
    # passed through whole (the JSON compressor kept every finding); its text form of the same
    # run shows each rule once past 50 and counts the rest. Now the JSON view does the same.
    data = real("ruff-output-format-json-flask.json")
    original = json.loads(data)
    assert len(original) == 62
    view = json.loads(engine_view(counter, data).split("\n‹caveman")[0])
    runs = aligned(original, view)
    assert runs, "nothing elided"
    shown = [x for x in view if not is_marker(x)]
    # every rule (and message shape) is still shown at least once
    assert {x["code"] for x in shown} == {x["code"] for x in original}
    # each marker counts exactly the findings it stands for, per rule
    for elided, marker in runs:
        assert tally(marker) == Counter(x["code"] for x in elided), marker
    # one finding per rule and message, besides the array's head and tail: a finding in another
    # file is no new kind (keepNonRedundant restored 16 more for their file names)
    assert len(shown) <= len({(x["code"], x["message"]) for x in original}) + 5


def test_ruff_json_findings_that_are_errors_in_its_text_form_stay():
    from engine.compressors.json_findings import Reports
    data = json.loads(real("ruff-output-format-json-flask.json"))
    # an undefined name (F821) and a syntax error (no code) are errors in ruff's text view too
    undefined = dict(data[0], code="F821", message="Undefined name `app`", name="undefined-name")
    syntax = dict(data[0], code=None, message="SyntaxError: Expected an expression", name=None)
    items = data[:30] + [undefined] + data[30:] + [syntax]
    verdicts = Reports(items).verdicts(items)
    assert verdicts[30] and verdicts[len(items) - 1]
    assert not all(verdicts.values())


def test_eslint_json_keeps_every_error_and_thins_the_warning_flood(counter):
    # eslint's messages were kept whole (every `"severity": 1` quotes/semi warning, 174 of them
    # in two kinds, while `eslint -f stylish` of the same run counts a flood per rule).
    data = real("eslint-f-json-minimist.json")
    assert detect(data) == ContentType.JSON
    original = json.loads(data)
    view = json.loads(engine_view(counter, data).split("\n‹caveman")[0])
    assert len(view) == len(original)
    elided_total = 0
    for of, vf in zip(original, view):
        assert vf["filePath"] == of["filePath"]
        assert (vf["errorCount"], vf["warningCount"]) == (of["errorCount"], of["warningCount"])
        if len(of["messages"]) <= 8:
            assert vf["messages"] == of["messages"]
            continue
        runs = aligned(of["messages"], vf["messages"])
        for elided, marker in runs:
            # only warnings go, and the marker counts them per rule
            assert all(m["severity"] == 1 for m in elided), marker
            assert tally(marker) == Counter(m["ruleId"] for m in elided), marker
            elided_total += len(elided)
    warnings = sum(f["warningCount"] for f in original)
    assert warnings == 174
    assert elided_total > warnings // 2


def test_cargo_message_format_json_is_a_report_not_a_log(counter):
    # cargo's NDJSON records say `"level":"warning"`: the stream read as a log, and the log
    # compressor declined it (every record one huge line), so 52 records passed whole. Now: the
    # error record stays whole (its `rendered` text too), the flood of one lint is counted.
    data = real("cargo-build-message-format-json.jsonl")
    assert detect(data) == ContentType.JSON
    lines = data.decode().splitlines()
    records = [json.loads(ln) for ln in lines]
    view_lines = engine_view(counter, data).split("\n‹caveman")[0].splitlines()
    view = [json.loads(ln) for ln in view_lines]
    # kept records are their original lines, word for word
    for ln in view_lines:
        assert ln in lines or MARKER in ln
    runs = aligned(records, view)
    assert len(runs) == 1
    elided, marker = runs[0]
    assert all(r["message"]["level"] == "warning" for r in elided)
    assert marker[MARKER] == 49
    assert tally(marker) == Counter({"unused_variables": 49})
    errors = [r for r in records if r.get("message", {}).get("level") == "error"]
    assert errors and all(r in view for r in errors)
    assert view[-1] == {"reason": "build-finished", "success": False}
    assert len("\n".join(view_lines)) < len(data) // 10


def test_a_json_schema_keeps_every_definition_and_property():
    # The draft-07 metaschema (`jq . schema.json`): its `properties` map was thinned like a map
    # of records, `maximum … maxLength minLength` under one marker saying `type: number×4
    # absent×2`, so what maxLength is (a nonNegativeInteger) was gone. A schema is a document.
    from engine.compressors.json_array import JsonCompressor
    from engine.compressors.json_schema import is_schema
    data = real("jsonschema-draft7-metaschema.json")
    original = json.loads(data)
    assert is_schema(original)
    out = JsonCompressor().compress(data)
    view = original if out is None else json.loads(out)
    assert view["properties"] == original["properties"]
    assert view["definitions"] == original["definitions"]
    # a config that only names its schema defines none
    assert not is_schema({"$schema": "https://json.schemastore.org/tsconfig",
                          "compilerOptions": {"strict": True}, "include": ["src"]})


def test_ruff_json_syntax_errors_stay_while_its_style_findings_are_thinned(counter):
    # ruff 0.17 reports a file it cannot parse as `"code": "invalid-syntax"` findings: errors,
    # as in its text form, never thinned with the style findings around them.
    data = real("ruff-json-syntax-error.json")
    original = json.loads(data)
    view = json.loads(engine_view(counter, data).split("\n‹caveman")[0])
    runs = aligned(original, view)
    assert runs
    syntax = [x for x in original if x["code"] == "invalid-syntax"]
    assert len(syntax) == 2 and all(x in view for x in syntax)
    for elided, marker in runs:
        assert all(x["code"] != "invalid-syntax" for x in elided)
        assert tally(marker) == Counter(x["code"] for x in elided), marker


def test_ruff_sarif_and_gitlab_findings_are_ranked_by_rule_like_its_json():
    # ruff's SARIF says `"level": "error"` and its GitLab report `"severity": "major"` for every
    # finding: the rule decides, as for `--output-format json`.
    from engine.compressors.json_findings import Reports
    style = {"level": "error", "ruleId": "E501", "message": {"text": "Line too long (99 > 88)"},
             "locations": [{"physicalLocation": {"region": {"startLine": 3}}}]}
    sarif = {"runs": [{"results": [style] * 60, "tool": {"driver": {"name": "ruff", "rules": []}}}]}
    verdicts = Reports(sarif).verdicts(sarif["runs"][0]["results"])
    assert sum(verdicts.values()) == 1
    other = {"runs": [{"results": [style] * 60, "tool": {"driver": {"name": "CodeQL"}}}]}
    assert all(Reports(other).verdicts(other["runs"][0]["results"]).values())
    gitlab = [{"check_name": "E501", "description": "E501: Line too long (99 > 88)", "severity": "major",
               "location": {"path": "a.py", "positions": {"begin": {"line": i}}}} for i in range(60)]
    assert sum(Reports(gitlab).verdicts(gitlab).values()) == 1


def test_ruff_json_lines_is_a_report_not_a_log(counter):
    # `ruff check --output-format json-lines`: every record says `"severity":"error"`, so the
    # stream read as a log and the log compressor declined it; now it is JSON Lines, its style
    # findings thinned per rule, each marker a line counting them.
    data = real("ruff-json-lines.jsonl")
    assert detect(data) == ContentType.JSON
    lines = data.decode().splitlines()
    records = [json.loads(ln) for ln in lines]
    view_lines = engine_view(counter, data).split("\n‹caveman")[0].splitlines()
    for ln in view_lines:
        assert ln in lines or MARKER in ln
    runs = aligned(records, [json.loads(ln) for ln in view_lines])
    assert runs
    for elided, marker in runs:
        assert tally(marker) == Counter(x["code"] for x in elided), marker
    assert {json.loads(ln)["code"] for ln in view_lines if MARKER not in ln} == {x["code"] for x in records}


def test_npm_ls_json_all_keeps_the_whole_dependency_tree():
    # `npm ls --json --all` (trimmed to eslint, express and five more): its dependencies maps
    # were thinned as maps of records, `debug doctrine escape-string-regexp` under one marker
    # with `version: 3 distinct, 3.0.0..4.4.3` and their own dependencies unnamed. The text
    # tree of the same command stays whole; so does this one.
    from engine.compressors.json_array import JsonCompressor
    from engine.compressors.json_deptree import is_dependency_tree
    data = real("npm-ls-json-all.json")
    original = json.loads(data)
    assert is_dependency_tree(original)
    out = JsonCompressor().compress(data)
    view = original if out is None else json.loads(out)
    assert view["dependencies"]["eslint"]["dependencies"] == original["dependencies"]["eslint"]["dependencies"]
    assert view == original
    # a lockfile's dependencies are not a tree the agent asked for
    assert not is_dependency_tree({"name": "x", "lockfileVersion": 1,
                                   "dependencies": {"a": {"version": "1.0.0"}}})


def test_bandit_json_keeps_medium_and_high_issues_and_thins_low_ones_per_test(counter):
    # `bandit -r -f json` over four packages (its `Working...` bar above the report, the
    # per-file metrics trimmed): 56 LOW issues (38 B101 asserts) were all kept, each finding's
    # rule read from its `code` (bandit's source excerpt) instead of `test_id`. As in bandit's
    # text report, MEDIUM and HIGH issues all stay, LOW ones past 50 are one per test.
    data = real("bandit-f-json.txt")
    text = data.decode()
    body = text[text.index("\n{") + 1:]
    original = json.loads(body)["results"]
    view_text = engine_view(counter, data).split("\n‹caveman")[0]
    assert view_text.startswith("Working... ")
    view = json.loads(view_text[view_text.index("\n{") + 1:])["results"]
    runs = aligned(original, view)
    assert runs
    assert {x["test_id"] for x in view if not is_marker(x)} == {x["test_id"] for x in original}
    for elided, marker in runs:
        assert all(x["issue_severity"] == "LOW" for x in elided)
        summary = marker.get(SUMMARY_KEY, "")
        m = re.search(r"test_id=(\S+)", summary)
        counted = Counter({m[1]: marker[MARKER]}) if m else tally(marker)
        assert counted == Counter(x["test_id"] for x in elided), marker
    severe = [x for x in original if x["issue_severity"] != "LOW"]
    assert len(severe) == 14 and all(x in view for x in severe)


def test_cargo_json_diagnostic_short_is_json_not_the_compilers_text(counter):
    # `cargo build --message-format json-diagnostic-short`: each record's `rendered` is
    # `src/lib.rs:2:9: warning: unused variable: …`, which read as rustc's own text output; the
    # terminal compressor then declined the records. They are cargo's JSON Lines report.
    data = real("cargo-build-json-diagnostic-short.jsonl")
    assert detect(data) == ContentType.JSON
    lines = data.decode().splitlines()
    view_lines = engine_view(counter, data).split("\n‹caveman")[0].splitlines()
    assert lines[0] in view_lines and '"level":"error"' in lines[0]
    assert view_lines[-1] == lines[-1]


def test_findings_naming_no_level_all_stay():
    # Objects with a code, a message and a place but no severity (an API's error records, a
    # `jq` projection of a report) are not ranked: every one stays, as before.
    from engine.compressors.json_findings import Reports
    items = [{"code": "E_TIMEOUT", "message": f"upstream {i} timed out", "location": f"/api/{i}"}
             for i in range(80)]
    assert all(Reports(items).verdicts(items).values())
