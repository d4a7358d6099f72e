"""Real outputs of C/C++ build systems as an agent sees them (excerpts under
tests/fixtures/real/buildsys2/): autotools (`make -j2` through recursive make and libtool,
`make check`'s test harness). Each test failed before the rule it checks."""
from __future__ import annotations

from pathlib import Path

from engine.detect import detect
from engine.types import ContentType
from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "buildsys2"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def markers(view: list[str]) -> list[tuple[int, str]]:
    found = [MARKER.match(v) for v in view if v.startswith("… ")]
    assert all(found)
    return [(int(m[1]), m[2]) for m in found]


# ---------------------------------------------------------------- automake `make check`


def test_make_check_keeps_each_failing_test_and_the_harness_summary_and_counts_passing_rows(counter):
    # automake's parallel harness prints one `PASS: name` row per test. The rows, and recursive
    # make's `Entering directory` / `'x' is up to date.` lines, were kept one by one (17% saved).
    data = real("make-check-libsodium-2fail.out")
    original, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    assert detect(data) == ContentType.TERMINAL
    assert "ERROR: box" in view and "ERROR: hash" in view
    for line in original[original.index("Testsuite summary for libsodium 1.0.20"):]:
        assert line in view  # the box, `See ... for debugging.` and make's whole Error chain
    assert "See test/default/test-suite.log for debugging." in view
    assert not any(v.startswith("PASS: ") for v in view)
    passing = sum(1 for line in original if line.startswith("PASS: "))
    assert passing == 78
    assert sum(int(s.split(" passing-test line")[0].rsplit(" ", 1)[-1])
               for _, s in markers(view) if "passing-test line" in s) == passing
    assert not any(v.startswith("make[3]: '") for v in view)
    assert len(view) < len(original) // 3


def test_make_check_that_passed_is_a_test_run_not_text(counter):
    data = real("make-check-libsodium.out")
    assert detect(data) == ContentType.TERMINAL
    view = engine_view(counter, data).splitlines()
    assert "# TOTAL: 80" in view and "# PASS:  80" in view and "# FAIL:  0" in view
    assert not any(v.startswith("PASS: ") for v in view)


def test_automake_skip_xfail_and_xpass_rows_are_odd_results_that_stay():
    from engine.compressors import toolout
    lines = ["PASS: a", "SKIP: b", "XFAIL: c", "XPASS: d", "FAIL: e", "PASS: f"]
    classes = toolout.analyse(lines).classes
    assert classes[0] == classes[5] == toolout.PASS
    assert all(c == toolout.KEEP for c in classes[1:5])


# ---------------------------------------------------------------- make -j2 (automake silent rules)


def test_a_passing_make_run_is_a_build_transcript_with_its_steps_as_progress(counter):
    # a successful `make -j2` of an automake project has no `make: ***` line: it was read as
    # plain text and its 140 `  CC  foo.lo` steps were kept (13% saved)
    data = real("make-j2-libsodium-ok.out")
    original, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    assert detect(data) == ContentType.TERMINAL
    assert not any(v.startswith("  CC ") for v in view)
    # libtool's warning stays (shown, or counted as a repeat of the one shown)
    assert "libtool: warning: '-version-info/-version-number' is ignored for convenience libraries" in view
    assert len(view) < len(original) // 4


def test_a_failing_make_keeps_the_compiler_error_and_makes_error_chain(counter):
    data = real("make-j2-libsodium-fail.out")
    original, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    start = next(i for i, line in enumerate(original) if ": error: " in line)
    for line in original[start:]:
        assert line in view  # the error with its excerpt, `***` lines, directories left
    assert not any(v.startswith("  CC ") for v in view)


# ---------------------------------------------------------------- linker floods (ninja -k 0)


