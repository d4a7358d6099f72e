"""`caveman tools toon encode | decode`: JSON ⇄ TOON on stdin → stdout, stateless."""
from __future__ import annotations

import typer

from caveman_cli.io import read_stdin_bytes, write_bytes
from caveman_cli.status import CavemanError


def encode() -> None:
    """Read JSON on stdin, print its TOON encoding."""
    from engine.compressors.toon import ToonError
    from engine.compressors.toon import encode as toon_encode

    try:
        out = toon_encode(read_stdin_bytes())
    except ToonError as exc:
        raise CavemanError(str(exc)) from None
    write_bytes(out + b"\n")


def decode() -> None:
    """Read TOON on stdin, print the JSON value it encodes."""
    from engine.compressors.toon import ToonError
    from engine.compressors.toon import decode as toon_decode

    try:
        out = toon_decode(read_stdin_bytes())
    except ToonError as exc:
        raise CavemanError(str(exc)) from None
    write_bytes(out)


def register(app: typer.Typer, tools_app: typer.Typer) -> None:
    toon_app = typer.Typer(help="Convert JSON to TOON and back (stateless; fails closed).",
                           no_args_is_help=True, rich_markup_mode=None)
    toon_app.command("encode")(encode)
    toon_app.command("decode")(decode)
    tools_app.add_typer(toon_app, name="toon")
