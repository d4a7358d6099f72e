"""Code, diff and HTML compressors on arbitrary input: never an exception, always deterministic,
and any output is smaller than the input."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors.code import CodeCompressor
from engine.compressors.diff import DiffCompressor
from engine.compressors.html import HtmlCompressor

SNIPPETS = ["def f(x):\n", "    return x\n", "class A:\n", "{", "}", "(", ")", "@@ -1,3 +1,4 @@\n", "+added\n",
            "-removed\n", " context\n", "diff --git a/x b/x\n", "<div>", "</div>", "<p>", "text, more text ",
            "/**\n * doc\n */\n", "function g() {\n", "\"\"\"doc\n", "\x1b[31m", "\r\n", "\r", "é", "\x00"]

payloads = st.one_of(
    st.binary(max_size=2048),
    st.lists(st.sampled_from(SNIPPETS), max_size=200).map(lambda parts: "".join(parts).encode("utf-8")),
)


@pytest.mark.parametrize("compressor", [CodeCompressor(), DiffCompressor(), HtmlCompressor()],
                         ids=["code", "diff", "html"])
@settings(max_examples=150, deadline=None)
@given(data=payloads)
def test_never_raises_deterministic_and_smaller(compressor, data: bytes) -> None:
    first = compressor.compress(data)
    assert compressor.compress(data) == first
    if first is not None:
        assert isinstance(first, bytes) and len(first) < len(data)
