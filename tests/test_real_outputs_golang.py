"""Real Go toolchain outputs (trimmed excerpts under tests/fixtures/real/golang/), made on this
machine with go 1.19 from small modules (table-driven tests, subtests, t.Parallel, benchmarks,
examples, a fuzz target, a data race, a leaked goroutine, a deadlock). What must hold: every
failing test's name and messages, every package's result row, a panic's frames, the race's two
access sites and every benchmark row in view; passing `=== RUN`/`--- PASS` chatter (and a
passing test's t.Log lines) elided with true counts; goroutines parked at one place folded."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine.detect import detect
from engine.types import ContentType
from real_views import MARKER, engine_view, original_and_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "golang"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_lines(counter, name: str) -> tuple[list[str], list[str]]:
    return original_and_view_lines(counter, real(name))


# ---------------------------------------------------------------- go test -v


def test_verbose_failure_tree_drops_passing_subtests_and_keeps_failures(counter):
    # `--- FAIL: TestPrimes` nests 300 `--- PASS: TestPrimes/N` rows: they were all kept as
    # part of the failure block (5,355 tokens of view).
    lines, view = view_lines(counter, "go-test-v-fail.txt")
    for line in lines:
        if "--- FAIL: " in line or line.startswith(("FAIL", "ok  ", "?   ")):
            assert line in view, line
    assert not [v for v in view if v.strip().startswith("--- PASS: TestPrimes/")]
    assert sum(map(len, view)) * 5 < sum(map(len, lines))


def test_verbose_failure_messages_stay_under_the_header_that_names_their_test(counter):
    # In -v mode a message follows its test's `=== RUN`/`=== CONT` line, not its result row:
    # the header stays above it so the message is attributed.
    lines, view = view_lines(counter, "go-test-v-fail.txt")
    for msg, header in (("IsPrime(49) = true", "=== RUN   TestPrimes/49"),
                        ("Gcd(-4, 6) = 2; want -2", "=== CONT  TestGcd/negative"),
                        ('Slug("Trailing!!!") = "trailing-", want "trailing"', "=== RUN   TestSlug/case02")):
        at = next(k for k, v in enumerate(view) if msg in v)
        assert view[at - 1] == header
    for line in ("got:", "want:", "--- FAIL: ExampleWords (0.00s)",
                 "    store_test.go:23: Take(apple, 1) second time: store: short of apple: have 0, want 1"):
        assert line in view


def test_verbose_passing_tests_log_lines_are_counted_as_passing(counter):
    # TestMeanEmpty passed: its t.Log line is a passing test's output (it was kept as if a
    # failure message); a skipped test's reason stays.
    lines, view = view_lines(counter, "go-test-v-fail.txt")
    assert "    mathx_test.go:85: empty input rejected as expected" in lines
    assert "    mathx_test.go:85: empty input rejected as expected" not in view
    assert "    mathx_test.go:92: needs INVENTORY_DB; set it to run" in view
    assert "--- SKIP: TestSlowIntegration (0.00s)" in view


def test_verbose_markers_count_exactly_the_elided_lines(counter):
    lines, view = view_lines(counter, "go-test-v-fail.txt")
    elided = shown = 0
    for v in view:
        m = MARKER.match(v)
        if m is None:
            shown += 1
            continue
        n = int(m[1])
        parts = dict(reversed(p.split(" ", 1)) for p in m[2].split("; "))
        assert sum(int(c) for c in parts.values()) == n
        assert set(parts) <= {"passing-test lines", "progress lines", "passing-test line", "progress line"}
        elided += n
    assert elided + shown == len(lines)


def test_every_package_result_row_stays(counter):
    # `ok  \tpkg` rows were elided as passing-test lines: which packages passed was lost.
    lines, view = view_lines(counter, "go-test-packages.txt")
    rows = [ln for ln in lines if ln.startswith(("ok  \t", "?   \t", "FAIL\t"))]
    assert len(rows) == 30
    for row in rows:
        assert row in view


def test_verbose_many_packages_keep_results_and_drop_bare_pass(counter):
    lines, view = view_lines(counter, "go-test-v-packages.txt")
    for line in lines:
        if line.startswith(("ok  \t", "?   \t", "FAIL\t", "--- FAIL")) or "_test.go:" in line:
            assert line in view, line
    assert "PASS" not in view[:-3]  # each bare `PASS` above an `ok` row (but the tail's three lines)
    assert "=== RUN   TestBalance" in view


# ---------------------------------------------------------------- go test -json


def test_json_stream_keeps_every_failing_tests_output(counter):
    # test2json's events look alike: IsPrime(9)'s and IsPrime(25)'s messages and an Example's
    # got/want went into "… N lines elided" with hundreds of passing events.
    data = real("go-test-json-fail.jsonl")
    assert detect(data) == ContentType.LOG
    events = [json.loads(ln) for ln in data.decode().splitlines()]
    failed = {(e["Package"], e.get("Test")) for e in events if e["Action"] == "fail"}
    view = engine_view(counter, data).splitlines()
    kept = {ln for ln in view if not ln.startswith("…")}
    for ln, e in zip(data.decode().splitlines(), events):
        if e["Action"] == "fail":
            assert ln in kept, ln
        if e["Action"] == "output" and (e["Package"], e.get("Test")) in failed and not e["Output"].startswith("=== "):
            assert ln in kept, ln
    passing_rows = [ln for ln in kept if '"Output":"    --- PASS: ' in ln or '"Action":"run"' in ln]
    assert len(passing_rows) <= 2


# ---------------------------------------------------------------- race, benchmarks, panics


def test_race_report_keeps_both_access_sites(counter):
    # The `Previous write at ... by goroutine 9:` access's frames went into "5 other lines".
    lines, view = view_lines(counter, "go-test-race.txt")
    start = lines.index("WARNING: DATA RACE") - 1
    end = lines.index("==================", start + 1) + 1
    for line in lines[start:end]:
        assert line in view, line
    assert sum("racey/counter.go:15" in v for v in view) == 2


def test_benchmark_rows_all_stay(counter):
    # `-count 5` prints each benchmark five times: 18 of the 20 rows were "other lines".
    lines, view = view_lines(counter, "go-bench-count.txt")
    rows = [ln for ln in lines if ln.startswith("Benchmark")]
    assert len(rows) == 20
    for row in rows:
        assert row in view
    assert "pkg: example.com/inventory/mathx" in view


def test_deadlock_goroutines_parked_at_one_place_fold(counter):
    # Twelve goroutines blocked on one send: the dump passed through whole.
    lines, view = view_lines(counter, "go-run-deadlock.txt")
    assert "fatal error: all goroutines are asleep - deadlock!" in view
    assert "goroutine 1 [semacquire]:" in view
    assert "\t/tmp/unseen6/golang/src/runs/deadlock/main.go:18 +0x112" in view
    assert "goroutine 6 [chan send]:" in view
    assert ("… 65 lines elided (caveman): 11 more goroutines with the same stack as goroutine 6 above: "
            "goroutine 7, goroutine 8, goroutine 9, goroutine 10, goroutine 11, goroutine 12, goroutine 13, "
            "goroutine 14, goroutine 15, goroutine 16, goroutine 17 …") in view
    assert "exit status 2" in view


def test_timeout_dump_folds_idle_workers_and_keeps_the_stuck_test(counter):
    lines, view = view_lines(counter, "go-test-timeout-panic.txt")
    for line in ("panic: test timed out after 3s", "example.com/trouble/worker.TestPoolDrain(0xc000007860?)",
                 "\t/tmp/unseen6/golang/src/trouble/worker/pool_test.go:27 +0x68",
                 "panic: assignment to entry in nil map [recovered]",
                 "\t/tmp/unseen6/golang/src/trouble/cache/cache.go:30 +0x328",
                 "FAIL\texample.com/trouble/worker\t3.005s", "FAIL\texample.com/trouble/cache\t0.005s",
                 "ok  \texample.com/trouble/racey\t0.002s"):
        assert line in view, line
    assert ("… 11 lines elided (caveman): 2 more goroutines with the same stack as goroutine 14 above: "
            "goroutine 13, goroutine 12 …") in view


def test_json_reader_keeps_build_events_and_leaves_unknown_actions_alone():
    # Go 1.24 reports compile errors as `build-output` events (with ImportPath, no Package):
    # dropping every non-`output` action would have dropped them.
    from engine.compressors import gotest_json
    lines = [
        '{"ImportPath":"example.com/m/p [example.com/m/p.test]","Action":"build-output","Output":"# example.com/m/p\\n"}',
        '{"ImportPath":"example.com/m/p [example.com/m/p.test]","Action":"build-output",'
        '"Output":"p/p_test.go:9:14: undefined: Parse\\n"}',
        '{"ImportPath":"example.com/m/p [example.com/m/p.test]","Action":"build-fail"}',
        '{"Action":"start","Package":"example.com/m/p"}',
        '{"Action":"output","Package":"example.com/m/p","Output":"FAIL\\texample.com/m/p [build failed]\\n"}',
        '{"Action":"fail","Package":"example.com/m/p","Elapsed":0,"FailedBuild":"example.com/m/p [example.com/m/p.test]"}',
        '{"Action":"frobnicate","Package":"example.com/m/q"}',
        '{"Action":"run","Package":"example.com/m/q","Test":"TestA"}',
        '{"Action":"pass","Package":"example.com/m/q","Test":"TestA","Elapsed":0}',
    ]
    keep, drop = gotest_json.verdicts(lines, "\n".join(lines))
    assert keep == [True, True, True, False, True, True, False, False, False]
    assert drop == [False, False, False, True, False, False, False, True, True]


def test_sigquit_dump_keeps_the_goroutine_each_fold_names(counter):
    # Read as text, the section of goroutine 56 went into "… 4 sections elided" while the fold
    # marker below it still said "the same stack as goroutine 56 above".
    data = real("go-sigquit-dump.txt")
    view = engine_view(counter, data)
    named = re.findall(r"the same stack as (goroutine \d+) above", view)
    assert "goroutine 56" in named
    for name in named:
        assert re.search(rf"^{name} \[", view, re.M), name
    assert "goroutine 1 [semacquire]:" in view
    assert "\t/tmp/unseen6/golang/src/runs/server/main.go:41 +0x233 fp=0xc00009bf80 sp=0xc00009bef8 pc=0x649593" in view


def test_verbose_cover_drops_what_each_ok_row_repeats(counter):
    # `-v -cover` prints `PASS` and `coverage: N% of statements` above each `ok ... coverage:`
    # row: 24 such pairs stayed in view as summaries.
    lines, view = view_lines(counter, "go-test-v-cover.txt")
    rows = [ln for ln in lines if ln.startswith(("ok  \t", "?   \t", "FAIL\t"))]
    for row in rows:
        assert row in view, row
    body = view[3:-3]  # the head and tail lines are shown whatever they hold
    assert "PASS" not in body
    # a failing package's `coverage:` line is its only figure: it stays
    assert [view[k + 1][:4] for k in range(3, len(view) - 3) if view[k].startswith("coverage: ")] == ["FAIL"] * 2
    for line in lines:
        if "_test.go:" in line or line.startswith("--- FAIL"):
            assert line in view, line


def test_verbose_repeated_skip_reasons_are_counted_not_kept(counter):
    # Sixty integration tests skipped for one reason: the run passed through whole (185 lines).
    lines, view = view_lines(counter, "go-test-v-skips.txt")
    assert view[:3] == lines[:3]  # the first skipped test, with its reason
    assert "… 178 lines elided (caveman): 60 progress lines; 118 skipped-test lines …" in view
    assert "ok  \texample.com/skipmod/integ\t0.006s" in view


def test_json_repeated_skip_reasons_are_dropped_the_first_kept(counter):
    data = real("go-test-json-skips.jsonl")
    view = engine_view(counter, data).splitlines()
    reasons = [v for v in view if "INTEG_DB not set" in v]
    assert len(reasons) == 1 and '"Test":"TestUsersCreate"' in reasons[0]
    assert any('"Output":"--- SKIP: TestUsersCreate (0.00s)\\n"' in v for v in view)
    assert not any('"Output":"--- SKIP: TestUsersRead' in v for v in view)
    assert any('"Output":"ok  \\texample.com/skipmod/integ\\t0.005s\\n"' in v for v in view)


def test_fuzz_status_rows_are_progress(counter):
    lines, view = view_lines(counter, "go-test-fuzz.txt")
    assert "… 14 lines elided (caveman): 14 progress lines …" in view
    assert "fuzz: elapsed: 0s, gathering baseline coverage: 22/22 completed, now fuzzing with 1 workers" in view
    assert view[-2:] == lines[-2:]


def test_failing_example_keeps_got_and_want_whole(counter):
    # An Example's got/want print at the margin: 24 and 25 of their lines went into
    # "… N other lines", the one line that differs (k13 value-91 / value-92) with them.
    lines, view = view_lines(counter, "go-test-v-example-fail.txt")
    start = lines.index("--- FAIL: ExampleRender (0.00s)")
    end = lines.index("FAIL", start)
    assert view[view.index(lines[start]):view.index(lines[start]) + end - start] == lines[start:end]
    assert "k13      value-91" in view and "k13      value-92" in view


def test_goroutines_created_by_different_parents_still_fold():
    # Go 1.21+ names the creating goroutine (`created by main.main in goroutine 1`); workers
    # started by different goroutines are still parked at one place. (The 1.19 dump, so edited.)
    from engine.compressors.thread_dump import fold_threads
    text = real("go-run-deadlock.txt").decode()
    parents = iter(range(100, 200))
    edited = re.sub(r"^created by main\.main$", lambda m: f"created by main.main in goroutine {next(parents)}",
                    text, flags=re.M)
    assert edited != text
    folded = fold_threads(edited)
    assert folded is not None and "11 more goroutines with the same stack as goroutine 6 above" in folded


def test_build_errors_under_package_headers_are_compiler_output_and_stay_whole(counter):
    # `go build ./...`: `# pkg` headers over `file.go:L:C: message` lines read as search hits, and
    # one message in many files (a renamed function) was shown once, each error cut to path:line.
    assert detect(real("go-build-many-packages.txt")) == ContentType.TERMINAL
    renamed = "# example.com/app/api\n" + "".join(
        f"api/h{k}.go:{10 + k}:9: undefined: store.OpenSession\n" for k in range(60))
    assert detect(renamed.encode()) == ContentType.TERMINAL
    view = engine_view(counter, renamed.encode())
    for line in renamed.splitlines():
        assert line in view.splitlines()


def test_go_source_hits_without_a_package_header_stay_search_results():
    hits = "".join(f"api/h{k}.go:{10 + k}:\treturn store.OpenSession(ctx)\n" for k in range(12))
    assert detect(hits.encode()) == ContentType.SEARCH
