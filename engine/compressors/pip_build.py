"""The build backend's output pip quotes when building a wheel fails.

pip prints a failed build's whole output (`╰─> [97 lines of output]` … `[end of output]`) and
toolout keeps that block whole, as it keeps every error block. Most of it is setuptools'
file-by-file steps (`copying x -> build/lib/x`, `writing …`, `running build_py`); the compiler
error, warnings and the failing command sit at its end. The steps are progress: labelled
CHATTER, they are counted in the marker (`N progress lines`), never shown one by one.
`pip install -v` prints the same steps for a build that succeeds: there they are progress too.
"""
from __future__ import annotations

from engine.patterns import PIP_BUILD_STEP

#: Fewer steps in a row than this stay in view (a marker would not be shorter).
MIN_STEPS = 3


#: Build steps start with one of these letters (a cheap test before the regex).
_STEP_INITIALS = frozenset("cwraiC")


def mark_build_steps(norm: list[str], cls: list[str], start: int, end: int, chatter: str = "chatter",
                     only: str | None = None) -> None:
    """Label runs of at least MIN_STEPS build-step lines in norm[start:end] as `chatter`
    (with `only`: just the lines labelled `only`; a run is broken by any other line)."""
    def step(k: int) -> bool:
        s = norm[k]
        return (only is None or cls[k] == only) and s.lstrip()[:1] in _STEP_INITIALS and PIP_BUILD_STEP.match(s) is not None

    k = start
    while k < end:
        if not step(k):
            k += 1
            continue
        j = k
        while j < end and step(j):
            j += 1
        if j - k >= MIN_STEPS:
            for m in range(k, j):
                cls[m] = chatter
        k = j
