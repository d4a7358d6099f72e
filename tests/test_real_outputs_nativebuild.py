"""Real native and JVM build and test outputs (excerpts under tests/fixtures/real/nativebuild/):
ctest, GoogleTest, cargo test (pty colours, doc tests, --nocapture), rustc and javac warning
floods, Maven (-Xlint reactor, -e traces, surefire), autoconf, valgrind, sanitizers, GNU ld and
prove. Each test failed before the rule it checks."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors import toolout
from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.terminal_text import clean_line
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "nativebuild"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_of(data: bytes) -> str:
    out = TerminalCompressor().compress(data)
    assert out is not None
    return out.decode()


# ---------------------------------------------------------------- ctest


def test_ctest_keeps_every_row_that_did_not_pass_and_the_failing_tests_output():
    data = real("ctest-output-on-failure.out")
    assert detect(data) == ContentType.TERMINAL
    view = view_of(data)
    lines = view.splitlines()
    for row in data.decode().splitlines():
        if "***" in row:  # ***Failed, ***Exception: SegFault, ***Timeout
            assert row in lines
    # --output-on-failure: what each failing test printed is part of its failure
    for printed in ("test_7: area=19.566", "test_19: area=15.566", "test_23: area=19.566",
                    "ASSERT FAILED tests/test_19.c:8: expected 99.000 got 15.566"):
        assert printed in lines
    assert "\t 28 - geo_test_27 (Timeout)" in lines
    assert "other line" not in view  # every elided run is passing rows and `Start` lines
    assert "passing-test lines" in view


def test_ctest_failed_row_without_output_is_a_block_of_one_line():
    rows = ["Test project /tmp/b"]
    for k in range(1, 41):
        rows.append(f"      Start {k:2d}: t{k}")
        status = "***Not Run   0.00 sec" if k == 17 else "   Passed    0.01 sec"
        rows.append(f"{k:2d}/40 Test #{k:2d}: t{k} ....................{status}")
    rows += ["", "97% tests passed, 1 tests failed out of 40"]
    view = view_of(("\n".join(rows) + "\n").encode()).splitlines()
    assert "17/40 Test #17: t17 ....................***Not Run   0.00 sec" in view
    assert "      Start 18: t18" not in view  # the next test's start is progress, not its output


# ---------------------------------------------------------------- terminal escapes


def test_charset_reset_escape_is_stripped():
    # `tput sgr0` and ncurses end every colour with ESC ( B (select the ASCII charset)
    assert clean_line("test a ... \x1b[32mok\x1b(B\x1b[m") == "test a ... ok"


def test_cargo_test_under_a_pty_reads_its_passing_rows_as_passing():
    data = real("cargo-test-pty-color.out")
    view = view_of(data)
    assert "(B" not in view
    assert "… 60 lines elided (caveman): 60 passing-test lines …" in view.splitlines()
    for name in ("div_no_panic - should panic", "add_overflow_edge", "div_wrong_message - should panic",
                 "parse_struct_compare"):
        assert f"test tests::{name} ... FAILED" in view.splitlines()
    assert " right: [Some(1), Some(2), Some(3)]" in view.splitlines()
    assert "test result: FAILED. 242 passed; 4 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.29s" in view.splitlines()


# ---------------------------------------------------------------- rustc warning flood


def test_rustc_warning_flood_keeps_the_error_whole_and_one_warning_per_kind():
    data = real("cargo-warn-flood.out")
    text = data.decode()
    view = view_of(data)
    lines = view.splitlines()
    error_block = text[text.index("error[E0308]"):text.index("\n\nwarning: unused variable")]
    assert error_block in view
    for head in ("warning: unused variable: `unused_0`", "warning: variable `total` is assigned to, but never used",
                 "warning: value assigned to `total` is never read"):
        assert head in lines
    assert "warning: unused variable: `unused_1`" not in lines
    # (each kind counted by its message shape: the headlines name no rule)
    assert ("… 513 lines elided (caveman): 69 findings like those shown: \"unused variable: '*'\"×23 "
            "\"value assigned to '*' is never read\"×23 \"variable '*' is assigned to, but never...\"×23; "
            "444 lines under them …") in lines
    assert "warning: `projwarn` (lib) generated 72 warnings" in lines
    assert lines[-1] == "error: could not compile `projwarn` (lib) due to 1 previous error; 72 warnings emitted"
    assert len(view) < len(text) // 10


def test_a_thinned_rustc_warning_never_shows_its_headline_without_its_location():
    view = view_of(real("cargo-warn-flood.out")).splitlines()
    heads = [i for i, ln in enumerate(view) if ln.startswith("warning: ") and "generated" not in ln]
    assert len(heads) == 3
    for i in heads:
        assert re.match(r"^\s*--> src/lib\.rs:\d+:\d+$", view[i + 1])


def test_rustc_warning_headlines_over_the_volume_cap_are_counted_not_kept():
    # 210 warnings of ten kinds: past WARNING_VOLUME, whatever the kinds
    text = "".join(
        f"warning: lint number {k % 10} fired\n --> src/lib.rs:{k + 1}:5\n  |\n{k + 1} | let x = 1;\n  |     ^\n\n"
        for k in range(210)
    )
    lines = text.splitlines()
    analysis = toolout.analyse(lines)
    kept_heads = [ln for ln, c in zip(lines, analysis.classes) if c == toolout.KEEP and ln.startswith("warning:")]
    assert len(kept_heads) == 1  # one shape: `lint number # fired`
    for i, ln in enumerate(lines):
        if ln.startswith("warning:") and analysis.classes[i] == toolout.KEEP:
            assert analysis.classes[i + 1] == toolout.KEEP  # its `-->` location goes with it


def test_varied_warnings_under_the_cap_are_all_kept():
    # 80 gcc warnings, each its own message: a few hundred varied warnings are read one by one
    text = "".join(f"src/m{k}.c:{k}:3: warning: unused variable ‘v{k}’ in f{k}x{k * 7} [-Wunused-{k}]\n"
                   for k in range(80))
    analysis = toolout.analyse(text.splitlines())
    assert analysis.classes.count(toolout.KEEP) == 80


def test_one_lint_repeated_past_low_volume_is_thinned():
    text = "".join(f"src/m{k}.c:{k + 1}:3: warning: unused variable ‘v{k}’ [-Wunused-variable]\n"
                   for k in range(60))
    analysis = toolout.analyse(text.splitlines())
    assert analysis.classes.count(toolout.KEEP) == 1
    assert toolout.run_summary(analysis, 1, 60) == "59 findings like those shown: -Wunused-variable×59"


# ---------------------------------------------------------------- maven


def test_maven_xlint_warnings_are_thinned_and_the_failure_and_summary_stay():
    data = real("mvn-reactor-xlint.out")
    text = data.decode()
    view = view_of(data)
    lines = view.splitlines()
    for ln in text.splitlines():
        if ln.startswith("[ERROR]") or "FAILURE" in ln or "SKIPPED" in ln or "SUCCESS" in ln:
            assert ln.rstrip() in lines
    assert "org.opentest4j.AssertionFailedError: api version ==> expected: <v2> but was: <v1>" in lines
    # one warning of each kind stays, with its position
    base = "[WARNING] /tmp/unseen4/nativebuild/projreactor/model/src/main/java/com/acme/model/ModelThing.java"
    assert f"{base}:[4,10] found raw type: java.util.List" in lines
    assert f"{base}:[4,37] found raw type: java.util.ArrayList" in lines
    assert f"{base}:[6,10] found raw type: java.util.List" not in lines
    assert any("35 findings like those shown: \"found raw type: java.util.List\"×14 " in ln for ln in lines)
    assert len(view) < len(text) // 3


def test_maven_compile_errors_are_never_thinned():
    text = "".join(f"[ERROR] /src/com/acme/A{k}.java:[{k + 1},5] cannot find symbol\n  symbol:   class Foo\n"
                   for k in range(70))
    lines = text.splitlines()
    analysis = toolout.analyse(lines)
    assert analysis.classes == [toolout.KEEP] * len(lines)


# ---------------------------------------------------------------- autoconf


def test_configure_run_is_tool_output_with_its_probes_as_progress():
    data = real("autoconf-configure-missing-lib.out")
    assert detect(data) == ContentType.TERMINAL  # it read as prose: every probe passed through
    view = view_of(data)
    lines = view.splitlines()
    assert lines[-2:] == ["checking for WebPDecode in -lwebp... no",
                          "configure: error: libwebp is required: install libwebp-dev or pass --without-webp"]
    assert "checking for inflate in -lz... yes" not in lines
    markers = [ln for ln in lines if ln.startswith("… ")]
    assert markers and all(re.fullmatch(r"… (\d+) lines elided \(caveman\): \1 progress lines …", m) for m in markers)
    # a probe that found nothing stays: the one before the error is its cause
    for ln in data.decode().splitlines():
        if ln.startswith("checking ") and ln.endswith("... no"):
            assert ln in lines


# ---------------------------------------------------------------- JVM stack traces


def test_maven_e_trace_keeps_every_cause_and_its_throw_site_and_counts_maven_frames():
    data = real("mvn-e-offline-deps.out")
    text = data.decode()
    view = view_of(data)
    lines = view.splitlines()
    raw = text.splitlines()
    causes = [i for i, ln in enumerate(raw) if ln.startswith("Caused by: ")]
    assert len(causes) == 5
    for i in causes:
        assert raw[i] in lines
        assert raw[i + 1] in lines  # where it was thrown
    assert "    at org.apache.maven.cli.MavenCli.main (MavenCli.java:196)" not in lines
    markers = [ln for ln in lines if ln.startswith("… ")]
    assert markers and all(re.fullmatch(r"… (\d+) lines elided \(caveman\): \1 JDK/framework stack frame lines …", m)
                           for m in markers)
    for ln in raw:
        if ln.startswith("[ERROR]") and ln != "[ERROR] ":
            assert ln in lines
    assert len(view) < len(text) // 3


def test_surefire_failure_keeps_the_tests_own_frames_and_the_cause():
    view = view_of(real("mvn-surefire-failures.out")).splitlines()
    for frame in ("\tat com.acme.ledger.LedgerTest.transferMoves(LedgerTest.java:126)",
                  "\t\tat com.acme.ledger.LedgerTest.lambda$transferMoves$0(LedgerTest.java:126)",
                  "\tat com.acme.ledger.Ledger.withdraw(Ledger.java:11)",
                  "\tat com.acme.ledger.LedgerTest.nullAccount(LedgerTest.java:128)"):
        assert frame in view
    assert "Caused by: java.lang.IllegalStateException: insufficient funds in a" in view
    assert "\tSuppressed: org.opentest4j.AssertionFailedError: expected: <30> but was: <31>" in view
    assert "\tat java.base/java.lang.reflect.Method.invoke(Method.java:569)" not in view


def test_jvm_frames_of_other_packages_and_js_frames_are_not_folded():
    lines = [
        "[ERROR] x.YTest.t -- Time elapsed: 0.1 s <<< ERROR!",
        "java.lang.IllegalStateException: boom",
        "\tat java.base/java.util.Objects.requireNonNull(Objects.java:209)",
        "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1511)",
        "\tat com.google.common.base.Preconditions.checkState(Preconditions.java:502)",
        "\tat app//x.Y.t(Y.java:3)",
        "\tat java.base/java.lang.Thread.run(Thread.java:840)",
        "TypeError: x is not a function",
        "    at java.util (/src/java.util.js:1:2)",
        "    at Object.<anonymous> (/src/a.test.js:5:13)",
    ]
    classes = toolout.analyse(lines).classes
    folded = [ln for ln, c in zip(lines, classes) if c not in (toolout.KEEP, toolout.OTHER)]
    assert folded == ["\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1511)",
                      "\tat java.base/java.lang.Thread.run(Thread.java:840)"]


# ---------------------------------------------------------------- valgrind


def test_valgrind_report_is_tool_output_and_every_record_stays_whole():
    data = real("valgrind-memcheck.out")
    assert detect(data) == ContentType.TERMINAL  # as prose, the second leak record was elided
    view = view_of(data).splitlines()
    raw = data.decode().splitlines()
    first = next(i for i, ln in enumerate(raw) if ln.endswith("== Invalid write of size 4"))
    for ln in raw[first:]:
        if ln.startswith("==") and ln.rstrip("= 0123456789"):  # every line of every record
            assert ln in view
    assert "==10058==    by 0x109189: main (vg.c:5)" in view



# ---------------------------------------------------------------- sanitizers


def test_asan_report_keeps_every_stack_and_counts_the_shadow_map():
    data = real("asan-heap-overflow.out")
    assert detect(data) == ContentType.TERMINAL
    raw = data.decode().splitlines()
    view = view_of(data).splitlines()
    start = next(i for i, ln in enumerate(raw) if "ERROR: AddressSanitizer" in ln)
    summary = next(i for i, ln in enumerate(raw) if ln.startswith("SUMMARY: AddressSanitizer"))
    for ln in raw[start:summary + 1]:
        assert ln.rstrip() in view
    assert "… 29 lines elided (caveman): 29 sanitizer shadow-memory map lines …" in view
    assert view[-1] == "==25935==ABORTING"


def test_leak_sanitizer_records_are_all_kept():
    lines = real("lsan-leak-report.out").decode().splitlines()
    classes = toolout.analyse(lines).classes
    for ln, c in zip(lines, classes):
        if ln.strip() and not ln.startswith("====="):
            assert c == toolout.KEEP, ln


def test_javac_lint_name_leads_its_message_and_names_the_marker_rule():
    text = "".join(f"A.java:{k + 1}: warning: [rawtypes] found raw type: List\n" for k in range(60))
    analysis = toolout.analyse(text.splitlines())
    assert toolout.run_summary(analysis, 1, 60) == "59 findings like those shown: rawtypes×59"


# ---------------------------------------------------------------- GoogleTest


def _gtest_failures_and_summary(text: str) -> list[str]:
    """Every line of each failure and skip (from `file:N: Failure` through its `[  FAILED  ]`
    row) and every summary row after `[==========] N tests ... ran.`."""
    lines = text.splitlines()
    wanted, inside = [], False
    for ln in lines:
        if re.match(r"^\S+:\d+: (Failure|Skipped)$", ln):
            inside = True
        if inside:
            wanted.append(ln)
        if ln.startswith(("[  FAILED  ]", "[  SKIPPED ]")):
            inside = False
    ran = next(i for i, ln in enumerate(lines) if re.match(r"^\[==========\] \d+ tests from", ln))
    return wanted + [ln for ln in lines[ran:] if ln.strip()]


def test_gtest_run_keeps_each_failure_and_the_summary_and_counts_passing_tests():
    data = real("gtest-4fail.out")
    assert detect(data) == ContentType.TERMINAL  # as prose, all 215 tests passed through
    view = view_of(data)
    lines = view.splitlines()
    for ln in _gtest_failures_and_summary(data.decode()):
        assert ln in lines
    assert "[ DISABLED ] ParserTest.DISABLED_Slow" in lines
    assert "… 302 lines elided (caveman): 150 passing-test lines; 152 progress lines …" in lines
    assert "[       OK ] MathTest.Add000 (0 ms)" not in lines
    assert len(view) < len(data) // 5


def test_ctest_running_a_gtest_binary_keeps_its_failures_not_its_passing_rows():
    data = real("ctest-gtest-binary.out")
    view = view_of(data)
    lines = view.splitlines()
    for ln in _gtest_failures_and_summary(data.decode()):
        assert ln in lines
    assert "1/1 Test #217: unit .............................***Failed    0.03 sec" in lines
    assert not any(ln.startswith("[       OK ]") for ln in lines)
    assert len(view) < len(data) // 4


# ---------------------------------------------------------------- perl / prove


def test_prove_keeps_every_perl_diagnostic_and_counts_passing_files():
    data = real("prove-43files-2fail.out")
    view = view_of(data).splitlines()
    for ln in data.decode().splitlines():
        if " line " in ln and ln.startswith(("Illegal", "Execution of")):
            assert ln in view  # the p09 pair read like the p08 pair and was elided
    assert "t/p09.t ...." in view
    assert "t/p10.t .... ok" not in view
    assert any(re.fullmatch(r"… \d+ lines elided \(caveman\): 31 passing-test lines; 1 blank line; 1 other line …", ln) for ln in view)
    assert view[-1].startswith("Result: FAIL")


def test_prove_verbose_keeps_each_files_name_above_its_results():
    view = view_of(real("prove-verbose-failures.out")).splitlines()
    for name in ("t/basic.t ..", "t/edge.t ...", "t/more.t ..."):
        assert name in view
    assert "not ok 31 - two plus two" in view
    assert "ok 5 - add 4" not in view


# ---------------------------------------------------------------- linker


def test_linker_errors_are_tool_output_and_none_is_elided():
    data = real("ld-undefined-multidef.out")
    assert detect(data) == ContentType.TERMINAL  # as prose, 9 `multiple definition` sections were elided
    lines = data.decode().splitlines()
    classes = toolout.analyse(lines).classes
    for ln, c in zip(lines, classes):
        if re.search(r"multiple definition of|undefined reference to|: in function|relocation against", ln):
            assert c == toolout.KEEP, ln
    assert classes[lines.index("collect2: error: ld returned 1 exit status")] == toolout.KEEP


# ---------------------------------------------------------------- cargo doc tests


def test_cargo_doc_test_failures_are_blocks_and_passing_doc_tests_pass():
    # a doc test's name holds spaces: its `---- name stdout ----` block was not one, and the second
    # and third failures' `left:`/`right:` lines read as repeats of the first's
    lines = real("cargo-doctest-3fail.out").decode().splitlines()
    classes = toolout.analyse(lines).classes
    for ln, c in zip(lines, classes):
        if ln.startswith(("  left: ", " right: ", "---- src/lib.rs - ", "thread 'main'")):
            assert c == toolout.KEEP, ln
        if ln.startswith("test src/lib.rs - ") and ln.endswith("... ok"):
            assert c == toolout.PASS, ln


def test_inline_rust_panics_keep_their_messages():
    # --nocapture prints each panic where it happens: the doc test's `left: 3`/`right: 4` read
    # like the unit tests' and were elided
    data = real("cargo-test-nocapture.out")
    lines = data.decode().splitlines()
    classes = toolout.analyse(lines).classes
    for i, ln in enumerate(lines):
        if ln.startswith("thread '"):
            j = i
            while lines[j] and not lines[j].startswith(("note: ", "test ", "stack backtrace:")):
                assert classes[j] == toolout.KEEP, lines[j]
                j += 1
    view = view_of(data).splitlines()
    assert ["thread 'main' (786) panicked at src/lib.rs:5:1:", "assertion `left == right` failed",
            "  left: 3", " right: 4"] == view[view.index("thread 'main' (786) panicked at src/lib.rs:5:1:"):][:4]
