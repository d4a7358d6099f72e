"""Real outputs whose kind Detect misread (trimmed excerpts under tests/fixtures/real/detectgaps/):
each is routed to the compressor of its kind, and what that costs the view is asserted."""
from __future__ import annotations

from pathlib import Path

from engine import patterns as P
from engine.ccr import MemoryStore
from engine.core import Engine
from engine.detect import detect
from engine.registry import default_registry
from engine.types import ContentType, Mode, Options

REAL = Path(__file__).parent / "fixtures" / "real" / "detectgaps"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def compress(counter, data: bytes):  # noqa: ANN001 (the conftest fixture)
    return Engine(default_registry(), counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS))


# ---------------------------------------------------------------- rg's grouped output


def test_rg_grouped_output_under_a_pty_is_a_terminal_listing_not_code(counter):
    # `rg -n 'res\.(send|json)\('` in express, on a terminal: each file's path on a line, then its
    # `N:` hits, coloured. Its hits quote JavaScript, so the resolved text read as code (labelled
    # code, passed through); it is the terminal's listing, every hit shown.
    data = real("rg-heading-express-send.pty.txt")
    assert detect(data) is ContentType.TERMINAL
    result = compress(counter, data)
    assert result.content_type is ContentType.TERMINAL
    shown = P.ANSI.sub("", data.decode()).replace("\r\n", "\n")
    view = result.output.decode()
    assert [ln for ln in shown.split("\n") if ln.strip()] == [ln for ln in view.split("\n") if ln.strip()]
