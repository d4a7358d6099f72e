"""Alcotest (OCaml) read in context: result rows and failure boxes.

Each test prints a row (`  [OK]  group  0  name.`): `[OK]` rows are PASS, the others kept. Each
failure is then reported under a box (`┌───┐ │ [FAIL] group 7 name. │ └───┘`) with its check
(`ASSERT level`, `Expected: …`, `Received: …`, which hold no problem word), the raise backtrace
and where its log was saved, closed by a ` ────` rule: kept whole. Called only when the text
holds `tests run.` (toolout.analyse).
"""
from __future__ import annotations

from engine.compressors.toolout_scan import KEEP, PASS
from engine.patterns import ALCOTEST_ROW

ALCOTEST_HINT = "tests run."
_BOX_TOP = "┌─"


def mark_alcotest(norm: list[str], cls: list[str], in_block: list[bool]) -> None:
    n = len(norm)
    i = 0
    while i < n:
        s = norm[i]
        if s.startswith(_BOX_TOP):
            end = i + 1
            while end < n and not _closing_rule(norm[end]) and not norm[end].startswith(_BOX_TOP):
                end += 1
            end = min(end + 1, n) if end < n and _closing_rule(norm[end]) else end
            for k in range(i, end):
                cls[k] = KEEP
                in_block[k] = True
            i = end
            continue
        if s[:1] in " >" and "[" in s[:4] and (m := ALCOTEST_ROW.match(s)):
            cls[i] = PASS if m["status"] == "OK" else KEEP
        i += 1


def _closing_rule(s: str) -> bool:
    t = s.strip()
    return len(t) >= 20 and not t.strip("─")
