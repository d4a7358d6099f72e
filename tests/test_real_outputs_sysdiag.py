"""Real outputs of system and diagnostic tools (gdb, the sanitizers, valgrind, strace...), trimmed
excerpts under tests/fixtures/real/sysdiag/."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from engine.compressors.frames import fold_recursion
from engine.compressors.log import LogCompressor
from engine.compressors.terminal import TerminalCompressor
from engine.compressors.text import TextCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "sysdiag"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ------------------------------------------------------------------ deep recursion in backtraces


def test_gdb_backtrace_of_a_deep_recursion_counts_the_repeated_frames():
    # `bt 100` of a recursion 3000 deep: one paragraph of frames, which passed through whole.
    data = real("gdb-bt-deep-recursion.txt")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    lines = view.splitlines()
    assert "… 94 lines elided (caveman): 94 frames #4..#97, each in depth at recurse.c:7 …" in lines
    original = data.decode().splitlines()
    for kept in ("Program received signal SIGSEGV, Segmentation fault.", original[6], original[7],
                 original[9], original[-2], original[-1]):
        assert kept in lines  # the crash, frame #0 (another line), #1..#3, and the outermost two
    assert len(lines) == len(original) - 94 + 1


def test_sanitizer_stack_overflow_keeps_the_report_and_counts_the_recursion():
    data = real("asan-stack-overflow.txt")
    view = TextCompressor().compress(data).decode()
    assert ("    … 242 lines elided (caveman): 242 frames #4..#245, each in walk /tmp/unseen4/sysdiag/src/so.c:3 …"
            in view.splitlines())
    for kept in ("==9885==ERROR: AddressSanitizer: stack-overflow on address 0x7ffc6781eea8",
                 "#0 0x7fe34f24761d in __interceptor_memset", "#1 0x55c8fc056258 in walk",
                 "#247 0x55c8fc056272 in walk", "SUMMARY: AddressSanitizer: stack-overflow", "==9885==ABORTING"):
        assert kept in view
    assert "#100 0x" not in view


def test_gdb_bt_full_counts_the_locals_of_the_elided_frames_as_lines():
    view = TextCompressor().compress(real("gdb-bt-full-recursion.txt")).decode()
    assert "… 42 lines elided (caveman): 21 frames #4..#24, each in depth at recurse.c:7 …" in view.splitlines()
    assert "        p = 0x0" in view.splitlines()  # frame #0's locals stay


def test_frames_at_different_places_or_a_short_run_are_not_folded():
    distinct = "\n".join(f"    #{i} 0x55c8fc05{i:04x} in step{i} /src/a.c:{i}" for i in range(40)) + "\n"
    assert fold_recursion(distinct) is None
    short = "\n".join(f"#{i}  0x0000555555555198 in depth (n={i}) at r.c:7" for i in range(8))
    assert fold_recursion(short) is None  # 8 frames: 3 + 2 kept, only 3 would go


def test_valgrind_frames_without_numbers_fold_without_a_range():
    stack = ["==7== Stack overflow in thread #1: can't grow stack to 0x1ffe801000",
             "==7==    at 0x109155: walk (so.c:3)"]
    stack += ["==7==    by 0x109196: walk (so.c:3)"] * 20 + ["==7==    by 0x1091C5: main (so.c:4)"]
    folded = fold_recursion("\n".join(stack)).splitlines()
    assert "… 16 lines elided (caveman): 16 frames, each in walk (so.c:3) …" in folded
    assert folded[-1] == "==7==    by 0x1091C5: main (so.c:4)"


# ------------------------------------------------------------------ memory checkers' records


def _view(data: bytes) -> str:
    """The text view, or the original when the compressor passes it through."""
    out = TextCompressor().compress(data)
    return (out if out is not None else data).decode()


def _valgrind_record_lines(text: str) -> list[str]:
    """Every line of every valgrind record that holds a stack (read independently of memcheck)."""
    records, current = [], []
    for line in text.splitlines():
        body = line.split("==", 2)[2] if line.startswith("==") else None
        if body is None or not body.strip() or (body.startswith(" ") and not body.startswith("  ")):
            records.append(current)
            current = [line] if body and body.strip() else []
        else:
            current.append(line)
    records.append(current)
    return [ln for rec in records if any(" at 0x" in ln or " by 0x" in ln for ln in rec) for ln in rec]


def test_valgrind_leak_records_keep_their_headline_and_allocation_stack():
    # Loss record 2's headline and loss record 3's stack (where the definite leak was allocated)
    # were elided as look-alikes of record 1.
    data = real("valgrind-leak-full.txt")
    view = _view(data).splitlines()
    wanted = _valgrind_record_lines(data.decode())
    assert "==29476== 1,600 bytes in 50 blocks are indirectly lost in loss record 2 of 3" in wanted
    assert [ln for ln in wanted if ln not in view] == []


def test_valgrind_errors_at_look_alike_places_are_each_kept_with_their_stack():
    data = real("valgrind-many-contexts.txt")
    view = _view(data).splitlines()
    wanted = _valgrind_record_lines(data.decode())
    assert sum("Conditional jump or move depends" in ln for ln in wanted) == 41  # f0..f39 and printf
    assert [ln for ln in wanted if ln not in view] == []


def test_leak_sanitizer_keeps_every_leak_and_its_stack():
    data = real("asan-many-leaks.txt")
    view = _view(data)
    leaks = [ln for ln in data.decode().splitlines() if ln.startswith("Direct leak of")]
    assert len(leaks) == 20
    for n in range(1, 40, 2):  # the odd-numbered allocations are the ones never freed
        assert f" in leak{n} /tmp/unseen4/sysdiag/src/many.c:" in view
    assert view.count("Direct leak of") == 20


def test_valgrind_recursion_is_folded_inside_a_record_that_is_kept_whole():
    view = _view(real("valgrind-stack-recursion.txt")).splitlines()
    assert view.count("… 6 lines elided (caveman): 6 frames, each in depth (recurse.c:7) …") == 2
    assert "==29999== Process terminating with default action of signal 11 (SIGSEGV)" in view
    assert "==29999==  main thread stack using the --main-stacksize= flag." in view
    assert not any("sections elided" in ln for ln in view)


# ------------------------------------------------------------------ strace


def _strace_name(line: str) -> str:
    """The call a strace line made (independently of the strace module's patterns)."""
    body = re.sub(r"^(\[pid +\d+\] |\d+ +)?(\d\d:\d\d:\d\d\.\d+ )?", "", line)
    resumed = re.match(r"<\.\.\. (\w+) resumed>", body)
    return resumed[1] if resumed else body.split("(", 1)[0]


def _check_markers(original: str, view: str) -> int:
    """Kept lines are the original's, in order; each marker counts exactly the calls it stands
    for. Returns how many markers there were."""
    lines, pos, markers = original.splitlines(), 0, 0
    view_lines = view.splitlines()
    for k, vl in enumerate(view_lines):
        m = re.fullmatch(r"… (\d+) lines elided \(caveman\): (\d+) calls without error \((.*)\) …", vl)
        if m is None:
            assert vl == lines[pos], (vl, lines[pos])
            pos += 1
            continue
        markers += 1
        count = int(m[1])
        elided = lines[pos:pos + count]
        pos += count
        assert all(re.search(r"\) += [^-?]", ln) for ln in elided)  # none of them failed
        counts = Counter(_strace_name(ln) for ln in elided)
        listed = dict((name, int(c)) for name, c in re.findall(r"(\w+) (\d+)(?:, |$)", m[3]))
        for name, c in listed.items():
            assert counts[name] == c, (name, c, counts)
        assert int(m[2]) == count == sum(counts.values())
    assert pos == len(lines)
    return markers


def test_strace_keeps_every_failed_call_and_counts_the_rest_by_name():
    data = real("strace-cat-eacces.txt")
    text = data.decode()
    view = TextCompressor().compress(data).decode()
    assert _check_markers(text, view) >= 3
    failed = [ln for ln in text.splitlines() if re.search(r"\) += -1 E[A-Z]+ ", ln)]
    assert 'openat(AT_FDCWD, "/etc/shadow", O_RDONLY) = -1 EACCES (Permission denied)' in failed
    assert all(ln in view.splitlines() for ln in failed)
    for kept in ('execve("/usr/bin/cat", ["cat", "/etc/shadow"]', "exit_group(1)", "+++ exited with 1 +++",
                 'write(2, ": Permission denied", 19'):
        assert kept in view


def test_strace_follow_forks_keeps_each_process_start_and_end():
    data = real("strace-f-sh.txt")
    view = TextCompressor().compress(data).decode()
    _check_markers(data.decode(), view)
    for kept in ('[pid 30193] execve("/usr/bin/ls", ["ls", "/nonexistent"]', "[pid 30193] +++ exited with 2 +++",
                 "--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=30193",
                 "wait4(-1, 0x7ffd4b45f6dc, WNOHANG, NULL) = -1 ECHILD (No child processes)"):
        assert kept in view


def test_strace_with_time_stamps_is_read_by_call_in_the_log_route():
    data = real("strace-tt-python-head.txt")
    assert detect(data) == ContentType.LOG
    view = LogCompressor().compress(data).decode()
    assert "calls without error (" in view
    failed = [ln for ln in data.decode().splitlines() if " = -1 E" in ln]
    assert len(failed) > 20 and all(ln in view.splitlines() for ln in failed)


# ------------------------------------------------------------------ sanitizers under a pty (coloured)


def _terminal_view(data: bytes) -> str:
    from engine.terminal_text import plain_text

    out = TerminalCompressor().compress(data)
    return (out if out is not None else plain_text(data)).decode().replace("\r", "")


def test_coloured_use_after_free_keeps_the_free_and_alloc_stacks_and_drops_the_legend():
    # Frames #2..#4 of `freed by` (main at asan_uaf.c:8) and of `previously allocated by` (main at
    # asan_uaf.c:6) were elided while the fixed shadow-byte legend stayed in full.
    data = real("asan-uaf-pty.txt")
    assert detect(data) == ContentType.TERMINAL
    view = _terminal_view(data)
    for kept in ("in close_conn /tmp/unseen4/sysdiag/src/asan_uaf.c:4", "in main /tmp/unseen4/sysdiag/src/asan_uaf.c:8",
                 "in main /tmp/unseen4/sysdiag/src/asan_uaf.c:6", "previously allocated by thread T0 here:",
                 "SUMMARY: AddressSanitizer: heap-use-after-free /tmp/unseen4/sysdiag/src/asan_uaf.c:9 in main"):
        assert kept in view
    assert "Heap left redzone" not in view and "Stack mid redzone" not in view
    assert "0x0c067fff7fc0: 00 00 00" not in view


def test_coloured_leak_report_keeps_every_leak():
    view = _terminal_view(real("asan-many-leaks-pty.txt"))
    assert view.count("Direct leak of") == 20
    for n in range(1, 40, 2):
        assert f" in leak{n} /tmp/unseen4/sysdiag/src/many.c:" in view


def test_coloured_stack_overflow_folds_the_recursion():
    view = _terminal_view(real("asan-stack-overflow-pty.txt")).splitlines()
    assert ("    … 242 lines elided (caveman): 242 frames #4..#245, each in walk /tmp/unseen4/sysdiag/src/so.c:3 …"
            in view)
    assert any(ln.startswith("    #247 0x") for ln in view)


def test_leak_report_inside_a_service_log_keeps_every_leak():
    # A worker's log with a child's LeakSanitizer report: the log route kept one leak of twenty.
    # The sanitizer's lines are a tool signature, so Detect sends it to the terminal compressor;
    # read as a log (`--type log`) it must keep them too.
    data = real("service-log-with-lsan.log")
    assert detect(data) == ContentType.TERMINAL
    routed = TerminalCompressor().compress(data).decode()
    as_log = LogCompressor().compress(data).decode()
    for view in (routed, as_log):
        assert view.count("Direct leak of") == 20
        for n in range(1, 40, 2):
            assert f" in leak{n} /tmp/unseen4/sysdiag/src/many.c:" in view
    assert "… 119 lines elided (caveman): 119 other lines …" in routed  # the batches around it elide
    assert "lines elided (caveman): all level=INFO" in as_log


# ------------------------------------------------------------------ disassembly


def test_objdump_disassembly_is_not_html(cli):
    # `<main>:` and `call 1070 <malloc@plt>` read as tags: the HTML view ran every line together
    # and dropped each symbol name.
    data = real("objdump-d-leak.txt")
    assert detect(data) != ContentType.HTML
    done = cli("tools", "compress", stdin=data)  # the whole route: whatever reads it keeps the symbols
    assert done.returncode == 0
    view = done.stdout.decode()
    for kept in ("00000000000011dd <main>:", "call   1070 <malloc@plt>", "0000000000001179 <make>:"):
        assert kept in view


def test_html_with_a_main_element_is_still_html():
    page = ("<html><body><main><p>" + "Text of the page that matters to the reader. " * 4 + "</p></main>"
            "<div><p>More</p></div></body></html>").encode()
    assert detect(page) == ContentType.HTML
    fragment = ("<main>\n<p>one</p>\n<p>two</p>\n<div>three</div>\n<p>four</p>\n<p>five</p>\n</main>\n").encode()
    assert detect(fragment) == ContentType.HTML


def test_thread_sanitizer_stacks_without_addresses_are_kept():
    # TSan frames carry a module offset, not an address: the stack of `Thread T1 ... created by
    # main thread at:` (where the racing thread was started) was elided.
    view = _terminal_view(real("tsan-race-pty.txt"))
    assert view.count("    #1 main /tmp/unseen4/sysdiag/src/race.c:12 (race_tsan+0x12a9)") == 2
    assert "  Thread T1 (tid=5252, finished) created by main thread at:" in view
    assert "SUMMARY: ThreadSanitizer: data race /tmp/unseen4/sysdiag/src/race.c:7 in worker" in view


# ------------------------------------------------------------------ thread dumps


def test_jstack_dump_is_text_and_names_the_pool_threads_it_folds():
    # It read as source code and passed through whole: twelve pool workers parked in one place.
    data = real("jstack-deadlock.txt")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    names = ", ".join(f"pool-1-thread-{i}" for i in range(2, 13))
    assert f"… 186 lines elided (caveman): 11 more threads with the same stack as pool-1-thread-1 above: {names} …" \
        in view.splitlines()
    assert "\tat Pool.lambda$main$0(Pool.java:7)" in view  # the kept worker's stack
    for kept in ('"deadlock-1" #24 prio=5', "Found one Java-level deadlock:", '  which is held by "deadlock-2"',
                 "\tat Pool.lambda$main$2(Pool.java:9)", "Found 1 deadlock."):
        assert kept in view


def test_gdb_thread_apply_all_folds_the_workers_waiting_on_one_condition():
    data = real("gdb-thread-apply-all.txt")
    view = TextCompressor().compress(data).decode().splitlines()
    assert ("… 129 lines elided (caveman): 13 more threads with the same stack as Thread 15 above: "
            "Thread 14, Thread 13, Thread 12, …, Thread 3, Thread 2 …") in view
    assert "#3  0x00005555555551fc in sleeper (arg=0x0) at threads.c:15" in view  # the odd thread stays
    assert "#5  0x00005555555551c7 in worker (arg=0xd) at threads.c:11" in view
    assert "#0  0x0000555555555287 in main () at threads.c:22" in view


def test_threads_at_different_lines_or_states_are_not_folded():
    from engine.compressors.thread_dump import fold_threads

    def block(name: str, line: int, state: str = "waiting on condition  [0x7f00]") -> str:
        return (f'"{name}" #1 prio=5 os_prio=0 tid=0x1 nid=0x2 {state}\n   java.lang.Thread.State: WAITING\n'
                f"\tat Pool.run(Pool.java:{line})\n")
    assert fold_threads("\n".join(block(f"w-{i}", 7 + i % 2) for i in range(6))) is None
    assert fold_threads("\n".join(block(f"w-{i}", 7, "runnable" if i % 2 else "sleeping") for i in range(6))) is None
    folded = fold_threads("\n".join(block(f"w-{i}", 7) for i in range(6)))
    assert "5 more threads with the same stack as w-0 above: w-1, w-2, w-3, w-4, w-5" in folded


def test_python_faulthandler_dump_folds_the_queue_workers():
    data = real("py-faulthandler-threads.txt")
    view = TextCompressor().compress(data).decode().splitlines()
    marker = next(ln for ln in view if "(caveman)" in ln)
    assert marker.startswith("… 71 lines elided (caveman): 9 more threads with the same stack as Thread 0x00007fcff9ffb6c0 "
                             "above: Thread 0x00007fcffa7fc6c0, ")
    assert '  File "/tmp/unseen4/sysdiag/src/pythreads.py", line 4 in worker' in view
    assert '  File "/tmp/unseen4/sysdiag/src/pythreads.py", line 7 in poller' in view
    assert "Current thread 0x00007fd013df9b80 (most recent call first):" in view
    assert '  File "/tmp/unseen4/sysdiag/src/pythreads.py", line 11 in <module>' in view


def test_gdb_in_a_terminal_folds_coloured_frames_the_terminal_wrapped():
    # Interactive gdb under a pty colours each frame and wraps it at 80 columns: two lines a
    # frame, and from #10 on the first half read as a sanitizer frame of its own.
    data = real("gdb-interactive-pty.txt")
    assert detect(data) == ContentType.TERMINAL
    view = _terminal_view(data).splitlines()
    assert "… 108 lines elided (caveman): 54 frames #4..#57, each in depth at recurse.c:7 …" in view
    for kept in ("#1  0x00005555555551c2 in depth (n=2999,", "#3  0x00005555555551c2 in depth (n=2997,",
                 "#58 0x00005555555551c2 in depth (n=2942,", "#59 0x00005555555551c2 in depth (n=2941,",
                 "(More stack frames follow...)", "Program received signal SIGSEGV, Segmentation fault."):
        assert kept in view


def test_gdb_thread_dump_in_a_terminal_folds_the_workers():
    # Coloured under a pty it was read line by line: each worker's frames elided apart from its
    # `#5 worker (arg=0x..)` line, 14 markers of "other lines".
    data = real("gdb-threads-interactive-pty.txt")
    assert detect(data) == ContentType.TERMINAL
    view = _terminal_view(data).splitlines()
    assert ("… 129 lines elided (caveman): 13 more threads with the same stack as Thread 15 above: "
            "Thread 14, Thread 13, Thread 12, …, Thread 3, Thread 2 …") in view
    assert "#3  0x00005555555551fc in sleeper (arg=0x0) at threads.c:15" in view
    assert "#5  0x00005555555551c7 in worker (arg=0xd) at threads.c:11" in view
    assert "#0  0x0000555555555287 in main () at threads.c:22" in view
    assert not any("worker (arg=0xc)" in ln for ln in view)  # the folded workers are not shown one by one
