"""Read and validate the agent profiles (`launch_profiles/*.toml`) into frozen dataclasses.

A profile is data: which executable to run, the environment to set or remove, the edits that
wire the agent up (its shell hook, the caveman MCP server entry) and the files those edits go
into, persistently and for one run. Adding an agent means adding a file; nothing here names one.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROFILE_DIR = Path(__file__).resolve().parent
EDIT_KINDS = ("set", "append", "toml_table")
FORMATS = ("json", "toml")


class ProfileError(ValueError):
    """A profile file that does not describe an agent the way the loader expects."""


@dataclass(frozen=True)
class Edit:
    """One addition: `set` a key, `append` an item to a list, or add a TOML `toml_table`."""

    name: str
    kind: str
    at: tuple[str, ...]
    value: Any


@dataclass(frozen=True)
class ConfigFile:
    path: str  # a template: ${VAR:-default}, ~, {tmp}
    format: str
    edits: tuple[str, ...]
    copy_from: str | None = None  # one-shot only: start from this file's contents
    env_var: str | None = None  # one-shot only: hand the content over in this variable, no file


@dataclass(frozen=True)
class HookSpec:
    format: str
    event: str
    tool: str


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    executable: str
    notes: str
    env_set: Mapping[str, str]
    env_remove: tuple[str, ...]
    hook: HookSpec | None
    edits: Mapping[str, Edit]
    persistent: tuple[ConfigFile, ...]
    temporary: tuple[ConfigFile, ...]
    temporary_args: tuple[str, ...]
    temporary_env: Mapping[str, str]
    temporary_copies: tuple[tuple[str, str], ...] = field(default=())

    @property
    def can_install(self) -> bool:
        return bool(self.persistent)


def profile_names(directory: Path = PROFILE_DIR) -> list[str]:
    """Agent names, without parsing anything (this runs at every caveman start)."""
    return sorted(p.stem for p in directory.glob("*.toml"))


def _str(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or (default is None and not value):
        raise ProfileError(f"{where}: `{key}` must be a non-empty string")
    return value


def _strs(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ProfileError(f"{where}: `{key}` must be a list of strings")
    return tuple(value)


def _str_map(data: Mapping[str, Any], key: str, where: str) -> dict[str, str]:
    value = data.get(key, {})
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ProfileError(f"{where}: `{key}` must be a table of strings")
    return dict(value)


def _files(raw: Any, edits: Mapping[str, Edit], where: str, temporary: bool) -> tuple[ConfigFile, ...]:
    if not isinstance(raw, list):
        raise ProfileError(f"{where}: `files` must be an array of tables")
    out = []
    for i, item in enumerate(raw):
        w = f"{where}.files[{i}]"
        fmt = _str(item, "format", w)
        if fmt not in FORMATS:
            raise ProfileError(f"{w}: format {fmt!r} is not one of {', '.join(FORMATS)}")
        names = _strs(item, "edits", w)
        for n in names:
            if n not in edits:
                raise ProfileError(f"{w}: edit {n!r} is not defined under [edits]")
            if (edits[n].kind == "toml_table") != (fmt == "toml"):
                raise ProfileError(f"{w}: edit {n!r} ({edits[n].kind}) does not fit a {fmt} file")
        copy_from, env_var = item.get("copy_from"), item.get("env_var")
        if not temporary and (copy_from or env_var):
            raise ProfileError(f"{w}: copy_from and env_var belong to [temporary] files only")
        path = item.get("path", "")
        if not env_var and not path:
            raise ProfileError(f"{w}: a file needs a `path` (or, one-shot, an `env_var`)")
        out.append(ConfigFile(path=path, format=fmt, edits=names, copy_from=copy_from, env_var=env_var))
    return tuple(out)


def parse_profile(name: str, data: Mapping[str, Any]) -> Profile:
    where = f"profile {name}"
    edits: dict[str, Edit] = {}
    for ename, raw in data.get("edits", {}).items():
        w = f"{where}: edits.{ename}"
        kind = _str(raw, "kind", w)
        if kind not in EDIT_KINDS:
            raise ProfileError(f"{w}: kind {kind!r} is not one of {', '.join(EDIT_KINDS)}")
        at = _strs(raw, "at", w)
        if not at or "value" not in raw:
            raise ProfileError(f"{w}: needs `at` (a key path) and `value`")
        edits[ename] = Edit(name=ename, kind=kind, at=at, value=raw["value"])
    hook = None
    if "hook" in data:
        h = data["hook"]
        hook = HookSpec(format=_str(h, "format", f"{where}: hook"), event=_str(h, "event", f"{where}: hook"),
                        tool=_str(h, "tool", f"{where}: hook"))
    env = data.get("env", {})
    persistent = data.get("persistent", {})
    temporary = data.get("temporary", {})
    copies = []
    for i, c in enumerate(temporary.get("copies", [])):
        copies.append((_str(c, "from", f"{where}: temporary.copies[{i}]"), _str(c, "to", f"{where}: temporary.copies[{i}]")))
    return Profile(
        name=name,
        title=_str(data, "title", where),
        executable=_str(data, "executable", where),
        notes=_str(data, "notes", where, default=""),
        env_set=_str_map(env, "set", f"{where}: env"),
        env_remove=_strs(env, "remove", f"{where}: env"),
        hook=hook,
        edits=edits,
        persistent=_files(persistent.get("files", []), edits, f"{where}: persistent", temporary=False),
        temporary=_files(temporary.get("files", []), edits, f"{where}: temporary", temporary=True),
        temporary_args=_strs(temporary, "args", f"{where}: temporary"),
        temporary_env=_str_map(temporary, "env", f"{where}: temporary"),
        temporary_copies=tuple(copies),
    )


def load_profile(name: str, directory: Path = PROFILE_DIR) -> Profile:
    if not re.fullmatch(r"[a-z][a-z0-9_-]*", name) or not (directory / f"{name}.toml").is_file():
        known = ", ".join(profile_names(directory))
        raise ProfileError(f"no launch profile for {name!r} (known: {known})")
    path = directory / f"{name}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ProfileError(f"cannot read {path}: {exc}") from exc
    return parse_profile(name, data)


# -- templates ---------------------------------------------------------------------------------

def caveman_argv(argv0: str | None = None) -> list[str]:
    """How an agent should start this caveman: an absolute path, so PATH differences between
    the user's shell and the agent's hook runner do not matter."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    if argv0 and os.path.basename(argv0) == "caveman" and os.access(argv0, os.X_OK):
        return [os.path.abspath(argv0)]
    if argv0.endswith(("__main__.py", "-m")):  # `python -m caveman_cli`: keep running this code
        return [sys.executable, "-m", "caveman_cli"]
    found = shutil.which("caveman")
    if found:
        return [os.path.abspath(found)]
    return [sys.executable, "-m", "caveman_cli"]


