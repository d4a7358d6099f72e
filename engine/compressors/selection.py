"""Unit selection shared by the structured compressors (JSON, tables, config).

Each of them cuts a payload into units (array elements, table rows, config lines), marks the
ones that must stay, and turns the remaining runs into markers. The pieces they share live
here: a small deterministic BM25 for query bias, numeric anomaly detection (MAD-z with a
standard-deviation fallback) and the rule for whether a dropped run is worth a marker at all.
"""
from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Mapping, Sequence
from itertools import accumulate, compress, repeat

from engine.patterns import WORD

#: A query keeps units scoring at least this share of the best unit's score.
QUERY_MIN_RELATIVE = 0.30
#: MAD-z (or z) at which a numeric value marks its unit as an anomaly.
ANOMALY_Z = 2.0
#: For a derived measure such as an element's length, the classic outlier cut-off
#: (Iglewicz–Hoaglin): at 2.0, lengths of any heavy-tailed listing flag one element in ten.
LENGTH_ANOMALY_Z = 3.5
#: Fewer values than this say nothing about what is normal.
ANOMALY_MIN_VALUES = 4

_STOPWORDS = frozenset(
    "a an and are as at be by for from how in is it of on or that the this to was what when where which who why with"
    .split()
)
_K1 = 1.5
_B = 0.75


def query_terms(query: str) -> list[str]:
    seen: dict[str, None] = {}
    for term in WORD.findall(query.lower()):
        if len(term) >= 2 and term not in _STOPWORDS:
            seen.setdefault(term, None)
    return list(seen)


def bm25_scores(units: Sequence[str], query: str) -> list[float]:
    """Okapi BM25 of every unit against the query (k1 1.5, b 0.75); zeros when nothing matches."""
    terms = query_terms(query)
    if not terms or not units:
        return [0.0] * len(units)
    docs = [[t for t in WORD.findall(u.lower()) if len(t) >= 2] for u in units]
    n = len(docs)
    avg = sum(len(d) for d in docs) / n or 1.0
    df = {t: 0 for t in terms}
    tfs: list[dict[str, int]] = []
    for d in docs:
        tf: dict[str, int] = {}
        for t in d:
            if t in df:
                tf[t] = tf.get(t, 0) + 1
        for t in tf:
            df[t] += 1
        tfs.append(tf)
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in terms}
    scores = []
    for d, tf in zip(docs, tfs):
        s = 0.0
        for t, f in tf.items():
            s += idf[t] * f * (_K1 + 1) / (f + _K1 * (1 - _B + _B * len(d) / avg))
        scores.append(s)
    return scores


def query_keep(units: Sequence[str], query: str, keep: list[bool], limit: int) -> None:
    """Mark up to `limit` more of the best-scoring units (each ≥30% of the best score)."""
    if not query or not query.strip():
        return
    scores = bm25_scores(units, query)
    best = max(scores, default=0.0)
    if best <= 0:
        return
    ranked = sorted(range(len(units)), key=lambda i: (-scores[i], i))
    added = 0
    for i in ranked:
        if scores[i] < QUERY_MIN_RELATIVE * best:
            break
        if keep[i]:
            continue
        if added >= limit:
            break
        keep[i] = True
        added += 1


