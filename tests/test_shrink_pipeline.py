"""The shrink pipeline in process: a real command on a real pty, an engine with a test-local
registry (one tiny compressor), so compressed results do not depend on the real compressors."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

import pytest

from engine import Engine, Registry
from engine.ccr import MemoryStore
from engine.safety import SafetyClass
from engine.types import ContentType
from shrink import pipeline, render

PY = sys.executable
NOISY_FAILURE = [PY, "-c", "import sys\nfor i in range(300): print(f'ok step {i}')\nprint('error: boom')\nsys.exit(1)"]
TRANSCRIPT = "".join(f"ok step {i}\n" for i in range(300)).encode() + b"error: boom\n"


class KeepErrorLines:
    """Keeps lines that mention an error; enough to produce a compressed, recoverable result."""

    content_type = ContentType.TEXT
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        kept = [line for line in data.split(b"\n") if b"error" in line]
        return b"\n".join(kept) + b"\n[caveman: ok lines elided]\n" if kept else None


def _engine(counter, store=None) -> Engine:
    registry = Registry()
    registry.register(KeepErrorLines())
    return Engine(registry, counter, store if store is not None else MemoryStore())


def _shrink(argv, engine_factory, **request):
    devnull = os.open(os.devnull, os.O_RDONLY)
    try:
        return pipeline.shrink(pipeline.Request(list(argv), **request), env=os.environ,
                               engine_factory=engine_factory, stdin_fd=devnull, live=False)
    finally:
        os.close(devnull)


def test_compressed_view_has_the_footer_and_the_handle_gives_back_the_transcript(counter):
    engine = _engine(counter)
    outcome = _shrink(NOISY_FAILURE, lambda: (engine, None), ctype=ContentType.TEXT)
    result = outcome.result
    assert outcome.exit_code == 1 and outcome.compressed
    assert outcome.view == b"error: boom\n[caveman: ok lines elided]\n"
    assert result.tokens_before == counter.count(TRANSCRIPT) and result.tokens_after == counter.count(outcome.view)
    expected_footer = (f"‹caveman: exit 1 · {result.tokens_before:,}→{result.tokens_after:,} tokens "
                       f"(o200k_base, inferred) · recover: caveman tools retrieve {result.handle}›")
    assert render.footer(outcome) == expected_footer
    assert render.text(outcome) == outcome.view + expected_footer.encode() + b"\n"
    assert engine.retrieve(result.handle) == TRANSCRIPT


def test_compressed_success_still_gets_a_footer(counter):
    argv = [PY, "-c", "for i in range(300): print(f'ok step {i}')\nprint('error: none, all good')"]
    outcome = _shrink(argv, lambda: (_engine(counter), None), ctype=ContentType.TEXT)
    assert outcome.exit_code == 0 and outcome.compressed
    assert render.footer(outcome).startswith("‹caveman: exit 0 · ")


def test_json_report_matches_the_result(counter):
    outcome = _shrink(NOISY_FAILURE, lambda: (_engine(counter), None), ctype=ContentType.TEXT)
    report = render.to_json(outcome)
    result = outcome.result
    assert report["output"] == outcome.view.decode()
    assert (report["exit_code"], report["signal"], report["handle"]) == (1, None, result.handle)
    assert (report["tokens_before"], report["tokens_after"]) == (result.tokens_before, result.tokens_after)
    assert report["passed_through"] is False and report["content_type"] == "text"
    assert report["bytes_raw"] == len(TRANSCRIPT.replace(b"\n", b"\r\n"))


def test_engine_error_passes_the_output_through_and_keeps_the_status():
    def broken():
        raise RuntimeError("kaput")

    outcome = _shrink(NOISY_FAILURE, broken)
    assert outcome.exit_code == 1 and outcome.view == TRANSCRIPT and not outcome.compressed
    assert outcome.warnings == ["engine error (RuntimeError: kaput); output passed through uncompressed"]
    assert render.footer(outcome) == "‹caveman: exit 1›"


def test_store_that_cannot_take_the_original_passes_through_and_says_why(counter):
    engine = _engine(counter, MemoryStore(max_bytes=10))
    outcome = _shrink(NOISY_FAILURE, lambda: (engine, None), ctype=ContentType.TEXT)
    assert outcome.view == TRANSCRIPT and not outcome.compressed and outcome.exit_code == 1
    assert len(outcome.warnings) == 1 and outcome.warnings[0].endswith("; output passed through uncompressed")


def test_store_unavailable_is_reported_when_the_output_passes_through(counter):
    registry = Registry()
    registry.register(KeepErrorLines())
    engine = Engine(registry, counter, None)
    outcome = _shrink(NOISY_FAILURE, lambda: (engine, "cannot open the recovery store at /x"), ctype=ContentType.TEXT)
    assert outcome.view == TRANSCRIPT and outcome.exit_code == 1
    assert outcome.warnings == ["cannot open the recovery store at /x; output passed through uncompressed"]


def test_raw_never_calls_the_engine():
    def forbidden():
        raise AssertionError("engine called in --raw mode")

    outcome = _shrink(NOISY_FAILURE, forbidden, raw=True)
    assert outcome.view == TRANSCRIPT and outcome.warnings == [] and outcome.result is None


def test_empty_output_never_calls_the_engine():
    def forbidden():
        raise AssertionError("engine called for empty output")

    outcome = _shrink(["true"], forbidden)
    assert (outcome.view, outcome.exit_code, render.footer(outcome)) == (b"", 0, None)


def test_detect_runs_on_the_resolved_text_not_forced_to_terminal(counter):
    seen: list[ContentType | None] = []

    class Spy:
        def compress(self, data, options):
            seen.append(options.type)
            return Engine(Registry(), counter, None).compress(data, options)

    _shrink([PY, "-c", "import json; print(json.dumps({'items': list(range(300))}))"], lambda: (Spy(), None))
    assert seen == [None]


@pytest.fixture
def failing_project(tmp_path):
    (tmp_path / "test_math.py").write_text(textwrap.dedent("""
        def test_adds():
            assert 1 + 1 == 2

        def test_subtracts():
            assert 3 - 1 == 1, "subtraction is broken"

        def test_multiplies():
            assert 2 * 3 == 6
    """))
    return tmp_path


def test_real_pytest_run_with_one_failing_test(failing_project, counter):
    argv = [PY, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", str(failing_project)]
    outcome = _shrink(argv, lambda: (_engine(counter), None), raw=True)
    text = outcome.view.decode()
    assert outcome.exit_code == 1
    assert "AssertionError: subtraction is broken" in text
    assert "FAILED " in text and "test_math.py::test_subtracts" in text
    assert "1 failed, 1 passed" in text
    assert "\x1b" not in text and "\r" not in text
    # The same run through a pipe (what an agent's shell gives) names the same failure.
    piped = subprocess.run(argv, capture_output=True, text=True)
    assert piped.returncode == 1 and "1 failed, 1 passed" in piped.stdout


@pytest.mark.parametrize("piece", [1, 2, 3, 7, 1 << 20])
def test_streamed_json_and_text_equal_the_whole_forms(counter, monkeypatch, piece):
    import io
    import json

    monkeypatch.setattr(render, "_PIECE", piece)
    argv = [PY, "-c", "import sys; sys.stdout.buffer.write('中文 \"q\" \\\\ tab\\t ✓\\n'.encode() + b'bad \\xff\\n'); sys.exit(4)"]
    outcome = _shrink(argv, lambda: (_engine(counter), None), raw=True)
    as_json, as_text = io.BytesIO(), io.BytesIO()
    render.write_json(outcome, as_json)
    render.write_text(outcome, as_text)
    assert json.loads(as_json.getvalue()) == render.to_json(outcome)
    assert as_json.getvalue().endswith(b"}\n") and as_json.getvalue().count(b"\n") == 1
    assert as_text.getvalue() == render.text(outcome)
    assert render.to_json(outcome)["output"] == '中文 "q" \\ tab\t ✓\nbad \ufffd\n'


def test_forced_type_and_query_reach_the_engine(counter):
    seen = []

    class Spy:
        def compress(self, data, options):
            seen.append((options.type, options.query, options.mode))
            return Engine(Registry(), counter, None).compress(data, options)

    _shrink([PY, "-c", "print('hello')"], lambda: (Spy(), None), ctype=ContentType.LOG, query="timeout")
    assert seen == [(ContentType.LOG, "timeout", "compress")]


class _FullDisk:
    """A spool that takes `room` bytes and then fails as a full disk does."""

    def __init__(self, room: int) -> None:
        import io

        self.room = room
        self.data = io.BytesIO()

    def write(self, data):
        import errno

        if self.data.tell() + len(data) > self.room:
            raise OSError(errno.ENOSPC, "No space left on device")
        return self.data.write(data)

    def seek(self, pos):
        return self.data.seek(pos)

    def read(self):
        return self.data.read()

    def close(self):
        pass


@pytest.mark.parametrize("tail_bytes", [1 << 20, 100])
def test_full_disk_keeps_the_status_and_the_tail_and_counts_what_was_lost(monkeypatch, tail_bytes):
    monkeypatch.setattr(pipeline.tempfile, "TemporaryFile", lambda **_: _FullDisk(200))
    monkeypatch.setattr(pipeline._Capture, "TAIL_BYTES", tail_bytes)
    outcome = _shrink(NOISY_FAILURE, lambda: (None, None), raw=True)
    assert outcome.exit_code == 1
    assert outcome.warnings == ["could not spool the output (No space left on device)"]
    assert outcome.view.endswith(b"ok step 299\nerror: boom\n")
    marker = re.search(rb"\n\[caveman: ([\d,]+) bytes of output lost: could not spool the output "
                       rb"\(No space left on device\)\]\n", outcome.view)
    if tail_bytes > len(TRANSCRIPT):
        assert marker is None and outcome.view == TRANSCRIPT
    else:
        lost = int(marker.group(1).replace(b",", b""))
        kept = outcome.view[:marker.start()] + outcome.view[marker.end():]
        assert lost > 0 and len(kept) + lost == len(TRANSCRIPT)
        assert TRANSCRIPT.startswith(outcome.view[:marker.start()]) and TRANSCRIPT.endswith(outcome.view[marker.end():])


def test_a_saving_smaller_than_the_footer_passes_the_transcript_through(counter):
    argv = [PY, "-c", "import sys\nfor i in range(6): print(f'ok step {i}')\nprint('error: boom')\nsys.exit(1)"]
    outcome = _shrink(argv, lambda: (_engine(counter), None), ctype=ContentType.TEXT)
    transcript = "".join(f"ok step {i}\n" for i in range(6)).encode() + b"error: boom\n"
    assert outcome.view == transcript and not outcome.compressed
    assert outcome.result.reason == "the saving would not pay for the footer"
    assert render.footer(outcome) == "‹caveman: exit 1›"


def test_small_output_skips_the_engine_unless_a_type_or_query_is_asked_for(counter):
    calls = []

    def factory():
        calls.append(1)
        return _engine(counter), None

    small = [PY, "-c", "print('x' * 400)"]
    assert _shrink(small, factory).view == b"x" * 400 + b"\n" and calls == []
    _shrink(small, factory, query="x")
    _shrink(small, factory, ctype=ContentType.TEXT)
    assert len(calls) == 2
    _shrink([PY, "-c", "print('x' * 600)"], factory)
    assert len(calls) == 3


def test_live_status_line_fits_one_terminal_row_even_with_wide_characters():
    from shrink.live import _fit

    assert _fit("中文" * 30, 20) == "中文中文中文中文中…"
    assert _fit("plain", 20) == "plain"
    assert _fit("x" * 30, 10) == "x" * 9 + "…"


def test_engine_past_its_budget_passes_the_transcript_through(monkeypatch, counter):
    import threading

    release = threading.Event()

    class Slow:
        def compress(self, data, options):
            release.wait(30)
            return Engine(Registry(), counter, None).compress(data, options)

    monkeypatch.setattr(pipeline, "ENGINE_BUDGET_S", 0.2)
    try:
        outcome = _shrink(NOISY_FAILURE, lambda: (Slow(), None))
    finally:
        release.set()
    assert outcome.abandoned and outcome.view == TRANSCRIPT and outcome.exit_code == 1
    assert outcome.warnings == ["compression took longer than 0.2 s; output passed through uncompressed"]


def test_child_environment_agrees_with_the_pty_and_waits_on_nobody():
    base = {"PATH": "/bin", "TERM": "screen", "PAGER": "less", "EDITOR": "vim", "KEEP": "1"}
    unattended = pipeline.child_environment(base, (200, 50), attached=False, interactive=False)
    assert (unattended["COLUMNS"], unattended["LINES"], unattended["TERM"]) == ("200", "50", "xterm-256color")
    assert unattended["PAGER"] == unattended["GIT_PAGER"] == "cat" and unattended["EDITOR"] == "true"
    assert unattended["KEEP"] == "1" and unattended["GIT_TERMINAL_PROMPT"] == "0"
    person = pipeline.child_environment(base, (120, 40), attached=True, interactive=True)
    assert (person["COLUMNS"], person["LINES"], person["TERM"]) == ("120", "40", "screen")
    assert person["PAGER"] == "cat" and person["EDITOR"] == "vim" and "GIT_TERMINAL_PROMPT" not in person
