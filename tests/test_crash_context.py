"""last_record_before_crash: the line a run printed last before the crash that ends it."""
from __future__ import annotations

import pytest

from engine.compressors.crash_context import last_record_before_crash

RUN = ["start", "step 1", "step 2", "step 3"]


@pytest.mark.parametrize("crash", [
    ["Traceback (most recent call last):", '  File "x.py", line 1, in <module>', "KeyboardInterrupt"],
    ["panic: runtime error: index out of range [3] with length 3", "", "goroutine 1 [running]:",
     "main.main()", "\t/src/main.go:8 +0x1d", "exit status 2"],
    ["thread 'main' panicked at src/main.rs:4:5:", "boom",
     "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"],
    ["Fatal Python error: Segmentation fault", "", "Current thread 0x00007f (most recent call first):"],
])
def test_the_record_before_a_kept_crash_report_is_found(crash):
    lines = RUN + crash
    kept = [False] * len(RUN) + [bool(line.strip()) for line in crash]
    assert last_record_before_crash(lines, kept) == 3


def test_a_chained_crash_report_is_one_report():
    lines = RUN + ["", "Traceback (most recent call last):", "KeyError: 'a'", "",
                   "During handling of the above exception, another exception occurred:", "",
                   "Traceback (most recent call last):", "ValueError: x"]
    assert last_record_before_crash(lines, [bool(line.strip()) and i > 3 for i, line in enumerate(lines)]) == 3


def test_blank_lines_between_the_record_and_the_crash_are_skipped():
    lines = RUN + ["", "", "Traceback (most recent call last):", "ValueError: x"]
    assert last_record_before_crash(lines, [False] * 6 + [True, True]) == 3


def test_the_last_two_lines_need_not_be_kept():
    lines = RUN + ["Traceback (most recent call last):", "ValueError: x", "", "exit status 1"]
    assert last_record_before_crash(lines, [False] * 4 + [True, True, False, False]) == 3


@pytest.mark.parametrize("lines,kept", [
    # the record before is kept already
    (RUN + ["Traceback (most recent call last):", "ValueError: x"], [False, False, False, True, True, True]),
    # the crash report is not kept
    (RUN + ["Traceback (most recent call last):", "ValueError: x"], [False] * 6),
    # the kept run at the end does not open with a crash
    (RUN + ["ERROR: it broke", "", "Traceback (most recent call last):", "ValueError: x"],
     [False] * 4 + [True, False, True, True]),
    # output ends in lines that are not kept: no crash ends it
    (RUN + ["Traceback (most recent call last):", "ValueError: x", "done", "more", "bye"], [False] * 4 + [True] * 2 + [False] * 3),
    # nothing before the crash
    (["Traceback (most recent call last):", "ValueError: x"], [True, True]),
])
def test_no_record_is_named_when_the_output_does_not_end_in_a_kept_crash(lines, kept):
    assert last_record_before_crash(lines, kept) is None
