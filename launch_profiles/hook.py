"""`caveman hook AGENT`: decide whether an agent's shell command may run under `caveman tools shrink`.

The rewrite keeps the agent's command text exactly and puts `<caveman> tools shrink --` in front
of it. The agent's own shell then parses the same words the same way (quotes, `$VARS`, globs,
`~`, unicode), so the argv shrink receives is the argv the command would have had; shrink
executes it without a second shell. That only holds for a single simple command, hence the
exclusions: anything with an unquoted shell operator, a command substitution, a newline or a
trailing backslash is left alone, as is everything the allow-list does not name.

Claude Code: the answer carries `permissionDecision: "allow"`, which skips Claude Code's own
prompt, so it is given only for commands Claude Code would have run unprompted anyway
(launch_profiles/claude_permissions.py); the rest are left for Claude Code to ask about.

Fail closed: any doubt, unknown agent or odd payload means no answer at all (exit 0, empty
stdout), which every agent reads as "carry on unchanged".
"""
from __future__ import annotations

import json
import os
import shlex
from collections.abc import Callable, Sequence
from typing import Any

#: First words whose output shrink is known to help with (REFERENCE.md, "Launch profiles").
ALLOWED_FIRST_WORDS = frozenset("""
    git cargo go npm pnpm yarn pip pip3 pytest make jest vitest tsc eslint mypy ruff pylint mvn
    gradle dotnet rspec bundle grep rg ag egrep fgrep find ls tree du df ps docker kubectl
    terraform helm aws gcloud az gh
""".split())

#: Flags that follow, watch or attach: the command never ends or needs a person, and shrink
#: buffers until the end.
STREAMING_FLAGS = frozenset({"-f", "-it", "-ti", "-w", "--follow", "--watch", "--interactive", "--tail"})

#: Subcommands that open an editor, change history or attach to something interactive.
EXCLUDED_SUBCOMMANDS: dict[str, frozenset[str]] = {
    "git": frozenset({"commit", "rebase", "mergetool"}),
    "docker": frozenset({"run", "exec", "attach"}),
    "kubectl": frozenset({"edit", "exec", "attach"}),
    "terraform": frozenset({"apply", "destroy"}),
    "npm": frozenset({"init"}),
    "yarn": frozenset({"init"}),
    "pnpm": frozenset({"init"}),
}

#: Subcommands that serve or watch until stopped (a dev server, a file watcher, a tunnel):
#: shrink shows nothing until the command ends, so an agent whose tool call times out would
#: see no line of what it printed, where unwrapped it sees the output so far. Each maps to the
#: flags that make it return instead (`docker compose up -d`).
NEVER_ENDING: dict[str, dict[str, frozenset[str]]] = {
    "npm": {"start": frozenset(), "dev": frozenset(), "serve": frozenset()},
    "pnpm": {"start": frozenset(), "dev": frozenset(), "serve": frozenset()},
    "yarn": {"start": frozenset(), "dev": frozenset(), "serve": frozenset()},
    "docker": {"up": frozenset({"-d", "--detach", "--wait"}), "watch": frozenset()},
    "kubectl": {"port-forward": frozenset(), "proxy": frozenset()},
    "cargo": {"watch": frozenset()},
    "dotnet": {"watch": frozenset()},
    "gradle": {"bootRun": frozenset(), "--continuous": frozenset(), "-t": frozenset()},
    "mvn": {"spring-boot:run": frozenset(), "quarkus:dev": frozenset(), "jetty:run": frozenset()},
}

#: Characters that end a simple command or redirect it, when not quoted.
_OPERATOR_CHARS = frozenset("|&;<>()`")


def has_shell_syntax(command: str) -> bool:
    """True when `command` is more than one simple command: an unquoted operator, a command
    substitution (even inside double quotes, where the shell still runs it), a newline, a
    trailing backslash, or unbalanced quotes."""
    if "\n" in command or "\r" in command or command.rstrip().endswith("\\"):
        return True
    quote = ""  # "" outside quotes, else the open quote character
    i, n = 0, len(command)
    while i < n:
        ch = command[i]
        if quote == "'":
            if ch == "'":
                quote = ""
        elif ch == "\\":
            i += 1  # the next character is literal (inside double quotes too, for our purposes)
        elif ch == "`" or (ch == "$" and command.startswith("$(", i)):
            return True
        elif quote == "" and ch == "$" and command[i + 1:i + 2] in ("'", '"'):
            return True  # $'…' and $"…" quote by rules this scanner does not follow
        elif quote == '"':
            if ch == '"':
                quote = ""
        elif ch in ("'", '"'):
            quote = ch
        elif ch in _OPERATOR_CHARS:
            return True
        i += 1
    return quote != ""


