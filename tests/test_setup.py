"""`caveman setup`: the doctor's checks, its JSON and table, exit 1 only when caveman itself is short."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from launch_profiles import doctor
from launch_profiles.loader import profile_names

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def env(tmp_path):
    bin_dir, home = tmp_path / "bin", tmp_path / "home"
    bin_dir.mkdir()
    home.mkdir()
    (bin_dir / "claude").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "claude").chmod(0o755)
    return {"HOME": str(home), "PATH": f"{bin_dir}:/usr/bin:/bin", "PYTHONPATH": str(ROOT)}


def checks_by_name(stdout: bytes) -> dict[str, dict]:
    data = json.loads(stdout)
    return {c["name"]: c for c in data["checks"]} | {"__ok__": data["ok"]}


def test_setup_json_reports_everything(cli, env):
    proc = cli("setup", "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    checks = checks_by_name(proc.stdout)
    assert checks["__ok__"] is True
    assert checks["o200k_base vocabulary"]["status"] == "ok"
    assert checks["tree-sitter grammars"] == {"name": "tree-sitter grammars", "status": "ok", "needed": True,
                                              "detail": "python, javascript, typescript, tsx, go, rust, java, c, cpp"}
    assert checks["CCR store"]["status"] == "ok"
    assert set(checks) == {"__ok__", "o200k_base vocabulary", "tree-sitter grammars", "CCR store",
                           *(f"agent {a}" for a in profile_names())}
    claude = checks["agent claude"]
    assert claude["needed"] is False and claude["status"] == "info"
    assert claude["detail"] == (f"Claude Code: {env['PATH'].split(':')[0]}/claude; "
                                "not installed (`caveman claude` or `caveman wrap claude`)")
    assert checks["agent codex"]["detail"] == "Codex CLI: codex not on PATH; not installed (`caveman codex` or `caveman wrap codex`)"
    assert checks["agent aider"]["detail"] == "Aider: aider not on PATH; nothing to install; `caveman wrap aider` starts it"


def test_setup_without_a_terminal_prints_json(cli, env):
    assert json.loads(cli("setup", env=env).stdout)["ok"] is True


def test_setup_install_then_current(cli, env):
    proc = cli("setup", "--install", "claude", "--json", env=env)
    assert proc.returncode == 0
    home = Path(env["HOME"])
    assert proc.stderr.decode().splitlines() == [f"caveman: {home / '.claude' / 'settings.json'}: added",
                                                 f"caveman: {home / '.claude.json'}: added"]
    claude = checks_by_name(proc.stdout)["agent claude"]
    assert claude["status"] == "ok" and claude["detail"].endswith("; installed, current")
    again = cli("setup", "--install", "claude", "--json", env=env)
    assert again.stderr.decode().splitlines() == [f"caveman: {home / '.claude' / 'settings.json'}: current",
                                                  f"caveman: {home / '.claude.json'}: current"]


def test_setup_install_of_agent_without_integration(cli, env):
    proc = cli("setup", "--install", "aider", env=env)
    assert proc.returncode == 1
    assert proc.stderr == (b"caveman: Aider has nothing to install: Nothing to install: Aider has no "
                           b"shell-command hook and no MCP client.\n")


def test_setup_reports_a_broken_settings_file_without_failing(cli, env):
    (Path(env["HOME"]) / ".claude").mkdir()
    (Path(env["HOME"]) / ".claude" / "settings.json").write_text("{nope")
    proc = cli("setup", "--json", env=env)
    assert proc.returncode == 0  # an agent's file is the agent's business, caveman still works
    claude = checks_by_name(proc.stdout)["agent claude"]
    assert claude["status"] == "warn" and "is not valid JSON" in claude["detail"]


def test_unusable_store_exits_1(cli, env, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    proc = cli("setup", "--json", env={**env, "CAVEMAN_HOME": str(shared)})
    assert proc.returncode == 1
    store = checks_by_name(proc.stdout)["CCR store"]
    assert store == {"name": "CCR store", "status": "missing", "needed": True,
                     "detail": f"{shared} is group- or world-writable (chmod 700 it)"}
    assert checks_by_name(proc.stdout)["__ok__"] is False


def test_store_checks(tmp_path):
    db = tmp_path / "data" / "ccr.db"
    assert doctor.check_store(db).detail == f"{db} (created on first use)"
    db.parent.mkdir()
    db.mkdir()
    assert doctor.check_store(db).detail == f"{db} is not a regular file"
    db.rmdir()
    db.write_bytes(b"")
    db.chmod(0o644)
    assert doctor.check_store(db).status == "warn"
    db.chmod(0o600)
    assert (doctor.check_store(db).status, doctor.check_store(db).detail) == ("ok", f"{db} (mode 600)")
    link = tmp_path / "data" / "link.db"
    link.symlink_to(db)
    assert doctor.check_store(link).status == "missing"


def test_missing_grammar_is_needed():
    check = doctor.check_grammars(("python", "no-such-language"))
    assert check.status == "missing" and check.detail.startswith("cannot load: no-such-language (")
    assert not doctor.healthy([check])


def test_setup_table_on_a_terminal(env):
    from ptyprocess import PtyProcess

    proc = PtyProcess.spawn([sys.executable, "-m", "caveman_cli", "setup"], cwd=str(ROOT),
                            env={**os.environ, **env, "CAVEMAN_HOME": os.environ["CAVEMAN_HOME"]}, dimensions=(40, 200))
    out = b""
    while True:
        try:
            out += proc.read(65536)
        except EOFError:
            break
    proc.wait()
    text = out.decode("utf-8", "replace")
    assert proc.exitstatus == 0
    assert "caveman setup" in text and "o200k_base vocabulary" in text and "agent claude" in text
    assert not text.lstrip().startswith("{")
