"""`caveman tools retrieve`: every handle spelling, query views, --json, --lines, unknown handles."""
from __future__ import annotations

import json

import pytest

from engine.retrieve_query import GAP

LINES = [f"2024-05-01 10:00:{i:02d} INFO request {i} served in {i * 3} ms" for i in range(50)]
LINES[21] = "2024-05-01 10:00:21 ERROR request 21 failed: upstream timeout after 30000 ms"
ORIGINAL = ("\r\n".join(LINES) + "\r\n").encode()


@pytest.fixture
def stored():
    from caveman_cli.context import Context
    from engine.ccr import RecordMeta

    store = Context().open_store()
    handle = store.put(ORIGINAL, RecordMeta("log", "log", 100, 10))
    store.close()
    return handle


SPELLINGS = [
    "{h}", "{H}", "<<ccr:{h}>>", "ccr:{h}", "`{h}`", "'{h}'", '"{h}"', "[{h}]", "({h})", "`<<ccr:{h}>>`",
    '"ccr:{h}"', "  {h}\n", "‹caveman: shrank · recover: caveman retrieve {h}›",
]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_every_spelling_resolves_byte_exact(cli, stored, spelling):
    arg = spelling.format(h=stored, H=stored.upper())
    r = cli("tools", "retrieve", arg)
    assert (r.returncode, r.stdout, r.stderr) == (0, ORIGINAL, b"")


def test_a_query_gives_the_whole_matching_line_between_gap_markers(cli, stored):
    r = cli("tools", "retrieve", stored, LINES[21])
    assert r.returncode == 0
    assert r.stdout.decode() == f"{GAP}\n{LINES[21]}\n{GAP}\n"


def test_json_reports_units_scores_and_whether_narrowed(cli, stored):
    r = cli("tools", "retrieve", stored, "upstream timeout", "--json")
    report = json.loads(r.stdout)
    assert r.returncode == 0
    assert report["narrowed"] is True and report["unit_kind"] == "line" and report["total_units"] == 50
    assert [(u["index"], u["phrase_match"]) for u in report["units"]] == [(21, True)]
    assert report["units"][0]["score"] > 0
    assert report["output"] == f"{GAP}\n{LINES[21]}\n{GAP}\n"


def test_json_without_a_match_says_not_narrowed_and_why(cli, stored):
    report = json.loads(cli("tools", "retrieve", stored, "zebra", "--json").stdout)
    assert report["narrowed"] is False and report["reason"] == "no unit matches the query"
    assert report["output"].encode() == ORIGINAL


def test_lines_is_a_byte_exact_slice(cli, stored):
    r = cli("tools", "retrieve", stored, "--lines", "21-23")
    assert r.returncode == 0
    assert r.stdout == ("\r\n".join(LINES[20:23]) + "\r\n").encode()
    assert cli("tools", "retrieve", stored, "--lines", "50").stdout == (LINES[49] + "\r\n").encode()
    assert cli("tools", "retrieve", stored, "--lines", "L21:L23").stdout == r.stdout


@pytest.mark.parametrize("spelling", ["21-23", "21:23", "21,23", "21..23", "L21-L23", " 21 - 23 "])
def test_line_ranges_in_the_forms_agents_copy(spelling):
    from caveman_cli.engine_cmds import _parse_lines

    assert _parse_lines(spelling) == (21, 23)


def test_lines_and_a_query_narrow_within_the_slice(cli, stored):
    r = cli("tools", "retrieve", stored, "request", "--lines", "1-30")
    *body, count = r.stdout.decode().rstrip("\n").split("\n")
    assert count == "… [caveman: the 20 best of 30 matching lines shown] …"
    shown = [line for line in body if line != GAP]
    assert len(shown) == 20 and all(line.rstrip("\r") in LINES[:30] for line in shown)


def test_lines_past_the_end_is_an_error(cli, stored):
    r = cli("tools", "retrieve", stored, "--lines", "51-60")
    assert r.returncode == 1
    assert r.stderr == b"caveman: --lines 51-60: the original has 50 lines\n"


@pytest.mark.parametrize("bad", ["x-3", "5-2", "0-4", "3-"])
def test_malformed_line_range_is_a_usage_error(cli, stored, bad):
    r = cli("tools", "retrieve", stored, "--lines", bad)
    assert r.returncode == 2 and f"Invalid value: --lines '{bad}'".encode() in r.stderr


def test_unknown_handle_names_the_most_recent_ones(cli, stored):
    missing = "ccr_" + "0" * 32
    r = cli("tools", "retrieve", missing)
    assert r.returncode == 1 and r.stdout == b""
    assert r.stderr == f"caveman: unknown handle {missing}; most recent: {stored}\n".encode()


def test_unknown_handle_with_an_empty_store(cli):
    r = cli("tools", "retrieve", "ccr://no-such-object")
    assert r.returncode == 1
    assert r.stderr == b"caveman: unknown handle ccr://no-such-object; the store holds no handles yet\n"


def test_typed_objects_resolve_through_every_object_spelling(counter):
    from engine import Engine, default_registry
    from engine.ccr import MemoryStore

    store = MemoryStore()
    store.objects["tool-out-7"] = b"masked tool output\n"
    engine = Engine(default_registry(), counter, store)
    for spelling in ["ccr://tool-out-7", "<<ccr:ccr://tool-out-7>>", "`ccr://tool-out-7`", "[ccr://tool-out-7]."]:
        assert engine.retrieve(spelling) == b"masked tool output\n"


@pytest.mark.parametrize("query", ["-- upstream timeout", "- upstream timeout", "--upstream timeout"])
def test_a_query_that_starts_with_a_dash_is_a_query_not_an_option(cli, stored, query):
    from engine.retrieve_query import narrow

    r = cli("tools", "retrieve", stored, query)
    assert r.returncode == 0 and r.stdout == narrow(ORIGINAL, query)
    assert r.stdout.decode() == f"{GAP}\n{LINES[21]}\n{GAP}\n"
