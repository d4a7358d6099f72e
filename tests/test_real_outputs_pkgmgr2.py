"""Real outputs of package managers (trimmed excerpts under tests/fixtures/real/pkgmgr2/):
`uv tree`, `npm explain`, `apt-get upgrade -s`, produced on this machine."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.terminal_text import plain_text
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "pkgmgr2"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def terminal_view(data: bytes) -> str:
    out = TerminalCompressor().compress(data)
    return data.decode() if out is None else out.decode()


# ---------------------------------------------------------------- dependency trees in a transcript


def test_uv_tree_routes_to_terminal_by_its_step_count():
    # `Resolved 66 packages in 18ms` is uv's summary line: the tree below it reaches the
    # terminal compressor (plain and under a pty), which is where its entries were thinned.
    assert detect(real("uv-tree.txt")) is ContentType.TERMINAL
    assert detect(real("uv-tree-pty.txt")) is ContentType.TERMINAL


def test_uv_tree_keeps_every_entry():
    # The look-alike rule elided `│   │   └── typing-extensions v4.16.0` under pydantic-core as
    # a copy of the same entry elsewhere ("… 2 lines elided (caveman): 2 other lines …"): which
    # package requires what is the whole point of the tree.
    for name in ("uv-tree.txt", "uv-tree-pty.txt"):
        shown = plain_text(real(name)).decode().replace("\r\n", "\n")
        view = terminal_view(real(name))
        assert "elided (caveman)" not in view
        for line in shown.splitlines():
            assert line in view.splitlines(), line


def test_tree_lines_in_a_test_transcript_do_not_stop_thinning():
    # Five tree entries keep their tree; the passing tests after them still fold.
    tree = "demo v0.1.0\n├── a v1.0\n│   └── b v2.1\n├── c v3.0\n│   └── b v2.1\n└── d v4.2\n"
    passing = "".join(f"tests/test_x.py::test_{i} PASSED [{i:3d}%]\n" for i in range(60))
    data = (tree + "collected 60 items\n" + passing + "=== 60 passed in 0.5s ===\n").encode()
    view = terminal_view(data)
    for line in tree.splitlines():
        assert line in view.splitlines()
    assert re.search(r"… \d+ lines elided \(caveman\): \d+ passing-test lines …", view)
