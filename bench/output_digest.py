"""Digest of every compressor's output on the corpus, the fixtures and the synthetic benchmark
inputs: a speed change must leave these bytes alone.

    python bench/output_digest.py > /tmp/before.txt      # on the old code
    python bench/output_digest.py > /tmp/after.txt       # on the new code
    diff /tmp/before.txt /tmp/after.txt                  # no output: no output changed

Each input runs through the compressor Detect picks (after the listing gutter is stripped, as the
engine does) and through each of log, terminal, json, search-result and text forced, with and
without a query. One line per (input, compressor, query): the output's sha256 prefix and length,
or `declined`.
"""
from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_throughput import SYNTHETIC  # noqa: E402

from engine import listing  # noqa: E402
from engine.detect import detect  # noqa: E402
from engine.registry import default_registry  # noqa: E402
from engine.types import ContentType  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
FORCED = (ContentType.LOG, ContentType.TERMINAL, ContentType.JSON, ContentType.SEARCH, ContentType.TEXT)
QUERY = "error timeout"


def inputs() -> list[tuple[str, bytes]]:
    found = [(p.parent.name, p.read_bytes()) for p in sorted(CORPUS.glob("*/output.raw"))]
    found += [(str(p.relative_to(ROOT)), p.read_bytes())
              for p in sorted((ROOT / "fixtures").rglob("*")) if p.is_file() and p.suffix != ".toml"]
    found += [(f"synthetic-{ctype}", make(1_000_000, random.Random(7))) for ctype, make in SYNTHETIC.items()]
    return found


def digest(out: bytes | None) -> str:
    return "declined" if out is None else f"{hashlib.sha256(out).hexdigest()[:16]} {len(out)}"


def main() -> None:
    registry = default_registry()
    for name, data in inputs():
        body = listing.unwrap(data).body
        detected = detect(body)
        for ctype in dict.fromkeys((detected, *FORCED)):
            compressor = registry.get(ctype)
            if compressor is None:
                continue
            print(name, ctype, "-", digest(compressor.compress(body)))
            with_query = getattr(compressor, "compress_query", None)
            if with_query is not None:
                print(name, ctype, "q", digest(with_query(body, QUERY)))


if __name__ == "__main__":
    main()
