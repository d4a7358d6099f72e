"""What Python programs print while they run (trimmed real excerpts under
tests/fixtures/real/pyruntime/): logging handlers' formats (rich's RichHandler), tracebacks
printed by the interpreter (deep recursion, threads, asyncio), warnings with tracemalloc's
allocation traceback. Every error line and every distinct traceback stays; repeats are counted."""
from __future__ import annotations

import re
from pathlib import Path

from engine.ccr import MemoryStore
from engine.core import Engine
from engine.registry import default_registry
from engine.terminal_text import plain_text
from engine.types import ContentType, Mode, Options
from tests.real_views import MARKER

REAL = Path(__file__).parent / "fixtures" / "real" / "pyruntime"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def compressed(counter, name: str):  # noqa: ANN001, ANN201 (the conftest fixture; a Result)
    return Engine(default_registry(), counter, MemoryStore()).compress(real(name), Options(mode=Mode.COMPRESS))


def shown_and_view(counter, name: str) -> tuple[list[str], list[str], ContentType]:  # noqa: ANN001
    """The payload as the terminal showed it, the view's lines, and the type it was read as."""
    data = real(name)
    result = compressed(counter, name)
    original = (plain_text(data) if b"\x1b" in data or b"\r" in data else data).decode().splitlines()
    return original, result.output.decode().splitlines(), result.content_type


# ---------------------------------------------------------------- rich's RichHandler


def test_rich_handler_log_is_a_log_and_its_records_after_a_traceback_fold(counter):
    # RichHandler blanks its time column when the second repeats, so its records are indented;
    # Detect read them as continuations of the first record (text, then terminal), and toolout
    # took the indented `UpstreamError: batch 13 failed` for a JS error whose block ran over
    # every indented record after it: 60 INFO lines kept one by one.
    original, view, ctype = shown_and_view(counter, "rich-handler-traceback.txt")
    assert ctype is ContentType.LOG
    assert not any("batch 40 loaded" in v for v in view)
    markers = [MARKER.match(v) for v in view if v.startswith("… ") and "lines elided" in v]
    assert any(m and "INFO×" in m[2] for m in markers)
    # the error record, its two chained exception lines and the chain note stay
    for needle in ("ERROR    batch 13 failed", "TimeoutError: read timed out after 30s (host=api-1.internal)",
                   "UpstreamError: batch 13 failed", "The above exception was the direct cause"):
        assert any(needle in v for v in view), needle
    # each frame's place in the boxes (rich's `File "…", line N`) stays
    frames = [ln for ln in original if ln.strip().startswith("│ /") and " in " in ln]
    assert len(frames) == 4
    assert all(f in view for f in frames)


def test_an_indented_error_line_owns_only_the_lines_indented_deeper(counter):
    # Read as a transcript (the terminal compressor), the same log: an error line printed under
    # a logger's column (`                    UpstreamError: batch 13 failed`) is no block
    # running over the records at the log's own indent after it.
    from engine.compressors import toolout

    original, _, _ = shown_and_view(counter, "rich-handler-traceback.txt")
    error = next(i for i, ln in enumerate(original) if ln.strip() == "UpstreamError: batch 13 failed")
    kept = toolout.must_keep(original)
    assert kept[error]
    after = [i for i in range(error + 1, len(original)) if "INFO     batch" in original[i]]
    assert len(after) > 50
    assert not any(kept[i] for i in after)


# ---------------------------------------------------------------- recursion through a cycle of frames

CYCLE = re.compile(r"^\s*… (\d+) lines elided \(caveman\): (\d+) more repeats of the (\d+)-frame cycle (.*) …$")


def _accounted(original: list[str], view: list[str]) -> None:
    """Every original line is shown or counted by exactly one marker."""
    counted = 0
    for v in view:
        m = MARKER.match(v.strip())
        if m:
            counted += int(m[1])
    shown = [v for v in view if not MARKER.match(v.strip()) and not v.startswith("… caveman:")]
    assert len(shown) + counted == len(original)


def test_mutual_recursion_traceback_folds_its_cycles_to_one_counted_marker(counter):
    # is_even -> is_odd -> is_even ...: CPython folds only a frame repeated in a row, so a
    # RecursionError through a 2-cycle prints every frame (161 KB here before trimming). It
    # passed through whole: every line is a `File` line or its source.
    original, view, _ = shown_and_view(counter, "recursion-mutual-cycle.txt")
    assert len(view) < 40
    cycles = [CYCLE.match(v) for v in view if "more repeats" in v]
    assert len(cycles) == 1 and cycles[0]
    m = cycles[0]
    assert m[3] == "2" and m[4] == "is_even (recursion.py:5), is_odd (recursion.py:7)"
    assert int(m[1]) == int(m[2]) * 6  # a frame is its File line, its source and its carets
    _accounted(original, view)
    # the entry frame, two cycles before the marker, the last cycle and the frame that raised
    assert view[:4] == original[:4] and view[-1] == "RecursionError: maximum recursion depth exceeded"
    assert view[-4:] == original[-4:]


