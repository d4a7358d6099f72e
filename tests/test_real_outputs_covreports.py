"""Real coverage reports under tests/fixtures/real/covreports/ (coverage.py, istanbul, go): the
totals, every file's figures and its missing lines and branches stay; what only repeats them
(per-function copies of the file's lists, covered statements) is counted."""
from __future__ import annotations

import json
from pathlib import Path

from engine.compressors.json_array import JsonCompressor

REAL = Path(__file__).parent / "fixtures" / "real" / "covreports"
MARKER = "__caveman_elided__"
SUMMARY = "__caveman_invariants__"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def test_coverage_py_json_functions_and_classes_state_their_figures_not_repeat_the_file():
    # coverage json (7.x): every function and class record repeated a part of the file's line
    # lists and a 15-key summary, twice the size of the files' own data. Fully covered ones are
    # now one counted marker, the rest keep their counts and state their missing lists against
    # the file's (exactly: all of the file's over their range, or a subset of it).
    data = real("coverage_py_functions.json")
    original = json.loads(data)
    out = JsonCompressor().compress(data)
    assert out is not None
    view = json.loads(out)
    assert view["totals"] == original["totals"]
    for name, record in original["files"].items():
        shown = view["files"][name]
        assert shown["summary"] == record["summary"]
        assert shown["missing_lines"] == record["missing_lines"]
        assert shown["missing_branches"] == record["missing_branches"]
        for kind in ("functions", "classes"):
            parts, shown_parts = record[kind], shown[kind]
            full = [k for k, r in parts.items()
                    if r["summary"]["missing_lines"] == 0 and r["summary"]["missing_branches"] == 0]
            if full:
                marker = shown_parts[MARKER]
                assert marker[MARKER] == len(full)
                assert marker[SUMMARY].endswith("fully covered (no missing line or branch)")
            assert [k for k in shown_parts if k != MARKER] == [k for k in parts if k not in full]
            for k, part in parts.items():
                if k in full:
                    continue
                got = shown_parts[k]
                if MARKER in got:  # the whole file
                    assert got[SUMMARY] == "the whole file: its summary and line lists are the file's"
                    assert part["summary"] == record["summary"]
                    assert part["missing_lines"] == record["missing_lines"]
                    continue
                summary = part["summary"]
                assert got["summary"]["num_statements"] == summary["num_statements"]
                assert got["summary"]["covered_lines"] == summary["covered_lines"]
                assert got["summary"]["percent_covered_display"] == summary["percent_covered_display"]
                assert got["summary"].get("num_branches", 0) == summary["num_branches"]
                assert got["summary"].get("covered_branches", 0) == summary["covered_branches"]
                assert got.get("start_line") == part.get("start_line")
                for key in ("missing_lines", "missing_branches"):
                    items = part[key]
                    if len(items) <= 8:
                        assert got[key] == items
                        continue
                    (m,) = got[key]
                    assert m[MARKER] == len(items)
                    lines = [x[0] if isinstance(x, list) else x for x in items]
                    lo, hi = min(lines), max(lines)
                    span = [x for x in record[key] if lo <= (x[0] if isinstance(x, list) else x) <= hi]
                    what = "lines" if key == "missing_lines" else "branches from lines"
                    if span == items:
                        assert m[SUMMARY] == f"all the file's {key} over {what} {lo}..{hi}"
                    else:
                        assert all(x in record[key] for x in items)
                        assert m[SUMMARY] == f"{what} {lo}..{hi}, each among the file's {key}"
    assert len(out) < 0.5 * len(data)


