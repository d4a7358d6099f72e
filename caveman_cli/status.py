"""Exit statuses and the single place where exceptions become them."""
from __future__ import annotations

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