def test_every_program_linking_one_broken_library_shows_its_failure_and_the_references_once(counter):
    # `ninja -k 0` linking 8 test programs against a libsodium.a that lacks its assembly objects:
    # each link printed the same 30 `undefined reference to` lines, all kept (11% saved on the
    # whole 80-program run)
    data = real("ninja-k0-link-flood.out")
    # (ninja ends `FAILED: t_x ` with a space, which the terminal view trims)
    original = [line.rstrip() for line in data.decode().splitlines()]
    view = engine_view(counter, data).splitlines()
    for line in original:
        if line.startswith(("FAILED: ", ": && ", "collect2: ", "ninja: build stopped")):
            assert line in view  # each failed program, its link command and ld's verdict
        if "undefined reference to " in line or ": in function " in line:
            assert line in view  # every distinct reference is shown (once)
    found = markers(view)
    repeats = [(n, s) for n, s in found if "linker line" in s]
    assert len(repeats) == 7  # every program after the first
    for n, s in repeats:
        assert s == f"{n} linker lines identical to lines shown above"
    assert sum(n for n, _ in repeats) == 7 * 30
    assert len(view) < len(original) // 3


def test_a_link_group_that_differs_in_one_reference_is_shown_whole(counter):
    data = real("ninja-k0-link-flood.out").decode()
    lines = data.splitlines()
    # the last program's group names one more symbol than the first's
    last = max(i for i, line in enumerate(lines) if "fe51_invert.c:(.text+0x2cb)" in line)
    odd = lines[last].replace("0x2cb", "0x2d0").replace("fe51_mul'", "fe51_sq'")
    lines.insert(last + 1, odd)
    view = engine_view(counter, ("\n".join(lines) + "\n").encode()).splitlines()
    assert odd in view
    # the group it belongs to (its `in function` header and every reference under it) stays
    head = max(i for i in range(last) if ": in function `crypto_scalarmult_curve25519_sandy2x_fe51_invert'" in lines[i])
    for k in range(head, last + 2):
        assert lines[k] in view


def test_ninjas_failed_step_keeps_its_command(counter):
    # ninja prints `FAILED: target` and then the command that failed; once the repeated
    # references under it fold, the command stood alone among elided runs, an "other" line the
    # generic rules dropped when it looked like the ones before it
    data = real("ninja-k0-link-flood.out")
    original = [line.rstrip() for line in data.decode().splitlines()]
    view = engine_view(counter, data).splitlines()
    for i, line in enumerate(original):
        if line.startswith("FAILED: "):
            assert original[i + 1].startswith(": && /usr/bin/cc ") and original[i + 1] in view


# ---------------------------------------------------------------- meson setup


def test_meson_setup_keeps_every_failed_probe_and_the_error_and_counts_the_ones_that_passed(counter):
    # meson setup was read as plain text and passed through whole; its `Checking for function
    # "f" : NO` probes were cargo's `Checking crate` progress
    data = real("meson-setup-missing-dep.out")
    original = [line.rstrip() for line in data.decode().splitlines()]
    assert detect(data) == ContentType.TERMINAL
    view = engine_view(counter, data).splitlines()
    for line in original:
        if line.endswith(": NO") or "found: NO" in line or "ERROR" in line or line.startswith("A full log"):
            assert line in view
    assert 'meson.build:14:0: ERROR: Dependency "gtk+-3.0" not found, tried pkgconfig and cmake' in view
    # (a lone probe between two kept lines is shown: its marker would cost as much)
    assert sum(v.endswith(": YES") for v in view) <= 2 < sum(line.endswith(": YES") for line in original)
    assert sum(n for n, s in markers(view)) == len(original) - len(view) + len(markers(view))


# ---------------------------------------------------------------- a compiler driver's complaint, once per file


def test_a_driver_error_printed_for_every_file_is_shown_once_and_every_failed_target_stays(counter):
    # a stray word in CFLAGS: gcc takes it for an input file and says so for each of the 20
    # files compiled; each pair was kept (every error line stays), 19 times over
    data = real("scons-k-driver-error-per-file.out")
    original, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    assert detect(data) == ContentType.TERMINAL
    for line in original:
        if line.startswith(("scons: *** ", "gcc: ")) or line.startswith("scons: done"):
            assert line in view  # every failed target, and the driver's two lines (once)
    # shown once (and again among the last lines, which a view always shows)
    assert view[:-3].count("gcc: error: 1.0.20: linker input file not found: No such file or directory") == 1
    driver = sum(line.startswith("gcc: ") for line in original)
    counted = 0
    for n, s in markers(view):
        if "compiler-driver line" in s:
            counted += int(s.split(" compiler-driver line")[0].rsplit(" ", 1)[-1])
            assert "identical to lines shown above" in s
    assert counted == driver - sum(v.startswith("gcc: ") for v in view) > 30


