"""Real outputs of C build systems (autotools, make + libtool, compile_commands.json from bear
or cmake), trimmed excerpts under tests/fixtures/real/buildsys3/."""
from __future__ import annotations

import json
from pathlib import Path

from tests.real_views import MARKER, engine_view, original_and_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "buildsys3"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ---------------------------------------------------------------- compile_commands.json


def test_compile_commands_view_lists_every_file(counter):
    # An agent reads compile_commands.json for the list of translation units and their flags.
    # The elided entries used to be stated only as "all directory=…": which files the database
    # covers was lost. Now the marker lists every elided entry's file (common directory once;
    # libtool compiles each source twice, PIC and not, so each file is listed once, counted).
    data = real("compile_commands.json")
    entries = json.loads(data)
    view = json.loads(engine_view(counter, data))
    shown = [e["file"] for e in view if "file" in e]
    markers = [e for e in view if "__caveman_elided__" in e]
    assert markers and len(shown) < len(entries)
    listed = []
    for m in markers:
        names = m["__caveman_names__"]
        head, _, files = names.partition(": ")
        prefix, _, distinct = head[len("file under "):].partition(" (")
        assert head.startswith("file under ") and distinct == f"{len(files.split(' '))} distinct)"
        assert len(files.split(" ")) < m["__caveman_elided__"]
        listed += [prefix + f for f in files.split(" ")]
    assert set(shown + listed) == {e["file"] for e in entries}


# ---------------------------------------------------------------- make -k with libtool


def test_libtool_repeated_warning_is_shown_once_and_counted(counter):
    # libtool prints `libtool: warning: '-version-info/-version-number' is ignored for convenience
    # libraries` for every convenience library it links: 8 identical copies stayed in full. The
    # first stays; the copies are counted as identical to lines shown above. Errors all stay.
    original, view = original_and_view_lines(counter, real("make-k-j2-libtool-warnings.txt"))
    warning = "libtool: warning: '-version-info/-version-number' is ignored for convenience libraries"
    assert original.count(warning) == 8
    assert view.count(warning) == 1
    for line in original:
        if ": error: " in line or "*** [" in line:
            assert line in view
    elided = [MARKER.match(v) for v in view if v.startswith("… ")]
    assert all(elided)
    assert sum(int(m[1]) for m in elided) == len(original) - len(view) + len(elided)
    folded = [m for m in elided if "compiler-driver lines identical to lines shown above" in m[2]]
    assert folded
