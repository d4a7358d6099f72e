"""The build backend's output pip quotes when building a wheel fails.

pip prints a failed build's whole output (`╰─> [97 lines of output]` … `[end of output]`) and
toolout keeps that block whole, as it keeps every error block. Most of it is setuptools'
file-by-file steps (`copying x -> build/lib/x`, `writing …`, `running build_py`); the compiler
error, warnings and the failing command sit at its end. The steps are progress: labelled
CHATTER, they are counted in the marker (`N progress lines`), never shown one by one.
`pip install -v` prints the same steps for a build that succeeds: there they are progress too.
"""
from __future__ import annotations

from collections.abc import Iterable

from engine.patterns import PIP_BUILD_STEP

#: Fewer steps in a row than this stay in view (a marker would not be shorter).
MIN_STEPS = 3


#: Build steps start with one of these letters (a cheap test before the regex).
_STEP_INITIALS = frozenset("cwraiC")
#: Every build step holds one of these words (PIP_BUILD_STEP's alternatives start with them):
#: a caller with a LineScan finds the candidate lines with them.
STEP_WORDS = ("copying ", "creating ", "running ", "writing ", "reading manifest ", "adding ", "removing ",
              "installing to ", "Copying ")


def mark_build_steps(norm: list[str], cls: list[str], start: int, end: int, chatter: str = "chatter",
                     only: str | None = None, candidates: Iterable[int] | None = None) -> None:
    """Label runs of at least MIN_STEPS build-step lines in norm[start:end] as `chatter`
    (with `only`: just the lines labelled `only`; a run is broken by any other line). With
    `candidates` (the lines holding a STEP_WORD), only those lines are read."""
    def step(k: int) -> bool:
        s = norm[k]
        return (only is None or cls[k] == only) and s.lstrip()[:1] in _STEP_INITIALS and PIP_BUILD_STEP.match(s) is not None

    run: list[int] = []
    for k in sorted(candidates) if candidates is not None else range(start, end):
        if not start <= k < end:
            continue
        if run and k != run[-1] + 1:
            _label(cls, run, chatter)
            run = []
        if step(k):
            run.append(k)
        elif run:
            _label(cls, run, chatter)
            run = []
    _label(cls, run, chatter)


def _label(cls: list[str], run: list[int], chatter: str) -> None:
    if len(run) >= MIN_STEPS:
        for k in run:
            cls[k] = chatter
