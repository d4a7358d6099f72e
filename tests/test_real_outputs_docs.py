"""Documents an agent reads with cat or a read tool (trimmed real files under
tests/fixtures/real/docs/): OpenAPI specs, CSV data sets shipped in PyPI packages,
Kubernetes manifests, and the same through a numbered gutter."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine.compressors.json_array import HTTP_METHODS
from engine.detect import detect
from engine.types import ContentType
from tests.real_views import engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "docs"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _routes_in_view(view: dict) -> dict[str, list[str]]:
    """Each route of the view's `paths` with its operations: shown, or named in a marker."""
    out: dict[str, list[str]] = {}
    for key, value in view["paths"].items():
        if not key.startswith("__caveman_elided__"):
            out[key] = [m for m in HTTP_METHODS if m in value]
            continue
        names = value["__caveman_names__"]
        prefix = ""
        if names.startswith("under "):
            prefix, names = names[len("under "):].split(": ", 1)
        listed = names.split(" ")
        assert len(listed) == value["__caveman_elided__"]
        for item in listed:
            m = re.fullmatch(r"(\S+?)(?:\[([a-z,]+)\])?", item)
            assert m is not None
            out[prefix + m.group(1)] = m.group(2).split(",") if m.group(2) else []
    return out


def test_openapi_paths_map_names_every_elided_route_with_its_operations(counter) -> None:
    # The `paths` of GitHub's OpenAPI spec (the /gists routes, from @octokit/openapi) were
    # collapsed to `"__caveman_elided__": {"__caveman_elided__": 2, …}`: the routes
    # /gists/{gist_id}/commits and /forks were gone from the view. Every route now stays,
    # shown or named in the marker with its operations.
    data = real("openapi-gists.json")
    view = engine_view(counter, data)
    assert '"__caveman_names__": "under /gists/{gist_id}/: commits[get] forks[get,post]"' in view
    original = json.loads(data)
    expected = {route: [m for m in HTTP_METHODS if m in item] for route, item in original["paths"].items()}
    assert _routes_in_view(json.loads(view)) == expected


ROW_MARKER = re.compile(r'^"?… (\d+) rows elided \(caveman\)(?:: (.*?))? …"?,*$')


def _check_row_markers(data: bytes, view: str) -> tuple[int, int]:
    """Kept rows are original lines in order; each marker counts the rows between its
    neighbours, and every `range name=lo..hi` it states holds for those rows. Returns
    (rows kept, rows elided)."""
    lines = data.decode().splitlines()
    header = lines[0].replace('"', "").split(",")
    rows = lines[1:]
    shown = view.splitlines()
    assert shown[0] == lines[0]
    cursor, kept, elided = 0, 0, 0
    pending: tuple[int, str] | None = None
    for line in shown[1:]:
        if line.startswith('"… caveman: elided rows'):
            continue
        m = ROW_MARKER.match(line)
        if m:
            pending = (int(m.group(1)), m.group(2) or "")
            continue
        at = rows.index(line, cursor)
        if pending is not None:
            count, summary = pending
            assert at - cursor == count
            run = [r.split(",") for r in rows[cursor:at]]
            for name, lo, hi in re.findall(r"(\w+)=([-\d.]+)\.\.([-\d.]+)", summary.split("range ", 1)[-1]
                                           if "range " in summary else ""):
                values = [float(r[header.index(name)]) for r in run]
                assert (min(values), max(values)) == (float(lo), float(hi))
            elided += count
            pending = None
        else:
            assert at == cursor  # no row vanished without a marker
        kept += 1
        cursor = at + 1
    assert pending is None and cursor == len(rows)
    return kept, elided


def test_numeric_data_set_without_a_name_column_folds_its_rows_under_ranges(counter) -> None:
    # statsmodels' fair.csv: nine columns of survey codes and a rate, 6,366 rows. Compared
    # by their eight categorical cells the rows all looked different (a "list"), so the
    # table passed through whole (129k tokens). Measurements are no list of names: the rows
    # now fold under markers stating each column's range; extremes and firsts stay.
    data = real("statsmodels-fair-head.csv")
    view = engine_view(counter, data)
    kept, elided = _check_row_markers(data, view)
    assert kept + elided == 1500 and elided > 1300
    for extreme in ("5,22,2.5,1,1,14,3,5,57.5999908", "3,17.5,0.5,0,1,12,3,2,7"):
        assert extreme in view.splitlines()


def test_dated_series_folds_and_keeps_its_first_missing_reading(counter) -> None:
    # statsmodels' co2.csv: a weekly series, `date,co2`, some readings blank. With no
    # categorical column it counted as a list and passed through whole; now its runs fold,
    # and the first row with a blank reading (the odd shape) stays.
    data = real("statsmodels-co2-head.csv")
    view = engine_view(counter, data)
    kept, elided = _check_row_markers(data, view)
    assert kept + elided == 1200 and elided > 1000
    assert "19580510," in view.splitlines()
    assert "19580329,316.1" in view.splitlines()


def test_hourly_series_with_iso_time_stamps_folds(counter) -> None:
    # statsmodels' mstl_elec_vic.csv: `ds,y` with `2012-01-01 00:00:00` stamps. A stamp is
    # no number, so the rows read as a list of names and passed through whole.
    data = real("statsmodels-mstl-elec-head.csv")
    view = engine_view(counter, data)
    kept, elided = _check_row_markers(data, view)
    assert kept + elided == 1000 and elided > 950
    assert view.splitlines()[1] == "2012-01-01 00:00:00,7926.529376"


