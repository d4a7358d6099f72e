"""Real floods of repeated diagnostics (ciflood), trimmed excerpts under tests/fixtures/real/ciflood/:
a GitHub Actions job log full of lint annotations, rustc warnings without a code. Every error
stays; repeats of one kind are counted per kind in the marker; the counts are exact."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from engine.compressors.toolout_findings import message_shape, _shape_label
from tests.real_views import MARKER, original_and_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "ciflood"
_STAMP = re.compile(r"^\d{4}-\d\d-\d\dT[\d:.]+Z ")
_COUNT = re.compile(r'("[^"]*"|\S+)×(\d+)')


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _elided_runs(original: list[str], view: list[str]) -> list[tuple[str, list[str]]]:
    """(marker summary, the original lines it stands for), in order: view lines are traced to
    the original in order, a marker's lines are the ones between its neighbours."""
    runs = []
    at = 0
    pending = None
    plain = [line.rstrip() for line in original]  # (the view trims line ends)
    for v in view:
        m = MARKER.match(v)
        if m:
            pending = (m[2], int(m[1]), at)
            continue
        k = plain.index(v.rstrip(), at)
        if pending is not None:
            summary, n, start = pending
            assert k - start == n, (summary, k - start)
            runs.append((summary, original[start:k]))
            pending = None
        at = k + 1
    return runs


def test_actions_log_thins_repeated_lint_annotations_and_keeps_every_error(counter):
    # pylint --output-format github in an Actions job log: the runner shows each annotation as
    # `##[warning]msg` with no place and no rule. Every warning stayed (the prefix layer refused
    # any view hiding one), 220 warnings in a 600-line excerpt. Now one per message shape, the
    # rest counted per shape; every `##[error]` is shown.
    original, view = original_and_view_lines(counter, real("gha-pylint-annotations.log"))
    assert all(line in view for line in original if "##[error]" in line)
    shown = [v for v in view if "##[warning]" in v]
    assert len(shown) < 100 < sum("##[warning]" in line for line in original)
    kinds = {message_shape(_STAMP.sub("", v)[len("##[warning]"):]) for v in shown}
    for summary, lines in _elided_runs(original, view):
        if "Actions group" in summary:
            continue
        bodies = [_STAMP.sub("", line) for line in lines]
        assert all(b.startswith(("##[warning]", "##[notice]", "*************")) for b in bodies), summary
        for b in bodies:
            if b.startswith("##[warning]"):
                assert message_shape(b[len("##[warning]"):]) in kinds
        # the per-kind counts are those of the elided annotations
        elided = Counter(_shape_label(b.split("]", 1)[1]) for b in bodies if b.startswith("##["))
        stated = {k: int(c) for k, c in _COUNT.findall(re.sub(r" \+\d+ more rules×\d+", "", summary.split(";")[0]))}
        assert sum(stated.values()) <= sum(elided.values())
        for label, c in stated.items():
            assert elided[label] == c, (label, summary)


def test_rustc_warnings_without_a_code_are_counted_per_message_shape(counter):
    # cargo build: 360 warnings, none with a code on its headline (`warning: unused variable:
    # `unused_0``), and one error. The marker said `uncoded×357`; now it names each kind.
    original, view = original_and_view_lines(counter, real("cargo-uncoded-flood-error.out"))
    error = original.index("error[E0308]: mismatched types")
    assert original[error:error + 7] == view[1:8]  # the error's block, whole
    assert view[-1] == "error: could not compile `warnlib` (lib) due to 1 previous error; 360 warnings emitted"
    runs = _elided_runs(original, view)
    big = max(runs, key=lambda r: len(r[1]))
    heads = [line for line in big[1] if line.startswith("warning: ")]
    per_kind = Counter(_shape_label(h[len("warning: "):]) for h in heads)
    assert big[0].startswith(f"{len(heads)} findings like those shown: ")
    assert dict((k, int(c)) for k, c in _COUNT.findall(big[0])) == dict(per_kind)
    assert set(per_kind) == {"\"unused variable: '*'\"", '"variable does not need to be mutable"'}


def test_shape_label_masks_names_and_numbers_and_says_when_cut():
    assert _shape_label("unused variable: `unused_12`") == "\"unused variable: '*'\""
    assert _shape_label("Line too long (112/100)") == '"Line too long (N/N)"'
    long = _shape_label("Redefining name 'theme' from outer scope (line 114)")
    assert long == "\"Redefining name '*' from outer scope...\""


# ---------------------------------------------------------------- clang-format --dry-run

_FORMAT_HEAD = re.compile(r"^(\S+?):\d+:\d+: (warning|error): code should be clang-formatted \[-Wclang-format-violations\]$")


def _files_stated(summary: str) -> dict[str, int]:
    files = summary.split(" in ", 1)[1].split(";")[0].split()
    return {f.rsplit("×", 1)[0]: int(f.rsplit("×", 1)[1]) if "×" in f else 1 for f in files}


