"""PLACEHOLDER: commands added by later work."""
from __future__ import annotations

import typer


def register(app: typer.Typer, tools_app: typer.Typer) -> None:
    return None
