"""Which elements of a long JSON array (or entries of a map of records) stay in view.

Kept: the first three and last two, every element whose text names a failure, every finding
of a lint report (json_findings), the odd ones
(numeric outliers by MAD-z per leaf path, length outliers, level shifts, rare values of a
low-cardinality field, rare key sets), with a query the best BM25 matches, for a map of
records the entries its first entries name, and whatever keepNonRedundant restores.
"""
from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from collections.abc import Collection, Iterable
from itertools import accumulate, compress, repeat
import operator
from operator import add, and_, not_
from typing import TYPE_CHECKING, Any

from engine.compressors.json_findings import Reports
from engine.compressors.redundancy import MAX_PROMOTIONS, keep_non_redundant
from engine.compressors.selection import (
    LENGTH_ANOMALY_Z, change_points, numeric_anomalies, query_keep,
)
from engine.patterns import JSON_ERROR_LOWER, JSON_QUIET_MEMBER

if TYPE_CHECKING:
    from engine.compressors.json_profile import Profile

#: Arrays (and maps of records) with more elements than this are collapsed.
MAX_WHOLE = 8
KEEP_HEAD = 3
KEEP_TAIL = 2
#: A query fills the kept set up to this many elements.
QUERY_LIMIT = 50
#: A value seen in at most this share of elements (and never more than once in 20) is rare.
RARE_SHARE = 0.05
#: A numeric leaf flagging more than this share of the elements as outliers has two populations
#: (test durations: most under a millisecond, a third near ten), not odd ones: its most extreme
#: value on each side of the median stays, and where the flagged elements sit in at most
#: POPULATION_RUNS runs (a level shift: every element after the 400th is slower), the first and
#: last of each run, so the view shows where the other population begins and ends.
ANOMALY_MAX_SHARE = 0.10
#: A series that never goes down and takes at least this many values is a clock (_is_clock):
#: more values than the few an enumeration has (invariants: at most five).
CLOCK_MIN_VALUES = 6
POPULATION_RUNS = 8
#: Entries of a keyed collection that kept entries name: at most this many are added.
MAX_REFERENCED = 24
#: A lockfile's nested installs (`node_modules/a/node_modules/b`) are kept while at most this
#: many: a few are the odd records (a second copy of b at a version the top-level b does not
#: satisfy); more are a population, counted in markers like any entry.
MAX_NESTED_INSTALLS = 8
#: Deeper subtrees are kept as they are (and the parser itself refuses ~1000 levels).
MAX_DEPTH = 64


class RawFloat(float):
    """A float that remembers how it was written, so a marker's range quotes the original."""

    __slots__ = ("raw",)
    raw: str


def parse_float(text: str) -> float:
    value = RawFloat(text)
    if not math.isfinite(value):
        raise ValueError("non-finite number")
    value.raw = text
    return value


def select(items: list[Any], units: list[str], query: str, profile: Profile,
           value_texts: list[str] | None = None, reports: Reports | None = None) -> list[bool]:
    """`value_texts`: for a collection, each entry's value as canonical text (its units
    also carry its name). `reports`: the document's lint reports (one is made for the array
    alone when not given)."""
    n = len(items)
    keep = [i < KEEP_HEAD or i >= n - KEEP_TAIL for i in range(n)]
    # A collection's entry names are identifiers (`node_modules/error-ex`), not reports.
    texts = units if value_texts is None else value_texts
    for i in _error_bearing(texts):
        # Names in a name-keyed map (a dependency called `es-errors`) are not reports either.
        if not profile.maps or _names_failure(items[i], "", profile.maps, 0):
            keep[i] = True
    odd = _odd_ones(profile, units)
    passing = passing_results(items) if odd else set()
    for i in odd:
        if i not in passing:  # a passing test's duration or title is not the odd record
            keep[i] = True
    # A lint or compiler report's findings are kept by severity and rule, as in its text form
    # (`"severity": "error"` on a ruff style finding, or a message quoting `exception`, is no
    # failure of its own); its head and tail stay like any array's.
    reports = reports or Reports(items)
    verdicts = reports.verdicts(items)
    for i, verdict in verdicts.items():
        keep[i] = verdict or i < KEEP_HEAD or i >= n - KEEP_TAIL
    reports.last = {i: keep[i] for i in verdicts}
    if query:
        query_keep(units, query, keep, max(0, QUERY_LIMIT - sum(keep)))
    return keep


