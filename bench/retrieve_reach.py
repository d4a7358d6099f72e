#!/usr/bin/env python3
"""How well query narrowing answers the questions agents ask: for every corpus case and every
fact in its facts.txt, does narrow(original, fact) hold the fact, and is it smaller?

  python bench/retrieve_reach.py [CORPUS_DIR] [-v]

Matching is the scorer's (score.py): the fact verbatim, or after colour codes are stripped and
white space folded.
"""
from __future__ import annotations

import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.patterns import ANSI  # noqa: E402
from engine.retrieve_query import narrow_view  # noqa: E402


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", ANSI.sub("", text)).strip()


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
    root = Path(args[0]) if args else Path(__file__).resolve().parents[2] / "shared" / "corpus"
    total = contained = smaller = 0
    started = time.perf_counter()
    for case in sorted(p.parent for p in root.rglob("output.raw")):
        facts_file = case / "facts.txt"
        if not facts_file.exists():
            continue
        original = (case / "output.raw").read_bytes()
        facts = [f for f in facts_file.read_text("utf-8").splitlines() if f.strip()]
        kind = ""
        c_ok = s_ok = 0
        for fact in facts:
            view = narrow_view(original, fact)
            text = view.output.decode("utf-8", "replace")
            has = fact in text or normalise(fact) in normalise(text)
            small = len(view.output) < len(original)
            kind = view.unit_kind
            c_ok += has
            s_ok += small
            if verbose and not (has and small):
                print(f"    {'MISSING' if not has else 'full'}: {fact[:100]!r} ({view.reason})")
        total += len(facts)
        contained += c_ok
        smaller += s_ok
        print(f"{case.name:42} {kind:12} facts {len(facts):3}  contained {c_ok:3}  smaller {s_ok:3}")
    print(f"\n{total} queries: contained {contained} ({contained / total:.1%}), "
          f"smaller {smaller} ({smaller / total:.1%}) in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
