"""The profile files and their loader: data in, validated dataclasses out."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from launch_profiles.loader import (PROFILE_DIR, ProfileError, Substitutions, caveman_argv, expand_path,
                                    load_profile, profile_names)


def test_the_five_agents_have_profiles():
    assert profile_names() == ["aider", "claude", "codex", "gemini", "opencode"]


@pytest.mark.parametrize("agent", profile_names())
def test_every_profile_loads_and_is_consistent(agent):
    p = load_profile(agent)
    assert p.name == agent and p.title and p.executable and p.notes
    used = {e for f in (*p.persistent, *p.temporary) for e in f.edits}
    assert used == set(p.edits)  # no edit defined and never used
    if p.hook is not None:  # a shell hook is wired in both ways of starting the agent
        hooked = {n for n, e in p.edits.items() if "{hook_command}" in repr(e.value)}
        assert hooked and all(any(n in f.edits for f in p.persistent) for n in hooked)
        assert all(any(n in f.edits for f in p.temporary) for n in hooked)


def test_which_agents_get_what():
    hooks = {a: (load_profile(a).hook.format if load_profile(a).hook else None) for a in profile_names()}
    assert hooks == {"aider": None, "claude": "claude", "codex": None, "gemini": "gemini", "opencode": None}
    assert [a for a in profile_names() if load_profile(a).can_install] == ["claude", "codex", "gemini", "opencode"]


def _write(directory: Path, name: str, text: str) -> None:
    (directory / f"{name}.toml").write_text(text)


def test_a_new_agent_is_a_new_file(tmp_path):
    _write(tmp_path, "newagent", '''
title = "New Agent"
executable = "newagent"
[edits.mcp]
kind = "set"
at = ["servers", "caveman"]
value = { argv = ["{caveman}", "{caveman_args}", "mcp"] }
[persistent]
files = [{ path = "~/.newagent.json", format = "json", edits = ["mcp"] }]
''')
    p = load_profile("newagent", tmp_path)
    assert p.can_install and p.persistent[0].path == "~/.newagent.json"
    subs = Substitutions(caveman=["/py", "-m", "caveman_cli"], agent="newagent")
    assert subs.fill(p.edits["mcp"].value) == {"argv": ["/py", "-m", "caveman_cli", "mcp"]}


@pytest.mark.parametrize("body, message", [
    ('executable = "x"', "`title` must be a non-empty string"),
    ('title = "X"\nexecutable = "x"\n[edits.a]\nkind = "merge"\nat = ["a"]\nvalue = 1', "kind 'merge' is not one of"),
    ('title = "X"\nexecutable = "x"\n[edits.a]\nkind = "set"\nat = []\nvalue = 1', "needs `at`"),
    ('title = "X"\nexecutable = "x"\n[persistent]\nfiles = [{ path = "p", format = "json", edits = ["nope"] }]',
     "edit 'nope' is not defined"),
    ('title = "X"\nexecutable = "x"\n[persistent]\nfiles = [{ path = "p", format = "yaml", edits = [] }]',
     "format 'yaml' is not one of json, toml"),
    ('title = "X"\nexecutable = "x"\n[edits.a]\nkind = "set"\nat = ["a"]\nvalue = 1\n'
     '[persistent]\nfiles = [{ path = "p", format = "toml", edits = ["a"] }]', "does not fit a toml file"),
    ('title = "X"\nexecutable = "x"\n[persistent]\nfiles = [{ path = "p", format = "json", edits = [], env_var = "V" }]',
     "belong to [temporary] files only"),
    ('title = "X"\nexecutable = "x"\n[env]\nset = { A = 1 }', "`set` must be a table of strings"),
    ('title = "X"\nexecutable = ', "cannot read"),
])
def test_bad_profiles_are_reported(tmp_path, body, message):
    _write(tmp_path, "bad", body)
    with pytest.raises(ProfileError, match=message.replace("[", r"\[").replace("(", r"\(")):
        load_profile("bad", tmp_path)


@pytest.mark.parametrize("name", ["nosuch", "../claude", "Claude", ""])
def test_unknown_names(name):
    with pytest.raises(ProfileError, match="no launch profile for"):
        load_profile(name)


def test_expand_path():
    env = {"HOME": "/home/u", "CODEX_HOME": "", "XDG": "/x"}
    assert expand_path("${CODEX_HOME:-~/.codex}/config.toml", env) == Path("/home/u/.codex/config.toml")
    assert expand_path("${XDG:-~/.config}/a", env) == Path("/x/a")
    assert expand_path("{tmp}/settings.json", env, tmp="/tmp/t") == Path("/tmp/t/settings.json")


def test_caveman_argv(tmp_path, monkeypatch):
    script = tmp_path / "bin" / "caveman"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    assert caveman_argv(str(script)) == [str(script)]
    assert caveman_argv("/x/caveman_cli/__main__.py") == [sys.executable, "-m", "caveman_cli"]
    monkeypatch.setenv("PATH", str(script.parent))
    assert caveman_argv("/somewhere/else") == [str(script)]
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert caveman_argv("/somewhere/else") == [sys.executable, "-m", "caveman_cli"]


def test_profiles_ship_as_package_data():
    assert sorted(p.name for p in PROFILE_DIR.glob("*.toml")) == [f"{a}.toml" for a in profile_names()]
    pyproject = (PROFILE_DIR.parent / "pyproject.toml").read_text()
    assert 'launch_profiles = ["*.toml"]' in pyproject and os.path.exists(PROFILE_DIR / "__init__.py")
