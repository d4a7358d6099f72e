"""Large outputs through shrink: the transcript stays on disk (Outcome.view_file), the engine
streams it, a passed-through transcript is copied from the spool, and the handle gives back the
output byte-exact. Real commands on a real pty; the 50 MB case runs the real CLI."""
from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import threading

import pytest

from engine import Engine, Registry, large
from engine.ccr import MemoryStore
from shrink import pipeline, render
from tests.conftest import ROOT
from tests.test_shrink_pipeline import KeepErrorLines, _shrink

PY = sys.executable
BURIED = b"ERROR worker-3 crashed: disk full at batch 123456"


def _log(path, megabytes: int) -> bytes:
    """A log of about `megabytes` MB with one error line in the middle; returns its sha256."""
    block = "".join(f"2026-11-30 01:00:{i % 60:02d} INFO worker-{i % 7} processed batch {i} in {i % 97} ms\n"
                    for i in range(10_000)).encode()
    count = (megabytes << 20) // len(block)
    digest = hashlib.sha256()
    with open(path, "wb") as fh:
        for j in range(count):
            fh.write(block)
            digest.update(block)
            if j == count // 2:
                fh.write(BURIED + b"\n")
                digest.update(BURIED + b"\n")
    return digest.digest()


def _cat(path, status: int) -> list[str]:
    return ["sh", "-c", f'cat "$1"; exit {status}', "sh", str(path)]


def _cli(*args: str, env: dict | None = None, stdout=subprocess.PIPE):
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), full_env.get("PYTHONPATH")]))
    full_env.update(env or {})
    return subprocess.run([PY, "-m", "caveman_cli", *args], stdin=subprocess.DEVNULL, stdout=stdout,
                          stderr=subprocess.PIPE, env=full_env, cwd=ROOT, timeout=600)


@pytest.fixture
def spool_small(monkeypatch):
    """Transcripts over 64 KB stay on disk and take the engine's large path."""
    monkeypatch.setattr(pipeline, "SPOOLED_VIEW_BYTES", 64 * 1024)
    monkeypatch.setattr(large, "LARGE_BYTES", 64 * 1024)


def _lines(n: int, error_at: int) -> bytes:
    return b"".join(b"error: boom %d\n" % i if i == error_at else b"ok step %d\n" % i for i in range(n))


def test_a_spooled_transcript_is_compressed_from_disk_and_recoverable(counter, spool_small, tmp_path):
    data = _lines(20_000, 12_345)
    path = tmp_path / "out"
    path.write_bytes(data)
    store = MemoryStore()
    registry = Registry()
    registry.register(KeepErrorLines())
    outcome = _shrink(_cat(path, 2), lambda: (Engine(registry, counter, store), None))
    assert outcome.exit_code == 2 and outcome.compressed and outcome.view_file is None
    assert b"error: boom 12345\n" in outcome.view
    assert store.get(outcome.result.handle) == data
    assert outcome.result.tokens_before == counter.count(data)


def test_a_spooled_transcript_that_passes_through_is_printed_from_the_spool(counter, spool_small, tmp_path):
    data = _lines(20_000, 7)
    path = tmp_path / "out"
    path.write_bytes(data)
    registry = Registry()
    registry.register(KeepErrorLines())
    # No store: an excerpt cannot be published, so the transcript passes through.
    outcome = _shrink(_cat(path, 1), lambda: (Engine(registry, counter, None), "the store is broken"))
    assert outcome.view_file is not None and outcome.view == b"" and not outcome.compressed
    assert outcome.view_bytes() == data and outcome.view_size == len(data)
    assert outcome.warnings == ["the store is broken; output passed through uncompressed"]
    out = io.BytesIO()
    render.write_text(outcome, out)
    assert out.getvalue() == data + "‹caveman: exit 1›\n".encode() == render.text(outcome)
    as_json = io.BytesIO()
    render.write_json(outcome, as_json)
    assert json.loads(as_json.getvalue())["output"] == data.decode()
    outcome.close()


def test_raw_keeps_a_large_transcript_on_disk(spool_small, tmp_path):
    data = _lines(20_000, 7)
    path = tmp_path / "out"
    path.write_bytes(data)
    outcome = _shrink(_cat(path, 0), lambda: pytest.fail("--raw never builds an engine"), raw=True)
    assert outcome.view_file is not None and outcome.view_bytes() == data and outcome.exit_code == 0


def test_a_spooled_transcript_past_the_budget_passes_through_from_the_spool(monkeypatch, counter, spool_small,
                                                                            tmp_path):
    data = _lines(20_000, 7)
    path = tmp_path / "out"
    path.write_bytes(data)
    release = threading.Event()

    class Slow:
        def compress_file(self, source, options):
            release.wait(30)
            return Engine(Registry(), counter, None).compress_file(source, options)

    monkeypatch.setattr(pipeline, "ENGINE_BUDGET_S", 0.1)
    monkeypatch.setattr(pipeline, "ENGINE_BYTES_PER_S", 10**12)
    try:
        outcome = _shrink(_cat(path, 1), lambda: (Slow(), None))
        assert outcome.abandoned and outcome.view_bytes() == data and outcome.exit_code == 1
    finally:
        release.set()


def test_cli_passes_a_large_output_through_exactly_when_the_store_refuses(tmp_path):
    path = tmp_path / "out.log"
    digest = _log(path, 10)
    r = _cli("tools", "shrink", "--", *_cat(path, 4), env={"CAVEMAN_CCR_MAX_BYTES": "1000"})
    assert r.returncode == 4
    footer = "‹caveman: exit 4›\n".encode()
    assert r.stdout.endswith(footer) and hashlib.sha256(r.stdout[:-len(footer)]).digest() == digest
    assert b"over its budget" in r.stderr and b"output passed through uncompressed" in r.stderr


@pytest.mark.slow
def test_cli_50_mb_keeps_the_buried_error_and_the_handle_gives_it_all_back(tmp_path):
    path = tmp_path / "out.log"
    digest = _log(path, 50)
    r = _cli("tools", "shrink", "--json", "--", *_cat(path, 3))
    assert r.returncode == 3, r.stderr
    report = json.loads(r.stdout)
    assert report["exit_code"] == 3 and not report["passed_through"]
    assert BURIED.decode() in report["output"] and len(report["output"]) < 100_000
    assert report["tokens_before"] > 10 * report["tokens_after"] and report["basis"] == "inferred"
    assert report["bytes_raw"] >= path.stat().st_size
    with open(tmp_path / "back", "wb") as back:
        got = _cli("tools", "retrieve", report["handle"], stdout=back)
    assert got.returncode == 0 and got.stderr == b""
    assert hashlib.sha256((tmp_path / "back").read_bytes()).digest() == digest