def test_coverage_tables_keep_every_row_with_uncovered_lines():
    # istanbul's text table (c8 report, nyc, jest --coverage) and coverage.py's markdown
    # report, read as tables: rows were sampled (`… 6 rows elided: #6: 6 distinct, 8-10..22-47`),
    # their uncovered line ranges gone. Every row with anything uncovered stays; only fully
    # covered rows are elided, and the marker counts them.
    from engine.compressors.tabular import TabularCompressor

    for name, lines_col in (("c8_report_text.txt", 5), ("coverage_py_markdown.md", 7)):
        data = real(name)
        out = TabularCompressor().compress(data)
        original = data.decode().splitlines()
        view = original if out is None else out.decode().splitlines()
        rows = [s for s in original if s.count("|") >= 5 and not s.lstrip("|").startswith("-")]
        uncovered = [s for s in rows if s.split("|")[lines_col].strip() not in ("", "Uncovered Line #s", "Missing")]
        assert uncovered and [s for s in view if s in uncovered] == uncovered, name
        elided = 0
        for s in view:
            if "rows elided (caveman)" in s:
                count = int(s.split("… ", 1)[1].split()[0])
                elided += count
        full = [s for s in rows if s not in uncovered and "100" in s and s.split("|")[lines_col].strip() == ""
                and all(c.strip() in ("100", "100%") for c in s.split("|")[2 if name.endswith("txt") else 6:lines_col]
                        if c.strip())]
        assert len(view) + elided - sum("rows elided" in s for s in view) == len(original), name
        assert elided <= len(full), name


def test_go_coverprofile_keeps_every_block_never_run(counter):
    # `go test -coverprofile`'s file read as search hits: the blocks with count 0 (the
    # uncovered code) were elided as `… 386 search result lines elided: all in strings.go`.
    # Each stays; the markers count covered blocks only, and say so.
    import re

    from tests.real_views import original_and_view_lines

    line_marker = re.compile(r"^… (\d+) search result lines elided \(caveman\): (.*) …$")

    original, view = original_and_view_lines(counter, real("go_coverprofile.out"))
    never_run = [s for s in original if s.endswith(" 0")]
    assert len(never_run) == 18
    assert [s for s in view if s.endswith(" 0")] == never_run
    markers = [line_marker.match(s) for s in view if "(caveman)" in s]
    assert markers and all(m and m.group(2).startswith("all covered (count >= 1)") for m in markers)
    assert sum(int(m.group(1)) for m in markers) == len(original) - (len(view) - len(markers))


def test_istanbul_coverage_final_keeps_what_never_ran_with_its_location():
    # coverage-final.json (c8, nyc): sampled as a generic document, a file's `statementMap`
    # lost the entries whose `s` count is 0 (`… 27 entries elided: range start.line=4..30`):
    # where the uncovered code is. Each entry that never ran now stays with its location and
    # count; those that ran are one marker per map with their exact number.
    for name in ("c8_coverage_final.json", "nyc_coverage_final.json"):
        data = real(name)
        original = json.loads(data)
        out = JsonCompressor().compress(data)
        assert out is not None, name
        view = json.loads(out)
        assert list(view) == list(original), name  # every file named
        for path, record in original.items():
            shown = view[path]
            assert shown["path"] == record["path"]
            for loc_key, count_key in (("statementMap", "s"), ("fnMap", "f"), ("branchMap", "b")):
                counts = record[count_key]
                never = [k for k, c in counts.items() if c == 0 or (isinstance(c, list) and 0 in c)]
                ran = [k for k in counts if k not in never]
                got_locs, got_counts = shown[loc_key], shown[count_key]
                if not ran and len(counts) >= 2:  # a file never loaded: all its entries, counted
                    assert got_locs == {MARKER: {MARKER: len(counts), SUMMARY: got_locs[MARKER][SUMMARY]}}
                    assert got_locs[MARKER][SUMMARY].startswith(f"all {len(counts)} ")
                    assert got_counts[MARKER][SUMMARY] == f"all {len(counts)} counts 0"
                    continue
                for k in never:
                    assert got_locs[k] == record[loc_key][k] and got_counts[k] == counts[k], (path, k)
                if len(ran) >= 2:
                    assert got_locs[MARKER][MARKER] == got_counts[MARKER][MARKER] == len(ran)
                    assert [k for k in got_locs if k != MARKER] == never
                else:
                    assert got_locs == record[loc_key]
        assert len(out) < 0.75 * len(data), name


