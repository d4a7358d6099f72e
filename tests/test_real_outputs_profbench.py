"""Real outputs of profilers (cProfile, perf report, node --prof-process), trimmed excerpts under
tests/fixtures/real/profbench/: each ranked table keeps its head, its tail is counted."""
from __future__ import annotations

from pathlib import Path

from engine.compressors import bench_report, profile_report
from engine.compressors.terminal import TerminalCompressor
from engine.compressors.text import TextCompressor
from engine.detect import detect
from engine.patterns import PROFILE_CPROFILE_ROW, PROFILE_PERF_ROW
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "profbench"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def markers(view: str) -> list[str]:
    return [ln for ln in view.splitlines() if "(caveman)" in ln]


def test_cprofile_sorted_by_cumtime_is_text_and_keeps_its_first_25_rows():
    # `python -m cProfile -s cumtime`: rows ending in `(function)` read as code, which passed the
    # 236-row table through whole.
    data = real("cprofile-cumtime.txt")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    original = data.decode().splitlines()
    header = next(i for i, ln in enumerate(original) if "ncalls  tottime" in ln)
    lines = view.splitlines()
    # the summary, the order and the header, then the table's first 25 rows in order
    assert lines[:header + 26] == original[:header + 26]
    assert "         1222874 function calls (1165393 primitive calls) in 0.853 seconds" in lines
    assert markers(view) == ["… 211 lines elided (caveman): rows 26–236 of 236, cumtime 0.000–0.008 …"]
    assert len(lines) == len(original) - 211 + 1


def test_cprofile_marker_range_is_computed_from_the_elided_rows():
    data = real("cprofile-cumtime.txt").decode()
    rows = [ln for ln in data.splitlines() if PROFILE_CPROFILE_ROW.match(ln)]
    assert len(rows) == 236
    tail = [float(r.split()[3]) for r in rows[25:]]
    assert (min(tail), max(tail)) == (0.0, 0.008)


def test_node_prof_process_keeps_the_hottest_entry_of_the_bottom_up_profile():
    # The text rule thinned the bottom-up tree as look-alike lines and dropped `172 42.8% jsonRound`,
    # its hottest JS entry, while keeping rows of 1 tick.
    data = real("node-prof-process.txt")
    view = TextCompressor().compress(data).decode()
    lines = view.splitlines()
    assert "    172   42.8%    JS: *jsonRound /tmp/unseen9/profbench/work/node/app.js:4:19" in lines
    assert "     64   15.9%    JS: ~sortBig /tmp/unseen9/profbench/work/node/app.js:5:17" in lines
    assert markers(view) == [
        "… 40 lines elided (caveman): rows 16–55 of 55, ticks 1–21 …",
        "… 16 lines elided (caveman): rows 16–31 of 31, ticks 1–4 …",
    ]
    original = data.decode().splitlines()
    # the flat tables and the summary are short: each stays whole
    start = original.index(" [Shared libraries]:")
    end = original.index(" [Bottom up (heavy) profile]:")
    assert lines[start:end] == original[start:end]
    # each tree's shown rows are its first (a prefix keeps every parent)
    first = original.index("    402   69.9%  UNKNOWN")
    assert lines[first:first + 15] == original[first:first + 15]


def test_perf_report_with_call_graphs_keeps_whole_entries_and_counts_the_rest():
    data = real("perf-report-callgraph.txt")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    assert markers(view) == [
        "… 265 lines elided (caveman): entries 26–211 of 211 (with 58 call-graph lines, 21 blank lines), "
        "overhead 0.21%–0.86%, 56.01% in all …"]
    original = data.decode().splitlines()
    cut = view.splitlines().index(markers(view)[0])
    assert view.splitlines()[:cut] == original[:cut]  # 25 entries, each with its call graph
    assert view.splitlines()[-3:] == original[-3:]  # perf's footer
    rows = [ln for ln in original if PROFILE_PERF_ROW.match(ln)]
    assert len(rows) == 211
    assert round(sum(float(r.split("%")[0]) for r in rows[25:]), 2) == 56.01


def test_perf_report_flat_keeps_25_rows_and_states_the_children_range():
    data = real("perf-report-flat.txt")
    view = TextCompressor().compress(data).decode()
    assert markers(view) == ["… 571 lines elided (caveman): rows 26–596 of 596, children 0.21%–2.36% …"]
    assert "    14.16%     0.00%  [.] 0x00007f41a3a56240" in view.splitlines()
    assert "# Samples: 466  of event 'cpu-clock:ppp'" in view.splitlines()


