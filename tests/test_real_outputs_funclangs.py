"""Real outputs of functional-language toolchains (trimmed excerpts under
tests/fixtures/real/funclangs/), made on this machine: Elixir 1.14 (`mix compile`, `mix test`
with and without `--trace`), GHC 9.0 (`-Wall` floods, type errors) and busted's TAP output (Lua).
What must hold: every ExUnit failure block whole (code, left/right, stacktrace), passing
`--trace` rows counted, a failing test's row and a skipped one kept; a `mix compile` warning
flood read as compiler findings with their locations; a thinned ghc warning keeps its message
(ghc's headline names only its flag); TAP's `#` diagnostics under `not ok` kept."""
from __future__ import annotations

import re
from pathlib import Path

from engine.detect import detect
from engine.types import ContentType
from real_views import MARKER, engine_view, original_and_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "funclangs"


def marker_parts(line: str) -> dict[str, int] | None:
    """A marker's account as {label: count}, labels in the plural (`2 blank lines`); None if
    `line` is no marker. Asserts the parts add up to the elided count."""
    m = MARKER.match(line)
    if m is None:
        return None
    parts = {}
    for part in m.group(2).split("; "):
        count, label = part.split(" ", 1)
        parts[label if label.endswith("s") else label + "s"] = int(count)
    assert sum(parts.values()) == int(m.group(1)), line
    return parts


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_lines(counter, name: str) -> tuple[list[str], list[str]]:
    return original_and_view_lines(counter, real(name))


def _exunit_failure_blocks(lines: list[str]) -> list[list[str]]:
    blocks, cur = [], None
    for line in lines:
        if re.match(r"^\s+\d+\) test .* \([\w.]+\)$", line):
            cur = [line]
            blocks.append(cur)
        elif cur is not None and (line.startswith("     ") or not line.strip()):
            if line.strip():
                cur.append(line)
        else:
            cur = None
    return blocks


# ---------------------------------------------------------------- mix test (ExUnit)


def test_exunit_dots_run_keeps_every_failure_block_whole(counter):
    # A dots run with warnings between the dots was read as a log: the second failure lost its
    # header and its left/right values into a bare "… 6 lines elided" marker.
    lines, view = view_lines(counter, "mix-test-dots-fail.txt")
    blocks = _exunit_failure_blocks(lines)
    assert len(blocks) == 5
    for block in blocks:
        for line in block:
            assert line in view, line
    for line in ("726 tests, 5 failures", "Randomized with seed 42"):
        assert line in view


def test_exunit_trace_counts_passing_rows_and_keeps_failing_and_skipped_ones(counter):
    lines, view = view_lines(counter, "mix-test-trace.txt")
    assert detect(real("mix-test-trace.txt")) == ContentType.TERMINAL  # was code
    for block in _exunit_failure_blocks(lines):
        for line in block:
            assert line in view, line
    # a failing test's --trace row reads like a passing one: it stays, above its failure
    at = view.index("  1) test ledger case 048 handles sku A48 (Inventory.Gen.LedgerTest)")
    assert view[at - 2] == "  * test ledger case 048 handles sku A48 (15.8ms) [L#245]"
    # async output interleaves: a warning can stand between a failing row and its failure
    at = view.index("  4) test tax case 035 handles sku C35 (Inventory.Gen.TaxTest)")
    assert "  * test tax case 035 handles sku C35 (0.00ms) [L#180]" in view[at - 6:at]
    assert not [v for v in view if v.startswith("  * test audit case ")]  # a module that all passed
    assert "Inventory.Gen.LedgerTest [test/gen/ledger_test.exs]" in view
    assert "726 tests, 5 failures" in view
    markers = [MARKER.match(v) for v in view if MARKER.match(v)]
    assert markers and all(m.group(2) == f"{m.group(1)} passing-test lines" or "passing-test" in m.group(2)
                           for m in markers)
    assert sum(map(len, view)) * 4 < sum(map(len, lines))


