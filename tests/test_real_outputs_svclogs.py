"""Real logs of services and pipelines (trimmed excerpts under tests/fixtures/real/svclogs/):
PostgreSQL server logs, JSON application logs with a request id per line."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine.compressors.log import LogCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "svclogs"
MARKER = re.compile(r"… (\d+) lines elided \(caveman\)")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_of(data: bytes) -> str:
    out = LogCompressor().compress(data)
    assert out is not None
    return out.decode()


def elided_count(view: str) -> int:
    return sum(int(m[1]) for m in MARKER.finditer(view))


def test_postgres_error_record_keeps_its_tab_led_detail_lines_and_context():
    # The deadlock's DETAIL goes on over tab-led lines naming each process's statement; they
    # and the CONTEXT/STATEMENT after the HINT were elided as look-alikes of earlier lines.
    data = real("pg-deadlock-detail.log")
    original = data.decode().splitlines()
    view = view_of(data).splitlines()
    start = next(i for i, ln in enumerate(original) if ln.endswith("ERROR:  deadlock detected"))
    record = original[start:start + 8]
    assert record[-1].endswith("STATEMENT:  begin; update acct set bal=bal-1 where id=2; select pg_sleep(1); "
                               "update acct set bal=bal+1 where id=1; commit;")
    at = view.index(record[0])
    assert view[at:at + 8] == record
    assert len(view) - sum(1 for ln in view if MARKER.search(ln)) - 1 + elided_count("\n".join(view)) == len(original)


def test_tab_led_lines_after_routine_records_are_still_elided():
    lines = []
    for i in range(40):
        lines.append(f"2026-11-30 10:00:{i:02d}.000 UTC [{100 + i}] LOG:  checkpoint starting: time")
        lines.append("\tcontinued text of a routine record")
    view = view_of(("\n".join(lines) + "\n").encode())
    assert view.splitlines().count("\tcontinued text of a routine record") <= 2
    assert elided_count(view) > 70


def test_json_log_with_a_uuid_per_line_is_elided_not_passed_through():
    # Each record carries a fresh request_id (a UUID: five unique words per line), so no kept
    # line represented another and the whole log read as a document.
    data = real("py-json-request-ids.log")
    assert detect(data) == ContentType.LOG
    original = data.decode().splitlines()
    view = view_of(data)
    lines = view.splitlines()
    assert len(view) < len(data.decode()) // 4
    error = next(ln for ln in original if '"level": "ERROR"' in ln)
    assert error in lines  # the record whole, its traceback inside the JSON string
    status_500 = next(ln for ln in original if '"status": 500' in ln)
    assert status_500 in lines
    shown = [ln for ln in lines if not MARKER.search(ln) and not ln.startswith("… caveman:")]
    assert len(shown) + elided_count(view) == len(original)
    for marker in (ln for ln in lines if MARKER.search(ln)):
        assert "request_id" not in marker.split("all ", 1)[-1].split(";")[0]  # never stated as constant


def test_uuid_masking_does_not_fold_lines_that_differ_in_words():
    rows = []
    for i in range(300):
        uid = f"{i:08x}-1a2b-4c3d-8e9f-{i * 7919:012x}"
        msg = "cache miss" if i == 211 else "cache hit"
        rows.append(json.dumps({"level": "info", "request_id": uid, "msg": msg, "key": f"user:{i % 9}"}))
    data = ("\n".join(rows) + "\n").encode()
    view = view_of(data).splitlines()
    assert rows[211] in view
    assert elided_count("\n".join(view)) > 250


def _block(original: list[str], first: str, length: int) -> list[str]:
    start = next(i for i, ln in enumerate(original) if ln.endswith(first))
    return original[start:start + length]


def test_a_traceback_sharing_frames_with_an_earlier_one_is_shown_whole():
    # gunicorn's second traceback (a worker timeout) shares its first frames with the first
    # one (a KeyError); those frames were folded as "repeats of shown error lines", so the
    # second traceback was shown cut, from its third frame on.
    data = real("gunicorn-two-tracebacks.log")
    original = data.decode().splitlines()
    view = view_of(data).splitlines()
    for first, length in (("[ERROR] Error handling request GET /err", 10),
                          ("[ERROR] Error handling request GET /sleep", 12)):
        record = _block(original, first, length)
        assert record[-1] in ("KeyError: 'session_id'", "SystemExit: 1")
        at = view.index(record[0])
        assert view[at:at + length] == record
    assert not any("repeats of shown error lines" in ln for ln in view)


def _traceback(ts: str, pid: int, leaf: str) -> list[str]:
    return [f"{ts} [{pid}] ERROR worker: job failed",
            "Traceback (most recent call last):",
            '  File "/srv/app/worker.py", line 40, in run',
            "    handle(job)",
            f'  File "/srv/app/{leaf}.py", line 12, in handle',
            "    raise RuntimeError('boom')",
            "RuntimeError: boom"]


def test_a_traceback_repeated_whole_at_another_time_is_still_folded_and_counted():
    lines = [f"2026-11-30 10:00:{i % 60:02d},000 [7] INFO worker: job {i} done" for i in range(60)]
    lines[10:10] = _traceback("2026-11-30 10:00:10,500", 7, "jobs")
    lines[40:40] = _traceback("2026-11-30 10:00:40,500", 7, "jobs")
    view = view_of(("\n".join(lines) + "\n").encode())
    assert view.count("RuntimeError: boom") == 1
    assert "7 repeats of shown error lines" in view


def test_the_same_traceback_under_a_different_error_line_folds_whole_under_it():
    # Another pid's error line with the very same traceback: the line is shown, its traceback
    # folded whole (all seven frames and the exception, counted), never in part.
    lines = [f"2026-11-30 10:00:{i % 60:02d},000 [7] INFO worker: job {i} done" for i in range(60)]
    lines[10:10] = _traceback("2026-11-30 10:00:10,500", 7, "jobs")
    second = _traceback("2026-11-30 10:00:40,500", 8, "jobs")
    lines[40:40] = second
    view = view_of(("\n".join(lines) + "\n").encode()).splitlines()
    at = view.index(second[0])
    assert view[at + 1].startswith("… ")
    assert view[at + 1].count("6 repeats of shown error lines") == 1
    assert view.count("RuntimeError: boom") == 1


def test_a_traceback_sharing_only_its_first_frames_is_shown_whole_under_a_new_error_line():
    lines = [f"2026-11-30 10:00:{i % 60:02d},000 [7] INFO worker: job {i} done" for i in range(60)]
    lines[10:10] = _traceback("2026-11-30 10:00:10,500", 7, "jobs")
    second = _traceback("2026-11-30 10:00:40,500", 8, "billing")
    lines[40:40] = second
    view = view_of(("\n".join(lines) + "\n").encode()).splitlines()
    at = view.index(second[0])
    assert view[at:at + len(second)] == second


def test_a_burst_of_one_untimed_error_line_folds_onto_its_first():
    lines = [f"worker {i % 4}: processed batch {i}" for i in range(40)]
    lines[20:20] = ["nginx: [emerg] bind() to 127.0.0.1:8099 failed (98: Address already in use)"] * 5
    lines[25:25] = ["nginx: [emerg] still could not bind()"]
    view = view_of(("\n".join(lines) + "\n").encode()).splitlines()
    assert view.count("nginx: [emerg] bind() to 127.0.0.1:8099 failed (98: Address already in use)") == 1
    assert "nginx: [emerg] still could not bind()" in view
    assert any("4 repeats of shown error lines" in ln for ln in view)


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_morgan_dev_access_line_with_a_500_stays_among_the_200s(counter):
    # Express's morgan `dev` format prints `GET /path 500 1.292 ms - 998`, coloured: no quotes,
    # no error word, so the one 5xx line among hundreds of 200s was elided as a look-alike.
    from engine import Engine, Mode, Options
    from engine.ccr import MemoryStore
    from engine.registry import default_registry

    data = real("morgan-dev-one-500.log")
    result = Engine(default_registry(), counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS))
    assert result.content_type == ContentType.TERMINAL and not result.passed_through
    view = _plain(result.output.decode()).splitlines()
    assert "GET /api/items/77 500 1.292 ms - 998" in view
    assert "TypeError: Cannot read properties of undefined (reading 'price')" in view
    assert len(view) < 40


def test_plain_access_lines_with_a_5xx_status_are_kept_by_the_log_compressor():
    lines = [f"2026-11-30T10:00:{i % 60:02d}Z INFO GET /api/items/{i} 200 {i % 7}.1 ms - 10" for i in range(300)]
    lines[123] = "2026-11-30T10:02:03Z INFO GET /api/items/123 503 0.4 ms - 19"
    lines[200] = "2026-11-30T10:03:20Z INFO POST /api/orders HTTP/1.1 500 12 - 3.1 ms"
    view = view_of(("\n".join(lines) + "\n").encode()).splitlines()
    assert lines[123] in view and lines[200] in view
    assert elided_count("\n".join(view)) > 280


def _java_error(ts: str, attempt: int) -> list[str]:
    return [f"{ts} ERROR [pool-1-thread-2] com.acme.orders.OrderService - export failed (attempt {attempt}): "
            "java.lang.RuntimeException: could not persist order 4242",
            "\tat App.persist(App.java:9)",
            "\tat App.main(App.java:29)",
            "Caused by: java.lang.IllegalStateException: order 4242 has no line items",
            "\tat App.validate(App.java:6)",
            "\tat App.persist(App.java:8)",
            "\t... 1 more"]


def test_a_java_stack_repeated_under_a_new_error_line_folds_whole_not_its_first_frames_only():
    # Tab-led lines after a kept line are kept as its record's continuation; that rule must not
    # bring back the first frames of a stack folded as a repeat (the rest, after `Caused by:`,
    # stayed folded: a stack shown cut).
    lines = [f"2026-11-30 11:05:{i % 60:02d},000 INFO  [pool-1-thread-1] com.acme.orders.OrderService - order {i} persisted"
             for i in range(80)]
    first, second = _java_error("2026-11-30 11:05:10,100", 1), _java_error("2026-11-30 11:05:40,100", 2)
    lines[10:10] = first
    lines[50:50] = second
    view = view_of(("\n".join(lines) + "\n").encode()).splitlines()
    at = view.index(first[0])
    assert view[at:at + len(first)] == first
    at = view.index(second[0])
    assert view[at + 1].startswith("… ") and "repeats of shown error lines" in view[at + 1]
    assert view.count("\tat App.persist(App.java:9)") == 1


def test_the_one_heartbeat_with_another_leader_is_shown_not_only_counted():
    # 290 heartbeats alike but one (`leader=node-2 term=41`): its words are the others' words,
    # so it was elided and only the marker's `node-2×1` told it was there.
    data = real("heartbeat-one-leader-change.log")
    original = data.decode().splitlines()
    odd = [ln for ln in original if "leader=node-2" in ln]
    assert len(odd) == 1
    view = view_of(data)
    lines = view.splitlines()
    assert odd[0] in lines
    shown = [ln for ln in lines if not MARKER.search(ln) and not ln.startswith("… caveman:")]
    assert len(shown) + elided_count(view) == len(original)
    assert all("node-2" not in ln for ln in lines if MARKER.search(ln))


def test_values_that_vary_freely_keep_no_extra_line():
    lines = [f"2026-11-30 11:00:{i % 60:02d} INFO request served user=u{i} status=200" for i in range(300)]
    view = view_of(("\n".join(lines) + "\n").encode())
    assert elided_count(view) >= 296


def test_repeated_error_whose_detail_names_another_key_is_not_folded():
    # 15 duplicate-key errors, one wording: only the first stayed in view, its 14 repeats counted,
    # so which keys collided was gone. The DETAIL is part of the error record: each differs.
    data = real("pg-duplicate-keys.log")
    details = [ln for ln in data.decode().splitlines() if "DETAIL:  Key (id)=" in ln]
    assert len(details) == 4
    view = view_of(data)
    for line in details:
        assert line in view.splitlines()
        statement = line.replace("DETAIL:  Key (id)=(", "STATEMENT:  INSERT INTO evt VALUES (").split(")")[0]
        assert statement in view
    assert "repeats of shown error lines" not in view


def test_an_error_record_repeated_with_its_detail_still_folds_whole():
    lines = real("pg-duplicate-keys.log").decode().splitlines()
    first = next(k for k, ln in enumerate(lines) if "ERROR:  duplicate key" in ln)
    record = lines[first:first + 3]  # ERROR, DETAIL, STATEMENT
    again = [ln.replace("11:23:2", "11:24:2", 1) for ln in record]  # the same record, later
    routine = [ln for ln in lines if "LOG:  statement: INSERT" in ln][-5:]  # the log goes on after it
    data = ("\n".join(lines + again + routine) + "\n").encode()
    view = view_of(data)
    assert again[0] not in view and again[1] not in view  # folded whole, with its detail
    assert "1 repeat of shown error lines" in view


def test_uncoloured_morgan_lines_read_as_text_keep_their_5xx():
    # Written to a file (no colour, no time stamp), morgan's lines are text: read by lines, the
    # one `500` among the 200s was elided as a look-alike.
    from engine.compressors.text import TextCompressor

    plain = re.sub(r"\x1b\[[0-9;]*m", "", real("morgan-dev-one-500.log").decode())
    lines = [ln for ln in plain.splitlines() if ln.startswith(("GET ", "POST ", "PUT "))]
    data = ("\n".join(lines) + "\n").encode()
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode().splitlines()
    assert "GET /api/items/77 500 1.292 ms - 998" in view
    assert len(view) < 20


# ---------------------------------------------------------------- logfmt with a time= field first


def test_slog_text_log_led_by_its_time_field_is_a_log_not_search_hits():
    # `time=2026-11-30T11:05:36.3Z level=INFO …` reads as a hit `time=2026-11-30T11:05:36:` (path,
    # line 05, column 36): Go's slog text log (349 KB) was routed to search, which declined, and
    # passed through whole.
    data = real("slog-text-one-error.log")
    assert detect(data) is ContentType.LOG
    quoted = re.sub(rb"^time=(\S+)", rb'time="\1"', data, flags=re.M)  # logrus' text formatter
    assert quoted.startswith(b'time="2026-11-30T11:05:36.31905228Z" level=DEBUG')
    assert detect(quoted) is ContentType.LOG
    # go-kit's `ts=…` key: the search view's markers read "all in ts=2026-11-30T06, lines 0..0"
    caller = (REAL.parent / "logfmt-go-caller.log").read_bytes()
    assert caller.startswith(b"ts=2026-11-30T06:00:00.331Z level=info caller=http.go:120 ")
    assert detect(caller) is ContentType.LOG


def test_slog_text_log_keeps_its_error_record_whole_and_counts_the_rest():
    data = real("slog-text-one-error.log")
    view = view_of(data).splitlines()
    error = ('time=2026-11-30T11:05:36.319417763Z level=ERROR msg="payment capture failed" req_id=a2c11f27 '
             'err="stripe: card_declined (code=insufficient_funds)" amount_cents=4599')
    assert error in view
    assert elided_count("\n".join(view)) == 245
    assert len(view) == 8
