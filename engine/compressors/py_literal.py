"""Python literals printed whole: `pprint.pprint(d)`, `print(d)` of a dict or list of records.

pprint wraps one record over many lines and shares no line between records, so read as text its
lines were thinned one by one: a record's key went and its hash lines stayed, nothing saying
which record they were. The value is data: parsed with `ast.literal_eval` (literals only, never
code) and read by the JSON compressor, which elides whole records with counted markers. A repr
that is no plain literal (`datetime(…)`, a set, a tuple key, NaN) is left to the text reader.

Pure: `compress(text)` → the JSON view, or None; `read(text)` also says whether it was a literal.
"""
from __future__ import annotations

import ast
import json

#: A literal smaller than this is read as text (the JSON reader would not elide it anyway).
MIN_BYTES = 2000
#: pprint's and repr's quoting of the first key or string, looked for near the start.
_GATE_WINDOW = 256


def looks_literal(text: str) -> bool:
    head = text[:_GATE_WINDOW].lstrip()
    return head[:1] in ("{", "[") and ("{'" in head or "['" in head or ": '" in head or "': " in head)


def as_json(text: str) -> bytes | None:
    """The literal as JSON, or None when it is no plain literal JSON can carry."""
    if len(text) < MIN_BYTES or not looks_literal(text):
        return None
    try:
        value = ast.literal_eval(text.strip())
        if not isinstance(value, (dict, list)) or not _string_keys(value):
            return None
        # allow_nan=False: NaN is no JSON; a tuple key, a set, bytes raise TypeError.
        return json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def compress(text: str) -> bytes | None:
    return read(text)[1]


def read(text: str) -> tuple[bool, bytes | None]:
    """(whether the text is a plain literal, the JSON view of it or None). A literal whose
    records the JSON reader keeps all (a directory listing's dicts, each naming its path) is
    shown whole: read as lines instead, its records' paths were thinned one by one."""
    converted = as_json(text)
    if converted is None:
        return False, None
    from engine.compressors.json_array import JsonCompressor  # only a literal needs it

    return True, JsonCompressor().compress(converted)


def _string_keys(value: object) -> bool:
    """Every dict key is a str (json.dumps would turn `1` and `'1'` into one key `"1"`)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if not all(isinstance(k, str) for k in v):
                return False
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return True
