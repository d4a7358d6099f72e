"""Foundation benchmark (a script, not a test): vocabulary load, token throughput, CCR put+get,
and the whole-process time of `caveman tools compress` on a 1 KB input.

    python bench/bench_foundation.py [--runs 20] [--full]

Targets (issue 2): 10 MB put+get <= 0.5 s; `caveman tools compress` on 1 KB <= 150 ms median.
Processes run with bytecode caching on (PYTHONDONTWRITEBYTECODE unset), as an installed caveman
does; the first run of each kind is a warm-up (it also writes the store and the vocabulary cache).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CORPUS = ROOT.parent / "shared" / "corpus"

# The real entry point with one lossy compressor that always shrinks, so the process also
# counts tokens (vocabulary from the marshal cache) and writes the original to CCR.
_COUNTING_MAIN = r"""
import sys
import engine, engine.registry
from engine.safety import SafetyClass
from engine.types import ContentType

class Half:
    safety_class = SafetyClass.S4
    def __init__(self, ctype):
        self.content_type = ctype
    def compress(self, data):
        return data[: len(data) // 2]

def registry():
    reg = engine.registry.Registry()
    for ctype in ContentType:
        reg.register(Half(ctype))
    return reg

engine.default_registry = engine.registry.default_registry = registry
from caveman_cli.app import main
raise SystemExit(main(sys.argv[1:]))
"""

rows: list[tuple[str, str, str, str]] = []


def row(what: str, value: str, target: str = "", verdict: str = "") -> None:
    rows.append((what, value, target, verdict))
    print(f"  {what}: {value}", file=sys.stderr)


def median_time(fn: Callable[[], object], n: int) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def sample_text() -> str:
    outputs = sorted(CORPUS.glob("*/output.raw")) if CORPUS.is_dir() else []
    if outputs:
        text = "".join(p.read_bytes().decode("utf-8", errors="replace") for p in outputs[:12])
        return text[:200_000]
    lines = [f"2026-11-30 01:{i % 60:02d}:07 INFO worker-{i % 7} processed batch {i} in {i * 13 % 997} ms"
             for i in range(3000)]
    return "\n".join(lines)[:200_000]


def bench_vocabulary(tmp: Path) -> None:
    from engine.tokens import O200kCounter, _parse_vocabulary

    cold = median_time(_parse_vocabulary, 3)
    row("vocabulary load, cold (gunzip + sha256 + parse)", f"{cold * 1000:.0f} ms")
    cache = tmp / "vocab-cache"
    O200kCounter(cache).ranks()  # writes the cache
    warm = median_time(lambda: O200kCounter(cache).ranks(), 5)
    row("vocabulary load, warm (marshal cache -> dict, payloads > 8K chars)", f"{warm * 1000:.0f} ms")
    O200kCounter(cache).count("write the sorted table")
    from engine.tokens import _load_table

    table = median_time(lambda: _load_table(cache), 5)
    row("vocabulary load, warm (sorted table, payloads <= 8K chars)", f"{table * 1000:.1f} ms")
    c = O200kCounter(cache)
    c.ranks()
    build = median_time(lambda: (setattr(c, "_encoder", None), c._tiktoken()), 3)
    row("tiktoken encoder build (payloads > 256K chars)", f"{build * 1000:.0f} ms")


def bench_tokens(tmp: Path) -> None:
    from engine.tokens import O200kCounter

    text = sample_text()
    cache = tmp / "vocab-cache"
    fresh = O200kCounter(cache)
    fresh.ranks()
    t = time.perf_counter()
    n = fresh.count(text)
    first = time.perf_counter() - t
    t = time.perf_counter()
    fresh.count(text)
    again = time.perf_counter() - t
    row(f"tokens/s, pure-Python path ({len(text) // 1000} KB, cold piece cache)", f"{n / first / 1e6:.2f} M")
    row("tokens/s, pure-Python path (warm piece cache)", f"{n / again / 1e6:.2f} M")
    big = (text * (5_000_000 // len(text) + 1))[:5_000_000]
    fresh._tiktoken()
    t = time.perf_counter()
    n = fresh.count(big)
    row("tokens/s, tiktoken path (5 MB)", f"{n / (time.perf_counter() - t) / 1e6:.2f} M")


def bench_ccr(tmp: Path, full: bool) -> None:
    from engine.ccr import RecordMeta
    from engine.ccr.sqlite import SQLiteStore

    store = SQLiteStore(tmp / "bench-ccr" / "ccr.db", max_bytes=4 << 30)
    meta = RecordMeta("log", "log", 100, 10, "bench")
    small = [os.urandom(512).hex().encode() for _ in range(1000)]
    t = time.perf_counter()
    handles = [store.put(d, meta) for d in small]
    puts = time.perf_counter() - t
    t = time.perf_counter()
    for h in handles:
        store.get(h)
    gets = time.perf_counter() - t
    row("CCR put, 1 KB records", f"{len(small) / puts:,.0f} /s")
    row("CCR get, 1 KB records", f"{len(small) / gets:,.0f} /s")

    def put_get(size: int) -> float:
        data = os.urandom(size)
        t = time.perf_counter()
        got = store.get(store.put(data, meta))
        elapsed = time.perf_counter() - t
        assert got == data
        return elapsed

    ten = statistics.median(put_get(10 << 20) for _ in range(5))
    row("CCR put+get, 10 MB (median of 5)", f"{ten:.3f} s", "<= 0.5 s", "ok" if ten <= 0.5 else "MISSED")
    row("CCR put+get throughput, 10 MB", f"{2 * 10 / ten:,.0f} MB/s")
    if full:
        row("CCR put+get, 100 MB", f"{put_get(100 << 20):.2f} s")
    store.close()


def bench_process(tmp: Path, runs: int) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "CAVEMAN_CCR_DB")}
    env["CAVEMAN_HOME"] = str(tmp / "home")
    inputs = [f"2026-11-30 01:02:{i:02d} INFO request {i} served in {i * 7} ms path=/api/v1/items/{i}\n"
              for i in range(60)]
    payload = "".join(inputs).encode()[:1024]

    def timed(argv: list[str], stdin: bytes) -> tuple[float, float]:
        """Median wall time and median CPU time (user+sys) of the child: on a shared machine the
        CPU time is the steadier figure."""
        subprocess.run(argv, input=stdin, capture_output=True, env=env, cwd=ROOT)  # warm-up
        walls, cpus = [], []
        for i in range(runs):
            data = stdin if not stdin else stdin[:-8] + b"%08d" % i  # new original each run: a real put
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            r = subprocess.run(argv, input=data, capture_output=True, env=env, cwd=ROOT)
            walls.append(time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if r.returncode != 0:
                raise SystemExit(f"{argv} failed: {r.stderr.decode()}")
        return statistics.median(walls), statistics.median(cpus)

    def show(what: str, times: tuple[float, float], target: float | None = None) -> None:
        wall, cpu = times
        verdict = "" if target is None else ("ok" if wall <= target else "MISSED")
        row(what, f"{wall * 1000:.0f} ms", "" if target is None else f"<= {target * 1000:.0f} ms", verdict)
        row(f"  (CPU time of the same)", f"{cpu * 1000:.0f} ms")

    py = sys.executable
    show("process: python -c pass (floor)", timed([py, "-c", "pass"], b""))
    show("process: caveman --version", timed([py, "-m", "caveman_cli", "--version"], b""))
    show(f"process: caveman tools compress, 1 KB, median of {runs}",
         timed([py, "-m", "caveman_cli", "tools", "compress"], payload), 0.150)
    show("process: same, with a compressor that shrinks (counts tokens + CCR put)",
         timed([py, "-c", _COUNTING_MAIN, "tools", "compress"], payload), 0.150)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="process runs per measurement (default 20)")
    parser.add_argument("--full", action="store_true", help="also time a 100 MB put+get")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="caveman-bench-") as name:
        tmp = Path(name)
        print("vocabulary…", file=sys.stderr)
        bench_vocabulary(tmp)
        print("tokens…", file=sys.stderr)
        bench_tokens(tmp)
        print("ccr…", file=sys.stderr)
        bench_ccr(tmp, args.full)
        print("processes…", file=sys.stderr)
        bench_process(tmp, args.runs)
    width = max(len(r[0]) for r in rows)
    print(f"\n{'measure':{width}}  {'value':>12}  {'target':>10}  verdict")
    for what, value, target, verdict in rows:
        print(f"{what:{width}}  {value:>12}  {target:>10}  {verdict}")
    print(f"\n{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
