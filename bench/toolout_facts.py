#!/usr/bin/env python3
"""How well toolout.must_keep keeps the facts of real test, build, lint and install outputs.

For each corpus case of those kinds: strip ANSI and resolve CR redraws the way score.py's
clean_view does, classify the lines, and report the share of lines kept and whether every
critical fact (score.py's CRITICAL regex) and every other fact lies on a kept line. Also checks
is_tool_output on every case (positives: these kinds; negatives: all others).

  python bench/toolout_facts.py [--corpus DIR] [--missing]
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.compressors import toolout  # noqa: E402
from engine.terminal_text import clean_line  # noqa: E402
from engine.tokens import default_counter  # noqa: E402

SHARED = Path("/work/shared")
TOOL_KINDS = {"pytest", "build", "compiler", "lint", "install"}
CRITICAL = re.compile(
    r"(?i)(error|fail|exception|traceback|fatal|panic|denied|refused|warn|assert|expected|received|"
    r"not found|cannot|can't|unable|invalid|undefined|missing|\bE\s|✗|✖|×|exit (status|code))"
)


def clean_lines(raw: bytes) -> list[str]:
    """score.py's clean_view: colours gone, each CR-redrawn line at its last frame, \\b applied."""
    text = raw.decode("utf-8", errors="replace").replace("\r\n", "\n")
    return [clean_line(line) for line in text.split("\n")]


def simulated_view(lines: list[str], analysis: toolout.Analysis) -> str:
    """KEEP and OTHER lines shown (OTHER is an upper bound: the terminal compressor may still
    fold it), every droppable run of 3+ lines replaced by its marker with run_summary."""
    out: list[str] = []
    cls = analysis.classes
    i, n = 0, len(lines)
    while i < n:
        if cls[i] not in toolout.DROPPABLE:
            out.append(lines[i])
            i += 1
            continue
        j = i
        while j < n and cls[j] in toolout.DROPPABLE:
            j += 1
        if j - i >= 3:
            out.append(f"… {j - i} lines elided (caveman): {toolout.run_summary(analysis, i, j)} …")
        else:
            out.extend(lines[i:j])
        i = j
    return "\n".join(out)


def fold(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=str(SHARED / "corpus"))
    ap.add_argument("--missing", action="store_true", help="print the facts not on kept lines")
    args = ap.parse_args()
    cases = sorted(p.parent for p in Path(args.corpus).glob("*/output.raw"))
    tot = {"lines": 0, "kept": 0, "crit": 0, "crit_kept": 0, "facts": 0, "facts_kept": 0, "tokens": 0, "view": 0}
    counter = default_counter()
    print(f"{'case':36} {'lines':>6} {'kept':>6} {'share':>6} {'droppable':>9} critical   all-facts"
          f" {'tokens':>7} {'view':>6} {'cut':>6}")
    detect_bad = []
    for case in cases:
        kind = (case / "kind").read_text().strip()
        raw = (case / "output.raw").read_bytes()
        if toolout.is_tool_output(raw.decode("utf-8", "replace")) != (kind in TOOL_KINDS):
            detect_bad.append(f"{case.name} ({kind})")
        if kind not in TOOL_KINDS:
            continue
        lines = clean_lines(raw)
        analysis = toolout.analyse(lines)
        cls = analysis.classes
        before = counter.count("\n".join(lines))
        after = counter.count(simulated_view(lines, analysis))
        tot["tokens"] += before
        tot["view"] += after
        kept_view = [fold(l) for l, c in zip(lines, cls) if c == toolout.KEEP]
        facts = [f for f in (case / "facts.txt").read_text("utf-8").splitlines() if f.strip()]
        crit = [f for f in facts if CRITICAL.search(f)]
        missing = [f for f in facts if not any(fold(f) in k for k in kept_view)]
        crit_missing = [f for f in missing if f in crit]
        n_kept = sum(c == toolout.KEEP for c in cls)
        n_drop = sum(c in toolout.DROPPABLE for c in cls)
        print(f"{case.name[:36]:36} {len(lines):6} {n_kept:6} {n_kept / max(1, len(lines)):6.1%} "
              f"{n_drop / max(1, len(lines)):9.1%} {len(crit) - len(crit_missing):3}/{len(crit):<3}    "
              f"{len(facts) - len(missing):3}/{len(facts):<3}  {before:7} {after:6} {1 - after / before:6.1%}")
        if args.missing:
            for f in missing:
                print(f"    {'CRIT ' if f in crit else 'fact '}missing: {f[:110]}")
        tot["lines"] += len(lines)
        tot["kept"] += n_kept
        tot["crit"] += len(crit)
        tot["crit_kept"] += len(crit) - len(crit_missing)
        tot["facts"] += len(facts)
        tot["facts_kept"] += len(facts) - len(missing)
    print(f"{'TOTAL':36} {tot['lines']:6} {tot['kept']:6} {tot['kept'] / tot['lines']:6.1%} {'':9} "
          f"{tot['crit_kept']:3}/{tot['crit']:<3}    {tot['facts_kept']:3}/{tot['facts']:<3}  "
          f"{tot['tokens']:7} {tot['view']:6} {1 - tot['view'] / tot['tokens']:6.1%}")
    print("is_tool_output wrong on:", ", ".join(detect_bad) if detect_bad else "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
