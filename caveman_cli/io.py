"""Reading stdin and writing results, robust to closed pipes."""
from __future__ import annotations

import json
import sys


def read_stdin_bytes() -> bytes:
    if sys.stdin is None:
        return b""
    try:
        return sys.stdin.buffer.read()
    except (OSError, ValueError):
        return b""


def write_bytes(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def write_json(obj: object) -> None:
    """One JSON object and a newline: for programs, never decorated."""
    write_bytes((json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8"))


def warn(message: str) -> None:
    try:
        sys.stderr.write(f"caveman: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
