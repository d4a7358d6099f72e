"""`caveman tools evals run`: the quality gate over graded fixtures."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from caveman_cli.io import write_bytes, write_json
from caveman_cli.status import CavemanError

DEFAULT_FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "evals"

evals_app = typer.Typer(help="Run graded fixtures through the engine.", no_args_is_help=True, rich_markup_mode=None)


@evals_app.command("run")
def run(
    as_json: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
    fixtures: Optional[Path] = typer.Option(None, "--fixtures", help="A folder holding manifest.toml."),
) -> None:
    """Run every fixture; exit 1 if any fails."""
    import sys

    from engine import Engine, default_registry
    from engine.ccr import MemoryStore
    from engine.evals import run as run_evals
    from engine.evals.runner import ManifestError
    from engine.tokens import default_counter

    from caveman_cli.context import Context

    directory = fixtures or DEFAULT_FIXTURES
    # A private in-memory store: evals exercise recovery without touching the user's store.
    engine = Engine(default_registry(), default_counter(Context().cache_dir), MemoryStore())
    try:
        report = run_evals(engine, directory)
    except ManifestError as exc:
        raise CavemanError(str(exc)) from None
    if as_json:
        write_json(report.to_json())
    elif Context().color(sys.stdout):
        _print_table(report)
    else:
        lines = []
        for r in report.results:
            bad = "; ".join(v.what for v in r.verdicts if not v.passed) or (r.error or "")
            lines.append(f"{'pass' if r.passed else 'FAIL'} {r.name:40} {r.content_type:22} {r.ratio:6.1%}  {bad}")
        failed = sum(1 for r in report.results if not r.passed)
        lines.append(f"{len(report.results) - failed} passed, {failed} failed")
        write_bytes(("\n".join(lines) + "\n").encode())
    if not report.passed:
        raise typer.Exit(1)


def _print_table(report) -> None:  # type: ignore[no-untyped-def]
    from rich.console import Console
    from rich.table import Table

    table = Table(title="caveman evals (tokens: o200k_base, inferred)")
    for col in ("", "fixture", "type", "saved", "failed graders"):
        table.add_column(col)
    for r in report.results:
        bad = "; ".join(v.what for v in r.verdicts if not v.passed) or (r.error or "")
        table.add_row("✓" if r.passed else "✗", r.name, r.content_type, f"{r.ratio:.1%}", bad,
                      style=None if r.passed else "red")
    console = Console()
    console.print(table)
    failed = sum(1 for r in report.results if not r.passed)
    console.print(f"{len(report.results) - failed} passed, {failed} failed")


def register(app: typer.Typer, tools_app: typer.Typer) -> None:
    tools_app.add_typer(evals_app, name="evals")
