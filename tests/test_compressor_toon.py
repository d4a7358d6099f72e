"""TOON: JSON re-encoded when the shape allows it, declined otherwise, always round-tripping."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SHARED
from engine.compressors.toon import ToonCompressor, ToonError, decode, encode

FIXTURES = SHARED / "conformance" / "fixtures"
toon = ToonCompressor()


def test_tabular_fixture_encodes_to_a_header_and_rows():
    out = toon.compress((FIXTURES / "toon_tabular.json").read_bytes()).decode()
    assert out.splitlines()[:2] == ["hikes[4]{id,name,distanceKm,sunny}:", "  1,Blue Lake,7.5,true"]
    assert "friends[3]: ana,luis,sam" in out


def test_tricky_strings_are_quoted_and_round_trip():
    data = (FIXTURES / "toon_strings.json").read_bytes()
    out = toon.compress(data)
    for quoted in (b'"a,b"', b'"true"', b'"123"', b'"a\\"b"', b'" leading"'):
        assert quoted in out
    assert json.loads(decode(out)) == json.loads(data)


def test_nested_records_are_declined():
    assert toon.compress((FIXTURES / "toon_nested_passthrough.json").read_bytes()) is None


@pytest.mark.parametrize("data", [b"", b"plain text", b"[1, 2", b'{"a": NaN}', b"[[1, 2], [3]]",
                                  b'[{"a": 1}, {"b": 2}]', b"\xff{}", b"[" * 5000 + b"]" * 5000])
def test_declines(data):
    assert toon.compress(data) is None


def test_restructures_flag_is_set():
    assert toon.restructures is True


@pytest.mark.parametrize("bad", [b'a: "unterminated', b"x[3]: 1,2", b"a: 1\n  b", b"\xff"])
def test_decode_rejects_invalid_toon(bad):
    with pytest.raises(ToonError):
        decode(bad)


def test_encode_rejects_invalid_json():
    with pytest.raises(ToonError, match="invalid JSON"):
        encode(b"{bad")


scalars = st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=10) | \
    st.floats(allow_nan=False, allow_infinity=False, width=32)
records = st.lists(st.fixed_dictionaries({"id": st.integers(0, 99), "v": scalars}), min_size=1, max_size=6)
values = st.dictionaries(st.text(alphabet="abcxyz_", min_size=1, max_size=5),
                         scalars | st.lists(scalars, max_size=5) | records, max_size=5)


@settings(max_examples=200, deadline=None)
@given(values)
def test_every_encoding_decodes_to_the_same_value(value):
    data = json.dumps(value).encode()
    out = toon.compress(data)
    if out is not None:
        assert json.loads(decode(out)) == value


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400) | st.text(alphabet="- :|[]{}\"'#=,\n abc123&*", max_size=400).map(str.encode))
def test_random_input_never_raises_and_is_deterministic(data):
    out = toon.compress(data)
    assert out == toon.compress(data)
    assert out is None or isinstance(out, bytes)
