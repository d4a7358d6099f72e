"""pip's debug log (`pip install -v` / `-vv`): counted, not shown.

With `-vv` pip logs every candidate file it considers: `Skipping link: none of the wheel's tags
(cp27-cp27m-win_amd64) are compatible …: URL` and `Found link URL (from …), version: 2.0.0`, a
few hundred to thousands per package, each holding a different URL, so no repetition rule
elides them; around them sit its index, cache and build-tracker lines (`Fetched page`, `Looking
up "…" in the cache`, `Created temporary directory: …`). A chained `pip install -vv … && pytest`
of 13,000 lines was more than 90% of these and passed through whole. They are DEBUG_LINE,
droppable and named in the marker; pip's `Collecting`, `Processing`, `Successfully installed`,
its warnings and errors, and the build backend's output go by the other rules.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import OTHER
from engine.patterns import PIP_DEBUG_LINE, PIP_DEBUG_WORDS

#: A pip debug line (see the module's docstring).
DEBUG_LINE = "pipdebug"
#: pip -vv writes one of these on nearly every candidate; a run without either is no pip -v log.
HINTS = ("Skipping link: ", "Found link ")


def mark_pip_debug(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """Label pip's debug lines (only lines still OTHER: a line another rule kept stays kept)."""
    for i in scan.candidates(PIP_DEBUG_WORDS, fold_case=False):
        if cls[i] == OTHER and PIP_DEBUG_LINE.match(norm[i]) is not None:
            cls[i] = DEBUG_LINE
