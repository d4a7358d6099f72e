"""`caveman tools shrink [OPTIONS] -- CMD [ARGS…]`: run a command, print its compact view.

caveman exits with the command's status (128+N when a signal ended it; 127 when it is not
found, 126 when it cannot be executed). The command's argv is passed through untouched,
options and a second `--` included. The work is in caveman_cli.shrink_main, which the
typer-free fast path shares.
"""
from __future__ import annotations

from typing import List, Optional

import typer

from caveman_cli.status import CavemanError, ExitStatus

_PASS_THROUGH = {"ignore_unknown_options": True, "allow_interspersed_args": False}


def _positive(name: str, value: Optional[float]) -> Optional[float]:
    if value is not None and not value > 0:
        raise typer.BadParameter(f"{name} must be a positive number of seconds")
    return value


def shrink(
    command: Optional[List[str]] = typer.Argument(None, metavar="-- CMD [ARGS]...",
                                                  help="The command to run, after `--`."),
    raw: bool = typer.Option(False, "--raw", help="Run and resolve the terminal output; no compression."),
    type_: Optional[str] = typer.Option(None, "--type", help="Force a content type, or auto."),
    query: Optional[str] = typer.Option(None, "--query", help="Bias what is kept toward this query."),
    timeout: Optional[float] = typer.Option(None, "--timeout", metavar="S",
                                            help="End the command's process group after S seconds."),
    idle_timeout: Optional[float] = typer.Option(None, "--idle-timeout", metavar="S",
                                                 help="End it after S seconds without output."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
    session: Optional[str] = typer.Option(None, "--session", help="Session id stored with the record."),
) -> None:
    """Run a command under a pty; print a compact view with its exit status and a recovery handle."""
    from caveman_cli.engine_cmds import _parse_type
    from caveman_cli.shrink_main import ShrinkArgs, execute

    if not command:
        raise CavemanError("shrink needs a command: caveman tools shrink -- CMD [ARGS...]", ExitStatus.USAGE)
    _positive("--timeout", timeout)
    _positive("--idle-timeout", idle_timeout)
    _parse_type(type_)
    args = ShrinkArgs(list(command), raw=raw, type_name=type_, query=query, timeout=timeout,
                      idle_timeout=idle_timeout, as_json=as_json, session=session)
    raise typer.Exit(execute(args))


def register(app: typer.Typer, tools_app: typer.Typer) -> None:
    tools_app.command("shrink", context_settings=_PASS_THROUGH)(shrink)