def test_exunit_trace_markers_count_exactly_the_elided_passing_rows(counter):
    lines, view = view_lines(counter, "mix-test-trace.txt")
    passing = [ln for ln in lines if re.match(r"^\s+\* test .* \([\d.]+ms\) \[L#\d+\]$", ln.split("\r")[-1])]
    shown = [v for v in view if re.match(r"^\s+\* test .* \([\d.]+ms\) \[L#\d+\]$", v)]
    counted = 0
    for v in view:
        parts = marker_parts(v)
        if parts:
            assert set(parts) <= {"passing-test lines", "blank lines"}, v
            counted += parts["passing-test lines"]
    # every elided line is a passing row, the header of a module whose rows all passed, or a
    # blank separator (counted apart)
    headers = [ln for ln in lines if re.match(r"^[\w.]+ \[test/\S+\.exs\]$", ln)]
    assert len(headers) == 4
    assert counted == len(passing) - len(shown) + len(set(headers) - set(view))
    assert len(shown) == 4  # the failing tests' rows (the excerpt holds four failures)


def test_exunit_trace_of_one_file_keeps_skipped_row_and_every_failure(counter):
    lines, view = view_lines(counter, "mix-test-trace-fail-file.txt")
    assert "  * test skipped pending warehouse api (skipped) [L#55]" in view
    for block in _exunit_failure_blocks(lines):
        for line in block:
            assert line in view, line
    assert "11 tests, 8 failures, 1 skipped" in view


# ---------------------------------------------------------------- mix compile


def test_mix_compile_warning_flood_is_compiler_findings_with_locations(counter):
    # Read as a log, the flood kept ~half its lines with markers that said "repeat of shown
    # error lines" over warnings whose locations differed. Now findings: each kind shown once
    # with its location, the rest counted as findings.
    data = real("mix-compile-warning-flood.txt")
    assert detect(data) == ContentType.TERMINAL  # was log
    lines, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    assert view[0] == "Compiling 30 files (.ex)"
    assert "Generated inventory app" in view
    kinds = {re.sub(r'"[^"]*"', "Q", ln) for ln in lines if ln.startswith("warning: ")}
    shown = {re.sub(r'"[^"]*"', "Q", v) for v in view if v.startswith("warning: ")}
    assert kinds == shown
    for k, v in enumerate(view):
        if v.startswith("warning: "):
            assert re.match(r"^  lib/\S+\.ex:\d+", view[k + 1]), v  # its location under it
    total = sum(ln.startswith("warning: ") for ln in lines)
    counted = sum(int(m.group(1)) for v in view if (m := re.search(r"(\d+) findings? like those shown", v)))
    assert counted + len([v for v in view if v.startswith("warning: ")]) == total
    assert sum(map(len, view)) * 10 < sum(map(len, lines))


# ---------------------------------------------------------------- ghc


def test_ghc_thinned_warning_keeps_its_message_lines(counter):
    # ghc's headline names only its flag; a representative of a thinned flood kept the headline
    # alone ("src/Gen/Zones.hs:16:21: warning: [-Wunused-local-binds]" and a marker), so the
    # view never said what was unused.
    lines, view = view_lines(counter, "ghc-wall-flood.txt")
    at = view.index("src/Gen/Zones.hs:16:21: warning: [-Wunused-local-binds]")
    assert view[at + 1] == "    Defined but not used: ‘p’"
    at = view.index("src/Gen/Zones.hs:4:1: warning: [-Wunused-imports]")
    assert view[at + 1] == "    The import of ‘Data.List’ is redundant"
    for k, v in enumerate(view):
        if re.match(r"^\S+\.hs:\d+:\d+: warning: \[-W[\w-]+\]$", v):
            assert view[k + 1].startswith("    ") and view[k + 1].strip(), v


def test_ghc_type_errors_are_tool_output(counter):
    # `path:L:C: error:` ends the line (its message is under it): no compiler signature
    # matched, and the transcript was routed as prose.
    data = real("ghc-type-errors.txt")
    assert detect(data) == ContentType.TERMINAL
    view = engine_view(counter, data)
    for line in data.decode().splitlines():
        assert line in view.splitlines()


# ---------------------------------------------------------------- TAP (busted)


