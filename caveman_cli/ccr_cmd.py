"""`caveman tools ccr list | prune | forget | purge`: retention of the recovery store."""
from __future__ import annotations

import sys
import time

import typer

from caveman_cli.context import Context
from caveman_cli.io import warn, write_bytes, write_json
from caveman_cli.status import CavemanError

ccr_app = typer.Typer(
    help="The recovery store: list what it holds, prune or forget records, purge everything.",
    no_args_is_help=True, rich_markup_mode=None)


def _store():  # type: ignore[no-untyped-def]
    from engine.ccr import StoreError

    try:
        return Context().open_store()
    except StoreError as exc:
        raise CavemanError(str(exc)) from None


def _guard(action):  # type: ignore[no-untyped-def]
    """Run a store call, turning its failure into one `caveman: …` line."""
    from engine.ccr import StoreError

    try:
        return action()
    except StoreError as exc:
        raise CavemanError(str(exc)) from None


def _when(ts: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))


@ccr_app.command("list")
def list_(as_json: bool = typer.Option(False, "--json", help="One JSON object on stdout.")) -> None:
    """Every stored original and typed object, newest first, with its lifecycle state.

    States follow the last use (creation or retrieval): hot within a day, warm within 7 days,
    cold within 30 days, archived after that. Nothing is deleted except by prune, forget, purge."""
    from engine.ccr.lifecycle import lifecycle

    store = _store()
    records = _guard(store.records)
    now = time.time()
    rows = [{
        "handle": r.reference, "kind": r.kind, "state": str(lifecycle(r.created_at, r.accessed_at, now)),
        "created_at": _when(r.created_at), "accessed_at": _when(r.accessed_at), "bytes": r.size,
        "content_type": r.content_type, "compressor": r.compressor, "tokens_before": r.tokens_before,
        "tokens_after": r.tokens_after, "session": r.session,
    } for r in records]
    if as_json:
        write_json({"records": rows, "count": len(rows), "storage_bytes": sum(r.size for r in records),
                    "max_storage_bytes": store.max_bytes})
        return
    out = [f"{'handle':38} {'state':8} {'created':20} {'last used':20} {'bytes':>12} type"]
    out += [f"{r['handle']:38} {r['state']:8} {r['created_at']:20} {r['accessed_at']:20} {r['bytes']:12,} "
            f"{r['content_type']}" for r in rows]
    out.append(f"{len(rows):,} records · {sum(r.size for r in records):,} of {store.max_bytes:,} bytes")
    write_bytes(("\n".join(out) + "\n").encode())


@ccr_app.command("prune")
def prune(
    older_than: str = typer.Option(..., "--older-than", metavar="DURATION",
                                   help="Delete records not created or retrieved within this long: 7d, 12h, 30m."),
) -> None:
    """Delete records idle for longer than DURATION; their bytes are erased from the file."""
    from engine.ccr.lifecycle import parse_duration

    try:
        seconds = parse_duration(older_than)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--older-than") from None
    store = _store()
    n = _guard(lambda: store.prune(seconds))
    warn(f"pruned {n} record{'s' if n != 1 else ''} idle for more than {older_than}")


@ccr_app.command("forget")
def forget(handle: str = typer.Argument(..., help="A handle: ccr_…, <<ccr:ccr_…>>, ccr:ccr_… or ccr://ID.")) -> None:
    """Delete one record; its bytes are erased from the file."""
    store = _store()
    gone = _guard(lambda: store.forget(handle))
    if gone is None:
        raise CavemanError(f"unknown handle {handle.strip()}")
    warn(f"forgot {gone}")


@ccr_app.command("purge")
def purge(yes: bool = typer.Option(False, "--yes", help="Do not ask; required when stdin is not a terminal.")) -> None:
    """Delete every stored original and typed object, and rebuild the file."""
    if not yes:
        if not (sys.stdin and sys.stdin.isatty()):
            raise CavemanError("purge deletes every stored original; pass --yes to confirm")
        if not typer.confirm(f"Delete every record in {Context().ccr_path}?", err=True):
            raise CavemanError("purge cancelled")
    store = _store()
    n = _guard(store.purge)
    warn(f"purged {n} record{'s' if n != 1 else ''}")


def register(app: typer.Typer, tools_app: typer.Typer) -> None:
    tools_app.add_typer(ccr_app, name="ccr")
