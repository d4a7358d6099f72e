"""Real JVM outputs (trimmed excerpts under tests/fixtures/real/jvm/), made on this machine with
OpenJDK 17 and Debian's JUnit 5.9 / JUnit 4.13, Maven 3.8 and Gradle 4.4 on small projects
(an inventory library with generated suites, a javac error and -Xlint flood project, a logging
app). What must hold: every failing test's row, message and own frames in view, passing rows
and JDK/harness frames counted, a StackOverflowError's 1024 identical frames folded."""
from __future__ import annotations

import re
from pathlib import Path

from engine.ccr import MemoryStore
from engine.compressors import toolout_detect
from engine.compressors.toolout_scan import problem
from engine.core import Engine
from engine.detect import detect
from engine.patterns import ANSI
from engine.registry import default_registry
from engine.types import ContentType, Mode, Options

REAL = Path(__file__).parent / "fixtures" / "real" / "jvm"
MARKER = re.compile(r"^\s*… (\d+) lines elided \(caveman\): (.*) …$")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def engine_result(counter, data: bytes):
    return Engine(default_registry(), counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS))


def view_lines(counter, name: str) -> tuple[list[str], list[str]]:
    data = real(name)
    original = ANSI.sub("", data.decode()).splitlines()
    return original, engine_result(counter, data).output.decode().splitlines()


def _elided(view: list[str]) -> list[tuple[int, str]]:
    return [(int(m[1]), m[2]) for m in map(MARKER.match, view) if m]


# ---------------------------------------------------------------- JUnit Platform console launcher


def test_junit_console_tree_keeps_every_failed_row_and_the_containers_above_it(counter):
    # Only rows whose message held a problem word survived: `reorderPointUsesLeadDays() ✘ ...
    # expected: <50> but was: <60>` and `[2] 0 ✘ qty must be positive: 0` went with the passes.
    original, view = view_lines(counter, "junit5-tree-failing.txt")
    failed = [ln for ln in original if " ✘ " in ln]
    assert len(failed) == 13
    for ln in failed:
        assert ln.rstrip() in view
    # the containers naming them (a container reports ✔ even when a test in it failed)
    for ln in ("│  ├─ Stock ✔", "├─ JUnit Jupiter ✔", "│  │  ├─ receivePositive(int) ✔",
               "│  │  └─ when warehouse transfers ✔"):
        assert ln in view
    # a multi-line message under its row
    assert "│  │  │        \torg.opentest4j.AssertionFailedError: B level ==> expected: <1> but was: <0>" in view
    # passing rows of the other classes are counted as passing-test lines, nothing else
    markers = _elided(view)
    assert markers[0] == (52, "52 passing-test lines")
    assert "│  │  ├─ receiveThenLevel_10_10() ✔" not in view


def test_junit_console_failures_listing_keeps_names_and_own_frames_and_counts_harness_frames(counter):
    original, view = view_lines(counter, "junit5-tree-failing.txt")
    start = original.index("Failures (13):")
    names = [ln for ln in original[start:] if ln.startswith("  JUnit Jupiter:")]
    assert len(names) == 13
    for ln in names + [ln for ln in original[start:] if "=> " in ln or "Caused by:" in ln]:
        assert ln.rstrip() in view
    assert "       com.acme.inventory.StockTest.reorderPointUsesLeadDays(StockTest.java:26)" in view
    assert "       org.junit.jupiter.api.AssertEquals.failNotEqual(AssertEquals.java:197)" not in view
    for n, what in _elided(view[view.index("Failures (13):"):]):
        # a blank line between two failures' frames is counted as blank, never as a frame
        frames, _, blanks = what.partition("; ")
        k = n - (int(blanks.split()[0]) if blanks else 0)
        assert frames == f"{k} JDK/framework stack frame line" + ("s" if k > 1 else "")
        assert blanks in ("", "1 blank line", f"{n - k} blank lines")
    assert "[        13 tests failed          ]" in view


def test_junit_console_flat_is_a_test_run_not_code(counter):
    # Under its colours it read as source code (its frames), and the whole 300 KB went through.
    data = real("junit5-flat-failing.txt")
    assert toolout_detect.is_tool_output(ANSI.sub("", data.decode()))
    result = engine_result(counter, data)
    assert result.content_type is ContentType.TERMINAL and not result.passed_through
    view = result.output.decode().splitlines()
    assert "Finished:    skusAreSorted() ([engine:junit-jupiter]/[class:com.acme.inventory.StockTest]/" \
           "[method:skusAreSorted()])" in view
    assert "             => Exception: org.opentest4j.AssertionFailedError: expected: <[a, c, b]> but was: " \
           "<[a, b, c]>" in view
    assert "             \tat com.acme.inventory.StockTest.skusAreSorted(StockTest.java:38)" in view
    markers = _elided(view)
    # the first run: the bulk class's Started (progress) and Finished (passing) rows
    assert markers[0] == (58, "25 passing-test lines; 33 progress lines")
    assert markers[-1] == (6, "1 passing-test line; 3 progress lines; 2 skipped-test lines")


