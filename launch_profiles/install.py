"""Apply a profile's edits to an agent's configuration files, and take them back out.

Rules, in order of importance:
- A file that does not parse is reported and never written.
- Only caveman's own entries change; every other key, value and their order stay.
- Installing twice leaves the same bytes as installing once (nothing is written when current).
- Before the first change a backup of the original bytes is kept next to the file
  (`NAME.caveman-backup`, or `NAME.caveman-absent` when there was no file). Uninstalling
  removes caveman's entries; when what is left equals the backup, the backup's exact bytes
  are put back, so an untouched file comes back byte for byte.
- Writes are atomic (a temporary file renamed over the target, mode kept), and go through a
  symlinked settings file to its target instead of replacing the link.

Which entries are caveman's: a `set` edit owns its key (`mcpServers.caveman`); an `append` edit
owns list items shaped like the one it adds whose text runs caveman's hook for this agent; a
`toml_table` edit owns the block between its marker comments.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from launch_profiles.loader import ConfigFile, Edit, Profile, Substitutions, expand_path

BACKUP_SUFFIX = ".caveman-backup"
ABSENT_SUFFIX = ".caveman-absent"
TOML_BEGIN = "# >>> caveman: added by `caveman {agent}`; `caveman uninstall {agent}` removes this block"
TOML_END = "# <<< caveman"


class InstallError(Exception):
    """A configuration file caveman will not touch (malformed, or of an unexpected shape)."""


@dataclass(frozen=True)
class Outcome:
    path: Path
    action: str  # added | updated | current | removed | restored | not installed | missing


# -- JSON ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class JsonStyle:
    indent: str | None
    newline_at_end: bool


def _json_style(raw: bytes) -> JsonStyle:
    text = raw.decode("utf-8", errors="replace")
    match = re.search(r"\n([ \t]+)\S", text)
    if match:
        indent: str | None = match.group(1)
    elif "\n" in text.strip():
        indent = ""
    else:
        indent = None if text.strip() else "  "
    return JsonStyle(indent=indent, newline_at_end=text.endswith("\n") or not text.strip())


def _dump_json(obj: Any, style: JsonStyle) -> bytes:
    if style.indent is None:
        text = json.dumps(obj, ensure_ascii=False)
    else:
        text = json.dumps(obj, ensure_ascii=False, indent=style.indent)
    return (text + ("\n" if style.newline_at_end else "")).encode("utf-8")


def _parse_json(raw: bytes, path: Path | str) -> dict[str, Any]:
    if not raw.strip():
        return {}
    try:
        obj = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise InstallError(f"{path} is not UTF-8 ({exc.reason}); caveman left it unchanged") from None
    except json.JSONDecodeError as exc:
        raise InstallError(f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
                           "caveman left it unchanged") from None
    if not isinstance(obj, dict):
        raise InstallError(f"{path} does not hold a JSON object; caveman left it unchanged")
    return obj


def _ordered(obj: Any) -> Any:
    """A comparable form that also sees key order."""
    if isinstance(obj, dict):
        return [(k, _ordered(v)) for k, v in obj.items()]
    if isinstance(obj, list):
        return [_ordered(v) for v in obj]
    return obj


def _container(obj: dict[str, Any], at: Sequence[str], path: Path | str, create: bool) -> dict[str, Any] | None:
    node = obj
    for i, key in enumerate(at):
        if key not in node:
            if not create:
                return None
            node[key] = {}
        node = node[key]
        if not isinstance(node, dict):
            raise InstallError(f"{path}: `{'.'.join(at[:i + 1])}` is not an object; caveman left the file unchanged")
    return node


def _same_shape(template: Any, value: Any) -> bool:
    if isinstance(template, dict):
        return isinstance(value, dict) and template.keys() == value.keys() and all(
            _same_shape(template[k], value[k]) for k in template)
    if isinstance(template, list):
        if not isinstance(value, list):
            return False
        if "{caveman_args}" in template:
            return all(isinstance(v, str) for v in value)
        return len(template) == len(value) and all(_same_shape(t, v) for t, v in zip(template, value))
    return type(template) is type(value)


def _owned_item(edit: Edit, subs: Substitutions, item: Any) -> bool:
    text = json.dumps(item, ensure_ascii=False)
    return _same_shape(edit.value, item) and "caveman" in text and f" hook {subs.agent}" in text


def _apply_json(obj: dict[str, Any], edit: Edit, subs: Substitutions, path: Path | str) -> bool:
    """Add one edit; True when `obj` changed."""
    want = subs.fill(edit.value)
    parent = _container(obj, edit.at[:-1], path, create=True)
    assert parent is not None
    key = edit.at[-1]
    if edit.kind == "set":
        if key in parent and parent[key] == want:
            return False
        parent[key] = want
        return True
    items = parent.setdefault(key, [])
    if not isinstance(items, list):
        raise InstallError(f"{path}: `{'.'.join(edit.at)}` is not a list; caveman left the file unchanged")
    owned = [i for i, item in enumerate(items) if _owned_item(edit, subs, item)]
    if len(owned) == 1 and items[owned[0]] == want:
        return False
    if owned:  # a stale entry (caveman moved): replace it where it stands, drop duplicates
        items[owned[0]] = want
        for i in reversed(owned[1:]):
            del items[i]
    else:
        items.append(want)
    return True


def _has_path(obj: Any, at: Sequence[str]) -> bool:
    for key in at:
        if not isinstance(obj, dict) or key not in obj:
            return False
        obj = obj[key]
    return True


def _remove_json(obj: dict[str, Any], edit: Edit, subs: Substitutions, path: Path | str,
                 original: dict[str, Any] | None) -> bool:
    parent = _container(obj, edit.at[:-1], path, create=False)
    key = edit.at[-1]
    if parent is None or key not in parent:
        return False
    if edit.kind == "set":
        del parent[key]
    else:
        items = parent[key]
        if not isinstance(items, list):
            return False
        keep = [item for item in items if not _owned_item(edit, subs, item)]
        if len(keep) == len(items):
            return False
        if keep or (original is not None and _has_path(original, edit.at)):
            parent[key] = keep
        else:
            del parent[key]
    # Drop containers left empty, unless the original file had them.
    for depth in range(len(edit.at) - 1, 0, -1):
        node = _container(obj, edit.at[:depth - 1], path, create=False)
        name = edit.at[depth - 1]
        if node is None or node.get(name) != {} or (original is not None and _has_path(original, edit.at[:depth])):
            break
        del node[name]
    return True


def _json_state(obj: dict[str, Any], edit: Edit, subs: Substitutions, path: Path | str) -> str:
    parent = _container(obj, edit.at[:-1], path, create=False)
    key = edit.at[-1]
    if parent is None or key not in parent:
        return "missing"
    want = subs.fill(edit.value)
    if edit.kind == "set":
        return "current" if parent[key] == want else "stale"
    items = parent[key] if isinstance(parent[key], list) else []
    owned = [item for item in items if _owned_item(edit, subs, item)]
    if not owned:
        return "missing"
    return "current" if owned == [want] else "stale"


# -- TOML (appended as a marked block: tomllib cannot write, and text keeps every byte) ----------

def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a valid TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise InstallError(f"cannot write {type(value).__name__} as TOML")


def _toml_block(edit: Edit, subs: Substitutions) -> str:
    header = ".".join(k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else json.dumps(k) for k in edit.at)
    lines = [TOML_BEGIN.format(agent=subs.agent), f"[{header}]"]
    lines += [f"{k} = {_toml_value(v)}" for k, v in subs.fill(edit.value).items()]
    return "\n".join(lines + [TOML_END]) + "\n"


def _block_span(text: str, agent: str) -> tuple[int, int] | None:
    begin = text.find(TOML_BEGIN.format(agent=agent))
    if begin < 0:
        return None
    end = text.find(TOML_END + "\n", begin)
    if end < 0:
        end = text.find(TOML_END, begin)
        return (begin, len(text)) if end >= 0 and text.endswith(TOML_END) else None
    return begin, end + len(TOML_END) + 1


def _parse_toml(text: str, path: Path | str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InstallError(f"{path} is not valid TOML ({exc}); caveman left it unchanged") from None


def _apply_toml(text: str, edit: Edit, subs: Substitutions, path: Path | str) -> str:
    _parse_toml(text, path)
    block = _toml_block(edit, subs)
    span = _block_span(text, subs.agent)
    if span is not None:
        new = text[:span[0]] + block + text[span[1]:]
    else:
        if _has_path(_parse_toml(text, path), edit.at):
            raise InstallError(f"{path} already defines [{'.'.join(edit.at)}] (not caveman's block); "
                               "remove or rename it first; caveman left the file unchanged")
        sep = "" if not text else ("\n" if text.endswith("\n") else "\n\n")
        new = text + sep + block
    if new != text and not _has_path(_parse_toml(new, path), edit.at):
        raise InstallError(f"{path}: adding [{'.'.join(edit.at)}] would not parse; caveman left it unchanged")
    return new


def _remove_toml(text: str, agent: str) -> str | None:
    span = _block_span(text, agent)
    if span is None:
        return None
    start, end = span
    if text[:start].endswith("\n\n"):
        start -= 1  # the blank line the install put before the block
    return text[:start] + text[end:]


# -- content for one file ----------------------------------------------------------------------

def render(config: ConfigFile, edits: Mapping[str, Edit], subs: Substitutions, base: bytes, where: str) -> bytes:
    """`base` with the file's edits applied (what `caveman wrap` writes into its temporary folder)."""
    if config.format == "toml":
        text = base.decode("utf-8")
        for name in config.edits:
            text = _apply_toml(text, edits[name], subs, where)
        return text.encode("utf-8")
    obj = _parse_json(base, where)
    for name in config.edits:
        _apply_json(obj, edits[name], subs, where)
    return _dump_json(obj, _json_style(base))


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InstallError(f"cannot read {path}: {exc.strerror}") from None


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o600
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".caveman-tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _target(config: ConfigFile, env: Mapping[str, str]) -> Path:
    path = expand_path(config.path, env)
    return path.resolve() if path.is_symlink() else path


