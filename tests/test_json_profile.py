"""The JSON element profile and marker fields read a member at a time give what reading one
element at a time gives; integers past float's range never raise."""
from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.compressors import invariants
from engine.compressors import json_elements as je
from engine.compressors import json_profile as jp
from engine.compressors.json_array import JsonCompressor, _own_summary, _pair_verdicts, _PairClasses, _run_fields
from engine.compressors.json_text import canonical, canonical_each, parse
from engine.patterns import DIGITS

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.sampled_from([1.5, 19.9, -0.25, 1e21]),
    st.sampled_from(["ok", "error", "item-7", "https://x.io/a", "a" * 25, "two words", "", "line\nbreak", "é9"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["a", "b", "c"]), inner, max_size=3)), max_leaves=6)
KEYS = st.sampled_from(["id", "name", "status", "price", "tags", "error", "meta"])
RECORD = st.dictionaries(KEYS, VALUES, max_size=5)


def _parsed(items: list) -> list:
    # Through the parser, so floats are the RawFloat the compressor sees, some of them written
    # as Python would not print them (only the written form may reach words and fields).
    return parse(json.dumps(items).replace("19.9", "19.90").replace("1e+21", "1E21").encode())


def _profile_by_element(items, units, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(jp, "MIN_COLUMN_ROWS", 10**9)
        m.setattr(jp, "MAX_ORDER_PASSES", 0)
        return jp.Profile(items, units)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0, 1, 2]), min_size=1, max_size=40), st.lists(RECORD, min_size=3, max_size=3),
       st.data())
def test_profile_by_member_equals_profile_by_element(pattern, schemas, data):
    # Records of a few key orders (so groups form), with values drawn per record.
    items = []
    for p in pattern:
        keys = list(schemas[p])
        items.append({k: data.draw(VALUES) for k in keys})
    items = _parsed(items)
    units = [canonical(x) for x in items]
    with pytest.MonkeyPatch.context() as m:
        m.setattr(jp, "MIN_COLUMN_ROWS", 1)
        by_member = jp.Profile(items, units)
    by_element = _profile_by_element(items, units, pytest.MonkeyPatch())
    assert by_member.shapes == by_element.shapes
    assert by_member.keysets == by_element.keysets
    assert by_member.strings == by_element.strings
    assert by_member.numeric == by_element.numeric
    assert je._odd_ones(by_member, units) == je._odd_ones(by_element, units)


@settings(max_examples=200, deadline=None)
@given(st.lists(RECORD, min_size=1, max_size=12), st.integers(0, 5000))
# a member that is an array in one record is no field of the run: `id: null×2 absent×1` would
# call the third record's `id` absent
@example([{"id": None}, {"id": None}, {"id": [], "name": None}], 42)
def test_marker_fields_by_member_equal_fields_by_element(records, elided):
    run = _parsed(records)
    assert _own_summary(run, elided) == invariants.summarize(_run_fields(run), elided)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ab0123456789 \n\x00\x1f٣", max_size=12), max_size=8))
def test_digit_masking_equals_the_regex(texts):
    assert jp._mask_digits(texts) == [DIGITS.sub("0", t) for t in texts]


@pytest.mark.parametrize("payload,collapsed", [
    ([{"id": i, "big": 10**400 + i, "status": "ok"} for i in range(40)], True),
    ([{"id": i, "nested": {"big": 10**400}} for i in range(40)], True),
    ([{"id": i, "big": 10**400 if i % 2 else i} for i in range(40)], True),
    ([10**400 + i for i in range(40)], False),  # distinct numbers are content: a document
])
def test_integers_past_float_range_never_raise(payload, collapsed):
    data = json.dumps(payload, indent=1).encode()
    first = JsonCompressor().compress(data)
    assert (first is not None) == collapsed
    assert JsonCompressor().compress(data) == first
    if collapsed:
        assert str(10**400).encode() in first  # the kept head shows the number whole


def _reference_keep_non_redundant_shapes(shapes, keep):
    first, asked = {}, []
    for i, shape in enumerate(shapes):
        if keep[i]:
            asked.append(i)
        elif shape not in first:
            first[shape] = i
            asked.append(i)
    verdict = je.keep_non_redundant([shapes[i] for i in asked], [keep[i] for i in asked])
    out, promoted, document_from = list(keep), 0, len(shapes)
    for i, v in zip(asked, verdict):
        out[i] = v
        if v and not keep[i]:
            promoted += 1
            if promoted == je.MAX_PROMOTIONS:
                document_from = i + 1
    for i in range(document_from, len(out)):
        out[i] = True
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a b", "a c", "x y z", "q", "a b c d e f g h i j"]) | st.text(max_size=4),
                          st.booleans()), max_size=60))
def test_shape_verdicts_equal_the_element_by_element_reading(pairs):
    shapes = [s for s, _ in pairs]
    keep = [k for _, k in pairs]
    assert je.keep_non_redundant_shapes(shapes, keep) == _reference_keep_non_redundant_shapes(shapes, keep)