_ENV_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


def expand_path(template: str, env: Mapping[str, str], tmp: str | None = None) -> Path:
    """`${VAR:-default}` from `env` (empty counts as unset), then `~` from env's HOME, then {tmp}."""
    text = _ENV_REF.sub(lambda m: env.get(m.group(1)) or (m.group(2) or ""), template)
    if text.startswith("~"):
        home = env.get("HOME") or os.path.expanduser("~")
        text = home + text[1:]
    if tmp is not None:
        text = text.replace("{tmp}", tmp)
    return Path(text)


@dataclass(frozen=True)
class Substitutions:
    caveman: Sequence[str]
    agent: str
    tmp: str | None = None

    @property
    def hook_command(self) -> str:
        import shlex

        return " ".join(shlex.quote(p) for p in self.caveman) + f" hook {self.agent}"

    def fill(self, value: Any) -> Any:
        """Replace placeholders in a profile value: "{caveman}" (the executable), a list item
        "{caveman_args}" (the rest of its argv, spliced), "{hook_command}", "{tmp}"."""
        if isinstance(value, str):
            out = value.replace("{hook_command}", self.hook_command).replace("{caveman}", self.caveman[0])
            return out.replace("{tmp}", self.tmp) if self.tmp is not None else out
        if isinstance(value, list):
            items: list[Any] = []
            for item in value:
                if item == "{caveman_args}":
                    items.extend(self.caveman[1:])
                else:
                    items.append(self.fill(item))
            return items
        if isinstance(value, dict):
            return {k: self.fill(v) for k, v in value.items()}
        return value