def _keep_backup(path: Path, original: bytes | None) -> None:
    backup, absent = Path(str(path) + BACKUP_SUFFIX), Path(str(path) + ABSENT_SUFFIX)
    for stale in (backup, absent):
        stale.unlink(missing_ok=True)
    if original is None:
        _write_atomic(absent, b"")
    else:
        _write_atomic(backup, original)


def install_file(config: ConfigFile, profile: Profile, subs: Substitutions, env: Mapping[str, str]) -> Outcome:
    path = _target(config, env)
    raw = _read(path)
    base = raw if raw is not None else b""
    if config.format == "toml":
        text = base.decode("utf-8", errors="strict") if base else ""
        new_text = text
        for name in config.edits:
            new_text = _apply_toml(new_text, profile.edits[name], subs, path)
        already = _block_span(text, subs.agent) is not None
        new = new_text.encode("utf-8")
    else:
        obj = _parse_json(base, path)
        already = any(_json_state(obj, profile.edits[n], subs, path) != "missing" for n in config.edits)
        changed = False
        for name in config.edits:
            changed |= _apply_json(obj, profile.edits[name], subs, path)
        new = _dump_json(obj, _json_style(base)) if changed else base
    if raw is not None and new == raw:
        return Outcome(path, "current")
    if not already:  # the bytes as they were before caveman: what uninstall gives back
        _keep_backup(path, raw)
    _write_atomic(path, new)
    return Outcome(path, "updated" if already else "added")


