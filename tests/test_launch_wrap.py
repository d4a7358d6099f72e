"""`caveman wrap AGENT` and `caveman AGENT` with fake agents on PATH that record the argv,
environment and configuration they were started with."""
from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from launch_profiles.loader import profile_names

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "fixtures" / "settings"

FAKE_AGENT = r'''#!{python}
"""A stand-in agent: records what it was started with, then behaves as FAKE_AGENT_MODE says."""
import json, os, signal, sys, time
from pathlib import Path

def read(path):
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None

record = {{"argv": sys.argv[1:], "env": dict(os.environ), "files": {{}}, "modes": {{}}}}
for arg in sys.argv[1:]:
    for candidate in {{arg, arg.split("=", 1)[-1]}}:  # --flag=PATH too
        if os.path.isfile(candidate):
            record["files"][candidate] = read(candidate)
for var in ("CODEX_HOME", "GEMINI_CLI_SYSTEM_SETTINGS_PATH"):
    target = os.environ.get(var)
    if target and os.path.isdir(target):
        for p in sorted(Path(target).iterdir()):
            record["files"][str(p)] = read(p)
            record["modes"][str(p)] = oct(p.stat().st_mode & 0o777)
    elif target and os.path.isfile(target):
        record["files"][target] = read(target)
Path(os.environ["FAKE_AGENT_LOG"]).write_text(json.dumps(record))
mode = os.environ.get("FAKE_AGENT_MODE", "exit:0")
if mode.startswith("exit:"):
    sys.exit(int(mode[5:]))
if mode == "wait":  # until a signal with its default action ends it
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    Path(os.environ["FAKE_AGENT_LOG"] + ".ready").write_text("")
    while True:
        time.sleep(0.05)
'''


