"""Run one line compressor (forced type) over corpus cases: facts in view, token reduction, MB/s.

    python bench/lines_corpus.py TYPE CASE_GLOB [CASE_GLOB ...]
Facts match as in score.py: exact substring, or after stripping ANSI and folding white space.
"""
from __future__ import annotations

import glob
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.compressors.log import LogCompressor  # noqa: E402
from engine.compressors.repetition import RepetitionCompressor  # noqa: E402
from engine.compressors.search import SearchResultCompressor  # noqa: E402
from engine.compressors.terminal import TerminalCompressor  # noqa: E402
from engine.compressors.text import TextCompressor  # noqa: E402
from engine.tokens import O200kCounter  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
CRITICAL = re.compile(
    r"(?i)(error|fail|exception|traceback|fatal|panic|denied|refused|warn|assert|expected|received|"
    r"not found|cannot|can't|unable|invalid|undefined|missing|\bE\s|✗|✖|×|exit (status|code))")
COMPRESSORS = {"log": LogCompressor, "terminal": TerminalCompressor, "search-result": SearchResultCompressor,
               "text": TextCompressor, "repetition": RepetitionCompressor}


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", ANSI.sub("", text)).strip()


def main() -> None:
    kind, globs = sys.argv[1], sys.argv[2:]
    comp = COMPRESSORS[kind]()
    counter = O200kCounter()
    total_before = total_after = facts_all = facts_kept = 0
    show_missing = "-v" in globs
    for case in sorted({c for g in globs if g != "-v" for c in glob.glob(str(CORPUS / g))}):
        raw = Path(case, "output.raw").read_bytes()
        t0 = time.perf_counter()
        out = comp.compress(raw)
        dt = time.perf_counter() - t0
        view = (out if out is not None else raw).decode("utf-8", "replace")
        vn = norm(view)
        facts = [f.strip() for f in Path(case, "facts.txt").read_text().splitlines() if f.strip()]
        missing = [f for f in facts if not (f in view or norm(f) in vn)]
        crit_missing = [f for f in missing if CRITICAL.search(f)]
        before, after = counter.count(raw), counter.count(view.encode())
        total_before += before
        total_after += after
        facts_all += len(facts)
        facts_kept += len(facts) - len(missing)
        print(f"{Path(case).name:40s} {'DECLINE' if out is None else '':7s} tokens {before:7d}->{after:6d} "
              f"({1 - after / before:6.1%})  facts {len(facts) - len(missing)}/{len(facts)}"
              f"  critical-missing {len(crit_missing)}  {len(raw) / 1e6 / max(dt, 1e-9):6.1f} MB/s")
        if show_missing:
            for f in missing:
                print("    MISSING", "CRIT" if CRITICAL.search(f) else "    ", f[:150])
    if total_before:
        print(f"TOTAL tokens {total_before}->{total_after} ({1 - total_after / total_before:.1%})"
              f"  facts {facts_kept}/{facts_all} ({facts_kept / max(1, facts_all):.1%})")


if __name__ == "__main__":
    main()
