"""Real outputs under tests/fixtures/real/revealcov/: mypy's reveal_type answers (text and
`--output json`) stay whole, and coverage.py's JSON keeps every file's summary and missing
lines, its covered-line lists counted."""
from __future__ import annotations

import json
from pathlib import Path

from engine.compressors.json_array import JsonCompressor
from engine.compressors.terminal import TerminalCompressor

REAL = Path(__file__).parent / "fixtures" / "real" / "revealcov"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def test_mypy_reveal_type_notes_are_answers_kept_whole():
    # 60 `note: Revealed type is` lines: the list the agent asked for. They were read as a
    # note chain under the first one and elided as "55 lines under them".
    data = real("mypy_reveal.txt")
    out = TerminalCompressor().compress(data)
    view = (data if out is None else out).decode().splitlines()
    original = data.decode().splitlines()
    reveals = [s for s in original if "note: Revealed type is" in s]
    assert len(reveals) == 60
    assert [s for s in view if "note: Revealed type is" in s] == reveals
    assert view[-1] == "Success: no issues found in 1 source file"


def test_mypy_json_reveal_type_records_are_answers_kept_whole():
    # mypy --output json: each `"severity": "note"` record was a low finding, past LOW_VOLUME
    # sampled to 5 records and a line=10..118 range
    data = real("mypy_reveal.jsonl")
    out = JsonCompressor().compress(data)
    view = (data if out is None else out).decode()
    assert "__caveman_elided__" not in view
    records = [json.loads(s) for s in view.splitlines() if s.strip()]
    assert [r["line"] for r in records] == [json.loads(s)["line"] for s in data.decode().splitlines()]
    assert len(records) == 60


def test_coverage_json_keeps_every_file_summary_and_missing_lines():
    data = real("coverage_werkzeug.json")
    original = json.loads(data)
    out = JsonCompressor().compress(data)
    assert out is not None
    view = json.loads(out)
    assert view["totals"] == original["totals"]
    assert view["meta"] == original["meta"]
    assert list(view["files"]) == list(original["files"])  # no file behind a marker
    for name, record in original["files"].items():
        shown = view["files"][name]
        if "__caveman_elided__" in shown:  # a record identical to one shown: says which
            twin = shown["__caveman_invariants__"].removeprefix("identical to $.files[").removesuffix("]")
            assert original["files"][json.loads(twin)] == record
            continue
        assert shown["summary"] == record["summary"]
        assert shown["missing_lines"] == record["missing_lines"]
        for key in ("executed_lines", "excluded_lines"):
            lines = record[key]
            if len(lines) > 8:  # the bulk: one marker with the exact count and range
                assert shown[key] == [{"__caveman_elided__": len(lines),
                                       "__caveman_invariants__": f"lines {min(lines)}..{max(lines)}"}]
            else:
                assert shown[key] == lines
    assert len(out) < 0.85 * len(data)  # (this excerpt is mostly missing lines)


def test_mypy_reveal_locals_answers_kept_whole_with_their_locals():
    # reveal_locals(): `Revealed local types are:` then one indented note per local, 30 calls
    # and 5 errors. In `--output json` each local is a note record of its own: they were
    # low findings past LOW_VOLUME, elided in threes (`all … line=10 severity=note`).
    for name, compressor in (("mypy_reveal_locals.txt", TerminalCompressor()),
                             ("mypy_reveal_locals.jsonl", JsonCompressor())):
        data = real(name)
        out = compressor.compress(data)
        view = (data if out is None else out).decode()
        assert "caveman" not in view, name
        assert view.count("Revealed local types are:") == 30
        assert view.count("    x1: list[int]") == 1 and view.count("    a: int") == 30


def test_coverage_branch_json_keeps_missing_branches_and_counts_executed_ones():
    # `coverage run --branch`: `missing_branches` ([from, to] pairs) stay whole like the missing
    # lines; `executed_branches` go with their count and the lines they start from
    data = real("coverage_branch.json")
    original = json.loads(data)
    out = JsonCompressor().compress(data)
    assert out is not None
    view = json.loads(out)
    assert view["totals"] == original["totals"]
    assert list(view["files"]) == list(original["files"])
    counted = 0
    for name, record in original["files"].items():
        shown = view["files"][name]
        for key in ("summary", "missing_lines", "missing_branches"):
            assert shown[key] == record[key], (name, key)
        pairs = record["executed_branches"]
        if len(pairs) > 8:
            counted += 1
            starts = [p[0] for p in pairs]
            assert shown["executed_branches"] == [{
                "__caveman_elided__": len(pairs),
                "__caveman_invariants__": f"branches from lines {min(starts)}..{max(starts)}"}]
        else:
            assert shown["executed_branches"] == pairs
    assert counted >= 3


def test_pyright_reveal_type_answers_kept_whole():
    # pyright writes reveal_type's answer as an `information` diagnostic (`Type of "x0" is
    # "list[int]"`), no rule named: 80 of them were thinned to one per message shape in the
    # text ("Type of '*' is '*'"×12) and sampled in --outputjson like records
    text = real("pyright_reveal.txt")
    out = TerminalCompressor().compress(text)
    view = (text if out is None else out).decode().splitlines()
    answers = [s for s in text.decode().splitlines() if "- information: Type of " in s]
    assert len(answers) == 80
    assert [s for s in view if "- information: Type of " in s] == answers
    assert view[-1] == "7 errors, 0 warnings, 80 informations"
    data = real("pyright_reveal.json")
    out = JsonCompressor().compress(data)
    shown = json.loads(data if out is None else out)["generalDiagnostics"]
    assert shown == json.loads(data)["generalDiagnostics"]
