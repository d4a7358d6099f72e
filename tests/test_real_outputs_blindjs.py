"""Real outputs of JavaScript tools on projects no earlier corpus used (session 16, blind corpus
`js-`), trimmed excerpts under tests/fixtures/real/blindjs/."""
from __future__ import annotations

import re
from pathlib import Path

from tests.real_views import MARKER, terminal_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "blindjs"
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def plain(lines: list[str]) -> list[str]:
    return [ANSI.sub("", ln).split("\r")[-1].rstrip() for ln in lines]


EXTERNALIZED = "has been externalized for browser compatibility"


# ---------------------------------------------------------------- vite


def test_vite_plugin_warnings_under_a_pty_stay_each_naming_its_module():
    # Two of the five `[plugin:vite:resolve] Module "x" has been externalized` warnings (fs, os)
    # were elided as "2 other lines": they hold no problem word.
    orig, view = terminal_view_lines(real("vite5_externalized_missing_chunk_pty.txt"))
    orig, view = plain(orig), plain(view)
    for module in ("util", "path", "stream", "fs", "os"):
        assert sum(f'Module "{module}" {EXTERNALIZED}' in ln for ln in view) == 1, module
    assert 'Could not resolve "./missing-chunk.js" from "src/lazy.js"' in view
    assert "x Build failed in 7.83s" in view


def test_vite_plugin_warning_flood_keeps_the_first_and_counts_the_rest_by_module():
    orig, view = terminal_view_lines(real("vite5_externalized_flood.txt"))
    warned = [ln for ln in orig if EXTERNALIZED in ln]
    shown = [ln for ln in view if EXTERNALIZED in ln]
    assert len(warned) == 24 and shown == warned[:1]
    (marker,) = [ln for ln in view if MARKER.match(ln)]
    counted = re.findall(r'plugin:vite:resolve "(\w+)"×(\d+)', marker)
    assert sum(int(n) for _, n in counted) == 23
    # each module's count is what the elided warnings quote
    for module, n in counted:
        assert int(n) == sum(f'Module "{module}" {EXTERNALIZED}' in ln for ln in warned[1:]), module
    assert "3 progress lines" in marker
    assert view[-1] == "✓ built in 17.53s"


# ---------------------------------------------------------------- eslint -f json


def test_eslint_json_report_elides_each_files_source_text_to_a_counted_marker(counter):
    # eslint 9's `-f json` puts each file's whole text under `source` when it has messages: half
    # the report's bytes, shown whole. Now a marker states its size and first line; every
    # message, count and path stays.
    import json

    from engine.detect import detect
    from engine.types import ContentType
    from tests.real_views import engine_view

    data = real("eslint9_f_json_marked_src.json")
    assert detect(data) == ContentType.JSON
    original = json.loads(data)
    view = json.loads(engine_view(counter, data).split("\n‹caveman")[0])
    assert [f["filePath"] for f in view] == [f["filePath"] for f in original]
    sourced = 0
    for of, vf in zip(original, view):
        assert (vf["errorCount"], vf["warningCount"]) == (of["errorCount"], of["warningCount"])
        text = of.get("source")
        if text is None:
            assert "source" not in vf
            continue
        if text.count("\n") < 40:  # a short file's text stays
            assert vf["source"] == text
            continue
        sourced += 1
        first = next(ln.strip() for ln in text.split("\n") if ln.strip())
        assert vf["source"] == {"__caveman_elided__": 1, "__caveman_invariants__":
                                f"a text of {text.count(chr(10)) + 1} lines, {len(text)} chars; its first line: {first}"}
    assert sourced == 4
    # every error of the report is still there, word for word
    errors = [m for f in original for m in f["messages"] if m["severity"] == 2]
    shown = json.dumps(view)
    assert errors and all(json.dumps(m["message"]) in shown for m in errors)


# ---------------------------------------------------------------- tape


def _tap_tests(lines: list[str]) -> list[tuple[str, bool]]:
    """Each `# name` comment with whether a `not ok` sits under it (before the next comment)."""
    tests: list[tuple[str, bool]] = []
    for ln in lines:
        if ln.startswith("# "):
            tests.append((ln, False))
        elif ln.startswith("not ok ") and tests:
            tests[-1] = (tests[-1][0], True)
    return tests


def test_tape_passing_test_names_fold_with_their_asserts_and_failing_names_stay():
    # Each `# name` read as an other line: a run of passing tests broke into runs of one or two
    # `ok` lines no marker took (29 `ok` lines and 42 names shown). Now a passing test's name
    # passes with its asserts; a failing test's name stays, above its `not ok` block.
    orig, view = terminal_view_lines(real("tape_minimist_1.2.8_tests_vs_1.1.0.txt"))
    tests = _tap_tests(orig)
    failing = [name for name, failed in tests if failed]
    assert len(failing) == 13
    for name in failing:
        assert name in view, name
    assert [ln for ln in view if ln.startswith("not ok ")] == [ln for ln in orig if ln.startswith("not ok ")]
    assert "# dotted default" not in view and "# nums" not in view  # passing tests
    assert sum(ln.startswith("ok ") for ln in view) <= 8
    # the crash that ended the run stays
    assert "TypeError: (aliases[key] || []).forEach is not a function" in view
    for m in filter(None, map(MARKER.match, view)):
        assert m.group(2) in {f"{m.group(1)} passing-test lines",
                              f"{m.group(1)} node-internal/test-runner/loader stack frame lines"}, m.group(0)


# ---------------------------------------------------------------- webpack


def _webpack_error_chains(lines: list[str]) -> dict[str, list[str]]:
    """Each `ERROR in` head with the ` @ importer` lines of its block."""
    chains: dict[str, list[str]] = {}
    head = None
    for ln in lines:
        if ln.startswith(("ERROR in ", "WARNING in ", "webpack ")):
            head = ln if ln.startswith("ERROR in ") else None
            if head:
                chains[head] = []
        elif head and ln.startswith(" @ "):
            chains[head].append(ln)
    return chains


def test_webpack_error_blocks_keep_their_import_chains():
    # The chains of two errors share lines (./src/index.js imports micromatch, which needs both
    # `util` and `path`): keepNonRedundant elided the later copies as "other lines", so the view
    # no longer said which module asked for `util` in micromatch's block.
    orig, view = terminal_view_lines(real("webpack5_node_core_polyfills_pty.txt"))
    orig, view = plain(orig), plain(view)
    want, got = _webpack_error_chains(orig), _webpack_error_chains(view)
    assert len(want) == 10 and list(got) == list(want)
    assert sum(map(len, want.values())) == 14
    for head, chain in want.items():
        assert got[head] == chain, head
    assert "webpack 5.113.0 compiled with 10 errors and 3 warnings in 30357 ms" in view
