"""Reading a large payload from a file without holding it: a path or an open binary file.

Reads are positional (os.pread), so a caller may stream the same open file elsewhere (shrink
prints a passed-through transcript while an abandoned engine thread may still read it).
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO, Union

Source = Union[str, "os.PathLike[str]", BinaryIO]
CHUNK = 1 << 20


@contextmanager
def open_fd(source: Source) -> Iterator[int]:
    """A readable file descriptor for `source`; closed afterwards only if opened here."""
    if isinstance(source, (str, os.PathLike)):
        fd = os.open(source, os.O_RDONLY)
        try:
            yield fd
        finally:
            os.close(fd)
    else:
        yield source.fileno()


def size_of(fd: int) -> int:
    return os.fstat(fd).st_size


def chunks(fd: int, size: int = CHUNK, start: int = 0, end: int | None = None) -> Iterator[bytes]:
    """The bytes from `start` to `end` (default: end of file), `size` at a time."""
    offset = start
    while end is None or offset < end:
        want = size if end is None else min(size, end - offset)
        data = os.pread(fd, want, offset)
        if not data:
            return
        offset += len(data)
        yield data


def read_all(fd: int) -> bytes:
    return b"".join(chunks(fd))
