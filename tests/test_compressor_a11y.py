"""Accessibility snapshots: interactive and named nodes keep their refs, layout goes."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors.a11y import A11yCompressor

SHOP = (Path(__file__).parent / "fixtures" / "a11y_shop.txt").read_bytes()
a11y = A11yCompressor()


def test_shop_snapshot():
    out = a11y.compress(SHOP).decode()
    lines = out.splitlines()
    assert lines[:4] == SHOP.decode().splitlines()[:4]  # the tool's preamble, untouched
    assert "  - banner [ref=e3]:" in lines
    assert '    - link "Home" [ref=e5]:' in lines
    assert "      - /url: /" in lines
    assert '    - heading "Products" [level=1] [ref=e14]' in lines
    assert "    - … 5 nodes elided (caveman) …" in lines
    assert '    - textbox "Search" [ref=e38]' in lines
    assert "    - alert [ref=e39]: Payment failed" in lines
    assert "[ref=e2]" not in out and "[ref=e6]" not in out and "separator" not in out
    assert "[cursor=pointer]" not in out


def test_distinct_siblings_stay_whole():
    items = "\n".join(f'  - link "Article {w}" [ref=e{i}]' for i, w in enumerate(
        "apple banana cherry damson elder fig grape honeydew kiwi lemon mango".split(), start=2))
    out = a11y.compress(("- list [ref=e1]:\n" + items + "\n").encode())
    assert out is None  # nothing to drop: every link is distinct


def test_wrapper_with_state_is_kept():
    doc = "- generic [active] [ref=e1]:\n" + "".join(
        f"  - generic [ref=e{i}]:\n    - button \"B{i}\" [ref=b{i}]\n" for i in range(2, 8))
    out = a11y.compress(doc.encode()).decode()
    assert out.startswith("- generic [active] [ref=e1]:\n  - button \"B2\" [ref=b2]\n")


@pytest.mark.parametrize("data", [b"", b"plain text\n" * 20, b"\xff\xfe", b"- a\n- b\n"])
def test_declines_non_snapshots(data):
    assert a11y.compress(data) is None


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400) | st.text(alphabet="- :|[]{}\"'#=,\n abc123&*", max_size=400).map(str.encode))
def test_random_input_never_raises_and_is_deterministic(data):
    out = a11y.compress(data)
    assert out == a11y.compress(data)
    assert out is None or isinstance(out, bytes)