def test_clang_format_marker_names_every_file_with_its_count(counter):
    # clang-format --dry-run: one finding per misformatted spot, one kind. The marker said
    # `-Wclang-format-violations×107` and named no file: which files to format was lost.
    original, view = original_and_view_lines(counter, real("clang-format-dry-run.out"))
    ((summary, lines),) = _elided_runs(original, view)
    elided = Counter(m[1] for line in lines if (m := _FORMAT_HEAD.match(line)))
    assert sum(elided.values()) == 107
    assert summary.startswith("107 findings like those shown: -Wclang-format-violations×107 in ")
    assert _files_stated(summary) == dict(elided)
    assert list(_files_stated(summary)) == ["c/base16dec.c", "c/gzjoin.c", "c/rsa-sign.c", "c/sha-example.c", "c/zpipe.c"]


def test_clang_format_werror_verdicts_are_error_lines_that_all_stay(counter):
    # --Werror makes every finding `error: code should be clang-formatted`: an error line, which
    # the product never drops, however formulaic. The view may not hide one of the 130.
    original, view = original_and_view_lines(counter, real("clang-format-dry-werror.out"))
    heads = [line for line in original if _FORMAT_HEAD.match(line)]
    assert len(heads) == 130
    assert [v for v in view if _FORMAT_HEAD.match(v)] == heads


# ---------------------------------------------------------------- pycodestyle --show-pep8

_PEP8_HEAD = re.compile(r"^(\S+?):(\d+):(\d+): ([EWC]\d{3}) ")


def test_pycodestyle_show_pep8_is_lint_output_each_code_once(counter):
    # --show-pep8 prints the check's docstring (prose and `Okay:` examples) under every finding:
    # 56 findings in 1,448 lines read as prose, and the text view kept every explanation's
    # opening paragraph. Now lint output: each code's first finding shown, the others counted.
    from engine.detect import detect
    from engine.types import ContentType

    data = real("pycodestyle-show-pep8.out")
    assert detect(data) == ContentType.TERMINAL
    original, view = original_and_view_lines(counter, data)
    heads = [line for line in original if _PEP8_HEAD.match(line)]
    shown = [v for v in view if _PEP8_HEAD.match(v)]
    assert {_PEP8_HEAD.match(v)[4] for v in shown} == {_PEP8_HEAD.match(h)[4] for h in heads}
    counted = 0
    for summary, lines in _elided_runs(original, view):
        elided = Counter(_PEP8_HEAD.match(line)[4] for line in lines if _PEP8_HEAD.match(line))
        assert dict((k, int(c)) for k, c in _COUNT.findall(summary)) == dict(elided)
        counted += sum(elided.values())
    assert len(shown) + counted == len(heads) == 56
    assert len(view) < 25


# ---------------------------------------------------------------- yamllint

_YAML_STD = re.compile(r"^  \d+:\d+ +(error|warning) +.*  \(([\w-]+)\)$")
_YAML_PARSABLE = re.compile(r"^[^\s:][^:]*:\d+:\d+: \[(error|warning)\] .* \(([\w-]+)\)$")


def _yamllint_counts_hold(original: list[str], view: list[str], finding: re.Pattern) -> None:
    rules = {finding.match(line)[2] for line in original if finding.match(line)}
    assert rules <= {finding.match(v)[2] for v in view if finding.match(v)}  # each rule shown
    for summary, lines in _elided_runs(original, view):
        elided = Counter(m[2] for line in lines if (m := finding.match(line)))
        stated = {k: int(c) for k, c in _COUNT.findall(re.sub(r" \+\d+ more rules×\d+", "", summary))}
        assert all(elided[k] == c for k, c in stated.items()), summary
        assert summary.startswith(f"{sum(elided.values())} finding")
    assert all(line in view for line in original if (m := finding.match(line)) and m[1] == "error")


def test_yamllint_parsable_is_lint_output_not_search_hits(counter):
    # `-f parsable` (`path:L:C: [error] msg (rule)`) read as search hits and passed through
    # (an 890 KB run stayed whole). Now lint output: its warnings thinned per rule, every
    # error kept (as in the standard format: the level is the project's config).
    from engine.detect import detect
    from engine.types import ContentType

    data = real("yamllint-parsable.out")
    assert detect(data) == ContentType.TERMINAL
    original, view = original_and_view_lines(counter, data)
    assert any(line.endswith("(syntax)") for line in original)
    warnings = [v for v in view if (m := _YAML_PARSABLE.match(v)) and m[1] == "warning"]
    assert len(warnings) < 30 < 160 < sum(1 for line in original if "] missing document start" in line or "[warning]" in line)
    _yamllint_counts_hold(original, view, _YAML_PARSABLE)


# ---------------------------------------------------------------- sphinx -n -W

_SPHINX_WARNING = re.compile(r"^\S+:\d+: WARNING: .* \[([\w.]+)\]$")


