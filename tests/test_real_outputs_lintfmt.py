"""Real outputs of formatters' check modes and linters (flake8/pycodestyle --statistics, eslint's
compact and unix formats, markdownlint, pycodestyle --show-source, ...), trimmed excerpts under
tests/fixtures/real/lintfmt/: every summary and count line stays, every error stays, and a
thinned flood is counted per rule."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from engine.detect import detect
from engine.types import ContentType
from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "lintfmt"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _lines(counter, name: str) -> tuple[list[str], list[str]]:  # noqa: ANN001
    data = real(name)
    return data.decode().splitlines(), engine_view(counter, data).splitlines()


#: flake8's and pycodestyle's `--statistics` rows: `26      E501 line too long (82 > 79 characters)`.
STAT_ROW = re.compile(r"^\d+ +[A-Z]+\d+ \S")


def test_statistics_rows_and_the_count_stay_under_a_thinned_flood(counter):
    # `--statistics --count` ends with one row per rule (its count, code and first message) and
    # the total: the per-rule summary of the whole run. The rows were read as a source excerpt
    # under the last finding and elided as "lines under them".
    for name in ("pycodestyle-statistics-count-toolz.txt", "flake8-plugins-statistics-requests.txt"):
        original, view = _lines(counter, name)
        rows = [ln for ln in original if STAT_ROW.match(ln)]
        assert len(rows) > 5
        assert all(row in view for row in rows), name
        assert original[-1].isdigit() and view[-1] == original[-1]  # --count's total
        assert any(MARKER.match(v) for v in view)  # the findings above are still thinned
        for v in view:
            m = MARKER.match(v)
            assert m is None or "under them" not in m[2], v


# ---------------------------------------------------------------- eslint -f unix / -f compact


def _per_rule(marker_summary: str) -> dict[str, int]:
    """`N findings like those shown: eqeqeq×6 curly×2` → {"eqeqeq": 6, "curly": 2}."""
    found = re.search(r"findings? like those shown: ([^;]*)", marker_summary)
    if found is None:  # a marker over excerpt lines only (`9 lines under them`)
        return {}
    listed = re.sub(r"\+\d+ more rules×\d+", "", found[1])
    return {rule: int(c) for rule, c in re.findall(r"(\S+)×(\d+)", listed)}


def _marker_counts(view: list[str]) -> tuple[Counter[str], int]:
    """Per rule, the findings the view's markers count; and how many lines the markers elide."""
    counted: Counter[str] = Counter()
    elided = 0
    for v in view:
        if (m := MARKER.match(v)) is not None:
            counted.update(_per_rule(m[2]))
            elided += int(m[1])
    return counted, elided


def _more_rules(marker_summary: str) -> int:
    """The findings a marker counts under `+N more rules×M` (its list of rules cut short): M."""
    more = re.search(r"\+\d+ more rules×(\d+)", marker_summary)
    return int(more[1]) if more else 0


@pytest.mark.parametrize("name, severity", [
    ("eslint-unix-lodash.txt", re.compile(r"\[(Error|Warning)/(\S+)\]$")),
    ("eslint-compact-lodash.txt", re.compile(r", (Error|Warning) - .* \((\S+)\)$")),
])
def test_eslint_unix_and_compact_keep_every_error_and_count_thinned_warnings_per_rule(counter, name, severity):
    # Both formats were read line by line: every warning kept as a problem line (thousands of
    # `Expected '===' and instead saw '=='`), the compact one detected as a log and passed
    # through. Now they are findings: every error stays whole, warnings past a flood are shown
    # once per rule and message shape, the rest counted per rule in the markers.
    original, view = _lines(counter, name)
    assert detect(real(name)) == ContentType.TERMINAL
    errors = [ln for ln in original if (m := severity.search(ln)) and m[1] == "Error"]
    warnings = Counter(m[2] for ln in original if (m := severity.search(ln)) and m[1] == "Warning")
    assert len(errors) > 100 and sum(warnings.values()) > 90
    assert all(e in view for e in errors)
    shown = Counter(m[2] for ln in view if (m := severity.search(ln)) and m[1] == "Warning")
    counted, elided = _marker_counts(view)
    assert counted and shown + counted == warnings  # every warning shown or counted under its rule
    assert len(view) - sum(bool(MARKER.match(v)) for v in view) + elided == len(original)
    assert view[-1] == original[-1]  # `4727 problems`


