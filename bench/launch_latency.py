"""Hook latency and wrap start-up overhead (medians; run from the repository root).

    python bench/launch_latency.py [--runs 20]
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAYLOAD = (ROOT / "fixtures" / "hooks" / "claude_pytest.json").read_bytes()
REFUSED = (ROOT / "fixtures" / "hooks" / "claude_pipe.json").read_bytes()
FAST_HOOK = "import sys; from launch_profiles.hook import main; sys.exit(main('claude'))"


def median_ms(argv: list[str], runs: int, stdin: bytes = b"", env: dict | None = None) -> str:
    """Median wall time, and median CPU time (user+sys), which a busy machine inflates less."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, input=stdin, capture_output=True, cwd=ROOT, env=env, check=False)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return f"{statistics.median(walls):7.1f} ms wall, {statistics.median(cpus):6.1f} ms CPU"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    py = sys.executable
    print(f"python start-up (python -c pass):          {median_ms([py, '-c', 'pass'], runs)}")
    print(f"caveman hook claude, rewrite:               {median_ms([py, '-m', 'caveman_cli', 'hook', 'claude'], runs, PAYLOAD)}")
    print(f"caveman hook claude, refusal:               {median_ms([py, '-m', 'caveman_cli', 'hook', 'claude'], runs, REFUSED)}")
    print(f"hook logic without the CLI (no typer):      {median_ms([py, '-c', FAST_HOOK], runs, PAYLOAD)}")
    with tempfile.TemporaryDirectory() as tmp:
        fake = Path(tmp) / "claude"
        fake.write_text("#!/bin/sh\nexit 0\n")
        fake.chmod(0o755)
        env = {**os.environ, "PATH": f"{tmp}:{os.environ['PATH']}", "HOME": tmp}
        print(f"agent started directly:                    {median_ms([str(fake), '-p', 'x'], runs, env=env)}")
        print(f"caveman wrap claude (same agent):          "
              f"{median_ms([py, '-m', 'caveman_cli', 'wrap', 'claude', '-p', 'x'], runs, env=env)}")


if __name__ == "__main__":
    main()
