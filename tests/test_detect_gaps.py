"""Detect's guards against misreadings found on real files (a sweep over the machine's sources,
configs and docs), table-driven: each payload and the type it must get."""
from __future__ import annotations

import pytest

from engine.detect import detect
from engine.types import ContentType

T = ContentType

RG_GROUPED = (
    "History.md\n"
    "18:      res.send(results); // now responds 304 Not Modified\n"
    "207:    - `res.send(status, body)` signature - use `res.status(status).send(body)`\n\n"
    "lib/response.js\n"
    "118: *     res.send(Buffer.from('wahoo'));\n"
    "119: *     res.send({ some: 'json' });\n"
    "120: *     res.send('<p>some html</p>');\n\n"
    "examples/content-negotiation/index.js\n"
    "12:      res.send('<ul>' + users.map(function(user){\n"
    "18:      res.send(users.map(function(user){\n"
    "24:      res.json(users);\n\n"
    "examples/web-service/index.js\n"
    "76:  res.send(users);\n"
    "89:  if (user) res.send(user);\n"
    "102:  res.send({ error: err.message });\n"
)

CASES = [
    # rg's grouped output quotes source: still not code (the search was the point)
    ("rg grouped hits", RG_GROUPED, T.TEXT),
]


@pytest.mark.parametrize("name,payload,expected", CASES, ids=[c[0] for c in CASES])
def test_detect_gaps(name, payload, expected):
    assert detect(payload.encode()) is expected
