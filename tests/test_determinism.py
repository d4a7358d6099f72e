"""Same input, same bytes: across calls, fresh engines, and processes with different hash seeds.

Within one process every set and dict iterates the same way each time, so only a second process
with another PYTHONHASHSEED shows an ordering leak (iterating a set of strings into the output,
sorting by hash). The harness below compresses the whole corpus (auto-detected) and the smaller
cases forced to every type, in two processes, and compares the digests.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.ccr import MemoryStore
from engine.core import Engine
from engine.registry import default_registry
from engine.types import Mode, Options

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
CASES = sorted(p.parent.name for p in CORPUS.glob("*/output.raw"))
#: Cases small enough to force through all fifteen compressors in the harness.
SMALL = 40_000

HARNESS = r"""
import hashlib, json, sys
from pathlib import Path
from engine.ccr import MemoryStore
from engine.core import Engine
from engine.registry import default_registry
from engine.tokens import O200kCounter
from engine.types import Mode, Options

corpus, small, cache = Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
counter = O200kCounter(cache)
registry = default_registry()
types = [None] + sorted(c.content_type for c in registry)
digests = {}
for raw in sorted(corpus.glob("*/output.raw")):
    data = raw.read_bytes()
    for ctype in types if len(data) <= small else [None]:
        result = Engine(registry, counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS, type=ctype))
        digests[f"{raw.parent.name}:{ctype or 'auto'}"] = [
            hashlib.sha256(result.output).hexdigest(), result.handle, result.method, result.tokens_after]
json.dump(digests, sys.stdout, sort_keys=True)
"""


def run_harness(seed: str, cache: Path) -> dict[str, list]:
    env = {"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin", "HOME": str(cache)}
    done = subprocess.run([sys.executable, "-c", HARNESS, str(CORPUS), str(SMALL), str(cache)],
                          capture_output=True, env=env, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout)


@pytest.mark.slow
def test_corpus_compresses_to_the_same_bytes_under_two_hash_seeds(tmp_path) -> None:
    first = run_harness("1", tmp_path)
    second = run_harness("2", tmp_path)
    assert len(first) > len(CASES)  # the small cases ran forced too
    differing = sorted(key for key in first if first[key] != second.get(key))
    assert differing == []


@pytest.mark.parametrize("case, ctype", [
    ("log-loghub-openssh", None), ("pytest-click-verbose-2fail", None), ("json-octokit-release-assets-conflict", None),
    ("listing-click-core-py", None), ("csv-loghub-openssh-structured", "tabular"), ("lint-eslint-express4", None),
    ("git-log-p-click", None), ("html-sphinx-requests-api", None), ("json-package-lock-commander", "toon"),
])
def test_cli_json_is_identical_under_two_hash_seeds(cli, case: str, ctype: str | None) -> None:
    data = (CORPUS / case / "output.raw").read_bytes()
    args = ["tools", "compress", "--json", *(["--type", ctype] if ctype else [])]
    runs = [cli(*args, stdin=data, env={"PYTHONHASHSEED": seed}) for seed in ("0", "4242")]
    for run in runs:
        assert run.returncode == 0, run.stderr.decode()
    assert runs[0].stdout == runs[1].stdout
    result = json.loads(runs[0].stdout)
    assert result["handle"], f"{case} passed through, so the comparison would prove little"


@pytest.mark.parametrize("case", CASES)
def test_each_case_is_the_same_in_a_second_call_and_a_fresh_engine(counter, case: str) -> None:
    data = (CORPUS / case / "output.raw").read_bytes()
    engine = Engine(default_registry(), counter, MemoryStore())
    first = engine.compress(data, Options(mode=Mode.COMPRESS))
    again = engine.compress(data, Options(mode=Mode.COMPRESS))
    fresh = Engine(default_registry(), counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS))
    assert first == again == fresh
    if first.handle is not None:
        assert engine.retrieve(first.handle) == data
