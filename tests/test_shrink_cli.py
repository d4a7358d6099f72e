"""`caveman tools shrink` end to end, with real commands under a real pty (never mocked).

These assertions hold whatever the compressors do: exit statuses, footers, stderr lines,
argv pass-through, stdin behaviour, and --raw transcripts (which never reach the engine).
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT

PY = sys.executable


def shrink(*args: str, stdin: bytes = b"", env: dict | None = None, cwd: Path | None = None, timeout: float = 60):
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), full_env.get("PYTHONPATH")]))
    full_env.update(env or {})
    return subprocess.run([PY, "-m", "caveman_cli", "tools", "shrink", *args], input=stdin, capture_output=True,
                          env=full_env, timeout=timeout, cwd=cwd or ROOT)


def py(code: str) -> list[str]:
    return [PY, "-c", textwrap.dedent(code)]


# ------------------------------------------------------------------ exit statuses and footers


def test_failing_command_keeps_its_status_and_gets_a_footer():
    r = shrink("--", "sh", "-c", "echo hi; exit 3")
    assert r.returncode == 3
    assert r.stdout == "hi\n‹caveman: exit 3›\n".encode()
    assert r.stderr == b""


def test_successful_pass_through_prints_exactly_the_output_and_no_footer():
    r = shrink("--", "sh", "-c", "printf 'one\\ntwo  \\n'")
    assert (r.returncode, r.stdout, r.stderr) == (0, b"one\ntwo  \n", b"")


def test_no_output_success_prints_nothing():
    r = shrink("--", "true")
    assert (r.returncode, r.stdout, r.stderr) == (0, b"", b"")


def test_no_output_failure_prints_only_the_footer():
    r = shrink("--", "sh", "-c", "exit 3")
    assert (r.returncode, r.stdout) == (3, "‹caveman: exit 3›\n".encode())


def test_missing_command_is_127_with_one_clear_line():
    r = shrink("--", "no-such-command-caveman-test")
    assert (r.returncode, r.stdout) == (127, b"")
    assert r.stderr == b"caveman: command not found: no-such-command-caveman-test\n"


def test_not_executable_is_126(tmp_path):
    script = tmp_path / "script.sh"
    script.write_text("#!/bin/sh\necho never\n")
    script.chmod(0o644)
    r = shrink("--", str(script))
    assert (r.returncode, r.stdout) == (126, b"")
    assert r.stderr == f"caveman: {script}: permission denied\n".encode()


def test_directory_is_126(tmp_path):
    r = shrink("--", str(tmp_path))
    assert r.returncode == 126
    assert r.stderr == f"caveman: {tmp_path}: is a directory\n".encode()


def test_missing_command_json_still_reports_the_status():
    r = shrink("--json", "--", "no-such-command-caveman-test")
    report = json.loads(r.stdout)
    assert r.returncode == 127
    assert (report["exit_code"], report["output"], report["handle"]) == (127, "", None)


def test_signalled_command_is_128_plus_n_and_says_so():
    r = shrink("--", "sh", "-c", "echo going; kill -TERM $$")
    assert r.returncode == 128 + signal.SIGTERM
    assert r.stdout == "going\n‹caveman: killed by SIGTERM (exit 143)›\n".encode()


def test_timeout_ends_the_process_group_and_names_the_limit():
    r = shrink("--timeout", "0.5", "--", "sh", "-c", "echo started; sleep 30 & sleep 30")
    assert r.returncode == 143
    assert r.stdout == "started\n‹caveman: timed out after 0.5 s (--timeout) · killed by SIGTERM (exit 143)›\n".encode()


def test_idle_timeout_names_its_limit():
    r = shrink("--idle-timeout", "0.5", "--", "sh", "-c", "echo started; sleep 30")
    assert r.returncode == 143
    assert r.stdout.endswith("‹caveman: no output for 0.5 s (--idle-timeout) · killed by SIGTERM (exit 143)›\n".encode())
    assert r.stdout.startswith(b"started\n")


def test_usage_errors_exit_2():
    assert shrink().returncode == 2
    assert shrink("--timeout", "-1", "--", "true").returncode == 2
    assert shrink("--type", "nonsense", "--", "true").returncode == 2


# ------------------------------------------------------------------ argv, environment, pty


def test_argv_passes_through_untouched_including_a_second_double_dash():
    code = "import sys; print(sys.argv[1:])"
    r = shrink("--raw", "--", PY, "-c", code, "-q", "-x", "--", "--json", "--raw")
    assert r.stdout == b"['-q', '-x', '--', '--json', '--raw']\n"


def test_command_after_options_without_double_dash():
    r = shrink("--raw", PY, "-c", "import sys; print(sys.argv[1:])", "-q", "--timeout", "1")
    assert r.stdout == b"['-q', '--timeout', '1']\n"


def test_arguments_are_never_given_to_a_shell():
    r = shrink("--raw", "--", "echo", "$HOME", ";", "rm", "-rf", "*")
    assert r.stdout == b"$HOME ; rm -rf *\n"


def test_command_sees_a_terminal_of_the_size_its_environment_claims():
    r = shrink("--raw", "--", *py("""
        import os, sys
        size = os.get_terminal_size(1)
        print(sys.stdout.isatty(), size.columns, size.lines, os.environ["COLUMNS"], os.environ["LINES"], os.environ["TERM"])
    """), env={"TERM": "dumb"})
    assert r.stdout == b"True 200 50 200 50 xterm-256color\n"


def test_stdout_and_stderr_share_the_terminal_in_order():
    r = shrink("--raw", "--", "sh", "-c", "echo out1; echo err1 >&2; echo out2")
    assert r.stdout == b"out1\nerr1\nout2\n"


def test_long_line_stays_one_line():
    r = shrink("--raw", "--", *py("print('x' * 5000 + ' end')"))
    assert r.stdout == b"x" * 5000 + b" end\n"


def test_cjk_and_invalid_utf8_come_through_byte_exact():
    data = "中文 テスト 한국어 ✓\n".encode() + b"bad \xff\xfe \xc3( end\n"
    r = shrink("--raw", "--", *py(f"import sys; sys.stdout.buffer.write({data!r})"))
    assert r.stdout == data


def test_one_hundred_thousand_lines():
    r = shrink("--raw", "--", *py("import sys\nfor i in range(100_000): sys.stdout.write(f'line {i}\\n')"))
    lines = r.stdout.split(b"\n")
    assert r.returncode == 0
    assert len(lines) == 100_001 and lines[-1] == b""
    assert lines[0] == b"line 0" and lines[99_999] == b"line 99999"
    assert lines[::9973] == [f"line {i}".encode() for i in range(0, 100_000, 9973)]


def test_one_hundred_thousand_lines_json_counts_raw_bytes():
    r = shrink("--json", "--", *py("import sys\nfor i in range(100_000): sys.stdout.write(f'line {i}\\n')"))
    report = json.loads(r.stdout)
    expected_raw = sum(len(f"line {i}\r\n") for i in range(100_000))
    assert (r.returncode, report["exit_code"], report["bytes_raw"]) == (0, 0, expected_raw)


# ------------------------------------------------------------------ progress displays


TQDM_LIKE = """
import sys, time
w = sys.stdout.write
for i in range(0, 101, 10):
    bar = "█" * (i // 10) + " " * (10 - i // 10)
    w(f"\\r{i:3d}%|{bar}| {i}/100 [00:0{i // 50}<00:00, 99.0it/s]"); sys.stdout.flush()
    if i == 50:
        w("\\r" + " " * 60 + "\\r" + "warning: slow batch 5\\n")
w("\\n"); w("trained\\n")
"""


def test_tqdm_style_progress_resolves_to_its_final_frame():
    r = shrink("--raw", "--", *py(TQDM_LIKE))
    assert r.stdout == ("warning: slow batch 5\n100%|██████████| 100/100 [00:02<00:00, 99.0it/s]\ntrained\n").encode()


RICH_PROGRESS = """
from rich.progress import BarColumn, Progress, TextColumn, TaskProgressColumn
from rich.console import Console
console = Console()
columns = (TextColumn("{task.description}"), BarColumn(bar_width=10), TaskProgressColumn())
with Progress(*columns, console=console, auto_refresh=False) as p:
    a = p.add_task("fetch", total=3)
    b = p.add_task("build", total=3)
    for i in range(3):
        p.update(a, advance=1)
        if i == 1:
            console.print("error: retrying chunk 2")
        p.update(b, advance=1)
        p.refresh()
console.print("finished")
"""


def test_rich_multi_line_progress_resolves_to_its_final_frame():
    r = shrink("--raw", "--", *py(RICH_PROGRESS))
    assert r.returncode == 0
    assert r.stdout == ("error: retrying chunk 2\nfetch ━━━━━━━━━━ 100%\nbuild ━━━━━━━━━━ 100%\nfinished\n").encode()


# ------------------------------------------------------------------ stdin


def test_command_waiting_on_stdin_gets_eof_promptly():
    r = shrink("--", PY, "-c", "input()", timeout=30)
    assert r.returncode == 1
    assert b"EOFError" in r.stdout
    assert r.stdout.endswith("‹caveman: exit 1›\n".encode())


def test_piped_stdin_reaches_the_command_unechoed():
    r = shrink("--raw", "--", PY, "-c", "import sys; print(sys.stdin.read().upper(), end='')", stdin=b"abc\ndef\n")
    assert r.stdout == b"ABC\nDEF\n"


# ------------------------------------------------------------------ signals and a held pty


def _wait_for(path: Path, proc: subprocess.Popen, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while not path.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < end, "child never became ready"
        time.sleep(0.02)


@pytest.mark.parametrize("sig, expect_code, expect_text", [
    (signal.SIGINT, 7, b"child saw SIGINT"),
    (signal.SIGTERM, 8, b"child saw SIGTERM"),
    (signal.SIGHUP, 9, b"child saw SIGHUP"),
])
def test_signals_to_caveman_reach_the_command(tmp_path, sig, expect_code, expect_text):
    ready = tmp_path / "ready"
    child = f"""
        import signal, sys, time, pathlib
        def on(sig, frame):
            print("child saw", signal.Signals(sig).name, flush=True)
            sys.exit({{signal.SIGINT: 7, signal.SIGTERM: 8, signal.SIGHUP: 9}}[sig])
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(s, on)
        pathlib.Path({str(ready)!r}).write_text("x")
        time.sleep(30)
    """
    proc = subprocess.Popen([PY, "-m", "caveman_cli", "tools", "shrink", "--", *py(child)], cwd=ROOT,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _wait_for(ready, proc)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == expect_code
    assert out.startswith(expect_text + b"\n")
    assert out.endswith(f"‹caveman: exit {expect_code}›\n".encode())


def test_grandchild_holding_the_pty_does_not_hang_caveman():
    # setsid: the grandchild survives the hangup and keeps the pty open for 30 s.
    r = shrink("--", "sh", "-c", "setsid sleep 30 & echo parent done", timeout=20)
    assert (r.returncode, r.stdout) == (0, b"parent done\n")


# ------------------------------------------------------------------ modes and outputs


def test_shrink_off_is_a_transparent_pass_through():
    r = shrink("--", "sh", "-c", "echo off; [ -t 1 ] && echo tty || echo pipe; exit 4", env={"CAVEMAN_SHRINK": "off"})
    assert (r.returncode, r.stdout, r.stderr) == (4, b"off\npipe\n", b"")


def test_shrink_off_still_reports_a_missing_command():
    r = shrink("--", "no-such-command-caveman-test", env={"CAVEMAN_SHRINK": "off"})
    assert (r.returncode, r.stderr) == (127, b"caveman: command not found: no-such-command-caveman-test\n")


def test_json_report_has_every_field():
    r = shrink("--json", "--", "sh", "-c", "echo hello; exit 2")
    report = json.loads(r.stdout)
    assert r.returncode == 2
    required = {"exit_code", "signal", "output", "content_type", "method", "tokens_before", "tokens_after",
                "ratio", "basis", "handle", "passed_through", "elapsed_s", "bytes_raw"}
    assert required <= report.keys()
    assert report["exit_code"] == 2 and report["signal"] is None
    assert report["bytes_raw"] == len(b"hello\r\n")
    assert report["basis"] == "inferred"
    assert report["output"].startswith("hello\n")
    assert r.stderr == b""


def test_json_report_for_a_signal_names_it():
    report = json.loads(shrink("--json", "--", "sh", "-c", "kill -KILL $$").stdout)
    assert (report["exit_code"], report["signal"]) == (137, "SIGKILL")


def test_live_status_never_reaches_a_pipe():
    r = shrink("--raw", "--", "sh", "-c", "echo working; sleep 0.6; echo done")
    assert (r.stdout, r.stderr) == (b"working\ndone\n", b"")


def test_live_status_on_a_terminal_stderr_is_erased_at_the_end():
    master, slave = os.openpty()
    try:
        proc = subprocess.Popen([PY, "-m", "caveman_cli", "tools", "shrink", "--raw", "--", "sh", "-c",
                                 "echo working; sleep 0.8; echo done"], cwd=ROOT, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=slave, preexec_fn=_controlling_terminal(2))
        os.close(slave)
        out, _ = proc.communicate(timeout=30)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
    assert out == b"working\ndone\n"
    assert b"caveman: " in seen and b"working" in seen
    assert seen.endswith(b"\r\x1b[K")


def test_store_that_cannot_open_never_masks_the_status(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    r = shrink("--", "sh", "-c", "echo hi; exit 5", env={"CAVEMAN_HOME": str(blocker / "home")})
    assert r.returncode == 5
    assert r.stdout.startswith(b"hi\n")
    assert r.stdout.endswith("‹caveman: exit 5›\n".encode())


def test_pytest_project_with_one_failing_test_through_the_whole_cli(tmp_path):
    (tmp_path / "test_math.py").write_text(
        "def test_adds():\n    assert 1 + 1 == 2\n\n"
        "def test_subtracts():\n    assert 3 - 1 == 1, 'subtraction is broken'\n"
    )
    # `pytest -q -x ... -- FILE`: the options and the second `--` are pytest's, untouched.
    pytest_cmd = [shutil.which("pytest")] if shutil.which("pytest") else [PY, "-m", "pytest"]
    r = shrink("--", *pytest_cmd, "-q", "-x", "-p", "no:cacheprovider", "--", "test_math.py", cwd=tmp_path)
    out = r.stdout.decode()
    assert r.returncode == 1
    assert "test_math.py::test_subtracts" in out and "AssertionError: subtraction is broken" in out
    assert "1 failed, 1 passed" in out
    assert out.splitlines()[-1].startswith("‹caveman: exit 1")


# ------------------------------------------------------------------ attached to a terminal


def _set_size(fd: int, cols: int, rows: int) -> None:
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def _read_all(fd: int) -> bytes:
    seen = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return seen
        if not chunk:
            return seen
        seen += chunk


def test_window_follows_the_terminal_and_its_resizes(tmp_path):
    ready = tmp_path / "ready"
    child = f"""
        import os, signal, pathlib
        print("start", *os.get_terminal_size(1), os.environ["COLUMNS"], os.environ["LINES"], flush=True)
        signal.pthread_sigmask(signal.SIG_BLOCK, {{signal.SIGWINCH}})  # none can slip past sigwait
        pathlib.Path({str(ready)!r}).write_text("x")
        signal.sigwait({{signal.SIGWINCH}})
        print("resized", *os.get_terminal_size(1), flush=True)
    """
    master, slave = os.openpty()
    _set_size(slave, 100, 30)
    try:
        proc = subprocess.Popen([PY, "-m", "caveman_cli", "tools", "shrink", "--raw", "--", *py(child)], cwd=ROOT,
                                stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.PIPE)
        os.close(slave)
        _wait_for(ready, proc)
        _set_size(master, 120, 40)
        proc.send_signal(signal.SIGWINCH)
        proc.wait(timeout=30)
        seen = _read_all(master)
    finally:
        os.close(master)
    assert proc.returncode == 0
    assert seen.replace(b"\r\n", b"\n") == b"start 100 30 100 30\nresized 120 40\n"


def _controlling_terminal(fd: int):
    """A preexec_fn making the terminal at fd caveman's controlling terminal, caveman in front."""
    def setup() -> None:
        import fcntl
        import termios

        os.setsid()
        fcntl.ioctl(fd, termios.TIOCSCTTY, 0)
    return setup


def test_keystrokes_reach_the_command_when_stdin_is_a_terminal():
    child = "print('got', input().upper(), flush=True)\ntry:\n    input()\nexcept EOFError:\n    print('eof')"
    master, slave = os.openpty()
    try:
        proc = subprocess.Popen([PY, "-m", "caveman_cli", "tools", "shrink", "--raw", "--", PY, "-c", child],
                                cwd=ROOT, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=_controlling_terminal(0))
        os.close(slave)
        # Canonical mode hands caveman "hello\n" and then, as a read of its own, the ^D.
        os.write(master, b"hello\n\x04")
        out, err = proc.communicate(timeout=30)
    finally:
        os.close(master)
    assert proc.returncode == 0, err
    assert out == b"hello\ngot HELLO\neof\n"


def test_pagers_never_wait_for_keys(tmp_path):
    repo = tmp_path / "repo"
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q", str(repo)], check=True)
    message = "subject\n\n" + "".join(f"body line {i}\n" for i in range(120))
    subprocess.run([*git, "-C", str(repo), "commit", "-q", "--allow-empty", "-m", message], check=True)
    r = shrink("--raw", "--", "git", "-C", str(repo), "log", env={"GIT_PAGER": "less", "PAGER": "less"}, timeout=60)
    assert r.returncode == 0
    assert b"    body line 0\n" in r.stdout and r.stdout.endswith(b"    body line 119\n")


def test_editor_prompts_do_not_wait_without_a_person(tmp_path):
    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    r = shrink("--", "git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com",
               "commit", "--allow-empty", env={"GIT_EDITOR": "vi", "EDITOR": "vi"}, timeout=60)
    assert r.returncode == 1
    assert b"Aborting commit due to empty commit message." in r.stdout


def test_password_prompt_on_the_terminal_gets_eof_without_a_person():
    r = shrink("--", PY, "-c", "import getpass; getpass.getpass('Password: ')", timeout=60)
    assert r.returncode == 1
    assert r.stdout.startswith(b"Password: ") and b"EOFError" in r.stdout


def test_line_prompt_read_from_dev_tty_gets_eof_without_a_person():
    r = shrink("--", "sh", "-c", 'printf "continue? "; read answer < /dev/tty; echo "read status $?"', timeout=60)
    assert (r.returncode, r.stdout) == (0, b"continue? read status 1\n")


def test_silent_command_is_not_disturbed_by_the_prompt_answer():
    r = shrink("--raw", "--", "sh", "-c", "sleep 1.5; echo finished", timeout=60)
    assert (r.returncode, r.stdout) == (0, b"finished\n")


def test_output_without_a_final_newline():
    assert shrink("--", "sh", "-c", "printf abc").stdout == b"abc"
    assert shrink("--", "sh", "-c", "printf abc; exit 1").stdout == "abc\n‹caveman: exit 1›\n".encode()


def test_a_reader_that_stops_early_does_not_change_the_status():
    script = f"{PY} -m caveman_cli tools shrink --raw -- seq 100000 | head -1; echo \"status ${{PIPESTATUS[0]}}\""
    full_env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run(["bash", "-c", script.replace("seq 100000", "sh -c 'seq 100000; exit 3'")],
                       capture_output=True, env=full_env, cwd=ROOT, timeout=60)
    assert r.stdout == b"1\nstatus 3\n"
    assert r.stderr == b""
