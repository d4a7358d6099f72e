"""Real outputs of Python and JavaScript tools (pip, npm, ...), trimmed excerpts under
tests/fixtures/real/blindpy/ (session 15's blind corpus builder): every error row stays in the
view; a marker counts only lines of the kind it names."""
from __future__ import annotations

from pathlib import Path

from tests.real_views import MARKER, engine_view, original_and_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "blindpy"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def test_pip_dependency_conflict_rows_all_stay(counter):
    # pip install that downgraded pydantic/starlette/anyio under fastapi: the 9 rows under
    # `ERROR: pip's dependency resolver ...` each name a package it broke; 6 of them were sampled
    # away as "other lines".
    original, view = original_and_view_lines(counter, real("pip-install-downgrade-conflicts.txt"))
    rows = [l for l in original if l.endswith(" which is incompatible.")]
    assert len(rows) == 9
    for row in rows:
        assert row in view
    assert any(v.startswith("ERROR: pip's dependency resolver does not currently") for v in view)
    assert "Successfully installed anyio-3.7.1 pydantic-1.10.13 sniffio-1.3.1 starlette-0.27.0" in view
    assert not any("other line" in v for v in view if MARKER.match(v))


def test_npm_failed_fetch_is_not_progress(counter):
    # npm install --loglevel=http: 233 `GET 200` fetches and one `GET 404` for a package the
    # registry does not have; the 404 was counted among "231 progress lines".
    original, view = original_and_view_lines(counter, real("npm-install-http-404-etarget.txt"))
    miss = "npm http fetch GET 404 https://registry.npmjs.org/left-pad-utils-internal 104ms (cache skip)"
    assert miss in original and miss in view
    assert "npm error notarget No matching version found for commander@^14.99.0." in view
    elided = 0
    for v in view:
        m = MARKER.match(v)
        if m:
            assert m[2] == f"{m[1]} progress lines"
            elided += int(m[1])
    shown = [v for v in view if v in original and v.startswith("npm http fetch GET 200 ")]
    assert elided + len(shown) == sum(1 for l in original if l.startswith("npm http fetch GET 200 "))


def test_pytest_setup_errors_of_one_class_fold_into_the_first(counter):
    # arrow 1.3's tests on arrow 1.0: a class-scoped fixture fails for every test of a locale
    # class, printing one 30-line `ERROR at setup of TestX.test_y` block per test. Each block went
    # out whole (the fold keyed blocks by test, so no two shared a key); now the later blocks of
    # a class fold into markers naming the class's first block, keeping their header, E line and
    # place.
    original, view = original_and_view_lines(counter, real("pytest-setup-errors-per-class.txt"))
    headers = [l for l in original if l.startswith("_") and " ERROR at setup of " in l]
    assert len(headers) == 14
    for h in headers:
        assert h in view
    for l in original:
        if l.startswith("E   ") or l.startswith("E       ") or l.endswith(": ValueError") or l.startswith("ERROR tests/"):
            assert l in view
    folds = [m[2] for m in map(MARKER.match, (v.strip() for v in view)) if m and "as in the" in m[2]]
    assert folds.count("as in the first TestLocaleValidation setup error above") == 2
    assert folds.count("as in the first TestMalteseLocale setup error above") == 1
    # the elided lines are verbatim in the class's first block
    start = original.index(next(h for h in headers if "TestMalteseLocale." in h))
    first = set(original[start + 1:original.index(next(h for h in headers[headers.index(original[start]) + 1:]))])
    assert "    def get_locale_by_class_name(name: str) -> \"Locale\":" in first
    assert len(view) < len(original) - 200


