"""pytest's output under pytest-xdist (`-n 4 -v`) and under `--collect-only`.

xdist -v prints a test's id when a worker starts it (`tests/t.py::test_a `) and its result row
later, interleaved with other workers' rows: `[gw2] [ 41%] PASSED tests/t.py::test_a`. A PASSED
row is a passing-test line; an announcement whose own result row is in the run is progress (the
result row says all of it, and a FAILED/ERROR row is kept by the summary rules).

`--collect-only` prints what the agent asked for: the test ids (`-q`: `tests/t.py::test_a`) or
the collection tree (`<Module t.py>`, `<Function test_a>`). Every row is kept: the list is the
answer, never repetition to elide. So are the tables an option asked for: `--durations=N`'s
`slowest N durations` rows and pytest-cov's `coverage: platform …` table (every file row with
its Missing column, and TOTAL), each up to the next `=== section ===` rule.

`--tb=native` prints a fixture or setup error's traceback through pytest's and pluggy's own
frames (`site-packages/_pytest/runner.py`, `pluggy/_callers.py`): thirty and more frames of the
harness around the user's one. Those frames (each with its source and caret lines) become
PYTEST_FRAME, counted in the marker, when a traceback has MIN_HARNESS_FRAMES of them; the frame
the exception was raised in (the last one), every other frame and the exception line stay.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.py_frames import python_frames
from engine.compressors.toolout_scan import CHATTER, KEEP, OTHER, PASS
from engine.patterns import (
    NATIVE_UNKNOWN_FRAME,
    PYV_ASKED_TABLE, PYV_COLLECT_DONE, PYV_COLLECT_TREE_ROW, PYV_NODE_ID, PYV_PACKAGE_LOCATION, PYV_XDIST_RESULT,
    TOOL_PYTEST_SECTION,
)


#: A pytest/pluggy frame of a native Python traceback: counted, not shown.
PYTEST_FRAME = "pytestframe"
#: Fewer harness frames than this stay as they are (the marker would cost about as much).
MIN_HARNESS_FRAMES = 3
#: Lines of one frame at most (its `File` line, source line, caret line).
MAX_FRAME_LINES = 4
HARNESS_DIRS = ("/_pytest/", "/pluggy/")


def fold_harness_frames(norm: list[str], cls: list[str], in_block: list[bool], joined: str) -> None:
    """Label pytest's and pluggy's installed frames in native tracebacks PYTEST_FRAME, except a
    traceback's last frame (where the exception was raised)."""
    if "-packages/_pytest/" not in joined and "-packages/pluggy/" not in joined:
        return
    n = len(norm)
    found: list[int] = []
    for k, j, path, indent in python_frames(norm, 0, n, MAX_FRAME_LINES):
        followed = j < n and norm[j].lstrip().startswith('File "') and len(norm[j]) - len(norm[j].lstrip()) == indent
        if followed and "-packages/" in path and any(d in path for d in HARNESS_DIRS) \
                and all(cls[m] in (KEEP, OTHER) for m in range(k, j)):
            found.extend(range(k, j))
    if len(found) >= MIN_HARNESS_FRAMES * 2:  # a frame is two lines or more
        for m in found:
            cls[m] = PYTEST_FRAME
            in_block[m] = False


#: A source line of an installed package's function that pytest's long traceback printed in an
#: earlier failure block, at the same location: counted, not shown again.
PACKAGE_SOURCE_SEEN = "pkgsourceseen"
#: A frame's listing folds only when this many of its lines repeat (a marker costs a line).
MIN_SEEN_SOURCE = 6


def fold_seen_package_source(norm: list[str], cls: list[str], in_block: list[bool], joined: str,
                             scan: LineScan) -> None:
    """pytest's default traceback prints the whole source of the function an exception was
    raised in. When that is an installed package's (selenium's 85-line `check_response`, a
    client library's request method), every test failing the same way prints the same listing
    again. A frame whose location line (`…-packages/…/errorhandler.py:232: NoSuchElementException`)
    names a location already listed above keeps its `>` line, its `E` lines and its argument
    lines (`response = {…}`); its source lines that the first listing holds become
    PACKAGE_SOURCE_SEEN."""
    if "-packages/" not in joined or " _ _ _ " not in joined:
        return
    listed: dict[str, set[str]] = {}
    for k in sorted(scan.candidates(("-packages/",), fold_case=False)):
        m = PYV_PACKAGE_LOCATION.match(norm[k])
        if m is None:
            continue
        source: list[int] = []  # the frame's source lines, above its location line
        j = k - 1
        while j >= 0 and (not norm[j] or norm[j][:1] in ">E" or norm[j].startswith("    ")):
            if norm[j].startswith("    "):
                source.append(j)
            j -= 1
        where = m.group(1)
        seen = listed.get(where)
        if seen is None:
            listed[where] = {norm[j] for j in source}
            continue
        again = [j for j in source if norm[j] in seen]
        if len(again) >= MIN_SEEN_SOURCE:
            # with the listing's blank lines between them (counted as blank in the marker)
            folded = set(again)
            folded.update(j for j in range(min(again), max(again)) if not norm[j])
            for j in folded:
                cls[j] = PACKAGE_SOURCE_SEEN
                in_block[j] = False


