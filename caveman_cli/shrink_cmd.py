"""`caveman tools shrink [OPTIONS] -- CMD [ARGS…]`: run a command, print its compact view.

caveman exits with the command's status (128+N when a signal ended it; 127 when it is not
found, 126 when it cannot be executed). The command's argv is passed through untouched,
options and a second `--` included.
"""
from __future__ import annotations

import os
import signal
import sys
from typing import List, Optional

import typer

from caveman_cli.context import Context
from caveman_cli.io import warn, write_bytes, write_json
from caveman_cli.status import CavemanError, ExitStatus

_PASS_THROUGH = {"ignore_unknown_options": True, "allow_interspersed_args": False}


def _positive(name: str, value: Optional[float]) -> Optional[float]:
    if value is not None and value <= 0:
        raise typer.BadParameter(f"{name} must be a positive number of seconds")
    return value


def _exec_transparently(argv: list[str]) -> int:
    """CAVEMAN_SHRINK=off: become the command, so every byte, signal and status is its own."""
    from shrink.runner import SpawnError, check_command

    try:
        check_command(argv[0], os.environ.get("PATH"))
    except SpawnError as exc:
        warn(str(exc))
        return exc.status
    sys.stdout.flush()
    sys.stderr.flush()
    for sig in (signal.SIGPIPE, signal.SIGXFSZ):  # Python ignores these; the command must not
        signal.signal(sig, signal.SIG_DFL)
    try:
        os.execvp(argv[0], argv)
    except OSError as exc:
        warn(f"{argv[0]}: {exc.strerror or exc}")
        return ExitStatus.NOT_EXECUTABLE
    return ExitStatus.FAILURE  # not reached


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
    argv = list(command or [])
    if not argv:
        raise CavemanError("shrink needs a command: caveman tools shrink -- CMD [ARGS...]", ExitStatus.USAGE)
    _positive("--timeout", timeout)
    _positive("--idle-timeout", idle_timeout)
    from caveman_cli.engine_cmds import _parse_type

    ctype = _parse_type(type_)
    ctx = Context()
    if ctx.env.get("CAVEMAN_SHRINK", "").strip().lower() == "off":
        raise typer.Exit(_exec_transparently(argv))

    from shrink import pipeline, render
    from shrink.runner import SpawnError

    request = pipeline.Request(argv, raw=raw, ctype=ctype, query=query, timeout=timeout,
                               idle_timeout=idle_timeout, session=session)
    try:
        outcome = pipeline.shrink(request, env=ctx.env, engine_factory=ctx.engine,
                                  tmp_dir=pipeline.default_tmp_dir(ctx.env))
    except SpawnError as exc:
        warn(str(exc))
        if as_json:
            write_json({"exit_code": exc.status, "signal": None, "output": "", "error": str(exc)})
        raise typer.Exit(exc.status) from None
    for note in outcome.warnings:
        warn(note)
    if as_json:
        write_json(render.to_json(outcome))
    else:
        write_bytes(render.text(outcome))
    raise typer.Exit(outcome.exit_code)


def register(app: typer.Typer, tools_app: typer.Typer) -> None:
    tools_app.command("shrink", context_settings=_PASS_THROUGH)(shrink)
