"""The `caveman` entry point, with fast paths for the two commands that run before every
shell command an agent executes (`tools shrink`, `hook AGENT`) and for `tools compress`,
which integrations call once per payload.

Importing typer and letting it parse costs about 0.2–0.4 s here (it builds pydantic
adapters), more than most commands agents run take. Plainly well-formed argument lists of
these two commands skip it; everything else (help, unknown options) goes to caveman_cli.app,
which owns every usage message.
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
    elif args[:2] == ["tools", "compress"]:
        from caveman_cli.compress_main import parse_fast, run

        values = parse_fast(args[2:])
        if values is not None:
            from caveman_cli.status import run_guarded

            return run_guarded(lambda: run(**values))  # type: ignore[arg-type]
    elif len(args) == 2 and args[0] == "hook" and not args[1].startswith("-"):
        try:
            from launch_profiles.hook import main as hook_main

            hook_main(args[1])
        except BaseException:  # noqa: BLE001  (a hook never blocks the agent)
            pass
        return 0
    from caveman_cli.app import main as app_main

    return app_main(argv)
