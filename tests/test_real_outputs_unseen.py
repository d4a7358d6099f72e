"""Real outputs nobody tuned for (trimmed excerpts under tests/fixtures/real/): the router and
the compressors this file pins must not lose what an agent needs from them."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.compressors import toolout_detect
from engine.compressors.search import describe_hits
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


@pytest.fixture
def no_tool_signatures(monkeypatch):
    monkeypatch.setattr(toolout_detect, "is_tool_output", lambda text: False)


# ---------------------------------------------------------------- logs with tracebacks


def test_python_logging_with_chained_traceback_is_a_log():
    # 14 records, then logger.exception's traceback and the uncaught one: 47 continuation lines.
    assert detect(real("python-logging-traceback.log")) == ContentType.LOG


def test_log_lines_led_by_a_clock_are_not_search_hits(no_tool_signatures):
    # `... 06:01:13,513` reads as path `... 06`, line 01 to SEARCH_LINE; a log with more
    # traceback lines than records went to the search compressor.
    records = [f"2026-11-30 06:01:13,5{i:02d} INFO [svc.worker] processed batch {i} size={100 + i}"
               for i in range(8)]
    trace = ["Traceback (most recent call last):", '  File "/srv/tb.py", line 6, in load',
             "    return json.loads(p)", "ValueError: bad payload"] * 3
    assert detect(("\n".join(records + trace) + "\n").encode()) == ContentType.LOG


def test_syslog_lines_are_not_search_hits(no_tool_signatures):
    lines = [f"Nov 30 06:{i:02d}:10 web01 CRON[{2000 + i}]: (root) CMD (/usr/local/bin/backup.sh)" for i in range(6)]
    prose = ["this line is neither a hit nor a log record of any kind"] * 7
    assert detect(("\n".join(lines + prose) + "\n").encode()) == ContentType.TEXT


def test_indented_lines_after_a_non_log_line_still_count_against_a_log(no_tool_signatures):
    # Continuations belong to a log record only: source with a few INFO words is no log.
    src = ["def handler(event):", "    log.info('start')", "    x = 1", "    return x"] * 3
    src += ["class Foo:", "    pass", "INFO = 1", "WARNING = 2", "ERROR = 3"]
    assert detect(("\n".join(src) + "\n").encode()) != ContentType.LOG


def test_search_marker_never_reads_a_clock_as_a_file_and_line():
    lines = [f"2026-11-30 06:01:13,514 INFO [svc.worker] processed batch {i} size={100 + i}" for i in range(3)]
    assert describe_hits(lines) == ""
    assert describe_hits(["src/a.py:3:x = 1", "src/a.py:9:y = 2"]) == "all in src/a.py, lines 3..9"
