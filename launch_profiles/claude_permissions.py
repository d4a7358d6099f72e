"""Would Claude Code have run this Bash command without asking? The hook only says "allow"
when the answer is yes.

Why: a PreToolUse answer of `permissionDecision: "allow"` skips Claude Code's permission
prompt, and without it Claude Code checks its rules against the *rewritten* command, which no
rule names (measured with Claude Code 2.1.197: with "allow", `git push origin main` ran without
approval; with no decision, even `ls -la` needed approval once rewritten). So the hook rewrites
only commands the user's own configuration already lets run:

- permission mode `bypassPermissions`;
- a command that matches one of the user's `allow` rules (`Bash(npm test)`, `Bash(git diff:*)`,
  `Bash(npm run *)`, `Bash`) in user, project, local or managed settings, and no `deny`/`ask`
  rule;
- a read-only inspection (ls, du, df, ps, grep/rg/ag, find without actions, git status/log/
  diff/show without global options or --output), which Claude Code runs unprompted as well.

Everything else is left for Claude Code to ask about, unchanged. Unreadable settings: no rewrite.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

_READ_ONLY_ANY_ARGS = frozenset({"ls", "du", "df", "ps", "grep", "egrep", "fgrep", "ag"})
_GIT_READ_ONLY = frozenset({"status", "log", "diff", "show"})
#: find actions that run, delete or write.
_FIND_ACTIONS = frozenset({"-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls"})
MANAGED_SETTINGS = Path("/etc/claude-code/managed-settings.json")


def read_only(words: Sequence[str]) -> bool:
    first, rest = words[0], words[1:]
    if any(w.startswith("--pager") for w in rest):  # ag --pager CMD runs CMD (shrink gives it a tty)
        return False
    if first in _READ_ONLY_ANY_ARGS:
        return True
    if first == "rg":  # --pre runs a program on every file
        return not any(w.startswith("--pre") for w in rest)
    if first == "find":
        return not any(w in _FIND_ACTIONS for w in rest)
    if first == "git":  # global options (-c, -C, --exec-path…) can run programs; --output writes
        return bool(rest) and rest[0] in _GIT_READ_ONLY and not any(
            w.startswith("--output") or w.startswith("--ext-diff") or w.startswith("--textconv") for w in rest)
    return False


def _rule_matches(rule: str, command: str) -> bool:
    if rule in ("Bash", "Bash(*)"):
        return True
    match = re.fullmatch(r"Bash\((.*)\)", rule, flags=re.S)
    if not match:
        return False
    pattern = match.group(1).strip()
    if pattern.endswith(":*"):
        prefix = pattern[:-2].rstrip()
        return command == prefix or command.startswith(prefix + " ")
    if "*" in pattern:
        return re.fullmatch(".*".join(re.escape(p) for p in pattern.split("*")), command, flags=re.S) is not None
    return command == pattern


def settings_files(env: Mapping[str, str], cwd: str | None) -> list[Path]:
    home = env.get("HOME") or os.path.expanduser("~")
    user_dir = Path(env.get("CLAUDE_CONFIG_DIR") or Path(home, ".claude"))
    files = [MANAGED_SETTINGS, user_dir / "settings.json"]
    if cwd:
        files += [Path(cwd, ".claude", "settings.json"), Path(cwd, ".claude", "settings.local.json")]
    return files


class Unreadable(Exception):
    pass


def _rules(files: Sequence[Path]) -> dict[str, list[str]]:
    rules: dict[str, list[str]] = {"allow": [], "deny": [], "ask": []}
    for path in files:
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise Unreadable(str(path)) from exc
        try:
            data = json.loads(raw) if raw.strip() else {}
        except ValueError as exc:
            raise Unreadable(str(path)) from exc
        perms = data.get("permissions") if isinstance(data, dict) else None
        if not isinstance(perms, dict):
            continue
        for kind in rules:
            values = perms.get(kind, [])
            if isinstance(values, list):
                rules[kind] += [v for v in values if isinstance(v, str)]
    return rules


def would_run_unprompted(command: str, words: Sequence[str], permission_mode: object, cwd: str | None,
                         env: Mapping[str, str]) -> bool:
    try:
        rules = _rules(settings_files(env, cwd))
    except Unreadable:
        return False
    command = command.strip()
    if any(_rule_matches(r, command) for r in rules["deny"] + rules["ask"]):
        return False
    if permission_mode == "bypassPermissions":
        return True
    if read_only(words):
        return True
    if permission_mode == "plan":  # planning runs nothing that changes state
        return False
    return any(_rule_matches(r, command) for r in rules["allow"])
