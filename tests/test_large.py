"""Engine.compress_file: the streaming path for payloads too large to hold.

The excerpt's claims are checked by rebuilding the original's line numbering from the view:
every shown line must be the original line at that position, and every marker's count must
close the gap exactly. Sizes are shrunk by monkeypatching the module's constants."""
from __future__ import annotations

import hashlib
import io
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine import Engine, Options, Registry, default_registry, large
from engine.ccr import MemoryStore, StoreUnavailable
from engine.safety import SafetyClass
from engine.types import ContentType, ErrorCode

MARKER = re.compile(r"… (\d+) lines elided \(caveman\)(?:: (.*))? …")
CUT = re.compile(r"^(.*) … (\d+) bytes of this line elided \(caveman\) …$")
COMPRESS = Options(mode="compress", type=ContentType.LOG)


class Declining:
    content_type = ContentType.LOG
    safety_class = SafetyClass.S4

    def __init__(self, fn=None):
        self.fn = fn
        self.calls: list[bytes] = []

    def compress(self, data: bytes) -> bytes | None:
        self.calls.append(data)
        return self.fn(data) if self.fn else None


def engine_with(compressor, counter, store=None) -> Engine:
    reg = Registry()
    reg.register(compressor)
    return Engine(reg, counter, store if store is not None else MemoryStore())


@pytest.fixture
def small_limits(monkeypatch):
    monkeypatch.setattr(large, "LARGE_BYTES", 2000)
    monkeypatch.setattr(large, "HEAD_LINES", 20)
    monkeypatch.setattr(large, "TAIL_LINES", 20)
    monkeypatch.setattr(large, "READ_BYTES", 1009)
    monkeypatch.setattr(large, "MAX_CARRY", 4096)
    monkeypatch.setattr(large, "SEGMENT_MIN_LINES", 4)


def check_excerpt(view: bytes, original: bytes) -> list[int]:
    """Assert the view is the original's lines and counted gaps, in order; return the shown line numbers."""
    lines = original.decode("utf-8", "replace").split("\n")
    if lines[-1] == "":
        lines.pop()
    shown, pos = [], 0
    for line in view.decode("utf-8").split("\n")[:-1] if view.endswith(b"\n") else view.decode().split("\n"):
        m = MARKER.fullmatch(line)
        if m:
            assert int(m.group(1)) > 0
            pos += int(m.group(1))
            continue
        cut = CUT.match(line)
        if cut:
            assert lines[pos].startswith(cut.group(1))
            assert len(lines[pos].encode()) - len(cut.group(1).encode()) == int(cut.group(2))
        else:
            assert line == lines[pos], (pos, line)
        shown.append(pos)
        pos += 1
    assert pos == len(lines)
    return shown


def write(tmp_path, data: bytes):
    path = tmp_path / "payload"
    path.write_bytes(data)
    return path


def numbered(n: int, errors: dict[int, str] | None = None) -> bytes:
    errors = errors or {}
    return "".join(errors.get(i, f"INFO worker-{i % 7} processed batch {i}") + "\n" for i in range(n)).encode()


# ------------------------------------------------------------------ token counts


PIECE_TEXT = st.text(alphabet=st.sampled_from(list("ab Z9/.,:;{}()\n\n\r\t -_'\"中文\u00a0\u3000é")), max_size=300)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(PIECE_TEXT)
def test_an_exact_cut_never_changes_the_token_count(counter, text):
    data = text.encode()
    cut = large.exact_cut(data)
    if cut:
        assert data[cut - 1:cut] == b"\n"
        assert counter.count(data[:cut]) + counter.count(data[cut:]) == counter.count(data)
    inside = large._long_line_cut(data)
    if data[inside:inside + 1] == b" " and re.fullmatch(rb"[!-~] [A-Za-z]", data[inside - 1:inside + 2]):
        assert counter.count(data[:inside]) + counter.count(data[inside:]) == counter.count(data)


def test_the_streamed_count_equals_the_whole_count(counter, small_limits, tmp_path):
    parts = ["def f(x):\n", "    return x  \n", "\n\n", "/usr/lib/x.so\n", "  indented\n", "中文 行\n",
             "}\n", "a" * 3000 + "\n", "ERROR: boom!\n", "word " * 2000 + "\n", " \n", "x = {'a': 1}\n"]
    data = "".join(parts[i % len(parts)] + ("" if i % 3 else f"line {i}\n") for i in range(700)).encode()
    scan = large.Scan(counter)
    with open(write(tmp_path, data), "rb") as fh:
        scan.read(fh.fileno())
    assert scan.tokens == counter.count(data)
    assert scan.lines == data.count(b"\n")


