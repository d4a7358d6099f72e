"""Recovery handles: how they are made and every spelling an agent may hand back.

An agent copies whatever reference it was shown, with whatever quotes or brackets came
along; a spelling that does not resolve makes it loop, so normalisation is generous about
wrapping and strict about the handle itself.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from engine.patterns import CCR_HANDLE, CCR_HANDLE_EMBEDDED, CCR_OBJECT_ID

HANDLE_PREFIX = "ccr_"
_WRAPPING = " \t\r\n\"'`[](){}<>‹›«»“”‘’,.;"


def handle_for(original: bytes) -> str:
    """`ccr_` + the first 32 hex digits of sha256(original): idempotent puts."""
    return HANDLE_PREFIX + hashlib.sha256(original).hexdigest()[:32]


@dataclass(frozen=True)
class HandleRef:
    kind: str  # "blob" or "object"
    key: str


def parse_handle(text: str) -> HandleRef | None:
    """`ccr_<hex>`, `<<ccr:ccr_<hex>>>`, `ccr:ccr_<hex>`, `ccr://<objectID>`, with surrounding
    quotes, backticks or brackets. None when it is none of these."""
    s = text.strip().strip(_WRAPPING)
    if s.startswith("<<ccr:") and s.endswith(">>"):
        s = s[len("<<ccr:"):-2]
    s = s.strip().strip(_WRAPPING)
    if s.lower().startswith("ccr:") and not s.lower().startswith("ccr://"):
        s = s[len("ccr:"):]  # `ccr:ccr_<hex>`, and the marker form of an object, `<<ccr:ccr://ID>>`
    ref = _exact(s)
    return ref if ref is not None else _embedded(text)


def _exact(s: str) -> HandleRef | None:
    if s.lower().startswith("ccr://"):
        obj = s[len("ccr://"):]
        return HandleRef("object", obj) if CCR_OBJECT_ID.fullmatch(obj) else None
    s = s.lower() if s.lower().startswith(HANDLE_PREFIX) else s
    if CCR_HANDLE.fullmatch(s):
        return HandleRef("blob", s)
    return None




def _embedded(text: str) -> HandleRef | None:
    """A whole footer or command pasted as the handle (`recover: caveman tools retrieve ccr_…`):
    accepted when it names exactly one blob handle, so nothing is guessed."""
    found = {m.lower() for m in CCR_HANDLE_EMBEDDED.findall(text)}
    return HandleRef("blob", found.pop()) if len(found) == 1 else None
