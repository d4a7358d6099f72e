"""is_tool_output tries only the signatures whose literal gate the text holds: the same answers.

Each TOOL_SIGNATURE alternative's gate (a set of literals, one of which every match holds) is
checked on strings generated from the alternative itself, and is_tool_output is compared with
the whole pattern tried at every line start on the corpus, the fixtures and generated texts.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from hypothesis import strategies as st

from engine.compressors import toolout_detect as td
from engine.compressors import toolout_rubyphp

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path("/work/shared/corpus")
TABLE = td._signature_gates()


def plain_is_tool_output(text: str) -> bool:
    """is_tool_output with every signature tried (the code before the gates)."""
    if text.lstrip()[:1] in ("{", "["):
        try:
            import json
            json.loads(text)
            return False
        except RecursionError:
            return False
        except ValueError:
            pass
    if len(text) > 2 * td.DETECT_WINDOW:
        text = text[: td.DETECT_WINDOW] + "\n" + text[-td.DETECT_WINDOW:]
    if "\x1b" in text:
        text = td.ANSI.sub("", text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return td._SIGNATURE_BY_LINE_PLAIN.match(text) is not None or toolout_rubyphp.is_run(text)


@pytest.mark.skipif(TABLE is None, reason="no ahocorasick-rs: every signature is tried")
@pytest.mark.parametrize("k", range(len(TABLE[0]) if TABLE else 0))
def test_gate_holds_in_every_match(k: int) -> None:
    alternative, gate = TABLE[0][k], TABLE[1][k]
    if gate is None:
        return
    try:
        strategy = st.from_regex(re.compile(alternative), fullmatch=True)
    except Exception:  # a construct hypothesis cannot generate from (atomic groups, lookbehinds)
        pytest.skip("hypothesis cannot generate this alternative")

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def check(s: str) -> None:
        assert any(word in s for word in gate), (alternative, gate, s)

    try:
        check()
    except Unsatisfiable:  # a lookbehind at the start: no string fully matches it alone
        pytest.skip("no string matches this alternative alone")


@pytest.mark.parametrize("src, gate", [
    (r"\S+:\d+:\d+: (fatal error|error|warning): ", {": fatal error: ", ": error: ", ": warning: "}),
    (r"Ran \d+ tests? in [\d.]+s$", {" test in ", " tests in "}),
    (r"(?i:error) failed", {" failed"}),
    (r"(ok|FAIL)\s+\S+", None),
    (r"x(?=abc)", None),
])
def test_gate_of(src: str, gate: set[str] | None) -> None:
    assert td._gate(src) == (None if gate is None else frozenset(gate))


def known_texts() -> list[str]:
    found = [p.read_text("utf-8", "replace") for p in sorted((ROOT / "fixtures").rglob("*")) if p.is_file()]
    found += [p.read_text("utf-8", "replace") for p in sorted((ROOT / "tests" / "fixtures").rglob("*"))
              if p.is_file() and p.suffix not in (".py", ".pyc")]
    if CORPUS.is_dir():
        found += [p.read_bytes().decode("utf-8", "replace") for p in sorted(CORPUS.glob("*/output.raw"))]
    return found


def test_same_answers_on_known_texts() -> None:
    texts = known_texts()
    assert texts
    for text in texts:
        assert td.is_tool_output(text) == plain_is_tool_output(text)
        # every line of a text alone too: a signature gated out of the text is never tried
        for line in text.split("\n")[:400]:
            assert td.is_tool_output(line) == plain_is_tool_output(line), line


PIECES = ["5 passed", " in 0.1s", "=====", " ", "\n", "error", ": error: ", "a.c:1:2", "FAIL", "ok",
          "Ran 3 tests in 0.1s", "warning", "npm ", "ERR!", "\t", "⠋", "[", "]", "BUILD ", "SUCCESS",
          "test result: ok. 3 passed", "\x1b[31m", "\r", "{", "x", "1 error", "✖ 2 problems (1 error, 1 warning)"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=16).map("".join))
def test_same_answers_on_generated_texts(text: str) -> None:
    assert td.is_tool_output(text) == plain_is_tool_output(text)
