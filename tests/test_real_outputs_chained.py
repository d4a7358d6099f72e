"""Real outputs of chained commands and CI transcripts (`pip install … && pytest`, `make && make
test`, GitHub Actions and GitLab job logs), trimmed excerpts under tests/fixtures/real/chained/:
one stage's chatter is elided, and every stage's errors, failure blocks and verdicts stay."""
from __future__ import annotations

import re
from pathlib import Path

from engine.terminal_text import plain_text
from engine.types import ContentType
from tests.real_views import MARKER, original_and_view_lines, terminal_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "chained"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def terminal_view(name: str) -> tuple[list[str], list[str]]:
    return terminal_view_lines(real(name))


def markers(view: list[str]) -> list[re.Match[str]]:
    found = [MARKER.match(v) for v in view if v.startswith("… ")]
    assert all(found)
    return found  # type: ignore[return-value]


# ---------------------------------------------------------------- pip install -vv && pytest -v

PIP_DEBUG_NOUN = re.compile(r"(\d+) pip -v debug lines? \(index, cache and candidate links\)")


def test_pip_vv_link_chatter_is_counted_and_the_test_stage_stays_whole():
    # `pip install -vv` logs a line per candidate file (`Skipping link: none of the wheel's tags
    # (cp27-cp27m-win_amd64) are compatible …`, `Found link URL …`), each with its own URL: the
    # whole 13,000-line `pip install -vv -e . && pytest -v` passed through (saves under 10%).
    original, view = terminal_view("pip-vv-install-then-pytest.txt")
    assert not any("Skipping link: " in v or v.lstrip().startswith("Found link ") for v in view)
    found = markers(view)
    debug = sum(int(m[1]) for mk in found for m in PIP_DEBUG_NOUN.finditer(mk[2]))
    links = [ln for ln in original if ln.lstrip().startswith(("Skipping link: ", "Found link "))]
    assert debug >= len(links) > 100
    # every marker counts exactly its lines: shown + elided = all
    shown = [v for v in view if not v.startswith("… ")]
    assert len(shown) + sum(int(m[1]) for m in found) == len(original)
    # pip's own warnings and result, and the test stage from the failures on, stay whole
    assert all(ln in view for ln in original if ln.startswith(("WARNING: ", "Successfully installed ")))
    start = original.index("=================================== FAILURES ===================================")
    # (the terminal view drops trailing blanks, as it does on every line)
    assert view[view.index(original[start]):] == [ln.rstrip() for ln in original[start:]]
    assert original[-1] == "=================== 4 failed, 175 passed, 1 skipped in 0.48s ==================="
    assert sum(map(len, view)) < sum(map(len, original)) // 4


# ---------------------------------------------------------------- GitLab trace with FF_TIMESTAMPS

def test_gitlab_timestamped_trace_is_a_test_run_not_code(counter):
    # GitLab's timestamped trace writes `2026-12-01T09:43:01.271042Z 00O ` before every line; the
    # stream token `00O` stayed in the body after the timestamp was stripped, and the whole job
    # (pip install, then a failing pytest -v) read as code and passed through.
    data = real("gitlab-ts-pip-install-then-pytest.txt")
    original, view = original_and_view_lines(counter, data)
    assert len(view) < len(original) // 2
    # every line in view that is no marker is an original line, prefix and all
    # the passing rows are counted; every failure, the summary and the job's verdict stay
    found = markers(view)
    assert any(m[2] == "174 passing-test lines; 1 blank line" for m in found)
    tail = [v.split(" 00O ", 1)[1] for v in view[-12:] if " 00O " in v]
    assert "=================== 4 failed, 175 passed, 1 skipped in 0.77s ===================" in tail
    assert tail[-1] == "ERROR: Job failed: exit code 1"
    assert len([v for v in view if " 00O FAILED tests/test_core.py::" in v]) == 4
    # every assertion line of the failure blocks, with its own timestamp (trailing blanks aside)
    asserted = [ln.rstrip() for ln in original if " 00O E " in ln or ln.rstrip().endswith(" 00O E")]
    assert len(asserted) == 20
    assert all(a in view for a in asserted)


# ---------------------------------------------------------------- gh run view --log

def _engine_result(counter, data: bytes):  # noqa: ANN001, ANN202 (the conftest fixture)
    from engine.ccr import MemoryStore
    from engine.core import Engine
    from engine.registry import default_registry
    from engine.types import Mode, Options

    return Engine(default_registry(), counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS))


