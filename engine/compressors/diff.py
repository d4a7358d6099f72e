"""PLACEHOLDER: not implemented yet; always declines (the engine passes through)."""
from __future__ import annotations

from engine.safety import SafetyClass
from engine.types import ContentType


class DiffCompressor:
    content_type = ContentType.DIFF
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        return None
