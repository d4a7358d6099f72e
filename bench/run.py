#!/usr/bin/env python3
"""caveman's numbers in one command: `python bench/run.py [--quick] [--json FILE]`.

Prints one table per measurement, token counts labelled `inferred` (o200k_base, counted
locally), with the machine and date alongside:
  * per content type on ../shared/corpus (when present): tokens before/after, facts kept in view;
  * compress throughput per content type (token counting excluded; median of 5 warm passes);
  * shrink: whole-process overhead on `true`, end-to-end throughput;
  * vocabulary load time (cold and cached);
  * peak memory of `caveman tools shrink` on a 200 MB output (50 MB with --quick).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus"
CAVEMAN = [sys.executable, "-m", "caveman_cli"]
_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", _ANSI.sub("", text)).strip()


def fact_kept(fact: str, view: str, view_norm: str) -> bool:
    return fact in view or normalise(fact) in view_norm


def table(title: str, header: list[str], rows: list[list[object]]) -> None:
    cells = [header] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    print(f"\n## {title}")
    for n, r in enumerate(cells):
        print("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))))
        if n == 0:
            print("  ".join("-" * w for w in widths))


def corpus_figures(engine, counter) -> dict:  # type: ignore[no-untyped-def]
    from engine.types import Mode, Options

    if not CORPUS.is_dir():
        print(f"\n## corpus\n(skipped: {CORPUS} is not present)")
        return {}
    by_type: dict[str, dict[str, float]] = {}
    for case in sorted(p for p in CORPUS.iterdir() if (p / "output.raw").exists()):
        raw = (case / "output.raw").read_bytes()
        facts = [f for f in (case / "facts.txt").read_text("utf-8").splitlines() if f.strip()]
        start = time.perf_counter()
        result = engine.compress(raw, Options(mode=Mode.COMPRESS))
        elapsed = time.perf_counter() - start
        view = result.output.decode("utf-8", "replace")
        norm = normalise(view)
        t = by_type.setdefault(str(result.content_type), {"cases": 0, "before": 0, "after": 0, "facts": 0,
                                                           "kept": 0, "bytes": 0, "seconds": 0.0})
        t["cases"] += 1
        t["before"] += result.tokens_before or counter.count(raw)
        t["after"] += result.tokens_after or counter.count(raw)
        t["facts"] += len(facts)
        t["kept"] += sum(fact_kept(f, view, norm) for f in facts)
        t["bytes"] += len(raw)
        t["seconds"] += elapsed
    rows = []
    tot = {"before": 0, "after": 0, "facts": 0, "kept": 0}
    for name, t in sorted(by_type.items()):
        for k in tot:
            tot[k] += t[k]
        rows.append([name, int(t["cases"]), f"{int(t['before']):,}", f"{int(t['after']):,}",
                     f"{1 - t['after'] / t['before']:.1%}" if t["before"] else "-", f"{t['kept'] / t['facts']:.1%}"])
    rows.append(["all", sum(int(t["cases"]) for t in by_type.values()), f"{tot['before']:,}", f"{tot['after']:,}",
                 f"{1 - tot['after'] / tot['before']:.1%}", f"{tot['kept'] / tot['facts']:.1%}"])
    table("corpus: tokens (o200k_base, inferred) and facts kept in view, by detected type",
          ["type", "cases", "before", "after", "saved", "facts in view"], rows)
    return by_type


#: Timed passes over the corpus per type (after one warm-up pass); their median is reported.
THROUGHPUT_RUNS = 5


def throughput(registry) -> list[list[object]]:  # type: ignore[no-untyped-def]
    """Compressor MB/s per type on the corpus, token counting excluded: steady state (start-up
    costs are the shrink overhead figure's)."""
    from engine import detect as detect_mod
    from engine import listing

    rows = []
    if not CORPUS.is_dir():
        return rows
    work: dict[str, list[bytes]] = {}
    for case in sorted(p for p in CORPUS.iterdir() if (p / "output.raw").exists()):
        raw = (case / "output.raw").read_bytes()
        body = listing.unwrap(raw).body
        work.setdefault(str(detect_mod.detect(body)), []).append(body)
    for name, bodies in sorted(work.items()):
        from engine.types import ContentType

        compressor = registry.get(ContentType(name))
        if compressor is None:
            continue
        size = sum(len(b) for b in bodies)
        for b in bodies:  # warm up: lazy patterns compile and grammars load once per process
            compressor.compress(b)
        # CPU time of this process: steadier than wall time on a shared machine; the median of
        # THROUGHPUT_RUNS passes, as one pass moves by 15% from run to run
        passes = []
        for _ in range(THROUGHPUT_RUNS):
            start = time.process_time()
            for b in bodies:
                compressor.compress(b)
            passes.append(time.process_time() - start)
        elapsed = statistics.median(passes)
        rows.append([name, f"{size / 1e6:.2f}", f"{size / 1e6 / elapsed:.1f}" if elapsed else "-"])
    table("compress throughput (token counting excluded; CPU time)", ["type", "MB", "MB/s"], rows)
    return rows


def median_seconds(argv: list[str], runs: int, env: dict[str, str]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def shrink_figures(env: dict[str, str], big_mb: int, runs: int) -> dict:
    true_bin = shutil.which("true") or "/bin/true"
    base = median_seconds([true_bin], runs, env)
    wrapped = median_seconds(CAVEMAN + ["tools", "shrink", "--", true_bin], runs, env)
    rows = [["`true` alone", f"{base * 1000:.1f} ms"], ["`caveman tools shrink -- true`", f"{wrapped * 1000:.1f} ms"],
            ["overhead (median)", f"{(wrapped - base) * 1000:.1f} ms"]]
    figures = {"true_ms": base * 1000, "shrink_true_ms": wrapped * 1000}
    gen = f"import sys\nline = b'2026-01-01T00:00:00Z INFO worker processed item ' + b'x' * 40\nn = {big_mb} * 1024 * 1024 // 88\n" \
          "out = sys.stdout.buffer\nfor i in range(n):\n    out.write(line + b' %08d\\n' % i)\nout.write(b'ERROR: the one line that matters\\n')\n"
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
        fh.write(gen)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    proc = subprocess.run(CAVEMAN + ["tools", "shrink", "--json", "--", sys.executable, fh.name],
                          stdin=subprocess.DEVNULL, capture_output=True, env=env)
    elapsed = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    os.unlink(fh.name)
    try:
        report = json.loads(proc.stdout)
        kept = "ERROR: the one line that matters" in report.get("output", "")
    except ValueError:
        report, kept = {}, False
    rows += [[f"shrink of a {big_mb} MB output", f"{elapsed:.1f} s ({big_mb / elapsed:.1f} MB/s end to end)"],
             ["peak RSS (largest child process)", f"{max(peak_kb, before) / 1024:.0f} MB"],
             ["the error line in the view", "yes" if kept else "NO"]]
    table("shrink", ["measurement", "value"], rows)
    figures.update({"big_mb": big_mb, "big_seconds": elapsed, "peak_rss_mb": peak_kb / 1024, "error_kept": kept})
    return figures


def vocabulary_figures() -> dict:
    from engine.tokens import O200kCounter

    with tempfile.TemporaryDirectory() as cache:
        cold = O200kCounter(Path(cache))
        start = time.perf_counter()
        cold.count(b"warm up")
        cold_s = time.perf_counter() - start
        warm = O200kCounter(Path(cache))
        start = time.perf_counter()
        warm.count(b"warm up")
        warm_s = time.perf_counter() - start
    table("o200k_base vocabulary load", ["load", "seconds"], [["cold (parse + cache)", f"{cold_s:.3f}"],
                                                              ["cached", f"{warm_s:.3f}"]])
    return {"cold_s": cold_s, "cached_s": warm_s}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer runs, a 50 MB output instead of 200 MB")
    ap.add_argument("--json", help="also write every figure to this file")
    args = ap.parse_args()

    from engine import Engine, default_registry
    from engine.ccr import MemoryStore
    from engine.tokens import O200kCounter

    print(f"# caveman benchmark · {datetime.date.today().isoformat()} · {os.cpu_count()} cores · "
          f"Python {platform.python_version()} · {platform.machine()} · tokens o200k_base, inferred")
    home = tempfile.mkdtemp(prefix="caveman-bench-")
    env = dict(os.environ, CAVEMAN_HOME=home)
    counter = O200kCounter(Path(home) / "cache")
    registry = default_registry()
    engine = Engine(registry, counter, MemoryStore())
    figures = {"vocabulary": vocabulary_figures(), "corpus": corpus_figures(engine, counter)}
    figures["throughput"] = throughput(registry)
    figures["shrink"] = shrink_figures(env, 50 if args.quick else 200, 5 if args.quick else 15)
    shutil.rmtree(home, ignore_errors=True)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
