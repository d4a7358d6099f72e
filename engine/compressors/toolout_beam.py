"""ExUnit (`mix test`) and EUnit read in context: failure blocks, `--trace` rows, dots rows.

ExUnit prints each failure as `  N) test name (Module)` with its code, left/right values and
stacktrace indented under it: the whole block is kept. `mix test --trace` prints one row per test
(`  * test name (1.2ms) [L#15]`): a passing one is PASS, but a failing test's row looks the same,
so a row whose test has a failure header (anywhere: async output interleaves) is kept; skipped rows are kept, excluded ones are counted
as skipped. A `--trace` module header (`Mod [test/x_test.exs]`) is PASS when every row under it
passed. A row of dots (one per passing test) is PASS. Called only when the text holds `) test `
or `[L#` (toolout.analyse).

EUnit's verbose rows (`  mod: name_test...ok`) are PASS; a `...*failed*` (`*timed out*`,
`*skipped*`) row is kept with its report (the unindented `in function`/`in call from` frames,
the `**error:` term, `output:<<"">>`) up to the next row. Called when the text holds `...`.
"""
from __future__ import annotations

from engine.compressors.toolout_go import SKIPPED
from engine.compressors.toolout_scan import KEEP, PASS, REPEAT
from engine.patterns import EUNIT_ROW, EXUNIT_FAILURE, EXUNIT_MODULE_ROW, EXUNIT_TRACE_ROW

#: What a caller tests the joined text for before calling mark_exunit.
EXUNIT_HINTS = (") test ", "[L#", ") doctest ", ") property ")
#: mix's closing line when `--warnings-as-errors` failed the build: every warning is then an error.
MIX_WARNINGS_AS_ERRORS = "Compilation failed due to warnings while using the --warnings-as-errors option"
#: What a caller tests the joined text for before calling mark_eunit (an EUnit row's ellipsis).
EUNIT_HINT = "..."


def mark_exunit(norm: list[str], cls: list[str], in_block: list[bool], joined: str) -> None:
    n = len(norm)
    failed: set[str] = set()  # `test name` of each failure header
    if ") " in joined:
        i = 0
        while i < n:
            s = norm[i]
            m = EXUNIT_FAILURE.match(s) if s[:1] == " " and ") " in s else None
            if m is None:
                i += 1
                continue
            failed.add(s[s.index(") ") + 2:s.rindex(" (")])
            end = _indented_end(norm, i, len(m.group(1)))
            for k in range(i, end):
                cls[k] = KEEP
                in_block[k] = True
            i = end
    if "[L#" not in joined:
        _mark_dots(norm, cls)
        return
    module = -1  # the --trace module header the rows below belong to
    module_ok = True
    for i, s in enumerate(norm):
        if s[:1] == " " and s.endswith("]") and (m := EXUNIT_TRACE_ROW.match(s)):
            if m["ms"] is not None and s[s.index("* ") + 2:s.rindex(" (", 0, m.start("ms"))] not in failed:
                cls[i] = PASS
                continue
            cls[i] = SKIPPED if m["odd"] == "excluded" else KEEP
            module_ok = module_ok and m["odd"] == "excluded"
        elif s.endswith(".exs]") and EXUNIT_MODULE_ROW.match(s):
            _close_module(cls, module, module_ok)
            module, module_ok = i, True
    _close_module(cls, module, module_ok)
    _mark_dots(norm, cls)


def _close_module(cls: list[str], module: int, ok: bool) -> None:
    if module >= 0:
        cls[module] = PASS if ok else KEEP


def _mark_dots(norm: list[str], cls: list[str]) -> None:
    """A row of `.` only (one per passing test) is PASS; `*` (skipped) and glued warnings stay."""
    for i, s in enumerate(norm):
        if s[:1] == "." and not s.strip("."):
            cls[i] = PASS


def _indented_end(norm: list[str], i: int, base: int) -> int:
    """End of the lines after i indented deeper than `base`, blank lines inside included."""
    n = len(norm)
    j = i + 1
    last = i
    while j < n:
        s = norm[j]
        if s:
            if len(s) - len(s.lstrip()) <= base:
                break
            last = j
        j += 1
    return last + 1


def mark_eunit(norm: list[str], cls: list[str], in_block: list[bool]) -> None:
    n = len(norm)
    i = 0
    while i < n:
        s = norm[i]
        m = EUNIT_ROW.match(s) if s[:1] == " " and "..." in s else None
        if m is None:
            i += 1
            continue
        if m["ok"]:
            cls[i] = PASS
            i += 1
            continue
        end = i + 1
        while end < n and not (norm[end][:1] == " " and "..." in norm[end] and EUNIT_ROW.match(norm[end])) \
                and not norm[end].lstrip().startswith(("[done in ", "=====", "module '")):
            end += 1
        for k in range(i, end):
            cls[k] = KEEP
            in_block[k] = True
        i = end


def keep_warnings_as_errors(cls: list[str], rules: dict[int, str]) -> None:
    """`mix compile --warnings-as-errors` failed: its warnings are the build's errors, so none is
    thinned to a representative (as gcc's `-Werror` diagnostics, which say `error:`, are not).
    Called right after mark_findings, when its REPEAT labels are the findings' only ones."""
    for k, label in enumerate(cls):
        if label == REPEAT:
            cls[k] = KEEP
    rules.clear()
