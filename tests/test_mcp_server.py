"""`caveman mcp`, driven by the SDK's own client over stdio: the tools it lists, each call,
malformed arguments, and the storm guard."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest

from engine.retrieve_query import GAP

ROOT = Path(__file__).resolve().parent.parent

LINES = [f"worker-{i % 4} finished job {i} in {i * 7} ms" for i in range(60)]
LINES[33] = "worker-1 FAILED job 33: disk quota exceeded on /srv/cache"
ORIGINAL = ("\n".join(LINES) + "\n").encode()
TOOLS = ["caveman_compress", "caveman_retrieve", "caveman_stats", "caveman_toon_decode", "caveman_toon_encode"]


@pytest.fixture
def stored():
    from caveman_cli.context import Context
    from engine.ccr import RecordMeta

    store = Context().open_store()
    handle = store.put(ORIGINAL, RecordMeta("log", "log", 200, 20))
    store.close()
    return handle


def run_session(scenario):
    """Start `python -m caveman_cli mcp`, initialize, run `scenario(session)`, return its result."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "caveman_cli", "mcp"],
                                   env=dict(os.environ), cwd=str(ROOT))

    async def main():
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await scenario(session)

    return anyio.run(main)


def text_of(result) -> str:
    return "".join(c.text for c in result.content)


def test_lists_the_five_tools_each_with_a_description():
    async def scenario(session):
        return (await session.list_tools()).tools

    tools = run_session(scenario)
    assert sorted(t.name for t in tools) == TOOLS
    by_name = {t.name: t for t in tools}
    assert all(len(t.description) > 60 for t in tools)
    assert by_name["caveman_retrieve"].input_schema["required"] == ["handle"]
    assert set(by_name["caveman_retrieve"].input_schema["properties"]) == {"handle", "query"}
    assert set(by_name["caveman_compress"].input_schema["properties"]) == {"text", "type", "query"}
    assert by_name["caveman_toon_encode"].input_schema["required"] == ["json"]
    assert by_name["caveman_toon_decode"].input_schema["required"] == ["toon"]


def test_each_tool_answers(stored):
    async def scenario(session):
        out = {}
        out["whole"] = await session.call_tool("caveman_retrieve", {"handle": f"<<ccr:{stored}>>"})
        out["narrow"] = await session.call_tool("caveman_retrieve", {"handle": stored, "query": LINES[33]})
        out["no hit"] = await session.call_tool("caveman_retrieve", {"handle": stored, "query": "zebra"})
        out["compress"] = await session.call_tool("caveman_compress", {"text": "hello\n"})
        out["stats"] = await session.call_tool("caveman_stats", {})
        out["encode"] = await session.call_tool("caveman_toon_encode",
                                                {"json": '{"rows": [{"id": 1, "ok": true}, {"id": 2, "ok": false}]}'})
        out["decode"] = await session.call_tool("caveman_toon_decode", {"toon": "rows[2]{id,ok}:\n  1,true\n  2,false"})
        return out

    out = run_session(scenario)
    assert not any(r.is_error for r in out.values())
    assert text_of(out["whole"]).encode() == ORIGINAL
    assert text_of(out["narrow"]) == f"{GAP}\n{LINES[33]}\n{GAP}\n"
    assert text_of(out["no hit"]) == ORIGINAL.decode() + "‹caveman: no unit matches the query, so this is the full original›\n"
    assert text_of(out["compress"]).startswith("hello\n‹caveman: passed through unchanged (")
    stats = json.loads(text_of(out["stats"]))
    assert stats["totals"]["count"] == 1 and stats["basis"] == "inferred"
    assert text_of(out["encode"]) == "rows[2]{id,ok}:\n  1,true\n  2,false"
    assert json.loads(text_of(out["decode"])) == {"rows": [{"id": 1, "ok": True}, {"id": 2, "ok": False}]}


BAD_CALLS = [
    ("caveman_retrieve", {}, "handle"),
    ("caveman_retrieve", {"handle": 42}, "handle"),
    ("caveman_retrieve", {"handle": ""}, "handle is empty"),
    ("caveman_retrieve", {"handle": "ccr_" + "0" * 32}, "unknown handle 'ccr_00000000000000000000000000000000'; "
                                                        "most recent handles: "),
    ("caveman_retrieve", {"handle": "not a handle"}, "unknown handle 'not a handle'"),
    ("caveman_compress", {"text": "x", "type": "nonsense"}, "unknown type 'nonsense'; use auto or one of: json,"),
    ("caveman_compress", {"text": ["a", "list"]}, "text"),
    ("caveman_toon_encode", {"json": "{not json"}, "json is not valid JSON"),
    ("caveman_toon_encode", {"json": "   "}, "json is empty"),
    ("caveman_toon_decode", {"toon": "rows[3]{id}:\n  1"}, "toon is not valid TOON"),
    ("caveman_no_such_tool", {}, "caveman_no_such_tool"),
]


def test_malformed_arguments_are_tool_errors_and_the_server_keeps_serving(stored):
    async def scenario(session):
        answers = []
        for name, args, _ in BAD_CALLS:
            try:
                answers.append(await session.call_tool(name, args))
            except Exception as exc:  # a protocol error is also an answer, as long as we go on
                answers.append(exc)
        after = await session.call_tool("caveman_retrieve", {"handle": stored})
        return answers, after

    answers, after = run_session(scenario)
    for (name, args, expected), answer in zip(BAD_CALLS, answers):
        message = str(answer) if isinstance(answer, Exception) else text_of(answer)
        assert isinstance(answer, Exception) or answer.is_error, (name, args)
        assert expected in message, (name, args, message)
    assert not after.is_error and text_of(after).encode() == ORIGINAL


def test_storm_guard_after_five_retrieves_of_one_handle(stored):
    async def scenario(session):
        spellings = [stored, f"ccr:{stored}", f"`{stored}`", f"<<ccr:{stored}>>", stored.upper(), stored, stored]
        return [await session.call_tool("caveman_retrieve", {"handle": h, "query": LINES[33]}) for h in spellings]

    answers = [text_of(a) for a in run_session(scenario)]
    narrowed = f"{GAP}\n{LINES[33]}\n{GAP}\n"
    assert answers[:5] == [narrowed] * 5
    note = (f"‹caveman: {stored} has been retrieved 5 times in this session; this is the full original, "
            "and further calls return these same bytes›\n")
    assert answers[5] == ORIGINAL.decode() + note
    assert answers[6] == ORIGINAL.decode() + note.replace("5 times", "6 times")


def test_storm_guard_counts_each_handle_separately(counter):
    from caveman_cli.mcp_server import STORM_LIMIT, CavemanTools
    from engine import Engine, default_registry
    from engine.ccr import MemoryStore, RecordMeta

    store = MemoryStore()
    first = store.put(b"alpha\n" * 50, RecordMeta())
    second = store.put(b"beta\n" * 50, RecordMeta())
    tools = CavemanTools()
    tools._engine = Engine(default_registry(), counter, store)  # an injected engine: no disk, no store file
    for _ in range(STORM_LIMIT):
        assert tools.retrieve(first) == "alpha\n" * 50
    assert tools.retrieve(second) == "beta\n" * 50
    assert tools.retrieve(first).endswith("further calls return these same bytes›\n")
