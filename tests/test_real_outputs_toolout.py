"""Real test, build and log outputs (trimmed excerpts under tests/fixtures/real/) that toolout,
the terminal compressor and the log compressor got wrong: failure content elided or called
passing, failure lines of a file dropped as repeats, passing rows kept, error details lost."""
from __future__ import annotations

from pathlib import Path

from engine.compressors import toolout
from engine.compressors.log import LogCompressor
from engine.compressors.terminal import TerminalCompressor
from engine.compressors.toolout_detect import is_tool_output
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def terminal_view(name: str) -> str:
    out = TerminalCompressor().compress(real(name))
    assert out is not None
    return out.decode()


def markers(view: str) -> list[str]:
    return [line for line in view.split("\n") if line.startswith("… ")]


# ---------------------------------------------------------------- mocha


def test_mocha_failure_with_an_assertion_diff_stays_whole():
    # failure 2)'s diff after `+ expected - actual` was elided as "10 passing-test lines"
    text = real("mocha-assert-diff.txt").decode()
    # the terminal shows each line right-stripped, as the terminal did
    failures = "\n".join(line.rstrip() for line in text[text.index("  3 failing\n"):].rstrip("\n").split("\n"))
    view = terminal_view("mocha-assert-diff.txt")
    assert failures in view
    assert "      -  3\n      +  4\n       ]\n" in view
    assert markers(view) == ["… 6 lines elided (caveman): 6 passing-test lines …"]


def test_mocha_failures_section_ends_after_the_last_failure_frames():
    lines = real("mocha-assert-diff.txt").decode().split("\n") + ["npm ERR! Test failed.  See above for more details."]
    classes = toolout.classify(lines)
    start = lines.index("  3 failing")
    assert all(c == toolout.KEEP for c, s in zip(classes[start:], lines[start:]) if s.strip())
    # an unindented `+ actual - expected` legend belongs to failure 2), not to the passing tree
    assert classes[lines.index("+ actual - expected")] == toolout.KEEP


# ---------------------------------------------------------------- prove


def test_prove_keeps_each_files_dubious_line():
    # t/02.t's `Dubious, test returned 1` was elided as a repeat of t/03.t's identical line
    view = terminal_view("prove-v-dubious.txt")
    assert view.count("Dubious, test returned 1 (wstat 256, 0x100)\nFailed 1/8 subtests\n") == 2
    assert view.count("Dubious, test returned 2 (wstat 512, 0x200)\nFailed 2/8 subtests\n") == 1
    assert all(m.endswith("passing-test lines …") for m in markers(view))


# ---------------------------------------------------------------- pytest -rA


def test_pytest_rA_short_summary_counts_passed_rows_and_keeps_failures():
    view = terminal_view("pytest-rA-short-summary.txt")
    assert (
        "=========================== short test summary info ============================\n"
        "… 11 lines elided (caveman): 11 passing-test lines …\n"
        "ERROR test_fix.py::test_uses_db - RuntimeError: database connection refused: ...\n"
        "ERROR test_fix.py::test_missing\n"
        "FAILED test_fix.py::test_param[7] - AssertionError: bad n=7\n"
        "FAILED test_fix.py::test_param[20] - AssertionError: bad n=20\n"
        "FAILED test_fix.py::test_param[33] - AssertionError: bad n=33\n"
        "FAILED test_fix.py::TestCls::test_a - assert [1, 2, 3] == [1, 2, 4]\n"
        "FAILED test_fix.py::TestCls::test_b - AssertionError: assert {'k': 1, 'z': 2}...\n"
        "==================== 5 failed, 39 passed, 2 errors in 1.04s ===================="
    ) in view
    assert "PASSED" not in view


def test_pytest_short_summary_keeps_skip_and_xfail_rows():
    lines = ["=" * 10 + " short test summary info " + "=" * 10, "PASSED t.py::a", "SKIPPED [1] t.py:3: no db",
             "XFAIL t.py::b - flaky", "FAILED t.py::c - boom", "=" * 10 + " 1 failed, 1 passed in 0.1s " + "=" * 10]
    assert toolout.classify(lines) == [toolout.KEEP, toolout.PASS] + [toolout.KEEP] * 4


# ---------------------------------------------------------------- PostgreSQL server log


