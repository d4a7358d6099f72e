"""pre-commit's per-hook verdicts: every hook's result line and the facts under it stay.

`pre-commit run` writes one line per hook, its name padded with dots to its result
(`flake8.......Failed`, `check yaml.....Passed`, `mypy....(no files to check)Skipped`), and under
a failed hook `- hook id: x`, `- exit code: 1`, `- files were modified by this hook`, then the
hook's own output. Those lines repeat word for word from hook to hook, so the generic rules
counted a later hook's `- exit code: 1` or `- files were modified by this hook` as represented
by an earlier one and dropped it: what each hook did is the answer the agent ran it for.
"""
from __future__ import annotations

from engine.compressors.lines import LIST_MAX_ENTRIES, LineScan
from engine.compressors.toolout_scan import KEEP, OTHER
from engine.patterns import PRECOMMIT_HINTS, PRECOMMIT_HOOK_FACT, PRECOMMIT_HOOK_RESULT, SEARCH_HIT


def mark_precommit(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """Keep each hook's result line and the `- key: value` facts under a failed one (asked
    only of the lines holding a result word), and a failed hook's grep-style hits."""
    n = len(norm)
    results = [i for i in sorted(scan.candidates(("Passed", "Failed", "Skipped"), fold_case=False))
               if not in_block[i] and PRECOMMIT_HOOK_RESULT.match(norm[i])]
    for r, i in enumerate(results):
        cls[i] = KEEP
        k = i + 1
        while k < n and PRECOMMIT_HOOK_FACT.match(norm[k]):
            cls[k] = KEEP
            k += 1
        if norm[i].endswith("Failed"):
            _keep_hits(norm, cls, k, results[r + 1] if r + 1 < len(results) else n)


def _keep_hits(norm: list[str], cls: list[str], start: int, end: int) -> None:
    """A failed hook's `path:line: text` hits (a `pygrep` hook's matches, `debug-statements`'
    `path:12:4: pdb imported`) are the findings it failed on: each names its own place, and the
    generic rules dropped some as look-alikes of the others. Lines another rule labelled (a
    linter's thinned findings) keep their label; past LIST_MAX_ENTRIES hits they are thinned."""
    hits = [k for k in range(start, end) if cls[k] == OTHER and SEARCH_HIT.match(norm[k])]
    if len(hits) <= LIST_MAX_ENTRIES:
        for k in hits:
            cls[k] = KEEP


__all__ = ["PRECOMMIT_HINTS", "mark_precommit"]
