"""End to end with the real Claude Code CLI (opt-in: skipped when `claude` is not on PATH, or
name it with CAVEMAN_E2E_CLAUDE). A scripted stand-in for the model on 127.0.0.1, named by
ANTHROPIC_BASE_URL, asks for `pytest -q` in a project with a failing test, then finishes.

Install the CLI with `npm install -g @anthropic-ai/claude-code` (about 6 s here; it runs offline).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fake_anthropic import FakeAnthropic

ROOT = Path(__file__).resolve().parent.parent
CLAUDE = os.environ.get("CAVEMAN_E2E_CLAUDE") or shutil.which("claude")

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not CLAUDE, reason="Claude Code CLI (`claude`) not installed")]

TEST_FILE = '''
import pytest

def log_lines():
    for i in range(400):
        print(f"2026-11-30 01:00:{i % 60:02d} INFO cart: processed order ord-{1000 + i} amount={5 + i % 50}.00 status=ok")

@pytest.mark.parametrize("n", range(40))
def test_passes(n):
    assert n >= 0

def test_cart_total():
    log_lines()
    assert 0.1 + 0.2 == 0.3, "cart total is off"
'''


@pytest.fixture
def world(tmp_path):
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    (home / ".claude").mkdir(parents=True)
    (project / "test_cart.py").write_text(TEST_FILE)
    # The user lets pytest run without asking; the hook's "allow" must not grant more than that.
    (home / ".claude" / "settings.json").write_text(json.dumps({"permissions": {"allow": ["Bash(pytest:*)"]}}))
    env = {**os.environ, "HOME": str(home), "PYTHONPATH": str(ROOT),
           "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
           "ANTHROPIC_API_KEY": "sk-ant-e2e", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
           "DISABLE_AUTOUPDATER": "1"}
    env.pop("CLAUDE_CONFIG_DIR", None)
    return project, home, env


def _require(*command: str) -> None:
    probe = subprocess.run([sys.executable, "-m", "caveman_cli", *command, "--help"], cwd=ROOT, capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"`caveman {' '.join(command)}` is not available in this tree")


@pytest.fixture
def needs_shrink():
    _require("tools", "shrink")


@pytest.fixture
def needs_mcp():
    _require("mcp")


def caveman(*args, env, cwd=ROOT, timeout=300):
    return subprocess.run([sys.executable, "-m", "caveman_cli", *args], cwd=cwd, env=env, capture_output=True,
                          timeout=timeout)


def hook_rewrites(home: Path) -> list[str]:
    """The commands Claude Code's transcript says our PreToolUse hook answered with."""
    out = []
    for transcript in (home / ".claude" / "projects").rglob("*.jsonl"):
        for line in transcript.read_text().splitlines():
            entry = json.loads(line)
            att = entry.get("attachment") or {}
            if att.get("type") == "hook_success" and att.get("hookEvent") == "PreToolUse" and att.get("stdout"):
                out.append(json.loads(att["stdout"])["hookSpecificOutput"]["updatedInput"]["command"])
    return out


def claude_argv(*args: str) -> list[str]:
    return [*args, "-p", "run the tests", "--output-format", "json"]