# ---------------------------------------------------------------- markdownlint-cli, markdownlint-cli2

MD_FINDING = re.compile(r"^\S+:\d+(?::\d+)? (?:error|warning) (MD\d{3})/")


@pytest.mark.parametrize("name", ["markdownlint-cli-express-history.txt", "markdownlint-cli2-requests.txt"])
def test_markdownlint_findings_are_thinned_per_rule_with_true_counts(counter, name):
    # markdownlint labels every rule violation `error` (its default severity for all its style
    # rules): the run was read as a log, nothing elided, and passed through whole (110k tokens
    # for express's History.md). Now each rule and message shape is shown once, every other
    # finding counted under its rule, and cli2's header and Summary line stay.
    data = real(name)
    original, view = _lines(counter, name)
    assert detect(data) == ContentType.TERMINAL
    per_rule = Counter(m[1] for ln in original if (m := MD_FINDING.match(ln)))
    shown = Counter(m[1] for ln in view if (m := MD_FINDING.match(ln)))
    counted, elided = _marker_counts(view)
    assert set(shown) == set(per_rule)  # every rule has a line of its own in the view
    assert shown + counted == per_rule
    assert len(view) - sum(bool(MARKER.match(v)) for v in view) + elided == len(original)
    assert len(view) * 5 < len(original)
    for line in original:
        if not MD_FINDING.match(line):  # markdownlint-cli2's banner, `Linting: 2 file(s)`, `Summary: 696 error(s)`
            assert line in view


@pytest.mark.parametrize("line", [
    "README.md:1 error MD041/first-line-heading/first-line-h1 First line in a file should be a top-level heading",
    "README.md:12:81 MD013/line-length Line length [Expected: 80; Actual: 95]",  # markdownlint-cli before severities
    "docs/a.md:3 warning MD009/no-trailing-spaces Trailing spaces [Expected: 0 or 2; Actual: 1]",
])
def test_markdownlint_lines_start_findings_with_or_without_a_column_or_severity(line):
    from engine.compressors import toolout_scan

    assert toolout_scan.plain_verdicts(line)[2] >= 0


def test_an_eslint_parse_error_without_a_rule_is_an_error_finding():
    from engine.compressors import toolout

    lines = [f"/p/src/a.js:{i}:1: Expected '===' and instead saw '=='. [Warning/eqeqeq]" for i in range(1, 300)]
    lines.insert(150, "/p/src/b.js:4:9: Parsing error: Unexpected token ) [Error]")
    classes = toolout.analyse(lines).classes
    assert classes[150] == toolout.KEEP
    assert classes.count(toolout.REPEAT) == 298


# ---------------------------------------------------------------- pycodestyle / flake8 --show-source

PEP8_FINDING = re.compile(r"^\S+:\d+:\d+: ([A-Z]\d+) ")


def test_show_source_findings_are_lint_output_thinned_per_rule(counter):
    # Each finding with its source line and a caret line: a third of the lines shaped like grep
    # hits, so the run was read as search results and passed through whole (182 E501 with their
    # excerpts). As lint output each rule is shown once with its excerpt, the rest counted.
    data = real("pycodestyle-show-source-six.txt")
    assert detect(data) == ContentType.TERMINAL
    original, view = _lines(counter, "pycodestyle-show-source-six.txt")
    per_rule = Counter(m[1] for ln in original if (m := PEP8_FINDING.match(ln)))
    shown = Counter(m[1] for ln in view if (m := PEP8_FINDING.match(ln)))
    counted, elided = _marker_counts(view)
    assert set(shown) == set(per_rule) == {"E501", "E305"}
    assert shown + counted == per_rule
    assert len(view) - sum(bool(MARKER.match(v)) for v in view) + elided == len(original)
    assert len(view) * 10 < len(original)


