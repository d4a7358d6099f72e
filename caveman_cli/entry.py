"""The `caveman` entry point: `tools shrink` skips the typer app when its arguments are plain.

Importing typer and letting it parse costs about 0.4 s here (it builds pydantic adapters),
more than most commands that agents run take; everything else goes to caveman_cli.app.
"""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:2] == ["tools", "shrink"]:
        from caveman_cli.shrink_main import fast_main

        code = fast_main(args[2:])
        if code is not None:
            return code
    from caveman_cli.app import main as app_main

    return app_main(argv)