def _letters(i: int) -> str:
    return "".join(chr(97 + i // 26 ** p % 26) for p in range(3))


def test_shape_verdicts_past_the_promotion_cap_keep_the_rest():
    # Every shape its own vocabulary (digits would be masked alike): each dropped one is
    # promoted, and past the cap the rest stays as a document.
    shapes = [f"{_letters(i)} {_letters(i + 7000)}" for i in range(400)]
    keep = [i % 50 == 0 for i in range(400)]
    out = je.keep_non_redundant_shapes(shapes, keep)
    assert out == _reference_keep_non_redundant_shapes(shapes, keep)
    assert all(out)
    mostly_repeats = [shapes[i] if i % 3 == 0 else "same words here" for i in range(400)]
    out = je.keep_non_redundant_shapes(mostly_repeats, keep)
    assert out == _reference_keep_non_redundant_shapes(mostly_repeats, keep)
    assert not all(out)


@settings(max_examples=200, deadline=None)
@given(st.lists(VALUES, max_size=30))
def test_canonical_each_equals_canonical(items):
    items = _parsed(items)
    assert canonical_each(items) == [canonical(x) for x in items]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-10**30, 10**30), st.sampled_from([1.5, 19.9, "ok", "é", "s1", "", "x" * 30])),
                min_size=1, max_size=40))
def test_profile_of_scalars_equals_profile_by_element(items):
    items = _parsed(items)
    units = [canonical(x) for x in items]
    fast = jp.Profile(items, units)
    slow = jp.Profile(items + [None], units + ["null"])  # a null takes the element-by-element path
    assert fast.shapes == slow.shapes[:-1] and fast.keysets == slow.keysets[:-1]
    assert fast.numeric == slow.numeric
    slow_strings = {path: {i: v for i, v in series.items() if i < len(items)} for path, series in slow.strings.items()}
    assert fast.strings == {path: series for path, series in slow_strings.items() if series}


HEADER_PAIRS = st.sampled_from(["Date: Mon 1", "Date: Tue 2", "ETag: abc", "ETag: abd", "Server: gh", "X-Id: 1",
                                "Connection: close", "Retry-After: 30 error", "Via: proxy one", "Vary: a, b"])


@settings(max_examples=300, deadline=None)
@given(st.lists(HEADER_PAIRS | st.text(max_size=5), max_size=70, unique=True),
       st.lists(st.tuples(HEADER_PAIRS | st.text(max_size=5), st.booleans()), max_size=140))
def test_pair_verdicts_equal_one_keep_non_redundant_call(seeds, pairs):
    units = [u for u, _ in pairs]
    keep = [k for _, k in pairs]
    expected = je.keep_non_redundant(seeds + units, [True] * len(seeds) + keep)[len(seeds):]
    assert _pair_verdicts(seeds, units, keep) == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.tuples(HEADER_PAIRS | st.text(max_size=5), st.booleans()), max_size=30),
                min_size=1, max_size=8))
def test_pair_classes_kept_across_lists_equal_one_call_per_list(lists):
    # As pairs() asks: the seeds are the pairs shown so far at the place, growing by each
    # list's kept ones; the classes carried from list to list give each call's verdicts.
    shown: dict[str, None] = {}
    classes = _PairClasses()
    for pairs in lists:
        units = [u for u, _ in pairs]
        keep = [k for _, k in pairs]
        seeds = list(shown)
        expected = je.keep_non_redundant(seeds + units, [True] * len(seeds) + keep)[len(seeds):]
        verdict = _pair_verdicts(seeds, units, keep, classes)
        assert verdict == expected
        shown.update(dict.fromkeys(u for u, k in zip(units, verdict) if k))


def test_pair_classes_read_the_seeds_a_long_list_added():
    # A list of 130 pairs goes to keepNonRedundant whole (past the promotion cap's reach), so
    # its promoted pairs reach the classes only when the next list's seeds are read.
    shown = dict.fromkeys(["Date: Mon 1", "Server: gh"])
    classes = _PairClasses()
    lists = [[f"{_letters(i % 20)}: v{i}" for i in range(130)],
             [f"{_letters(i)}: v{i + 500}" for i in range(0, 40, 3)] + ["Date: Tue 2", "Via: one"]]
    for units in lists:
        keep = [False] * len(units)
        seeds = list(shown)
        expected = je.keep_non_redundant(seeds + units, [True] * len(seeds) + keep)[len(seeds):]
        verdict = _pair_verdicts(seeds, units, keep, classes)
        assert verdict == expected
        shown.update(dict.fromkeys(u for u, k in zip(units, verdict) if k))
    assert classes.absorbed == 22 and any(verdict) and not all(verdict)


def test_pair_verdicts_past_the_seed_sample_ask_every_unit():
    # More kept units than keepNonRedundant samples as classes: a repeat of an unsampled seed
    # is not known to be represented, and is asked like any other unit.
    seeds = [f"{_letters(i)} {_letters(i + 9000)}" for i in range(100)]
    units, keep = [seeds[1], seeds[2], "fresh words"], [False, False, False]
    expected = je.keep_non_redundant(seeds + units, [True] * len(seeds) + keep)[len(seeds):]
    assert expected[0]  # seeds[1] is not among the sampled classes: promoted
    assert _pair_verdicts(seeds, units, keep) == expected


def test_pair_verdicts_past_the_promotion_cap_keep_repeats_too():
    seeds = ["alpha beta"]
    units = [f"{_letters(i)} {_letters(i + 9000)}" for i in range(130)] + ["alpha beta"]
    keep = [False] * len(units)
    expected = je.keep_non_redundant(seeds + units, [True] + keep)[1:]
    assert expected[-1]  # past the cap everything stays, the repeat included
    assert _pair_verdicts(seeds, units, keep) == expected
