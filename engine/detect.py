"""PLACEHOLDER content router: JSON or text. The full router replaces this."""
from __future__ import annotations

import json

from engine.types import ContentType


def detect(data: bytes) -> ContentType:
    stripped = data.strip()
    if not stripped:
        return ContentType.TEXT
    if stripped[:1] in (b"{", b"["):
        try:
            json.loads(stripped)
            return ContentType.JSON
        except (ValueError, RecursionError):
            pass
    return ContentType.TEXT
