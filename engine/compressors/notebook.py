"""Jupyter notebooks (`.ipynb` JSON, as `cat` or a Read tool shows them): every cell is the
document and stays byte for byte; only the base64 of an image or PDF output goes, replaced in
place by a string that says what and how many bytes. The view is still a notebook that parses."""
from __future__ import annotations

import json

from engine.patterns import NOTEBOOK_BINARY_OUTPUT

#: Shortest base64 payload worth replacing (a marker costs about 60 bytes).
MIN_PAYLOAD = 400


def elide_binary_outputs(data: bytes) -> bytes | None:
    """The notebook with each binary output's base64 replaced; None when this is no notebook,
    nothing was replaced, or the result would not parse."""
    if b'"nbformat"' not in data or (b'image/' not in data and b'"png"' not in data and b'"jpeg"' not in data):
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    replaced = 0

    def replace(found) -> str:  # type: ignore[no-untyped-def]
        nonlocal replaced
        payload = found.group("payload")
        if len(payload) < MIN_PAYLOAD:
            return found.group(0)
        replaced += 1
        value = json.loads(payload)  # one string, or the list of its lines
        size = len(value if isinstance(value, str) else "".join(value))
        return f'{found.group(1)}"<caveman: {size:,} bytes of base64 {found.group("mime")} elided>"'

    out = NOTEBOOK_BINARY_OUTPUT.sub(replace, text)
    if not replaced:
        return None
    try:
        json.loads(out)
    except ValueError:
        return None
    return out.encode("utf-8")