def test_perf_report_under_a_pty_is_coloured_and_still_ranked():
    data = real("perf-report-pty.txt")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data).decode()
    assert markers(view) == ["… 164 lines elided (caveman): rows 26–189 of 189, children 0.43%–2.36% …"]
    assert "    14.16%     0.00%  [unknown]                                 [.] 0x00007f41a3a56240" in view.splitlines()
    assert "# Children      Self  Shared Object                             Symbol" in view


def test_a_query_keeps_the_tail_rows_it_names():
    data = real("perf-report-flat.txt")
    view = TextCompressor().compress_query(data, "tailmatch").decode()
    assert "     0.21%     0.21%  [.] tailmatch" in view.splitlines()
    assert any(m.startswith("… ") and "rows 26–" in m for m in markers(view))


def test_a_short_table_keeps_its_head_in_order_rather_than_look_alike_sections():
    # 35 rows: the text rule kept scattered rows; now the first 25 stay and the last 10 are counted.
    data = real("perf-report-small.txt")
    view = TextCompressor().compress(data).decode()
    original = data.decode().splitlines()
    first = next(i for i, ln in enumerate(original) if ln.startswith("    77.04%"))
    assert view.splitlines()[first:first + 25] == original[first:first + 25]
    assert markers(view) == ["… 10 lines elided (caveman): rows 26–35 of 35, children 0.21% …"]


def test_a_table_with_a_short_tail_is_left_whole():
    rows = "\n".join(f"{100 - i:>9} {i / 1000:8.3f} {0:8.3f} {i / 100:8.3f} {0:8.3f} m.py:{i}(f{i})" for i in range(28))
    text = ("         9 function calls in 0.1 seconds\n\n   Ordered by: cumulative time\n\n"
            "   ncalls  tottime  percall  cumtime  percall filename:lineno(function)\n" + rows + "\n\n")
    assert profile_report.is_report(text)
    assert profile_report.elisions(text.split("\n")) is None
    assert TextCompressor().compress(text.encode()) is None  # passed through, never thinned as sections


def test_a_log_that_says_ticks_is_no_report():
    text = "".join(f"2024-01-01 00:00:{i:02d} scheduler ticks {i} total {i * 2}\n" for i in range(40))
    assert not profile_report.is_report(text)


# ------------------------------------------------------------------ py-spy dump


def test_pyspy_dump_of_a_deep_recursion_keeps_the_innermost_frame_and_counts_the_rest():
    # The text rule took `walk (deep.py:5)` (where the thread is now) for a look-alike of the 600
    # `walk (deep.py:6)` frames and elided it with them, unnamed.
    data = real("pyspy-dump-deep-recursion.txt")
    assert detect(data) == ContentType.TEXT
    lines = TextCompressor().compress(data).decode().splitlines()
    assert lines[3:] == [
        "Thread 21631 (idle)",
        "    walk (deep.py:5)",
        "    walk (deep.py:6)",
        "    walk (deep.py:6)",
        "    walk (deep.py:6)",
        "    … 595 lines elided (caveman): 595 frames, each in walk (deep.py:6) …",
        "    walk (deep.py:6)",
        "    walk (deep.py:6)",
        "    <module> (deep.py:7)",
    ]


def test_pyspy_dump_folds_look_alike_workers_and_keeps_every_other_threads_frames():
    data = real("pyspy-dump-threads-locals.txt")
    view = TextCompressor().compress(data).decode()
    lines = view.splitlines()
    assert markers(view) == [
        '… 182 lines elided (caveman): 7 more threads with the same stack as "worker-0" (21616) above: '
        '"worker-1" (21617), "worker-2" (21618), "worker-3" (21619), "worker-4" (21620), "worker-5" (21621), '
        '"worker-6" (21622), "worker-7" (21623) …']
    original = data.decode().splitlines()
    # worker-0 stays whole with its variables (`i: 0`); the locker and the busy thread whole too
    start = original.index('Thread 21616 (idle): "worker-0"')
    assert lines[start:start + 26] == original[start:start + 26]
    locker = original.index('Thread 21624 (idle): "locker"')
    assert lines[lines.index('Thread 21624 (idle): "locker"'):] == original[locker:]


