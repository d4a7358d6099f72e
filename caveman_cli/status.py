"""Exit statuses and the single place where exceptions become them."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from enum import IntEnum


class ExitStatus(IntEnum):
    OK = 0
    FAILURE = 1
    USAGE = 2
    NOT_EXECUTABLE = 126
    NOT_FOUND = 127
    CTRL_C = 130


class CavemanError(Exception):
    """A failure to report as one `caveman: …` line on stderr, exit 1 unless told otherwise."""

    def __init__(self, message: str, status: int = ExitStatus.FAILURE) -> None:
        super().__init__(message)
        self.status = status


def fail(message: str, status: int = ExitStatus.FAILURE) -> int:
    """One `caveman: …` line on stderr; the status to exit with."""
    try:
        sys.stderr.write(f"caveman: {message}\n")
        sys.stderr.flush()
    except (BrokenPipeError, OSError, ValueError):
        pass
    return status


def run_guarded(command: Callable[[], object]) -> int:
    """Run a command and map whatever ends it to an exit status: the one boundary where
    exceptions become exit codes. No traceback reaches a user unless CAVEMAN_DEBUG=1."""
    try:
        command()
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else fail(str(code)))
    except CavemanError as exc:
        return fail(str(exc), exc.status)
    except BrokenPipeError:
        # A reader that stopped early (`| head -1`) is not our failure.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except OSError:
            pass
        return ExitStatus.OK
    except KeyboardInterrupt:
        return ExitStatus.CTRL_C
    except Exception as exc:  # noqa: BLE001  (the last boundary)
        if os.environ.get("CAVEMAN_DEBUG", "") == "1":
            raise
        return fail(f"internal error: {type(exc).__name__}: {exc} (set CAVEMAN_DEBUG=1 for a traceback)")
    return ExitStatus.OK