def uninstall_file(config: ConfigFile, profile: Profile, subs: Substitutions, env: Mapping[str, str]) -> Outcome:
    path = _target(config, env)
    raw = _read(path)
    backup, absent = Path(str(path) + BACKUP_SUFFIX), Path(str(path) + ABSENT_SUFFIX)
    if raw is None:
        return Outcome(path, "missing")
    original = _read(backup)
    if config.format == "toml":
        left = _remove_toml(raw.decode("utf-8"), subs.agent)
        if left is None:
            return Outcome(path, "not installed")
        same = original is not None and original.decode("utf-8", errors="replace").rstrip("\n") == left.rstrip("\n")
        was_absent = absent.exists() and not left.strip()
        new = left.encode("utf-8")
    else:
        obj = _parse_json(raw, path)
        original_obj = None
        if original is not None:
            try:
                original_obj = _parse_json(original, backup)
            except InstallError:
                original = None
        removed = False
        for name in config.edits:
            removed |= _remove_json(obj, profile.edits[name], subs, path, original_obj)
        if not removed:
            return Outcome(path, "not installed")
        same = original_obj is not None and _ordered(original_obj) == _ordered(obj)
        was_absent = absent.exists() and obj == {}
        new = _dump_json(obj, _json_style(raw))
    if was_absent:
        path.unlink()
        absent.unlink(missing_ok=True)
        return Outcome(path, "restored")
    if same and original is not None:
        _write_atomic(path, original)
        backup.unlink(missing_ok=True)
        return Outcome(path, "restored")
    _write_atomic(path, new)  # something else changed meanwhile: keep it, and keep the backup
    return Outcome(path, "removed")


