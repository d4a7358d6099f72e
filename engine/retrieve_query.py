"""PLACEHOLDER: query narrowing of a recovered original. Returns the whole original."""
from __future__ import annotations


def narrow(original: bytes, query: str) -> bytes:
    return original
