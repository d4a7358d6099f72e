"""The MCP adapter: caveman's engine as five tools over stdio, on the official `mcp` SDK.

`CavemanTools` holds the behaviour and knows nothing of MCP, so it is testable on its own;
`build_server` wraps it in an `MCPServer`. Bad input becomes a `ToolInputError`, which the
adapter turns into a tool error the agent can read; nothing an agent sends stops the server.
The engine, the store and the token counter open on first use, so `initialize` is answered
before any of them loads.
"""
from __future__ import annotations

import json
import threading
from typing import Any

from caveman_cli.context import Context

#: Retrieves of one handle answered normally in one server process; later ones get the full
#: original and a line saying more calls change nothing (agents have looped 27–97 times).
STORM_LIMIT = 5

RETRIEVE_HELP = (
    "Get back what a caveman compact view left out. Use it when a view says `recover: … ccr_…`, "
    "shows `… N lines elided (caveman) …`, or hands you a `ccr://…` reference, and the answer "
    "you need is not in the view. `handle` is the reference exactly as shown (any spelling: "
    "ccr_…, <<ccr:ccr_…>>, ccr:ccr_…, ccr://ID). Without `query` you get the original, "
    "byte-exact. With `query` (words or an exact line you saw) you get only the whole units "
    "that match (complete JSON records, CSV rows under their header, whole log lines, whole "
    "paragraphs) in original order, with `… [caveman: non-adjacent] …` wherever something "
    "was left out between them. Ask once, broadly; repeating the same handle returns the "
    "same bytes."
)
COMPRESS_HELP = (
    "Compress a large text (logs, JSON, test or build output, diffs, search results) into a "
    "compact view that keeps every error line, and store the original for caveman_retrieve. "
    "Use it before reading a big payload you only need part of. `type` forces a content type "
    "(default: detected); `query` biases what is kept toward it. The reply is the view and one "
    "line with token counts (o200k_base, inferred) and the recovery handle."
)
STATS_HELP = (
    "How much caveman has saved: counts and token totals of stored originals by content type "
    "(o200k_base, inferred), and how full the recovery store is. JSON."
)
TOON_ENCODE_HELP = (
    "Re-encode a JSON document as TOON, a lossless, more compact notation for uniform arrays "
    "of objects (fields named once, one row per record). Use it to pass a large JSON array on "
    "to a model in fewer tokens. Fails, rather than guessing, on anything that is not JSON or "
    "would not decode back to the same value."
)
TOON_DECODE_HELP = "Decode TOON text back to JSON (2-space indented). Fails on malformed TOON."


class ToolInputError(ValueError):
    """The arguments cannot be used; the message tells the agent what to send instead."""


