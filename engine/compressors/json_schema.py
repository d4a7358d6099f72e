"""JSON Schema documents (draft metaschemas, CloudFormation resource schemas, a project's
`schema.json`): a document the agent reads, like source.

Each entry of its `definitions`/`$defs`/`properties` maps is a distinct definition (its own
type, `$ref`, bounds, description): thinned like a map of records, a marker's `type:
number×4 absent×2` cannot say what `maxLength` is. So in a schema those maps are not
collections to thin; an object repeated verbatim still becomes a pointer to its first
showing, and long arrays (an `enum` of 700 values) are read as any array.
"""
from __future__ import annotations

from typing import Any

#: Maps whose entries are schemas.
SCHEMA_MAPS = ("definitions", "$defs", "properties")
#: Keywords a (sub)schema is written with.
SCHEMA_KEYWORDS = frozenset({
    "type", "$ref", "properties", "items", "enum", "const", "anyOf", "oneOf", "allOf", "not",
    "additionalProperties", "patternProperties", "required", "format", "pattern", "$schema",
})
#: Share of a map's entries that must be subschemas.
SCHEMA_SHARE = 0.5


def _schema_map(v: Any) -> bool:
    if not isinstance(v, dict) or not v:
        return False
    subschemas = sum(1 for x in v.values() if isinstance(x, bool)
                     or isinstance(x, dict) and not SCHEMA_KEYWORDS.isdisjoint(x))
    return subschemas >= SCHEMA_SHARE * len(v)


def is_schema(root: Any) -> bool:
    """A JSON Schema document: an object defining subschemas (`definitions`, `$defs`) or typed
    `properties` that is itself written with schema keywords. (A config naming its schema in
    `$schema`, such as a tsconfig.json, defines none.)"""
    if not isinstance(root, dict):
        return False
    maps = [k for k in SCHEMA_MAPS if _schema_map(root.get(k))]
    if not maps:
        return False
    if maps != ["properties"]:
        return True
    return "type" in root or "$schema" in root or "additionalProperties" in root