def test_tap_comment_diagnostics_under_not_ok_are_kept(counter):
    # busted -o TAP writes a failure's message, got and expected as `#` comments under `not ok`:
    # "# Expected:" and its value were elided as "other lines".
    lines, view = view_lines(counter, "busted-tap-fail.txt")
    for k, line in enumerate(lines):
        if line.startswith("not ok "):
            j = k + 1
            while j < len(lines) and lines[j].startswith("#"):
                assert lines[j] in view, lines[j]
                j += 1
    assert "# Expected:" in view and "# (number) 20" in view
    assert "… 84 lines elided (caveman): 84 passing-test lines …" in view


# ---------------------------------------------------------------- R testthat


def test_testthat_progress_reporter_counts_redraws_and_keeps_problem_boxes(counter):
    # The progress reporter's per-file redraws (`⠹ |  13 | audit`) and passing rows were prose to
    # Detect: 1,250 tests passed through whole. Now the redraws are progress, `✔` rows passing,
    # and each box of failures (actual/expected lines hold no problem word) stays whole.
    data = real("testthat-progress-fail.txt")
    assert detect(data) == ContentType.TERMINAL  # was text
    lines, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    rule = "─" * 80
    inside = False
    for line in lines:
        if line == rule:
            inside = not inside
        if inside or line == rule:
            assert line in view, line
    for line in lines:
        if line.startswith(("✖ |", "[ FAIL ")):
            assert line in view, line
    assert "  `actual`: 30" in view and "`expected`: 31" in view
    assert not [v for v in view if v.startswith("✔ |") and v.endswith("s]")]
    for v in view:
        parts = marker_parts(v)
        if parts:
            assert set(parts) <= {"passing-test lines", "progress lines", "blank lines"}, v
    assert sum(map(len, view)) * 2 < sum(map(len, lines))


def test_testthat_summary_reporter_problem_sections_are_whole(counter):
    lines, view = view_lines(counter, "testthat-summary-fail.txt")
    start = lines.index("══ Failed ══════════════════════════════════════════════════════════════════════")
    for line in lines[start:]:
        assert line in view, line


# ---------------------------------------------------------------- Erlang EUnit


def test_eunit_verbose_rows_counted_and_failure_reports_whole(counter):
    # Read as prose: 350 `...ok` rows went as "149 sections elided" (a marker that said
    # nothing) and the timed-out test's call chain was cut to its first and last frames.
    data = real("eunit-verbose-fail.txt")
    assert detect(data) == ContentType.TERMINAL  # was text
    lines, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    for k, line in enumerate(lines):
        if line.endswith(("*failed*", "*timed out*")):
            j = k
            while j < len(lines) and not lines[j].endswith("...ok"):
                assert lines[j] in view or not lines[j].strip(), lines[j]
                j += 1
    assert "… 149 lines elided (caveman): 149 passing-test lines …" in view
    assert "… 201 lines elided (caveman): 201 passing-test lines …" in view
    assert "  Failed: 1.  Skipped: 0.  Passed: 351." in view


# ---------------------------------------------------------------- OCaml Alcotest


def test_alcotest_ok_rows_counted_and_failure_box_whole(counter):
    # Read as a log: 118 `[OK]` rows went under markers that named nothing, and the failure's
    # `Expected:`/`Received:` lines stood on no rule that keeps them.
    data = real("dune-test-alcotest-fail.txt")
    assert detect(data) == ContentType.TERMINAL  # was log
    lines, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    for line in lines:
        if "[FAIL]" in line:
            assert line in view, line
    top = next(k for k, ln in enumerate(lines) if ln.startswith("┌"))
    for line in lines[top:]:
        assert line in view, line
    counted = sum(parts.get("passing-test lines", 0) for v in view if (parts := marker_parts(v)))
    ok_rows = sum(ln.startswith("  [OK]") for ln in lines)
    shown_ok = sum(v.startswith("  [OK]") for v in view)
    assert counted == ok_rows - shown_ok


