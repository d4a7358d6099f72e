"""Real outputs of Python web and data frameworks (trimmed excerpts under
tests/fixtures/real/pyweb/): dev servers' logs with tracebacks (Flask, Django's runserver),
warning floods (pandas under `python -W always`)."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.block_repeats import fold_block_repeats_kept
from engine.compressors.log import LogCompressor
from engine.compressors.terminal import TerminalCompressor
from engine.compressors.text import TextCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "pyweb"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
TB = "Traceback (most recent call last):"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def plain(text: str) -> list[str]:
    return ANSI.sub("", text).splitlines()


# ---------------------------------------------------------------- a block printed again and again


def test_pandas_warning_flood_folds_to_one_copy_and_a_counted_marker():
    # `python -W always` with a chained assignment and a dayfirst warning in a loop: the same
    # 9-line block 25 times. It passed through whole: every copy holds `Error`/`Warning`, and
    # the copies alternate, so the one-line repeat rule never saw two equal neighbours.
    data = real("pandas-warnings-always-flood.txt")
    assert detect(data) == ContentType.TEXT
    original = data.decode().splitlines()
    view = TextCompressor().compress(data).decode()
    lines = view.splitlines()
    block = original[:9]
    assert lines[:9] == block
    assert lines[9] == "… 216 lines elided (caveman): 24 identical repeats of the 9 lines above …"
    assert original[9:225] == block * 24  # the marker's claim, checked against the original
    # everything after the flood (the groupby print, the later warning, the traceback) is shown
    assert "TypeError: Invalid value 'many' for dtype 'int64'" in lines
    assert "  print(pd.to_datetime([\"13/01/2024\"] * 3))" in lines
    assert set(original) <= set(lines)  # no distinct line is lost


def test_block_fold_stops_at_the_first_copy_that_differs():
    block = ["w.py:3: UserWarning: slow", "  f(x)"]
    odd = ["w.py:4: UserWarning: slow", "  f(x)"]  # another source line: its own warning
    text = "\n".join(block * 4 + odd + block * 2 + ["done"])
    folded, kept = fold_block_repeats_kept(text, lambda line: "Warning" in line)
    out = folded.split("\n")
    assert out[:3] == block + ["… 6 lines elided (caveman): 3 identical repeats of the 2 lines above …"]
    assert out[3:] == odd + block * 2 + ["done"]  # two copies after the odd one: too few to fold
    assert kept == [0, 1, 2]


def test_block_fold_leaves_distinct_lines_alone():
    text = "\n".join(f"line {i}" for i in range(200))
    assert fold_block_repeats_kept(text, lambda line: True) is None


def test_block_fold_leaves_unflagged_repeats_to_the_section_rules():
    text = "\n".join(["fetching page", "ok"] * 10)
    assert fold_block_repeats_kept(text, lambda line: "error" in line) is None


# ---------------------------------------------------------------- dev servers' repeated tracebacks


def test_flask_repeated_500s_show_each_error_line_and_the_frames_once():
    # Each /users/<missing> request logs the same 11 frames and a KeyError naming its id. Every
    # traceback was shown whole (record folding needs the whole record, exception line included).
    # Flask colours its request lines: the engine reads the log the terminal showed.
    data = ANSI.sub("", real("flask-dev-server-repeated-500s.txt").decode()).encode()
    assert detect(data) == ContentType.LOG
    original = plain(data.decode())
    lines = plain(LogCompressor().compress(data).decode())
    errors = [ln for ln in original if ln.startswith("KeyError: ")]
    assert len(errors) == 10  # /users/50..58, and KeyError: 'score'
    for err in set(errors):
        assert err in lines  # every distinct exception line stays
    for req in {ln for ln in original if '" 500 -' in ln and "/users/" in ln and "19:28:05" in ln}:
        assert req in lines  # the first round's failing requests
    # the frames of /users/<id> are shown once, whole; /report's differ and are shown whole too
    assert lines.count(TB) == 2
    first = original.index(TB)
    frames = original[first:original.index("KeyError: 50")]
    at = lines.index(TB)
    assert lines[at:at + len(frames)] == frames
    assert '  File "/tmp/unseen8/pyweb/apps/flaskapp/app.py", line 15, in report' in lines
    assert "KeyError: 'score'" in lines
    markers = [ln for ln in lines if "elided (caveman)" in ln and "repeats of shown error lines" in ln]
    assert "… 22 lines elided (caveman): 22 repeats of shown error lines …" in markers


def test_django_runserver_traceback_after_another_500_folds_to_its_error_line():
    # Django logs `Internal Server Error: /path` and the traceback first, the request line
    # after it, so the third 500 (the first one's bug again) ran on from the second 500's
    # request line and was never seen as a repeat: its whole traceback was shown again.
    data = real("django-runserver-500s.txt")
    original = data.decode().splitlines()
    lines = LogCompressor().compress(data).decode().splitlines()
    assert original.count(TB) == 3
    assert lines.count(TB) == 2  # /products/1/price/ once, /categories/lamps/summary/ once
    assert lines.count("TypeError: unsupported operand type(s) for +: 'int' and 'str'") == 2
    assert "decimal.DivisionByZero: [<class 'decimal.DivisionByZero'>]" in lines
    for ln in original:
        if '" 500 ' in ln or ln.startswith("Internal Server Error: "):
            assert ln in lines


def test_a_traceback_whose_frames_differ_is_never_folded():
    # Same exception, one frame at another line: a different traceback, shown whole.
    head = [f"[30/Nov/2026 10:00:{s:02d}] \"GET /ok HTTP/1.1\" 200 5" for s in range(40)]

    def tb(line: int, n: int) -> list[str]:
        return ["Internal Server Error: /x", TB, f'  File "/app/views.py", line {line}, in view',
                "    return 1 / 0", "ZeroDivisionError: division by zero",
                f"[30/Nov/2026 10:01:{n:02d}] \"GET /x HTTP/1.1\" 500 {n}"]

    text = "\n".join(head[:20] + tb(7, 1) + head[20:30] + tb(9, 2) + head[30:] + tb(7, 3)) + "\n"
    lines = LogCompressor().compress(text.encode()).decode().splitlines()
    assert '  File "/app/views.py", line 9, in view' in lines
    assert lines.count(TB) == 2  # line 7's and line 9's; the second line-7 one is a repeat
    assert lines.count('  File "/app/views.py", line 7, in view') == 1


# ---------------------------------------------------------------- Django's test runner


def test_django_test_v2_folds_the_test_database_migrations_as_progress():
    # `manage.py test -v 2` applies every migration to the test database first: 63 rows of
    # `Applying app.0001_initial... OK` stood in view above the failures.
    data = real("django-test-v2-failures.txt")
    original = data.decode().splitlines()
    lines = TerminalCompressor().compress(data).decode().splitlines()
    applying = [ln for ln in original if ln.startswith("  Applying ")]
    assert len(applying) == 63 and all(ln.endswith("... OK") for ln in applying)
    assert not any(ln.startswith("  Applying ") for ln in lines)
    at = lines.index("Running migrations:")
    assert lines[at + 1] == "… 63 lines elided (caveman): 63 progress lines …"
    assert lines[at + 2] == "System check identified no issues (0 silenced)."
    for ln in original:  # every verdict that is not ok, every failure block header, the summary
        if ln.endswith(("... FAIL", "... ERROR")) or ln.startswith(("FAIL: ", "ERROR: ")) or ln.startswith("FAILED ("):
            assert ln in lines
    assert "AssertionError: Decimal('2.40') != Decimal('3.40') : invoice doubling is wrong" in lines


def test_a_migration_row_that_did_not_end_ok_is_not_progress():
    from engine.compressors.toolout_scan import CHATTER, label_of, LABEL
    ok = "  Applying billing.0003_invoice_external_ref... OK"
    assert label_of(ok, LABEL.match(ok)) == CHATTER
    broken = "  Applying billing.0004_backfill...Traceback (most recent call last):"
    assert label_of(broken, LABEL.match(broken)) != CHATTER


# ---------------------------------------------------------------- pydantic's ValidationError


def test_pydantic_dump_keeps_every_error_and_each_types_link_once():
    # 128 errors of 6 types, three lines each: the third, a link naming only the type, repeated
    # 122 times. The dump passed through whole (28 KB).
    data = real("pydantic-validation-128-errors.txt")
    assert detect(data) == ContentType.TEXT
    original = data.decode().splitlines()
    lines = TextCompressor().compress(data).decode().splitlines()
    links = [ln for ln in original if ln.startswith("    For further information visit ")]
    assert len(links) == 128
    for ln in original:
        if ln not in links:
            assert ln in lines  # every location, every message, the traceback
    assert sorted(ln for ln in lines if ln in links) == sorted(set(links))  # each type's link once
    marker = ("    … 122 lines elided (caveman): the `For further information visit` link under each error"
              " whose type's link is shown at its first error …")
    assert lines[-1] == marker
    assert len(set(links)) == 6 and len(lines) == len(original) - 122 + 1


def test_pydantic_links_fold_keeps_a_links_first_place():
    from engine.compressors.pydantic_errors import fold_pydantic_links_kept
    errors = []
    for i in range(6):
        errors += [f"{i}.age", "  Input should be greater than or equal to 0 [type=greater_than_equal, input_value=-1]",
                   "    For further information visit https://errors.pydantic.dev/2.14/v/greater_than_equal"]
    text = "\n".join(["ValidationError: 6 validation errors for list[C]"] + errors + ["done"])
    folded, kept = fold_pydantic_links_kept(text)
    out = folded.split("\n")
    assert out[1:4] == errors[:3]  # the first error with its link
    assert out[-2] == ("    … 5 lines elided (caveman): the `For further information visit` link under each error"
                       " whose type's link is shown at its first error …")
    assert [ln for ln in out if ln.endswith(".age")] == [f"{i}.age" for i in range(6)]
    assert kept == list(range(0, len(out) - 1))  # the header through the marker


# ---------------------------------------------------------------- pandas' print(df)


def test_pandas_frame_is_a_table_and_its_outlier_row_stays():
    # print(df) of 800 rows (display.max_rows=None): lower-case header, nameless index column.
    # It was read as prose: `… 797 sections elided (caveman) …`, the 999.00 reading among them.
    from engine.compressors.tabular import TabularCompressor
    data = real("pandas-print-800-rows-rangeindex.txt")
    assert detect(data) == ContentType.TABULAR
    original = data.decode().splitlines()
    lines = TabularCompressor().compress(data).decode().splitlines()
    assert lines[0] == original[0]  # the header as printed
    outlier = next(ln for ln in original if "999.00" in ln)
    assert outlier in lines
    markers = [ln for ln in lines if "rows elided (caveman)" in ln]
    assert markers and all("range index=" in m and "temp=" in m for m in markers)
    shown = [ln for ln in lines if ln in original[1:]]
    assert len(shown) + sum(int(m.split("… ")[1].split(" ")[0]) for m in markers) == 800


def test_pandas_truncated_frame_keeps_its_footer_under_the_rows():
    from engine.compressors.tabular import TabularCompressor
    data = real("pandas-print-truncated-columns-footer.txt")
    assert detect(data) == ContentType.TABULAR
    lines = TabularCompressor().compress(data).decode().splitlines()
    footer = [ln for ln in lines if ln.startswith("[")]
    assert footer == ["[3000 rows x 13 columns]"]
    at = lines.index(footer[0])
    assert lines[at - 1] == "" and lines[at - 2].startswith("2999    102999  cust_089")
    assert any("region:" in ln and "rows elided (caveman)" in ln for ln in lines)


def test_a_text_indented_like_a_frame_without_its_index_is_not_one():
    from engine.compressors.pandas_frame import parse
    assert parse(["    name  size", "a.txt  10", "b.txt  20", "c.txt  30", "d.txt  40"]) is None  # no 0, 1, 2
    assert parse(["    name  size", "0  a  10", "1  b  20", "", "2  c  30"]) is None  # a blank inside


def test_celery_worker_task_failures_each_shown_with_the_traceback_once():
    # One bad input fails a task again and again: each failure's ERROR line names its own task
    # id and stays; the traceback under it is the same each time and is shown once.
    data = real("celery-worker-repeated-task-failures.txt")
    assert detect(data) == ContentType.LOG
    original = data.decode().splitlines()
    lines = LogCompressor().compress(data).decode().splitlines()
    failures = [ln for ln in original if "raised unexpected: ValueError" in ln]
    assert len(failures) == 8
    for ln in failures:
        assert ln in lines
    assert original.count(TB) == 8 and lines.count(TB) == 1
    assert lines.count("ValueError: cannot decode image 137: truncated JPEG header") == 1