def numeric_anomalies(values: Sequence[float | None] | Mapping[int, float], z: float = ANOMALY_Z) -> list[int]:
    """Indices whose value sits ≥z robust z-scores from the median (MAD; stddev when MAD is 0).
    `values` is a series (None where absent) or a map of index → value (indices come back in
    the map's order).
    (The arithmetic runs through map() over whole series, value by value as a loop would.)"""
    if isinstance(values, Mapping):
        indices, present = list(values), list(values.values())
    elif None not in values:
        indices, present = range(len(values)), list(values)  # type: ignore[assignment]
    else:
        indices = [i for i, v in enumerate(values) if v is not None]
        present = [values[i] for i in indices]  # type: ignore[misc]
    if not all(map(math.isfinite, present)):
        finite = [j for j, v in enumerate(present) if math.isfinite(v)]
        indices, present = [indices[j] for j in finite], [present[j] for j in finite]
    if len(present) < ANOMALY_MIN_VALUES:
        return []
    nums = sorted(present)
    median = _median(nums)
    mad = _median(sorted(map(abs, map(operator.sub, nums, repeat(median)))))
    if mad > 0:
        # 0.6745 * |v - median| / mad >= z
        deviations = map(abs, map(operator.sub, present, repeat(median)))
        scores = map(operator.truediv, map(operator.mul, repeat(0.6745), deviations), repeat(mad))
        return list(compress(indices, map(operator.le, repeat(z), scores)))
    mean = sum(nums) / len(nums)
    std = _spread(nums, mean)
    if std == 0:
        return []
    # |v - mean| / std >= z
    scores = map(operator.truediv, map(abs, map(operator.sub, present, repeat(mean))), repeat(std))
    return list(compress(indices, map(operator.le, repeat(z), scores)))


def _spread(values: Sequence[float], mean: float) -> float:
    """The population standard deviation of `values` about `mean`."""
    diffs = list(map(operator.sub, values, repeat(mean)))
    try:
        return math.sqrt(sum(map(pow, diffs, repeat(2))) / len(diffs))
    except OverflowError:  # a deviation past 1e154 squares past the float range: scale first
        scale = max(map(abs, diffs))
        return scale * math.sqrt(sum(pow(d / scale, 2) for d in diffs) / len(diffs))


def change_points(values: Sequence[float], max_splits: int = 8) -> list[int]:
    """Indices where a numeric series shifts its level (binary segmentation on CUSUM).

    A series that moves at a steady slope (counters, ids, timestamps) has no seam: its CUSUM
    peaks in the middle for no reason, so near-constant steps are skipped."""
    n = len(values)
    if n < 8:
        return []
    steps = list(map(operator.sub, values[1:], values))
    if max(steps) - min(steps) <= 1e-9 * max(1.0, abs(max(steps))):
        return []
    seams: list[int] = []
    segments = [(0, n)]
    while segments and len(seams) < max_splits:
        lo, hi = segments.pop(0)
        if hi - lo < 8:
            continue
        seg = values[lo:hi]
        mean = sum(seg) / len(seg)
        std = _spread(seg, mean)
        if std == 0:
            continue
        # The running sum of deviations over all but the last value; its first largest
        # magnitude is the split (none when every partial sum is 0).
        drift = list(map(abs, accumulate(map(operator.sub, seg[:-1], repeat(mean)))))
        best = max(drift, default=0.0)
        best_k = drift.index(best) + 1 if best > 0 else -1
        if best_k < 2 or best_k > len(seg) - 2:
            continue
        left, right = seg[:best_k], seg[best_k:]
        shift = abs(sum(left) / len(left) - sum(right) / len(right))
        if shift < 1.5 * std:
            continue
        seams.append(lo + best_k)
        segments += [(lo, lo + best_k), (lo + best_k, hi)]
    return sorted(seams)


def runs(keep: Sequence[bool]) -> Iterable[tuple[int, int]]:
    """(start, end) of every maximal run of dropped units."""
    i, n = 0, len(keep)
    while i < n:
        if keep[i]:
            i += 1
            continue
        j = i
        while j < n and not keep[j]:
            j += 1
        yield i, j
        i = j


def worth_eliding(run_length: int, summary: str, marker_bytes: int, elided_bytes: int) -> bool:
    """A run under three units reads as a hole; elide it only when the marker both summarises
    it and costs at most half its bytes."""
    return run_length >= 3 or (bool(summary) and 2 * marker_bytes <= elided_bytes)


def _median(sorted_values: Sequence[float]) -> float:
    n = len(sorted_values)
    mid = n // 2
    return sorted_values[mid] if n % 2 else (sorted_values[mid - 1] + sorted_values[mid]) / 2
