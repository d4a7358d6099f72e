"""Real machine reports an agent cats (trimmed excerpts under tests/fixtures/real/xmlreports/):
Cobertura coverage.xml from `coverage xml`, SARIF and other JSON written under a logger's
lines."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.text import TextCompressor
from engine.compressors import xml_runs
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "xmlreports"
MARKER = re.compile(r"^\s*… (\d+) lines elided \(caveman\): (\d+) (?:passing )?<(\w+)> elements(.*) …$")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ---------------------------------------------------------------- Cobertura coverage.xml


def test_coverage_xml_keeps_every_class_and_folds_its_line_elements():
    # Read as sections, the report kept 1 of its 3 `<class filename=… line-rate=…>` lines: the
    # list of files (and their rates) an agent reads coverage.xml for was cut.
    data = real("coverage_xml_three_classes.xml")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    original = data.decode().split("\n")
    lines = view.split("\n")
    for ln in original:
        if "<line " not in ln:
            assert ln in lines  # every container line: classes, packages, <lines>, closers
    markers = [MARKER.match(ln) for ln in lines if "(caveman)" in ln]
    assert len(markers) == 3 and all(markers)
    # Each marker counts exactly the `<line>` elements not shown.
    shown = sum(1 for ln in lines if "<line " in ln)
    assert shown + sum(int(m.group(1)) for m in markers) == sum(1 for ln in original if "<line " in ln)
    assert all(m.group(1) == m.group(2) and m.group(3) == "line" for m in markers)


def test_coverage_xml_marker_lists_exactly_the_uncovered_lines_it_elided():
    data = real("coverage_xml_three_classes.xml")
    view = TextCompressor().compress(data).decode()
    missed_all = {int(n) for n in re.findall(r'<line number="(\d+)" hits="0"', data.decode())}
    numbers = [int(n) for n in re.findall(r'<line number="(\d+)"', data.decode())]
    listed: set[int] = set()
    for ln in view.split("\n"):
        shown = re.search(r'<line number="(\d+)" hits="0"', ln)
        if shown:
            listed.add(int(shown.group(1)))
        found = re.search(r"hits=0 at ([\d, -]+)", ln)
        if found:
            for span in found.group(1).split(", "):
                lo, _, hi = span.partition("-")
                # a span runs over consecutive <line> elements: every statement in it never ran
                listed.update(n for n in numbers if int(lo) <= n <= int(hi or lo))
    assert listed == missed_all
    assert "; hits=0 at 38, 44-52, 57-63, 68, 73-99, 107-142, 146-156, 163-175, 179, 192-193 …" in view


def test_coverage_xml_branch_lines_keep_their_odd_partial_branch():
    # `coverage run --branch`: the one statement with a missed branch is shaped unlike its run.
    data = real("coverage_xml_branch.xml")
    view = TextCompressor().compress(data).decode()
    partial = '<line number="30" hits="0" branch="true" condition-coverage="0% (0/2)" missing-branches="31,32"/>'
    assert partial in view
    assert '<class name="test_calc.py" filename="test_calc.py"' in view
    assert '<class name="calc.py" filename="calc.py"' in view


def test_xml_without_long_leaf_runs_is_left_whole():
    # A pom's or fonts.conf's short sibling groups are the document: nothing to fold, and the
    # section reader may not thin it either.
    body = "\n".join(["<?xml version=\"1.0\"?>", "<project>", "  <dependencies>"]
                     + [f"    <dependency><groupId>g{i}</groupId><artifactId>a{i}</artifactId></dependency>"
                        for i in range(40)]
                     + ["  </dependencies>", "</project>"]) + "\n"
    assert xml_runs.is_document(body)
    assert xml_runs.fold(body) is None
    view = TextCompressor().compress(body.encode())
    assert view is None


def test_problem_leaves_are_never_folded():
    rows = [f'  <item id="{i}" state="ok"/>' for i in range(30)]
    rows[17] = '  <item id="17" state="error" message="disk full"/>'
    body = "\n".join(["<?xml version=\"1.0\"?>", "<items>"] + rows + ["</items>"]) + "\n"
    out = xml_runs.fold(body)
    assert out is not None
    assert rows[17] in out.split("\n")
    assert "  … 15 lines elided (caveman): 15 <item> elements; all state=ok; range id=2..16 …" in out


# ---------------------------------------------------------------- JSON under a logger's lines


def test_bandit_sarif_under_its_logger_lines_is_framed_json():
    # bandit logs `[main]\tINFO …` above its SARIF: the first `[`-led line is no JSON, and the
    # document was read as text, its per-file metrics thinned by lines (a file's
    # `"SEVERITY.MEDIUM": 1` could go while its `"loc"` stayed).
    from engine.compressors.json_array import JsonCompressor
    from engine.compressors.json_framed import plausible

    data = real("bandit_sarif_logged.txt")
    assert plausible(data)
    assert detect(data) == ContentType.JSON
    view = JsonCompressor().compress(data).decode()
    assert view.startswith("[main]\tINFO\tprofile include tests: None\n")
    assert "[main]\tINFO\trunning on Python 3.11.7\n{" in view
    for rule in re.findall(r'"ruleId": "(B\d+)"', data.decode()):
        assert f'"ruleId": "{rule}"' in view
    # the one file with findings keeps its metrics; the elided ones are stated all zero
    assert '"engine/ccr/sqlite.py": {"loc": 327,"nosec": 0,"skipped_tests": 0,"SEVERITY.UNDEFINED": 0,"SEVERITY.LOW": 0,"SEVERITY.MEDIUM": 1' in view
    assert "SEVERITY.MEDIUM=0" in view


def test_a_log_led_by_bracketed_levels_is_still_no_json():
    log = "".join(f"[main]\tINFO\tstep {i} done\n" for i in range(30)).encode()
    from engine.compressors.json_framed import plausible

    assert not plausible(log)
    assert detect(log) != ContentType.JSON


# ---------------------------------------------------------------- pytest's junit.xml, one line


def test_pytest_junitxml_on_one_line_is_split_at_its_tags_and_its_passing_cases_folded():
    # pytest writes its report with every test case on one line: read as code (its failure
    # texts' `def`, `assert`), it passed through whole.
    data = real("pytest_junitxml_one_line.xml")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    lines = view.split("\n")
    assert lines[:3] == [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<testsuites name="pytest tests">',
        '<testsuite name="pytest" errors="0" failures="4" skipped="1" tests="55" time="0.540" '
        'timestamp="2026-11-30T23:23:16.669507+00:00" hostname="vm">',
    ]
    # every failure (its message, its whole text) and the skip, in place under its test case
    for failure in re.findall(r"<testcase [^>]*[^/]><failure.*?</failure>", data.decode(), re.S):
        case, rest = failure.split("><failure", 1)
        assert f"{case}>\n<failure{rest}" in view
    assert '<skipped type="pytest.skip" message="locale support not written">' in view
    markers = [MARKER.match(ln) for ln in lines if "(caveman)" in ln]
    assert [m.group(0) for m in markers] == [
        "… 40 lines elided (caveman): 40 passing <testcase> elements; all classname=test_calc; "
        "name: 40 distinct, test_mean[xs0]..test_parse_amount[$39,000.50-39000.5]; range time=0.000..0.013 …"
    ]
    shown = sum(1 for ln in lines if ln.startswith("<testcase "))
    assert shown + 40 == data.decode().count("<testcase ")


def test_split_keeps_an_empty_element_on_one_line():
    from engine.compressors.xml_runs import split_elements

    assert split_elements('<a><b x="1"></b><c/></a>') == '<a>\n<b x="1"></b>\n<c/>\n</a>'


def test_a_run_of_bare_names_is_a_list_kept_whole():
    # a pom's twelve `<module>` entries are the list the agent asked for, not records to count
    body = "\n".join(["<?xml version=\"1.0\"?>", "<project>", "  <modules>"]
                     + [f"    <module>service-{i}</module>" for i in range(12)]
                     + ["  </modules>", "  <properties>"]
                     + [f'    <property name="p{i}" value="v"/>' for i in range(12)]
                     + ["  </properties>", "</project>"]) + "\n"
    out = xml_runs.fold(body)
    assert out is not None
    for i in range(12):
        assert f"    <module>service-{i}</module>" in out
    assert "    … 9 lines elided (caveman): 9 <property> elements; all value=v; name: 9 distinct, p2..p10 …" in out


def test_a_query_keeps_the_leaves_it_names():
    data = real("coverage_xml_three_classes.xml")
    plain = TextCompressor().compress(data).decode()
    asked = TextCompressor().compress_query(data, 'number="120"').decode()
    target = '<line number="120" hits="0"/>'
    assert target not in plain
    assert target in asked


# ---------------------------------------------------------------- TOML lock files


def _packages(text: str) -> list[tuple[str, str]]:
    return re.findall(r'^\[\[package\]\]\nname = "([^"]+)"\nversion = "([^"]+)"$', text, re.M)


def _view_keeps_every_package(data: bytes) -> None:
    from engine.compressors.config import ConfigCompressor

    out = ConfigCompressor().compress(data)
    view = data.decode() if out is None else out.decode()  # declined: passed through whole
    for name, version in _packages(data.decode()):
        assert f'name = "{name}"\nversion = "{version}"' in view


def test_uv_lock_is_config_not_a_log_and_keeps_every_resolved_version():
    # Its wheels' `upload-time = "2025-10-14T04:40:49Z"` stamps made it a log, and the log
    # view elided packages' `version = ` lines among look-alike wheel lines.
    data = real("uv_lock_excerpt.toml")
    assert len(_packages(data.decode())) == 8
    assert detect(data) == ContentType.CONFIG
    _view_keeps_every_package(data)


def test_poetry_lock_is_config_and_keeps_every_resolved_version():
    data = real("poetry_lock_excerpt.toml")
    assert len(_packages(data.decode())) == 14
    assert detect(data) == ContentType.CONFIG  # was code (its `[package.dependencies]` braces)
    _view_keeps_every_package(data)


def test_cargo_lock_keeps_every_package_version():
    # 30 workspace crates: the config view kept 4 of their `version = ` lines (look-alikes to
    # keepNonRedundant) under `# … N config lines elided` markers.
    data = real("cargo_workspace.lock")
    assert len(_packages(data.decode())) == 30
    assert detect(data) == ContentType.CONFIG
    _view_keeps_every_package(data)


# ---------------------------------------------------------------- surefire's TEST-*.xml


def test_surefire_report_counts_its_system_properties_and_keeps_every_failure():
    # surefire writes the JVM's 49 system properties above the results: they filled two thirds
    # of the view as "other" lines no rule elided.
    from engine.compressors.terminal import TerminalCompressor

    data = real("surefire_TEST-LedgerTest.xml")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data).decode()
    lines = view.split("\n")
    assert lines[2:5] == [
        "  <properties>",
        '… 49 lines elided (caveman): 49 JUnit <property> lines; name: 49 distinct, "basedir".."user.name" …',
        "  </properties>",
    ]
    for case in ("transferMoves", "withdrawLeavesRemainder", "overdraftThrows", "nullAccount", "skipped"):
        assert f'<testcase name="{case}" classname="com.acme.ledger.LedgerTest"' in view
    assert "Caused by: java.lang.IllegalStateException: insufficient funds in a" in view
    assert '    <skipped message="flaky"/>' in view