def test_grep_hits_with_a_caret_line_stay_search_results():
    hits = [f"src/m{i}.py:{i}:5: value = compute({i})  # see docs" for i in range(1, 9)]
    assert detect(("\n".join(hits + ["    ^"]) + "\n").encode()) == ContentType.SEARCH


# ---------------------------------------------------------------- clang-format --output-replacements-xml


def test_clang_format_replacements_never_call_a_white_space_text_absent(counter):
    # Under xml:space='preserve' a replacement's text is the edit: ` ` (insert a space) is not
    # `` (delete). The marker trimmed white space and called 83 one-space texts `absent`, and
    # 157 texts of a newline and an indent `&#10;`.
    data = real("clang-format-replacements-mozilla.xml")
    view = engine_view(counter, data).splitlines()
    original = data.decode().splitlines()
    texts = [re.search(r">(.*)</replacement>$", ln) for ln in original]
    markers = [(k, m) for k, v in enumerate(view) if (m := MARKER.match(v))]
    assert markers
    for k, m in markers:
        start = original.index(view[k - 1]) + 1
        elided = [t[1] for t in texts[start:start + int(m[1])]]
        assert all(t is not None for t in texts[start:start + int(m[1])])
        absent = re.search(r"absent×(\d+)", m[2])
        assert absent is None or int(absent[1]) == sum(t == "" for t in elided), m[2]
        assert "text: &#10;×" not in m[2]


# ---------------------------------------------------------------- stylelint (string and compact formatters)


@pytest.mark.parametrize("name, finding", [
    ("stylelint-string-warnings-bootstrap.txt", re.compile(r"^\s+\d+:\d+\s+⚠\s+.*\s{2}([\w-]+)$")),
    ("stylelint-compact-warnings-bootstrap.txt", re.compile(r", warning - .* \(([\w-]+)\)$")),
])
def test_stylelint_warnings_are_findings_counted_per_rule(counter, name, finding):
    # stylelint marks severity ⚠/✖ (string formatter) or writes it in lower case (compact): a
    # warnings-only run was read as prose (`… 1077 sections elided …`, no rule named) or as a
    # log passed through whole. Now each rule and message shape is shown once, the rest
    # counted under their rule, and the closing counts stay.
    data = real(name)
    assert detect(data) == ContentType.TERMINAL
    original, view = _lines(counter, name)
    per_rule = Counter(m[1] for ln in original if (m := finding.search(ln)))
    shown = Counter(m[1] for ln in view if (m := finding.search(ln)))
    counted, elided = _marker_counts(view)
    more = sum(_more_rules(m[2]) for v in view if (m := MARKER.match(v)) is not None)
    assert sum(per_rule.values()) > 200
    assert set(shown) == set(per_rule)
    assert all(shown[r] + counted[r] <= per_rule[r] for r in per_rule) and set(counted) <= set(per_rule)
    assert sum((shown + counted).values()) + more == sum(per_rule.values())
    assert len(view) - sum(bool(MARKER.match(v)) for v in view) + elided == len(original)
    for line in original:
        if "problems (" in line or "potentially fixable" in line or line.startswith("dist/"):
            assert line in view


# ---------------------------------------------------------------- yamllint

YAMLLINT = re.compile(r"^\s+\d+:\d+\s+(error|warning)\s+.*\s{2}\(([\w-]+)\)$")


def test_yamllint_warnings_are_findings_counted_per_rule(counter):
    # yamllint's standard format is eslint's stylish one with the rule in parentheses: read as a
    # log, 218 `line too long` warnings passed through whole.
    data = real("yamllint-relaxed-gcloud.txt")
    assert detect(data) == ContentType.TERMINAL
    original, view = _lines(counter, "yamllint-relaxed-gcloud.txt")
    per_rule = Counter(m[2] for ln in original if (m := YAMLLINT.match(ln)))
    shown = Counter(m[2] for ln in view if (m := YAMLLINT.match(ln)))
    counted, _ = _marker_counts(view)
    assert per_rule["line-length"] > 200
    assert shown + counted == per_rule
    assert len(view) * 10 < len(original)