def test_logged_recursion_errors_fold_their_cycles_and_keep_each_marker(counter):
    # logging.exception() of a RecursionError through render -> render_children -> <listcomp>,
    # twice: the first traceback shows its ends around a counted marker; the second is a repeat
    # of the first, but its cycle marker stays (it counts lines no other marker counts).
    original, view, ctype = shown_and_view(counter, "logging-recursion-cycle.log")
    assert ctype is ContentType.LOG
    cycles = [CYCLE.match(v) for v in view if "more repeats" in v]
    assert len(cycles) == 2 and all(cycles)
    assert all(m[3] == "3" and int(m[1]) == int(m[2]) * 9 for m in cycles)
    assert sum(1 for v in view if v == "RecursionError: maximum recursion depth exceeded") == 1
    for line in original:
        if " ERROR " in line:
            assert line in view
    _accounted(original, view)


# ---------------------------------------------------------------- warnings


def test_resource_warning_allocation_tracebacks_repeat_with_their_warning(counter):
    # `python -W always -X tracemalloc=5`: each ResourceWarning is followed by tracemalloc's
    # `Object allocated at (most recent call last):` and its frames. The warning's repeats were
    # counted but the allocation frames under each stayed (their `File "…"` lines read as a
    # traceback's): 60 copies of the same four frames.
    original, view, ctype = shown_and_view(counter, "warnings-always-tracemalloc.txt")
    assert ctype is ContentType.TERMINAL
    assert sum(1 for v in view if v == "Object allocated at (most recent call last):") == 1
    assert sum(1 for v in view if v.startswith("  File ")) == 2  # the first warning's two frames
    markers = [MARKER.match(v) for v in view if v.startswith("… ") and "lines elided" in v]
    assert len(markers) == 1 and markers[0]
    m = markers[0]
    findings = re.match(r"(\d+) findings like those shown: (.*); (\d+) lines under them$", m[2])
    assert findings is not None
    per_rule = dict((k, int(v)) for k, v in re.findall(r"(\w+Warning)×(\d+)", findings[2]))
    assert sum(per_rule.values()) == int(findings[1])
    headlines = [ln for ln in original if re.match(r"\S+\.py:\d+: \w+Warning: ", ln)]
    assert int(findings[1]) == len(headlines) - 4  # one of each category is shown
    assert int(m[1]) + len(view) - 1 == len(original)
    # the one RuntimeWarning stays whole, with its source line
    at = original.index(next(ln for ln in original if "RuntimeWarning" in ln))
    assert original[at] in view and original[at + 1] in view


# ---------------------------------------------------------------- a program's repeated tracebacks

ANY_MARKER = re.compile(r"^\s*[|+ ]*… (\d+) (?:lines|sections) elided \(caveman\)(?:: (.*))? …$")
SAME_FRAMES = re.compile(r"^the same (\d+) frames? as an earlier traceback$")


def _accounted_lines(original: list[str], view: list[str]) -> list[re.Match[str]]:
    """Every non-blank original line is shown or counted by exactly one marker (the text reader
    counts sections: lines, blank lines between them not counted); the markers."""
    markers = [m for m in map(ANY_MARKER.match, view) if m]
    shown = [v for v in view if v.strip() and not ANY_MARKER.match(v) and not v.startswith("… caveman:")]
    assert len(shown) + sum(int(m[1]) for m in markers) == sum(1 for o in original if o.strip())
    assert all(s.rstrip() in {o.rstrip() for o in original} for s in shown)
    return markers


def test_thread_exceptions_show_one_bugs_frames_once_and_every_message(counter):
    # 24 threads, six die with the same ConnectionError, one with a KeyError: Python prints
    # `Exception in thread Worker-N:` and the whole traceback for each. Read as text, it passed
    # through whole (every traceback a failure block).
    original, view, ctype = shown_and_view(counter, "thread-exceptions.txt")
    assert ctype is ContentType.TEXT
    for line in original:
        if line.startswith(("Exception in thread", "KeyError", "ConnectionError")) or "ConnectionError:" in line:
            assert line in view, line
    markers = _accounted_lines(original, view)
    same = [SAME_FRAMES.match(m[2] or "") for m in markers if m[2] and m[2].startswith("the same")]
    assert len(same) == 4 and all(s and s[1] == "3" for s in same)
    assert all(int(m[1]) == 6 for m in markers if m[2] and m[2].startswith("the same"))
    # the KeyError's traceback is another bug's: shown whole
    at = original.index("Exception in thread Worker-14:")
    assert original[at:at + 10] == view[view.index("Exception in thread Worker-14:"):][:10]


