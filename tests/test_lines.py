"""The shared line-elision core: runs, short-run rule, markers, note line, query bias."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors import lines as L
from engine.compressors.invariants import note_line
from engine.compressors.redundancy import keep_non_redundant, vocabulary
from engine.patterns import LOG_IMPORTANT, TERMINAL_IMPORTANT


def same(n: int, text: str = "GET /health 200") -> list[str]:
    return [f"{text} #{i}" for i in range(n)]


def test_run_of_three_becomes_one_marker():
    units = ["GET /health 200 first", *same(3), "end"]
    keep = [True, False, False, False, True]
    result = L.elide(units, keep, noun="lines")
    assert result.out == ["GET /health 200 first", "… 3 lines elided (caveman) …", "end"]
    assert result.elided_units == 3


def test_run_under_three_is_left_verbatim_without_a_summary():
    units = ["start", "x 1", "x 2", "end"]
    result = L.elide(units, [True, False, False, True], noun="lines")
    assert result.out == units
    assert result.elided_units == 0


def test_short_run_is_elided_when_its_summary_halves_it():
    pad = "p" * 200
    units = ["k=1 state=ok " + pad, f"k=1 state=ok {pad}"]
    fields = lambda u: {"k": "1", "state": "ok"}  # noqa: E731
    result = L.elide(["head k=1 state=ok " + pad, *units], [True, False, False], noun="lines", fields=fields)
    assert result.out[1] == "… 2 lines elided (caveman): all k=1 state=ok …"


def test_short_run_with_summary_that_does_not_halve_stays():
    units = ["head a=1", "a=1", "a=1"]
    result = L.elide(units, [True, False, False], noun="lines", fields=lambda u: {"a": "1"})
    assert result.out == units


def test_unit_without_fields_means_no_summary():
    units = ["head", "a=1 x and more", "nothing here at all", "a=1 y and more", "a=1 z and more"]
    fields = lambda u: {"a": "1"} if "a=1" in u else None  # noqa: E731
    result = L.elide(units, [True, False, False, False, False], noun="lines", fields=fields,
                     vocab_units=["head a x y z nothing here"] * 5)
    assert result.out == ["head", "… 4 lines elided (caveman) …"]


def test_the_one_odd_line_survives():
    units = ["GET /a 200", *same(20), "disk quota exceeded on /var", *same(20)]
    keep = [True] + [False] * 41
    out = L.elide(units, keep, noun="lines").out
    assert "disk quota exceeded on /var" in out
    assert out == ["GET /a 200", same(1)[0], "… 19 lines elided (caveman) …", "disk quota exceeded on /var",
                   "… 20 lines elided (caveman) …"]


def test_markers_take_the_crlf_line_end():
    units = ["a\r", *[u + "\r" for u in same(5)], "b\r"]
    out = L.elide(units, [True] + [False] * 5 + [True], noun="lines", eol="\r").out
    assert out[2] == "… 4 lines elided (caveman) …\r"


def test_note_line_once_when_4kb_elided():
    units = ["head", *same(400, "a fairly long repeated log message about nothing in particular")]
    result = L.elide(units, [True] + [False] * 400, noun="lines", note_unit="lines")
    assert result.elided_bytes >= 4096
    assert result.out[-1] == note_line("lines")
    assert sum(1 for u in result.out if u.startswith("… caveman: elided")) == 1


def test_no_note_line_under_4kb():
    units = ["head", *same(10)]
    result = L.elide(units, [True] + [False] * 10, noun="lines", note_unit="lines")
    assert not any(u.startswith("… caveman: elided") for u in result.out)


def test_split_and_join_round_trip():
    for text in ["a\nb\n", "a\nb", "a\r\nb\r\n", "", "\n", "only"]:
        doc = L.split(text)
        assert doc.join(doc.lines) == text or (text == "" and doc.join(doc.lines) == "")


def test_crlf_majority():
    assert L.split("a\r\nb\r\nc\n").eol_cr
    assert not L.split("a\r\nb\nc\n").eol_cr


def test_rank_prefers_relevant_units_and_is_deterministic():
    units = ["connection refused to db-1", "all good", "db-1 restarted", "nothing", "connection pool size 4"]
    assert L.rank(units, "db-1 connection refused", 3) == [0, 2, 4]
    assert L.rank(units, "the of and", 3) == []
    assert L.rank(units, "", 3) == []


def test_query_bias_never_exceeds_the_budget():
    renders = {0: "x" * 10, 1: "x" * 20, 2: "x" * 30, 3: "x" * 40}
    out = L.query_biased(lambda extra: renders[len(extra)], [5, 6, 7], 25)
    assert out == "x" * 20
    assert L.query_biased(lambda extra: renders[len(extra)], [5], 5) is None
    assert L.query_biased(lambda extra: "y", [], 100) is None


line_text = st.text(alphabet=st.sampled_from(list("abErFiLWnx \t:0123.go->\"AtsİéK")), max_size=30)


@given(st.lists(line_text, max_size=30))
def test_flag_lines_equals_searching_every_line(lines):
    from engine.compressors.log import LOG_KEYWORDS
    from engine.compressors.terminal import TERMINAL_KEYWORDS
    from engine.patterns import INDENTED_FRAME, LOCATION

    assert L.flag_lines(lines, TERMINAL_IMPORTANT, TERMINAL_KEYWORDS, (LOCATION, INDENTED_FRAME)) == [
        bool(TERMINAL_IMPORTANT.search(x)) for x in lines]
    assert L.flag_lines(lines, LOG_IMPORTANT, LOG_KEYWORDS, (INDENTED_FRAME,)) == [
        bool(LOG_IMPORTANT.search(x)) for x in lines]


def test_flag_lines_non_ascii_falls_back():
    lines = ["ÉRROR İstanbul", "error here", "fine"]
    assert L.flag_lines(lines, re.compile(r"(?i)\berror\b"), ("error",)) == [False, True, False]


@given(st.lists(st.text(max_size=20), max_size=20))
def test_vocabulary_matches_word_by_word_masking(units):
    from engine.patterns import DIGITS, WORD

    for unit in units:
        words = WORD.findall(unit.lower())
        masked = any(not w.isdigit() and any(c.isalpha() for c in w) for w in words)
        expected = {DIGITS.sub("\0", w) if masked else w for w in words}
        vocab, got_masked = vocabulary(unit)
        assert got_masked == masked
        if len(expected) <= 128:
            assert vocab == frozenset(expected)


def test_keep_non_redundant_promotion_cap_keeps_a_document():
    units = [f"word{chr(97 + i % 26)}{chr(97 + i // 26 % 26)} unique{chr(97 + i // 676)}" for i in range(300)]
    keep = keep_non_redundant(units, [True] + [False] * 299)
    assert all(keep)


# ---------------------------------------------------------------- flag_lines finds what a search of every line finds

_FLAG_EXTRA = re.compile(r"(?m)^[ \t]*(?:ok |PASS)|^\S+\.py [.sx]|^-- ")
_FLAG_LINES = st.lists(st.text(alphabet=st.sampled_from(list(" \tokPASx.py-sE\u0130:1")), max_size=12), max_size=40)


@settings(max_examples=300, deadline=None)
@given(_FLAG_LINES, st.booleans())
def test_flag_lines_candidates_are_exactly_the_matching_lines(lines, fold_case):
    """Dense keywords (tested line by line) and `^`-anchored extras (tried at line starts only)
    flag the same lines as testing the pattern on every line."""
    def hit(line):
        low = line.lower() if fold_case else line
        return "ok" in low or (not fold_case and "E" in line) or _FLAG_EXTRA.match(low) is not None

    flags = L.flag_lines(lines, hit, ("ok",) if fold_case else ("ok", "E"), (_FLAG_EXTRA,), fold_case=fold_case)
    assert flags == [bool(hit(line)) for line in lines]
    assert L._by_line(_FLAG_EXTRA) is not None
