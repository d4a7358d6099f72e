"""A deterministic BM25 scorer: the one ranking function for query narrowing and for
compressors that bias what they keep toward a query.

Terms are lowercase letter/digit/underscore runs of two bytes or more, minus a short list of
English stopwords; query terms count once each. Scores depend only on the documents and the
query, never on hash or dict order, so the same input always ranks the same way.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from engine.patterns import BM25_TERM

K1 = 1.5
B = 0.75

STOPWORDS = frozenset(
    "a an and are as at be by for from how in is it of on or that the this to was what when where "
    "which who why with".split()
)


def terms(text: str) -> list[str]:
    """The BM25 terms of a text, in order, repeats kept (term frequency needs them)."""
    # Two bytes or more: any two characters, or one outside ASCII (UTF-8 spends two on it).
    return [t for t in BM25_TERM.findall(text.lower())
            if (len(t) > 1 or t > "\x7f") and t not in STOPWORDS]


def query_terms(query: str) -> list[str]:
    """The query's terms, each once, in first-seen order."""
    return list(dict.fromkeys(terms(query)))


class BM25:
    """Scores a fixed collection of documents (each already split into terms) against queries."""

    def __init__(self, documents: Sequence[Sequence[str]]) -> None:
        self._tf = [Counter(doc) for doc in documents]
        self._len = [len(doc) for doc in documents]
        self.n = len(documents)
        self._avg_len = (sum(self._len) / self.n) if self.n else 0.0
        self._df: Counter[str] = Counter()
        for tf in self._tf:
            self._df.update(tf.keys())

    def idf(self, term: str) -> float:
        df = self._df.get(term, 0)
        return math.log(1.0 + (self.n - df + 0.5) / (df + 0.5))

    def score(self, query: Sequence[str]) -> list[float]:
        """One score per document; 0.0 for a document sharing no term with the query."""
        unique = list(dict.fromkeys(query))
        weights = [(t, self.idf(t)) for t in unique if self._df.get(t)]
        scores = [0.0] * self.n
        if not weights or self._avg_len == 0:
            return scores
        for i, tf in enumerate(self._tf):
            norm = K1 * (1.0 - B + B * self._len[i] / self._avg_len)
            total = 0.0
            for term, idf in weights:
                f = tf.get(term, 0)
                if f:
                    total += idf * f * (K1 + 1.0) / (f + norm)
            scores[i] = total
        return scores


def score_texts(texts: Sequence[str], query: str) -> list[float]:
    """BM25 scores of raw texts against a raw query."""
    return BM25([terms(t) for t in texts]).score(query_terms(query))
