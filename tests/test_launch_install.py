"""Persistent install into agents' settings: merges against realistic files, idempotence,
byte-exact uninstall, malformed files never written."""
from __future__ import annotations

import json
import os
import shutil
import tomllib
from pathlib import Path

import pytest

from launch_profiles import install
from launch_profiles.loader import Substitutions, load_profile, profile_names

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "fixtures" / "settings"
CAVEMAN = ["/opt/caveman/bin/caveman"]
HOOK_ENTRY = {"matcher": "Bash", "hooks": [{"type": "command", "command": "/opt/caveman/bin/caveman hook claude"}]}
MCP_ENTRY = {"type": "stdio", "command": "/opt/caveman/bin/caveman", "args": ["mcp"], "env": {}}


@pytest.fixture
def home(tmp_path):
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    return home


def env_for(home: Path, **extra: str) -> dict[str, str]:
    return {"HOME": str(home), "PATH": os.environ.get("PATH", ""), **extra}


def do(action, agent, home, caveman=CAVEMAN, **extra):
    profile = load_profile(agent)
    return getattr(install, action)(profile, Substitutions(caveman=caveman, agent=agent), env_for(home, **extra))


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_claude_install_into_realistic_files(home):
    settings, claude_json = home / ".claude" / "settings.json", home / ".claude.json"
    shutil.copy(SETTINGS / "claude_settings_hooks.json", settings)
    shutil.copy(SETTINGS / "claude_json_servers.json", claude_json)
    before_s, before_j = json.loads(settings.read_bytes()), json.loads(claude_json.read_bytes())

    outcomes = do("install", "claude", home)
    assert [(o.path, o.action) for o in outcomes] == [(settings, "added"), (claude_json, "added")]

    after_s, after_j = json.loads(settings.read_bytes()), json.loads(claude_json.read_bytes())
    # Everything else is as it was, in the same order; the hook is appended after the user's own.
    expected_s = json.loads(json.dumps(before_s))
    expected_s["hooks"]["PreToolUse"].append(HOOK_ENTRY)
    assert list(after_s) == list(before_s) and after_s == expected_s
    assert list(after_s["hooks"]) == ["PreToolUse", "PostToolUse"]
    assert list(after_j) == list(before_j)
    assert list(after_j["mcpServers"]) == ["github", "sentry", "caveman"]
    assert after_j["mcpServers"]["caveman"] == MCP_ENTRY
    assert after_j["projects"] == before_j["projects"]
    # The file's own style: four-space indent stays four-space, unicode stays unescaped.
    assert settings.read_text().startswith('{\n    "permissions"') and "— ✓" in settings.read_text()
    assert (home / ".claude" / "settings.json.caveman-backup").read_bytes() == (SETTINGS / "claude_settings_hooks.json").read_bytes()


def test_install_twice_equals_install_once(home):
    shutil.copy(SETTINGS / "claude_settings_hooks.json", home / ".claude" / "settings.json")
    shutil.copy(SETTINGS / "claude_json_servers.json", home / ".claude.json")
    do("install", "claude", home)
    once = snapshot(home)
    outcomes = do("install", "claude", home)
    assert [o.action for o in outcomes] == ["current", "current"]
    assert snapshot(home) == once


@pytest.mark.parametrize("settings_fixture", ["claude_settings_hooks.json", "claude_settings_odd_order.json",
                                              "claude_settings_compact.json"])
def test_uninstall_restores_original_bytes(home, settings_fixture):
    shutil.copy(SETTINGS / settings_fixture, home / ".claude" / "settings.json")
    shutil.copy(SETTINGS / "claude_json_servers.json", home / ".claude.json")
    original = snapshot(home)
    do("install", "claude", home)
    assert snapshot(home) != original
    outcomes = do("uninstall", "claude", home)
    assert [o.action for o in outcomes] == ["restored", "restored"]
    assert snapshot(home) == original  # backups gone too


def test_uninstall_after_other_changes_keeps_them(home):
    settings = home / ".claude" / "settings.json"
    shutil.copy(SETTINGS / "claude_settings_hooks.json", settings)
    do("install", "claude", home)
    data = json.loads(settings.read_text())
    data["model"] = "sonnet"  # the user (or Claude Code) changed something meanwhile
    data["hooks"]["PreToolUse"].insert(0, {"matcher": "Read", "hooks": [{"type": "command", "command": "x"}]})
    settings.write_text(json.dumps(data, indent=4))
    outcomes = do("uninstall", "claude", home)
    assert outcomes[0].action == "removed"
    left = json.loads(settings.read_text())
    expected = json.loads((SETTINGS / "claude_settings_hooks.json").read_text())
    expected["model"] = "sonnet"
    expected["hooks"]["PreToolUse"].insert(0, {"matcher": "Read", "hooks": [{"type": "command", "command": "x"}]})
    assert left == expected and list(left) == list(expected)
    assert (home / ".claude" / "settings.json.caveman-backup").exists()  # kept: it was not restored