def test_csv_under_a_source_comment_is_a_table(counter) -> None:
    # matplotlib's sample Stocks.csv opens with `# Data source: …` above its header: one line
    # not of the table's width, so the file was text and passed through whole. The preamble
    # is now shown as written above the table, whose runs fold.
    data = real("matplotlib-stocks-head.csv")
    assert detect(data) == ContentType.TABULAR
    view = engine_view(counter, data)
    lines = data.decode().splitlines()
    assert view.splitlines()[:2] == lines[:2]
    kept, elided = _check_row_markers("\n".join(lines[1:]).encode() + b"\n", "\n".join(view.splitlines()[1:]))
    assert kept + elided == 198 and elided > 150
    assert "1990-02-05,,,,,,,,,," in view.splitlines()  # the first day with no prices: the odd row


def test_scikit_learn_csv_with_its_count_line_is_a_table(counter) -> None:
    # scikit-learn's wine_data.csv: `178,13,class_0,class_1,class_2`, then 178 rows of 14
    # numbers. The count line's width differs, so the file was text; now it stands above a
    # headerless table whose markers name columns `#1`, `#2`, ….
    data = real("sklearn-wine-data.csv")
    assert detect(data) == ContentType.TABULAR
    view = engine_view(counter, data)
    shown = view.splitlines()
    assert shown[0] == "178,13,class_0,class_1,class_2"
    assert shown[1] == data.decode().splitlines()[1]
    markers = [ln for ln in shown if ln.startswith("… ") and "rows elided (caveman)" in ln]
    assert markers and all("#1=" in m for m in markers if "range" in m)
    counts = sum(int(m.split()[1]) for m in markers)
    assert counts + sum(1 for ln in shown[1:] if not ln.startswith(("…", '"…'))) == 178


def test_markdown_changelog_with_an_html_release_table_is_a_document(counter) -> None:
    # Node.js's CHANGELOG.md: a list of release lines, then a `<table>` of release links a
    # line each. The 99-line HTML block read as a program's output, so the whole file was read
    # by lines and thinned as look-alikes: `* [Node.js 18](…) Long Term Support`, the one LTS
    # line among End-of-Life ones, went into `… 15 sections elided (caveman) …`, and so did
    # 99 release links. A document's list is no repetition: it is shown whole.
    data = real("nodejs-changelog-head.md")
    view = engine_view(counter, data)
    assert "* [Node.js 18](doc/changelogs/CHANGELOG_V18.md) Long Term Support" in view.splitlines()
    assert '<a href="doc/changelogs/CHANGELOG_V20.md#20.19.6">20.19.6</a><br/>' in view.splitlines()
    assert "elided (caveman)" not in view


def _documents(lines: list[str]) -> list[tuple[int, int, str, str]]:
    """(first, end, kind, name) of each `---`-separated document."""
    docs, start = [], 0
    for i, line in enumerate(lines + ["---"]):
        if line == "---":
            body = lines[start:i]
            kind = next(ln[len("kind: "):] for ln in body if ln.startswith("kind: "))
            name = next(ln[len("  name: "):] for ln in body if ln.startswith("  name: "))
            docs.append((start, i, kind, name))
            start = i + 1
    return docs


def test_kubernetes_objects_keep_their_own_values_and_markers_name_the_object_they_repeat(counter) -> None:
    # `cat -n` of twelve `kubectl create deployment/service --dry-run=client -o yaml` objects,
    # each with its own image tag and replica count. Compared with every kept line, digits
    # masked, web7's `image: nginx:1.27` and `replicas: 2` read as repeats of web1's: they went
    # into `# … 17 config lines elided (caveman) …`, a marker that said nothing of them. Each
    # object is now compared with the first object of its kind: what differs stays, and each
    # marker names the object whose lines it stands for (the object's own name read for that
    # one's).
    data = real("kubectl-dry-run-apps-cat-n.txt")
    original = [ln.split("\t", 1)[1] for ln in data.decode().splitlines()]
    view = engine_view(counter, data).splitlines()
    for line in original:
        if line.strip().startswith(("- image:", "replicas:", "name: web")):
            assert any(v.endswith("\t" + line) for v in view), line
    docs = _documents(original)
    markers = 0
    for k, v in enumerate(view):
        m = re.fullmatch(r" *# … (\d+) config lines elided \(caveman\): as in (web\d+)(?:, (web\d+) for \2)? …", v)
        if "elided (caveman)" not in v:
            continue
        assert m is not None, v
        markers += 1
        before, after = int(view[k - 1].split("\t")[0]), int(view[k + 1].split("\t")[0])
        assert after - before - 1 == int(m.group(1))
        elided = original[before:after - 1]  # lines numbered before+1 .. after-1
        first, end, kind, name = next(d for d in docs if d[0] <= before < d[1])
        ref_first, ref_end, _, ref_name = next(d for d in docs if d[2] == kind)
        assert ref_name == m.group(2) and m.group(3) in (None, name)
        reference = original[ref_first:ref_end]
        for line in elided:
            assert (line.replace(name, ref_name) if m.group(3) else line) in reference, line
    assert markers >= 12