def test_istanbul_coverage_summary_keeps_every_file_not_fully_covered(counter):
    # coverage-summary.json: the files map was sampled (`… 3 entries elided: range
    # branches.pct=0..50`), each elided file's figures gone. The total and every file not
    # fully covered stay as they are; only files at 100 everywhere may be counted.
    from tests.real_views import engine_view

    data = real("c8_coverage_summary.json")
    original = json.loads(data)
    view = json.loads(engine_view(counter, data))
    full = [k for k, v in original.items() if k != "total"
            and all(v[m]["pct"] == 100 for m in ("lines", "statements", "functions", "branches"))]
    assert full
    for k, v in original.items():
        if k not in full:
            assert view[k] == v, k
    if MARKER in view:
        assert view[MARKER][MARKER] == len(full)
        assert [k for k in view if k != MARKER] == [k for k in original if k not in full]
    else:
        assert view == original


def test_coverage_py_html_file_page_says_which_lines_are_missing():
    # A file's page of `coverage html`, read as an article: its header (`310 statements 144 run
    # 166 missing …` in toggle buttons, `coverage.py v7.17.5, created at …`) was dropped and
    # every source line printed without its class: which lines never ran was lost. The header
    # stays; missing, partial (with coverage's explanation) and excluded lines are shown by
    # number, the rest counted.
    import re

    from engine.compressors.html import HtmlCompressor

    data = real("coverage_py_html_file.html")
    out = HtmlCompressor().compress(data)
    assert out is not None
    view = out.decode().splitlines()
    text = data.decode()
    assert view[0] == "Coverage for engine/compressors/toolout_js.py: 40%"
    assert view[1].startswith("310 statements") and view[1].endswith("144 run 166 missing 0 excluded 24 partial")
    assert view[2].endswith("coverage.py v7.17.5, created at 2026-12-01 17:34 +0000")
    classes = re.findall(r'<p class="([^"]*)"><span class="n"><a id="t(\d+)"', text)
    assert len(classes) == 140
    for cls, n in classes:
        word = "missing" if "mis" in cls.split() else "partial" if "par" in cls.split() else None
        if word:
            assert any(s.startswith(f"{n} {word}: ") for s in view), n
    for note in re.findall(r'<span class="annotate long">([^<]*)</span>', text):
        assert sum(f"[{note}]" in s for s in view) == text.count(f">{note}<")
    marker = re.compile(r"^… (\d+) lines elided \(caveman\): lines (\d+)\.\.(\d+), (\d+) run, (\d+) not statements …$")
    elided = 0
    for s in view:
        m = marker.match(s)
        if m:
            count, lo, hi, run, plain = map(int, m.groups())
            assert count == hi - lo + 1 == run + plain
            span = [c for c, n in classes if lo <= int(n) <= hi]
            assert sum("run" in c.split() for c in span) == run and sum(c == "pln" for c in span) == plain
            elided += count
    shown = [s for s in view[4:] if not marker.match(s)]
    assert elided + len(shown) == len(classes)


def test_coverage_py_html_index_keeps_its_header_and_totals():
    from engine.compressors.html import HtmlCompressor

    data = real("coverage_py_html_index.html")
    out = HtmlCompressor().compress(data)
    assert out is not None
    view = out.decode().splitlines()
    assert view[0] == "Coverage report: 29%"
    assert view[2] == "coverage.py v7.17.5, created at 2026-12-01 17:34 +0000"
    assert "Total | 32% | 17122 | 11715 | 40 | 21% | 7354 | 481 | 29%" in view
    assert "caveman_cli/app.py | 0% | 21 | 21 | 0 | 0% | 4 | 0 | 0%" in view
    assert "engine/compressors/access_status.py | 80% | 10 | 2 | 0 | 50% | 2 | 1 | 75%" in view


