"""`caveman tools compress | retrieve | detect | stats | registry`."""
from __future__ import annotations

import sys
from typing import Optional

import typer

from caveman_cli.context import Context
from caveman_cli.io import read_stdin_bytes, write_bytes, write_json
from caveman_cli.status import CavemanError


def _parse_type(value: str | None):  # type: ignore[no-untyped-def]
    from engine.types import ContentType

    try:
        return ContentType.parse(value)
    except ValueError:
        names = ", ".join(t.value for t in ContentType)
        raise typer.BadParameter(f"unknown type {value!r} (one of: auto, {names})") from None


def compress(
    type_: Optional[str] = typer.Option(None, "--type", help="Force a content type, or auto."),
    query: Optional[str] = typer.Option(None, "--query", help="Bias what is kept toward this query."),
    mode: str = typer.Option("compress", "--mode", help="record (pass through) or compress."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
    session: Optional[str] = typer.Option(None, "--session", help="Session id stored with the record."),
) -> None:
    """Compress stdin: the compact bytes on stdout, one report line on stderr."""
    from caveman_cli.compress_main import run

    _parse_type(type_)  # a usage error (exit 2) for an unknown type
    run(type_, query, mode, as_json, session)


def _parse_lines(value: str) -> tuple[int, int]:
    """`A-B` (1-based, inclusive) or a single line `A`; `A:B`, `A,B`, `A..B` and `L120-L180`
    are read the same way, since agents copy ranges in all of those forms."""
    import re

    match = re.fullmatch(r"\s*[Ll]?(\d+)\s*(?:(?:-|:|,|\.\.)\s*[Ll]?(\d+))?\s*", value)
    if match is None:
        raise typer.BadParameter(f"--lines {value!r} is not a line range like 120-180")
    a = int(match.group(1))
    b = int(match.group(2)) if match.group(2) else a
    if a < 1 or b < a:
        raise typer.BadParameter(f"--lines {value!r} is empty; lines count from 1 and A-B needs A <= B")
    return a, b


def retrieve(
    handle: str = typer.Argument(..., help="A handle: ccr_…, <<ccr:ccr_…>>, ccr:ccr_… or ccr://ID."),
    query: Optional[str] = typer.Argument(None, help="Narrow the original to the whole units matching this."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object: the view, the units returned "
                                 "with their scores, and whether the view was narrowed."),
    lines: Optional[str] = typer.Option(None, "--lines", metavar="A-B",
                                        help="Only lines A to B of the original (1-based, inclusive), byte-exact."),
) -> None:
    """Print a stored original, byte-exact; with a query, only the whole units that match it."""
    from engine import UnknownHandle
    from engine.ccr import StoreError
    from engine.retrieve_query import line_slice, narrow_view

    line_range = _parse_lines(lines) if lines is not None else None
    engine, problem = Context().engine()
    if engine.store is None and problem:
        raise CavemanError(problem)
    try:
        if line_range is None and not as_json and not (query and query.strip()):
            # The whole original, as it is: streamed, so a 200 MB original never sits in memory.
            engine.retrieve_to(handle, sys.stdout.buffer)
            sys.stdout.buffer.flush()
            return
        original = engine.retrieve(handle)
    except UnknownHandle as exc:
        hint = f"; most recent: {', '.join(exc.recent)}" if exc.recent else "; the store holds no handles yet"
        raise CavemanError(f"unknown handle {exc.handle}{hint}") from None
    except StoreError as exc:
        raise CavemanError(str(exc)) from None
    if line_range is not None:
        try:
            original = line_slice(original, *line_range)
        except ValueError as exc:
            raise CavemanError(f"--lines {lines}: {exc}") from None
    view = narrow_view(original, query)
    if as_json:
        report = view.to_json()
        report["output"] = view.output.decode("utf-8", "replace")
        write_json(report)
    else:
        write_bytes(view.output)


def detect(as_json: bool = typer.Option(False, "--json")) -> None:
    """Print the content type of stdin."""
    from engine import detect as detect_mod
    from engine import listing

    data = read_stdin_bytes()
    ctype = detect_mod.detect(listing.unwrap(data).body)
    if as_json:
        write_json({"content_type": str(ctype)})
    else:
        write_bytes(f"{ctype}\n".encode())


def stats(as_json: bool = typer.Option(False, "--json")) -> None:
    """Counts and token totals of stored recoveries, by content type."""
    from engine.ccr import StoreError

    engine, _ = Context().engine()
    try:
        s = engine.stats()
    except StoreError as exc:
        raise CavemanError(str(exc)) from None
    if as_json:
        write_json(s.to_json())
        return
    lines = [f"{'type':16} {'count':>7} {'before':>12} {'after':>12} {'saved':>7}"]
    for name, t in sorted(s.by_content_type.items()):
        lines.append(f"{name:16} {t.count:7,} {t.tokens_before:12,} {t.tokens_after:12,} {t.ratio:7.1%}")
    t = s.totals
    lines.append(f"{'total':16} {t.count:7,} {t.tokens_before:12,} {t.tokens_after:12,} {t.ratio:7.1%}")
    lines.append(f"storage {s.storage_bytes:,} of {s.max_storage_bytes:,} bytes{' (full)' if s.storage_full else ''}"
                 f" · tokens o200k_base, {s.basis}")
    write_bytes(("\n".join(lines) + "\n").encode())


def registry(as_json: bool = typer.Option(False, "--json")) -> None:
    """The registered compressors: content type, safety class, reachable by Detect."""
    from engine import default_registry

    reg = default_registry()
    rows = [{"content_type": str(c.content_type), "safety_class": str(c.safety_class),
             "detectable": reg.detectable(c.content_type), "advertised": reg.advertised(c.content_type)}
            for c in reg]
    if as_json:
        write_json({"compressors": rows})
        return
    out = [f"{'content type':24} {'class':6} {'detect':7} advertised"]
    out += [f"{r['content_type']:24} {r['safety_class']:6} {'yes' if r['detectable'] else 'forced':7} "
            f"{'yes' if r['advertised'] else 'no'}" for r in rows]
    write_bytes(("\n".join(out) + "\n").encode())


def register(app: typer.Typer, tools_app: typer.Typer) -> None:
    tools_app.command("compress")(compress)
    # A query is often a line the agent saw, and lines start with `-` (diff removals, `--`
    # banners, YAML items): an unknown "option" is taken as the query, not refused.
    tools_app.command("retrieve", context_settings={"ignore_unknown_options": True})(retrieve)
    tools_app.command("detect")(detect)
    tools_app.command("stats")(stats)
    tools_app.command("registry")(registry)
