"""The run path of `caveman tools shrink`, attacked the way agents' harnesses attack it:
closed standard descriptors, programs that wait for a keyboard nobody has, and so on.
Real commands under a real pty; each run has a generous timeout so a hang fails, not blocks."""
from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from tests.conftest import ROOT

PY = sys.executable


def shell_shrink(redirects: str, *command: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run caveman from sh with `redirects` applied (e.g. `>&-` starts it with stdout closed);
    its status comes back on a pipe of its own, since stdout or stderr may be the one closed."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    line = " ".join(shlex.quote(w) for w in (PY, "-m", "caveman_cli", "tools", "shrink", "--", *command))
    return _run_with_status_fd(line, redirects, env, timeout)


def _run_with_status_fd(line: str, redirects: str, env: dict, timeout: float) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory() as tmp:
        status_file = os.path.join(tmp, "status")
        # A session of its own, so a hang is ended whole (caveman and the command), not just sh.
        child = subprocess.Popen(["sh", "-c", f"{line} {redirects}; echo $? > {shlex.quote(status_file)}"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
                                 stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            out, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
            raise
        with open(status_file) as status:
            return subprocess.CompletedProcess(child.args, int(status.read()), out, err)


# ------------------------------------------------------------------ closed stdin / stdout / stderr


def test_closed_stdout_keeps_the_commands_status():
    r = shell_shrink(">&-", "sh", "-c", "echo hi; exit 3")
    assert r.returncode == 3
    assert b"internal error" not in r.stderr


def test_closed_stderr_keeps_127_for_a_missing_command():
    r = shell_shrink("2>&-", "no-such-command-caveman-runpath")
    assert (r.returncode, r.stdout) == (127, b"")


def test_closed_stdin_gives_the_command_an_empty_stdin_not_cavemans_spool():
    r = shell_shrink("<&-", PY, "-c", "import os, sys; print(os.readlink('/proc/self/fd/0')); print(repr(sys.stdin.read()))")
    assert (r.returncode, r.stdout) == (0, b"/dev/null\n''\n")


# ------------------------------------------------------------------ no one at the keyboard

WAIT_FOR_A_KEY_IN_RAW_MODE = """
import os, sys, tty
fd = os.open("/dev/tty", os.O_RDWR)
os.write(fd, b"press a key\\r\\n")
tty.setraw(fd)
print(repr(os.read(fd, 1)))
"""


def test_a_raw_mode_key_wait_with_no_one_at_the_keyboard_ends_and_says_why():
    # less/more/vim wait like this; without caveman they would have had no terminal at all.
    r = shell_shrink("", PY, "-c", WAIT_FOR_A_KEY_IN_RAW_MODE)
    assert r.returncode == 129
    assert r.stdout.startswith(b"press a key\n")
    assert r.stdout.endswith("‹caveman: waited 10 s for a key press with no one at the keyboard (terminal in raw mode) "
                             "· killed by SIGHUP (exit 129)›\n".encode())


def test_a_pager_run_directly_with_no_one_at_the_keyboard_does_not_hang(tmp_path):
    less = shutil.which("less")
    if less is None:
        pytest.skip("less is not installed")
    text = tmp_path / "numbers.txt"
    text.write_text("".join(f"{n}\n" for n in range(1, 301)))
    r = shell_shrink("", less, str(text))
    assert r.returncode == 129
    assert r.stdout.startswith(b"1\n2\n3\n")
    assert b"no one at the keyboard" in r.stdout


# ------------------------------------------------------------------ the screen emulator


@pytest.mark.parametrize("private", [b"\x1b[?4m", b"\x1b[?6n", b"\x1b[?1;2r", b"\x1b[?1@", b"\x1b[?3g"])
def test_private_csi_forms_pyte_does_not_model_are_ignored_not_fatal(private):
    # vim sends CSI ? 4 m; pyte raised TypeError on it and the screen view was lost.
    from shrink.emulator import resolve_screen

    assert resolve_screen(b"\x1b[Hhello\r\n" + private + b"world\r\n", 80, 24) == b"hello\nworld\n"


def test_vim_under_shrink_gets_a_screen_view_not_an_emulator_failure(tmp_path):
    vim = shutil.which("vim")
    if vim is None:
        pytest.skip("vim is not installed")
    text = tmp_path / "numbers.txt"
    text.write_text("".join(f"{n}\n" for n in range(1, 301)))
    r = shell_shrink("", vim, "-n", "-u", "NONE", str(text))
    assert r.returncode == 129
    assert r.stderr == b""
    assert b"\n2\n3\n" in r.stdout


# ------------------------------------------------------------------ background jobs


def _wait_for(path, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if os.path.exists(path):
            return True
        time.sleep(0.1)
    return False


def test_a_background_job_outlives_the_command_as_it_would_in_a_shell(tmp_path):
    # The command led the pty's session; its exit sent SIGHUP to its `&` jobs (0 of 10 lived).
    marker = tmp_path / "marker"
    r = shell_shrink("", "sh", "-c", f"(sleep 1; echo ran > {shlex.quote(str(marker))}) & echo started")
    assert (r.returncode, r.stdout) == (0, b"started\n")
    assert _wait_for(marker)
    assert marker.read_text() == "ran\n"


def test_a_nohup_job_outlives_the_command(tmp_path):
    marker = tmp_path / "marker"
    r = shell_shrink("", "sh", "-c", f"nohup sh -c 'sleep 1; echo ran > {marker}' >/dev/null 2>&1 & exit 3")
    assert r.returncode == 3
    assert _wait_for(marker)


def test_killing_caveman_still_ends_the_command(tmp_path):
    # With caveman gone the pty hangs up: the command must get its SIGHUP as before.
    started, marker = tmp_path / "started", tmp_path / "marker"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    script = f"echo > {shlex.quote(str(started))}; sleep 3; echo late > {shlex.quote(str(marker))}"
    proc = subprocess.Popen([PY, "-m", "caveman_cli", "tools", "shrink", "--", "sh", "-c", script],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    try:
        assert _wait_for(started)
    finally:
        proc.kill()
        proc.communicate(timeout=60)
    assert not _wait_for(marker, seconds=6)


# ------------------------------------------------------------------ scripts without #!


def _script(tmp_path, body: bytes):
    path = tmp_path / "script"
    path.write_bytes(body)
    path.chmod(0o755)
    return path


def test_a_script_without_shebang_runs_with_sh_as_in_a_shell(tmp_path):
    script = _script(tmp_path, b'echo "ran with $1"\nexit 3\n')
    r = shell_shrink("", str(script), "arg")
    assert (r.returncode, r.stdout, r.stderr) == (3, "ran with arg\n‹caveman: exit 3›\n".encode(), b"")


def test_a_script_without_shebang_runs_with_sh_when_shrink_is_off(tmp_path):
    script = _script(tmp_path, b'echo "ran with $1"\nexit 3\n')
    env = dict(os.environ, CAVEMAN_SHRINK="off")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    r = subprocess.run([PY, "-m", "caveman_cli", "tools", "shrink", "--", str(script), "arg"], capture_output=True,
                       env=env, timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert (r.returncode, r.stdout) == (3, b"ran with arg\n")


def test_a_binary_exec_cannot_run_stays_126_with_a_plain_reason(tmp_path):
    binary = _script(tmp_path, b"\x7fELF\x02\x01\x01\x00\x00\x00garbage\n")
    r = shell_shrink("", str(binary))
    assert (r.returncode, r.stdout) == (126, b"")
    assert r.stderr == f"caveman: {binary}: Exec format error\n".encode()


def test_a_command_that_suspends_itself_is_resumed_not_left_stopped_for_ever():
    # No one can `fg` it: a ^Z-style stop must not hang the run (the status is the command's).
    r = shell_shrink("", "sh", "-c", "echo before; kill -TSTP $$; echo resumed; exit 5")
    assert (r.returncode, r.stdout) == (5, "before\nresumed\n‹caveman: exit 5›\n".encode())


def test_a_command_stopped_with_sigstop_is_resumed():
    r = shell_shrink("", "sh", "-c", "echo before; kill -STOP $$; echo resumed; exit 6")
    assert (r.returncode, r.stdout) == (6, "before\nresumed\n‹caveman: exit 6›\n".encode())


# ------------------------------------------------------------------ the hook: commands that never end


@pytest.mark.parametrize("command", [
    "npm run dev", "npm start", "yarn dev", "pnpm run serve", "docker compose up", "docker compose watch",
    "kubectl port-forward svc/web 8080:80", "cargo watch -x test", "dotnet watch run", "gradle bootRun",
    "gradle -t test", "mvn spring-boot:run",
])
def test_the_hook_leaves_servers_and_watchers_unwrapped(command):
    # shrink prints at the end; a call that times out would show the agent nothing at all.
    from launch_profiles.hook import refusal, rewrite

    assert "runs until stopped" in (refusal(command) or "")
    assert rewrite(command, ["caveman"]) is None


@pytest.mark.parametrize("command", [
    "docker compose up -d", "docker compose up --detach web", "npm run build", "npm test",
    "docker build -t web .", "cargo test", "kubectl get pods -A",
])
def test_the_hook_still_wraps_commands_that_return(command):
    from launch_profiles.hook import rewrite

    assert rewrite(command, ["caveman"]) == f"caveman tools shrink -- {command}"


# ------------------------------------------------------------------ argv as typed


def test_argv0_reaches_the_command_as_typed_not_as_a_full_path(tmp_path):
    # ptyprocess put the full path in argv[0]: every message read `/usr/bin/ls: cannot access ...`.
    missing = tmp_path / "missing"
    r = shell_shrink("", "ls", str(missing))
    assert r.returncode == 2
    assert r.stdout.startswith(f"ls: cannot access '{missing}'".encode())


# ------------------------------------------------------------------ terminal queries

ASK_THE_TERMINAL = """
import os, select, termios, tty
fd = os.open("/dev/tty", os.O_RDWR)
saved = termios.tcgetattr(fd)
tty.setraw(fd)
os.write(fd, b"\\x1b]11;?\\x1b\\\\\\x1b[6n")  # termenv: background colour, then a cursor report as sentinel
reply = b""
while not reply.endswith(b"R") and select.select([fd], [], [], 30)[0]:
    reply += os.read(fd, 100)
termios.tcsetattr(fd, termios.TCSADRAIN, saved)
print(repr(reply))
"""


def test_terminal_queries_get_a_plain_terminals_answers():
    # Nobody answered: termenv-style programs (gh, glow) stalled for their timeout or for ever.
    r = shell_shrink("", PY, "-c", ASK_THE_TERMINAL)
    assert r.returncode == 0
    assert r.stdout == b"b'\\x1b]11;rgb:0000/0000/0000\\x1b\\\\\\x1b[1;1R'\n"


def test_a_query_in_line_mode_is_not_answered_into_the_transcript():
    # In line mode the reply would only be echoed back as text (`^[[1;1R`).
    r = shell_shrink("", "sh", "-c", "printf 'before\\033[6n\\n'; echo after")
    assert (r.returncode, r.stdout) == (0, b"before\nafter\n")


@pytest.mark.parametrize("output, reply", [
    (b"plain text\n", b""),
    (b"\x1b[31mred\x1b[0m", b""),
    (b"\x1b[6n", b"\x1b[1;1R"),
    (b"\x1b[?u\x1b[c", b"\x1b[?1;2c"),
    (b"\x1b]11;?\x07\x1b]10;?\x1b\\", b"\x1b]11;rgb:0000/0000/0000\x07\x1b]10;rgb:ffff/ffff/ffff\x1b\\"),
    (b"\x1b[6n..\x1b[0c", b"\x1b[1;1R\x1b[?1;2c"),
])
def test_query_answers_in_order(output, reply):
    from shrink.queries import answers

    assert answers(output) == reply


# ------------------------------------------------------------------ nowhere to spool


def test_an_unwritable_tmpdir_still_runs_the_command_and_keeps_its_status():
    # TMPDIR that exists but cannot be written (here /proc): caveman failed with exit 1 before the run.
    env = dict(os.environ, TMPDIR="/proc")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    r = subprocess.run([PY, "-m", "caveman_cli", "tools", "shrink", "--", "sh", "-c", "echo hi; exit 3"],
                       capture_output=True, env=env, timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert (r.returncode, r.stdout, r.stderr) == (3, "hi\n‹caveman: exit 3›\n".encode(), b"")


def test_with_no_writable_directory_at_all_the_output_is_held_in_memory(monkeypatch):
    from shrink import pipeline

    def no_room(*args, **kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(pipeline.tempfile, "TemporaryFile", no_room)
    devnull = os.open(os.devnull, os.O_RDONLY)
    try:
        outcome = pipeline.shrink(pipeline.Request(["sh", "-c", "echo hi; echo there; exit 3"], raw=True),
                                  env=os.environ, engine_factory=None, stdin_fd=devnull, live=False)
    finally:
        os.close(devnull)
    assert (outcome.exit_code, outcome.view_bytes(), outcome.warnings) == (3, b"hi\nthere\n", [])


# ------------------------------------------------------------------ a non-blocking stdout


def test_a_non_blocking_stdout_gets_the_whole_view_and_the_footer():
    # A parent's O_NONBLOCK on a shared pipe: buffered writes returned short counts nobody checked,
    # and only the first 64 KiB were printed (no footer, no last lines).
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    printer = "import sys\nfor i in range(20000): print(f'line {i} ' + 'x' * 60)\nsys.exit(3)"
    proc = subprocess.Popen([PY, "-m", "caveman_cli", "tools", "shrink", "--raw", "--", PY, "-c", printer],
                            stdout=write_end, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, cwd=ROOT)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as reader:
        first = reader.read(1)  # the pipe fills while nobody reads on
        time.sleep(1)
        rest = reader.read()
    assert proc.wait(timeout=60) == 3
    expected = "".join(f"line {i} {'x' * 60}\n" for i in range(20000)) + "‹caveman: exit 3›\n"
    assert first + rest == expected.encode()


def test_compress_writes_its_whole_view_to_a_non_blocking_stdout(tmp_path):
    # The same short writes in `caveman tools compress` (a view of a payload that passes through).
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["CAVEMAN_HOME"] = str(tmp_path)
    payload = "".join(f"row {i} {'y' * 60} {i * 7919 % 104729}\n" for i in range(20000)).encode()
    source = tmp_path / "payload.txt"
    source.write_bytes(payload)
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    with open(source, "rb") as stdin:
        proc = subprocess.Popen([PY, "-m", "caveman_cli", "tools", "compress", "--type", "json"],
                                stdout=write_end, stderr=subprocess.PIPE, stdin=stdin, env=env, cwd=ROOT)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as reader:
        first = reader.read(1)
        time.sleep(1)
        rest = reader.read()
    assert proc.wait(timeout=60) == 0
    assert first + rest == payload  # not JSON: passed through, whole


# ------------------------------------------------------------------ told to stop while rendering

#: Runs caveman in this process with the screen emulator sending caveman a stop signal first,
#: as a harness's timeout can land while a full-screen transcript is emulated.
_SIGNAL_DURING_EMULATION = """
import os, signal, sys
import shrink.emulator as emulator
real, stop = emulator.resolve_screen, getattr(signal, sys.argv[1])
# Python's own start-up state, even when the suite runs as a background job (which starts
# with SIGINT ignored, and a signal the caller ignores stays ignored)
signal.signal(signal.SIGINT, signal.default_int_handler)
def resolve_after_a_signal(*args, **kwargs):
    os.kill(os.getpid(), stop)
    return real(*args, **kwargs)
emulator.resolve_screen = resolve_after_a_signal
from caveman_cli.entry import main
sys.argv = ["caveman", "tools", "shrink", "--", *sys.argv[2:]]
sys.exit(main())
"""


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_stop_signal_while_rendering_passes_the_screen_through_with_the_commands_status(sig):
    # It killed caveman (143, or 130 via KeyboardInterrupt) with nothing printed.
    # cursor addressing: only the screen emulator can say what the terminal showed
    command = "import sys; sys.stdout.write(''.join(f'row {i} ok\\n' for i in range(30)) + '\\x1b[1;1Htop\\n'); sys.exit(3)"
    r = shell_shrink_script(_SIGNAL_DURING_EMULATION, sig, PY, "-c", command)
    assert r.returncode == 3
    assert r.stderr == f"caveman: {sig} while rendering; output passed through uncompressed\n".encode()
    assert r.stdout.startswith(b"top 0 ok\nrow 1 ok\n")
    assert r.stdout.endswith("row 29 ok\n‹caveman: exit 3›\n".encode())


def shell_shrink_script(script: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """shell_shrink, with caveman started from `script` (given `args`) instead of -m."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    line = " ".join(shlex.quote(w) for w in (PY, "-c", script, *args))
    return _run_with_status_fd(line, "", env, timeout)


# ------------------------------------------------------------------ told to stop while compressing


def test_sigterm_while_compressing_passes_the_output_through_with_the_commands_status(tmp_path):
    # The command has ended; a harness's SIGTERM at its timeout killed caveman mid-compression
    # (status 143, no output at all).
    done = tmp_path / "done"
    printer = ("import sys\nfor i in range(400000): print(f'test_{i % 500} PASSED step {i} value={i * 7 % 13}')\n"
               f"open({str(done)!r}, 'w').close()\nsys.exit(4)")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    proc = subprocess.Popen([PY, "-m", "caveman_cli", "tools", "shrink", "--", PY, "-c", printer],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    try:
        assert _wait_for(done, seconds=120)
        time.sleep(0.5)  # the command's exit and the drain; compressing ~15 MB takes seconds more
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 4
    assert err == b"caveman: SIGTERM while compressing; output passed through uncompressed\n"
    assert out.startswith(b"test_0 PASSED step 0 value=0\n")
    assert out.endswith("test_499 PASSED step 399999 value=1\n‹caveman: exit 4›\n".encode())
