"""Throughput of the line compressors (MB/s of CPU time, best of 3: the machine is shared) on the corpus kinds they serve,
plus two synthetic 10 MB terminal outputs (a `pytest -v` run with one failure, an ANSI-coloured service log).

    python bench/lines_throughput.py            # with toolout as it is
    python bench/lines_throughput.py --no-toolout   # our own work only
    python bench/lines_throughput.py --quick        # corpus only
"""
from __future__ import annotations

import glob
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.compressors import toolout  # noqa: E402

if "--no-toolout" in sys.argv:
    toolout.must_keep = lambda lines: [False] * len(lines)
    toolout.analyse = None  # type: ignore[assignment]

from engine.compressors.log import LogCompressor  # noqa: E402
from engine.compressors.search import SearchResultCompressor  # noqa: E402
from engine.compressors.terminal import TerminalCompressor  # noqa: E402
from engine.compressors.text import TextCompressor  # noqa: E402

CORPUS = Path(os.environ.get("CAVEMAN_CORPUS") or Path(__file__).resolve().parents[2] / "shared" / "corpus")
TOOL_KINDS = ("pytest", "jest", "mocha", "nodetest", "lint", "build", "mypy", "tsc", "install")
RUNS = [(LogCompressor, "log-*"), (TerminalCompressor, "pytest-*"), (TerminalCompressor, "jest-*"),
        (TerminalCompressor, "lint-*"), (TerminalCompressor, "build-*"), (SearchResultCompressor, "search-*"),
        (TextCompressor, "html-*")]
SIZE = 10_000_000


def pytest_verbose(size: int) -> bytes:
    rnd = random.Random(7)
    out = ["============================= test session starts ==============================", "collected 120000 items", ""]
    i = total = 0
    while total < size:
        status = "PASSED" if rnd.random() > 0.002 else "SKIPPED"
        line = f"tests/unit/test_mod{i % 97}.py::test_case_{i}[param-{rnd.randint(0, 999)}] {status} [{i * 100 // 120000:3d}%]"
        out.append(line)
        total += len(line) + 1
        i += 1
    out += ["", "=================================== FAILURES ===================================",
            "_________________________________ test_case_7 __________________________________", "",
            ">       assert f(1) == 2", "E       assert 1 == 2", "", "tests/unit/test_mod7.py:12: AssertionError",
            f"======================= 1 failed, {i - 1} passed in 120.00s ======================="]
    return ("\n".join(out) + "\n").encode()


def service_log(size: int) -> bytes:
    rnd = random.Random(7)
    levels = ["INFO"] * 90 + ["DEBUG"] * 7 + ["WARN"] * 2 + ["ERROR"]
    out, i, total = [], 0, 0
    while total < size:
        line = (f"\x1b[32m2026-11-30T01:{i // 3600 % 60:02d}:{i % 60:02d}.{i % 1000:03d}Z\x1b[0m {rnd.choice(levels):5s} "
                f"[svc-{i % 13}] request id=req-{rnd.randint(0, 10**9)} path=/api/v1/items/{rnd.randint(0, 9999)} "
                f"latency_ms={rnd.randint(1, 900)} status={rnd.choice([200, 200, 200, 201, 404, 500])}")
        out.append(line)
        total += len(line) + 2
        i += 1
    return ("\r\n".join(out) + "\r\n").encode()


def measure(cls, name: str, payloads: list[bytes], runs: int) -> None:
    size = sum(len(p) for p in payloads)
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        for payload in payloads:
            cls().compress(payload)
        best = min(best, time.process_time() - t0)
    print(f"{cls.__name__:24s} {name:22s} {size / 1e6:6.2f} MB  {size / 1e6 / best:6.1f} MB/s")


def corpus(kinds: tuple[str, ...]) -> list[bytes]:
    return [Path(f).read_bytes() for k in kinds for f in sorted(glob.glob(str(CORPUS / f"{k}-*" / "output.raw")))]


for cls, pattern in RUNS:
    measure(cls, pattern, [Path(f).read_bytes() for f in sorted(glob.glob(str(CORPUS / pattern / "output.raw")))], 3)
measure(TerminalCompressor, "tool kinds, per case", corpus(TOOL_KINDS), 3)
if "--quick" not in sys.argv:
    measure(TerminalCompressor, "pytest -v 10 MB", [pytest_verbose(SIZE)], 1)
    measure(TerminalCompressor, "service log 10 MB", [service_log(SIZE)], 1)
    measure(LogCompressor, "service log 10 MB", [service_log(SIZE)], 1)