def test_exception_group_sub_tracebacks_keep_each_exception_and_first_frames(counter):
    # asyncio.TaskGroup inside a TaskGroup: every sub-exception in its `|` gutter. Each nested
    # group's frames repeat those of a sibling; the text reader elided the first copy's frames
    # of `batch` as look-alike sections and kept later copies instead.
    original, view, _ = shown_and_view(counter, "taskgroup-nested.txt")
    for line in original:
        body = line.lstrip(" |+-")
        if re.match(r"\w*(Error|Group)\b.*:", body) or "----" in line or "above exception" in line:
            assert line.rstrip() in [v.rstrip() for v in view], line
    first = next(i for i, ln in enumerate(original) if 'exgroup.py", line 17, in batch' in ln)
    assert original[first] in view and original[first + 2] in view  # its frames, whole
    markers = _accounted_lines(original, view)
    assert markers and all(SAME_FRAMES.match(m[2] or "") for m in markers)


def test_exception_group_of_validation_errors_keeps_every_sub_exception(counter):
    # 20 rows failed, 15 shown by Python (`and 5 more exceptions`): each row's group has the same
    # two frames; each row's ValueError/TypeError and its group line stay.
    original, view, _ = shown_and_view(counter, "exceptiongroup-validation.txt")
    errors = [ln for ln in original if re.match(r"\s*\| (ValueError|TypeError|ExceptionGroup): ", ln)]
    assert len(errors) > 30
    assert all(e in view for e in errors)
    assert "    | and 5 more exceptions" in view
    markers = _accounted_lines(original, view)
    assert len(markers) == 14 and all(SAME_FRAMES.match(m[2]) and m[1] == "4" for m in markers)


# ---------------------------------------------------------------- structlog's console renderer


def test_structlog_console_level_in_brackets_is_read_as_the_level(counter):
    # ConsoleRenderer pads its level inside brackets (`[info     ]`, `[warning  ]`): the markers
    # stated the records' fields but not their level, so nothing said no warning was elided.
    original, view, ctype = shown_and_view(counter, "structlog-console.txt")
    assert ctype is ContentType.LOG
    markers = [MARKER.match(v) for v in view if v.startswith("… ") and "lines elided" in v]
    said = [m[2] for m in markers if m]
    assert said and said[0].startswith("all level=info ")
    for line in original:
        if "[error    ]" in line or "[warning  ]" in line or line.startswith(("UpstreamError", "TimeoutError")):
            assert line in view, line


# ---------------------------------------------------------------- servers


def test_gunicorn_critical_worker_timeouts_all_stay(counter):
    # gunicorn logs a hung worker as `[CRITICAL] WORKER TIMEOUT (pid:N)`: CRITICAL (Python
    # logging's level above ERROR) was no error word, and the second round of timeouts went
    # into a marker that counted only the access lines around them (`statuses 200×29`).
    original, view, ctype = shown_and_view(counter, "gunicorn-worker-timeout.log")
    assert ctype is ContentType.LOG
    critical = [ln for ln in original if "[CRITICAL]" in ln]
    assert len(critical) == 4
    assert all(c in view for c in critical)
    # the request lines still fold, counted by status
    assert any(m and "statuses 200×" in m[2] for m in map(MARKER.match, view))
    assert sum(1 for v in view if '" 200 ' in v) < 10


def test_asyncio_never_retrieved_task_exceptions_are_a_log(counter):
    # asyncio's exception handler logs `Task exception was never retrieved`, then `future: <Task
    # …>` and the traceback, all one record. The `future:` lines counted as records that are no
    # log lines, so the log (11 such errors among 21 records) was read as prose.
    original, view, ctype = shown_and_view(counter, "asyncio-task-never-retrieved.log")
    assert ctype is ContentType.LOG
    for line in original:
        if line.startswith(("future: <Task", "ConnectionResetError:", "TimeoutError:")) or " ERROR " in line:
            assert line in view, line
    assert any(m and m[2] == "all level=INFO" for m in map(MARKER.match, view))


# ---------------------------------------------------------------- a run cut short

def test_a_run_interrupted_keeps_its_last_record_above_the_traceback(counter):
    # Ctrl-C in a loop that logs its progress: the last record says how far it got
    original, view, content_type = shown_and_view(counter, "kbint.txt")
    assert content_type == ContentType.LOG
    at = view.index("Traceback (most recent call last):")
    assert view[at - 1] == "2026-12-01 09:28:36,709 INFO processed 570 records, running total=325470"
    assert view[at:] == original[original.index("Traceback (most recent call last):"):]
    marker = MARKER.match(view[at - 2])
    assert marker and int(marker[1]) == original.index(view[at - 1]) - original.index(view[at - 3]) - 1
