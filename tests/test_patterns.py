"""engine/patterns.py: lazy patterns (compiled on first use, their flags readable before) and
hot patterns rewritten for speed, which must match where their plain forms do."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors.toolout_dispatch import FirstCharDispatch
from engine.patterns import CLIENT_PORT, LOG_LEVEL_WORD, LOG_OPAQUE_ID, LOG_TIME_MASK, compile_lazily, declared_flags


def test_declared_flags_of_a_lazy_pattern_do_not_compile_it():
    lazy = compile_lazily(r"(?im)^error\b", re.S)
    assert declared_flags(lazy) == re.I | re.M | re.S
    assert "compiled" not in lazy.__dict__
    assert lazy.search("x\nERROR here") is not None and "compiled" in lazy.__dict__


def test_declared_flags_leave_out_the_default_unicode_flag():
    assert declared_flags(re.compile(r"plain")) == 0
    assert declared_flags(compile_lazily(r"plain")) == 0
    assert declared_flags(re.compile(rb"(?i)bytes")) == re.I
    assert declared_flags(compile_lazily(r"a(?i:b)c")) == 0  # a local flag group is not global


def test_dispatch_refuses_a_global_flag_without_compiling_the_pattern():
    lazy = compile_lazily(r"(?i)^warning: ")
    dispatch = FirstCharDispatch([("warn", lazy)])
    with pytest.raises(ValueError, match="warn: global flags are not supported here"):
        dispatch.match("warning: x")
    assert "compiled" not in lazy.__dict__


#: LOG_OPAQUE_ID as first written: the class-led form in patterns.py must find the same spans.
_OPAQUE_ID_PLAIN = re.compile(
    r"\b(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9a-fA-F]{16,})\b"
)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789abcdefABCDEFxyz_-. \né٣", max_size=120))
def test_log_opaque_id_matches_where_its_word_boundary_form_does(text: str) -> None:
    assert [m.span() for m in LOG_OPAQUE_ID.finditer(text)] == [m.span() for m in _OPAQUE_ID_PLAIN.finditer(text)]


@pytest.mark.parametrize("text, spans", [
    ("req=123e4567-e89b-12d3-a456-426614174000 ok", [(4, 40)]),
    ("0123456789abcdef0", [(0, 17)]),
    ("x0123456789abcdef0", []),  # no word boundary before the digits
    ("é0123456789abcdef", []),  # é is a word character too
    ("-0123456789abcdef-", [(1, 17)]),
    ("0123456789abcde", []),  # 15 hex digits: too short
])
def test_log_opaque_id_spans(text: str, spans: list[tuple[int, int]]) -> None:
    assert [m.span() for m in LOG_OPAQUE_ID.finditer(text)] == spans


#: LOG_LEVEL_WORD as first written (group 1 or 2: the word without brackets).
_LEVEL_WORD_PLAIN = re.compile(
    r"\b(TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL|SEVERE|LOG(?=:  ))\b"
    r"|\[(trace|debug|info|notice|warn|warning|error|crit|critical|alert|emerg) *\]"
)


def _level_spans(rx: re.Pattern[str], text: str, end: int) -> list[tuple[int, int]]:
    return [m.span() for m in rx.finditer(text, 0, end)]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["INFO", "WARN", "WARNING", "LOG:  ", "LOG: ", "[error]", "[warn]", "[ERROR]",
                                 "XINFO", "INFOS", "_DEBUG", " ", "é", "2024-05-01", "[", "]", "SEVERE", "x",
                                 "[info     ]", "[critical ]", "[info", "  ]", "TRACE", "DEBUG", "NOTICE",
                                 "ERROR", "FATAL", "CRITICAL", "LOG", "_", "7", "\n", "Ü", "WARNINGS",
                                 "[crit]", "[emerg ]", "[warning]", "[trace", "L", "OG"]),
                max_size=12),
       st.integers(min_value=0, max_value=60))
def test_log_level_word_matches_where_its_plain_form_does(parts: list[str], end: int) -> None:
    text = "".join(parts)
    assert _level_spans(LOG_LEVEL_WORD, text, end) == _level_spans(_LEVEL_WORD_PLAIN, text, end)


@pytest.mark.parametrize("line, level", [
    ("2024-05-01 12:00:00 INFO worker: done", "INFO"),
    ("[Sun Dec 04 04:47:44 2005] [error] mod_jk child init 1 -2", "error"),
    ("2024-05-01 WARNING disk", "WARNING"),
    ("LOG_DIR=/var/log INFOS XINFO", None),
    ("2024-05-01 12:00:00 UTC [7] LOG:  checkpoint starting", "LOG"),
])
def test_log_level_word_in_a_line(line: str, level: str | None) -> None:
    from engine.compressors.log import leveled_fields

    assert (leveled_fields(line) or {}).get("level") == level


#: LOG_TIME_MASK as first written (one branch per stamp shape, in this order): the trie form in
#: patterns.py must mask the same spans.
_TIME_MASK_PLAIN = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?(?: (?:19|20)\d{2}\b)?"
    r"|\d{2}/\d{2}/\d{2,4}|\d{6} \d{6}(?: \d+)?(?= [A-Z])"
    r"|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{1,2}\b"
    r"|\[(?<=[\w)]\[)\d+\](?=:)"
)


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(["1", "12", "2024", "123456", "-", ":", "/", " ", "T", "Z", "+", ".", ",", "05",
                                 "19", "20", "٣", "Mon", "Mar", "May", "Fri", "Feb", "Sat", "Sep", "Jun", "Jul",
                                 "Tue", "Thu", "Wed", "Apr", "Aug", "Oct", "Nov", "Dec", "M", "S", "x", "[", "]",
                                 "sshd", "\t", "\0"]), max_size=16))
def test_log_time_mask_masks_what_its_plain_form_masks(parts: list[str]) -> None:
    text = "".join(parts)
    assert LOG_TIME_MASK.sub("#", text) == _TIME_MASK_PLAIN.sub("#", text)


@pytest.mark.parametrize("head, masked", [
    ("2015-07-29 19:04:29,079 - WARN  [SendWorker:188978561024:Q@679] - x", "# - WARN  [SendWorker:188978561024:Q@679] - x"),
    ("081109 204015 308 INFO dfs.DataNode", "# INFO dfs.DataNode"),
    ("[Sun Dec 04 04:51:09 2005] [notice]", "[# # #] [notice]"),
    ("Jun 15 02:04:59 combo sshd(pam_unix)[20882]: x", "# # combo sshd(pam_unix)#: x"),
    ("17/06/09 20:10:40 INFO", "# # INFO"),
    ("12026-11-30 9:05:01+0200 1999 Mayday", "1# 1999 Mayday")  # a date takes no year after,
])
def test_log_time_mask_on_real_heads(head: str, masked: str) -> None:
    assert LOG_TIME_MASK.sub("#", head) == masked


#: CLIENT_PORT as first written: the literal-led form in patterns.py must find the same matches.
_CLIENT_PORT_PLAIN = re.compile(r"(\bfrom \S+ port )\d+")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["from", "from ", " ", "xfrom ", "_from ", "é", "1.2.3.4", " port ", "port ",
                                 "22", "x", "\n", "\t", "from port 7", "Ü"]), max_size=12))
def test_client_port_matches_where_its_plain_form_does(parts: list[str]) -> None:
    from engine.compressors.log import _port_masked

    text = "".join(parts)
    assert [(m.span(), m[1]) for m in CLIENT_PORT.finditer(text)] == \
        [(m.span(), m[1]) for m in _CLIENT_PORT_PLAIN.finditer(text)]
    assert CLIENT_PORT.sub(_port_masked, text) == _CLIENT_PORT_PLAIN.sub(r"\1#", text)