# ------------------------------------------------------------------ the excerpt


def test_a_buried_error_line_is_kept_and_every_gap_is_counted(counter, small_limits, tmp_path):
    data = numbered(5000, {2500: "ERROR worker-3 crashed: disk full", 2501: "  File \"x.py\", line 3",
                           4000: "\x1b[31mERROR\x1b[0m coloured"})
    store = MemoryStore()
    eng = engine_with(Declining(), counter, store)
    result = eng.compress_file(write(tmp_path, data), COMPRESS)
    shown = check_excerpt(result.output, data)
    assert {2500, 2501, 4000} <= set(shown)
    assert shown[:20] == list(range(20)) and shown[-20:] == list(range(4980, 5000))
    assert result.method == "excerpt" and result.handle and result.recoverable
    assert store.get(result.handle) == data
    assert result.tokens_before == counter.count(data)
    assert result.tokens_after == counter.count(result.output)


def test_runs_are_compressed_on_their_own_and_never_across_a_gap(counter, small_limits, tmp_path):
    data = numbered(3000, {1500: "FATAL out of memory"})
    comp = Declining(lambda body: b"[run of %d lines]\n" % body.count(b"\n"))
    result = engine_with(comp, counter).compress_file(write(tmp_path, data), COMPRESS)
    # The flagged line and two lines of context either side make a run of five.
    assert result.output == (b"[run of 20 lines]\n" + "… 1478 lines elided (caveman) …\n".encode()
                             + b"[run of 5 lines]\n" + "… 1477 lines elided (caveman) …\n".encode()
                             + b"[run of 20 lines]\n")
    assert result.method == "excerpt+log"
    assert all(b"(caveman)" not in body for body in comp.calls)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, 1199), max_size=30))
@example([18])  # the head's second-to-last line: its context lies past the head
@example([19])
def test_every_flagged_line_keeps_its_context_across_reads(counter, small_limits, tmp_path, errors):
    data = numbered(1200, {i: f"ERROR at {i}" for i in errors})
    result = engine_with(Declining(), counter).compress_file(write(tmp_path, data), COMPRESS)
    if result.passed_through:
        assert result.reason == "not smaller"
        return
    shown = set(check_excerpt(result.output, data))
    for i in errors:
        assert set(range(max(0, i - 2), min(1200, i + 3))) <= shown


def test_past_the_cap_flagged_lines_are_counted_in_the_marker(counter, small_limits, monkeypatch, tmp_path):
    monkeypatch.setattr(large, "IMPORTANT_MAX_LINES", 3)
    errors = {i: f"ERROR number {i}" for i in (100, 200, 300, 400, 500, 600, 995)}
    data = numbered(1000, errors)
    result = engine_with(Declining(), counter).compress_file(write(tmp_path, data), COMPRESS)
    shown = check_excerpt(result.output, data)
    assert {100, 200, 300, 995} <= set(shown) and not {400, 500, 600} & set(shown)
    # 400, 500 and 600 are hidden; 995 is in the tail, so it is not counted as hidden.
    markers = [m.group(2) for m in MARKER.finditer(result.output.decode())]
    assert markers[-1] == "3 of them match the error pattern (more than the 3 such lines a view keeps; retrieve the original)"


def test_a_very_long_line_is_cut_with_the_bytes_left_out_stated(counter, small_limits, monkeypatch, tmp_path):
    monkeypatch.setattr(large, "LINE_MAX_CHARS", 100)
    long_line = "ERROR " + "é" * 20_000  # longer than MAX_CARRY: it arrives in several reads
    data = numbered(100, {50: long_line, 3: "x" * 150})
    result = engine_with(Declining(), counter).compress_file(write(tmp_path, data), COMPRESS)
    shown = check_excerpt(result.output, data)
    assert 50 in shown and 3 in shown
    assert f"… {len(long_line.encode()) - len(long_line[:100].encode())} bytes of this line elided" in result.output.decode()
    assert result.tokens_before > 0