def test_a_stack_overflow_in_a_test_run_folds_its_identical_frames(counter):
    original, view = view_lines(counter, "junit5-flat-failing.txt")
    frame = "             \tat com.acme.inventory.Stock.depth(Stock.java:30)"
    total = sum(1 for ln in original if ln == frame)
    assert total == 129
    assert view.count(frame) == 5  # three where it overflowed, two where it was entered
    fold = next(ln for ln in view if "frames, each at" in ln)
    assert fold == "             \t… 124 lines elided (caveman): 124 frames, each at " \
                   "com.acme.inventory.Stock.depth(Stock.java:30) …"


# ---------------------------------------------------------------- Maven


def test_maven_debug_flood_is_counted_and_the_build_story_stays(counter):
    # `mvn -X`: every [DEBUG] line differs, so no repetition rule elided one; the whole run
    # went through as it was.
    original, view = view_lines(counter, "mvn-X-test-pass.txt")
    assert not any(ln.startswith("[DEBUG]") for ln in view)
    for ln in original:
        if ln.startswith(("[INFO] Building", "[INFO] BUILD", "[INFO] Tests run: 180", "[INFO] Scanning")):
            assert ln in view
    debug = sum(int(m[1]) for m in map(re.compile(r"(\d+) Maven -X debug-output lines?").search, view) if m)
    prefixed = sum(1 for ln in original if ln.startswith("[DEBUG]"))
    # every [DEBUG] line is counted, with the configuration XML between them
    assert prefixed <= debug < prefixed + sum(1 for ln in original if ln.lstrip().startswith("<"))
    assert len(view) * 4 < len(original)


# ---------------------------------------------------------------- jstack


def test_jstack_l_pool_threads_fold_with_their_owned_locks(counter):
    # `jstack -l` prints each thread's owned locks after a blank line under its stack: the
    # threads were never adjacent, no pool folded, and the 50 KB dump went through whole.
    original, view = view_lines(counter, "jstack-l-pool-deadlock.txt")
    fold = next(ln for ln in view if "more threads with the same stack" in ln)
    assert fold == ("… 146 lines elided (caveman): 7 more threads with the same stack as pool-1-thread-1 "
                    "above: pool-1-thread-2, pool-1-thread-3, pool-1-thread-4, pool-1-thread-5, "
                    "pool-1-thread-6, pool-1-thread-7, pool-1-thread-8 …")
    # the kept thread's owned-locks section, its indentation as printed
    first = view.index(next(ln for ln in view if ln.startswith('"pool-1-thread-1"')))
    assert "   Locked ownable synchronizers:" in view[first:first + 25]
    # the deadlock report stays whole
    start = original.index("Found one Java-level deadlock:")
    report = [ln.rstrip() for ln in original[start:] if ln.strip()]
    assert [ln for ln in view[view.index("Found one Java-level deadlock:"):] if ln.strip()] == report


# ---------------------------------------------------------------- application logs


def test_java_util_logging_is_a_log_and_each_kept_record_keeps_its_time_and_class(counter):
    # `Nov 30, 2026 7:35:16 PM com.acme.app.OrderApp main` read as a search hit (`Nov 30, 2026 7`
    # line 35): the view was a search result's, its markers counting "search result lines", and
    # each kept `SEVERE:` line stood without the line that says when and where.
    data = real("jul-orderapp-severe.log")
    assert detect(data) == ContentType.LOG
    original, view = view_lines(counter, "jul-orderapp-severe.log")
    assert not any("search result" in ln for ln in view)
    for i, ln in enumerate(original):
        if ln.startswith(("SEVERE: ", "WARNING: ")):
            k = view.index(ln)
            assert view[k - 1] == original[i - 1] and view[k - 1].endswith("com.acme.app.OrderApp main")
    assert "Caused by: java.sql.SQLException: Connection is not available, request timed out after 30000ms." in view


def test_a_gc_log_allocation_failure_is_a_cause_not_a_failure(counter):
    # `-verbose:gc` with the serial collector: every young pause says `(Allocation Failure)`,
    # read as an error on every line, so all 279 lines were kept and the log went through whole.
    original, view = view_lines(counter, "verbose-gc-serial-churn.log")
    assert detect(real("verbose-gc-serial-churn.log")) == ContentType.LOG
    assert view[:2] == original[:2] and view[3:5] == [ln for ln in original if ln][-2:]
    assert view[2] == "… 277 lines elided (caveman): all level=info …"
    assert not problem("[0.085s][info][gc] GC(1) Pause Young (Allocation Failure) 17M->0M(61M) 1.230ms")
    assert problem("Caused by: org.gradle.api.internal.tasks.testing.TestSuiteExecutionException: test failure")


