"""The body of `caveman tools compress`, and its start-up fast path (no typer).

Every MCP-less integration and our benchmarks call compress once per payload, so its
start-up counts. `parse_fast` accepts only plainly well-formed arguments; anything else
(help, an unknown option or type, a missing value) returns None and goes through typer,
which owns every usage message.
"""
from __future__ import annotations

from collections.abc import Sequence

from caveman_cli.context import Context
from caveman_cli.io import read_stdin_bytes, warn, write_bytes, write_json

_FLAGS = {"--json": "as_json"}
_VALUED = {"--type": "type_name", "--query": "query", "--mode": "mode", "--session": "session"}


def parse_fast(args: Sequence[str]) -> dict[str, object] | None:
    values: dict[str, object] = {"type_name": None, "query": None, "mode": "compress", "as_json": False,
                                 "session": None}
    i = 0
    while i < len(args):
        name, eq, inline = args[i].partition("=")
        if name in _FLAGS and not eq:
            values[_FLAGS[name]] = True
            i += 1
        elif name in _VALUED:
            if eq:
                values[_VALUED[name]], i = inline, i + 1
            elif i + 1 < len(args):
                values[_VALUED[name]], i = args[i + 1], i + 2
            else:
                return None
        else:
            return None
    from engine.types import ContentType

    try:
        ContentType.parse(values["type_name"])  # type: ignore[arg-type]
    except ValueError:
        return None
    return values


def report_line(result, problem: str | None = None) -> str:  # type: ignore[no-untyped-def]
    if result.passed_through:
        reasons = [r for r in (result.reason, problem) if r]
        if len(reasons) == 2 and problem in reasons[0]:
            reasons.pop()  # the engine already quoted the store's problem
        why = f": {'; '.join(reasons)}" if reasons else ""
        err = f" [{result.error}]" if result.error else ""
        return f"passed through ({result.content_type}){why}{err}"
    return (f"{result.content_type} · {result.method} · {result.tokens_before:,}→{result.tokens_after:,} tokens "
            f"(o200k_base, {result.basis}) · recover: caveman tools retrieve {result.handle}")


def run(type_name: str | None, query: str | None, mode: str, as_json: bool, session: str | None) -> None:
    """Compress stdin: the compact bytes on stdout and one report line on stderr, or one JSON object."""
    from engine.types import ContentType, Options

    ctype = ContentType.parse(type_name)
    data = read_stdin_bytes()
    engine, problem = Context().engine()
    result = engine.compress(data, Options(mode=mode, type=ctype, query=query, session=session))
    if as_json:
        write_json(result.to_json())
        if problem:
            warn(problem)  # the JSON carries the code; a person still needs the reason
    else:
        write_bytes(result.output)
        warn(report_line(result, problem))
