"""The shrink hook: which commands are rewritten, and that a rewritten command runs exactly the
argv the original would have run (checked by executing both through bash)."""
from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from launch_profiles.hook import ALLOWED_FIRST_WORDS, answer, has_shell_syntax, refusal, rewrite

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "fixtures" / "hooks"
CAVEMAN = ["/opt/caveman/bin/caveman"]


@pytest.mark.parametrize("command", [
    "pytest -q",
    "git status",
    "git log --format='%h %s' -n 5",
    'grep -rn "a|b; c > d" src',  # operators inside quotes are literal
    "ls *.py",
    "rg 'naïve café' ~/notes",
    "npm test -- --coverage",
    "kubectl get pods -A",
    "docker ps -a",
    "find . -name '*.tmp'",
    "ls ${HOME}",
])
def test_allowed_commands_are_rewritten(command):
    assert refusal(command) is None
    assert rewrite(command, CAVEMAN) == f"/opt/caveman/bin/caveman tools shrink -- {command}"


@pytest.mark.parametrize("command, reason", [
    ("git log | head", "shell syntax"),
    ("make && make install", "shell syntax"),
    ("ls; rm -rf x", "shell syntax"),
    ("ls > out.txt", "shell syntax"),
    ("grep x < in.txt", "shell syntax"),
    ("ls `pwd`", "shell syntax"),
    ('ls "$(pwd)"', "shell syntax"),  # command substitution runs inside double quotes
    ("ls $'a\\'b'", "shell syntax"),
    ("git status &", "shell syntax"),
    ("ls (x)", "shell syntax"),
    ("git status \\", "shell syntax"),
    ("git status\nrm -rf x", "shell syntax"),
    ("git log 'unclosed", "shell syntax"),
    ("rm -rf build", "allow-list"),
    ("python -m pytest", "allow-list"),
    ("FOO=1 pytest", "allow-list"),
    ("/usr/bin/git status", "allow-list"),
    ("caveman tools shrink -- pytest", "allow-list"),
    ("git -C /opt/caveman/bin/caveman status", "already under caveman"),
    ("docker logs -f web", "follow"),
    ("kubectl logs --follow pod", "follow"),
    ("kubectl logs --tail=20 pod", "follow"),
    ("docker run -it ubuntu", "follow"),
    ("jest --watch", "follow"),
    ("git push -f", "follow"),
    ("git commit -m 'x'", "interactive or changes state"),
    ("git -C repo rebase main", "interactive or changes state"),
    ("git mergetool", "interactive or changes state"),
    ("docker exec web ls", "interactive or changes state"),
    ("kubectl edit deploy/web", "interactive or changes state"),
    ("terraform apply", "interactive or changes state"),
    ("npm init", "interactive or changes state"),
    ("   ", "empty"),
])
def test_refused_commands(command, reason):
    assert reason in (refusal(command) or "")
    assert rewrite(command, CAVEMAN) is None


def test_allow_list_is_the_reference_list():
    assert ALLOWED_FIRST_WORDS == set(
        "git cargo go npm pnpm yarn pip pip3 pytest make jest vitest tsc eslint mypy ruff pylint mvn gradle "
        "dotnet rspec bundle grep rg ag egrep fgrep find ls tree du df ps docker kubectl terraform helm aws "
        "gcloud az gh".split())


def test_quoted_operators_are_not_syntax():
    assert not has_shell_syntax("grep -E 'a|b' \"c;d\" e\\|f")
    assert has_shell_syntax("grep -E \"`id`\"")


def test_caveman_path_with_spaces_is_quoted():
    assert rewrite("ls", ["/opt/my tools/python", "-m", "caveman_cli"]) == \
        "'/opt/my tools/python' -m caveman_cli tools shrink -- ls"


# -- recorded payloads --------------------------------------------------------------------------

EXPECTED_REWRITES = {
    "claude_pytest": "pytest -q tests/test_cart.py",
    "claude_git_log_quotes": "git log --format='%h %s' -n 5 -- \"src/shop cart.py\"",
    "claude_grep_unicode_var": "grep -rn \"naïve café\" $HOME/notes *.md",
    # Recorded from Claude Code 2.1.197 (its PreToolUse stdin, teed to a file).
    "claude_recorded_git_log_quotes": "git log --format='%h %s' -n 3 -- \"src/shop cart.py\"",
}
EXPECTED_REFUSALS = ["claude_pipe", "claude_and", "claude_git_commit", "claude_follow", "claude_not_allowed",
                     "claude_background", "claude_already", "claude_subst", "claude_read_tool", "claude_recorded_pipe"]


def test_every_recorded_payload_has_an_expectation():
    names = {p.stem for p in HOOKS.glob("claude_*.json")}
    assert names == set(EXPECTED_REWRITES) | set(EXPECTED_REFUSALS)


@pytest.fixture(autouse=True)
def claude_home(tmp_path, monkeypatch):
    """A user whose Claude Code settings allow pytest without asking (and nothing else)."""
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(json.dumps({"permissions": {"allow": ["Bash(pytest:*)"]}}))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    return home


@pytest.mark.parametrize("name", sorted(EXPECTED_REWRITES))
def test_claude_payload_rewrites(name):
    raw = (HOOKS / f"{name}.json").read_bytes()
    payload = json.loads(raw)
    out = json.loads(answer("claude", raw, CAVEMAN))
    assert out == {"hookSpecificOutput": {
        "hookEventName": "PreToolUse", "permissionDecision": "allow",
        "updatedInput": {**payload["tool_input"],
                         "command": "/opt/caveman/bin/caveman tools shrink -- " + EXPECTED_REWRITES[name]}}}