#: A chromedriver stack frame with no symbol (`#3 0x55ca3af92181 <unknown>`): counted, not shown.
UNKNOWN_FRAME = "unknownframe"
#: What a marker calls them (`noun|words after the count`: lines.counted).
UNKNOWN_FRAME_NOUN = "chromedriver stack frame line|with no symbol (`#N 0x… <unknown>`)"
#: Fewer such frames in a row than this stay (the marker would cost about as much).
MIN_UNKNOWN_FRAMES = 3


def has_unknown_frames(joined: str) -> bool:
    """The text may hold chromedriver's symbol-less stack (Selenium prints it under `Stacktrace:`)."""
    return "<unknown>" in joined and "Stacktrace:" in joined


def fold_unknown_frames(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """chromedriver appends its own stack to every error it returns, and Selenium prints it
    under the exception (`Stacktrace:` then `#0 0x55ca3b5d1fce <unknown>` … `#20 …`): twenty
    and more frames with no symbol, file or line, the same for every failure. A run of
    MIN_UNKNOWN_FRAMES or more becomes UNKNOWN_FRAME; the exception's message and the
    `Stacktrace:` line stay."""
    for i in unknown_frame_rows(norm, scan):
        cls[i] = UNKNOWN_FRAME
        in_block[i] = False


def unknown_frame_rows(norm: list[str], scan: LineScan) -> list[int]:
    """The lines of every run of MIN_UNKNOWN_FRAMES or more chromedriver frames with no symbol."""
    rows = sorted(i for i in scan.candidates(("<unknown>",), fold_case=False) if NATIVE_UNKNOWN_FRAME.match(norm[i]))
    out: list[int] = []
    k = 0
    while k < len(rows):
        j = k
        while j + 1 < len(rows) and rows[j + 1] == rows[j] + 1:
            j += 1
        if j - k + 1 >= MIN_UNKNOWN_FRAMES:
            out.extend(rows[k:j + 1])
        k = j + 1
    return out


def mark_pytest_variants(norm: list[str], cls: list[str], joined: str, scan: LineScan) -> None:
    """Label xdist result rows and announcements, and a collect-only listing's rows."""
    if "] PASSED " in joined or "] FAILED " in joined or "] ERROR " in joined:
        if "[gw" in joined:
            _mark_xdist(norm, cls)
    if " collected" in joined or "<Module " in joined:
        _mark_collect_only(norm, cls)
    if "slowest " in joined or "coverage: platform " in joined:
        _mark_asked_tables(norm, cls, scan)


def _mark_asked_tables(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """Every line of a durations or coverage table, from its heading to the next section rule
    (only the lines holding the headings' words are asked: `coverage: ` is also go test's)."""
    n = len(norm)
    done = -1
    for i in sorted(scan.candidates(("slowest ", "coverage: platform "), fold_case=False)):
        s = norm[i]
        if i <= done or s[:1] not in "=-_" or PYV_ASKED_TABLE.match(s) is None:
            continue
        cls[i] = KEEP
        j = i + 1
        while j < n and not (norm[j][:1] == "=" and TOOL_PYTEST_SECTION.match(norm[j])):
            if norm[j]:
                cls[j] = KEEP
            j += 1
        done = j - 1


def _mark_xdist(norm: list[str], cls: list[str]) -> None:
    reported: set[str] = set()
    for i, s in enumerate(norm):
        if s.startswith("[gw"):
            m = PYV_XDIST_RESULT.match(s)
            if m is not None:
                status = m["status"] or m["sub"]
                if m["status"]:  # a subtest's row does not report its test (its own row does)
                    reported.add(m["id"])
                if status == "PASSED" and cls[i] == OTHER:
                    cls[i] = PASS
                elif status in ("FAILED", "ERROR"):
                    cls[i] = KEEP
    if not reported:
        return
    for i, s in enumerate(norm):
        if cls[i] == OTHER and "::" in s and s.rstrip() in reported:
            cls[i] = CHATTER


def _is_collect_listing(norm: list[str]) -> bool:
    """A `--collect-only` run: its closing count line (`-q`) or a collection tree under
    `collected N items`, and no test results (no PASSED/FAILED rows, no progress rows)."""
    tail = [s.strip("= ") for s in norm[-8:] if s.strip()]
    if any(PYV_COLLECT_DONE.match(s) for s in tail):
        return True
    return any(s.lstrip().startswith("<Module ") for s in norm[:400]) and \
        any(s.lstrip().startswith(("<Function ", "<TestCaseFunction ")) for s in norm)


def _mark_collect_only(norm: list[str], cls: list[str]) -> None:
    if not _is_collect_listing(norm):
        return
    for i, s in enumerate(norm):
        if cls[i] == KEEP or not s:
            continue
        t = s.lstrip()
        if (t.startswith("<") and PYV_COLLECT_TREE_ROW.match(t)) or ("::" in s and PYV_NODE_ID.match(s)):
            cls[i] = KEEP
