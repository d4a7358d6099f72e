"""Real outputs of the shell and lint tools an agent runs in CI (shellcheck, bats, sqlfluff, ...),
trimmed excerpts under tests/fixtures/real/shellci/: every finding is either shown with its
file:line and rule or counted as a finding in a marker; a passing test is a passing test."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors import toolout
from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.types import ContentType
from tests.real_views import MARKER, terminal_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "shellci"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_of(name: str) -> tuple[list[str], list[str]]:
    return terminal_view_lines(real(name))


# ---------------------------------------------------------------- shellcheck -f gcc


def test_shellcheck_gcc_notes_are_findings_not_lines_under_a_warning():
    # shellcheck writes its info/style findings as `path:L:C: note: msg [SC2086]`. They were read
    # as gcc's notes under the warning above them and counted as "lines under them".
    original, view = view_of("shellcheck-gcc-usrbin.txt")
    markers = [MARKER.match(v) for v in view if v.startswith("… ")]
    assert markers and all(markers)
    assert not any("under them" in m[2] for m in markers)
    # every elided line is a finding, counted as one, and shown + elided = all of them
    elided = 0
    for m in markers:
        n = int(m[1])
        assert m[2].startswith(f"{n} finding{'s' if n != 1 else ''} like those shown: ")
        elided += n
    shown = [v for v in view if v in original]
    assert len(shown) + elided == len(original) == 250
    # every error stays, whole
    assert all(line in view for line in original if ": error: " in line)


def test_gcc_note_under_a_gcc_error_still_belongs_to_it():
    lines = [
        "a.c:3:5: error: conflicting types for 'f'",
        "a.c:1:5: note: previous declaration of 'f' was here",
    ]
    analysis = toolout.analyse(lines)
    assert analysis.classes == [toolout.KEEP, toolout.KEEP]


# ---------------------------------------------------------------- bats --tap


def test_bats_tap_ok_rows_are_passing_tests_and_skips_stay():
    # bats writes `ok 12 fails with invalid version` (no ` - `) and `# skip` in lower case: its
    # passing rows were "other lines", some kept for their words, and every skip was elided.
    original, view = view_of("bats-tap-pyenv.txt")
    skips = [ln for ln in original if ln.startswith("ok ") and " # skip" in ln]
    assert len(skips) == 8
    assert all(s in view for s in skips)
    failure = original.index("not ok 105 non-writable shims directory")
    assert view[view.index(original[failure]):][:7] == original[failure:failure + 7]
    passing = [ln for ln in original if ln.startswith("ok ") and " # skip" not in ln]
    shown = [ln for ln in view if ln in passing]
    markers = [MARKER.match(v) for v in view if v.startswith("… ")]
    assert markers and all(m[2] == f"{m[1]} passing-test lines" for m in markers)
    assert len(shown) + sum(int(m[1]) for m in markers) == len(passing) == 225


def test_tap_row_labels_bats_and_go():
    lines = [
        "ok 5 runs the hook",  # bats: a third word ending in `s` is no go package + time
        "ok 6 name # SKIP no network",
        "ok 7 name # todo later",
        "ok  \tgithub.com/x/y\t0.005s",
        "ok  \tgithub.com/x/z\t(cached)",
        "ok 8 - plain TAP",
    ]
    classes = toolout.analyse(lines).classes
    # go's package rows are its per-package summary, kept as they were
    assert classes == [toolout.PASS, toolout.KEEP, toolout.KEEP, toolout.KEEP, toolout.KEEP, toolout.PASS]


# ---------------------------------------------------------------- sqlfluff lint


def test_sqlfluff_lint_is_tool_output_and_every_finding_stays_whole():
    # It was read as text: "… 58 sections elided …" dropped findings with no count or rule,
    # and cut a wrapped message from its headline.
    data = real("sqlfluff-lint-mysql.txt")
    assert detect(data) == ContentType.TERMINAL
    lines = data.decode().splitlines()
    classes = toolout.analyse(lines).classes
    findings = [i for i, ln in enumerate(lines) if ln.startswith("L:")]
    assert len(findings) == 64
    for i in findings:
        assert classes[i] == toolout.KEEP
        k = i + 1
        while k < len(lines) and lines[k].startswith(" " * 23 + "| "):
            assert classes[k] == toolout.KEEP
            k += 1
    out = TerminalCompressor().compress(data)
    view = data if out is None else out
    assert all(ln in view.decode().splitlines() for ln in lines if ln.startswith(("L:", " " * 23 + "| ")))


# ---------------------------------------------------------------- codespell


def test_codespell_misspellings_are_never_sampled_away():
    # Read as search hits, "… 12 search result lines elided (caveman): all in pyenv.1, lines
    # 151..546 …" dropped twelve different misspellings; each is a finding to fix.
    from engine.compressors.search import SearchResultCompressor

    data = real("codespell-pyenv.txt")
    assert detect(data) == ContentType.SEARCH
    out = SearchResultCompressor().compress(data)
    view = (data if out is None else out).decode()
    assert "search result lines elided" not in view
    shown = set(view.splitlines())
    for line in data.decode().splitlines():
        path, number, _ = line.split(":", 2)
        # shown whole, or folded (lossless) to its path:line under the same text
        assert line in shown or f"{path}:{number}" in shown or any(
            v.startswith("pyenv/") and line.startswith(v) for v in shown), line


# ---------------------------------------------------------------- thinned shellcheck findings: where


CARET = re.compile(r"\^-* (SC\d{4}) \(")
IN_LINE = re.compile(r"^In (.+) line (\d+):$")
GCC = re.compile(r"^(.+?):(\d+):\d+: \w+: .* \[(SC\d{4})\]$")
ITEM = re.compile(r"(SC\d{4})×(\d+) at ((?:\S+:[\d×,]+ ?)+)")


def _marked(view: list[str]) -> list[tuple[str, str, str]]:
    """(rule, path, line) of every finding the markers count, expanded from `SC2086×3 at p:1,2×2`."""
    out = []
    for v in view:
        m = MARKER.match(v)
        if not m or "finding" not in m[2]:
            continue
        items = ITEM.findall(m[2])
        assert items, v
        for rule, count, where in items:
            got = []
            for place in where.split():
                path, numbers = place.rsplit(":", 1)
                for n in numbers.split(","):
                    line, _, k = n.partition("×")
                    got += [(rule, path, line)] * int(k or 1)
            assert len(got) == int(count), v
            out += got
    return out


def test_thinned_shellcheck_gcc_findings_are_counted_with_their_rule_file_and_line():
    # The markers said `SC2006×13` and no more: the agent had a rule and no place to fix it.
    original, view = view_of("shellcheck-gcc-usrbin.txt")
    shown = set(view)
    elided = sorted(GCC.match(ln).group(3, 1, 2) for ln in original if ln not in shown)
    assert len(elided) > 100
    assert sorted(_marked(view)) == elided


def test_thinned_shellcheck_tty_findings_are_counted_with_their_rule_file_and_line():
    original, view = view_of("shellcheck-tty-usrbin.txt")
    # each caret's finding, located by the `In path line N:` header above it
    findings: list[tuple[int, str, str, str]] = []
    where = None
    for i, ln in enumerate(original):
        if m := IN_LINE.match(ln):
            where = m.group(1, 2)
        elif m := CARET.search(ln):
            findings.append((i, m[1], *where))
    # the view is the original with runs replaced by markers: walk both to see which lines went
    gone, pos = set(), 0
    for v in view:
        if m := MARKER.match(v):
            gone.update(range(pos, pos + int(m[1])))
            pos += int(m[1])
        else:
            assert v == original[pos]
            pos += 1
    assert pos == len(original)
    shown_carets = {i for i, *_ in findings if i not in gone}
    elided = sorted((rule, path, line) for i, rule, path, line in findings if i not in shown_carets)
    assert len(elided) > 40
    assert sorted(_marked(view)) == elided


def test_a_marker_names_places_only_when_it_has_all_of_them():
    from engine.compressors.toolout import Analysis, REPEAT, run_summary

    analysis = Analysis([REPEAT] * 3, {0: "SC2086", 1: "SC2086", 2: "SC2006"}, [], {0: ("a.sh", "3"), 1: ("a.sh", "3")})
    assert run_summary(analysis, 0, 3) == "3 findings like those shown: SC2086×2 SC2006×1"
    analysis = Analysis([REPEAT] * 3, {0: "SC2086", 1: "SC2086", 2: "SC2006"}, [],
                        {0: ("a.sh", "3"), 1: ("a.sh", "3"), 2: ("b.sh", "9")})
    assert run_summary(analysis, 0, 3) == "3 findings like those shown: SC2086×2 at a.sh:3×2 SC2006×1 at b.sh:9"
