"""config.log: what configure ran, with each failed test program printed in full.

After every failed probe (`configure: failed program was:`) config.log prints the test program,
and every one opens with the whole confdefs.h so far: each `#define` configure has made, between
`| /* confdefs.h */` and `| /* end confdefs.h.  */`. By the end of a big configure that is
hundreds of lines a probe, repeated for every failed probe, and the final confdefs.h is listed
once more under `## confdefs.h. ##`. Those lines are CONFDEFS: droppable, counted in the marker;
the probe's own program after the end comment (kept whole), its compiler output and `$? = 1` stay.

Most probes pass silently: `checking for stdio.h`, the compile command, `$? = 0`, `result: yes`,
hundreds of times (each compiler-flag probe repeating the whole growing CFLAGS). A probe whose
lines are only its own `configure:N:` steps, every exit status 0, is PROBE_PASSED when its result
is `yes` (the cache-variables section lists each outcome again); with another result (`no`, a
path, a flag, `none needed`, an empty one) only its commands and their `$? = 0` are
PROBE_COMMAND, the checking and result lines are kept. A probe with any other output (a compiler warning, a failed program, a nonzero
status) stays whole.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP
from engine.patterns import CONFIG_LOG_STEP

#: A line of the confdefs.h printed at the head of a failed test program.
CONFDEFS = "confdefs"
HINT = "| /* confdefs.h */"
_END = "| /* end confdefs.h.  */"
#: The lines of a silent configure probe that found what it looked for (`result: yes`).
PROBE_PASSED = "probepassed"
#: The commands (and their `$? = 0`) of a silent probe with another result.
PROBE_COMMAND = "probecommand"
#: Literal a config.log holds, to gate the probe pass.
PROBE_HINT = ": checking "


def mark_confdefs(norm: list[str], cls: list[str], scan: LineScan) -> None:
    n = len(norm)
    for i in sorted(scan.candidates((HINT,), fold_case=False)):
        if norm[i] != HINT:
            continue
        j = i + 1
        while j < n and norm[j].startswith("| ") and norm[j] != _END:
            j += 1
        if j < n and norm[j] == _END:  # only a whole confdefs.h, closed by its end comment
            for k in range(i + 1, j):
                cls[k] = CONFDEFS
            # The probe's own program after it stays whole: two failed programs often differ in
            # one line (`#define _FORTIFY_SOURCE 3` then `2`), which a generic rule would drop
            # as resembling the first.
            j += 1
            while j < n and norm[j].startswith("|"):
                cls[j] = KEEP
                j += 1


def mark_passed_probes(norm: list[str], cls: list[str], scan: LineScan) -> None:
    n = len(norm)
    for i in sorted(scan.candidates((PROBE_HINT,), fold_case=False)):
        step = CONFIG_LOG_STEP.match(norm[i])
        if step is None or not step[1].startswith("checking "):
            continue
        j = i + 1
        while j < n:
            step = CONFIG_LOG_STEP.match(norm[j])
            if step is None or step[1].startswith("checking "):
                break  # other output, or a probe that never printed its result
            said = step[1]
            if said.startswith("result:"):  # `result:` alone: an empty answer (no suffix)
                if said == "result: yes":
                    for k in range(i, j + 1):
                        cls[k] = PROBE_PASSED
                else:  # the question and its answer stay, whatever a generic rule made of them
                    cls[i] = cls[j] = KEEP
                    for k in range(i + 1, j):
                        cls[k] = PROBE_COMMAND
                break
            if said.startswith("$? = ") and said != "$? = 0":
                break
            j += 1
        else:
            continue
        if step is None or not step[1].startswith("result:"):
            # A probe that printed something or failed: its question and the commands up to
            # there stay (the command is what the compiler error is about).
            for k in range(i, min(j + 1, n)):
                if CONFIG_LOG_STEP.match(norm[k]):
                    cls[k] = KEEP
    # Every answer other than `yes` stays, a failed probe's `result: no` after its program too.
    for i in scan.candidates((": result:",), fold_case=False):
        step = CONFIG_LOG_STEP.match(norm[i])
        if step is not None and step[1].startswith("result:") and step[1] != "result: yes":
            cls[i] = KEEP
