"""`caveman tools toon encode|decode`: stdin → stdout, exit 1 with one `caveman: …` line on bad input."""
from __future__ import annotations

import json

from conftest import SHARED

FIXTURES = SHARED / "conformance" / "fixtures"


def test_encode_then_decode_round_trips(cli):
    data = (FIXTURES / "toon_tabular.json").read_bytes()
    enc = cli("tools", "toon", "encode", stdin=data)
    assert enc.returncode == 0, enc.stderr
    assert enc.stdout.startswith(b"hikes[4]{id,name,distanceKm,sunny}:\n")
    dec = cli("tools", "toon", "decode", stdin=enc.stdout)
    assert dec.returncode == 0
    assert json.loads(dec.stdout) == json.loads(data)
    assert dec.stderr == b""


def test_decode_invalid_toon_fails_with_one_line(cli):
    r = cli("tools", "toon", "decode", stdin=b'a: "x\n')
    assert r.returncode == 1
    assert r.stdout == b""
    assert r.stderr == b"caveman: invalid TOON: line 1: Unterminated string\n"


def test_encode_invalid_json_fails_with_one_line(cli):
    r = cli("tools", "toon", "encode", stdin=b"{bad")
    assert r.returncode == 1
    assert r.stderr.startswith(b"caveman: invalid JSON: ")
    assert r.stderr.count(b"\n") == 1


def test_encode_unsupported_shape_fails_closed(cli):
    r = cli("tools", "toon", "encode", stdin=(FIXTURES / "toon_nested_passthrough.json").read_bytes())
    assert r.returncode == 1
    assert r.stderr == b"caveman: unsupported shape for TOON (nested records or mixed arrays)\n"
