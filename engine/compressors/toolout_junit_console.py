"""JUnit Platform's console launcher (`junit-platform-console-standalone`), read as a test run.

Its tree view puts the mark after the name (`│  ├─ shipsOrder() ✔`, `├─ total() ✘ expected: <3>
but was: <2>`, `├─ legacy() ↷ reason`), so the mocha/jest tree rules never see it and only rows
whose message held a problem word survived: `✘ reorder point ==> expected...` went with the
passing rows. Here a `✘` row is KEEP with the lines under it up to the next row (a multi-line
message), and so is every container row above it (they name the failing test; containers
report `✔` even when a test inside failed); a `✔` row is PASS; a `↷` row is SKIPPED.

The flat view (`--details=flat`) is one event a line: `Started:` and `Registered:` are progress,
`Finished:` of a test is PASS unless an `=> Exception:` follows (then the row and its trace are
KEEP), a container's `Finished:` is progress, `Skipped:` with its `=> Reason:` is SKIPPED.

The `Failures (N):` section that follows the tree (and is all `--details=summary` prints) is
KEEP through its blank line, except the frames of each trace past its first that belong to the
JDK or the harness (printed without `at `): those are JVM_FRAME, counted in the marker.
"""
from __future__ import annotations

from engine.compressors.toolout_go import SKIPPED
from engine.compressors.toolout_jvm import JVM_FRAME
from engine.compressors.toolout_scan import CHATTER, KEEP, OTHER, PASS
from engine.patterns import (
    JUNIT_FAILURES_FRAME, JUNIT_FLAT_CAUSE, JUNIT_FLAT_ROW, JUNIT_TREE_ROW, TOOL_JVM_LIB_CLASS,
)

#: A unique id naming a test (not a class or engine container) in a flat row.
_TEST_IDS = ("[method:", "-invocation:", "[dynamic-test:")


def mark_junit_console(norm: list[str], cls: list[str]) -> None:
    """Label the tree rows, flat rows and failure listing of a console launcher run."""
    rows = [i for i, s in enumerate(norm) if ("─ " in s and JUNIT_TREE_ROW.match(s) is not None)]
    if rows:
        _mark_tree(norm, cls, rows)
    if "Started:" in "\n".join(norm[:200]) or any(s.startswith("Finished:") for s in norm):
        _mark_flat(norm, cls)
    for i, s in enumerate(norm):
        if s.startswith("Failures (") and s.endswith("):"):
            _mark_failures(norm, cls, i)


def _mark_tree(norm: list[str], cls: list[str], rows: list[int]) -> None:
    stack: list[tuple[int, int]] = []  # (depth, index) of the rows above the current one
    row_set = set(rows)
    for r in rows:
        m = JUNIT_TREE_ROW.match(norm[r])
        depth = len(m["tree"])
        while stack and stack[-1][0] >= depth:
            stack.pop()
        mark = m["mark"]
        if mark == "✘":
            cls[r] = KEEP
            for _, k in stack:
                cls[k] = KEEP
            j = r + 1  # a multi-line message: the lines under the row up to the next one
            while j < len(norm) and j not in row_set and norm[j].startswith("│"):
                cls[j] = KEEP
                j += 1
        elif cls[r] == OTHER:
            cls[r] = PASS if mark == "✔" else SKIPPED
        stack.append((depth, r))


def _mark_flat(norm: list[str], cls: list[str]) -> None:
    n = len(norm)
    i = 0
    while i < n:
        m = JUNIT_FLAT_ROW.match(norm[i])
        if m is None:
            i += 1
            continue
        event = m["event"]
        j = i + 1
        while j < n and norm[j][:1].isspace():  # the row's cause and trace, indented under it
            j += 1
        cause = JUNIT_FLAT_CAUSE.match(norm[i + 1]) if i + 1 < n else None
        if event == "Aborted" or (cause is not None and cause["what"] == "Exception"):
            label = KEEP
        elif event == "Skipped":
            label = SKIPPED
        elif event == "Finished" and any(t in norm[i] for t in _TEST_IDS):
            label = PASS
        else:
            label = CHATTER
        for k in range(i, j):
            if label == KEEP or cls[k] == OTHER:
                cls[k] = label
        i = j


def _mark_failures(norm: list[str], cls: list[str], start: int) -> None:
    cls[start] = KEEP
    first_frame = True
    i = start + 1
    while i < len(norm) and norm[i]:
        s = norm[i]
        m = JUNIT_FAILURES_FRAME.match(s)
        if s.lstrip() == "[...]":  # the launcher's own mark for the harness frames it left out
            cls[i] = JVM_FRAME if not first_frame else KEEP
        elif m is None:
            cls[i] = KEEP
            first_frame = True  # a test's name, its source, `=>`, `Caused by:`: a new trace
        elif not first_frame and TOOL_JVM_LIB_CLASS.match(m["cls"]):
            cls[i] = JVM_FRAME
        else:
            cls[i] = KEEP
            first_frame = False
        i += 1
