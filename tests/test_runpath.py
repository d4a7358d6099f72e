"""The run path of `caveman tools shrink`, attacked the way agents' harnesses attack it:
closed standard descriptors, programs that wait for a keyboard nobody has, and so on.
Real commands under a real pty; each run has a generous timeout so a hang fails, not blocks."""
from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile

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
        proc = subprocess.run(["sh", "-c", f"{line} {redirects}; echo $? > {shlex.quote(status_file)}"],
                              capture_output=True, env=env, timeout=timeout, cwd=ROOT, stdin=subprocess.DEVNULL)
        with open(status_file) as status:
            proc.returncode = int(status.read())
    return proc


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
