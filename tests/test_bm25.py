"""The BM25 scorer: its terms, its constants, and that it ranks deterministically."""
from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from engine import bm25


def test_terms_are_lowercase_runs_of_two_bytes_or_more_without_stopwords():
    assert bm25.terms("The Error in a FILE x_y z 42 é café-it") == ["error", "file", "x_y", "42", "é", "café"]


def test_query_terms_count_once_in_first_seen_order():
    assert bm25.query_terms("timeout error Timeout ERROR retry") == ["timeout", "error", "retry"]


def test_idf_is_ln_one_plus_n_minus_df_over_df():
    scorer = bm25.BM25([["alpha"], ["alpha", "beta"], ["gamma"]])
    assert scorer.idf("alpha") == math.log(1 + (3 - 2 + 0.5) / (2 + 0.5))
    assert scorer.idf("absent") == math.log(1 + (3 + 0.5) / 0.5)


def test_score_uses_k1_1_5_and_b_0_75():
    docs = [["error", "disk", "full"], ["ok"], ["error"]]
    scores = bm25.BM25(docs).score(["error"])
    avg = 5 / 3
    idf = math.log(1 + (3 - 2 + 0.5) / 2.5)
    want0 = idf * 1 * 2.5 / (1 + 1.5 * (1 - 0.75 + 0.75 * 3 / avg))
    want2 = idf * 1 * 2.5 / (1 + 1.5 * (1 - 0.75 + 0.75 * 1 / avg))
    assert scores == [want0, 0.0, want2]
    assert scores[2] > scores[0]  # the shorter document holding the term ranks higher


def test_repeated_query_terms_do_not_count_twice():
    scorer = bm25.BM25([["error", "x1"], ["warning", "x2"]])
    assert scorer.score(["error", "error"]) == scorer.score(["error"])


def test_no_shared_term_scores_zero_everywhere():
    assert bm25.score_texts(["one line", "another line"], "missing") == [0.0, 0.0]
    assert bm25.score_texts([], "anything") == []


@given(st.lists(st.text(max_size=40), max_size=12), st.text(max_size=20))
def test_scores_are_deterministic_and_never_negative(texts, query):
    first = bm25.score_texts(texts, query)
    assert first == bm25.score_texts(list(texts), query)
    assert all(s >= 0 for s in first)
