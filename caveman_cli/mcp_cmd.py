"""`caveman mcp`: the MCP server over stdio (see caveman_cli.mcp_server)."""
from __future__ import annotations

import typer


def mcp() -> None:
    """Serve caveman_retrieve, caveman_compress, caveman_stats and the TOON tools over MCP (stdio)."""
    from caveman_cli.mcp_server import serve

    serve()


def register(app: typer.Typer, tools_app: typer.Typer) -> None:
    app.command("mcp")(mcp)
    tools_app.command("mcp")(mcp)
