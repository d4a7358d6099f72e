"""A test's own output inside a failure report (engine/compressors/toolout_captured.py): pytest's
captured sections and jest's console blocks are read like a log, not kept whole as the failure."""
from __future__ import annotations

from engine.compressors import toolout
from engine.compressors.terminal import TerminalCompressor
from engine.compressors.toolout import KEEP, OTHER

LOG = "2026-11-30 01:00:{s:02d} INFO cart: processed order ord-{n} amount={a}.00 status=ok"


def view(lines: list[str]) -> str:
    out = TerminalCompressor().compress(("\n".join(lines) + "\n").encode())
    assert out is not None
    return out.decode()


def pytest_failure(captured: list[str], header: str = "Captured stdout call") -> list[str]:
    return [
        "........................................F                                [100%]",
        "=================================== FAILURES ===================================",
        "_______________________________ test_cart_total ________________________________",
        "",
        "    def test_cart_total():",
        "        log_lines()",
        '>       assert 0.1 + 0.2 == 0.3, "cart total is off"',
        "E       AssertionError: cart total is off",
        "E       assert (0.1 + 0.2) == 0.3",
        "",
        "test_cart.py:14: AssertionError",
        f"----------------------------- {header} -----------------------------",
        *captured,
        "_______________________________ test_cart_empty ________________________________",
        "",
        "    def test_cart_empty():",
        ">       assert Cart().items == []",
        "E       assert None == []",
        "",
        "test_cart.py:20: AssertionError",
        "=========================== short test summary info ============================",
        "FAILED test_cart.py::test_cart_total - AssertionError: cart total is off",
        "FAILED test_cart.py::test_cart_empty - assert None == []",
        "2 failed, 39 passed in 4.42s",
    ]


def log_lines(count: int) -> list[str]:
    return [LOG.format(s=i % 60, n=1000 + i, a=5 + i % 50) for i in range(count)]


def test_pytest_captured_stdout_is_a_log_not_part_of_the_failure_block():
    captured = log_lines(200) + [
        "2026-11-30 01:03:20 ERROR cart: payment gateway refused ord-1200",
        "Traceback (most recent call last):",
        '  File "/src/cart.py", line 41, in charge',
        "    gateway.charge(order)",
        "ConnectionError: gateway timed out",
    ] + log_lines(200)
    lines = pytest_failure(captured)
    classes = toolout.classify(lines)
    first = lines.index(captured[0])
    assert classes[:first] == [KEEP] * first  # the failure block up to the captured header
    assert classes[first] == OTHER and classes[first + 199] == OTHER
    error = lines.index(captured[200])
    assert classes[error:error + 5] == [KEEP] * 5  # the error line and the whole traceback
    after = lines.index("_______________________________ test_cart_empty ________________________________")
    assert classes[after:] == [KEEP] * (len(lines) - after)  # the next failure is whole again

    out = view(lines)
    for needle in ["cart total is off", "E       assert (0.1 + 0.2) == 0.3", "test_cart.py:14: AssertionError",
                   "Captured stdout call -", captured[0], *captured[200:205], "E       assert None == []",
                   "test_cart.py:20: AssertionError", "2 failed, 39 passed in 4.42s"]:
        assert needle in out, needle
    assert "… 199 lines elided (caveman): 199 other lines; all status=ok; range amount=5.00..54.00 …" in out
    assert "… 200 lines elided (caveman): 200 other lines; all status=ok; range amount=5.00..54.00 …" in out
    assert len(out) < 2000


def test_pytest_captured_log_and_setup_sections_end_at_the_next_rule():
    captured = log_lines(50) + [
        "----------------------------- Captured log setup ------------------------------",
        "WARNING  cart:cart.py:12 stock cache is stale",
        *log_lines(50),
    ]
    lines = pytest_failure(captured, header="Captured stderr call")
    classes = toolout.classify(lines)
    setup = lines.index("----------------------------- Captured log setup ------------------------------")
    assert classes[setup] == KEEP and classes[setup + 1] == KEEP  # the header and the warning
    assert classes[setup - 1] == OTHER and classes[setup + 2] == OTHER
    out = view(lines)
    assert "WARNING  cart:cart.py:12 stock cache is stale\n" in out
    assert "2 failed, 39 passed in 4.42s\n" in out


def test_pytest_failure_without_captured_output_is_kept_whole():
    lines = pytest_failure([])
    assert toolout.classify(lines)[1:-1] == [KEEP] * (len(lines) - 2)


def jest_run(calls: int) -> list[str]:
    lines = [" FAIL  src/cart.test.js"]
    for i in range(calls):
        lines += ["  console.log", f"    processed order ord-{1000 + i}", "", "      at log (src/cart.js:12:11)", ""]
    lines += ["  console.error", "    payment refused for ord-7", "", "      at charge (src/cart.js:30:13)", "",
              "  ● Cart › computes the total", "", "    expect(received).toBe(expected) // Object.is equality", "",
              "    Expected: 30", "    Received: 25", "", "      at Object.<anonymous> (src/cart.test.js:20:26)", "",
              "Test Suites: 1 failed, 1 total", "Tests:       1 failed, 1 passed, 2 total", "Time:        1.204 s"]
    return lines


def test_jest_console_log_call_sites_are_not_stack_frames():
    lines = jest_run(80)
    classes = toolout.classify(lines)
    log_sites = [c for line, c in zip(lines, classes) if line == "      at log (src/cart.js:12:11)"]
    assert log_sites == [OTHER] * 80
    for needle in ["      at charge (src/cart.js:30:13)", "  ● Cart › computes the total", "    Expected: 30",
                   "    Received: 25", "      at Object.<anonymous> (src/cart.test.js:20:26)",
                   "Tests:       1 failed, 1 passed, 2 total"]:
        assert classes[lines.index(needle)] == KEEP, needle
    out = view(lines)
    assert out.count("at log (src/cart.js:12:11)") == 1
    assert "    payment refused for ord-7\n" in out and "    Received: 25\n" in out
    assert "… 396 lines elided (caveman): 396 other lines …" in out