def test_install_into_nothing_and_uninstall_leaves_nothing(tmp_path):
    home = tmp_path / "empty-home"
    home.mkdir()
    do("install", "claude", home)
    assert json.loads((home / ".claude" / "settings.json").read_text()) == {"hooks": {"PreToolUse": [HOOK_ENTRY]}}
    assert json.loads((home / ".claude.json").read_text()) == {"mcpServers": {"caveman": MCP_ENTRY}}
    assert oct((home / ".claude.json").stat().st_mode & 0o777) == "0o600"
    do("uninstall", "claude", home)
    assert snapshot(home) == {}


def test_claude_config_dir_is_honoured(tmp_path, home):
    config = tmp_path / "alt-config"
    do("install", "claude", home, CLAUDE_CONFIG_DIR=str(config))
    assert (config / "settings.json").exists() and (config / ".claude.json").exists()
    assert not (home / ".claude" / "settings.json").exists() and not (home / ".claude.json").exists()


def test_malformed_settings_are_reported_never_written(home):
    settings = home / ".claude" / "settings.json"
    shutil.copy(SETTINGS / "claude_settings_malformed.json", settings)
    before = snapshot(home)
    with pytest.raises(install.InstallError) as err:
        do("install", "claude", home)
    assert str(err.value) == (f"{settings} is not valid JSON (line 4, column 34: Expecting value); "
                              "caveman left it unchanged")
    assert snapshot(home) == before  # not even .claude.json was written: all files are checked first


@pytest.mark.parametrize("content, message", [
    (b"[1, 2]", "does not hold a JSON object"),
    (b'{"hooks": []}', "`hooks` is not an object"),
    (b'{"hooks": {"PreToolUse": {"matcher": "Bash"}}}', "`hooks.PreToolUse` is not a list"),
    (b"\xff\xfe{}", "is not UTF-8"),
])
def test_unexpected_shapes_are_reported(home, content, message):
    settings = home / ".claude" / "settings.json"
    settings.write_bytes(content)
    with pytest.raises(install.InstallError, match=message):
        do("install", "claude", home)
    assert settings.read_bytes() == content


def test_stale_install_is_updated_in_place(home):
    settings = home / ".claude" / "settings.json"
    shutil.copy(SETTINGS / "claude_settings_hooks.json", settings)
    original = settings.read_bytes()
    do("install", "claude", home, caveman=["/old/venv/bin/caveman"])
    profile = load_profile("claude")
    new_subs = Substitutions(caveman=CAVEMAN, agent="claude")
    assert install.status(profile, new_subs, env_for(home)) == "stale"
    outcomes = do("install", "claude", home)
    assert [o.action for o in outcomes] == ["updated", "updated"]
    hooks = json.loads(settings.read_text())["hooks"]["PreToolUse"]
    assert hooks[-1] == HOOK_ENTRY and len(hooks) == 3  # replaced, not duplicated
    assert install.status(profile, new_subs, env_for(home)) == "current"
    do("uninstall", "claude", home)
    assert settings.read_bytes() == original  # the backup is from before the first install


def test_someone_elses_hook_is_left_alone(home):
    settings = home / ".claude" / "settings.json"
    # A hook group the user extended by hand: not the shape caveman adds, so not caveman's to remove.
    mine = {"matcher": "Bash", "hooks": [{"type": "command", "command": "/opt/caveman/bin/caveman hook claude"},
                                         {"type": "command", "command": "audit.sh"}]}
    settings.write_text(json.dumps({"hooks": {"PreToolUse": [mine]}}))
    do("install", "claude", home)
    do("uninstall", "claude", home)
    assert json.loads(settings.read_text()) == {"hooks": {"PreToolUse": [mine]}}


def test_symlinked_settings_are_written_through(home, tmp_path):
    dotfiles = tmp_path / "dotfiles" / "settings.json"
    dotfiles.parent.mkdir()
    shutil.copy(SETTINGS / "claude_settings_odd_order.json", dotfiles)
    link = home / ".claude" / "settings.json"
    link.symlink_to(dotfiles)
    do("install", "claude", home)
    assert link.is_symlink() and json.loads(dotfiles.read_text())["hooks"]["PreToolUse"] == [HOOK_ENTRY]


def test_status_reports_each_state(home):
    profile = load_profile("claude")
    subs = Substitutions(caveman=CAVEMAN, agent="claude")
    assert install.status(profile, subs, env_for(home)) == "missing"
    do("install", "claude", home)
    assert install.status(profile, subs, env_for(home)) == "current"
    (home / ".claude.json").write_text("{}")
    assert install.status(profile, subs, env_for(home)) == "partial"
    (home / ".claude.json").write_text("{oops")
    assert install.status(profile, subs, env_for(home)).startswith(f"error: {home / '.claude.json'} is not valid JSON")
    assert install.status(load_profile("aider"), subs, env_for(home)) == "not installable"