def test_lcov_tracefile_keeps_each_record_totals_and_what_never_ran(counter):
    # lcov.info (c8's lcov reporter), read as text sections: `… 42 sections elided` markers took
    # whole records' DA lines, LF/LH totals and end_of_record. Now SF, the totals and every
    # line with a 0 count stay; runs of hit lines are counted, runs of consecutive never-run
    # DA lines state their exact range.
    import re

    from tests.real_views import original_and_view_lines

    original, view = original_and_view_lines(counter, real("c8_lcov.info"))
    assert not any("sections elided" in s for s in view)
    for prefix in ("SF:", "LF:", "LH:", "FNF:", "FNH:", "BRF:", "BRH:", "end_of_record"):
        assert [s for s in view if s.startswith(prefix)] == [s for s in original if s.startswith(prefix)]
    assert [s for s in view if s.startswith("BRDA:") and s.endswith(",0")] == \
        [s for s in original if s.startswith("BRDA:") and s.endswith(",0")]
    assert [s for s in view if s.startswith("FNDA:0,")] == [s for s in original if s.startswith("FNDA:0,")]
    # the never-run DA lines: each shown, or inside a marker that states its exact range
    zero_marker = re.compile(r"^… (\d+) lines elided \(caveman\): DA lines (\d+)\.\.(\d+) \(every line number\), all with 0 hits …$")
    hit_marker = re.compile(r"^… (\d+) lines elided \(caveman\): (.*), none with a 0 count …$")
    rebuilt: list[str] = []
    for s in view:
        m = zero_marker.match(s)
        if m:
            count, lo, hi = map(int, m.groups())
            assert count == hi - lo + 1
            rebuilt.extend(f"DA:{n},0" for n in range(lo, hi + 1))
        elif hit_marker.match(s):
            rebuilt.append(s)
        else:
            rebuilt.append(s)
    assert [s for s in rebuilt if s.startswith("DA:") and s.endswith(",0")] == \
        [s for s in original if s.startswith("DA:") and s.endswith(",0")]
    hits = [int(hit_marker.match(s).group(1)) for s in view if hit_marker.match(s)]
    zeros = [int(zero_marker.match(s).group(1)) for s in view if zero_marker.match(s)]
    assert hits and zeros
    assert sum(hits) + sum(zeros) + len(view) - len(hits) - len(zeros) == len(original)


def test_go_cover_html_lists_files_and_numbers_the_code_never_run():
    # `go tool cover -html`: read as an article, the file list (`bytes/buffer.go (96.5%)` in a
    # <select>) was dropped and one file's source printed with nothing saying what never ran
    # (the `cov0` spans). Now every file with its percentage, then each file's lines holding
    # code never run, numbered, the rest counted.
    import re

    from engine.compressors.html import HtmlCompressor

    data = real("go_cover.html")
    text = data.decode()
    out = HtmlCompressor().compress(data)
    assert out is not None
    view = out.decode().splitlines()
    options = re.findall(r'<option value="file\d+">([^<]*)</option>', text)
    assert len(options) == 25
    assert view[2:2 + len(options)] == options
    for file_id, body in re.findall(r'<pre class="file" id="(file\d+)"[^>]*>(.*?)</pre>', text, re.S):
        name = options[int(file_id[4:])]
        section = view[view.index(f"## {name}") + 1:]
        section = section[:section.index("")]
        lines = re.sub(r"<[^>]+>", "", body).split("\n")
        never: set[int] = set()
        line = 1
        for piece in re.split(r'(<span class="cov0" title="0">.*?</span>)', body, flags=re.S):
            plain = re.sub(r"<[^>]+>", "", piece)
            if piece.startswith('<span class="cov0"'):
                for k, part in enumerate(plain.split("\n")):
                    if part.strip():
                        never.add(line + k)
            line += plain.count("\n")
        assert never
        shown = {int(s.split(" ", 1)[0]) for s in section if s.split(" ", 1)[0].isdigit() and " not covered: " in s}
        assert shown == never, name
        for n in never:
            assert f"{n} not covered: {lines[n - 1]}" in section
        marker = re.compile(r"^… (\d+) lines elided \(caveman\): lines (\d+)\.\.(\d+), no code that never ran …$")
        counted = 0
        for s in section:
            m = marker.match(s)
            if m:
                count, lo, hi = map(int, m.groups())
                assert count == hi - lo + 1 and not never & set(range(lo, hi + 1))
                counted += count
        assert counted + len(section) - sum(bool(marker.match(s)) for s in section) == len(lines)


