"""Search-result compressor: head/tail, flagged hits, file headings, the odd hit; counted runs."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors import toolout
from engine.compressors.search import SearchResultCompressor, describe_hits
from engine.patterns import TERMINAL_IMPORTANT


@pytest.fixture(autouse=True)
def placeholder_toolout(monkeypatch):
    """These tests pin this compressor's own rules: toolout is held to its plain contract
    (must_keep = the generic error pattern, nothing recognised as tool output)."""
    monkeypatch.setattr(toolout, "analyse", None, raising=False)
    monkeypatch.setattr(toolout, "must_keep", lambda ls: [bool(TERMINAL_IMPORTANT.search(x)) for x in ls])
    monkeypatch.setattr(toolout, "is_tool_output", lambda text: False)



def hits(n: int, path: str = "src/app.py") -> list[str]:
    return [f"{path}:{10 + i}:    log.debug('tick %d', i)" for i in range(n)]


def run(lines: list[str]) -> str | None:
    out = SearchResultCompressor().compress(("\n".join(lines) + "\n").encode())
    return None if out is None else out.decode()


def test_repeated_hits_elided_with_counts():
    lines = hits(40)
    out = run(lines)
    assert out == "\n".join(lines[:8] + ["… 28 search result lines elided (caveman): all in src/app.py, lines 18..45 …"]
                             + lines[-4:]) + "\n"


@pytest.mark.parametrize("lines, said", [
    (["a.py:3:x", "a.py:9:y", "a.py:5:z"], "all in a.py, lines 3..9"),
    (["a.py:3:x", "b/c.py:9:1:y", "a.py:5:z"], "in a.py×2 b/c.py×1"),
    (["a.py:1:x", "b.py:1:x", "c.py:1:x", "d.py:1:x"], "in 4 files"),
    (["a.py:3:x", "a context line", "a.py:5:z"], ""),  # one line that is not a hit: claim nothing
])
def test_markers_say_where_the_elided_hits_are(lines, said):
    assert describe_hits(lines) == said


def test_flagged_and_odd_hits_survive():
    lines = hits(20) + ["src/auth.py:7:    PASSWORD = os.environ['PW']"] + hits(20, "src/b.py") \
        + ["src/x.py:3:    raise ValueError('unexpected state machine transition')"] + hits(20, "src/c.py")
    out = run(lines)
    assert "src/auth.py:7:    PASSWORD = os.environ['PW']" in out
    assert "src/x.py:3:    raise ValueError('unexpected state machine transition')" in out
    assert "search result lines elided (caveman)" in out


def test_grouped_headings_kept():
    lines = []
    for f in ["lib/a.js", "lib/b.js", "Readme.md", "test/c.test.js"]:
        lines.append(f)
        lines += [f"{i}:  res.send(body)" for i in range(1, 12)]
        lines.append("")
    out = run(lines)
    for f in ["lib/a.js", "lib/b.js", "Readme.md", "test/c.test.js"]:
        assert f"\n{f}\n" in "\n" + out


def test_declines_small_and_binary():
    assert run(hits(10)) is None
    assert SearchResultCompressor().compress(b"\xff" * 100) is None


def test_query_never_larger():
    lines = hits(60)
    lines[30] = "src/app.py:40:    log.debug('checkout total %d', i)"
    data = ("\n".join(lines) + "\n").encode()
    c = SearchResultCompressor()
    plain, biased = c.compress(data), c.compress_query(data, "checkout total")
    assert b"checkout total" in biased and len(biased) <= len(plain)



@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["a.py:1:x", "b.py:22:  y = 1", "", "lib/x.js", "3: res.send()", "ERROR here",
                                 "é.py:4:ü"]), max_size=60))
def test_random_hit_lists_never_raise_and_are_deterministic(lines):
    data = ("\n".join(lines)).encode()
    first = SearchResultCompressor().compress(data)
    assert first == SearchResultCompressor().compress(data)
    if first is not None:
        assert b"search result lines elided (caveman)" in first
