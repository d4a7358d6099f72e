"""TOON: JSON re-encoded as Token-Oriented Object Notation (forced only, stateless).

Uniform arrays of flat records become one header (`hikes[4]{id,name,distanceKm,sunny}:`) and
one comma-separated row per record; primitive arrays become one line. The official
`toon-format` package does the encoding, and it passes the reference's fixtures. We accept
only the shapes the reference encodes (objects, primitive arrays, arrays of records with the
same keys and primitive values); anything else — a record holding an object or an array,
records with different keys, arrays of arrays — fails closed, as does any encoding that does
not decode back to the same JSON value.
"""
from __future__ import annotations

import json
from typing import Any

from engine.safety import SafetyClass
from engine.types import ContentType

#: Deeper documents are not worth re-encoding (and would strain the recursive encoder).
MAX_DEPTH = 64


class ToonError(ValueError):
    """Input that is not valid JSON (encoding) or not valid TOON (decoding)."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _parse_json(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_reject_constant)
    except RecursionError:
        raise ToonError("JSON nested too deeply") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise ToonError(f"invalid JSON: {exc}") from None


def _is_primitive(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


def supported(value: Any, depth: int = 0) -> bool:
    """True when the value has only shapes the reference's TOON encoder takes."""
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, dict):
        return all(isinstance(k, str) for k in value) and all(supported(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        if all(_is_primitive(v) for v in value):
            return True
        if not all(isinstance(v, dict) and v for v in value):
            return False
        keys = list(value[0])
        return all(list(v) == keys and all(_is_primitive(x) for x in v.values()) for v in value)
    return _is_primitive(value)


def encode(data: bytes) -> bytes:
    """JSON bytes → TOON bytes; ToonError when the input is not JSON or has a shape we decline."""
    import toon_format

    value = _parse_json(data.strip())
    if not supported(value):
        raise ToonError("unsupported shape for TOON (nested records or mixed arrays)")
    try:
        text = toon_format.encode(value)
        back = toon_format.decode(text, strict=True)
    except (ValueError, TypeError, RecursionError) as exc:
        raise ToonError(f"cannot encode as TOON: {exc}") from None
    if back != value or type(back) is not type(value):
        raise ToonError("TOON encoding does not decode back to the same value")
    return text.encode("utf-8")


def decode(data: bytes) -> bytes:
    """TOON bytes → compact JSON bytes (with a trailing newline); ToonError on invalid TOON."""
    import toon_format

    try:
        value = toon_format.decode(data.decode("utf-8"), strict=True)
        return (json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")
    except UnicodeDecodeError:
        raise ToonError("invalid TOON: not UTF-8") from None
    except RecursionError:
        raise ToonError("invalid TOON: nested too deeply") from None
    except ValueError as exc:  # ToonDecodeError is a ValueError
        raise ToonError(f"invalid TOON: {exc}") from None


class ToonCompressor:
    content_type = ContentType.TOON
    safety_class = SafetyClass.S4
    #: Re-encodes rather than elides: no output line carries an input line number.
    restructures = True

    def compress(self, data: bytes) -> bytes | None:
        if data.strip()[:1] not in (b"{", b"["):
            return None
        try:
            return encode(data)
        except ToonError:
            return None