@pytest.fixture
def sandbox(tmp_path):
    bin_dir, tmp_dir, home = tmp_path / "bin", tmp_path / "tmp", tmp_path / "home"
    for d in (bin_dir, tmp_dir, home):
        d.mkdir()
    for name in profile_names():
        exe = bin_dir / name
        exe.write_text(FAKE_AGENT.format(python=sys.executable))
        exe.chmod(0o755)
    log = tmp_path / "agent.json"
    env = dict(os.environ)
    env.update({"PATH": f"{bin_dir}:{os.environ['PATH']}", "TMPDIR": str(tmp_dir), "HOME": str(home),
                "FAKE_AGENT_LOG": str(log), "PYTHONPATH": str(ROOT)})
    for var in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_SYSTEM_SETTINGS_PATH", "GEMINI_CLI_HOME",
                "OPENCODE_CONFIG_CONTENT", "XDG_CONFIG_HOME"):
        env.pop(var, None)

    class Box:
        root, bin, tmp, home_dir = tmp_path, bin_dir, tmp_dir, home
        environ = env

        def run(self, *args, mode="exit:0", **extra):
            return subprocess.run([sys.executable, "-m", "caveman_cli", *args], cwd=ROOT, capture_output=True,
                                  env={**env, "FAKE_AGENT_MODE": mode, **extra}, timeout=60)

        def record(self):
            return json.loads(log.read_text())

        def spawn(self, *args, mode="wait"):
            proc = subprocess.Popen([sys.executable, "-m", "caveman_cli", *args], cwd=ROOT, env={**env, "FAKE_AGENT_MODE": mode},
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
            ready = Path(str(log) + ".ready")
            deadline = time.monotonic() + 30
            while not ready.exists():
                assert proc.poll() is None, proc.communicate()
                assert time.monotonic() < deadline
                time.sleep(0.02)
            return proc

    return Box()


PYTHON_CAVEMAN = f"{shlex.quote(sys.executable)} -m caveman_cli"


def test_wrap_claude_passes_args_untouched_with_temporary_config(sandbox):
    args = ["-p", "fix the failing test", "--", "--help", "", "naïve $HOME *"]
    proc = sandbox.run("wrap", "claude", *args)
    assert (proc.returncode, proc.stderr) == (0, b"")
    rec = sandbox.record()
    # One token per flag: Claude Code's --mcp-config is variadic and would swallow what follows.
    assert rec["argv"][0].startswith("--settings=") and rec["argv"][1].startswith("--mcp-config=")
    assert rec["argv"][2:] == args
    settings_path = Path(rec["argv"][0].split("=", 1)[1])
    mcp_path = Path(rec["argv"][1].split("=", 1)[1])
    assert settings_path.parent == mcp_path.parent and settings_path.parent.parent == sandbox.tmp
    assert settings_path.name == "settings.json" and mcp_path.name == "mcp.json"
    assert json.loads(rec["files"][str(settings_path)]) == {"hooks": {"PreToolUse": [
        {"matcher": "Bash", "hooks": [{"type": "command", "command": f"{PYTHON_CAVEMAN} hook claude"}]}]}}
    assert json.loads(rec["files"][str(mcp_path)]) == {"mcpServers": {"caveman": {
        "type": "stdio", "command": sys.executable, "args": ["-m", "caveman_cli", "mcp"], "env": {}}}}
    assert list(sandbox.tmp.iterdir()) == []  # cleaned up
    assert list(sandbox.home_dir.iterdir()) == []  # nothing persistent


def test_wrap_exits_with_the_agent_status(sandbox):
    proc = sandbox.run("wrap", "claude", "-p", "x", mode="exit:7")
    assert proc.returncode == 7 and list(sandbox.tmp.iterdir()) == []


def test_wrap_sigterm_is_forwarded_and_cleaned_up(sandbox):
    proc = sandbox.spawn("wrap", "claude")
    tmp_dirs = list(sandbox.tmp.iterdir())
    assert len(tmp_dirs) == 1 and tmp_dirs[0].name.startswith("caveman-wrap-claude-")
    proc.send_signal(signal.SIGTERM)  # to caveman only: it must pass it on
    proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM
    assert list(sandbox.tmp.iterdir()) == []


def test_wrap_ctrl_c_reaches_the_agent_and_cleans_up(sandbox):
    proc = sandbox.spawn("wrap", "claude")
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal does: the whole foreground group
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGINT, err
    assert err == b""  # no traceback: caveman waited for the agent's decision
    assert list(sandbox.tmp.iterdir()) == []


def test_wrap_sighup_is_forwarded(sandbox):
    proc = sandbox.spawn("wrap", "codex")
    proc.send_signal(signal.SIGHUP)
    proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGHUP and list(sandbox.tmp.iterdir()) == []


def test_wrap_sweeps_folders_left_by_a_killed_caveman(sandbox):
    dead = sandbox.tmp / "caveman-wrap-claude-999999999-abcd"
    live = sandbox.tmp / f"caveman-wrap-claude-{os.getpid()}-efgh"
    other = sandbox.tmp / "unrelated-999999999"
    for d in (dead, live, other):
        d.mkdir()
        (d / "settings.json").write_text("{}")
    assert sandbox.run("wrap", "claude").returncode == 0
    assert sorted(p.name for p in sandbox.tmp.iterdir()) == sorted([live.name, other.name])


def test_wrap_codex_uses_a_temporary_codex_home(sandbox):
    codex = sandbox.home_dir / ".codex"
    codex.mkdir()
    (codex / "auth.json").write_text('{"OPENAI_API_KEY": "sk-test"}')
    (codex / "config.toml").write_bytes((SETTINGS / "codex_config.toml").read_bytes())
    before = {p.name: p.read_bytes() for p in codex.iterdir()}
    proc = sandbox.run("wrap", "codex", "exec", "--json", "list files")
    assert proc.returncode == 0, proc.stderr
    rec = sandbox.record()
    assert rec["argv"] == ["exec", "--json", "list files"]
    home = Path(rec["env"]["CODEX_HOME"])
    assert home.parent == sandbox.tmp
    assert rec["files"][str(home / "auth.json")] == '{"OPENAI_API_KEY": "sk-test"}'
    assert rec["modes"][str(home / "auth.json")] == "0o600"
    config = tomllib.loads(rec["files"][str(home / "config.toml")])
    assert config["mcp_servers"]["caveman"] == {"command": sys.executable, "args": ["-m", "caveman_cli", "mcp"]}
    assert config["mcp_servers"]["docs"]["command"] == "npx" and config["profiles"]["fast"]["model"] == "gpt-5-mini"
    assert {p.name: p.read_bytes() for p in codex.iterdir()} == before
    assert list(sandbox.tmp.iterdir()) == []


def test_wrap_codex_without_a_login_still_starts(sandbox):
    assert sandbox.run("wrap", "codex").returncode == 0
    home = Path(sandbox.record()["env"]["CODEX_HOME"])
    assert sorted(Path(p).name for p in sandbox.record()["files"]) == ["config.toml"]
    assert not home.exists()


def test_wrap_gemini_system_settings(sandbox):
    system = sandbox.root / "system-settings.json"
    system.write_text('{"telemetry": {"enabled": false}}\n')
    proc = sandbox.run("wrap", "gemini", "-p", "hi", GEMINI_CLI_SYSTEM_SETTINGS_PATH=str(system))
    assert proc.returncode == 0, proc.stderr
    rec = sandbox.record()
    path = rec["env"]["GEMINI_CLI_SYSTEM_SETTINGS_PATH"]
    assert path != str(system) and Path(path).parent.parent == sandbox.tmp
    data = json.loads(rec["files"][path])
    assert data["telemetry"] == {"enabled": False}  # the machine's system layer is kept
    assert data["hooks"]["BeforeTool"][0]["hooks"][0]["command"] == f"{PYTHON_CAVEMAN} hook gemini"
    assert data["mcpServers"]["caveman"]["args"] == ["-m", "caveman_cli", "mcp"]
    assert rec["argv"] == ["-p", "hi"]


def test_wrap_opencode_config_content(sandbox):
    assert sandbox.run("wrap", "opencode", "run", "hello").returncode == 0
    rec = sandbox.record()
    assert json.loads(rec["env"]["OPENCODE_CONFIG_CONTENT"]) == {"mcp": {"caveman": {
        "type": "local", "command": [sys.executable, "-m", "caveman_cli", "mcp"], "enabled": True}}}
    assert rec["argv"] == ["run", "hello"]


def test_wrap_opencode_keeps_the_callers_config_content(sandbox):
    mine = '{"theme": "tokyonight", "mcp": {"jira": {"type": "remote", "url": "https://jira.example/mcp"}}}'
    assert sandbox.run("wrap", "opencode", OPENCODE_CONFIG_CONTENT=mine).returncode == 0
    content = json.loads(sandbox.record()["env"]["OPENCODE_CONFIG_CONTENT"])
    assert list(content) == ["theme", "mcp"] and list(content["mcp"]) == ["jira", "caveman"]
    bad = sandbox.run("wrap", "opencode", OPENCODE_CONFIG_CONTENT="{not json")
    assert bad.returncode == 1
    assert bad.stderr == (b"caveman: OPENCODE_CONFIG_CONTENT is not valid JSON (line 1, column 2: Expecting property "
                          b"name enclosed in double quotes); caveman left it unchanged\n")
    assert list(sandbox.tmp.iterdir()) == []  # the error path cleans up too


@pytest.mark.parametrize("agent", profile_names())
def test_every_profile_wraps_and_cleans_up(sandbox, agent):
    proc = sandbox.run("wrap", agent, "--version", "-x", mode="exit:3")
    assert proc.returncode == 3, proc.stderr
    assert sandbox.record()["argv"][-2:] == ["--version", "-x"]
    assert list(sandbox.tmp.iterdir()) == []


def test_agent_not_on_path(sandbox):
    (sandbox.bin / "claude").unlink()
    proc = sandbox.run("wrap", "claude", PATH=str(sandbox.bin))
    assert (proc.returncode, proc.stderr) == (127, b"caveman: claude is not on PATH; install Claude Code first\n")
    assert list(sandbox.tmp.iterdir()) == []


def test_unknown_agent_and_missing_agent(sandbox):
    proc = sandbox.run("wrap", "vim")
    assert proc.returncode == 2
    assert proc.stderr == b"caveman: no launch profile for 'vim' (known: aider, claude, codex, gemini, opencode)\n"
    proc = sandbox.run("wrap")
    assert (proc.returncode, proc.stderr) == (2, b"caveman: usage: caveman wrap AGENT [ARGS\xe2\x80\xa6]\n")


def test_persistent_claude_installs_then_runs(sandbox):
    shutil_copy(SETTINGS / "claude_settings_hooks.json", sandbox.home_dir / ".claude" / "settings.json")
    proc = sandbox.run("claude", "--help", "--", "-p", mode="exit:5")
    assert proc.returncode == 5
    settings = sandbox.home_dir / ".claude" / "settings.json"
    assert proc.stderr.decode().splitlines() == [
        f"caveman: added caveman's Claude Code integration in {settings}",
        f"caveman: added caveman's Claude Code integration in {sandbox.home_dir / '.claude.json'}"]
    rec = sandbox.record()
    assert rec["argv"] == ["--help", "--", "-p"]  # no temporary flags: the user's settings carry it
    assert json.loads(settings.read_text())["hooks"]["PreToolUse"][-1]["hooks"][0]["command"] == \
        f"{PYTHON_CAVEMAN} hook claude"
    again = sandbox.run("claude")
    assert (again.returncode, again.stderr) == (0, b"")  # already current: silent

    out = sandbox.run("uninstall", "claude")
    assert out.returncode == 0
    assert out.stdout.decode() == f"{settings}: restored\n{sandbox.home_dir / '.claude.json'}: restored\n"
    assert settings.read_bytes() == (SETTINGS / "claude_settings_hooks.json").read_bytes()
    assert not (sandbox.home_dir / ".claude.json").exists()


def test_persistent_install_refuses_malformed_settings(sandbox):
    shutil_copy(SETTINGS / "claude_settings_malformed.json", sandbox.home_dir / ".claude" / "settings.json")
    proc = sandbox.run("claude", "-p", "x")
    assert proc.returncode == 1
    assert proc.stderr.decode() == (f"caveman: {sandbox.home_dir / '.claude' / 'settings.json'} is not valid JSON "
                                    "(line 4, column 34: Expecting value); caveman left it unchanged\n")
    assert not Path(sandbox.environ["FAKE_AGENT_LOG"]).exists()  # the agent was not started


def test_aider_has_nothing_to_install(sandbox):
    proc = sandbox.run("aider", "--model", "x", mode="exit:0")
    assert proc.returncode == 0 and sandbox.record()["argv"] == ["--model", "x"]
    out = sandbox.run("uninstall", "aider")
    assert out.returncode == 0 and out.stdout.startswith(b"Aider: nothing to uninstall")


def shutil_copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_bytes(src.read_bytes())


def test_sigterm_while_preparing_still_cleans_up(tmp_path, monkeypatch):
    """In-process: SIGTERM arrives after the folder exists but before the agent starts."""
    from launch_profiles import wrap as wrap_mod
    from launch_profiles.loader import load_profile

    monkeypatch.setattr(wrap_mod.tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(wrap_mod, "resolve_executable", lambda *_: "/bin/true")
    real_prepare = wrap_mod.prepare_temporary

    def prepare_then_terminated(*args, **kwargs):
        real_prepare(*args, **kwargs)
        assert len(list(tmp_path.iterdir())) == 1
        os.kill(os.getpid(), signal.SIGTERM)
        raise AssertionError("the signal should have interrupted preparation")

    monkeypatch.setattr(wrap_mod, "prepare_temporary", prepare_then_terminated)
    before = signal.getsignal(signal.SIGTERM)
    code = wrap_mod.wrap(load_profile("claude"), ["-p", "x"], ["/opt/caveman"], {"HOME": str(tmp_path), "PATH": "/bin"})
    assert code == 128 + signal.SIGTERM
    assert list(tmp_path.iterdir()) == []
    assert signal.getsignal(signal.SIGTERM) is before  # handlers restored
