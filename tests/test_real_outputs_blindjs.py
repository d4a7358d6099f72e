"""Real outputs of JavaScript tools on projects no earlier corpus used (session 16, blind corpus
`js-`), trimmed excerpts under tests/fixtures/real/blindjs/."""
from __future__ import annotations

import re
from pathlib import Path

from tests.real_views import MARKER, terminal_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "blindjs"
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def plain(lines: list[str]) -> list[str]:
    return [ANSI.sub("", ln).split("\r")[-1].rstrip() for ln in lines]


EXTERNALIZED = "has been externalized for browser compatibility"


# ---------------------------------------------------------------- vite


def test_vite_plugin_warnings_under_a_pty_stay_each_naming_its_module():
    # Two of the five `[plugin:vite:resolve] Module "x" has been externalized` warnings (fs, os)
    # were elided as "2 other lines": they hold no problem word.
    orig, view = terminal_view_lines(real("vite5_externalized_missing_chunk_pty.txt"))
    orig, view = plain(orig), plain(view)
    for module in ("util", "path", "stream", "fs", "os"):
        assert sum(f'Module "{module}" {EXTERNALIZED}' in ln for ln in view) == 1, module
    assert 'Could not resolve "./missing-chunk.js" from "src/lazy.js"' in view
    assert "x Build failed in 7.83s" in view


def test_vite_plugin_warning_flood_keeps_the_first_and_counts_the_rest_by_module():
    orig, view = terminal_view_lines(real("vite5_externalized_flood.txt"))
    warned = [ln for ln in orig if EXTERNALIZED in ln]
    shown = [ln for ln in view if EXTERNALIZED in ln]
    assert len(warned) == 24 and shown == warned[:1]
    (marker,) = [ln for ln in view if MARKER.match(ln)]
    counted = re.findall(r'plugin:vite:resolve "(\w+)"×(\d+)', marker)
    assert sum(int(n) for _, n in counted) == 23
    # each module's count is what the elided warnings quote
    for module, n in counted:
        assert int(n) == sum(f'Module "{module}" {EXTERNALIZED}' in ln for ln in warned[1:]), module
    assert "3 progress lines" in marker
    assert view[-1] == "✓ built in 17.53s"
