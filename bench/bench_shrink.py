#!/usr/bin/env python3
"""Measure `caveman tools shrink`: start-up overhead, resolver throughput, end-to-end MB/s and
peak RSS on large outputs. Run from the repository root:

    python bench/bench_shrink.py [--quick] [--sizes 10,50,200] [--runs 15]
    python bench/bench_shrink.py --only-sizes --sizes 200 --modes json   # one large run + retrieve

Targets (issue 4): overhead of `shrink -- true` over `true` (median) ≤ 120 ms; resolver ≥ 30 MB/s
on line output; peak RSS ≤ 300 MB at 200 MB of output.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shrink.screen import LineResolver  # noqa: E402

CAVEMAN = [sys.executable, "-m", "caveman_cli"]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.setdefault("CAVEMAN_HOME", tempfile.mkdtemp(prefix="caveman-bench-"))
    return env


def _wall(argv: list[str], env: dict[str, str]) -> float:
    return _timed(argv, env)[0]


def _timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its children): CPU time barely moves
    with the load of a shared machine, wall time does."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env, cwd=ROOT, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def overhead(runs: int) -> None:
    env = _env()
    _wall(CAVEMAN + ["tools", "shrink", "--", "true"], env)  # warm caches
    base, full, cpu = [], [], []
    for _ in range(runs):  # interleaved, so load on a shared machine hits both alike
        base.append(_wall(["true"], env))
        wall, used = _timed(CAVEMAN + ["tools", "shrink", "--", "true"], env)
        full.append(wall)
        cpu.append(used)
    b, f = statistics.median(base) * 1000, statistics.median(full) * 1000
    load = os.getloadavg()[0]
    print(f"overhead: `true` {b:.1f} ms, `caveman tools shrink -- true` {f:.1f} ms, "
          f"overhead {f - b:.1f} ms (median of {runs}; target ≤ 120 ms); CPU {statistics.median(cpu) * 1000:.0f} ms; "
          f"load average {load:.1f} on {os.cpu_count()} cores")


def _line_capture(megabytes: int, kind: str) -> bytes:
    lines = []
    for i in range(20_000):
        if kind == "plain":
            lines.append(f"2026-11-30 01:00:{i % 60:02d} INFO worker-{i % 7} processed batch {i} in {i % 97} ms")
        elif kind == "colour":
            lines.append(f"\x1b[32mPASSED\x1b[0m tests/test_mod_{i % 50}.py::test_case_{i} \x1b[2m[{i % 100:3d}%]\x1b[0m")
        else:  # progress: a CR-redrawn bar every line
            lines.append(f"\r{i % 100:3d}%|{'#' * (i % 10)}{' ' * (10 - i % 10)}| {i}/20000\rstep {i} done")
    block = ("\r\n".join(lines) + "\r\n").encode()
    return block * max(1, (megabytes << 20) // len(block))


def resolver_throughput(megabytes: int) -> None:
    for kind in ("plain", "colour", "progress"):
        data = _line_capture(megabytes, kind)
        sink_bytes = 0

        def sink(piece: bytes) -> None:
            nonlocal sink_bytes
            sink_bytes += len(piece)

        lr = LineResolver(sink)
        started = time.perf_counter()
        for i in range(0, len(data), 65536):  # the pty's read size
            lr.feed(data[i:i + 65536])
        lr.finish()
        elapsed = time.perf_counter() - started
        print(f"resolver ({kind:8}): {len(data) / elapsed / 1e6:6.1f} MB/s on {len(data) / 1e6:.0f} MB "
              f"-> {sink_bytes / 1e6:.0f} MB transcript (target ≥ 30 MB/s on line output)")


def _measured(argv: list[str], env: dict[str, str], stdout) -> tuple[subprocess.CompletedProcess, float, float]:
    """Run under /usr/bin/time: (result, peak RSS in MB, wall seconds)."""
    r = subprocess.run(["/usr/bin/time", "-f", "%M %e", *argv], stdin=subprocess.DEVNULL, stdout=stdout,
                       stderr=subprocess.PIPE, env=env, cwd=ROOT)
    rss_kb, wall = r.stderr.decode().strip().splitlines()[-1].split()
    return r, int(rss_kb) / 1024, float(wall)


def end_to_end(sizes: list[int], modes: list[str]) -> None:
    """shrink on a log of each size with one ERROR line in the middle: MB/s, peak RSS, exit code,
    whether the error line is in the view; then retrieve of the handle (byte-exact, peak RSS)."""
    import hashlib
    import json

    env = _env()
    block = "".join(f"2026-11-30 01:00:{i % 60:02d} INFO worker-{i % 7} processed batch {i} in {i % 97} ms\n"
                    for i in range(10_000)).encode()
    with tempfile.TemporaryDirectory() as tmp:
        for mb in sizes:
            path = Path(tmp) / f"out{mb}.log"
            count = (mb << 20) // len(block)
            digest = hashlib.sha256()
            with path.open("wb") as fh:
                for j in range(count):
                    fh.write(block)
                    digest.update(block)
                    if j == count // 2:
                        line = b"ERROR worker-3 crashed: disk full at batch 123456\n"
                        fh.write(line)
                        digest.update(line)
            size = path.stat().st_size
            for mode in modes:
                flags = {"raw": ["--raw"], "json": ["--json"], "view": []}[mode]
                argv = [*CAVEMAN, "tools", "shrink", *flags, "--", "sh", "-c", 'cat "$1"; exit 1', "sh", str(path)]
                r, rss, wall = _measured(argv, env, subprocess.PIPE)
                kept = b"ERROR worker-3 crashed: disk full" in r.stdout
                print(f"end-to-end {mb:4d} MB {mode:5}: {size / wall / 1e6:6.1f} MB/s, {wall:6.2f} s, "
                      f"peak RSS {rss:6.0f} MB, exit {r.returncode}, stdout {len(r.stdout):,} bytes, "
                      f"error line in view: {'yes' if kept else 'NO'}", flush=True)
                if mode != "json":
                    continue
                handle = json.loads(r.stdout).get("handle")
                if not handle:
                    print(f"retrieve   {mb:4d} MB      : no handle (passed through)")
                    continue
                back = Path(tmp) / "back"
                with back.open("wb") as out:
                    got, rss, wall = _measured([*CAVEMAN, "tools", "retrieve", handle], env, out)
                same = hashlib.sha256(back.read_bytes()).digest() == digest.digest()
                back.unlink()
                print(f"retrieve   {mb:4d} MB      : {size / wall / 1e6:6.1f} MB/s, {wall:6.2f} s, peak RSS {rss:6.0f} MB,"
                      f" exit {got.returncode}, byte-exact: {'yes' if same else 'NO'}", flush=True)
            path.unlink()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--sizes", default="10,50,200")
    ap.add_argument("--resolver-mb", type=int, default=20)
    ap.add_argument("--modes", default="raw,json,view", help="end-to-end modes: raw, json, view")
    ap.add_argument("--only-sizes", action="store_true", help="end-to-end figures only")
    ap.add_argument("--quick", action="store_true", help="fewer runs, 10 MB only")
    args = ap.parse_args()
    sizes = [10] if args.quick else [int(s) for s in args.sizes.split(",") if s]
    if not args.only_sizes:
        overhead(5 if args.quick else args.runs)
        resolver_throughput(5 if args.quick else args.resolver_mb)
    end_to_end(sizes, [m for m in args.modes.split(",") if m])


if __name__ == "__main__":
    main()
