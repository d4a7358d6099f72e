"""PLACEHOLDER: not implemented yet; always declines (the engine passes through)."""
from __future__ import annotations

from engine.safety import SafetyClass
from engine.types import ContentType


class ToolSchemaCompressor:
    content_type = ContentType.TOOLSCHEMA
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        return None


class ToolSchemaAnnotationsCompressor:
    content_type = ContentType.TOOLSCHEMA_ANNOTATIONS
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        return None
