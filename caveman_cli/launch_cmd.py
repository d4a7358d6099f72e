"""`caveman AGENT [ARGS…]`, `caveman wrap AGENT [ARGS…]`, `caveman hook AGENT`,
`caveman uninstall AGENT` and `caveman setup`: thin commands over `launch_profiles`."""
from __future__ import annotations

import sys
from typing import List, Optional

import typer
from typer.core import TyperCommand

from caveman_cli.status import CavemanError, ExitStatus


class _PassThrough(TyperCommand):
    """Keeps the arguments exactly as given: click would eat the first `--`, and an agent's own
    `--help` must reach the agent."""

    def parse_args(self, ctx, args):  # type: ignore[no-untyped-def]
        ctx.meta["caveman.raw_args"] = list(args)
        return super().parse_args(ctx, args)


_PASS = {"ignore_unknown_options": True, "allow_interspersed_args": False, "help_option_names": []}


def _raw_args(ctx: typer.Context) -> list[str]:
    return list(ctx.meta.get("caveman.raw_args", []))


def _profile(agent: str):  # type: ignore[no-untyped-def]
    from launch_profiles.loader import ProfileError, load_profile

    try:
        return load_profile(agent)
    except ProfileError as exc:
        raise CavemanError(str(exc), ExitStatus.USAGE) from None


def _launch_error(exc: Exception) -> CavemanError:
    return CavemanError(str(exc), getattr(exc, "status", ExitStatus.FAILURE))


def _run_agent(agent: str, args: list[str], one_shot: bool) -> None:
    import os

    from caveman_cli.io import warn
    from launch_profiles import wrap as wrap_mod
    from launch_profiles.loader import caveman_argv

    profile = _profile(agent)
    try:
        if one_shot:
            code = wrap_mod.wrap(profile, args, caveman_argv(), dict(os.environ))
        else:
            code = wrap_mod.launch(profile, args, caveman_argv(), dict(os.environ), report=warn)
    except wrap_mod.LaunchError as exc:
        raise _launch_error(exc) from None
    raise typer.Exit(code)


def _agent_command(agent: str):  # type: ignore[no-untyped-def]
    def command(ctx: typer.Context,
                args: Optional[List[str]] = typer.Argument(None, help="Passed to the agent untouched.")) -> None:
        _run_agent(agent, _raw_args(ctx), one_shot=False)

    command.__doc__ = (f"Install caveman's integration for {agent} (where it has one), then start "
                       f"{agent} with ARGS untouched; exits with its status.")
    return command


def wrap(ctx: typer.Context, args: Optional[List[str]] = typer.Argument(None, metavar="AGENT [ARGS]...")) -> None:
    """Start AGENT with caveman's integration for this run only (temporary config, removed on exit)."""
    raw = _raw_args(ctx)
    if not raw or raw[0] in ("--help", "-h"):
        raise CavemanError("usage: caveman wrap AGENT [ARGS…]", ExitStatus.USAGE)
    _run_agent(raw[0], raw[1:], one_shot=True)


def hook(agent: str = typer.Argument(..., help="The agent whose hook payload arrives on stdin.")) -> None:
    """Read an agent's hook payload on stdin; print a rewrite to `caveman tools shrink` when safe.

    Never blocks the agent: any problem means no output and exit 0."""
    try:
        from launch_profiles.hook import main

        main(agent)
    except BaseException:  # noqa: BLE001  (never block the agent, even on an import failure)
        pass
    raise typer.Exit(0)


def uninstall(agent: str = typer.Argument(..., help="The agent to remove caveman's integration from.")) -> None:
    """Remove exactly what `caveman AGENT` added; files nothing else changed come back byte for byte."""
    import os

    from caveman_cli.io import write_bytes
    from launch_profiles import install
    from launch_profiles.loader import Substitutions, caveman_argv

    profile = _profile(agent)
    if not profile.can_install:
        write_bytes(f"{profile.title}: nothing to uninstall ({profile.notes})\n".encode())
        return
    try:
        outcomes = install.uninstall(profile, Substitutions(caveman=caveman_argv(), agent=agent), dict(os.environ))
    except install.InstallError as exc:
        raise CavemanError(str(exc)) from None
    write_bytes("".join(f"{o.path}: {o.action}\n" for o in outcomes).encode())


def setup(
    as_json: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
    install_agent: Optional[str] = typer.Option(None, "--install", metavar="AGENT",
                                                help="Install AGENT's integration (as `caveman AGENT` would), without starting it."),
) -> None:
    """Check what caveman needs (vocabulary, grammars, store) and each agent's integration.

    Exits 1 when something caveman needs is missing."""
    import os

    from caveman_cli.context import Context
    from caveman_cli.io import warn, write_json
    from launch_profiles import doctor, install
    from launch_profiles.loader import Substitutions, caveman_argv

    ctx = Context()
    env = dict(os.environ)
    if install_agent:
        profile = _profile(install_agent)
        if not profile.can_install:
            raise CavemanError(f"{profile.title} has nothing to install: {profile.notes}")
        try:
            outcomes = install.install(profile, Substitutions(caveman=caveman_argv(), agent=profile.name), env)
        except install.InstallError as exc:
            raise CavemanError(str(exc)) from None
        for outcome in outcomes:
            warn(f"{outcome.path}: {outcome.action}")
    checks = doctor.run_checks(ctx.ccr_path, ctx.cache_dir, caveman_argv(), env)
    if as_json or not ctx.color(sys.stdout):
        write_json(doctor.to_json(checks))
    else:
        _print_table(checks)
    if not doctor.healthy(checks):
        raise typer.Exit(ExitStatus.FAILURE)


def _print_table(checks) -> None:  # type: ignore[no-untyped-def]
    from rich.console import Console
    from rich.table import Table

    style = {"ok": "green", "missing": "bold red", "warn": "yellow", "info": "cyan"}
    table = Table(title="caveman setup", show_lines=False)
    table.add_column("check")
    table.add_column("status")
    table.add_column("detail", overflow="fold")
    for c in checks:
        table.add_row(c.name, f"[{style.get(c.status, '')}]{c.status}[/]", c.detail)
    Console().print(table)


def register(app: typer.Typer, tools_app: typer.Typer) -> None:
    from launch_profiles.loader import profile_names

    for agent in profile_names():
        app.command(agent, cls=_PassThrough, context_settings=_PASS)(_agent_command(agent))
    app.command("wrap", cls=_PassThrough, context_settings=_PASS)(wrap)
    app.command("hook")(hook)
    app.command("uninstall")(uninstall)
    app.command("setup")(setup)
