"""Shared fixtures: every test gets its own CAVEMAN_HOME, so nothing touches a real store."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

# A suite started under nohup or as a shell's background job inherits SIGHUP or SIGINT ignored,
# and so would every command it starts: the tests of what a hangup or ^C does to a run would
# measure the launcher. The dispositions a terminal gives are restored (an ignored signal stays
# ignored across exec; a handler does not).
if signal.getsignal(signal.SIGHUP) == signal.SIG_IGN:
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    home = tmp_path / "caveman-home"
    monkeypatch.setenv("CAVEMAN_HOME", str(home))
    monkeypatch.delenv("CAVEMAN_CCR_DB", raising=False)
    monkeypatch.delenv("CAVEMAN_CCR_MAX_BYTES", raising=False)
    monkeypatch.delenv("CAVEMAN_DEBUG", raising=False)
    monkeypatch.delenv("CAVEMAN_SHRINK", raising=False)
    return home


@pytest.fixture(scope="session")
def counter():
    from engine.tokens import O200kCounter

    return O200kCounter(Path(os.environ.get("TMPDIR", "/tmp")) / "caveman-test-token-cache")


def run_cli(*args: str, stdin: bytes = b"", env: dict | None = None, timeout: float = 60):
    """Run the real `caveman` entry point in a subprocess (exact exit codes, stderr, stdout)."""
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    return subprocess.run([sys.executable, "-m", "caveman_cli", *args], input=stdin, capture_output=True,
                          env=full_env, timeout=timeout, cwd=ROOT)


@pytest.fixture
def cli():
    return run_cli
