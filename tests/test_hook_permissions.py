"""The hook says "allow" (which skips Claude Code's prompt) only for commands Claude Code would
have run unprompted anyway; everything else stays Claude Code's question."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from launch_profiles.claude_permissions import _rule_matches, read_only
from launch_profiles.hook import answer

CAVEMAN = ["/opt/caveman"]


def payload(command: str, mode: str = "default", cwd: str = "/nonexistent/project") -> bytes:
    return json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Bash", "permission_mode": mode, "cwd": cwd,
                       "tool_input": {"command": command}}).encode()


@pytest.fixture
def user(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)

    def allow(*rules: str, kind: str = "allow", where: Path | None = None) -> None:
        path = where or home / ".claude" / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.loads(path.read_text()) if path.exists() else {"permissions": {}}
        data["permissions"].setdefault(kind, []).extend(rules)
        path.write_text(json.dumps(data))

    allow.home = home
    return allow


def rewritten(command: str, **kw) -> bool:
    out = answer("claude", payload(command, **kw), CAVEMAN)
    if out:
        assert json.loads(out)["hookSpecificOutput"]["updatedInput"]["command"] == f"/opt/caveman tools shrink -- {command}"
    return bool(out)


def test_commands_that_need_approval_are_left_to_claude(user):
    for command in ("pytest -q", "git push origin main", "npm install", "make", "kubectl delete pod web", "gh pr merge 7"):
        assert not rewritten(command), command


def test_read_only_commands_are_rewritten(user):
    for command in ("ls -la", "git status", "git log -n 5", "git diff HEAD~1", "grep -rn TODO src", "rg foo",
                    "find . -name '*.py'", "du -sh .", "ps aux"):
        assert rewritten(command), command


@pytest.mark.parametrize("words", [["find", ".", "-delete"], ["find", ".", "-exec", "rm", "{}", ";"],
                                   ["git", "-c", "core.pager=x", "log"], ["git", "branch", "new"],
                                   ["git", "diff", "--output=patch.txt"], ["git", "diff", "--ext-diff"],
                                   ["rg", "--pre=sh", "x"], ["ag", "--pager", "sh", "x"], ["git"], ["tree", "-o", "out.txt"], ["pytest"]])
def test_not_read_only(words):
    assert not read_only(words)


def test_user_allow_rules(user):
    user("Bash(pytest:*)", "Bash(npm run *)", "Bash(make test)")
    assert rewritten("pytest -q") and rewritten("pytest")
    assert not rewritten("pytestx")  # a prefix rule ends at a word
    assert rewritten("npm run lint") and not rewritten("npm install")
    assert rewritten("make test") and not rewritten("make test-all")


def test_deny_and_ask_rules_win(user):
    user("Bash")
    assert rewritten("cargo build")
    user("Bash(git log:*)", kind="deny")
    user("Bash(cargo:*)", kind="ask")
    assert not rewritten("git log -n 1") and not rewritten("cargo build") and rewritten("git status")


def test_project_and_local_settings_count(user, tmp_path):
    project = tmp_path / "project"
    user("Bash(cargo test:*)", where=project / ".claude" / "settings.local.json")
    user("Bash(go test:*)", where=project / ".claude" / "settings.json")
    assert rewritten("cargo test", cwd=str(project)) and rewritten("go test ./...", cwd=str(project))
    assert not rewritten("cargo test")  # another project


def test_permission_modes(user):
    assert rewritten("git push origin main", mode="bypassPermissions")
    user("Bash(pytest:*)")
    assert not rewritten("pytest -q", mode="plan") and rewritten("ls", mode="plan")
    assert rewritten("pytest -q", mode="acceptEdits")


def test_claude_config_dir(user, tmp_path, monkeypatch):
    config = tmp_path / "cfg"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"permissions": {"allow": ["Bash(pytest:*)"]}}))
    assert not rewritten("pytest")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    assert rewritten("pytest")


def test_unreadable_settings_mean_no_rewrite(user):
    (user.home / ".claude" / "settings.json").write_text("{broken")
    assert not rewritten("ls")


@pytest.mark.parametrize("rule, command, expected", [
    ("Bash(git diff:*)", "git diff", True), ("Bash(git diff:*)", "git diff --stat", True),
    ("Bash(git diff:*)", "git difftool", False), ("Bash(npm test)", "npm test", True),
    ("Bash(npm test)", "npm test -- -u", False), ("Bash(npm run *)", "npm run build", True),
    ("Bash(* --version)", "go --version", True), ("Bash", "anything", True), ("Read(./x)", "ls", False),
    ("Bash(*)", "x", True),
])
def test_rule_matching(rule, command, expected):
    assert _rule_matches(rule, command) is expected