@pytest.mark.parametrize("name", EXPECTED_REFUSALS)
def test_claude_payload_refusals(name):
    assert answer("claude", (HOOKS / f"{name}.json").read_bytes(), CAVEMAN) == b""


def test_gemini_payloads():
    out = json.loads(answer("gemini", (HOOKS / "gemini_cargo.json").read_bytes(), CAVEMAN))
    assert out == {"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {
        "command": "/opt/caveman/bin/caveman tools shrink -- cargo test --workspace"}}}
    assert answer("gemini", (HOOKS / "gemini_redirect.json").read_bytes(), CAVEMAN) == b""
    # A Claude payload sent to the Gemini format (and the reverse) is not understood: no answer.
    assert answer("gemini", (HOOKS / "claude_pytest.json").read_bytes(), CAVEMAN) == b""
    assert answer("claude", (HOOKS / "gemini_cargo.json").read_bytes(), CAVEMAN) == b""


@pytest.mark.parametrize("raw", [b"", b"not json", b"[1, 2]", b"\xff\xfe", b'{"tool_name": "Bash"}',
                                 b'{"tool_name": "Bash", "tool_input": {"command": 7}}',
                                 b'{"tool_name": "Bash", "tool_input": "pytest"}',
                                 b'{"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"}}'])
def test_unexpected_payloads_give_no_answer(raw):
    assert answer("claude", raw, CAVEMAN) == b""


# -- the real command: stdout, exit status ------------------------------------------------------

def test_cli_hook_rewrites_with_this_caveman(cli, claude_home):
    proc = cli("hook", "claude", stdin=(HOOKS / "claude_pytest.json").read_bytes(), env={"HOME": str(claude_home)})
    assert proc.returncode == 0 and proc.stderr == b""
    command = json.loads(proc.stdout)["hookSpecificOutput"]["updatedInput"]["command"]
    # Run as `python -m caveman_cli`, the hook names this interpreter and module.
    assert command == f"{shlex.quote(sys.executable)} -m caveman_cli tools shrink -- pytest -q tests/test_cart.py"


@pytest.mark.parametrize("agent, payload", [("claude", b"garbage"), ("nosuchagent", b"{}"),
                                            ("codex", (HOOKS / "claude_pytest.json").read_bytes()),
                                            ("aider", (HOOKS / "claude_pytest.json").read_bytes()),
                                            ("../claude", (HOOKS / "claude_pytest.json").read_bytes()),
                                            ("claude", (HOOKS / "claude_pipe.json").read_bytes())])
def test_cli_hook_never_blocks(cli, agent, payload):
    proc = cli("hook", agent, stdin=payload)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")


# -- quoting survives: run original and rewrite through bash, compare the argv ---------------------

RECORDER = """#!{python}
import json, os, sys
with open(os.environ["ARGV_LOG"], "a", encoding="utf-8") as fh:
    fh.write(json.dumps(sys.argv[1:], ensure_ascii=False) + "\\n")
"""
# Stands in for `caveman tools shrink -- CMD…`: checks its own arguments, then runs CMD as shrink does.
FAKE_CAVEMAN = """#!{python}
import os, sys
assert sys.argv[1:4] == ["tools", "shrink", "--"], sys.argv
os.execvp(sys.argv[4], sys.argv[4:])
"""


@pytest.fixture
def shell_sandbox(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("git", "grep", "ls", "find"):
        (bin_dir / name).write_text(RECORDER.format(python=sys.executable))
        (bin_dir / name).chmod(0o755)
    fake = tmp_path / "cave man" / "caveman"  # a space in the path, on purpose
    fake.parent.mkdir()
    fake.write_text(FAKE_CAVEMAN.format(python=sys.executable))
    fake.chmod(0o755)
    work = tmp_path / "work"
    work.mkdir()
    for name in ("a.py", "b c.py", "ünï.py", ".hidden.py"):
        (work / name).write_text("")
    log = tmp_path / "argv.log"
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "ARGV_LOG": str(log), "HOME": "/home/tester",
           "TARGET": "two words", "LANG": "C.UTF-8"}

    def run(command: str) -> list[str]:
        log.write_text("")
        subprocess.run(["bash", "-c", command], cwd=work, env=env, check=True, timeout=30)
        return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]

    return run, [str(fake)]


@pytest.mark.parametrize("command", [
    "git log --format='%h %s' -n 5 -- \"src/shop cart.py\"",
    "grep -rn \"naïve café\" $HOME/notes *.py",
    "ls *.py",
    "ls -- '*.py' \"$TARGET\" $TARGET ${TARGET}x",
    "find . -name \"*.py\" -newer 'b c.py'",
    "git commit-tree 'it'\\''s' \"say \\\"hi\\\"\" \\$HOME",
    "ls ~ ~/x 'tab\there' ✓ 日本語",
    "git grep -e 'a|b' -e \"c;d\" -e e\\&f",
    "ls {a,b}.py",
])
def test_rewritten_command_runs_the_same_argv(shell_sandbox, command):
    run, caveman = shell_sandbox
    rewritten = rewrite(command, caveman)
    assert rewritten is not None
    direct = run(command)
    assert direct and run(rewritten) == direct


_WORD = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=0, max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_WORD, min_size=1, max_size=5))
def test_any_quoted_arguments_survive(shell_sandbox, words):
    run, caveman = shell_sandbox
    command = "git " + " ".join(shlex.quote(w) for w in words)
    rewritten = rewrite(command, caveman)
    if rewritten is None:  # refused (e.g. a word that is a follow flag): nothing to compare
        assert refusal(command) is not None
        return
    assert run(rewritten) == run(command) == [words]