def refusal(command: str) -> str | None:
    """Why `command` must not be rewritten, or None when the rewrite is safe."""
    if not command.strip():
        return "empty command"
    if has_shell_syntax(command):
        return "shell syntax (operator, substitution, newline or open quote)"
    try:
        words = shlex.split(command, posix=True)
    except ValueError:
        return "unbalanced quoting"
    if not words:
        return "empty command"
    first = words[0]
    if first not in ALLOWED_FIRST_WORDS:
        return f"first word {first!r} is not on the allow-list"
    # Checked on the raw words too, so `-f` written as '-f' cannot slip through.
    for word in words[1:]:
        flag = word.split("=", 1)[0] if word.startswith("--") else word
        if flag in STREAMING_FLAGS:
            return f"follow/watch/interactive flag {word!r}"
        if os.path.basename(word) == "caveman" or "caveman_cli" in word:
            return "already under caveman"
    excluded = EXCLUDED_SUBCOMMANDS.get(first, frozenset())
    # Any later word, not only the second: `git -C repo commit` must not slip through.
    hit = next((w for w in words[1:] if w in excluded), None)
    if hit:
        return f"{first} {hit} is interactive or changes state"
    never = NEVER_ENDING.get(first, {})
    serving = next((w for w in words[1:] if w in never and not never[w].intersection(words)), None)
    if serving:
        return f"{first} {serving} runs until stopped"
    return None


def rewrite(command: str, caveman_argv: Sequence[str]) -> str | None:
    """The command to run instead, or None to leave it alone."""
    if refusal(command) is not None:
        return None
    prefix = " ".join(shlex.quote(part) for part in caveman_argv)
    return f"{prefix} tools shrink -- {command.strip()}"


# -- the agents' hook formats -------------------------------------------------------------------

def _claude(payload: dict[str, Any], caveman_argv: Sequence[str]) -> dict[str, Any] | None:
    if payload.get("hook_event_name", "PreToolUse") != "PreToolUse" or payload.get("tool_name") != "Bash":
        return None
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict) or not isinstance(tool_input.get("command"), str):
        return None
    # Shrink buffers to the end; a background command is read while it runs.
    if tool_input.get("run_in_background") is True:
        return None
    command = tool_input["command"]
    new = rewrite(command, caveman_argv)
    if new is None:
        return None
    # "allow" skips Claude Code's prompt; say it only where Claude Code would not have asked.
    from launch_profiles.claude_permissions import would_run_unprompted

    cwd = payload.get("cwd") if isinstance(payload.get("cwd"), str) else None
    if not would_run_unprompted(command, shlex.split(command), payload.get("permission_mode"), cwd, os.environ):
        return None
    # The whole input, so description/timeout survive whether Claude Code merges or replaces.
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                                   "updatedInput": {**tool_input, "command": new}}}


def _gemini(payload: dict[str, Any], caveman_argv: Sequence[str]) -> dict[str, Any] | None:
    if payload.get("hook_event_name", "BeforeTool") != "BeforeTool" or payload.get("tool_name") != "run_shell_command":
        return None
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict) or not isinstance(tool_input.get("command"), str):
        return None
    new = rewrite(tool_input["command"], caveman_argv)
    if new is None:
        return None
    # Gemini CLI merges hookSpecificOutput.tool_input over the model's arguments; no decision
    # field, so its own confirmation rules stay in charge.
    return {"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {"command": new}}}


#: Hook answer formats by name; a profile names one in `[hook] format`.
FORMATS: dict[str, Callable[[dict[str, Any], Sequence[str]], dict[str, Any] | None]] = {
    "claude": _claude,
    "gemini": _gemini,
}


def answer(format_name: str, raw: bytes, caveman_argv: Sequence[str]) -> bytes:
    """The bytes to print for a hook payload: a rewrite in the agent's format, or nothing."""
    handler = FORMATS.get(format_name)
    if handler is None:
        return b""
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return b""
    if not isinstance(payload, dict):
        return b""
    result = handler(payload, caveman_argv)
    if result is None:
        return b""
    return (json.dumps(result, ensure_ascii=False) + "\n").encode("utf-8")


def main(agent: str) -> int:
    """The whole of `caveman hook AGENT`, importable without the CLI framework (typer costs
    more than the rest of the hook together, and the hook runs before every shell command)."""
    import sys

    try:
        from launch_profiles.loader import caveman_argv, load_profile

        profile = load_profile(agent)
        if profile.hook is not None:
            out = answer(profile.hook.format, sys.stdin.buffer.read(), caveman_argv())
            if out:
                sys.stdout.buffer.write(out)
                sys.stdout.buffer.flush()
    except BaseException:  # noqa: BLE001  (a hook that fails must look like a hook that passed)
        pass
    return 0