def test_pyspy_threads_whose_frames_differ_are_not_folded():
    base = "Process 1: python3 x.py\nPython v3.11.2 (/usr/bin/python3.11)\n\n"
    threads = "".join(f'Thread {10 + i} (idle): "w-{i}"\n    step{i} (x.py:{i})\n    run (x.py:40)\n' for i in range(5))
    from engine.compressors.thread_dump import fold_threads
    assert fold_threads(base + threads) is None
    same = "".join(f'Thread {10 + i} (idle): "w-{i}"\n    wait (x.py:3)\n        Arguments:\n            i: {i}\n'
                   for i in range(5))
    folded = fold_threads(base + same)
    assert folded is not None and '4 more threads with the same stack as "w-0" (10) above' in folded


# ------------------------------------------------------------------ pytest-benchmark


def test_pytest_benchmark_comparison_table_keeps_every_row_and_the_regression():
    # The terminal rule sampled the 80-row table (`… 2 lines elided: 2 other lines` between rows)
    # and elided `Performance has regressed:` above the failed check.
    data = real("pytest-benchmark-compare-regressed.txt")
    view = TerminalCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    top = next(i for i, ln in enumerate(original) if "benchmark: 80 tests" in ln)
    table = original[top:top + 84]
    assert table[-1].startswith("-----") and sum(1 for ln in table if ln.startswith("test_sum[")) == 80
    at = lines.index(table[0])
    assert lines[at:at + 84] == table
    assert "Performance has regressed:" in lines
    assert ("\ttest_sum[17] (0001_unversi) - Field 'min' has failed PercentageRegressionCheck: "
            "243.326633736 > 50.000000000") in lines
    assert "pytest_benchmark.session.PerformanceRegression: Performance has regressed." in lines


def test_pytest_benchmark_short_comparison_is_not_sampled():
    data = real("pytest-benchmark-compare.txt")
    view = TerminalCompressor().compress(data)
    rows = [ln for ln in data.decode().splitlines() if ln.startswith("test_")]
    assert len(rows) == 20
    assert view is None or all(r in view.decode().splitlines() for r in rows)


# ------------------------------------------------------------------ line_profiler, memory_profiler


def _measured_rows(text: str) -> list[str]:
    out = []
    contents = None
    for ln in text.splitlines():
        if ln.startswith("Line #"):
            contents = ln.index("Line Contents")
        elif contents and ln[:1] == " " and ln.split()[:1] and ln.split()[0].isdigit() \
                and ln[len(ln.split()[0]) + (len(ln) - len(ln.lstrip())):contents].strip():
            out.append(ln)
    return out


def test_line_profiler_keeps_every_measured_row_and_counts_source_lines_without_hits():
    # 161 lines of per-line timings read as code and passed through whole, docstrings and all.
    data = real("line-profiler-textwrap.txt")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    lines = view.splitlines()
    assert markers(view) == [
        "… 13 lines elided (caveman): source lines 114–126, none with hits …",
        "… 6 lines elided (caveman): source lines 146–151, none with hits …",
        "… 14 lines elided (caveman): source lines 161–174, none with hits …",
        "… 16 lines elided (caveman): source lines 184–199, none with hits …",
        "… 9 lines elided (caveman): source lines 203–211, none with hits …",
        "… 12 lines elided (caveman): source lines 230–241, none with hits …",
    ]
    measured = _measured_rows(data.decode())
    assert len(measured) == 31 and all(row in lines for row in measured)
    # each function keeps its decorator and `def` line, and its timing summary
    assert "   183                                               def _fix_sentence_endings(self, chunks):" in lines
    assert lines.count("Total time: 0 s") == 1
    assert "   176         8      33283.4   4160.4     88.9              chunks = self.wordsep_re.split(text)" in lines


def test_memory_profiler_keeps_every_measured_row():
    data = real("memory-profiler-textwrap.txt")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    assert "… 13 lines elided (caveman): source lines 114–126, none with hits …" in markers(view)
    measured = _measured_rows(data.decode())
    assert measured and all(row in view.splitlines() for row in measured)


def test_short_unmeasured_runs_stay():
    text = ("Line #      Hits         Time  Per Hit   % Time  Line Contents\n"
            "==============================================================\n"
            "     1                                           @profile\n"
            "     2                                           def f():\n"
            "     3                                               # one\n"
            "     4                                               # two\n"
            "     5                                               # three\n"
            "     6         1          2.0      2.0    100.0      return 1\n")
    assert profile_report.unmeasured_runs(text.split("\n")) == []


