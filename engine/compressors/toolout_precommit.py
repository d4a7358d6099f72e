"""pre-commit's per-hook verdicts: every hook's result line and the facts under it stay.

`pre-commit run` writes one line per hook, its name padded with dots to its result
(`flake8.......Failed`, `check yaml.....Passed`, `mypy....(no files to check)Skipped`), and under
a failed hook `- hook id: x`, `- exit code: 1`, `- files were modified by this hook`, then the
hook's own output. Those lines repeat word for word from hook to hook, so the generic rules
counted a later hook's `- exit code: 1` or `- files were modified by this hook` as represented
by an earlier one and dropped it: what each hook did is the answer the agent ran it for.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP
from engine.patterns import PRECOMMIT_HINTS, PRECOMMIT_HOOK_FACT, PRECOMMIT_HOOK_RESULT


def mark_precommit(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """Keep each hook's result line and the `- key: value` facts under a failed one (asked
    only of the lines holding a result word)."""
    n = len(norm)
    for i in sorted(scan.candidates(("Passed", "Failed", "Skipped"), fold_case=False)):
        if in_block[i] or not PRECOMMIT_HOOK_RESULT.match(norm[i]):
            continue
        cls[i] = KEEP
        k = i + 1
        while k < n and PRECOMMIT_HOOK_FACT.match(norm[k]):
            cls[k] = KEEP
            k += 1


__all__ = ["PRECOMMIT_HINTS", "mark_precommit"]
