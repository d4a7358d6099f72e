"""Real outputs of end-to-end browser test runs (Playwright Test's line and list reporters,
Selenium under pytest) against pages served on localhost, in Debian's headless Chromium;
trimmed excerpts under tests/fixtures/real/e2e/."""
from __future__ import annotations

import re
from pathlib import Path

from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "e2e"
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def plain_lines(data: bytes) -> list[str]:
    return [ln.rstrip("\r") for ln in ANSI.sub("", data.decode()).splitlines()]


def markers(view: list[str]) -> list[tuple[int, str]]:
    return [(int(m.group(1)), m.group(2)) for ln in view if (m := MARKER.match(ln))]


def test_playwright_line_reporter_progress_rows_are_not_part_of_a_failure_block(counter):
    # `--reporter=line` off a terminal prints `[7/51] [chromium] › a.spec.js:3:3 › title` as
    # each test starts, at column 0, between the failure blocks. A failure block ran to the
    # next failure header, so every progress row after the first failure was kept as part of
    # it (162 of 301 rows in a big run); a title holding "error" kept its row too.
    data = real("playwright-line-fail.txt")
    original = plain_lines(data)
    view = engine_view(counter, data).splitlines()
    rows = [ln for ln in original if re.match(r"^\[\d+/51\] ", ln)]
    assert len(rows) == 51
    shown = [ln for ln in view if re.match(r"^\[\d+/51\] ", ln)]
    # one row stands alone between two failure blocks (a marker would cost as much)
    assert shown == ["[8/51] [chromium] › tests/login.spec.js:19:1 › flaky welcome"]
    assert sum(n for n, s in markers(view) if s == f"{n} progress lines") == 51 - len(shown)
    for n, s in markers(view):
        assert s in (f"{n} progress lines", "1 progress line"), s
    # every failure block, the failed list and the counts stay whole
    start = next(i for i, ln in enumerate(original) if ln.startswith("  1) [chromium]"))
    for ln in original[start:]:
        if not re.match(r"^\[\d+/51\] ", ln):
            assert ln in view, ln


def test_playwright_list_reporter_on_a_terminal_counts_start_announcements_as_progress(counter):
    # On a terminal the list reporter announces each test as it starts (`     7 [chromium] ›
    # ... › title`, no mark) and prints its result row (`  ✘   7 ...`) later. The
    # announcements were "other lines" to the marker, and some stayed in view beside their
    # own result row.
    data = real("playwright-list-tty.txt")
    original = plain_lines(data)
    view = [ln.rstrip("\r") for ln in engine_view(counter, data).splitlines()]
    announced = [ln for ln in original if re.match(r"^ +\d+ \[chromium\] › ", ln)]
    assert len(announced) == 51
    results = [ln for ln in original if re.match(r"^  [✓✘-] +\d+ \[chromium\] › ", ln)]
    assert len(results) == 51
    for ln in results:
        if not ln.startswith("  ✓"):
            assert ln in view, ln
    for n, s in markers(view):
        assert "other line" not in s, s
    elided = sum(int(m.group(1)) for s in (s for _, s in markers(view))
                 for m in [re.search(r"(\d+) progress lines?", s)] if m)
    assert elided == len(announced) - sum(ln in view for ln in announced)
    assert sum(ln in view for ln in announced) <= 3  # only single ones between kept rows
    start = next(i for i, ln in enumerate(original) if ln.startswith("  1) [chromium]"))
    for ln in original[start:]:
        if ln.strip() != "⠙":  # the spinner the terminal showed, then erased
            assert ln in view, ln


def test_playwright_line_reporter_cut_short_keeps_the_row_of_the_test_it_was_running(counter):
    # A run killed before its closing counts: its last `[N/M]` row names the test that hung.
    original = plain_lines(real("playwright-line-fail.txt"))
    cut = original[:original.index("[43/51] [chromium] › tests/todo.spec.js:3:3 › adds todo item #32") + 1]
    view = engine_view(counter, ("\n".join(cut) + "\n").encode()).splitlines()
    assert view[-1] == cut[-1]
    assert "[30/51] [chromium] › tests/todo.spec.js:3:3 › adds todo item #19" not in view


def test_playwright_retry_sections_fold_what_the_first_attempt_printed(counter):
    # `retries: 2` (what `npm init playwright` sets for CI): a test failing every attempt prints
    # its error, call log and source excerpt three times, word for word, in one failure block
    # under `Retry #1` / `Retry #2` headers. Each retry's lines equal to its first attempt's are
    # counted; what differs (a poll count, the retry's screenshot path) and the headers stay.
    data = real("playwright-list-retries.txt")
    original = plain_lines(data)
    view = engine_view(counter, data).splitlines()
    heads = [i for i, ln in enumerate(original) if re.match(r"^  \d+\) \[chromium\] › ", ln)]
    assert len(heads) == 7
    ends = heads[1:] + [next(i for i, ln in enumerate(original) if ln == "  6 failed")]
    copies = 0
    for head, end in zip(heads, ends):
        block = original[head:end]
        retries = [k for k, ln in enumerate(block) if re.match(r"^    Retry #\d ─+$", ln)]
        first = block[:retries[0]] if retries else block
        for ln in first:
            assert ln in view, ln  # the first attempt, whole
        for k, ln in enumerate(block[len(first):]):
            if ln in first[1:] and not re.match(r"^    Retry #", ln):
                copies += 1
            else:
                assert ln in view, ln  # the headers and what differs
    assert copies == 290  # 6 tests failed 3 times, 12 retry sections
    folded = [(n, s) for n, s in markers(view) if "retry line" in s]
    counted = 0
    for n, s in folded:
        m = re.fullmatch(r"(\d+) retry lines? as in the first attempt(?:; (\d+) blank lines?)?", s)
        assert m, s
        assert n == int(m.group(1)) + int(m.group(2) or 0)
        counted += n
    # a run of fewer than 3 copied lines stays (it labels what differs below it, and a marker
    # would cost as much): 36 lines in the 12 retry sections
    assert counted == copies - 36
    assert "    attachment #1: screenshot (image/png) " + "─" * 58 in view
    for ln in original[ends[-1]:]:  # the closing lists and counts
        assert ln in view, ln
    assert "  1 flaky" in view


