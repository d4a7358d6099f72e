"""IndexedText answers `word in text` as str does, and GATE_WORDS holds every gate the compressors ask."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import listing
from engine.compressors import literal_index
from engine.compressors.lines import LineScan
from engine.compressors.literal_index import GATE_WORDS, IndexedText, indexed
from engine.detect import detect
from engine.registry import default_registry
from engine.types import ContentType

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"

# Gate words, pieces of them (a prefix or suffix is no match) and text around them, non-ASCII
# included (the scan reads UTF-8, str answers by characters).
PIECES = list(GATE_WORDS[::7]) + ["ld", ": ", "cc", "1", " ", "\n", "\t", "é", "→", "✘", "EUn", "it", "x" * 40]
TEXT = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)
WORDS = st.sampled_from(list(GATE_WORDS) + ["ld:", "EUnit ", "é", "\n", "never asked", "cc1 "])


@settings(max_examples=400, deadline=None)
@given(TEXT, st.lists(WORDS, min_size=1, max_size=8))
def test_every_answer_is_strs_answer(text, words):
    indexed_text = IndexedText(text)
    for word in words:
        assert (word in indexed_text) == str.__contains__(text, word)


def test_every_gate_word_is_found_where_it_stands_and_only_there():
    for k, word in enumerate(GATE_WORDS):
        text = "x" * k + word + "y"
        assert word in IndexedText(text)
        assert word not in IndexedText(text.replace(word, word[:-1] + "\x00" + word[-1:]))


def test_a_text_holding_a_lone_surrogate_is_searched_as_str_searches_it():
    # (json.loads turns a `\ud800` escape into one; the scan reads UTF-8, which has none)
    text = IndexedText("x\ud800" + "y" * 100 + "EUnit")
    assert "EUnit" in text and "PHPUnit " not in text and "\ud800y" in text


def test_a_non_string_is_refused_as_str_refuses_it():
    with pytest.raises(TypeError):
        3 in IndexedText("abc")  # noqa: B015


def test_a_short_text_is_left_as_it_is_and_a_long_one_indexed(monkeypatch):
    assert type(indexed("a" * (literal_index.MIN_INDEXED - 1))) is str
    assert type(indexed("a" * literal_index.MIN_INDEXED)) is IndexedText
    monkeypatch.setattr(literal_index, "ahocorasick_rs", None)
    assert type(indexed("a" * literal_index.MIN_INDEXED)) is str


def test_gate_words_are_sorted_distinct_and_longer_than_one_character():
    assert list(GATE_WORDS) == sorted(set(GATE_WORDS))
    assert all(len(word) > 1 for word in GATE_WORDS)


def test_a_line_scans_joined_text_is_indexed_when_long():
    lines = [f"line {i} of a long run" for i in range(2000)]
    joined = LineScan(lines).joined()
    assert type(joined) is IndexedText and joined == "\n".join(lines)


def inputs() -> list[bytes]:
    found = sorted((ROOT / "tests" / "fixtures").rglob("*")) + sorted((ROOT / "fixtures").rglob("*"))
    if (SHARED / "corpus").is_dir():
        found += sorted((SHARED / "corpus").glob("*/output.raw"))
    return [p.read_bytes() for p in found if p.is_file() and p.suffix not in (".py", ".pyc")]


def test_gate_words_hold_every_word_the_compressors_ask(monkeypatch):
    """Every word of two or more characters asked of a joined text, on every input the suite has,
    as the type Detect gives it and as terminal and log, comes from the index: a gate added
    without its word would cost a whole scan again."""
    asked: set[str] = set()

    def search(text, word):
        if isinstance(word, str) and len(word) > 1:
            asked.add(word)
        return str.__contains__(text, word)

    monkeypatch.setattr(literal_index, "search", search)
    monkeypatch.setattr(literal_index, "MIN_INDEXED", 0)
    registry = default_registry()
    for data in inputs():
        body = listing.unwrap(data).body
        for kind in sorted({detect(body), ContentType.TERMINAL, ContentType.LOG}, key=str):
            compressor = registry.get(kind)
            if compressor is not None:
                compressor.compress(body)
    assert sorted(asked) == []