def test_a_driver_line_that_differs_is_shown():
    from engine.compressors import toolout
    lines = [
        "gcc: error: unrecognized command-line option '-mfoo'",
        "make: *** [Makefile:2: a.o] Error 1",
        "gcc: error: unrecognized command-line option '-mbar'",
        "make: *** [Makefile:2: b.o] Error 1",
        "gcc: error: unrecognized command-line option '-mfoo'",
        "make: *** [Makefile:2: c.o] Error 1",
        "collect2: error: ld returned 1 exit status",
        "collect2: error: ld returned 1 exit status",
    ]
    classes = toolout.analyse(lines).classes
    assert classes[:4] == [toolout.KEEP] * 4 and classes[5:] == [toolout.KEEP] * 3
    assert classes[4] not in (toolout.KEEP, toolout.OTHER) and classes[4] in toolout.DROPPABLE


# ---------------------------------------------------------------- make -k -j2: steps interleaved with diagnostics


def test_silent_rule_steps_after_a_diagnostic_are_not_lines_under_it(counter):
    # `  CC       foo.lo` is indented like a gcc excerpt: the steps printed after a warning were
    # read as the warning's related lines and kept with it
    data = real("make-k-j2-4broken.out")
    original, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    for line in original:
        if ": error: " in line or ": warning: " in line or "***" in line or " | " in line:
            assert line in view
    assert "  CC       crypto_auth/libsodium_la-crypto_auth.lo" not in view
    assert "  CC       crypto_box/libsodium_la-crypto_box.lo" not in view
    assert sum(v.startswith("  CC ") for v in view) <= 2


# ---------------------------------------------------------------- config.log


def test_config_log_counts_the_confdefs_each_failed_program_repeats_and_keeps_the_program(counter):
    # every `configure: failed program was:` opens with the whole confdefs.h so far; the
    # config.log passed through whole (its varied lines reach the generic rules' cap, past
    # which every dropped line came back, the droppable ones too)
    data = real("config-log-head.out")
    original, view = data.decode().splitlines(), engine_view(counter, data).splitlines()
    assert detect(data) == ContentType.TERMINAL
    heads = [i for i, line in enumerate(original) if line == "| /* confdefs.h */"]
    assert len(heads) >= 5
    confdefs = 0
    for i in heads:
        j = original.index("| /* end confdefs.h.  */", i)
        confdefs += j - i - 1
    found = [(n, s) for n, s in markers(view) if "confdefs.h line" in s]
    assert sum(int(s.split(" confdefs.h line")[0].rsplit(" ", 1)[-1]) for _, s in found) == confdefs
    assert not any(v.startswith("| #define ") for v in view)
    for line in original:  # each failed probe's own error, program and exit status
        if ": error: " in line or "fatal error" in line or line.startswith(("configure: failed program", "| #include <minix")):
            assert line in view
        if line.startswith("configure:") and "$? = 1" in line:
            assert line in view


# ---------------------------------------------------------------- gcc -fanalyzer


def test_an_analyzer_paths_drawn_lines_are_not_spinner_frames(counter):
    # gcc -fanalyzer draws each finding's event path with `    |` lines: they were read as a
    # bare spinner frame, and a marker called them progress lines
    from engine.compressors import toolout
    data = real("gcc-fanalyzer-paths.out")
    lines = data.decode().splitlines()
    classes = toolout.analyse(lines).classes
    assert not any(c == toolout.CHATTER for line, c in zip(lines, classes) if line.strip() == "|")
    view = engine_view(counter, data).splitlines()
    assert not any("progress line" in s for _, s in markers(view))
    for line in lines:
        if ": warning: " in line or ": note: " in line:
            assert line in view