def test_persistent_install_fires_the_hook_and_shrinks(world, needs_shrink):
    project, home, env = world
    assert caveman("setup", "--install", "claude", "--json", env=env).returncode == 0
    with FakeAnthropic("pytest -q") as fake:
        run_env = {**env, "ANTHROPIC_BASE_URL": fake.url, "PATH": f"{Path(CLAUDE).parent}:{env['PATH']}"}
        proc = subprocess.run([CLAUDE, *claude_argv()], cwd=project, env=run_env, capture_output=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["result"] == "The test run is done."
        results = fake.tool_results()
    assert hook_rewrites(home) == [f"{sys.executable} -m caveman_cli tools shrink -- pytest -q"]
    assert len(results) == 1
    view = results[0]
    assert "cart total is off" in view and "1 failed, 40 passed" in view
    # The compact view carries a handle, and the handle gives back every elided log line.
    handle = re.search(r"ccr_[0-9a-f]{32}", view)
    assert handle, view[-2000:]
    original = caveman("tools", "retrieve", handle.group(0), env=env, cwd=project).stdout.decode()
    assert all(f"ord-{n}" in original for n in range(1000, 1400))


def test_one_shot_wrap_fires_the_hook_and_leaves_nothing(world, tmp_path, needs_shrink):
    project, home, env = world
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    with FakeAnthropic("pytest -q") as fake:
        run_env = {**env, "ANTHROPIC_BASE_URL": fake.url, "TMPDIR": str(tmp),
                   "PATH": f"{Path(CLAUDE).parent}:{env['PATH']}"}
        proc = caveman("wrap", "claude", *claude_argv(), env=run_env, cwd=project)
        assert proc.returncode == 0, proc.stderr
    assert hook_rewrites(home) == [f"{sys.executable} -m caveman_cli tools shrink -- pytest -q"]
    assert json.loads((home / ".claude" / "settings.json").read_text()) == {"permissions": {"allow": ["Bash(pytest:*)"]}}
    claude_json = home / ".claude.json"  # Claude Code writes its own state there; caveman added nothing
    assert not claude_json.exists() or "caveman" not in json.loads(claude_json.read_text()).get("mcpServers", {})
    assert [p for p in tmp.iterdir() if p.name.startswith("caveman-wrap-")] == []


def test_mcp_list_shows_caveman_connected(world, needs_mcp):
    project, home, env = world
    assert caveman("setup", "--install", "claude", "--json", env=env).returncode == 0
    proc = subprocess.run([CLAUDE, "mcp", "list"], cwd=project, env=env, capture_output=True, timeout=300)
    line = next((ln for ln in proc.stdout.decode().splitlines() if ln.startswith("caveman:")), "")
    assert line.endswith("Connected") and f"{sys.executable} -m caveman_cli mcp" in line, proc.stdout


def test_a_command_that_needs_approval_still_needs_it(world):
    project, home, env = world
    assert caveman("setup", "--install", "claude", "--json", env=env).returncode == 0
    with FakeAnthropic("git push origin main") as fake:
        run_env = {**env, "ANTHROPIC_BASE_URL": fake.url, "PATH": f"{Path(CLAUDE).parent}:{env['PATH']}"}
        proc = subprocess.run([CLAUDE, *claude_argv()], cwd=project, env=run_env, capture_output=True, timeout=300)
    denials = json.loads(proc.stdout)["permission_denials"]
    assert [d["tool_input"]["command"] for d in denials] == ["git push origin main"]
    assert hook_rewrites(home) == []


def test_one_shot_wrap_keeps_a_positional_prompt_and_names_the_server(world, needs_mcp):
    """`claude --mcp-config` takes several values: the prompt right after caveman's flags must
    still be the prompt, and the run must know the caveman server."""
    project, home, env = world
    with FakeAnthropic("ls") as fake:
        run_env = {**env, "ANTHROPIC_BASE_URL": fake.url, "PATH": f"{Path(CLAUDE).parent}:{env['PATH']}"}
        proc = caveman("wrap", "claude", "say hi", "-p", "--output-format", "stream-json", "--verbose",
                       env=run_env, cwd=project)
        assert proc.returncode == 0, proc.stderr
    events = [json.loads(line) for line in proc.stdout.decode().splitlines() if line.startswith("{")]
    init = next(e for e in events if e.get("type") == "system" and e.get("subtype") == "init")
    assert "caveman" in [s["name"] for s in init["mcp_servers"]]
    first_user = fake.requests[0]["messages"][0]["content"]
    text = first_user if isinstance(first_user, str) else " ".join(c.get("text", "") for c in first_user)
    assert "say hi" in text
