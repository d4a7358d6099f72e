#!/usr/bin/env python3
"""Start-up of `caveman mcp`: wall time from spawning the server to its `initialize` response,
measured with the SDK's own stdio client.   python bench/mcp_startup.py [RUNS]"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

ROOT = Path(__file__).resolve().parent.parent


async def one(home: str) -> float:
    params = StdioServerParameters(command=sys.executable, args=["-m", "caveman_cli", "mcp"],
                                   env=dict(os.environ, CAVEMAN_HOME=home), cwd=str(ROOT))
    started = time.perf_counter()
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            return time.perf_counter() - started


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as home:
        times = [anyio.run(one, home) for _ in range(runs)]
    print(f"spawn → initialize over {runs} runs: median {statistics.median(times):.3f} s, "
          f"min {min(times):.3f} s, max {max(times):.3f} s")


if __name__ == "__main__":
    main()
