"""Real outputs nobody tuned for (trimmed excerpts under tests/fixtures/real/): the router and
the compressors this file pins must not lose what an agent needs from them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import detect as detect_mod
from engine.compressors import aligned_table, toolout_detect
from engine.compressors.code import CodeCompressor
from engine.compressors.config import ConfigCompressor
from engine.compressors.json_array import JsonCompressor
from engine.compressors.log import LogCompressor
from engine.compressors.search import describe_hits
from engine.compressors.tabular import TabularCompressor
from engine.compressors.text import TextCompressor
from engine.detect import detect
from engine.patterns import LOG_IMPORTANT
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


@pytest.fixture
def no_tool_signatures(monkeypatch):
    monkeypatch.setattr(toolout_detect, "is_tool_output", lambda text: False)


# ---------------------------------------------------------------- logs with tracebacks


def test_python_logging_with_chained_traceback_is_a_log():
    # 14 records, then logger.exception's traceback and the uncaught one: 47 continuation lines.
    assert detect(real("python-logging-traceback.log")) == ContentType.LOG


def test_log_lines_led_by_a_clock_are_not_search_hits(no_tool_signatures):
    # `... 06:01:13,513` reads as path `... 06`, line 01 to SEARCH_LINE; a log with more
    # traceback lines than records went to the search compressor.
    records = [f"2026-11-30 06:01:13,5{i:02d} INFO [svc.worker] processed batch {i} size={100 + i}"
               for i in range(8)]
    trace = ["Traceback (most recent call last):", '  File "/srv/tb.py", line 6, in load',
             "    return json.loads(p)", "ValueError: bad payload"] * 3
    assert detect(("\n".join(records + trace) + "\n").encode()) == ContentType.LOG


def test_syslog_lines_are_not_search_hits(no_tool_signatures):
    lines = [f"Nov 30 06:{i:02d}:10 web01 CRON[{2000 + i}]: (root) CMD (/usr/local/bin/backup.sh)" for i in range(6)]
    prose = ["this line is neither a hit nor a log record of any kind"] * 7
    assert detect(("\n".join(lines + prose) + "\n").encode()) == ContentType.TEXT


def test_indented_lines_after_a_non_log_line_still_count_against_a_log(no_tool_signatures):
    # Continuations belong to a log record only: source with a few INFO words is no log.
    src = ["def handler(event):", "    log.info('start')", "    x = 1", "    return x"] * 3
    src += ["class Foo:", "    pass", "INFO = 1", "WARNING = 2", "ERROR = 3"]
    assert detect(("\n".join(src) + "\n").encode()) != ContentType.LOG


def test_search_marker_never_reads_a_clock_as_a_file_and_line():
    lines = [f"2026-11-30 06:01:13,514 INFO [svc.worker] processed batch {i} size={100 + i}" for i in range(3)]
    assert describe_hits(lines) == ""
    assert describe_hits(["src/a.py:3:x = 1", "src/a.py:9:y = 2"]) == "all in src/a.py, lines 3..9"


# ---------------------------------------------------------------- space-aligned tables


PS_VIEW = (
    "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
    "root         2  0.0  0.0      0     0 ?        S    01:00   0:00 [kthreadd]\n"
    "root         3  0.0  0.0      0     0 ?        S    01:00   0:00 [pool_workqueue_release]\n"
    "root         4  0.0  0.0      0     0 ?        I<   01:00   0:00 [kworker/R-rcu_gp]\n"
    "… 7 rows elided (caveman): all USER=root %CPU=0.0 %MEM=0.0 VSZ=0 RSS=0 TTY=? START=01:00 TIME=0:00; "
    "STAT: I<×6 S×1 …\n"
    "root        15  0.0  0.0      0     0 ?        I    01:00   0:17 [rcu_preempt]\n"
    "… 11 rows elided (caveman): all USER=root %CPU=0.0 %MEM=0.0 VSZ=0 RSS=0 TTY=? START=01:00 TIME=0:00; "
    "STAT: S×8 I<×2 I×1; COMMAND: 11 distinct, [cpuhp/0]..[rcu_tasks_kthread] …\n"
    "root        28  0.0  0.0      0     0 ?        I    01:00   0:00 [rcu_tasks_rude_kthread]\n"
    "root        29  0.0  0.0      0     0 ?        I    01:00   0:00 [rcu_tasks_trace_kthread]\n"
)


def test_ps_aux_is_a_table(no_tool_signatures):
    assert detect(real("ps-aux-kernel-threads.txt")) == ContentType.TABULAR


def test_ps_aux_view_keeps_rows_verbatim_and_states_what_it_elided():
    # The one process with CPU time (rcu_preempt, 0:17) stays; markers state the elided rows'
    # shared values, computed from the cells between the gutters.
    assert TabularCompressor().compress(real("ps-aux-kernel-threads.txt")).decode() == PS_VIEW


def test_right_aligned_numbers_and_a_spilling_last_column_read_consistently():
    lines = ["  PID COMMAND", "    1 /sbin/init splash", "12345 python -m http.server 8000", "   77 [kdamond.0]"]
    assert aligned_table.parse(lines) == (
        ["PID", "COMMAND"],
        [["1", "/sbin/init splash"], ["12345", "python -m http.server 8000"], ["77", "[kdamond.0]"]],
        1,
    )
    # A row that closes the gutter leaves one column: not read at all rather than read wrong.
    assert aligned_table.parse(lines[:3] + ["  77 [kdamond.0]"]) is None


def test_prose_and_lower_case_headers_are_not_aligned_tables():
    assert aligned_table.parse(["name    value", "a       1", "b       2"]) is None
    assert aligned_table.parse(["THE END OF THE STORY", "it was a dark night", "and so on"]) is None


def test_a_list_of_names_with_a_mostly_blank_column_stays_whole(no_tool_signatures):
    # pip list: only an editable install fills the last column; that column does not make the
    # other rows repeats of each other, so the list of packages is not elided.
    data = real("pip-list-editable.txt")
    assert detect(data) == ContentType.TABULAR
    assert TabularCompressor().compress(data) is None


# ---------------------------------------------------------------- configs: look-alike blocks


def test_each_kubernetes_object_keeps_its_name_when_its_body_is_elided():
    # `kubectl create deployment svcN --dry-run=client -o yaml`, six objects: the view used to
    # show six anonymous `metadata: # … 4 config lines elided …` skeletons. (Session 12: each
    # object is compared with the first of its kind, so its own image and replicas stay, and a
    # marker names the object its lines repeat.)
    view = ConfigCompressor().compress(real("kubectl-deployments.yaml")).decode()
    names = [ln for ln in view.splitlines() if ln.startswith("  name: ")]
    assert names == [f"  name: svc{n}" for n in range(1, 7)]
    assert view.split("---\n")[2] == (
        "apiVersion: apps/v1\n"
        "kind: Deployment\n"
        "metadata:\n"
        "  creationTimestamp: null\n"
        "  labels:\n"
        "    app: svc3\n"
        "  name: svc3\n"
        "spec:\n"
        "  replicas: 1\n"
        "  selector:\n"
        "    matchLabels:\n"
        "      app: svc3\n"
        "  strategy: {}\n"
        "  template:\n"
        "    # … 4 config lines elided (caveman): as in svc1, svc3 for svc1 …\n"
        "    spec:\n"
        "      containers:\n"
        "      - image: registry.local/team/svc3:1.3.0\n"
        "        # … 4 config lines elided (caveman): as in svc1, svc3 for svc1 …\n"
        "status: {}\n"
    )


def test_a_deep_name_does_not_pull_in_its_parent_chain():
    # A container's `name:` sits five keys deep; keeping it would keep spec/template/spec/
    # containers for every object and the view would elide nothing.
    view = ConfigCompressor().compress(real("kubectl-deployments.yaml")).decode()
    # the first object, shown whole, and the last, whose short run by the kept tail is shown
    assert [ln for ln in view.splitlines() if ln.startswith("        name: svc")] == \
        ["        name: svc1", "        name: svc6"]


# ---------------------------------------------------------------- Markdown is not code


def test_release_notes_in_markdown_are_text_not_code():
    # Rust's RELEASES.md: list items of `[title](url)` links end in `)`, the code-line shape.
    assert detect(real("rust-release-notes.md")) == ContentType.TEXT


def test_a_few_numbered_steps_do_not_make_an_installer_transcript_markdown(no_tool_signatures):
    # pip's resolver advice has two numbered lines; were they set aside like Markdown, the rest
    # (`... (2.31.0)` lines ending in `)`) would read as code. The allowance needs a quarter.
    assert detect(real("pip-resolution-impossible.txt")) == ContentType.TEXT


# ---------------------------------------------------------------- key: value reports are not YAML


def test_python_importtime_report_is_a_table_not_yaml(no_tool_signatures):
    # Every line is `import time: <self> | <cumulative> | <package>`: one YAML key, 30 times.
    assert detect(real("python-importtime.txt")) == ContentType.TABULAR


def test_repeated_top_level_keys_are_not_a_mapping_but_documents_may_repeat_them():
    report = ["status: ok", "status: ok", "status: failed", "status: ok", "took: 3s"]
    assert detect_mod._repeats_top_level_keys(report)
    documents = ["kind: A", "name: a", "---", "kind: B", "name: b", "---", "kind: C", "name: c"]
    assert not detect_mod._repeats_top_level_keys(documents)
    assert detect(real("kubectl-deployments.yaml")) == ContentType.CONFIG


# ---------------------------------------------------------------- grep with context


def test_grep_with_context_lines_is_a_search(no_tool_signatures):
    # `grep -rn -C2 "raise "`: one hit per five lines; the `path-N-` context lines and `--`
    # separators belong to the hits (it was read as source code).
    assert detect(real("grep-context-raise.txt")) == ContentType.SEARCH


# ---------------------------------------------------------------- JSON Lines


def test_jq_c_records_are_json_not_code(no_tool_signatures):
    # `jq -c '... | {name, version, license}' package-lock.json`: every line ends in `}` and
    # package names hold `import`, `class`, `module`: it was routed to the code compressor.
    assert detect(real("jq-c-licenses.jsonl")) == ContentType.JSON


def test_json_lines_view_keeps_odd_records_verbatim_and_marks_runs_as_json_lines():
    view = JsonCompressor().compress(real("jq-c-licenses.jsonl"))
    # The expected view, reviewed: the `"license":null` record (exit) and every rare licence
    # (Python-2.0, Apache-2.0, BSD-2-Clause) stay as their original lines.
    assert view == real("jq-c-licenses.view.jsonl")
    assert b'{"name":"node_modules/exit","version":"0.1.2","license":null}\n' in view
    original = set(real("jq-c-licenses.jsonl").decode().splitlines())
    for line in view.decode().splitlines():
        record = json.loads(line)  # still JSON Lines
        assert line in original or set(record) <= {"__caveman_elided__", "__caveman_invariants__", "__caveman_note__"}


def test_json_log_records_are_still_a_log():
    lines = [json.dumps({"level": "info", "time": f"2026-11-30T06:00:{i:02d}Z", "msg": "request completed",
                         "status": 200}) for i in range(12)]
    assert detect(("\n".join(lines) + "\n").encode()) == ContentType.LOG


def test_json_lines_too_few_or_not_all_json_are_declined():
    few = b'{"a": 1}\n{"a": 2}\n'
    assert JsonCompressor().compress(few) is None
    mixed = b"\n".join([b'{"a": %d}' % i for i in range(20)] + [b"not json"]) + b"\n"
    assert JsonCompressor().compress(mixed) is None


def test_spaced_json_records_are_not_a_csv_table(no_tool_signatures):
    # json.dumps' `", "` separators split every record into the same number of CSV fields.
    lines = [json.dumps({"id": i, "name": f"pkg-{i}", "license": "MIT"}) for i in range(12)]
    assert detect(("\n".join(lines) + "\n").encode()) == ContentType.JSON


# ---------------------------------------------------------------- TAP (prove)


def test_prove_tap_stream_is_a_test_run(no_tool_signatures):
    # `prove -v t/`: `1..8`, `ok N - ...`, `not ok N - ...` (it was read as prose).
    assert detect(real("prove-v-tap.txt")) == ContentType.TERMINAL


def test_prove_summary_alone_marks_a_test_run(no_tool_signatures):
    summary = ("t/03.t (Wstat: 256 (exited 1) Tests: 8 Failed: 1)\n  Failed test:  7\n"
               "Files=6, Tests=48,  0 wallclock secs ( 0.02 usr  0.01 sys +  0.15 cusr  0.07 csys =  0.25 CPU)\n"
               "Result: FAIL\n")
    assert detect(summary.encode()) == ContentType.TERMINAL


def test_a_numbered_list_with_ok_words_is_not_tap(no_tool_signatures):
    prose = "Checklist:\n1..3 items below\nok 1 looks fine to me\nwe will see\n"
    assert detect(prose.encode()) == ContentType.TEXT


# ---------------------------------------------------------------- code: printed messages stay


def test_an_elided_body_keeps_the_line_that_prints_a_warning():
    # request.js: an agent who saw "options.requestBodyStream is deprecated" in its output
    # looks for the line that prints it; an elided body keeps it like a throw.
    view = CodeCompressor().compress(real("request-defer-end.js")).decode()
    assert (
        "  var end = function () { /* caveman: body elided but for its 1 error line:\n"
        "      console.warn('options.requestBodyStream is deprecated, please pass the request object to stream.pipe.')\n"
        "*/ }\n"
    ) in view


@pytest.mark.parametrize("line", [
    "    logger.error(\"failed to open %s\", path)",
    "    warnings.warn(f\"{name} is deprecated\")",
    "    eprintln!(\"cannot read {}\", p);",
    "    fprintf(stderr, \"bad header\\n\");",
    "    System.err.println(\"bad header\");",
])
def test_message_printing_lines_in_several_languages_are_recognised(line):
    from engine.patterns import CODE_MESSAGE_LINE
    assert CODE_MESSAGE_LINE.search(line)


def test_a_debug_print_is_not_a_message_line():
    from engine.patterns import CODE_MESSAGE_LINE
    assert not CODE_MESSAGE_LINE.search("    console.log('value', x)")
    assert not CODE_MESSAGE_LINE.search("    logger.info(\"started\")")


# ---------------------------------------------------------------- headerless tables


def test_du_listing_has_no_header_row_and_markers_name_columns_by_position():
    # `du -ah | sort -h`: the first record is `48K<TAB>path`; read as a header, the markers
    # said `all 48K=52K`.
    view = TabularCompressor().compress(real("du-ah-sorted.tsv")).decode()
    assert view == (
        "48K\tlazr/restfulclient/__pycache__/resource.cpython-311.pyc\n"
        "48K\tlazr/restfulclient/resource.py\n"
        "48K\tlazr/restfulclient/tests/__pycache__\n"
        "… 20 rows elided (caveman): all #1=48K …\t\n"
        "52K\tapt/__pycache__/cache.cpython-311.pyc\n"
        "… 4 rows elided (caveman): all #1=52K …\t\n"
        "52K\tpip/_vendor/distlib/locators.py\n"
        "52K\tpip/_vendor/distro/distro.py\n"
    )


def test_a_header_whose_names_never_recur_is_still_a_header():
    rows = ["host,status"] + [f"node-{i},ok" for i in range(14)] + ["node-99,DEGRADED"]
    view = TabularCompressor().compress(("\n".join(rows) + "\n").encode()).decode()
    assert view.startswith("host,status\nnode-0,ok\n")
    assert "all status=ok" in view


def test_rg_to_a_pipe_without_line_numbers_is_a_search(no_tool_signatures):
    # `rg "def " engine | ...`: `path:text` with no line number (it was read as source code).
    assert detect(real("rg-pipe-no-line-numbers.txt")) == ContentType.SEARCH


def test_a_yaml_document_is_not_a_pathless_search(no_tool_signatures):
    from engine.patterns import SEARCH_PATH_HIT
    assert SEARCH_PATH_HIT.match("engine/large.py:def exact_cut(buf: bytes) -> int:")
    assert SEARCH_PATH_HIT.match("./src/app.js:  res.send(body)")
    assert not SEARCH_PATH_HIT.match("src/app.py:12:x = 1")  # has a line number: SEARCH_LINE's
    assert not SEARCH_PATH_HIT.match("name: web")
    assert not SEARCH_PATH_HIT.match("image: registry.local/team/svc1:1.1.0")


def test_aligned_cells_with_spaces_inside_a_middle_column_stay_whole():
    # `docker ps` layout: STATUS values hold spaces; a gap under no header name is a spill.
    lines = [
        "CONTAINER ID   IMAGE          CREATED        STATUS                    NAMES",
        "a1b2c3d4e5f6   nginx:1.25     2 hours ago    Up 2 hours                web",
        "c3d4e5f6a1b2   postgres:16    3 days ago     Exited (1) 2 hours ago    db",
        "d4e5f6a1b2c3   busybox        5 weeks ago    Up 12 minutes             tmp",
    ]
    header, rows, head = aligned_table.parse(lines)
    assert header == ["CONTAINER ID", "IMAGE", "CREATED", "STATUS", "NAMES"]
    assert [r[3] for r in rows] == ["Up 2 hours", "Exited (1) 2 hours ago", "Up 12 minutes"]


# ---------------------------------------------------------------- JSON: nested identity in markers


def test_elided_kubernetes_objects_are_named_in_the_marker():
    # A `kind: List` of 12 Deployments: the marker used to say only `all apiVersion=apps/v1
    # kind=Deployment`; which objects were elided is in their nested metadata.name.
    view = JsonCompressor().compress(real("kubectl-deployment-list.json")).decode()
    assert ('{"__caveman_elided__": 7,"__caveman_invariants__": "all apiVersion=apps/v1 kind=Deployment '
            'metadata.creationTimestamp=null; metadata.name: 7 distinct, svc4..svc10; range spec.replicas=1..3"}') in view


def test_nested_objects_with_different_members_add_no_fields():
    from engine.compressors.json_array import _nested_fields
    assert _nested_fields([{"m": {"a": 1, "b": "x"}}, {"m": {"a": 2, "b": "y"}}]) == [
        {"m.a": "1", "m.b": "x"}, {"m.a": "2", "m.b": "y"}]
    assert _nested_fields([{"m": {"a": 1}}, {"m": {"b": 2}}]) is None
    assert _nested_fields([{"m": {"a": {"deep": 1}, "b": 1}}, {"m": {"a": {"deep": 2}, "b": 2}}]) == [
        {"m.b": "1"}, {"m.b": "2"}]


def test_a_nested_constant_never_displaces_a_stated_field():
    from engine.compressors.json_array import _own_summary, _summary
    # Many own fields fill the marker budget: the nested `user.active=true` would shed ranges.
    run = [{"id": i, "status": "ok", "region": "eu" if i % 2 else "us", "amount": 10 + i, "latency_ms": 20 + i,
            "ts": f"2024-05-{i + 1:02d}T00:00:00Z", "user": {"active": True}} for i in range(12)]
    from engine.compressors import invariants
    from engine.compressors.json_array import _fields, _nested_fields
    fuller = invariants.summarize([{**_fields(x), **n} for x, n in zip(run, _nested_fields(run))], 500)
    assert "range amount" not in fuller  # the nested constant took the range's room
    assert _summary(run, 500) == _own_summary(run, 500)
    assert "range amount=10..21 id=0..11" in _summary(run, 500)
    # With room for both, the nested field is added.
    assert _summary(run, 1000).startswith("all status=ok user.active=true;")


# ---------------------------------------------------------------- text: a crash's recursion


def test_a_java_crash_keeps_each_distinct_frame_and_counts_the_recursion(no_tool_signatures):
    # Every frame is a must-keep line, so the view was the whole trace; the copies of a frame
    # identical to the one above it are what is elided.
    view = TextCompressor().compress(real("java-recursion-npe.txt")).decode()
    assert view == (
        'Exception in thread "worker-1" java.lang.IllegalStateException: worker crashed while computing depth\n'
        "\tat Deep.lambda$main$0(Deep.java:4)\n"
        "\tat java.base/java.lang.Thread.run(Thread.java:840)\n"
        'Caused by: java.lang.NullPointerException: Cannot invoke "Object.hashCode()" because "<local1>" is null\n'
        "\tat Deep.depth(Deep.java:2)\n"
        "… 25 sections elided (caveman): 25 identical repeats of the one above …\n"
        "\t... 2 more\n"
        "main finished; worker status unknown\n"
        'Exception in thread "main" java.lang.NullPointerException: Cannot invoke "Object.hashCode()" because "<local1>" is null\n'
        "\tat Deep.depth(Deep.java:2)\n"
        "… 18 sections elided (caveman): 18 identical repeats of the one above …\n"
        "\tat Deep.depth(Deep.java:2)\n"
        "\tat Deep.main(Deep.java:7)\n"
    )


def test_two_identical_lines_are_not_a_run():
    from engine.compressors.text import _identical_repeats
    assert _identical_repeats(["a", "a", "b", "c", "c", "c", " ", " ", " "]) == [
        False, False, False, False, True, True, False, False, False]


# ---------------------------------------------------------------- CSV rows stay as written


def test_quote_all_csv_rows_are_shown_as_written():
    # csv.QUOTE_ALL (spreadsheet and pandas exports): kept rows used to be re-encoded, so
    # `"@babel/core","7.29.13",...` came back as `@babel/core,7.29.13,...`. (CRLF: csv's own.)
    view = TabularCompressor().compress(real("quote-all.csv")).decode()
    assert view == (
        '"package","version","license","summary"\r\n'
        '"@babel/code-frame","7.29.7","MIT","A package, with a comma"\r\n'
        '"@babel/compat-data","7.29.7","MIT","A package, with a comma"\r\n'
        '"@babel/core","7.29.13","MIT","A package, with a comma"\r\n'
        # versions in natural order (byte-wise read `7.10.4..7.8.4`)
        '"… 24 rows elided (caveman): all license=MIT; version: 9 distinct, 7.8.3..7.29.15 …",,,\r\n'
        '"@babel/plugin-syntax-optional-chaining","7.8.3","MIT","A package, with a comma"\r\n'
        '"@babel/plugin-syntax-private-property-in-object","7.14.5","MIT","A package, with a comma"\r\n'
    )


@pytest.mark.parametrize("nl", ["\n", "\r\n"])
def test_a_record_spanning_lines_is_kept_whole_and_verbatim(nl):
    rows = ["id,note,status"] + [f'{i},"line one{nl}line two {i}",ok' for i in range(20)] + ['20,"odd, one",FAILED']
    view = TabularCompressor().compress((nl.join(rows) + nl).encode()).decode()
    assert view.startswith(f'id,note,status{nl}0,"line one{nl}line two 0",ok{nl}')
    assert view.endswith(f'19,"line one{nl}line two 19",ok{nl}20,"odd, one",FAILED{nl}')


def test_search_markers_place_hits_that_have_no_line_numbers():
    hits = real("rg-pipe-no-line-numbers.txt").decode().splitlines()
    assert describe_hits(hits[:5]) == "all in engine/large.py"
    assert describe_hits(["engine/a.py:import x", "engine/b.py:import y", "engine/b.py:z"]) == \
        "in engine/a.py×1 engine/b.py×2"
    # A mix of numbered and unnumbered hits is not described at all.
    assert describe_hits(["engine/a.py:import x", "engine/a.py:3:import y"]) == ""


# ---------------------------------------------------------------- Go services' logs


def test_a_go_logger_naming_its_caller_does_not_make_every_record_important():
    data = real("logfmt-go-caller.log")
    out = LogCompressor().compress(data).decode()
    kept = [line for line in data.decode().splitlines() if line in out.splitlines()]
    flagged = [line for line in data.decode().splitlines() if "level=warn" in line or "level=error" in line]
    assert flagged and set(flagged) <= set(kept) and len(kept) <= len(flagged) + 4
    # a panic's frame, a compiler diagnostic and a test's message still name their Go file first
    for line in ("\t/srv/app/main.go:12 +0x1d", "./main.go:12:5: undefined: x", "    main_test.go:14: got 1"):
        assert LOG_IMPORTANT.search(line)
    for line in ('ts=1 level=info caller=http.go:120 msg=ok', '{"caller": "x.go:17", "msg": "ok"}'):
        assert not LOG_IMPORTANT.search(line)
