"""Throughput of the structured compressors (json, tabular, config) in MB/s, token counting excluded.

    python bench/bench_structured.py            # corpus cases + synthetic inputs (~10 MB JSON)
    python bench/bench_structured.py --quick    # corpus cases + small synthetic inputs
    python bench/bench_structured.py --huge     # also a 50 MB JSON array

Times are process CPU time (the machine is shared; wall time would measure the neighbours), corpus cases are timed best-of-5 (they are small); synthetic inputs best-of-2. Synthetic inputs are
built from a fixed seed, so the figures compare across commits: records with a few anomalies
(errors, outliers, a rare status, a level shift), a package-lock-like map of records, a GitHub
API-like listing (users repeated, hypermedia links, header lists), a CSV of log events and a
YAML map of feature blocks.
"""
from __future__ import annotations

import csv
import glob
import io
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus"

from engine.compressors.config import ConfigCompressor  # noqa: E402
from engine.compressors.json_array import JsonCompressor  # noqa: E402
from engine.compressors.tabular import TabularCompressor  # noqa: E402


def records(n: int, seed: int) -> bytes:
    r = random.Random(seed)
    rows = []
    for i in range(n):
        rows.append({"id": i, "ts": f"2024-05-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00Z", "status": "ok",
                     "region": r.choice(["eu", "us", "apac"]), "latency_ms": r.randint(20, 40) + (60 if i > n * 2 // 3 else 0),
                     "user": {"name": f"user-{r.randint(1, 5000)}", "id": r.randint(1, 10**6), "active": True},
                     "tags": ["alpha", "beta"][: 1 + i % 2], "amount": round(r.uniform(1, 200), 2),
                     "message": "request served from cache layer"})
    for k in range(13, n, max(1, n // 7)):
        rows[k].update(status="failed", message=f"upstream error: connection reset by peer (attempt {k})")
    for _ in range(5):
        rows[r.randrange(n)]["latency_ms"] = 99999
    rows[r.randrange(n)]["status"] = "degraded"
    return json.dumps(rows).encode()


def lockfile(n: int, seed: int) -> bytes:
    r = random.Random(seed)
    names = [f"pkg-{i}" for i in range(n)]
    packages: dict = {"": {"name": "app", "version": "1.0.0",
                           "dependencies": {nm: "^1.0.0" for nm in r.sample(names, 15)}}}
    for nm in names:
        entry = {"version": f"{r.randint(0, 9)}.{r.randint(0, 30)}.{r.randint(0, 9)}",
                 "resolved": f"https://registry.npmjs.org/{nm}/-/{nm}-1.0.0.tgz",
                 "integrity": "sha512-" + "".join(r.choice("abcdefABCDEF0123456789+/") for _ in range(86)) + "==",
                 "dev": r.random() < 0.6, "license": r.choice(["MIT", "MIT", "ISC"])}
        if r.random() < 0.5:
            entry["dependencies"] = {d: f"^{r.randint(1, 9)}.0.0" for d in r.sample(names, r.randint(1, 5))}
        packages["node_modules/" + nm] = entry
    return json.dumps({"name": "app", "lockfileVersion": 3, "packages": packages}, indent=2).encode()


def api_listing(n: int, seed: int) -> bytes:
    r = random.Random(seed)

    def user(i: int) -> dict:
        base = f"https://api.github.com/users/dev{i}"
        return {"login": f"dev{i}", "id": 1000 + i, "url": base, "html_url": f"https://github.com/dev{i}",
                **{f"{k}_url": f"{base}/{k}" for k in ("followers", "gists", "starred", "repos", "events", "orgs")},
                "type": "User", "site_admin": False}
    users = [user(i) for i in range(12)]
    out = []
    for i in range(n):
        assets = [{"url": f"https://api.github.com/repos/o/r/releases/assets/{i * 10 + j}", "id": i * 10 + j,
                   "name": f"pkg-{i}-{j}.tar.gz", "uploader": r.choice(users), "state": "uploaded",
                   "size": r.randint(1000, 99999), "download_count": r.randint(0, 500)} for j in range(r.randint(0, 12))]
        headers = ["Server", "GitHub.com", "Date", f"Tue, 19 Jul 2022 04:{i % 60:02d}:00 GMT",
                   "Content-Type", "application/json; charset=utf-8", "X-GitHub-Request-Id", f"06{i:02X}:23DC",
                   "Cache-Control", "no-cache", "Vary", "Accept-Encoding"]
        out.append({"status": 422 if i % 97 == 5 else 200, "rawHeaders": headers,
                    "data": {"id": i, "tag_name": f"v1.{i}.0", "author": r.choice(users), "assets": assets,
                             "body": "Fixes and improvements. " * r.randint(1, 4)}})
    return json.dumps(out, indent=2).encode()


def table(n: int, seed: int) -> bytes:
    r = random.Random(seed)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["LineId", "Time", "Component", "EventId", "Content", "bytes"])
    for i in range(n):
        event = r.choice(["E1", "E1", "E2", "E3"])
        content = {"E1": f"Invalid user admin{r.randint(0, 500)} from 10.0.{r.randint(0, 255)}.{r.randint(0, 255)}",
                   "E2": f"Failed password for root from 10.1.2.{r.randint(0, 255)} port {r.randint(1000, 65000)} ssh2",
                   "E3": "pam_unix(sshd:session): session opened for user x"}[event]
        writer.writerow([i + 1, f"{i % 24:02d}:{i % 60:02d}:00", f"sshd[{r.randint(1000, 30000)}]", event, content,
                         r.randint(0, 5000)])
    return buf.getvalue().encode()


def features_yaml(n: int) -> bytes:
    blocks = [f"  feature_{i}:\n    enabled: {str(i % 3 == 0).lower()}\n    rollout: {i % 100}\n    owner: team-{i % 5}"
              for i in range(n)]
    return ("service:\n  name: checkout\n" + "\n".join(blocks) + "\n").encode()


def measure(compressor, data: bytes, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        compressor.compress(data)
        best = min(best, time.process_time() - t0)
    return len(data) / 1e6 / best


def main() -> None:
    quick, huge = "--quick" in sys.argv, "--huge" in sys.argv
    json_c, tab_c, cfg_c = JsonCompressor(), TabularCompressor(), ConfigCompressor()
    cases: list[tuple[str, object, bytes, int]] = []
    for kind, compressor in (("json", json_c), ("csv", tab_c), ("config", cfg_c)):
        for path in sorted(glob.glob(str(CORPUS / f"{kind}-*" / "output.raw"))):
            cases.append((Path(path).parent.name, compressor, Path(path).read_bytes(), 5))
    scale = 0.1 if quick else 1.0
    cases += [
        ("synthetic records array", json_c, records(int(41000 * scale), 1), 2),
        ("synthetic package-lock map", json_c, lockfile(int(14000 * scale), 2), 2),
        ("synthetic API listing", json_c, api_listing(int(300 * scale), 3), 2),
        ("synthetic CSV events", tab_c, table(int(60000 * scale), 4), 2),
        ("synthetic YAML features", cfg_c, features_yaml(int(20000 * scale)), 2),
    ]
    if huge:
        cases.append(("synthetic records array (huge)", json_c, records(205000, 5), 1))
    print(f"{'input':38s} {'compressor':20s} {'MB':>7s} {'MB/s':>7s}")
    for name, compressor, data, repeats in cases:
        rate = measure(compressor, data, repeats)
        print(f"{name:38s} {type(compressor).__name__:20s} {len(data) / 1e6:7.2f} {rate:7.1f}", flush=True)


if __name__ == "__main__":
    main()
