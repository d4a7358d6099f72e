"""Recovery handles: the format, and every spelling an agent may hand back."""
from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.handles import HandleRef, handle_for, parse_handle

H = "ccr_" + "0123456789abcdef" * 2


def test_handle_is_prefix_and_first_32_hex_of_sha256():
    data = b"The quick brown fox"
    assert handle_for(data) == "ccr_" + hashlib.sha256(data).hexdigest()[:32]
    assert handle_for(b"") == "ccr_e3b0c44298fc1c149afbf4c8996fb924"


@given(st.binary(max_size=512))
def test_every_handle_parses_back_to_itself(data):
    h = handle_for(data)
    assert parse_handle(h) == HandleRef("blob", h)
    assert parse_handle(f"<<ccr:{h}>>") == HandleRef("blob", h)


@pytest.mark.parametrize("spelling", [
    H,
    f"<<ccr:{H}>>",
    f"ccr:{H}",
    f"  {H}\n",
    f"`{H}`",
    f"'{H}'",
    f'"{H}"',
    f"({H})",
    f"[{H}]",
    f"{H}.",
    f"{H},",
    f"«{H}»",
    f"“{H}”",
    f"caveman-ish ‹{H}›".split(" ", 1)[1],
    f"< <ccr:{H}> >".replace(" ", ""),
    f"`<<ccr:{H}>>`",
    H.upper(),
    "CCR_" + H[4:],
    f"<<ccr: {H} >>",
])
def test_blob_spellings(spelling):
    assert parse_handle(spelling) == HandleRef("blob", H)


@pytest.mark.parametrize("spelling, object_id", [
    ("ccr://obj-1", "obj-1"),
    ("  ccr://sess.42:tool_7 ", "sess.42:tool_7"),
    ("`ccr://obj-1`", "obj-1"),
    ("<<ccr:ccr://obj-1>>", "obj-1"),
    ("ccr://obj-1.", "obj-1"),
    ("ccr://" + "x" * 128, "x" * 128),
    ("ccr://" + H, H),  # an object id may look like a blob handle; the prefix decides
])
def test_object_spellings(spelling, object_id):
    assert parse_handle(spelling) == HandleRef("object", object_id)


@pytest.mark.parametrize("text", [
    "", "   ", "ccr_", "ccr_xyz", H[:-1], H + "0", H.replace("a", "g"), "ccr:", "ccr://", "ccr://-x",
    "ccr://a b", "ccr://" + "x" * 129, "ccr://a/b", "not a handle", "sha256:" + H[4:], H[4:],
])
def test_non_handles_are_none(text):
    assert parse_handle(text) is None
