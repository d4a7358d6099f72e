#!/usr/bin/env python3
"""Pathological shapes through Engine.compress: every one must stay linear (no regex that
backtracks quadratically on a long line, no pass that rescans a window per line). Prints MB/s
per shape and content type (CPU time, token counting included) and flags any below FLOOR.

    python bench/bench_adversarial.py            # Detect's type, then terminal and log forced
    python bench/bench_adversarial.py --detected # Detect's type only
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ccr import MemoryStore  # noqa: E402
from engine.core import Engine  # noqa: E402
from engine.registry import default_registry  # noqa: E402
from engine.tokens import default_counter  # noqa: E402
from engine.types import ContentType, Mode, Options  # noqa: E402

#: A shape compressed slower than this (MB/s of CPU time) is reported as a suspect.
FLOOR = 0.5


def _lines(make, n: int) -> bytes:  # type: ignore[no-untyped-def]
    return ("\n".join(make(i) for i in range(n)) + "\n").encode()


def shapes() -> dict[str, bytes]:
    rnd = random.Random(1)
    return {
        "spaces-4096": _lines(lambda i: " " * 4096 + "x", 300),
        "indent-staircase": _lines(lambda i: " " * (i % 400) + f"item {i}", 20000),
        "deep-suite-tree": _lines(lambda i: " " * (i % 200) + ("✓ ok" if i % 3 else "describe"), 20000),
        "colons": _lines(lambda i: ":" * 4000, 300),
        "path-colon-findings": _lines(lambda i: "a/" * 1000 + f"x.py:{i}:1: " + "E501 " * 200, 300),
        "equals-rule-failed": _lines(lambda i: "=" * 4000 + " FAILED", 300),
        "at-frames": _lines(lambda i: "    at " + "a." * 1500 + f"(x.js:{i}:1)", 400),
        "traceback-loop": _lines(lambda i: ["Traceback (most recent call last):", f'  File "x.py", line {i}, in f',
                                            "    f()", "RecursionError: x"][i % 4], 200000),
        "brackets": _lines(lambda i: "[" * 3000 + "]" * 1000, 300),
        "quoted-words": _lines(lambda i: "'a' " * 1000, 300),
        "digits-dots": _lines(lambda i: "1." * 2000, 300),
        "long-json-lines": _lines(lambda i: '{"level":"error","msg":"' + "x" * 3000 + '"}', 300),
        "ansi-flood": _lines(lambda i: "\x1b[31m" * 500 + "error" + "\x1b[0m" * 500, 300),
        "cr-redraws": ("".join(f"\r{p}%" for p in range(200000)) + "\n").encode(),
        "tabs": _lines(lambda i: "\t" * 3000 + "error: x", 300),
        "pipe-table": _lines(lambda i: "|" + " a |" * 1000, 300),
        "random-letters": _lines(lambda i: "".join(rnd.choice("abcdef") for _ in range(4000)), 300),
        "assert-lines": _lines(lambda i: "E   " + "assert " * 600, 300),
        "warning-flood": _lines(lambda i: f"src/m{i % 50}.c:{i}:5: warning: unused variable 'v{i}' [-Wunused-variable]",
                                100000),
        "html-nesting": b"<div>" * 50000 + b"x" + b"</div>" * 50000,
        "yaml-deep": _lines(lambda i: "  " * (i % 500) + f"k{i}: v", 20000),
        "csv-ragged": _lines(lambda i: ",".join("x" * (j % 5) for j in range(i % 300)), 20000),
        # two plan arrows make text ask every line whether it is a plan's root node
        "prose-with-arrows": _lines(lambda i: "  -> Seq Scan on t" if i < 2 else "Foo " + "word " * 2000, 200),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--detected", action="store_true", help="only the type Detect gives each shape")
    args = ap.parse_args()
    engine = Engine(default_registry(), default_counter(), MemoryStore())
    forced = [None] if args.detected else [None, ContentType.TERMINAL, ContentType.LOG]
    suspects = 0
    print(f"{'shape':22s} {'type':9s} {'MB':>6s} {'MB/s':>7s}")
    for name, data in shapes().items():
        for ctype in forced:
            start = time.process_time()
            result = engine.compress(data, Options(mode=Mode.COMPRESS, type=ctype))
            rate = len(data) / 1e6 / max(time.process_time() - start, 1e-9)
            slow = rate < FLOOR
            suspects += slow
            print(f"{name:22s} {str(result.content_type):9s} {len(data) / 1e6:6.2f} {rate:7.2f}"
                  + ("  SLOW" if slow else ""), flush=True)
    print(f"{suspects} shapes below {FLOOR} MB/s")


if __name__ == "__main__":
    main()
