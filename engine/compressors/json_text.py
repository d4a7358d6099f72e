"""JSON text in and out: parsing that remembers how numbers were written, the canonical text
elements are compared by, and the one-line rendering of the result."""
from __future__ import annotations

import json
from math import isfinite
from typing import Any

from engine.compressors.json_elements import MAX_DEPTH, RawFloat
from engine.patterns import LONE_SURROGATE

def _reject_constant(name: str) -> Any:
    raise ValueError(f"not JSON: {name}")


def parse(data: bytes) -> Any:
    """The JSON value, or ValueError (not UTF-8, not JSON, NaN/Infinity, nested too deep)."""
    return parse_noting_floats(data)[0]


def parse_noting_floats(data: bytes) -> tuple[Any, bool]:
    """The JSON value, and whether any number in it is written in a form Python would print
    differently (`19.90`, `1E5`): only then does rendering need to put the written forms back."""
    text = data.decode("utf-8")
    rewritten: list[bool] = []

    def parse_float_noting(number: str) -> float:
        # parse_float, inlined: the parser calls this for every number with a fraction.
        value = RawFloat(number)
        if not isfinite(value):
            raise ValueError("non-finite number")
        value.raw = number
        if not rewritten and float.__repr__(value) != number:
            rewritten.append(True)
        return value

    try:
        value = json.loads(text, parse_float=parse_float_noting, parse_constant=_reject_constant)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None
    return value, bool(rewritten)


#: json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False), built once:
#: dumps builds an encoder per call, which costs more than encoding a small element.
_ENCODE = (json.encoder.c_make_encoder(None, None, json.encoder.encode_basestring, None, ":", ",", True, False, True)
           if json.encoder.c_make_encoder is not None else None)


def canonical(value: Any) -> str:
    if _ENCODE is None:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "".join(_ENCODE(value, 0))


#: canonical() of a scalar of each type, by the function the encoder itself calls for it.
_SCALAR_CANONICAL = {str: json.encoder.encode_basestring, int: int.__repr__, RawFloat: float.__repr__}


def canonical_each(items: list[Any]) -> list[str]:
    """canonical() of every element; strings and numbers without building an encoder call."""
    get = _SCALAR_CANONICAL.get
    return [get(type(x), canonical)(x) for x in items]


def item_separator(data: bytes) -> str:
    """`, ` when the input writes its one-line items spaced (Python's json.dumps default,
    SchemaStore's inline `"enum": ["a", "b"]`), so a fact quoted from such a line still reads
    the same in the view; `,` otherwise (pretty JSON ends its items at line ends, minified JSON
    writes `","`). Counted on the raw bytes, string boundaries only (`", "`): prose inside a
    pretty report's strings writes a few, a spaced input at least one per 20 line-end items."""
    spaced = data.count(b'", "')
    return ", " if spaced > 2 * data.count(b'","') and 20 * spaced >= data.count(b",\n") else ","


def render(value: Any, rewritten_numbers: bool = True, separator: str = ",") -> bytes:
    """One line, but `"key": value` as pretty JSON spells it, so a fact quoted from the
    original (`"status": 422`) still reads the same; numbers as the input wrote them
    (`rewritten_numbers` False: the input has none that Python would print differently);
    items joined by `separator` (item_separator of the input)."""
    raws: list[str] = []
    marked = _float_placeholders(value, raws, 0) if rewritten_numbers else value
    text = json.dumps(marked, ensure_ascii=False, separators=(separator, ": "))
    if raws:
        pieces = text.split('"' + _OPEN)
        if len(pieces) != len(raws) + 1:  # the data itself holds our stand-in: give up on it
            text = json.dumps(value, ensure_ascii=False, separators=(separator, ": "))
        else:
            out = [pieces[0]]
            for piece in pieces[1:]:
                index, rest = piece.split(_CLOSE + '"', 1)
                out += [raws[int(index)], rest]
            text = "".join(out)
    return utf8(text)


def utf8(text: str) -> bytes:
    """text as UTF-8. A lone surrogate (json.loads makes one of a `\\ud800` escape) has no
    UTF-8, so it is written back as the escape it came from; it only ever stands inside a JSON
    string, where the escape means the same."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return LONE_SURROGATE.sub(lambda found: f"\\u{ord(found.group()):04x}", text).encode("utf-8")


#: Stand-in for a number whose written form Python would change (`19.90`, `1E5`): a string
#: of private-use code points, swapped for the original digits after serialising.
_OPEN, _CLOSE = "\ue000", "\ue001"


def _float_placeholders(value: Any, raws: list[str], depth: int) -> Any:
    if type(value) is RawFloat:
        return _float_placeholder(value, raws)
    if depth > MAX_DEPTH + 8:
        return value
    # Members and items are handled inline; only containers recurse.
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            if isinstance(v, (dict, list)):
                out[k] = _float_placeholders(v, raws, depth + 1)
            else:
                out[k] = _float_placeholder(v, raws) if type(v) is RawFloat else v
        return out
    if isinstance(value, list):
        return [_float_placeholders(v, raws, depth + 1) if isinstance(v, (dict, list))
                else _float_placeholder(v, raws) if type(v) is RawFloat else v for v in value]
    return value


def _float_placeholder(value: RawFloat, raws: list[str]) -> Any:
    if float.__repr__(value) == value.raw:
        return value
    raws.append(value.raw)
    return f"{_OPEN}{len(raws) - 1}{_CLOSE}"