#: The keys a test report's result names its outcome under (jest and vitest `status`,
#: pytest-json-report `outcome`; mocha's an empty `err`), the values that say it passed (Playwright's `expected`), and
#: the keys naming the test (a service's records with `"status": "ok"` are no test results).
RESULT_STATUS_KEYS = ("status", "outcome")
PASSED_VALUES = frozenset({"passed", "pass", "expected"})
RESULT_TITLE_KEYS = ("title", "fullName", "fullTitle", "nodeid", "testName")


def passing_results(items: list[Any]) -> set[int]:
    """Indices of the passing test results, when the array is a test report's results (at
    least half its elements are objects naming a test and its outcome); else none. Passing
    results are the report's repetition: their durations and titles differ, but none of them
    is the odd record."""
    first = items[0] if items else None
    if not isinstance(first, dict) or not any(map(first.__contains__, RESULT_STATUS_KEYS + ("err",))):
        return set()  # (a report's results are alike: the first one says whether it is one)
    found: set[int] = set()
    outcomes = 0
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not any(map(item.__contains__, RESULT_TITLE_KEYS)):
            continue
        err = item.get("err")
        if isinstance(err, dict):  # mocha's json reporter: `"err": {}` for a test that passed
            outcomes += 1
            if not err:
                found.add(i)
            continue
        for key in RESULT_STATUS_KEYS:
            value = item.get(key)
            if isinstance(value, str):
                outcomes += 1
                if value in PASSED_VALUES:
                    found.add(i)
                break
    return found if 2 * outcomes >= len(items) else set()


def _error_words(pattern: str) -> tuple[str, ...] | None:
    """The words of a `\b(?:word|word…)\b` pattern, or None when it has another form."""
    m = re.fullmatch(r"\\b\(\?:([a-z|]+)\)\\b", pattern)
    return tuple(m.group(1).split("|")) if m else None


