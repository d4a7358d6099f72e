"""PLACEHOLDER: not implemented yet; always declines (the engine passes through)."""
from __future__ import annotations

from engine.safety import SafetyClass
from engine.types import ContentType


class A11yCompressor:
    content_type = ContentType.A11Y
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        return None
