"""A script without `#!`: exec refuses it (ENOEXEC), execvp and every shell run it with /bin/sh.

Python's os.execvp and ptyprocess do not, so `caveman tools shrink -- ./script` said
`Exec format error` (126) where the shell ran the script and gave its own status.
"""
from __future__ import annotations

import shutil
from collections.abc import Sequence


def shell_fallback(argv: Sequence[str], path: str | None) -> list[str] | None:
    """For a command exec refused as not executable (ENOEXEC): the argv that runs it with
    /bin/sh, as execvp and every shell do for a script without #!; None for a binary."""
    script = argv[0] if "/" in argv[0] else shutil.which(argv[0], path=path) or argv[0]
    return ["/bin/sh", script, *argv[1:]] if _looks_like_text(script) else None


def _looks_like_text(path: str) -> bool:
    """bash's test before it hands a file it cannot exec to the shell: no NUL in the first
    line of its first 80 bytes (a binary for another machine stays `Exec format error`, 126)."""
    try:
        with open(path, "rb") as file:
            head = file.read(80)
    except OSError:
        return False
    return b"\0" not in head.split(b"\n", 1)[0]
