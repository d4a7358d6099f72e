"""Repetition compressor: runs of three or more identical non-blank lines collapse."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

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



@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["same", "other", "", "x\r"]), max_size=200))
def test_line_count_is_preserved_by_the_markers(lines):
    text = "\n".join(lines) + "\n"
    out = RepetitionCompressor().compress(text.encode())
    if out is None:
        return
    view = out.decode().split("\n")[:-1]
    total = sum(int(line.split()[2]) if line.startswith("… caveman:") else 1 for line in view)
    assert total == len(lines)
