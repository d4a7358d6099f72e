"""A real MCP client: Claude Code lists `caveman mcp` as connected. Opt-in: skipped when the
`claude` CLI is not on PATH. Runs offline with a throwaway HOME, so no real config is touched."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(shutil.which("claude") is None, reason="the claude CLI is not installed")]


def claude(home, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, HOME=str(home), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_AUTOUPDATER="1")
    return subprocess.run(["claude", *args], capture_output=True, text=True, env=env, cwd=home, timeout=120)


def test_claude_code_lists_the_server_as_connected(tmp_path):
    added = claude(tmp_path, "mcp", "add", "-s", "user", "caveman",
                   "-e", f"CAVEMAN_HOME={tmp_path / 'caveman'}", "-e", f"PYTHONPATH={ROOT}",
                   "--", sys.executable, "-m", "caveman_cli", "mcp")
    assert added.returncode == 0, added.stderr
    listed = claude(tmp_path, "mcp", "list")
    assert listed.returncode == 0, listed.stderr
    line = next(l for l in listed.stdout.splitlines() if l.startswith("caveman:"))
    assert "Connected" in line and "Failed" not in line


def test_claude_code_reports_a_server_that_cannot_start(tmp_path):
    claude(tmp_path, "mcp", "add", "-s", "user", "broken", "--", sys.executable, "-c", "raise SystemExit(3)")
    listed = claude(tmp_path, "mcp", "list")
    line = next(l for l in listed.stdout.splitlines() if l.startswith("broken:"))
    assert "Connected" not in line