def test_maven_per_artifact_warning_flood_keeps_every_warning_and_two_of_its_traces(counter):
    # A first build printed `[WARNING] Could not validate integrity of download from <url>`
    # with a 40-frame resolver trace once per artifact: 290 warnings and their traces kept
    # (143k tokens → 24k). Each warning names its artifact (the list stays); the same trace
    # under the third and later ones goes.
    original, view = view_lines(counter, "mvn-first-build-checksum-warnings.txt")
    for kind in ("[WARNING] Could not validate integrity of download from ",
                 "[WARNING] Checksum validation failed, no checksums available from debian for "):
        assert sum(1 for ln in original if ln.startswith(kind)) == 6
        assert [ln for ln in view if ln.startswith(kind)] == [ln for ln in original if ln.startswith(kind)]
    exception = "org.eclipse.aether.transfer.ChecksumFailureException: Checksum validation failed, no checksums available"
    assert original.count(exception) == 6 and view.count(exception) == 2
    under = [m for m in map(MARKER.match, view) if m and "lines under them" in m[2]]
    assert len(under) == 4 and all(m[2] == f"{m[1]} lines under them" for m in under)
    assert "[INFO] BUILD SUCCESS" in view


def test_a_short_list_of_maven_warnings_stays_whole(counter):
    from engine.compressors.toolout_maven import thin_maven_warnings
    from engine.compressors.toolout_scan import KEEP
    norm = [f"[WARNING] The POM for org.apache.maven.plugins:maven-{p}-plugin:jar:2.{k} is missing, no dependency "
            "information available" for k, p in enumerate(("install", "deploy", "site", "jar", "clean", "war", "ear"))]
    cls = [KEEP] * len(norm)
    thin_maven_warnings(norm, cls)
    assert cls == [KEEP] * len(norm)


def test_compiler_warnings_in_a_maven_build_are_left_to_the_findings_rules():
    from engine.compressors.toolout_maven import thin_maven_warnings
    from engine.compressors.toolout_scan import KEEP
    norm = [f"[WARNING] /src/A{k}.java:[5,44] redundant cast to java.lang.String" for k in range(9)]
    cls = [KEEP] * len(norm)
    thin_maven_warnings(norm, cls)
    assert cls == [KEEP] * len(norm)


# ---------------------------------------------------------------- JUnit 4


def test_junitcore_run_is_a_test_run_and_counts_the_runner_frames(counter):
    # `java org.junit.runner.JUnitCore ...` read as prose: every JUnit runner frame of the
    # `expected=` failure stayed (25 of them), the view saved 16%.
    data = real("junitcore-failures.txt")
    assert toolout_detect.is_tool_output(data.decode())
    original, view = view_lines(counter, "junitcore-failures.txt")
    for ln in original:
        if ln[:3] in ("1) ", "2) ", "3) ", "4) ", "5) ", "6) ") or "Error" in ln or "Failure:" in ln:
            assert ln.rstrip() in view  # (a terminal view drops trailing blanks)
    assert "\tat PriceCalculatorTest.couponCaseInsensitive(PriceCalculatorTest.java:23)" in view
    assert "\tat org.junit.runners.ParentRunner.runLeaf(ParentRunner.java:366)" not in view
    assert view[-3:] == ["FAILURES!!!", "Tests run: 329,  Failures: 6", ""]
    assert any(m and m[2] == "25 JDK/framework stack frame lines" for m in map(MARKER.match, view))


# ---------------------------------------------------------------- Gradle


def test_gradle_info_bookkeeping_is_progress_and_failures_stay(counter):
    # `gradle build --info`: each task's `started.`/`completed. Took` pair, artifact state,
    # skipped-task and cache lines differ by task name, so every one of them stayed.
    original, view = view_lines(counter, "gradle44-info-test-failures.txt")
    assert ":compileTestJava (Thread[Task worker for ':',5,main]) completed. Took 0.745 secs." not in view
    assert "Putting task artifact state for task ':test' into context took 0.0 secs." not in view
    for ln in original:
        if " FAILED" in ln or ln.startswith(("BUILD FAILED", "Execution failed", "> There were failing")):
            assert ln.rstrip() in view
    progress = sum(int(m[1]) for m in map(re.compile(r"(\d+) progress lines?").search, view) if m)
    assert progress >= 40
