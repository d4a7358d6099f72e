"""The eval harness fails closed: unknown graders, empty lists and broken fixtures never pass."""
from __future__ import annotations

import json

import pytest

from engine import Engine, Registry
from engine.ccr import MemoryStore
from engine.evals import grade, run
from engine.evals.graders import Subject
from engine.evals.runner import ManifestError
from engine.safety import SafetyClass
from engine.types import ContentType, Result


def subject(output: bytes, input_: bytes = b"original input", *, ratio: float = 0.5, handle: str | None = "ccr_x"):
    return Subject(input_, Result(output=output, content_type=ContentType.TEXT, method="text" if handle else None,
                                  ratio=ratio, handle=handle))


@pytest.mark.parametrize("spec, output, passed", [
    ({"type": "contains", "value": "needle"}, b"hay needle hay", True),
    ({"type": "contains", "value": "needle"}, b"hay hay", False),
    ({"type": "contains"}, b"anything", False),
    ({"type": "not_contains", "value": "secret"}, b"public", True),
    ({"type": "not_contains", "value": "secret"}, b"a secret", False),
    ({"type": "recall_keys", "must_contain": ["a", "b"], "min_recall": 1.0}, b"a b", True),
    ({"type": "recall_keys", "must_contain": ["a", "b"], "min_recall": 1.0}, b"a", False),
    ({"type": "recall_keys", "must_contain": ["a", "b"], "min_recall": 0.5}, b"a", True),
    ({"type": "recall_keys", "must_contain": []}, b"a", False),
    ({"type": "recall_keys"}, b"a", False),
    ({"type": "valid_json"}, b'{"a": 1}', True),
    ({"type": "valid_json"}, b'{"a": ', False),
    ({"type": "no_such_grader"}, b"x", False),
    ({"type": "Contains", "value": "x"}, b"x", False),
    ({}, b"x", False),
])
def test_graders(spec, output, passed):
    assert grade(subject(output), spec).passed is passed


def test_ratio_threshold_band():
    assert grade(subject(b"x", ratio=0.7), {"type": "ratio_threshold", "min": 0.6, "max": 0.9}).passed
    assert not grade(subject(b"x", ratio=0.95), {"type": "ratio_threshold", "min": 0.6, "max": 0.9}).passed
    assert not grade(subject(b"x", ratio=0.5), {"type": "ratio_threshold", "min": 0.6}).passed
    assert not grade(subject(b"x", ratio=0.5), {"type": "ratio_threshold", "min": "high"}).passed


def test_byte_identical_and_compressed():
    same = Subject(b"abc", Result(output=b"abc", content_type=ContentType.TEXT))
    assert grade(same, {"type": "byte_identical"}).passed
    assert not grade(same, {"type": "compressed"}).passed
    changed = subject(b"ab")
    assert not grade(changed, {"type": "byte_identical"}).passed
    assert grade(changed, {"type": "compressed"}).passed


class HalveText:
    content_type = ContentType.TEXT
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        return data[: len(data) // 2]


def write_manifest(tmp_path, body: str) -> None:
    (tmp_path / "manifest.toml").write_text(body)
    (tmp_path / "a.txt").write_text("word " * 200)


def engine_with(counter) -> Engine:
    registry = Registry()
    registry.register(HalveText())
    return Engine(registry, counter, MemoryStore())


def test_run_reports_each_fixture(tmp_path, counter):
    write_manifest(tmp_path, """
[[fixture]]
name = "halved"
file = "a.txt"
[[fixture.graders]]
type = "compressed"
[[fixture.graders]]
type = "ratio_threshold"
min = 0.4

[[fixture]]
name = "misspelled"
file = "a.txt"
[[fixture.graders]]
type = "compresed"

[[fixture]]
name = "no graders"
file = "a.txt"

[[fixture]]
name = "missing file"
file = "nope.txt"
[[fixture.graders]]
type = "compressed"
""")
    report = run(engine_with(counter), tmp_path)
    assert [(r.name, r.passed) for r in report.results] == [
        ("halved", True), ("misspelled", False), ("no graders", False), ("missing file", False)]
    assert not report.passed
    assert report.to_json()["failed"] == 3


def test_manifest_without_fixtures_is_an_error(tmp_path, counter):
    (tmp_path / "manifest.toml").write_text("title = 'empty'\n")
    with pytest.raises(ManifestError):
        run(engine_with(counter), tmp_path)


def test_cli_exit_codes(tmp_path, cli):
    write_manifest(tmp_path, '[[fixture]]\nname = "bad"\nfile = "a.txt"\n[[fixture.graders]]\ntype = "nonsense"\n')
    proc = cli("tools", "evals", "run", "--json", "--fixtures", str(tmp_path))
    assert proc.returncode == 1
    report = json.loads(proc.stdout)
    assert report["passed"] is False
    assert report["fixtures"][0]["graders"] == [{"passed": False, "what": "unknown grader 'nonsense'"}]

    proc = cli("tools", "evals", "run", "--fixtures", str(tmp_path / "missing"))
    assert proc.returncode == 1
    assert proc.stderr.decode().startswith("caveman: cannot read ")


# ---------------------------------------------------------------- the shipped fixtures

SHIPPED = __import__("pathlib").Path(__file__).resolve().parent.parent / "fixtures" / "evals"


def test_every_compressor_and_content_type_has_a_fixture(counter):
    from engine import default_registry
    from engine.evals import load_manifest
    from engine.types import CONTENT_TYPES

    engine = Engine(default_registry(), counter, MemoryStore())
    covered = {str(engine.compress((SHIPPED / f["file"]).read_bytes(),
                                   __import__("engine").Options(mode="compress", type=ContentType.parse(f.get("type")))).content_type)
               for f in load_manifest(SHIPPED)}
    assert {str(c.content_type) for c in default_registry()} <= covered
    assert {str(t) for t in CONTENT_TYPES} <= covered


def test_shipped_fixtures_pass(cli):
    proc = cli("tools", "evals", "run", "--json", timeout=300)
    report = json.loads(proc.stdout)
    failed = [f["name"] for f in report["fixtures"] if not f["passed"]]
    assert (proc.returncode, failed) == (0, [])
    assert report["total"] >= 20
