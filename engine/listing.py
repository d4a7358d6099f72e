"""PLACEHOLDER: line-number gutters and <file> wrappers are not unwrapped yet."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Unwrapped:
    """The payload a compressor sees, and how to put the presentation back."""

    body: bytes
    #: Original line number per body line (None for lines without one); empty when no gutter.
    numbers: tuple[int | None, ...] = ()
    prefix: bytes = b""
    suffix: bytes = b""

    @property
    def wrapped(self) -> bool:
        return bool(self.numbers) or bool(self.prefix) or bool(self.suffix)


def unwrap(data: bytes) -> Unwrapped:
    return Unwrapped(data)


def rewrap(unwrapped: Unwrapped, output: bytes, *, restructured: bool) -> bytes:
    """Put the presentation back around a compressor's output."""
    return output