def test_selenium_pytest_library_listing_printed_again_is_counted(counter):
    # pytest's default traceback lists the whole function an exception was raised in. Selenium
    # raises every WebDriver error in errorhandler.py's 85-line check_response, so each failing
    # test printed that listing again: 3 copies in a 511-line run, passed through whole.
    data = real("selenium-pytest-fail.txt")
    original = plain_lines(data)
    view = engine_view(counter, data).splitlines()
    loc = "../pyenv/lib/python3.11/site-packages/selenium/webdriver/remote/errorhandler.py:232: "
    where = [i for i, ln in enumerate(original) if ln.startswith(loc)]
    assert len(where) == 3
    first_def = original.index("    def check_response(self, response: dict[str, Any]) -> None:")
    assert first_def < where[0]
    first_listing = original[first_def:where[0]]
    for ln in first_listing:  # the first listing, whole (its blank source lines as blank lines)
        if not ln.endswith(" <unknown>"):  # but chromedriver's frames under it: the last test
            assert ln.rstrip() in view, ln
    # every error line, `>` line, location line and argument line stays, in every block
    for ln in original:
        if ln.startswith(("E ", ">", "self = ", "response = ", "../pyenv/", "FAILED ", "___")) \
                and not ln.endswith(" <unknown>"):  # chromedriver's frames: the next test
            assert ln.rstrip() in view, ln
    assert original[-1] in view
    folded = [(n, s) for n, s in markers(view) if "installed-package source" in s]
    assert [s for _, s in folded] == [
        "81 installed-package source lines listed above; 6 blank lines"] * 2
    for _, s in markers(view):
        assert "passing-test" in s or "installed-package" in s or "chromedriver" in s, s


def test_selenium_chromedriver_symbol_less_frames_are_counted(counter):
    # Every WebDriverException carries chromedriver's own stack: `#0 0x5591dbf22fce <unknown>`
    # … `#27 …`, no symbol, file or line, 21 to 28 frames per failure; they were shown whole.
    data = real("selenium-pytest-fail.txt")
    original = plain_lines(data)
    view = engine_view(counter, data).splitlines()
    frames = [ln for ln in original if re.match(r"^E       #\d+ 0x[0-9a-f]+ <unknown>$", ln)]
    assert len(frames) == 21 + 21 + 28
    for ln in frames:
        assert ln not in view, ln
    counted = [n for n, s in markers(view) if "chromedriver stack frame" in s]
    assert counted == [21, 21, 28]
    for n, s in markers(view):
        if "chromedriver" in s:
            assert s == f"{n} chromedriver stack frame lines with no symbol (`#N 0x… <unknown>`)"
    # the exception lines above each stack stay, with its `Stacktrace:` line
    for ln in original:
        if ln.startswith("E       selenium.common.exceptions.") or ln.startswith("E         (Session info:"):
            assert ln in view, ln
    assert view.count("E       Stacktrace:") == 3


def test_playwright_test_list_is_the_list_the_agent_asked_for(counter):
    # `npx playwright test --list`: read as a log (`[desktop] ›` like a logger's name), its 62
    # rows came out as two "… 24 lines elided (caveman) …"; as a terminal transcript its 301
    # rows (another suite) came out as "… 297 lines elided (caveman): 297 other lines …".
    from engine.detect import detect
    from engine.types import ContentType

    for name, total in (("playwright-test-list.txt", 62), ("playwright-test-list-big.txt", 301)):
        data = real(name)
        assert detect(data) == ContentType.TERMINAL
        original = plain_lines(data)
        view = engine_view(counter, data).splitlines()
        rows = [ln for ln in original if re.match(r"^  \[\w+\] › \S+:\d+:\d+ › ", ln)]
        assert len(rows) == total
        assert view == original  # whole
        assert original[-1] == f"Total: {total} tests in 1 file"


def test_vitest_browser_mode_failure_blocks_stay_whole(counter):
    # Vitest 4 browser mode puts the instance's badge between FAIL and the path (` FAIL
    # chromium  src/cart.test.js > cart > discount`): no failure block opened, and each
    # block's code frame, the failing line and its caret, went as "1 passing-test line; 5
    # other lines".
    data = real("vitest4-browser-fail.txt")
    original = [ln.rstrip() for ln in plain_lines(data)]
    view = [ln.rstrip() for ln in ANSI.sub("", engine_view(counter, data)).splitlines()]
    heads = [i for i, ln in enumerate(original) if ln.startswith(" FAIL   chromium  src/cart.test.js > cart > ")]
    assert len(heads) == 4
    for head in heads:
        end = next(j for j in range(head, len(original)) if original[j].startswith("⎯⎯⎯"))
        for ln in original[head:end]:
            assert ln in view, ln
    assert "      Tests  4 failed | 29 passed (33)" in view
    for _, s in markers(view):
        assert s in ("29 passing-test lines",) or "other line" in s and "passing" not in s, s
