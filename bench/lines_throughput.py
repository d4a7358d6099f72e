"""Throughput of the line compressors (MB/s of CPU time, best of 5: the machine is shared) on the corpus kinds they serve.

    python bench/lines_throughput.py            # with toolout.must_keep as it is
    python bench/lines_throughput.py --no-toolout   # our own work only
"""
from __future__ import annotations

import glob
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.compressors import toolout  # noqa: E402

if "--no-toolout" in sys.argv:
    toolout.must_keep = lambda lines: [False] * len(lines)

from engine.compressors.log import LogCompressor  # noqa: E402
from engine.compressors.search import SearchResultCompressor  # noqa: E402
from engine.compressors.terminal import TerminalCompressor  # noqa: E402
from engine.compressors.text import TextCompressor  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
RUNS = [(LogCompressor, "log-*"), (TerminalCompressor, "pytest-*"), (TerminalCompressor, "jest-*"),
        (TerminalCompressor, "lint-*"), (TerminalCompressor, "build-*"), (SearchResultCompressor, "search-*"),
        (TextCompressor, "html-*")]

for cls, pattern in RUNS:
    raw = b"".join(Path(f).read_bytes() for f in sorted(glob.glob(str(CORPUS / pattern / "output.raw"))))
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        cls().compress(raw)
        best = min(best, time.process_time() - t0)
    print(f"{cls.__name__:24s} {pattern:10s} {len(raw) / 1e6:6.2f} MB  {len(raw) / 1e6 / best:6.1f} MB/s")
