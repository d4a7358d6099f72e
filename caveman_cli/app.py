"""The root `caveman` app and its `tools` group. Commands live in their own modules; this one
only wires them together and owns the one boundary where exceptions become exit codes."""
from __future__ import annotations


import typer

from caveman_cli import __version__, fastparams
from caveman_cli.status import run_guarded

fastparams.install()  # keeps pydantic (~170 ms) off the start-up path of every command

app = typer.Typer(
    name="caveman",
    help="Make AI coding agents read less: compact command output, every error kept, originals recoverable.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
tools_app = typer.Typer(help="The engine's tools: shrink, compress, retrieve, and friends.",
                        no_args_is_help=True, rich_markup_mode=None)
app.add_typer(tools_app, name="tools")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"caveman {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """caveman: compact views of command output for AI coding agents."""


def _register_commands() -> None:
    # Each module adds its own commands; importing them is cheap (heavy imports are inside).
    from caveman_cli import (ccr_cmd, engine_cmds, evals_cmd, launch_cmd, mcp_cmd, shrink_cmd, toon_cmd)

    for module in (engine_cmds, shrink_cmd, toon_cmd, ccr_cmd, evals_cmd, mcp_cmd, launch_cmd):
        module.register(app, tools_app)


_register_commands()


def main(argv: list[str] | None = None) -> int:
    return run_guarded(lambda: app(args=argv, prog_name="caveman", standalone_mode=True))