def test_pg_statement_after_an_error_is_kept_and_log_is_a_level():
    view = LogCompressor().compress(real("pg-server-statement.log")).decode()
    assert (
        '2026-11-30 06:10:41.676 UTC [10788] ERROR:  invalid input syntax for type integer: "x" at character 28\n'
        "2026-11-30 06:10:41.676 UTC [10788] STATEMENT:  select * from t where id = 'x'\n"
        "… 3 lines elided (caveman): all level=LOG; user: postgres×2 absent×1; database: postgres×2 absent×1 …\n"
    ) in view


def test_pg_detail_records_follow_their_own_sessions_error_only():
    from engine.compressors.lines import LineScan
    from engine.compressors.log import keep_error_details

    lines = [
        "2026-11-30 06:10:41.900 UTC [200] ERROR:  duplicate key value violates unique constraint",
        "2026-11-30 06:10:41.900 UTC [200] DETAIL:  Key (id)=(1) already exists.",
        "2026-11-30 06:10:41.900 UTC [200] STATEMENT:  insert into t values (1)",
        "2026-11-30 06:10:41.901 UTC [201] STATEMENT:  insert into t values (2)",  # another session
        "2026-11-30 06:10:41.950 UTC [210] LOG:  statement: select 1",
        "2026-11-30 06:10:41.950 UTC [210] HINT:  No function matches the given name.",  # no error above
        "ERROR:  relation \"x\" does not exist",
        "STATEMENT:  select * from x",  # no pid: it follows the error above it
    ]
    important = [True, False, False, False, False, False, True, False]
    keep_error_details(lines, important, LineScan(lines))
    assert important == [True, True, True, False, False, False, True, True]


def test_a_log_word_without_pg_spacing_is_no_level():
    from engine.compressors.log import leveled_fields

    assert leveled_fields("2026-11-30 06:10:41.676 UTC [1] LOG:  checkpoint starting") == {"level": "LOG"}
    assert leveled_fields("see the CHANGE LOG: it lists them") is None
    assert leveled_fields("LOG_DIR=/var/log started") == {"LOG_DIR": "/var/log"}


# ---------------------------------------------------------------- cargo test with RUST_BACKTRACE


def test_cargo_backtrace_keeps_the_panic_and_the_crates_frames_and_counts_std_frames():
    view = terminal_view("cargo-test-backtrace.txt")
    assert (
        "---- tests::t_fail stdout ----\n"
        "\n"
        "thread 'tests::t_fail' (3810) panicked at src/main.rs:7:27:\n"
        "assertion `left == right` failed: math is broken\n"
        "  left: 4\n"
        " right: 5\n"
        "stack backtrace:\n"
        "… 8 lines elided (caveman): 8 std/core backtrace frame lines …\n"
        "   4: crate1::tests::t_fail\n"
        "             at ./src/main.rs:7:27\n"
        "   5: crate1::tests::t_fail::{{closure}}\n"
        "             at ./src/main.rs:7:24\n"
        "… 4 lines elided (caveman): 4 std/core backtrace frame lines …\n"
        "note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n"
    ) in view
    assert "/rustc/" not in view
    assert "index out of bounds: the len is 0 but the index is 3\n" in view


def test_a_frame_of_a_dependency_or_without_std_symbol_is_kept():
    lines = ["---- t stdout ----", "stack backtrace:",
             "   0: core::panicking::panic_fmt", "   1: serde::de::thing",
             "             at /home/u/.cargo/registry/src/serde-1.0/src/de.rs:10:5",
             "   2: std::rt::lang_start", "", "failures:"]
    classes = toolout.classify(lines)
    assert classes[2] == toolout.LIB_FRAME and classes[5] == toolout.LIB_FRAME
    assert classes[3] == classes[4] == toolout.KEEP


# ---------------------------------------------------------------- apt-get --simulate


def test_apt_simulate_inst_and_conf_rows_are_counted_progress():
    view = terminal_view("apt-get-simulate.txt")
    assert "11 upgraded, 301 newly installed, 0 to remove and 95 not upgraded.\n" in view
    assert markers(view) == ["… 21 lines elided (caveman): 21 progress lines …"]
    assert "  libegl-mesa0 libgbm1 libgl1-mesa-dev libgl1-mesa-dri libgl1-mesa-glx\n" in view


# ---------------------------------------------------------------- javac


def test_javac_errors_are_compiler_output_with_every_excerpt_and_caret():
    data = real("javac-errors.txt")
    assert detect(data) == ContentType.TERMINAL
    lines = data.decode().split("\n")
    classes = toolout.classify(lines)
    assert not any(c in toolout.DROPPABLE for c in classes)
    assert TerminalCompressor().compress(data) in (None, data)  # nothing to elide: all of it is errors


