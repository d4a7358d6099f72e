"""Real outputs of C build systems (autotools, make + libtool, compile_commands.json from bear
or cmake), trimmed excerpts under tests/fixtures/real/buildsys3/."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from engine.detect import detect
from engine.types import ContentType
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


# ---------------------------------------------------------------- config.log


def _passed_probe_lines(original: list[str]) -> list[str]:
    """Lines of probes that are only `configure:N:` steps, every `$? = 0`, ending `result: yes`."""
    step = re.compile(r"^configure:\d+: (.*)$")
    total: list[str] = []
    i = 0
    while i < len(original):
        m = step.match(original[i])
        if m and m[1].startswith("checking "):
            j = i + 1
            while j < len(original) and (s := step.match(original[j])) and not s[1].startswith("checking "):
                if s[1].startswith("result:") or s[1].startswith("$? = ") and s[1] != "$? = 0":
                    break
                j += 1
            if j < len(original) and (s := step.match(original[j])) and s[1] == "result: yes":
                total += original[i:j + 1]
                i = j + 1
                continue
        i += 1
    return total


def test_config_log_counts_silent_passed_probes_and_keeps_failed_ones(counter):
    # config.log records every probe: `checking for stdio.h`, the compile command, `$? = 0`,
    # `result: yes`. Those kept most of the log (74% of its tokens). A probe that passed
    # silently is now counted in the marker; a `result: no` probe keeps its compiler error,
    # its failed program and `$? = 1`, and a probe with another result keeps its answer.
    original, view = original_and_view_lines(counter, real("config-log-libsodium-head.txt"))
    for line in original:
        if ": result: " in line and not line.endswith(": result: yes"):
            assert line.rstrip() in view  # `result: ` (an empty answer) is shown without its space
        if "$? = 1" in line or "error: " in line or line == "configure: failed program was:":
            assert line in view
    assert view.count("configure: failed program was:") == original.count("configure: failed program was:")
    # each failed program after its confdefs.h stays whole, in order (two differ in one line)
    for i, line in enumerate(original):
        if line == "| /* end confdefs.h.  */":
            j = i + 1
            while j < len(original) and original[j].startswith("|"):
                j += 1
            program = [ln.rstrip() for ln in original[i + 1:j]]
            assert any(view[k:k + len(program)] == program for k in range(len(view)))
    assert "configure:5128: checking for stdio.h" not in view
    assert "configure:5128: checking for minix/config.h" in view
    markers = [MARKER.match(v) for v in view if v.startswith("… ")]
    assert all(markers)
    assert sum(int(m[1]) for m in markers) == len(original) - len(view) + len(markers)
    passed = re.compile(r"(\d+) lines? of configure checks that passed")
    counted = sum(int(p[1]) for m in markers if (p := passed.search(m[2])))
    # every passed probe's line is either counted as one or shown (a lone one is not worth a marker)
    # (a text some other line also has, a failed probe's same compile command, is not told apart)
    probes = Counter(_passed_probe_lines(original))
    everywhere = Counter(original)
    ambiguous = sum(c for t, c in probes.items() if everywhere[t] > c)
    shown = sum(1 for v in view if v in probes and everywhere[v] == probes[v])
    total = sum(probes.values())
    assert total - shown - ambiguous <= counted <= total - shown and counted > 0.9 * total
    assert len(view) < len(original) * 0.6


# ---------------------------------------------------------------- autoreconf -fiv -Wall


def test_autoreconf_warnings_are_tool_output_not_search_hits(counter):
    # `configure.ac:3: warning: …` with its m4 trace (`aclocal.m4:122: X is expanded from...`,
    # `configure.ac:3: the top level`) looks like `grep -n` hits: it was detected as search
    # results, whose view elides hits by file and line range. It is a tool's transcript.
    data = real("autoreconf-fiv-obsolete-macros.txt")
    assert detect(data) == ContentType.TERMINAL
    original, view = original_and_view_lines(counter, data)
    for line in original:
        if ": warning: " in line:
            assert line in view
