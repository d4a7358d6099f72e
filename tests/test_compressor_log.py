"""Log compressor: head/tail, every error line, the odd line, counted markers with invariants."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors import toolout
from engine.compressors.invariants import note_line
from engine.compressors.log import LogCompressor, leveled_fields, log_fields
from engine.patterns import TERMINAL_IMPORTANT


@pytest.fixture(autouse=True)
def placeholder_toolout(monkeypatch):
    """These tests pin this compressor's own rules: toolout is held to its plain contract
    (must_keep = the generic error pattern, nothing recognised as tool output)."""
    monkeypatch.setattr(toolout, "analyse", None, raising=False)
    monkeypatch.setattr(toolout, "must_keep", lambda ls, scan=None: [bool(TERMINAL_IMPORTANT.search(x)) for x in ls])
    monkeypatch.setattr(toolout, "is_tool_output", lambda text: False)



def logfmt(n: int, start: int = 0) -> list[str]:
    return [f"2024-05-01T10:00:{i % 60:02d}Z level=info msg=served route=/health status=200 req=r-{1000 + i}"
            for i in range(start, start + n)]


def run(lines: list[str], eol: str = "\n") -> str | None:
    out = LogCompressor().compress((eol.join(lines) + eol).encode())
    return None if out is None else out.decode()


def test_run_becomes_marker_with_invariants():
    lines = logfmt(30)
    out = run(lines)
    assert out == "\n".join([
        lines[0], lines[1],
        "… 26 lines elided (caveman): all level=info msg=served route=/health status=200; "
        "req: r-1002..r-1027 all 26 present …",
        lines[28], lines[29],
    ]) + "\n"


def test_error_lines_and_the_odd_line_survive():
    lines = logfmt(20) + ["2024-05-01T10:01:00Z level=error msg=timeout db=primary"] + logfmt(20, 20) \
        + ["2024-05-01T10:02:00Z disk nearly full on /var/lib"] + logfmt(20, 40)
    out = run(lines)
    assert "level=error msg=timeout db=primary" in out
    assert "disk nearly full on /var/lib" in out
    assert out.count("lines elided (caveman)") == 3


def test_a_line_of_odd_shape_survives_though_its_words_are_all_shown():
    def sshd(i: int, user: str) -> str:
        return f"Dec 10 08:{i % 60:02d}:32 LabSZ sshd[{24000 + i}]: Invalid user {user} from 5.188.10.{i % 250}"

    lines = [sshd(i, "admin") for i in range(150)]
    lines[70] = sshd(70, " admin")  # an empty user name before the next word: same words, odd shape
    out = run(lines)
    assert out == "\n".join([
        lines[0], lines[1], "… 68 lines elided (caveman) …", lines[70], "… 77 lines elided (caveman) …",
        lines[148], lines[149], note_line("lines")]) + "\n"
    lines[70] = sshd(70, "admin")
    assert lines[70] not in run(lines)


def test_json_lines_fields():
    assert log_fields('{"level":"info","n":1.50,"ok":true,"x":null,"nested":{"a":1}}') == {
        "level": "info", "n": "1.50", "ok": "true", "x": "null"}
    assert log_fields("no fields here") is None
    assert leveled_fields("12:00:01 INFO worker done") == {"level": "INFO"}
    assert leveled_fields("[Sun Dec 04 04:47:44 2005] [notice] child 6725 ok n=1") == {"level": "notice", "n": "1"}
    assert leveled_fields('{"level":"warn","msg":"x INFO y"}') == {"level": "warn", "msg": "x INFO y"}
    assert leveled_fields("a line that says info and error in prose") is None
    assert log_fields("a=1 b='x y' c=\"q\"") == {"a": "1", "b": "'x y'", "c": '"q"'}


def test_json_lines_summary():
    lines = [json.dumps({"level": "info", "svc": "api", "ms": 10 + i}) for i in range(12)]
    out = run(lines)
    assert '… 8 lines elided (caveman): all level=info svc=api; range ms=12..19 …' in out


def test_unit_without_fields_gives_bare_marker():
    lines = [f"served request {i} in {i % 7} ms" for i in range(12)]
    out = run(lines)
    assert "… 8 lines elided (caveman) …" in out


def test_note_line_after_4kb():
    lines = logfmt(200)
    out = run(lines)
    assert out.endswith(note_line("lines") + "\n")
    assert out.count("caveman: elided lines") == 1


def test_crlf_preserved():
    lines = logfmt(12)
    out = run(lines, "\r\n")
    assert out.count("\r\n") == out.count("\n")
    assert "elided (caveman)" in out


def test_declines():
    c = LogCompressor()
    assert c.compress(b"\xff\xfe not utf-8\n" * 20) is None
    assert c.compress(b"one\ntwo\nthree\n") is None
    distinct = "\n".join(f"{w} happened" for w in ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta",
                                                      "theta", "iota", "kappa"]).encode()
    assert c.compress(distinct) is None  # every line is its own class: nothing to elide


def test_toolout_must_keep_is_honoured(monkeypatch):
    lines = logfmt(30)
    monkeypatch.setattr(toolout, "must_keep", lambda ls, scan=None: [i == 15 for i in range(len(ls))])
    out = run(lines)
    assert lines[15] in out


def test_query_keeps_relevant_lines_and_is_never_larger():
    lines = logfmt(40)
    lines[20] = "2024-05-01T10:00:20Z level=info msg=served route=/checkout status=200 req=r-1020"
    data = ("\n".join(lines) + "\n").encode()
    c = LogCompressor()
    plain = c.compress(data)
    biased = c.compress_query(data, "checkout")
    assert b"route=/checkout" in biased
    assert len(biased) <= len(plain)


def test_deterministic():
    data = ("\n".join(logfmt(100)) + "\n").encode()
    assert LogCompressor().compress(data) == LogCompressor().compress(data)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise(data):
    out = LogCompressor().compress(data)
    assert out is None or isinstance(out, bytes)


def test_million_short_lines():
    data = b"".join(b"tick %d ok\n" % i for i in range(1_000_000))
    out = LogCompressor().compress(data)
    assert out is not None and out.startswith(b"tick 0 ok\ntick 1 ok\n")
    assert b"lines elided (caveman)" in out


def service_log() -> list[str]:
    lines = []
    for i in range(40):
        lines.append(f"2024-05-01 10:{i // 60:02d}:{i % 60:02d},123 INFO  [main] worker {i % 3} heartbeat ok")
        lines.append(f"2024-05-01 10:{i // 60:02d}:{i % 60:02d},456 ERROR [pool-1] connection refused to db:5432")
    lines.append("2024-05-01 11:00:00,000 ERROR [pool-9] connection refused to db:6543")
    lines.append("2024-05-01 11:00:01,000 INFO  [main] shutting down")
    return lines


def test_repeated_error_lines_folded_with_an_honest_count():
    lines = service_log()
    out = run(lines)
    assert out.count("connection refused to db:5432") == 1  # shown once
    assert "connection refused to db:6543" in out  # a different port is a different error
    assert "… 78 lines elided (caveman): 39 repeats of shown error lines; 39 other lines; level: ERROR×39 INFO×39 …" in out


def test_tool_output_keeps_every_flagged_line(monkeypatch):
    monkeypatch.setattr(toolout, "is_tool_output", lambda text: True)
    out = run(service_log())
    assert out is None or out.count("connection refused to db:5432") == 40


def test_ten_megabyte_single_line_declines():
    assert LogCompressor().compress(b"x" * 10_000_000) is None


def test_repeat_key_masks_only_time_and_pid():
    from engine.patterns import LOG_TIME_MASK

    assert LOG_TIME_MASK.sub("#", "[Sun Dec 04 04:47:44 2005] [error] state 6") == "[# # #] [error] state 6"
    assert LOG_TIME_MASK.sub("#", "Dec 10 07:51:15 host sshd[24324]: error: x") == "# # host sshd#: error: x"
    assert LOG_TIME_MASK.sub("#", "GET /x [500] port 2022 from 10.0.0.1") == "GET /x [500] port 2022 from 10.0.0.1"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["10:00:01 INFO a=1 ok", "10:00:02 INFO a=2 ok", "10:00:03 ERROR db down",
                                 "10:00:04 WARN slow q=7", "{\"level\":\"info\",\"n\":3}", ""]), min_size=8, max_size=60),
       st.sampled_from(["db", "slow", "a", "zzz"]))
def test_a_query_never_makes_the_view_larger(lines, query):
    data = ("\n".join(lines) + "\n").encode()
    c = LogCompressor()
    plain = c.compress(data)
    biased = c.compress_query(data, query)
    assert len(biased if biased is not None else data) <= len(plain if plain is not None else data)


def test_a_json_log_member_holding_a_lone_surrogate_states_nothing():
    # `\ud800` decodes to a lone surrogate, which a marker cannot print: it had raised, and
    # the whole log passed through
    records = [{"id": i, "name": "x\ud800y", "level": "info", "msg": "hello"} for i in range(120)]
    data = "".join(json.dumps(r) + "\n" for r in records).encode()
    out = LogCompressor().compress(data)
    assert out is not None
    assert out.splitlines()[2] == "… 116 lines elided (caveman): all level=info msg=hello; range id=2..117 …".encode()
    assert leveled_fields(json.dumps(records[0])) == {"id": "0", "level": "info", "msg": "hello"}