def test_pytest_setup_errors_of_other_classes_fold_into_an_earlier_class(counter):
    # The same fixture fails for Georgian's and Laotian's tests as for Maltese's, with the same
    # traceback but for the class's name: each of their blocks keeps its header, `name = '…'`,
    # E line and place, and folds the rest into markers naming Maltese's first block.
    original, view = original_and_view_lines(counter, real("pytest-setup-errors-per-class.txt"))
    reference = "TestMalteseLocale.test_format_timeframe"
    start = original.index(next(l for l in original if l.endswith(f" ERROR at setup of {reference} " + "_" * 31)))
    end = next(i for i in range(start + 1, len(original)) if " ERROR at setup of " in original[i])
    reference_lines = set(original[start + 1:end])
    later = [l for l in original if " ERROR at setup of TestGeorgianLocale." in l or " ERROR at setup of TestLaotianLocale." in l]
    assert len(later) == 9
    for header in later:
        k = view.index(header)
        block = view[k + 1:next((j for j in range(k + 1, len(view)) if view[j].startswith(("___", "==="))), len(view))]
        folds = [m for m in map(MARKER.match, (v.strip() for v in block)) if m]
        assert folds and all(m[2] == f"as in the {reference} setup error above" for m in folds)
        locale = header.split("ERROR at setup of Test")[1].split(".")[0]
        assert f"name = '{locale}'" in block
        assert f"E           ValueError: Unsupported locale '{locale}'." in block
        assert all(v in reference_lines or MARKER.match(v.strip()) or v.startswith(("request = ", "name = ", "E ", "../"))
                   or not v for v in block)
    assert view.count(original[start]) == 1 and original[start + 1] in view  # the reference stays whole


def test_unittest_doctest_pairs_are_passing_rows(counter):
    # tox running more-itertools' unittest suite, whose load_tests adds DocTestSuite: each
    # doctest reports on two lines, `windowed (more_itertools.more)` over
    # `Doctest: more_itertools.more.windowed ... ok`. Its 108 passing pairs went out whole.
    original, view = original_and_view_lines(counter, real("tox-unittest-doctests.txt"))
    pairs = [i for i, l in enumerate(original) if l.startswith("Doctest: ") and l.endswith(" ... ok")]
    assert len(pairs) == 108
    shown = sum(1 for i in pairs if original[i] in view)
    assert shown <= 3
    passing = sum(int(m[1]) for m in map(MARKER.match, view) if m and "passing-test line" in m[2])
    assert passing >= 2 * len(pairs) - 2 * shown
    for l in ("Ran 643 tests in 8.912s", "  evaluation failed :( (45.74 seconds)",
              "py39: failed with could not find python interpreter matching any of the specs py39"):
        assert l in view


def test_unittest_failing_doctest_pair_stays():
    from engine.compressors import toolout

    lines = ["windowed (more_itertools.more)", "Doctest: more_itertools.more.windowed ... ok",
             "zip_equal (more_itertools.more)", "Doctest: more_itertools.more.zip_equal ... FAIL",
             "prepend (more_itertools.more.peekable)", "Doctest: more_itertools.more.peekable.prepend ... ok",
             "stray (a.b)", "Doctest: a.other ... ok"]
    cls = toolout.analyse(lines).classes
    assert cls[:6] == ["pass", "pass", "keep", "keep", "pass", "pass"]
    assert cls[6] != "pass"  # the description names another test: not a pair


def test_pip_inspect_readme_descriptions_become_markers(counter):
    # `pip inspect` of a fastapi venv (11 of its 64 packages): each package's `description` is
    # its whole README, most of the bytes, and the report went out whole. Each README-sized
    # description is now one marker with its line and char counts; every package, version,
    # requirement and location stays.
    import json

    data = real("pip-inspect-11-packages.json")
    doc = json.loads(data)
    view = engine_view(counter, data)
    assert len(view) < len(data) // 2
    for pkg in doc["installed"]:
        meta = pkg["metadata"]
        assert f'"name": "{meta["name"]}","version": "{meta["version"]}"' in view
        assert f'"metadata_location": "{pkg["metadata_location"]}"' in view
        text = meta.get("description", "")
        if text.count("\n") >= 40:
            assert text[:200] not in view
            assert f'"a text of {text.count(chr(10)) + 1} lines, {len(text)} chars;' in view
    assert '"python_full_version": "3.11.7"' in view