def test_sphinx_nitpicky_warnings_are_counted_by_their_dotted_type(counter):
    # sphinx names each warning's type last, dotted (`[ref.class]`): it was not read as a rule,
    # and the marker counted the flood `uncoded×295`. Now per type, exactly.
    original, view = original_and_view_lines(counter, real("sphinx-nitpicky-W.out"))
    assert "build finished with problems, 600 warnings (with warnings treated as errors)." in view
    runs = [(s, lines) for s, lines in _elided_runs(original, view) if "findings" in s]
    ((summary, lines),) = runs
    elided = Counter(m[1] for line in lines if (m := _SPHINX_WARNING.match(line)))
    assert summary == f"{len(lines)} findings like those shown: " + " ".join(
        f"{k}×{c}" for k, c in sorted(elided.items(), key=lambda kv: (-kv[1], kv[0])))
    assert set(elided) == {"ref.class", "ref.func", "ref.ref"}


# ---------------------------------------------------------------- pylint --output-format github

_COMMAND = re.compile(r"^::(error|warning|notice) file=([^,]+),line=(\d+),.*,title=(\w+)::(.*)$")


def test_workflow_command_annotations_thinned_per_rule_every_error_kept(counter):
    # pylint's `::notice file=...,title=C0116::msg` lines (270 notices, 89 warnings, 51 errors):
    # each was an unread line, and a marker's facts read `title: C0103::Argument..R1710::Either`
    # (the message's first word taken into the title). Now findings with their rule: every
    # error shown, notices thinned per rule and counted, the title only the rule.
    original, view = original_and_view_lines(counter, real("pylint-github-annotations.out"))
    assert all(line in view for line in original if line.startswith("::error "))
    notices = [v for v in view if v.startswith("::notice ")]
    assert len(notices) < 140 < 270 == sum(line.startswith("::notice ") for line in original)
    for summary, lines in _elided_runs(original, view):
        found = [m for line in lines if (m := _COMMAND.match(line))]
        assert all(m[1] != "error" for m in found)
        if found:
            per_rule = Counter(m[4] for m in found)
            head = summary.split(";")[0]
            assert head == f"{len(found)} finding{'s' if len(found) > 1 else ''} like those shown: " + " ".join(
                f"{k}×{c}" for k, c in sorted(per_rule.items(), key=lambda kv: (-kv[1], kv[0])))
        assert "::" not in summary


# ---------------------------------------------------------------- hadolint

_HADOLINT = re.compile(r"^(\S+):\d+ ((?:DL|SC)\d{4}) (error|warning|info|style): ")


def test_hadolint_findings_are_lint_output_counted_per_rule(counter):
    # hadolint on 30 Dockerfiles read as a log: its info lines went under bare markers
    # (`… 3 lines elided (caveman) …`), its 210 warnings all stayed. Now lint findings: every
    # error shown, warnings and info thinned per rule, each marker counting its rules exactly.
    from engine.detect import detect
    from engine.types import ContentType

    data = real("hadolint-30-files.out")
    assert detect(data) == ContentType.TERMINAL
    original, view = original_and_view_lines(counter, data)
    assert all(line in view for line in original if " error: " in line)
    assert len(view) * 2 < len(original)
    rules = {m[2] for line in original if (m := _HADOLINT.match(line))}
    assert rules == {m[2] for v in view if (m := _HADOLINT.match(v))}
    for summary, lines in _elided_runs(original, view):
        per_rule = Counter(m[2] for line in lines if (m := _HADOLINT.match(line)))
        assert len(lines) == sum(per_rule.values())
        assert summary == f"{len(lines)} findings like those shown: " + " ".join(
            f"{k}×{c}" for k, c in sorted(per_rule.items(), key=lambda kv: (-kv[1], kv[0])))


# ---------------------------------------------------------------- pytest's warnings summary

_WARNING_AT = re.compile(r"^  (\S+):(\d+): DeprecationWarning: ")


def test_pytest_deprecation_from_many_places_is_one_entry_and_every_place(counter):
    # One deprecated call made from 201 places: each entry has its own location, so keeping
    # one per (location, category, message) kept all 201 (804 lines passed through). Now one
    # entry stays and the marker lists every other place, by file, exactly.
    original, view = original_and_view_lines(counter, real("pytest-deprecation-40files.out"))
    assert "1 failed, 200 passed, 201 warnings in 1.73s" in view
    assert "FAILED test_m17.py::test_broken - assert 1 == 2" in view
    ((summary, lines),) = _elided_runs(original, view)
    places = [(m[1], m[2]) for line in lines if (m := _WARNING_AT.match(line))]
    assert len(places) == 200
    from engine.compressors.toolout_where import describe_locations

    assert summary == (f"200 findings like those shown: DeprecationWarning×200 at {describe_locations(places)}; "
                       "601 lines under them")
    assert sum(bool(_WARNING_AT.match(v)) for v in view) == 1