def install(profile: Profile, subs: Substitutions, env: Mapping[str, str]) -> list[Outcome]:
    """Install every persistent file; all files are checked to parse before any is written."""
    for config in profile.persistent:
        _check_parses(config, env)
    return [install_file(config, profile, subs, env) for config in profile.persistent]


def uninstall(profile: Profile, subs: Substitutions, env: Mapping[str, str]) -> list[Outcome]:
    for config in profile.persistent:
        _check_parses(config, env)
    return [uninstall_file(config, profile, subs, env) for config in profile.persistent]


def _check_parses(config: ConfigFile, env: Mapping[str, str]) -> None:
    path = _target(config, env)
    raw = _read(path)
    if raw is None:
        return
    if config.format == "toml":
        try:
            _parse_toml(raw.decode("utf-8"), path)
        except UnicodeDecodeError:
            raise InstallError(f"{path} is not UTF-8; caveman left it unchanged") from None
    else:
        _parse_json(raw, path)


def status(profile: Profile, subs: Substitutions, env: Mapping[str, str]) -> str:
    """current | stale | partial | missing | not installable | error: …"""
    if not profile.can_install:
        return "not installable"
    states = []
    try:
        for config in profile.persistent:
            path = _target(config, env)
            raw = _read(path)
            if raw is None:
                states += ["missing"] * len(config.edits)
                continue
            if config.format == "toml":
                text = raw.decode("utf-8")
                _parse_toml(text, path)
                span = _block_span(text, subs.agent)
                if span is None:
                    states.append("missing")
                else:
                    states.append("current" if text[span[0]:span[1]] == "".join(
                        _toml_block(profile.edits[n], subs) for n in config.edits) else "stale")
            else:
                obj = _parse_json(raw, path)
                states += [_json_state(obj, profile.edits[n], subs, path) for n in config.edits]
    except (InstallError, UnicodeDecodeError) as exc:
        return f"error: {exc}"
    if all(s == "current" for s in states):
        return "current"
    if all(s == "missing" for s in states):
        return "missing"
    return "stale" if "missing" not in states else "partial"