def test_javac_signature_needs_a_java_diagnostic():
    assert is_tool_output("Foo.java:3: error: cannot find symbol\n")
    assert not is_tool_output("Foo.java:3: the class starts here\n")


# ---------------------------------------------------------------- pyflakes


def test_pyflakes_findings_are_lint_findings_not_search_hits():
    data = real("pyflakes-gslib.txt")
    assert detect(data) == ContentType.TERMINAL
    view = terminal_view("pyflakes-gslib.txt")
    found = markers(view)
    assert found and all("findings like those shown: \"'*' " in m for m in found)
    assert not any("search result" in m for m in found)


def test_pyflakes_errors_are_never_thinned():
    lines = [f"pkg/m{k}.py:{k + 1}:1: 'os' imported but unused" for k in range(60)]
    lines.insert(30, "pkg/m.py:7:5: undefined name 'foo'")
    classes = toolout.classify(lines)
    assert classes[30] == toolout.KEEP
    assert classes.count(toolout.REPEAT) == 59


def test_grep_and_vimgrep_hits_are_not_pyflakes_findings():
    grep = "\n".join(f"src/m{k}.py:{k + 3}:import os  # unused" for k in range(10)) + "\n"
    vimgrep = "\n".join(f"src/m{k}.py:{k + 3}:5:    x = 'imported but unused'" for k in range(10)) + "\n"
    assert not is_tool_output(grep) and not is_tool_output(vimgrep)
    assert all(c != toolout.REPEAT for c in toolout.classify(vimgrep.split("\n")))


def test_a_panic_outside_cargo_test_folds_std_frames_too():
    # `cargo run` with RUST_BACKTRACE=1: no `---- x stdout ----` block around the panic
    text = real("cargo-test-backtrace.txt").decode()
    panic = text[text.index("thread 'tests::t_panic'"):text.index("\n\nfailures:\n    tests::t_fail")]
    lines = ["    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.01s",
             "     Running `target/debug/crate1`", *panic.split("\n"),
             "error: process didn't exit successfully: `target/debug/crate1` (exit status: 101)"]
    view = TerminalCompressor().compress(("\n".join(lines) + "\n").encode()).decode()
    assert view == (
        "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.01s\n"
        "     Running `target/debug/crate1`\n"
        "thread 'tests::t_panic' (3823) panicked at src/main.rs:8:63:\n"
        "index out of bounds: the len is 0 but the index is 3\n"
        "stack backtrace:\n"
        "… 12 lines elided (caveman): 12 std/core backtrace frame lines …\n"
        "   6: crate1::tests::t_panic\n"
        "             at ./src/main.rs:8:63\n"
        "   7: crate1::tests::t_panic::{{closure}}\n"
        "             at ./src/main.rs:8:25\n"
        "… 4 lines elided (caveman): 4 std/core backtrace frame lines …\n"
        "note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n"
        "\n"
        "error: process didn't exit successfully: `target/debug/crate1` (exit status: 101)\n"
    )


def test_an_npm_debug_logs_numbered_error_lines_are_no_javac_count():
    assert is_tool_output("8 errors\n") and is_tool_output("1 error\n")
    assert not is_tool_output("29 error ERESOLVE unable to resolve dependency tree\n30 error\n31 error\n")


def test_pytest_rA_passes_section_is_passing_content_with_problems_named():
    # `pytest -rA`: every passing test's captured output under PASSES was kept as a failure block
    view = terminal_view("pytest-rA-passes-captured.txt")
    lines = view.split("\n")
    first = next(k for k, line in enumerate(lines) if " PASSES " in line)
    last = next(k for k, line in enumerate(lines) if " short test summary info " in line)
    assert lines[first + 1:last] == [
        "… 2 lines elided (caveman): 2 passing-test lines …",
        "loaded shard 0",
        "… 12 lines elided (caveman): 8 passing-test lines; 4 other lines …",
        "_________________________________ test_load[5] _________________________________",
        "… 3 lines elided (caveman): 2 passing-test lines; 1 other line …",
        "ERROR    cache:test_q.py:7 connection reset while warming shard 5",
        "… 18 lines elided (caveman): 12 passing-test lines; 6 other lines …",
    ]
    assert "E       assert [1, 2] == [1, 3]\n" in view and "about to fail\n" in view