def test_mix_warnings_as_errors_keeps_every_warning_with_its_location(counter):
    # With --warnings-as-errors the warnings failed the build: each is an error to fix, so none
    # is thinned to "N findings like those shown" (gcc's -Werror says `error:` and is kept whole).
    data = real("mix-compile-warnings-as-errors.txt")
    lines, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    assert "Compilation failed due to warnings while using the --warnings-as-errors option" in view
    for k, line in enumerate(lines):
        if line.startswith("warning: "):
            assert line in view, line
            assert lines[k + 1] in view, lines[k + 1]
    assert not [v for v in view if MARKER.match(v)]


def test_testthat_redraw_rule_needs_the_progress_reporters_header():
    # A pipe-framed table row (`| 12 | ledger |`) is a testthat redraw only under the progress
    # reporter's `✔ | F W S  OK | Context` header; elsewhere it is no progress line.
    from engine.compressors.toolout import analyse
    from engine.compressors.toolout_scan import CHATTER

    rows = ["| 12 | ledger |", "| 13 | orders |"]
    plain = analyse(["Totals:", *rows, "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 3 ]"]).classes
    assert CHATTER not in plain[1:3]
    under = analyse(["✔ | F W S  OK | Context", "", "⠏ |         0 | audit", "✔ |         3 | audit [0.1s]",
                     "", "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 3 ]"]).classes
    assert under[2] == CHATTER


# ---------------------------------------------------------------- R scripts


def test_printed_tibble_rows_are_an_enumeration_kept_whole(counter):
    # `print(problems(df), n = 100)`: 69 parse problems, each its own row; read as prose, rows
    # 3..67 went into "… 67 sections elided (caveman) …", a marker that said nothing of them.
    lines, view = view_lines(counter, "rscript-readr-problems.txt")
    start = lines.index("# A tibble: 69 × 5")
    for line in lines[start:start + 3 + 69]:
        assert line.rstrip() in [v.rstrip() for v in view], line
    assert not [v for v in view if "sections elided" in v]


def test_tibble_rule_takes_only_numbered_rows_in_order():
    from engine.compressors.r_tables import tibble_lines

    table = ["# A tibble: 3 × 2", "  sku     qty", "  <chr> <int>", "1 A1       10", "2 B2        0",
             "3 C3        4", "# ℹ 1 more variable: price <dbl>", "4 not a row of it", "done"]
    assert tibble_lines(table) == list(range(7))
    assert tibble_lines(["# A tibble: 3 × 2", "  sku     qty", "no types", "1 A1 10"]) == []


def test_r_warnings_list_of_one_text_says_what_its_marker_holds(counter):
    # `print(warnings())` after a loop: 50 numbered copies of one warning. The marker said
    # "48 sections elided" and nothing else: the agent could not tell they were all the same.
    lines, view = view_lines(counter, "rscript-warnings-flood.txt")
    assert "… 48 sections elided (caveman): 48 copies of entry 49's text, numbered 1..48 …" in view
    assert '49: In as.numeric(c(raw[i], "bad")[2 - (i%%2)]) : NAs introduced by coercion' in view


def test_r_warnings_list_keeps_the_odd_entry_and_claims_nothing_of_mixed_runs(counter):
    lines, view = view_lines(counter, "rscript-warnings-list-odd.txt")
    assert "21: ledger batch 2026-11 does not balance: off by 12.50" in view
    assert not [v for v in view if "copies of entry" in v]  # the runs mix three texts


def test_numbered_copies_needs_one_text_in_sequence_next_to_a_shown_entry():
    from engine.compressors.r_tables import numbered_copies

    units = ["Warning messages:", "1: In f(x) : NaNs", "2: In f(x) : NaNs", "3: In f(x) : NaNs", "4: In f(x) : NaNs"]
    assert numbered_copies(units, 1, 4) == "3 copies of entry 4's text, numbered 1..3"
    assert numbered_copies(units, 2, 4) == "2 copies of entry 4's text, numbered 2..3"
    gap = ["1: In f(x) : NaNs", "3: In f(x) : NaNs", "4: In f(x) : NaNs", "5: In f(x) : NaNs"]
    assert numbered_copies(gap, 0, 3) == ""  # numbers out of sequence
    other = ["1: a", "2: a", "3: b"]
    assert numbered_copies(other, 0, 2) == ""  # the shown neighbour says something else
