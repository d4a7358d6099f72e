"""PLACEHOLDER (owner: helper `toolout`): what test, build, lint and install output must keep.

Contract:
    must_keep(lines) -> list[bool]
        lines: the output's lines, ANSI already stripped, without line ends. True for every line
        an agent must see: each failure block whole (test id, assertion / E lines,
        expected/received, traceback frames with file:line), every error and warning line,
        summary and count lines. Pure and deterministic; linear time.
    is_tool_output(text) -> bool
        Strong signatures of a test runner, compiler, build tool, linter or installer
        transcript (Detect routes these to the terminal compressor).
"""
from __future__ import annotations

from engine.patterns import TERMINAL_IMPORTANT


def must_keep(lines: list[str]) -> list[bool]:
    return [bool(TERMINAL_IMPORTANT.search(line)) for line in lines]


def is_tool_output(text: str) -> bool:
    return False