class CavemanTools:
    def __init__(self, context: Context | None = None) -> None:
        self._context = context or Context()
        self._engine: Any = None
        self._problem: str | None = None
        self._lock = threading.Lock()
        self._retrieves: dict[tuple[str, str], int] = {}

    def _open(self) -> Any:
        if self._engine is None:
            self._engine, self._problem = self._context.engine()
        return self._engine

    # ------------------------------------------------------------------ tools

    def retrieve(self, handle: str, query: str | None = None) -> str:
        from engine import UnknownHandle
        from engine.handles import parse_handle
        from engine.retrieve_query import narrow_view

        handle = _text_arg("handle", handle)
        ref = parse_handle(handle)
        with self._lock:
            engine = self._open()
            if engine.store is None:
                raise ToolInputError(f"the recovery store is unavailable: {self._problem or 'not configured'}")
            try:
                original = engine.retrieve(handle)
            except UnknownHandle as exc:
                recent = ", ".join(exc.recent) if exc.recent else "none stored yet"
                raise ToolInputError(f"unknown handle {exc.handle!r}; most recent handles: {recent}") from None
            key = (ref.kind, ref.key) if ref is not None else ("raw", handle)
            seen = self._retrieves.get(key, 0) + 1
            self._retrieves[key] = seen
        if seen > STORM_LIMIT:
            body = _decode(original)
            sep = "" if body.endswith("\n") or not body else "\n"
            shown = handle if ref is None else ref.key if ref.kind == "blob" else f"ccr://{ref.key}"
            return (f"{body}{sep}‹caveman: {shown} has been retrieved {seen - 1} times in "
                    "this session; this is the full original, and further calls return these same bytes›\n")
        if query is not None and not isinstance(query, str):
            raise ToolInputError("query must be a string")
        view = narrow_view(original, query)
        body = _decode(view.output)
        if view.narrowed or not (query and query.strip()):
            return body
        # Say why the whole original came back, so "not found" is not read as "ask again".
        sep = "" if body.endswith("\n") or not body else "\n"
        return f"{body}{sep}‹caveman: {view.reason}, so this is the full original›\n"

    def compress(self, text: str, type: str | None = None, query: str | None = None) -> str:  # noqa: A002
        from engine.types import ContentType, Options

        text = _text_arg("text", text, allow_empty=True)
        try:
            ctype = ContentType.parse(type)
        except ValueError:
            names = ", ".join(t.value for t in ContentType)
            raise ToolInputError(f"unknown type {type!r}; use auto or one of: {names}") from None
        with self._lock:
            engine = self._open()
            result = engine.compress(text.encode("utf-8"), Options(type=ctype, query=query or None))
        view = _decode(result.output)
        sep = "" if view.endswith("\n") or not view else "\n"
        if result.passed_through:
            why = f": {result.reason}" if result.reason else ""
            return f"{view}{sep}‹caveman: passed through unchanged ({result.content_type}){why}›\n"
        recover = f" · recover: caveman_retrieve {result.handle}" if result.handle else ""
        return (f"{view}{sep}‹caveman: {result.content_type} · {result.method} · {result.tokens_before:,}→"
                f"{result.tokens_after:,} tokens (o200k_base, {result.basis}){recover}›\n")

    def stats(self) -> str:
        with self._lock:
            engine = self._open()
            if engine.store is None:
                raise ToolInputError(f"the recovery store is unavailable: {self._problem or 'not configured'}")
            return json.dumps(engine.stats().to_json(), ensure_ascii=False, indent=2)

    def toon_encode(self, json_text: str) -> str:
        from engine.compressors import toon

        json_text = _text_arg("json", json_text)
        try:
            json.loads(json_text)
        except (ValueError, RecursionError) as exc:
            raise ToolInputError(f"json is not valid JSON: {exc}") from None
        try:
            return toon.encode(json_text.encode("utf-8")).decode("utf-8")
        except toon.ToonError as exc:
            raise ToolInputError(f"cannot encode this JSON as TOON (keep the JSON): {exc}") from None

    def toon_decode(self, toon_text: str) -> str:
        from engine.compressors import toon

        toon_text = _text_arg("toon", toon_text)
        try:
            value = json.loads(toon.decode(toon_text.encode("utf-8")))
        except toon.ToonError as exc:
            raise ToolInputError(f"toon is not valid TOON: {exc}") from None
        return json.dumps(value, ensure_ascii=False, indent=2)


def _text_arg(name: str, value: object, *, allow_empty: bool = False) -> str:
    if not isinstance(value, str):
        raise ToolInputError(f"{name} must be a string")
    if not allow_empty and not value.strip():
        raise ToolInputError(f"{name} is empty")
    return value


def _decode(data: bytes) -> str:
    # MCP carries text; bytes that are not UTF-8 show as U+FFFD (the CLI's retrieve is byte-exact).
    return data.decode("utf-8", "replace")


# --------------------------------------------------------------------------- the server


def build_server(tools: CavemanTools | None = None):  # type: ignore[no-untyped-def]
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    from caveman_cli import __version__

    tools = tools or CavemanTools()
    server = MCPServer(
        "caveman",
        version=__version__,
        instructions="caveman compact views keep every error line and store the original; "
                     "caveman_retrieve gets back anything a view left out.",
        log_level="WARNING",
    )

    def call(fn, *args):  # type: ignore[no-untyped-def]
        try:
            return fn(*args)
        except ToolInputError as exc:
            raise ToolError(str(exc)) from None

    @server.tool(name="caveman_retrieve", description=RETRIEVE_HELP, structured_output=False)
    def caveman_retrieve(handle: str, query: str | None = None) -> str:
        return call(tools.retrieve, handle, query)

    @server.tool(name="caveman_compress", description=COMPRESS_HELP, structured_output=False)
    def caveman_compress(text: str, type: str | None = None, query: str | None = None) -> str:  # noqa: A002
        return call(tools.compress, text, type, query)

    @server.tool(name="caveman_stats", description=STATS_HELP, structured_output=False)
    def caveman_stats() -> str:
        return call(tools.stats)

    @server.tool(name="caveman_toon_encode", description=TOON_ENCODE_HELP, structured_output=False)
    def caveman_toon_encode(json: str) -> str:  # noqa: A002 - the argument name agents see
        return call(tools.toon_encode, json)

    @server.tool(name="caveman_toon_decode", description=TOON_DECODE_HELP, structured_output=False)
    def caveman_toon_decode(toon: str) -> str:
        return call(tools.toon_decode, toon)

    return server


def serve() -> None:
    """Run over stdio until the client closes the pipe."""
    build_server().run("stdio")