# -- Codex: a marked TOML block -------------------------------------------------------------------

@pytest.mark.parametrize("fixture", ["codex_config.toml", "codex_config_no_newline.toml"])
def test_codex_toml_block_round_trip(tmp_path, fixture):
    home = tmp_path / "home"
    config = home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    shutil.copy(SETTINGS / fixture, config)
    original = config.read_bytes()
    do("install", "codex", home)
    text = config.read_text()
    assert text.startswith(original.decode())  # appended, nothing before it touched
    parsed = tomllib.loads(text)
    assert parsed["mcp_servers"]["caveman"] == {"command": "/opt/caveman/bin/caveman", "args": ["mcp"]}
    assert {k: v for k, v in parsed.items() if k != "mcp_servers"} == \
        {k: v for k, v in tomllib.loads(original.decode()).items() if k != "mcp_servers"}
    once = config.read_bytes()
    assert [o.action for o in do("install", "codex", home)] == ["current"] and config.read_bytes() == once
    assert [o.action for o in do("uninstall", "codex", home)] == ["restored"]
    assert config.read_bytes() == original


def test_codex_respects_codex_home_and_existing_server(tmp_path):
    home, codex_home = tmp_path / "home", tmp_path / "codex-home"
    codex_home.mkdir()
    (codex_home / "config.toml").write_text('[mcp_servers.caveman]\ncommand = "mine"\n')
    with pytest.raises(install.InstallError, match=r"already defines \[mcp_servers.caveman\] \(not caveman's block\)"):
        do("install", "codex", home, CODEX_HOME=str(codex_home))
    (codex_home / "config.toml").write_text("model = \n")
    with pytest.raises(install.InstallError, match="is not valid TOML"):
        do("install", "codex", home, CODEX_HOME=str(codex_home))


def test_gemini_and_opencode_merge(tmp_path):
    home = tmp_path / "home"
    (home / ".gemini").mkdir(parents=True)
    (home / ".config" / "opencode").mkdir(parents=True)
    shutil.copy(SETTINGS / "gemini_settings.json", home / ".gemini" / "settings.json")
    shutil.copy(SETTINGS / "opencode.json", home / ".config" / "opencode" / "opencode.json")
    original = snapshot(home)
    do("install", "gemini", home)
    do("install", "opencode", home)
    gem = json.loads((home / ".gemini" / "settings.json").read_text())
    assert list(gem) == ["theme", "mcpServers", "hooks", "general"]
    assert list(gem["hooks"]) == ["AfterTool", "BeforeTool"]
    assert gem["hooks"]["BeforeTool"] == [{"matcher": "run_shell_command", "hooks": [
        {"name": "caveman-shrink", "type": "command", "command": "/opt/caveman/bin/caveman hook gemini"}]}]
    assert gem["mcpServers"]["caveman"] == {"command": "/opt/caveman/bin/caveman", "args": ["mcp"]}
    oc_text = (home / ".config" / "opencode" / "opencode.json").read_text()
    assert oc_text.startswith('{\n\t"$schema"')  # tab indentation kept
    assert json.loads(oc_text)["mcp"]["caveman"] == {"type": "local", "command": ["/opt/caveman/bin/caveman", "mcp"],
                                                    "enabled": True}
    do("uninstall", "gemini", home)
    do("uninstall", "opencode", home)
    assert snapshot(home) == original


def test_python_module_form_splices_arguments(home):
    do("install", "claude", home, caveman=["/usr/bin/python3", "-m", "caveman_cli"])
    server = json.loads((home / ".claude.json").read_text())["mcpServers"]["caveman"]
    assert server["command"] == "/usr/bin/python3" and server["args"] == ["-m", "caveman_cli", "mcp"]
    hook = json.loads((home / ".claude" / "settings.json").read_text())["hooks"]["PreToolUse"][0]
    assert hook["hooks"][0]["command"] == "/usr/bin/python3 -m caveman_cli hook claude"
    do("uninstall", "claude", home, caveman=["/usr/bin/python3", "-m", "caveman_cli"])
    assert snapshot(home) == {}


@pytest.mark.parametrize("agent", [a for a in profile_names()
                                   if load_profile(a).can_install])
def test_every_installable_profile_round_trips(tmp_path, agent):
    home = tmp_path / "home"
    home.mkdir()
    first = do("install", agent, home)
    assert {o.action for o in first} == {"added"}
    once = snapshot(home)
    assert {o.action for o in do("install", agent, home)} == {"current"} and snapshot(home) == once
    assert install.status(load_profile(agent), Substitutions(caveman=CAVEMAN, agent=agent), env_for(home)) == "current"
    assert {o.action for o in do("uninstall", agent, home)} == {"restored"}
    assert snapshot(home) == {}
    assert {o.action for o in do("uninstall", agent, home)} == {"missing"}