def test_no_final_newline_and_invalid_utf8(counter, small_limits, tmp_path):
    data = numbered(500, {250: "ERROR bad byte here"}).replace(b"bad byte", b"bad \xff byte") + b"last line, no newline"
    result = engine_with(Declining(), counter).compress_file(write(tmp_path, data), COMPRESS)
    assert result.output.endswith(b"last line, no newline")
    assert "ERROR bad \ufffd byte here\n".encode() in result.output
    assert result.handle


def test_a_small_file_goes_through_compress_unchanged(counter, tmp_path):
    data = numbered(40, {20: "ERROR once"})
    eng = Engine(default_registry(), counter, MemoryStore())
    assert eng.compress_file(write(tmp_path, data), COMPRESS) == eng.compress(data, COMPRESS)


def test_the_real_log_compressor_keeps_the_buried_error(counter, small_limits, tmp_path):
    data = "".join(f"2026-11-30 01:00:{i % 60:02d} INFO worker-{i % 7} processed batch {i} in {i % 97} ms\n"
                   for i in range(20_000)).encode()
    data = data.replace(b"batch 9999 in", b"batch 9999 ERROR disk full in")
    store = MemoryStore()
    result = Engine(default_registry(), counter, store).compress_file(write(tmp_path, data), Options(mode="compress"))
    assert result.content_type == ContentType.LOG and result.method.startswith("excerpt")
    assert b"batch 9999 ERROR disk full" in result.output and len(result.output) < 10_000
    out = io.BytesIO()
    assert store.get_to(result.handle, out)
    assert hashlib.sha256(out.getvalue()).digest() == hashlib.sha256(data).digest()


# ------------------------------------------------------------------ failing closed


def test_no_store_passes_through(counter, small_limits, tmp_path):
    reg = Registry()
    reg.register(Declining())
    result = Engine(reg, counter, None).compress_file(write(tmp_path, numbered(500)), COMPRESS)
    assert result.passed_through and result.output == b"" and "no recovery store" in result.reason


def test_a_store_that_refuses_passes_through_and_claims_nothing(counter, small_limits, tmp_path):
    store = MemoryStore()
    store.fail_with = StoreUnavailable("disk on fire")
    result = engine_with(Declining(), counter, store).compress_file(write(tmp_path, numbered(500)), COMPRESS)
    assert result.passed_through and result.output == b"" and result.handle is None
    assert result.error == ErrorCode.CCR_UNAVAILABLE.value and "disk on fire" in result.reason


def test_a_compressor_that_raises_leaves_its_run_as_it_is(counter, small_limits, tmp_path):
    def boom(body):
        raise RuntimeError("bug")

    data = numbered(500, {250: "ERROR x"})
    result = engine_with(Declining(boom), counter).compress_file(write(tmp_path, data), COMPRESS)
    check_excerpt(result.output, data)
    assert result.handle and result.method == "excerpt"


def test_an_excerpt_not_smaller_passes_through(counter, small_limits, tmp_path):
    data = numbered(300, {i: f"ERROR {i}" for i in range(300)})  # every line is flagged
    result = engine_with(Declining(), counter).compress_file(write(tmp_path, data), COMPRESS)
    assert result.passed_through and result.output == b"" and result.reason == "not smaller"


def test_record_mode_passes_through(counter, small_limits, tmp_path):
    result = engine_with(Declining(), counter).compress_file(write(tmp_path, numbered(500)), Options(mode="record",
                                                                                                    type=ContentType.LOG))
    assert result.passed_through and result.output == b"" and result.reason == "record mode"


def test_with_a_query_lines_holding_it_are_kept_too(counter, small_limits, tmp_path):
    data = numbered(2000, {1000: "INFO the Needle is here"})
    plain = engine_with(Declining(), counter).compress_file(write(tmp_path, data), COMPRESS)
    asked = engine_with(Declining(), counter).compress_file(
        write(tmp_path, data), Options(mode="compress", type=ContentType.LOG, query="needle"))
    assert b"Needle" not in plain.output
    assert 1000 in check_excerpt(asked.output, data)


def test_a_compressed_run_without_a_final_newline_does_not_swallow_the_next_marker(counter, small_limits, tmp_path):
    data = numbered(3000, {1500: "FATAL out of memory"})
    comp = Declining(lambda body: b"[run]")
    result = engine_with(comp, counter).compress_file(write(tmp_path, data), COMPRESS)
    assert result.output.split(b"\n")[:2] == [b"[run]", "… 1478 lines elided (caveman) …".encode()]
