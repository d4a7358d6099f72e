"""The build backend's output pip quotes when building a wheel fails.

pip prints a failed build's whole output (`╰─> [97 lines of output]` … `[end of output]`) and
toolout keeps that block whole, as it keeps every error block. Most of it is setuptools'
file-by-file steps (`copying x -> build/lib/x`, `writing …`, `running build_py`); the compiler
error, warnings and the failing command sit at its end. The steps are progress: labelled
CHATTER, they are counted in the marker (`N progress lines`), never shown one by one.
`pip install -v` prints the same steps for a build that succeeds: there they are progress too.

The box's traceback runs mostly through pip's hook runner and the backend in pip's build env
(HOOK_FRAME, counted: the project's own frames and the exception stay), and a bad `[project]`
table adds validate-pyproject's JSON schema of the broken rule (SCHEMA, counted). uv quotes the
same traceback under `error: Failed to build` (mark_uv_build_failures).
"""
from __future__ import annotations

from collections.abc import Iterable

from engine.compressors.py_frames import python_frames
from engine.compressors.toolout_scan import KEEP, OTHER
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


# ---------------------------------------------------------------- the hook's traceback
#: A frame of a build backend's traceback that runs in pip's machinery, not in the project:
#: pip's hook runner (`pip/_vendor/pyproject_hooks/_in_process.py`) and the backend installed in
#: pip's throwaway build environment (`/tmp/pip-build-env-x/overlay/…/setuptools/build_meta.py`).
#: Every failed `Getting requirements to build wheel` quotes 10 to 30 such lines; the project's
#: own frames (`File "<string>"`, its setup.py) and the exception line are what the agent needs.
#: uv quotes the same traceback under `error: Failed to build `x``, its build env under its cache's
#: `builds-v0/`.
HOOK_FRAME = "hookframe"
HOOK_FRAME_PATHS = ("pyproject_hooks", "pip-build-env-", "/builds-v0/")  # pip's; uv's build envs
#: Lines a frame may span: `File "…", line N, in f`, the source line, a caret line (3.11+).
MAX_FRAME_LINES = 3


def mark_hook_frames(norm: list[str], cls: list[str], in_block: list[bool], start: int, end: int) -> None:
    """Label the hook frames (each with its source and caret lines) in norm[start:end] as
    HOOK_FRAME, taking them out of the block kept whole, when there are MIN_STEPS lines or more."""
    found: list[int] = []
    for k, j, path, _ in python_frames(norm, start, end, MAX_FRAME_LINES):
        if any(p in path for p in HOOK_FRAME_PATHS):
            found.extend(range(k, j))
    if len(found) >= MIN_STEPS:
        for m in found:
            cls[m] = HOOK_FRAME
            in_block[m] = False


# ---------------------------------------------------------------- validate-pyproject's schema
#: setuptools rejects a bad `[project]` table with validate-pyproject's report: the error, the
#: rule in words, `GIVEN VALUE:`, `OFFENDING RULE:`, then `DEFINITION:` and the rule's JSON
#: schema (35 to 300 lines), which restates the rule already said in words above it. The
#: schema's lines are counted; the report's other parts stay.
SCHEMA = "schema"
SCHEMA_HEAD = "DEFINITION:"


def mark_schema_dump(norm: list[str], cls: list[str], in_block: list[bool], start: int, end: int) -> None:
    """Label the lines indented under each `DEFINITION:` line in norm[start:end] as SCHEMA."""
    for k in range(start, end):
        s = norm[k]
        if not s.endswith(SCHEMA_HEAD) or s.strip() != SCHEMA_HEAD:
            continue
        indent = len(s) - len(s.lstrip())
        j = k + 1
        while j < end:
            rest = norm[j].lstrip()
            if not rest or len(norm[j]) - len(rest) <= indent:
                break
            j += 1
        if j - k - 1 >= MIN_STEPS:
            for m in range(k + 1, j):
                cls[m] = SCHEMA
                in_block[m] = False


#: uv's report of a failed build: `error: Failed to build `pyyaml==5.4.1``, its `cause:` lines and
#: the backend's `[stdout]` / `[stderr]`, indented, up to the next unindented line (`hint: …`).
UV_BUILD_FAILED = "error: Failed to build `"


def mark_uv_build_failures(norm: list[str], cls: list[str], in_block: list[bool], candidates: Iterable[int]) -> None:
    """Each uv build-failure report that starts on a candidate line is one error block, kept
    whole as pip's box is (its steps stay progress, its hook frames are counted): the compiler's
    diagnostics in it are indented past what their own rules read, and the look-alike rule took
    a caret line for a copy of the next diagnostic's."""
    n = len(norm)
    for i in sorted(candidates):
        if not norm[i].startswith(UV_BUILD_FAILED):
            continue
        end = i + 1
        while end < n and (not norm[end] or norm[end][0] in " \t"):
            end += 1
        for k in range(i + 1, end):
            if cls[k] == OTHER:
                cls[k], in_block[k] = KEEP, True
        mark_hook_frames(norm, cls, in_block, i + 1, end)
