"""Config compressor: YAML and TOML views that still parse."""
from __future__ import annotations

import tomllib

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SHARED
from engine.compressors.config import ConfigCompressor

FIXTURES = SHARED / "conformance" / "fixtures"
cfg = ConfigCompressor()


def test_yaml_fixture_with_query_keeps_the_block_and_its_parents():
    out = cfg.compress_query((FIXTURES / "service_features.yaml").read_bytes(), "feature_17 rollout").decode()
    assert out.startswith("service:\n  name: checkout\n  owner: payments\n")
    assert "  feature_17:\n    enabled: false\n    rollout: 17\n" in out
    assert "  incident:\n    status: ERROR\n    action: rollback\n" in out
    assert "config lines elided (caveman)" in out
    assert yaml.safe_load(out)["service"]["feature_17"] == {"enabled": False, "rollout": 17}


def test_yaml_without_query_elides_repeated_blocks():
    out = cfg.compress((FIXTURES / "service_features.yaml").read_bytes()).decode()
    assert "    # … 70 config lines elided (caveman) …" in out.splitlines()
    assert "feature_17" not in out
    yaml.safe_load(out)


def test_a_repeated_line_under_a_different_parent_is_not_a_repeat():
    blocks = []
    for job in ["linux", "macos", "windows", "docs", "bench", "lint"]:
        blocks.append(f"  {job}:\n    matrix:\n      arch:\n        - amd64\n        - arm64\n")
    doc = ("jobs:\n" + "".join(blocks)).encode()
    assert cfg.compress(doc) is None


def test_toml_keeps_section_headers_and_multiline_values_whole():
    lines = ['[project]', 'name = "demo"', 'dependencies = [']
    lines += [f'    "pkg{i} >= 1.{i}",' for i in range(30)]
    lines += [']', '', '[tool.pytest.ini_options]', 'timeout = 30', '', '[tool.other]', 'x = 1']
    out = cfg.compress(("\n".join(lines) + "\n").encode())
    assert out is not None
    text = out.decode()
    parsed = tomllib.loads(text)
    assert parsed["project"]["name"] == "demo"
    assert "[tool.pytest.ini_options]" in text and "timeout = 30" in text
    assert "# … " in text and "config lines elided (caveman)" in text


def test_secrets_and_failures_stay_in_view():
    lines = ["app:"] + [f"  opt_{i}: value" for i in range(30)]
    lines.insert(17, "  db_password: hunter2")
    out = cfg.compress(("\n".join(lines) + "\n").encode()).decode()
    assert "  db_password: hunter2" in out


@pytest.mark.parametrize("data", [
    b"", b"a: 1\n", b"just some prose\n" * 20, b"key: [unclosed\n" * 20, b"\xff" * 40,
    b"x = 1\n[bad\n" * 10,
])
def test_declines_non_config(data):
    assert cfg.compress(data) is None


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["a", "b", "c", "name", "- x", "- y: 1"]),
                          st.sampled_from(["", " 1", " two", " ERROR"])), max_size=60))
def test_yaml_like_noise_never_raises_and_always_reparses(items):
    text = "\n".join("  " * d + k + (":" if not k.startswith("- ") else "") + v for d, k, v in items) + "\n"
    out = cfg.compress(text.encode())
    assert out == cfg.compress(text.encode())
    if out is not None:
        list(yaml.safe_load_all(out.decode()))


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400) | st.text(alphabet="- :|[]{}\"'#=,\n abc123&*", max_size=400).map(str.encode))
def test_random_input_never_raises_and_is_deterministic(data):
    out = cfg.compress(data)
    assert out == cfg.compress(data)
    assert out is None or isinstance(out, bytes)