def test_gh_run_view_log_view_is_weighed_with_its_prefixes(counter):
    # `gh run view --log` puts `JOB<TAB>STEP<TAB>TIMESTAMP ` before every line. pip coloured its
    # lines, so the view was weighed against the whole plain text, but bare (prefixes stripped)
    # while the view carried them: every view lost, and the whole job came back, 174 passing
    # rows and all (method terminal-plain, 27,029→20,324 tokens).
    data = real("gh-run-view-log-pip-then-pytest.txt")
    result = _engine_result(counter, data)
    assert result.method == "terminal"
    assert result.tokens_after < result.tokens_before // 3
    # (pip and pytest coloured their lines: the view shows them as the terminal did)
    original = [plain_text(ln).decode() for ln in data.splitlines()]
    view = result.output.decode().splitlines()
    prefix = "test (3.11)\t.venv/bin/pytest -v --cov=mylib\t"
    passing = [ln for ln in original if ln.startswith(prefix) and ln.endswith("%]") and " PASSED " in ln]
    assert len([v for v in view if v in passing]) < 10 < len(passing)
    assert any(m[2].startswith(f"{len(passing) - 1} passing-test lines") for m in markers(view))
    # every failed row, the failure blocks' error lines, the summary and the step's exit stay,
    # each with its own job, step and timestamp
    kept = [ln for ln in original if " FAILED " in ln or ln.split("Z ", 1)[-1].startswith(("FAILED ", "E   ", "=====", "##[error]"))]
    assert len(kept) > 20
    assert all(ln.rstrip() in view for ln in kept)
    assert any(v.endswith("##[error]Process completed with exit code 1.") for v in view)


# ---------------------------------------------------------------- Jenkins Timestamper

def test_jenkins_bracketed_timestamps_keep_a_test_run_whole(counter):
    # Jenkins' Timestamper puts `[2026-12-01T09:38:24.685Z] ` before every line. The prefix was not
    # a CI prefix, so the job (pip install, pytest -v with 4 failures) read as a log and its
    # failure blocks were cut by bare `… 3 lines elided (caveman) …` markers.
    data = real("jenkins-timestamper-pip-then-pytest.txt")
    _, view = original_and_view_lines(counter, data)
    original = [plain_text(ln).decode() for ln in data.splitlines()]  # pytest coloured its lines
    found = [MARKER.match(v) for v in view if v.startswith("… ") and "elided" in v]
    assert all(found)  # every marker counts and names what it elided
    assert any(m[2] == "174 passing-test lines; 1 blank line" for m in found)
    # the failures section, from its header to the closing count, is in view line for line
    start = next(i for i, ln in enumerate(original) if ln.endswith(" " + "=" * 35 + " FAILURES " + "=" * 35))
    end = next(i for i, ln in enumerate(original) if ln.endswith("4 failed, 175 passed, 1 skipped in 1.71s " + "=" * 19))
    at = view.index(original[start])
    assert [v.rstrip() for v in view[at:at + end - start + 1]] == [ln.rstrip() for ln in original[start:end + 1]]


# ---------------------------------------------------------------- Buildkite's per-line APC stamp

def test_buildkite_apc_timestamps_are_invisible_and_the_run_reads_as_a_test_run(counter):
    # Buildkite stamps each line `ESC _ bk;t=1796117850309 BEL` (an APC string, which a terminal
    # never shows). Only its `ESC _` was stripped: `bk;t=…` stayed on every line, the job read
    # as code, and the whole text came back (terminal-plain, 18,017→10,720 tokens).
    data = real("buildkite-pip-then-pytest.txt")
    result = _engine_result(counter, data)
    assert (result.content_type, result.method) == (ContentType.TERMINAL, "terminal")
    view = result.output.decode().splitlines()
    assert not any("bk;t=" in v for v in view)
    assert result.tokens_after < result.tokens_before // 5
    assert any(MARKER.match(v) and MARKER.match(v)[2] == "174 passing-test lines; 1 blank line" for v in view)
    original = [plain_text(ln).decode() for ln in data.splitlines()]
    start = original.index("=" * 35 + " FAILURES " + "=" * 35)
    end = original.index("=" * 19 + " 4 failed, 175 passed, 1 skipped in 1.71s " + "=" * 19)
    at = view.index(original[start])
    assert view[at:at + end - start + 1] == original[start:end + 1]


def test_string_escapes_go_whole_and_never_past_a_line():
    from engine.patterns import ANSI

    assert ANSI.sub("", "\x1b_bk;t=1745322209921\x07~~~ Running tests") == "~~~ Running tests"
    assert ANSI.sub("", "\x1bPq#0;2;0;0;0\x1b\\ok") == "ok"  # a DCS (sixel) closed by ST
    # unterminated on its line: only the two-byte escape goes, the next line is untouched
    assert ANSI.sub("", "\x1b_bk;t=1\nnext\x07") == "bk;t=1\nnext\x07"
