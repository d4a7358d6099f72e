"""`caveman setup`: what caveman needs on this machine, and how each agent is wired up.

Checks are plain data (name, status, detail, needed); the CLI renders them. Only what caveman
itself cannot work without is `needed`: a missing agent or integration is information.
"""
from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from launch_profiles import install
from launch_profiles.loader import ProfileError, Substitutions, load_profile, profile_names

GRAMMARS = ("python", "javascript", "typescript", "tsx", "go", "rust", "java", "c", "cpp")


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # ok | missing | warn | info
    detail: str
    needed: bool


def check_vocabulary(cache_dir: Path) -> Check:
    try:
        from engine.tokens import O200kCounter

        n = O200kCounter(cache_dir).count("hello world")
    except Exception as exc:  # any failure here is the finding, not a crash
        return Check("o200k_base vocabulary", "missing", str(exc), True)
    if n != 2:
        return Check("o200k_base vocabulary", "missing", f"'hello world' counted {n} tokens, expected 2", True)
    return Check("o200k_base vocabulary", "ok", "loaded offline, sha256 verified", True)


def check_grammars(languages: Sequence[str] = GRAMMARS) -> Check:
    try:
        from tree_sitter_language_pack import get_parser
    except Exception as exc:
        return Check("tree-sitter grammars", "missing", f"tree_sitter_language_pack: {exc}", True)
    failed = []
    for lang in languages:
        try:
            get_parser(lang)  # type: ignore[arg-type]
        except Exception as exc:
            failed.append(f"{lang} ({type(exc).__name__})")
    if failed:
        return Check("tree-sitter grammars", "missing", "cannot load: " + ", ".join(failed), True)
    return Check("tree-sitter grammars", "ok", ", ".join(languages), True)


def _unsafe_dir(path: Path) -> str | None:
    mode = path.stat().st_mode
    if path.is_symlink():
        return f"{path} is a symlink"
    if mode & (stat.S_IWGRP | stat.S_IWOTH) and not mode & stat.S_ISVTX:
        return f"{path} is group- or world-writable (chmod 700 it)"
    return None


def check_store(ccr_path: Path) -> Check:
    name = "CCR store"
    parent = ccr_path.parent
    try:
        if ccr_path.is_symlink():
            return Check(name, "missing", f"{ccr_path} is a symlink; caveman refuses it", True)
        if parent.exists():
            problem = _unsafe_dir(parent)
            if problem:
                return Check(name, "missing", problem, True)
            if ccr_path.exists():
                if not ccr_path.is_file():
                    return Check(name, "missing", f"{ccr_path} is not a regular file", True)
                if not os.access(ccr_path, os.R_OK | os.W_OK):
                    return Check(name, "missing", f"{ccr_path} is not readable and writable by you", True)
                mode = stat.S_IMODE(ccr_path.stat().st_mode)
                if mode & 0o077:
                    return Check(name, "warn", f"{ccr_path} has mode {mode:o}; originals are private (chmod 600 it)", True)
                return Check(name, "ok", f"{ccr_path} (mode {mode:o})", True)
            if not os.access(parent, os.W_OK | os.X_OK):
                return Check(name, "missing", f"cannot create files in {parent}", True)
            return Check(name, "ok", f"{ccr_path} (created on first use)", True)
        ancestor = parent
        while not ancestor.exists() and ancestor != ancestor.parent:
            ancestor = ancestor.parent
        if not os.access(ancestor, os.W_OK | os.X_OK):
            return Check(name, "missing", f"cannot create {parent}: {ancestor} is not writable", True)
        return Check(name, "ok", f"{ccr_path} (created on first use)", True)
    except OSError as exc:
        return Check(name, "missing", f"{ccr_path}: {exc.strerror}", True)


_INTEGRATION_TEXT = {
    "current": "installed, current",
    "stale": "installed, out of date: run `caveman setup --install {agent}`",
    "partial": "partly installed: run `caveman setup --install {agent}`",
    "missing": "not installed (`caveman {agent}` or `caveman wrap {agent}`)",
    "not installable": "nothing to install; `caveman wrap {agent}` starts it",
}


def check_agent(agent: str, caveman: Sequence[str], env: Mapping[str, str]) -> Check:
    try:
        profile = load_profile(agent)
    except ProfileError as exc:
        return Check(f"agent {agent}", "warn", str(exc), False)
    found = shutil.which(profile.executable, path=env.get("PATH", os.defpath))
    state = install.status(profile, Substitutions(caveman=list(caveman), agent=agent), env)
    integration = state if state.startswith("error") else _INTEGRATION_TEXT[state].format(agent=agent)
    where = found or f"{profile.executable} not on PATH"
    status = "ok" if found and state in ("current", "not installable") else ("warn" if state.startswith("error") or state in ("stale", "partial") else "info")
    return Check(f"agent {agent}", status, f"{profile.title}: {where}; {integration}", False)


def run_checks(ccr_path: Path, cache_dir: Path, caveman: Sequence[str], env: Mapping[str, str]) -> list[Check]:
    checks = [check_vocabulary(cache_dir), check_grammars(), check_store(ccr_path)]
    checks += [check_agent(agent, caveman, env) for agent in profile_names()]
    return checks


def healthy(checks: Sequence[Check]) -> bool:
    return not any(c.needed and c.status == "missing" for c in checks)


def to_json(checks: Sequence[Check]) -> dict[str, object]:
    return {"ok": healthy(checks), "checks": [asdict(c) for c in checks]}
