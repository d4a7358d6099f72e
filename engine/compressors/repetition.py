"""Repetition compressor (forced only): each run of three or more identical non-blank lines
becomes its first line and `… caveman: N identical lines elided …`."""
from __future__ import annotations

from engine.compressors import lines as L
from engine.safety import SafetyClass
from engine.types import ContentType

MIN_BYTES = 200
MIN_RUN = 3


def marker(count: int) -> str:
    return f"… caveman: {count} identical lines elided …"


class RepetitionCompressor:
    content_type = ContentType.REPETITION
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        text = L.decode(data)
        if text is None or len(data) < MIN_BYTES:
            return None
        doc = L.split(text)
        eol = "\r" if doc.eol_cr else ""
        out: list[str] = []
        lines, i, elided = doc.lines, 0, 0
        while i < len(lines):
            j = i + 1
            while j < len(lines) and lines[j] == lines[i]:
                j += 1
            out.append(lines[i])
            if j - i >= MIN_RUN and lines[i].strip():
                out.append(marker(j - i - 1) + eol)
                elided += j - i - 1
            else:
                out.extend(lines[i + 1:j])
            i = j
        return doc.join(out).encode("utf-8") if elided else None
