"""Reading stdin and writing results, robust to closed pipes."""
from __future__ import annotations

import json
import os
import select
import sys


def read_stdin_bytes() -> bytes:
    if sys.stdin is None:
        return b""
    try:
        return sys.stdin.buffer.read()
    except (OSError, ValueError):
        return b""


class PatientWriter:
    """A file descriptor written in full, waiting while the pipe is full.

    A parent that set O_NONBLOCK on a pipe or terminal it shares with caveman made
    sys.stdout.buffer.write return short counts, which nothing checks: 65,536 of 1.4 MB were
    printed, without the footer or the last lines (where errors are), and the status was kept."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self.fd, view):]
            except BlockingIOError:
                select.select([], [self.fd], [])
        return len(data)

    def flush(self) -> None:
        return None


def write_bytes(data: bytes) -> None:
    """`data` on stdout, every byte of it (see PatientWriter)."""
    sys.stdout.flush()
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # a stdout with no descriptor (captured)
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    PatientWriter(fd).write(data)


def write_json(obj: object) -> None:
    """One JSON object and a newline: for programs, never decorated."""
    write_bytes((json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8"))


def warn(message: str) -> None:
    try:
        sys.stderr.write(f"caveman: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