def _shortest_cover(words: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """The words that contain no other word: a text holding `errors` holds `error`."""
    if words is None:
        return None
    return tuple(w for w in words if not any(o != w and o in w for o in words))


#: JSON_ERROR_LOWER's words (those containing another left out): every match contains one,
#: and str.find skips text several times faster than the regex scans it, so only elements
#: holding one are searched.
_ERROR_WORDS = _shortest_cover(_error_words(JSON_ERROR_LOWER.pattern))


def may_name_failure(lowered: str) -> bool:
    """False only when JSON_ERROR_LOWER finds nothing in the (lower-cased) text: it holds none
    of the words every match contains."""
    return _ERROR_WORDS is None or any(map(lowered.__contains__, _ERROR_WORDS))


def _error_bearing(texts: list[str]) -> set[int]:
    """Indices of texts naming a failure."""
    joined = "\n".join(texts)
    if joined.isascii():
        # Lower-casing ASCII keeps every length: the joined text is lowered in one call, and
        # each element's lowered text only when it is a candidate.
        lowered_all = joined.lower()
        lengths: Iterable[int] = map(len, texts)

        def lowered_at(i: int) -> str:
            return texts[i].lower()
    else:
        lowered = list(map(str.lower, texts))
        lowered_all = "\n".join(lowered)
        lengths = map(len, lowered)
        lowered_at = lowered.__getitem__
    if _ERROR_WORDS is None:
        return {i for i in range(len(texts)) if _reports_failure(lowered_at(i))}
    ends = list(accumulate(map(add, lengths, repeat(1))))
    candidates: set[int] = set()
    for word in _ERROR_WORDS:
        at = lowered_all.find(word)
        while at >= 0:
            i = bisect.bisect_right(ends, at)
            candidates.add(i)
            at = lowered_all.find(word, ends[i])  # the element is searched whole below
    return {i for i in candidates if _reports_failure(lowered_at(i))}


def _reports_failure(lowered: str) -> bool:
    """A failure word outside the quiet members (`"errors":[]`, `"timeout":6000`): a passing
    test in a report says both and reports nothing."""
    if JSON_ERROR_LOWER.search(lowered) is None:
        return False
    return JSON_QUIET_MEMBER.search(lowered) is None or JSON_ERROR_LOWER.search(JSON_QUIET_MEMBER.sub("", lowered)) is not None


def _names_failure(value: Any, path: str, maps: set[str], depth: int) -> bool:
    if depth > MAX_DEPTH:
        return True
    if isinstance(value, dict):
        named = path in maps
        return any((not named and JSON_ERROR_LOWER.search(k.lower()))
                   or _names_failure(v, path + "." + k, maps, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return any(_names_failure(v, path, maps, depth + 1) for v in value)
    if isinstance(value, str) and _opaque(value):
        return False  # a tarball URL of the package `error-ex` reports nothing
    return bool(JSON_ERROR_LOWER.search(scalar_text(value).lower()))


def kept_elements(items: list[Any], units: list[str], query: str, profile: Profile,
                  reports: Reports | None = None) -> list[bool]:
    """select, then keepNonRedundant; a report's findings keep select's verdicts (its rule and
    message shape is what a finding is alike by: the same finding in another file is no new
    kind, and past the promotion cap the rest of a report is no document)."""
    reports = reports or Reports(items)
    keep = keep_non_redundant_shapes(profile.shapes, select(items, units, query, profile, reports=reports))
    for i, verdict in reports.last.items():
        keep[i] = verdict
    return keep


def keep_non_redundant_shapes(shapes: list[str], keep: list[bool]) -> list[bool]:
    """keepNonRedundant, asked once per distinct shape: a dropped unit whose shape repeats an
    earlier dropped one gets that one's verdict anyway (represented by it, or by its class).
    (Index lists are built by C-level passes: a long array of scalars has a shape per element.)"""
    n = len(shapes)
    everything = range(n)
    kept = list(compress(everything, keep))
    dropped = list(compress(everything, map(not_, keep)))
    # The first dropped index of each shape: a dict filled back to front ends up holding it.
    firsts = dict(zip(map(shapes.__getitem__, reversed(dropped)), reversed(dropped)))
    asked = sorted(kept + list(firsts.values()))
    asked_keep = list(map(keep.__getitem__, asked))
    verdict = keep_non_redundant(list(map(shapes.__getitem__, asked)), asked_keep)
    promoted = list(compress(asked, map(and_, verdict, map(not_, asked_keep))))
    out = list(keep)
    for i in promoted[:MAX_PROMOTIONS]:
        out[i] = True
    if len(promoted) >= MAX_PROMOTIONS:
        # Past the promotion cap the payload is a document: everything after it stays.
        document_from = promoted[MAX_PROMOTIONS - 1] + 1
        out[document_from:] = [True] * (n - document_from)
    return out


def _odd_ones(profile: Profile, units: list[str]) -> set[int]:
    """Elements that differ from the rest: numeric outliers, level shifts, rare values, rare shapes."""
    n = profile.n
    # Length outliers count on the long side only, and by the element's shape (digits masked,
    # opaque strings out): `k9` is not odd next to `k10000`; an element carrying a stack is.
    lengths = list(map(float, map(len, profile.shapes)))
    median = sorted(lengths)[len(lengths) // 2] if lengths else 0.0
    odd: set[int] = {i for i in numeric_anomalies(lengths, LENGTH_ANOMALY_Z) if lengths[i] > median}
    for series in profile.numeric.values():
        # In element order (a series may have been filled a group of elements at a time).
        ordered = list(map(series.__getitem__, range(n))) if len(series) == n else None
        if ordered is not None and _is_clock(ordered):
            continue
        flagged = numeric_anomalies(series)
        if len(flagged) > ANOMALY_MAX_SHARE * n:
            flagged = _extremes(series, flagged)
        odd.update(flagged)
        if ordered is not None:
            for seam in change_points(ordered):
                odd.update((seam - 1, seam))
    rare_limit = max(2, int(RARE_SHARE * n))
    columns: list[tuple[Iterable[int], Collection[Any]]] = [(t.keys(), t.values()) for t in profile.strings.values()]
    columns.append((range(n), profile.keysets))
    for indices, values in columns:
        # A value can be the common one only when the leaf is in at least half the elements.
        if len(values) < n / 2:
            continue
        counts = Counter(values)
        counts.pop(None, None)  # keysets: an element that is not an object
        if not counts or len(counts) > 5:
            continue
        if counts.most_common(1)[0][1] < n / 2:
            continue
        rare = {v for v, c in counts.items() if c <= rare_limit}
        if rare:
            odd.update(compress(indices, map(rare.__contains__, values)))
    return odd


def _is_clock(values: list[float]) -> bool:
    """A series that never goes down and takes at least CLOCK_MIN_VALUES values: a clock, a
    counter, an id (jest's `startAt`; pino's `time` in milliseconds, dozens of records to each).
    Its far values are only its first and last, and binary segmentation cuts its uneven climb
    into seams, so neither says that an element is odd. (A level shift, 10 10 10 50 50, or a
    version stepping 1 1 2 2 3, takes fewer values: its seams stay.)"""
    if any(map(operator.gt, values, values[1:])):
        return False
    return len(set(values)) >= CLOCK_MIN_VALUES


def _extremes(series: dict[int, float], flagged: list[int]) -> list[int]:
    """Of the flagged indices (see ANOMALY_MAX_SHARE): the one holding the largest value above
    the series' median and the one holding the smallest below it (the first of each, in index
    order), and the ends of their runs when they make few."""
    values = sorted(series.values())
    median = values[len(values) // 2]
    above = [i for i in flagged if series[i] > median]
    below = [i for i in flagged if series[i] < median]
    out = []
    if below:
        out.append(min(below, key=lambda i: (series[i], i)))
    if above:
        out.append(max(above, key=lambda i: (series[i], -i)))
    ordered = sorted(flagged)
    starts = [i for k, i in enumerate(ordered) if k == 0 or ordered[k - 1] != i - 1]
    if len(starts) <= POPULATION_RUNS:
        ends = [i for k, i in enumerate(ordered) if k == len(ordered) - 1 or ordered[k + 1] != i + 1]
        out += starts + ends
    return out


def _opaque(text: str) -> bool:
    """Identifiers rather than words: URLs, hashes, long unbroken tokens."""
    return "://" in text or (len(text) >= 20 and " " not in text)


def keep_referenced(keys: list[str], values: list[Any], keep: list[bool]) -> None:
    """Keep entries a kept entry names: a lockfile's root lists its direct dependencies, and
    those are the packages an agent asks about."""
    names: set[str] = set()
    for v in values[:KEEP_HEAD]:
        _collect_names(v, names, 0)
    added = 0
    for i, k in enumerate(keys):
        if added >= MAX_REFERENCED:
            break
        if not keep[i] and _names_entry(k, names):
            keep[i] = True
            added += 1


def keep_nested_installs(keys: list[str], keep: list[bool]) -> None:
    """Keep a lockfile's few nested installs: `node_modules/pino/node_modules/process-warning`
    is the package installed twice at two versions, what an agent reads a lockfile to find; it
    was elided among the plain entries it resembles."""
    nested = [i for i, k in enumerate(keys) if "/node_modules/" in k]
    if len(nested) <= MAX_NESTED_INSTALLS:
        for i in nested:
            keep[i] = True


def _names_entry(key: str, names: set[str]) -> bool:
    """The key, or what follows one of its slashes (`node_modules/a/node_modules/b`), is a name."""
    if key in names:
        return True
    slash = key.find("/")
    while slash >= 0:
        if key[slash + 1:] in names:
            return True
        slash = key.find("/", slash + 1)
    return False


def _collect_names(value: Any, names: set[str], depth: int) -> None:
    """Keys of name → spec maps (`"dependencies": {"eslint": "^10.0.2"}`) inside a record."""
    if depth > 6 or not isinstance(value, dict):
        return
    if depth > 0 and value and all(isinstance(v, str) for v in value.values()):
        names.update(value)
    for v in value.values():
        _collect_names(v, names, depth + 1)


def scalar_text(v: Any) -> str:
    if isinstance(v, RawFloat):
        return v.raw
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    return str(v)
