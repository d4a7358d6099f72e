"""What the real-output tests share: the engine's view of a payload and the marker's shape."""
from __future__ import annotations

import re

from engine.ccr import MemoryStore
from engine.core import Engine
from engine.registry import default_registry
from engine.types import Mode, Options

#: `… N lines elided (caveman): SUMMARY …` (group 1 the count, group 2 the summary).
MARKER = re.compile(r"^… (\d+) lines elided \(caveman\): (.*) …$")


def engine_view(counter, data: bytes) -> str:  # noqa: ANN001 (the conftest fixture)
    """The compact view `caveman tools compress` would print for `data`."""
    result = Engine(default_registry(), counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS))
    return result.output.decode("utf-8", "replace")


def original_and_view_lines(counter, data: bytes) -> tuple[list[str], list[str]]:  # noqa: ANN001
    return data.decode().splitlines(), engine_view(counter, data).splitlines()


def terminal_view_lines(data: bytes) -> tuple[list[str], list[str]]:
    """The original's lines and the terminal compressor's view's (the original when it
    declines), for a payload Detect must read as terminal output."""
    from engine.compressors.terminal import TerminalCompressor
    from engine.detect import detect
    from engine.types import ContentType

    assert detect(data) == ContentType.TERMINAL
    out = TerminalCompressor().compress(data)
    return data.decode().splitlines(), (data if out is None else out).decode().splitlines()