def test_coverage_py_html_function_index_counts_only_fully_covered_rows():
    # function_index.html: every function's row not at 100% stays; runs of 100% rows are one
    # marker naming the files they are in (the page passed through whole before, or was read
    # as an article without its header).
    import re

    from engine.compressors.html import HtmlCompressor

    data = real("coverage_py_html_functions.html")
    text = data.decode()
    out = HtmlCompressor().compress(data)
    assert out is not None
    view = out.decode().splitlines()
    assert view[0] == "Coverage report: 89%"
    rows = re.findall(r'<tr class="region">(.*?)</tr>', text, re.S)
    assert len(rows) == 55
    cells = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)] for r in rows]
    shown_rows = [" | ".join(c for c in r if c and c != "&nbsp;") for r in cells]
    partial = [s for s, r in zip(shown_rows, cells) if r[-1] != "100%"]
    assert [s for s in view if s in shown_rows and s in partial] == partial
    marker = re.compile(r"^… (\d+) rows elided \(caveman\): all coverage 100%, in (.*) …$")
    counted = sum(int(marker.match(s).group(1)) for s in view if marker.match(s))
    shown_full = [s for s in view if s in shown_rows and s not in partial]
    assert counted + len(shown_full) == len(rows) - len(partial)
    assert counted > 25


def test_go_cover_func_keeps_every_function_under_100(counter):
    # `go tool cover -func`: passed through whole (rows differ by name, so none read as
    # repeats). Every function under 100% and the total stay; runs of 100.0% rows are counted,
    # the marker naming their file(s).
    import re

    from tests.real_views import original_and_view_lines

    original, view = original_and_view_lines(counter, real("go_cover_func.txt"))
    assert view[-1] == original[-1] == "total:\t\t\t\t\t(statements)\t\t\t94.7%"
    under = [s for s in original if s.endswith("%") and not s.endswith("100.0%")]
    assert len(under) > 100
    assert [s for s in view if s in under] == under
    marker = re.compile(r"^… (\d+) search result lines elided \(caveman\): all functions at 100\.0%, in (.*) …$")
    counted = [int(marker.match(s).group(1)) for s in view if "(caveman)" in s]
    assert counted and sum(counted) == len(original) - (len(view) - len(counted))


def test_coverage_py_json_contexts_all_alike_are_one_marker():
    # `coverage json --show-contexts` without dynamic contexts: every executed line of every
    # file, function and class maps to [""], kept whole. A map whose lines all share one
    # context list is one marker saying so (a map of differing contexts stays whole).
    data = real("coverage_py_contexts.json")
    original = json.loads(data)
    out = JsonCompressor().compress(data)
    assert out is not None
    view = json.loads(out)
    for name, record in original["files"].items():
        shown = view["files"][name]
        assert shown["missing_lines"] == record["missing_lines"]
        contexts = record["contexts"]
        assert len(contexts) > 8 and all(v == [""] for v in contexts.values())
        lines = sorted(int(k) for k in contexts)
        assert shown["contexts"] == {MARKER: {MARKER: len(contexts), SUMMARY:
                                              f'all {len(contexts)} lines ({lines[0]}..{lines[-1]}): contexts [""]'}}
    assert len(out) < 0.2 * len(data)
