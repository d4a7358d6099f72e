"""Text compressor: sections, headings and flagged sections kept, repeated sections counted,
a document passes whole."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors import toolout
from engine.compressors.text import TextCompressor, is_heading, sections
from engine.patterns import TERMINAL_IMPORTANT


@pytest.fixture(autouse=True)
def placeholder_toolout(monkeypatch):
    """These tests pin this compressor's own rules: toolout is held to its plain contract
    (must_keep = the generic error pattern, nothing recognised as tool output)."""
    monkeypatch.setattr(toolout, "analyse", None, raising=False)
    monkeypatch.setattr(toolout, "must_keep", lambda ls, scan=None: [bool(TERMINAL_IMPORTANT.search(x)) for x in ls])
    monkeypatch.setattr(toolout, "is_tool_output", lambda text: False)



def run(text: str) -> str | None:
    out = TextCompressor().compress(text.encode())
    return None if out is None else out.decode()


def test_sections_and_fences():
    text = "# Title\n\npara one\nstill one\n\n```\ncode\n\nmore code\n```\n\nlast"
    assert sections(text) == ["# Title", "para one\nstill one", "```\ncode\n\nmore code\n```", "last"]


def test_heading_rule():
    assert is_heading("# Anything at all, even long.")
    assert is_heading("Installation Guide")
    assert not is_heading("This sentence ends with a period.")
    assert not is_heading("one two three four five six seven eight nine")


def test_repeated_paragraphs_elided():
    para = "The service responded normally to the periodic health probe without any delay observed."
    paras = ["Intro paragraph describing the report in some detail for the reader to follow."] \
        + [para] * 30 + ["IMPORTANT: the backup job did not run on Sunday.", "Closing remarks for the team."]
    out = run("\n\n".join(paras) + "\n")
    assert "IMPORTANT: the backup job did not run on Sunday." in out
    assert "… 29 sections elided (caveman) …" in out
    assert out.startswith(paras[0] + "\n\n" + para + "\n\n")


def test_document_passes_whole():
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]
    # Each paragraph carries three words no other one has: over 10% of its vocabulary.
    paras = [f"Paragraph about {a}{b}, {b}{a} and {a}{b}{a}, which matter for different reasons."
             for i, a in enumerate(words) for b in words[i + 1:]]
    text = "\n\n".join(paras)
    assert len(text) > 1600
    assert run(text) is None


def test_small_text_declined():
    assert run("short\n\n" * 10) is None


def test_html_noise_removed():
    filler = "\n\n".join(["Repeated status paragraph about nothing in particular at all."] * 40)
    text = "<div><p>Hello reader, welcome to the page.</p></div>\n\n<script>var x = 1;</script>\n\n" + filler
    out = run(text)
    assert "var x = 1" not in out
    assert "… 1 sections elided (caveman) …" in out


def test_crlf_output():
    para = "Same line of chatter repeated in the transcript again and again for testing."
    text = "\r\n\r\n".join(["Start of the notes for the meeting today."] + [para] * 30 + ["End."]) + "\r\n"
    out = run(text)
    assert "\r\n" in out and out.count("\n") == out.count("\r\n")



@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=4000))
def test_random_bytes_never_raise(data):
    out = TextCompressor().compress(data)
    assert out is None or isinstance(out, bytes)


def test_unterminated_fence_is_one_section():
    text = "intro\n\n```\ncode\n\nmore"
    assert sections(text) == ["intro", "```\ncode\n\nmore"]


PROGRESS_THEN_TRACEBACK = (
    "starting worker pool\n\n"
    + "".join(f"processed batch {i} of 250 ({i * 37 % 1000} records, {i * 3} ms)\n" for i in range(250))
    + "\nError: user 42 not found in cache\n    at fetchUser (/tmp/app.js:4:38)\n"
    "    at main (/tmp/app.js:5:31)\n\nNode.js v20.20.2\n"
)


def test_long_paragraph_is_read_by_lines_with_its_blank_lines():
    # Three paragraphs, one of 250 lines: read by paragraphs nothing could be elided.
    assert run(PROGRESS_THEN_TRACEBACK) == (
        "starting worker pool\n\n"
        "processed batch 0 of 250 (0 records, 0 ms)\n"
        "… 249 sections elided (caveman) …\n\n"
        "Error: user 42 not found in cache\n    at fetchUser (/tmp/app.js:4:38)\n"
        "    at main (/tmp/app.js:5:31)\n\nNode.js v20.20.2\n"
    )


def test_long_fenced_block_keeps_paragraph_reading():
    # A Markdown document with a long code example is still read by paragraphs.
    prose = "".join(f"Paragraph {i} explains step {i} of the setup in plain words.\n\n" for i in range(12))
    fence = "```\n" + "".join(f"line {i} of the example\n" for i in range(60)) + "```\n\n"
    out = run("# Guide\n\n" + fence + prose)
    assert out is not None and out.startswith("# Guide\n\n```\nline 0 of the example\nline 1 of")
    assert "line 59 of the example\n```\n\n… 10 sections elided (caveman) …\n\nParagraph 10" in out


def test_fenced_block_read_by_lines_with_recurring_short_lines():
    # A fence is one section of several lines; the short-line shapes are counted per section.
    text = "".join(f"fetching page {i} ok\n" for i in range(120)) + "```\nsnippet one\nsnippet two\n```\n" \
        + "".join(f"fetching page {i} ok\n" for i in range(120, 140))
    assert run(text) == (
        "fetching page 0 ok\nfetching page 1 ok\n… 118 sections elided (caveman) …\n"
        "```\nsnippet one\nsnippet two\n```\n"
        "… 18 sections elided (caveman) …\nfetching page 138 ok\nfetching page 139 ok\n"
    )


def test_long_list_paragraph_keeps_paragraph_reading():
    # A changelog's 60 bullets are one list: read by lines, look-alike items would be elided.
    bullets = "".join(f"- Fix parsing of option --flag-{i} when given twice\n" for i in range(60))
    prose = "".join(f"Release {i} notes follow in the paragraphs below this one.\n\n" for i in range(10))
    out = run("# Changelog\n\n" + bullets + "\n" + prose)
    assert out is not None and bullets.rstrip("\n") in out
    assert "… 8 sections elided (caveman) …" in out
