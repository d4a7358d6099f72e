"""Repetition compressor: runs of three or more identical non-blank lines collapse."""
from __future__ import annotations

from engine.compressors.repetition import RepetitionCompressor


def run(text: str) -> str | None:
    out = RepetitionCompressor().compress(text.encode())
    return None if out is None else out.decode()


def test_runs_collapse():
    text = "start\n" + "same line\n" * 50 + "middle\n" + "x\n" * 2 + "end of the output here\n" + "pad " * 40 + "\n"
    out = run(text)
    assert out == ("start\nsame line\n… caveman: 49 identical lines elided …\nmiddle\nx\nx\n"
                   "end of the output here\n" + "pad " * 40 + "\n")


def test_blank_runs_stay_and_small_input_declined():
    assert run("a\n" + "\n" * 300) is None
    assert run("a\na\na\n") is None  # under 200 bytes


def test_crlf():
    out = run("hello world\r\n" * 40)
    assert out == "hello world\r\n… caveman: 39 identical lines elided …\r\n"