# ------------------------------------------------------------------ hyperfine


def test_hyperfine_keeps_every_benchmark_with_its_warnings():
    # The text rule elided Benchmarks 3–6 as look-alike sections but kept a warning of Benchmark 6,
    # which then read as Benchmark 2's.
    data = real("hyperfine-parameter-scan.txt")
    text = data.decode()
    lines = text.split("\n")
    kept = bench_report.hyperfine_lines(lines, text)
    starts = [i for i, ln in enumerate(lines) if ln.startswith("Benchmark ")]
    assert len(starts) == 16 and all(i in kept for i in starts)
    # every line of every block, the warnings with them, and the summary's 16 lines
    assert all(i in kept for i in range(starts[0], lines.index("Summary") + 17))
    view = TextCompressor().compress(data)
    assert view is None or all(ln in view.decode().split("\n") for ln in lines)


def test_lines_after_a_table_end_it_and_stay_whole():
    rows = "\n".join(f"{100 - i:>9} {i / 1000:8.3f} {0:8.3f} {(60 - i) / 1000:8.3f} {0:8.3f} m.py:{i}(f{i})"
                     for i in range(60))
    tail = ('Traceback (most recent call last):\n  File "m.py", line 9, in <module>\n    main()\n'
            "ValueError: bad record count: expected 40000\n")
    text = ("         9 function calls in 0.1 seconds\n\n   Ordered by: cumulative time\n\n"
            "   ncalls  tottime  percall  cumtime  percall filename:lineno(function)\n" + rows + "\n\n\n" + tail)
    view = TextCompressor().compress(text.encode()).decode()
    assert view.endswith("\n\n\n" + tail)
    assert markers(view) == ["… 35 lines elided (caveman): rows 26–60 of 60, cumtime 0.001–0.035 …"]


def test_perf_report_with_big_call_graphs_keeps_25_entry_rows_and_folds_their_graphs():
    # perf's default report (children, call graphs): entries past the line budget kept none of
    # their rows; now rows 1–25 stay, the graphs past the budget each become a marker.
    data = real("perf-report-children-callgraph.txt")
    view = TextCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    rows = [ln for ln in original if PROFILE_PERF_ROW.match(ln)]
    assert all(r in lines for r in rows[:25]) and not any(r in lines for r in rows[25:])
    graphs = [m for m in markers(view) if "call graph" in m]
    assert graphs[0] == "… 23 lines elided (caveman): entry 8's call graph, 23 lines …"
    assert len(graphs) == 17  # entries 8–25 but 22, whose graph (4 lines) stays
    for m in graphs:  # each marker sits right under its entry's row
        assert PROFILE_PERF_ROW.match(lines[lines.index(m) - 1])
    # entries 1–7 whole, with their graphs
    cut = lines.index(graphs[0]) - 1
    assert lines[:cut] == original[:cut]


# ------------------------------------------------------------------ folded stacks (py-spy record --format raw)


def test_folded_stacks_keep_the_most_sampled_and_count_the_rest():
    # The text rule read the stacks as look-alike sections and elided a 44-sample stack (of 231)
    # while keeping 1-sample ones.
    data = real("pyspy-record-raw.txt")
    view = TextCompressor().compress(data).decode()
    lines = view.splitlines()
    stacks = [(int(ln.rsplit(" ", 1)[1]), ln) for ln in data.decode().splitlines() if ";" in ln and ln[-1].isdigit()]
    top = sorted(stacks, key=lambda cs: -cs[0])[:25]
    assert all(ln in lines for _, ln in top)
    assert "py-spy> Wrote raw flamegraph data to '/tmp/unseen9/profbench/work/raw3.txt'. Samples: 231 Errors: 0" in lines
    elided = [ln for c, ln in stacks if ln not in lines]
    counted = sum(int(m.split(" stack")[0].split(": ")[1]) for m in markers(view))
    assert counted == len(elided) == len(stacks) - 25 - sum(1 for c, ln in stacks if ln in lines and (c, ln) not in top)
    assert all(m.endswith("(the 25 stacks shown have 1 or more) …") for m in markers(view))


def test_text_with_semicolons_is_no_stack_dump():
    text = "".join(f"a = {i}; b = {i + 1}; print(a, b)  # step {i}\n" for i in range(80))
    assert profile_report.compress_stacks(text) is None