def test_yamllint_errors_all_stay(counter):
    original, view = _lines(counter, "yamllint-default-errors.txt")
    errors = [ln for ln in original if (m := YAMLLINT.match(ln)) and m[1] == "error"]
    assert len(errors) > 20 and all(e in view for e in errors)


# ---------------------------------------------------------------- eslint -f codeframe

CODEFRAME_HEAD = re.compile(r"^(error|warning): .* \((\S+)\) at \S+:\d+:\d+:$")


def test_eslint_codeframe_keeps_every_error_and_no_frame_line_without_its_finding(counter):
    # Read as source code and passed through; as tool output, a code frame's marked line
    # (`> 65 |   var x = a == b`) was taken for npm's `> script` header and kept alone after its
    # warning was thinned: an orphan line of code under no finding.
    data = real("eslint-codeframe-lodash-core.txt")
    assert detect(data) == ContentType.TERMINAL
    original, view = _lines(counter, "eslint-codeframe-lodash-core.txt")
    errors = [ln for ln in original if (m := CODEFRAME_HEAD.match(ln)) and m[1] == "error"]
    assert len(errors) > 30 and all(e in view for e in errors)
    first = original.index(errors[0])
    frame = view[view.index(errors[0]):view.index(errors[0]) + 9]
    assert frame == [ln.rstrip() for ln in original[first:first + 9]]  # its frame (the view trims line ends)
    warnings = Counter(m[2] for ln in original if (m := CODEFRAME_HEAD.match(ln)) and m[1] == "warning")
    shown = Counter(m[2] for ln in view if (m := CODEFRAME_HEAD.match(ln)) and m[1] == "warning")
    counted, _ = _marker_counts(view)
    assert warnings["eqeqeq"] > 10 and shown + counted == warnings
    for k, v in enumerate(view):
        if v.startswith(">"):  # a frame's marked line comes right under its headline's first lines
            above = view[max(0, k - 4):k]
            assert any(CODEFRAME_HEAD.match(a) for a in above) and not any(MARKER.match(a) for a in above), v
    assert view[-2:] == original[-2:]  # `158 errors and 93 warnings found.`, `… potentially fixable …`


# ---------------------------------------------------------------- black / isort --check, verbose


@pytest.mark.parametrize("name, failed, clean", [
    ("black-check-verbose.txt", re.compile(r"^would reformat \S"),
     re.compile(r" (already well formatted, good job|wasn't modified on disk since last run)\.$")),
    ("isort-check-verbose.txt", re.compile(r"^ERROR: \S.* Imports are incorrectly sorted"),
     re.compile(r"^SUCCESS: .* Everything Looks Good!$")),
])
def test_a_verbose_check_run_keeps_every_failing_file_and_counts_the_passing_ones(counter, name, failed, clean):
    # `black --check -v` / `isort --check --verbose` was read as prose: the failing files were
    # folded with the passing ones into markers that named nothing (`… 37 sections elided …`
    # held 29 of black's 33 `would reformat` lines).
    data = real(name)
    assert detect(data) == ContentType.TERMINAL
    original, view = _lines(counter, name)
    failing = [ln for ln in original if failed.match(ln)]
    assert len(failing) > 20 and all(f in view for f in failing)
    passing = sum(bool(clean.search(ln)) for ln in original)
    shown = sum(bool(clean.search(ln)) for ln in view)
    counted = sum(int(m[1]) for v in view if (m := re.search(r"(\d+) already-formatted file lines?\b", v)))
    assert passing > 5 and shown + counted == passing
    for line in original:
        if "would be reformatted" in line or "Oh no!" in line:
            assert line in view


def test_black_check_with_diff_is_still_a_diff_with_every_changed_line(counter):
    data = real("black-check-diff-head.txt")
    assert detect(data) == ContentType.DIFF
    original, view = _lines(counter, "black-check-diff-head.txt")
    assert all(ln in view for ln in original if ln[:1] in "+-" or ln.startswith(("would reformat", "Oh no")))
