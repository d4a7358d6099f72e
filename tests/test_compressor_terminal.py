"""Terminal compressor: escapes and redraws resolved, failures and errors kept whole,
passing tests and chatter counted."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors import toolout
from engine.compressors.terminal import TerminalCompressor
from engine.terminal_text import clean_line
from engine.patterns import TERMINAL_IMPORTANT


@pytest.fixture(autouse=True)
def placeholder_toolout(monkeypatch):
    """These tests pin this compressor's own rules: toolout is held to its plain contract
    (must_keep = the generic error pattern, nothing recognised as tool output)."""
    monkeypatch.setattr(toolout, "analyse", None, raising=False)
    monkeypatch.setattr(toolout, "must_keep", lambda ls: [bool(TERMINAL_IMPORTANT.search(x)) for x in ls])
    monkeypatch.setattr(toolout, "is_tool_output", lambda text: False)



def run(text: str) -> str | None:
    out = TerminalCompressor().compress(text.encode())
    return None if out is None else out.decode()


def test_clean_line():
    assert clean_line("\x1b[32mPASSED\x1b[0m") == "PASSED"
    assert clean_line("10%\r50%\r100%") == "100%"
    assert clean_line("done\r   \r") == "done"
    assert clean_line("abc\b\bX") == "aX"
    assert clean_line("\x1b]0;title\x07hello\x07") == "hello"
    assert clean_line("tab\there  ") == "tab\there"


def pytest_run(n: int) -> list[str]:
    lines = ["============================= test session starts ==============================",
             "platform linux -- Python 3.11.7, pytest-8.3.3", f"collected {n + 1} items", ""]
    lines += [f"tests/test_mod.py::test_case_{i} \x1b[32mPASSED\x1b[0m" + " " * 20 + f"[{i:3d}%]" for i in range(n)]
    lines += ["tests/test_mod.py::test_broken \x1b[31mFAILED\x1b[0m", "",
              "=================================== FAILURES ===================================",
              "_________________________________ test_broken __________________________________",
              "    def test_broken():", ">       assert 1 == 2", "E       assert 1 == 2", "",
              "tests/test_mod.py:42: AssertionError",
              "=========================== short test summary info ============================",
              "FAILED tests/test_mod.py::test_broken - assert 1 == 2",
              f"========================= 1 failed, {n} passed in 0.50s ========================="]
    return lines


def test_passing_lines_counted_failures_kept():
    lines = pytest_run(50)
    out = run("\n".join(lines) + "\n")
    assert "\x1b" not in out
    for must in ["tests/test_mod.py::test_broken FAILED", "E       assert 1 == 2",
                 "tests/test_mod.py:42: AssertionError", "FAILED tests/test_mod.py::test_broken - assert 1 == 2",
                 "1 failed, 50 passed in 0.50s"]:
        assert must in out
    assert "tests/test_mod.py::test_case_0 PASSED" in out  # one example of the class
    assert "… 49 lines elided (caveman) …" in out


def test_progress_redraws_resolved():
    text = "".join(f"\rDownloading {p}%" for p in range(0, 101, 5)) + "\nDone\nok\nbye\n"
    out = run(text)
    assert out == "Downloading 100%\nDone\nok\nbye\n"


def test_crlf_preserved_on_markers():
    lines = pytest_run(30)
    out = run("\r\n".join(lines) + "\r\n")
    assert "… 29 lines elided (caveman) …\r\n" in out
    assert out.count("\n") == out.count("\r\n")


def test_compiler_error_keeps_its_excerpt():
    lines = ["[ 10%] Building C object a.o"] * 1 + [f"[ {i:2d}%] Building C object src/f{i}.c.o" for i in range(11, 60)]
    lines += ["src/x.c:12:5: error: 'y' undeclared (first use in this function)", "   12 |     y = 1;",
              "      |     ^", "make[2]: *** [Makefile:10: src/x.c.o] Error 1", "make: *** [all] Error 2"]
    out = run("\n".join(lines) + "\n")
    for must in lines[-5:]:
        assert must in out
    assert "lines elided (caveman)" in out


def test_lint_excerpts_folded_pointers_kept():
    block = lambda i: [f"E501 Line too long ({100 + i} > 88)", f" --> pkg/mod{i}.py:{i + 1}:89", "  |",
                       f"{i + 1} | x = call_something_long(argument_{i}, other_{i})", "  |     ^^^^^^", ""]
    lines = [line for i in range(40) for line in block(i)] + ["Found 40 errors."]
    out = run("\n".join(lines) + "\n")
    for i in range(40):
        assert f" --> pkg/mod{i}.py:{i + 1}:89" in out
        assert f"E501 Line too long ({100 + i} > 88)" in out
    assert "Found 40 errors." in out
    assert len(out) < len("\n".join(lines)) * 0.7


def test_toolout_must_keep_is_honoured(monkeypatch):
    lines = pytest_run(30)
    target = lines.index("tests/test_mod.py::test_case_17 \x1b[32mPASSED\x1b[0m" + " " * 20 + "[ 17%]")
    monkeypatch.setattr(toolout, "must_keep", lambda ls: [i == target for i in range(len(ls))])
    out = run("\n".join(lines) + "\n")
    assert "tests/test_mod.py::test_case_17 PASSED" in out


def test_declines():
    c = TerminalCompressor()
    assert c.compress(b"\xff\xfe\n" * 10) is None
    assert c.compress(b"plain\noutput\n") is None  # nothing to clean, nothing to elide


def test_query_never_larger():
    data = ("\n".join(pytest_run(60)) + "\n").encode()
    c = TerminalCompressor()
    plain = c.compress(data)
    biased = c.compress_query(data, "test_case_33")
    assert len(biased) <= len(plain)
    assert b"E       assert 1 == 2" in biased


def test_deterministic():
    data = ("\n".join(pytest_run(80)) + "\n").encode()
    assert TerminalCompressor().compress(data) == TerminalCompressor().compress(data)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise(data):
    out = TerminalCompressor().compress(data)
    assert out is None or isinstance(out, bytes)


def test_ten_megabyte_single_line():
    data = b"\x1b[1m" + b"x" * 10_000_000 + b"\x1b[0m\n"
    out = TerminalCompressor().compress(data)
    assert out == b"x" * 10_000_000 + b"\n"


def test_installer_chatter_counted_error_kept():
    lines = ["$ pip install -r requirements.txt"]
    for i in range(40):
        lines += [f"Collecting pkg{chr(97 + i % 26)}{chr(97 + i // 26)}==1.{i}.0",
                  f"  Downloading pkg{chr(97 + i % 26)}{chr(97 + i // 26)}-1.{i}.0-py3-none-any.whl ({i + 10} kB)"]
    lines += ["ERROR: Could not find a version that satisfies the requirement nosuchpkg==9.9 (from versions: none)",
              "ERROR: No matching distribution found for nosuchpkg==9.9", "exit status 1", "done"]
    out = run("\n".join(lines) + "\n")
    assert "ERROR: No matching distribution found for nosuchpkg==9.9" in out
    assert "ERROR: Could not find a version that satisfies the requirement nosuchpkg==9.9 (from versions: none)" in out
    assert "lines elided (caveman)" in out
    assert out.count("\n") < 20


def test_go_test_passes_counted_failure_block_kept():
    lines = [f"ok  \tgithub.com/acme/svc/pkg{chr(97 + i % 26)}{chr(97 + i // 26)}\t0.0{i % 9}s" for i in range(30)]
    lines += ["--- FAIL: TestParse (0.00s)", "    parse_test.go:41: got 3, want 4", "FAIL",
              "FAIL\tgithub.com/acme/svc/parse\t0.004s"]
    out = run("\n".join(lines) + "\n")
    for must in lines[-4:]:
        assert must in out
    assert "… 27 lines elided (caveman) …" in out


def test_recognised_tool_output_defers_to_toolout(monkeypatch):
    findings = [f"pkg/m{i}.py:{i + 1}:1: E501 Line too long ({90 + i} > 88)" for i in range(30)]
    text = "\n".join(["$ ruff check --output-format concise", *findings, "Found 30 errors."]) + "\n"
    monkeypatch.setattr(toolout, "is_tool_output", lambda t: True)
    monkeypatch.setattr(toolout, "must_keep", lambda ls: [i in (0, 1, len(ls) - 1) for i in range(len(ls))])
    out = run(text)
    assert "lines elided (caveman)" in out
    monkeypatch.setattr(toolout, "is_tool_output", lambda t: False)
    out = run(text)
    assert out is None  # the generic pattern keeps every `path:N:N:` finding


class FakeAnalysis:
    def __init__(self, classes):
        self.classes = classes


def test_toolout_analysis_droppable_lines_stay_dropped_and_are_accounted(monkeypatch):
    lines = ["$ npx jest", *[f"PASS tests/t{i}.test.js" for i in range(20)],
             "FAIL tests/broken.test.js", "  ● broken › adds", "    Expected: 3", "    Received: 4",
             "Tests: 1 failed, 20 passed, 21 total"]
    classes = ["other"] + ["pass"] * 20 + ["keep"] * 5

    def summary(analysis, i, j, lines=None, fields=None):
        return f"{sum(c == 'pass' for c in analysis.classes[i:j])} passing-test lines"

    monkeypatch.setattr(toolout, "KEEP", "keep", raising=False)
    monkeypatch.setattr(toolout, "DROPPABLE", frozenset({"pass", "chatter", "repeat"}), raising=False)
    monkeypatch.setattr(toolout, "analyse", lambda ls, scan=None: FakeAnalysis(classes), raising=False)
    monkeypatch.setattr(toolout, "run_summary", summary, raising=False)
    out = run("\n".join(lines) + "\n")
    assert out == "\n".join([
        "$ npx jest", "PASS tests/t0.test.js", "PASS tests/t1.test.js",
        "… 18 lines elided (caveman): 18 passing-test lines …",
        *lines[-5:]]) + "\n"


def test_million_short_lines():
    data = b"".join(b"step %d done\r\n" % i for i in range(1_000_000))
    out = TerminalCompressor().compress(data)
    assert out.startswith(b"step 0 done\r\nstep 1 done\r\nstep 2 done\r\n")
    assert b"\xe2\x80\xa6 999994 lines elided (caveman) \xe2\x80\xa6\r\n" in out


def test_captured_log_runs_carry_invariants():
    lines = ["$ pytest -q", "....F", "----- Captured stdout call -----"]
    lines += [f"2026-11-30 01:00:{i % 60:02d} INFO cart: order=ord-{1000 + i} status=ok" for i in range(30)]
    lines += ["FAILED test_cart.py::test_total - AssertionError: cart total is off", "1 failed, 4 passed in 0.1s"]
    out = run("\n".join(lines) + "\n")
    assert "… 29 lines elided (caveman): all status=ok; order: ord-1000..ord-1028 all 29 present …" in out
    assert "FAILED test_cart.py::test_total - AssertionError: cart total is off" in out


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["test_a PASSED", "test_b PASSED", "error: boom at x.py:3:4:", "Downloading pkg",
                                 "  at f (a.js:1:2)", "", "done", "\x1b[32mok\x1b[0m", "50%\r100%"]), max_size=60),
       st.sampled_from(["boom", "pkg", "test_b", "nothing-matches", "done ok"]))
def test_a_query_never_makes_the_view_larger(lines, query):
    data = ("\n".join(lines) + "\n").encode()
    c = TerminalCompressor()
    plain = c.compress(data)
    biased = c.compress_query(data, query)
    assert len(biased if biased is not None else data) <= len(plain if plain is not None else data)
