"""Real outputs of data tools (trimmed excerpts under tests/fixtures/real/dataops/): database
clients' tables (psql, sqlite3 -box/-table), path listings, expanded records, query plans."""
from __future__ import annotations

from pathlib import Path

from engine.compressors.tabular import TabularCompressor
from engine.compressors.text import TextCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "dataops"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ---------------------------------------------------------------- database clients' tables


def test_psql_aligned_result_is_a_table_with_its_frame_and_footer():
    # It was read as a log (its timestamps), elided in "lines" with no statement of what went.
    data = real("psql-select-refund-failed.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    assert lines[:2] == original[:2]  # header and its `---+---` rule
    assert "(101 rows)" in lines  # the footer stays under the rows
    odd = next(ln for ln in original if "refund_failed" in ln)
    assert odd in lines
    markers = [ln for ln in lines if "rows elided (caveman)" in ln]
    assert markers and all("status:" in m or "status=" in m for m in markers)
    # The markers count exactly the rows that are not shown.
    shown = [ln for ln in lines if ln in original[2:2 + 101]]
    elided = sum(int(m.split("… ")[1].split(" ")[0]) for m in markers)
    assert len(shown) + elided == 101


def test_psql_row_with_an_empty_last_cell_still_reads():
    data = real("psql-empty-last-column.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    assert ' 970 | shipped | gift, wrap "carefully"' in view.splitlines()
    assert view.splitlines()[-1] == "(21 rows)"


def test_sqlite_box_table_keeps_its_frame_and_names_columns_in_markers():
    data = real("sqlite-box-customers.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    assert lines[:3] == original[:3] and lines[-1] == original[-1]
    assert any("rows elided (caveman)" in ln and "tier" in ln for ln in lines)
    enterprise = [ln for ln in original if "enterprise" in ln]
    assert enterprise and all(ln in lines for ln in enterprise[:1])


def test_sqlite_table_mode_ascii_frame_is_a_table():
    data = real("sqlite-table-orders.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    assert lines[:3] == original[:3] and lines[-1] == original[-1]
    assert next(ln for ln in original if "refund_failed" in ln) in lines


def test_a_psql_value_spread_over_lines_stays_one_row():
    data = real("psql-wrapped-cells.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    for i, ln in enumerate(lines):
        if ln.endswith("line one+"):  # never cut from the line that holds the rest of its value
            assert lines[i + 1] == "     |           | line two"
    markers = [ln for ln in lines if "rows elided (caveman)" in ln]
    shown = [ln for ln in lines if ln[:5].strip().isdigit()]
    assert len(shown) + sum(int(m.split("… ")[1].split(" ")[0]) for m in markers) == 120


def test_a_continuation_line_filling_a_cell_that_did_not_wrap_is_declined():
    def table(continuation: str) -> bytes:
        rows = [f" {i:>3} | {'note ' + str(i):<10} | ok" for i in range(1, 14)]
        rows[4] = rows[4][:17] + "+" + rows[4][18:]  # `note 5` goes on to the next line
        rows.insert(5, continuation)
        return (" id  | note       | st\n-----+------------+----\n" + "\n".join(rows) + "\n(13 rows)\n").encode()

    assert TabularCompressor().compress(table("     | rest       | ")) is not None
    assert TabularCompressor().compress(table("     | rest       | ok")) is None


# ---------------------------------------------------------------- path listings


def test_find_listing_is_an_enumeration_and_stays_whole():
    # `find … -name '*.py'`: 60 paths; the text compressor kept 6 and elided the rest as sections.
    data = real("find-rich-py.txt")
    assert TextCompressor().compress(data) is None


def test_a_path_listing_with_a_few_error_lines_stays_whole():
    paths = [f"./src/pkg{i // 10}/module_{i}.py" for i in range(60)]
    text = "\n".join(paths[:30] + ["find: './private': Permission denied"] + paths[30:]) + "\n"
    assert TextCompressor().compress(text.encode()) is None


def test_prose_mentioning_paths_is_still_text_that_shrinks():
    para = ("The build reads its settings from config/app.toml and writes the bundle to dist/app.js; "
            "see docs/setup.md for the rest of the steps that follow here.")
    text = "\n".join(f"{i}. {para}" for i in range(40)) + "\n"
    assert TextCompressor().compress(text.encode()) is not None


# ---------------------------------------------------------------- a record a block (psql \x, sqlite3 -line)


def _records_of(view: str, header: str) -> list[str]:
    return [ln for ln in view.splitlines() if ln.startswith(header)]


def test_psql_expanded_records_are_kept_whole_and_counted():
    # psql \x was passed through whole (text); sqlite3 -line went to the log compressor, which
    # kept `country = FR` lines cut from their records.
    data = real("psql-x-enable-settings.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    blocks = view.split("\n-[ RECORD ")
    markers = [ln for ln in view.splitlines() if "records elided (caveman)" in ln]
    assert markers
    shown = len(_records_of(view, "-[ RECORD "))
    assert shown + sum(int(m.split("… ")[1].split(" ")[0]) for m in markers) == 20
    original = data.decode()
    for block in blocks:  # every shown record is its original text, all of its fields
        record = block.split("\n… ")[0].strip("\n")
        assert record in original
        assert record.count("\n") >= 7


def test_psql_expanded_value_spread_over_lines_stays_in_its_record():
    data = real("psql-x-view-definitions.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    assert "records elided (caveman)" in view
    for record in view.split("-[ RECORD ")[1:]:
        body = record.split("\n… ")[0]
        lines = body.rstrip("\n").splitlines()
        # A shown record ends on its definition's last line (the `;`), never mid-value.
        assert lines[-1].rstrip().endswith(";"), lines[-1]


def test_sqlite_line_records_are_rows_of_a_table():
    data = real("sqlite-line-customers.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    original = data.decode()
    markers = [ln for ln in view.splitlines() if "records elided (caveman)" in ln]
    assert markers
    shown = len([ln for ln in view.splitlines() if ln.strip().startswith("id = ")])
    assert shown + sum(int(m.split("… ")[1].split(" ")[0]) for m in markers) == 30
    for block in view.split("\n\n"):
        record = block.split("\n… ")[0]
        assert record.strip("\n") in original and record.count(" = ") == 6


def test_aligned_assignments_of_one_block_are_not_records():
    text = "name    = demo\nversion = 1.0\nauthors = me\nlicense = MIT\nreadme  = README\nedition = 2021\n" \
           "build   = x.rs\nlinks   = z\n"
    assert detect(text.encode()) != ContentType.TABULAR


def test_blocks_with_different_fields_are_not_records():
    blocks = ["  id = {0}\nname = n{0}".format(i) if i != 4 else "  id = 4\nkind = odd" for i in range(12)]
    assert TabularCompressor().compress("\n\n".join(blocks).encode() + b"\n") is None


# ---------------------------------------------------------------- multi-document YAML


def test_yaml_stream_ending_in_a_document_marker_is_still_config():
    # `kubectl create … --dry-run=client -o yaml; echo ---` in a loop: the empty document after
    # the last `---` made the whole stream "not config", and 660 lines passed through.
    from engine.compressors.config import ConfigCompressor

    data = real("kubectl-dry-run-stream.yaml")
    assert detect(data) == ContentType.CONFIG
    view = ConfigCompressor().compress(data).decode()
    assert "config lines elided (caveman)" in view
    for i in range(1, 5):  # every object still names itself
        assert f"  name: svc{i}" in view.splitlines()
    assert view.splitlines().count("---") == data.decode().splitlines().count("---") == 8


# ---------------------------------------------------------------- JUnit XML reports


def test_pretty_junit_report_is_a_test_run_keeping_the_failure_whole():
    # 122 testcases, one failure whose message holds blank lines: read as paragraphs, the text
    # compressor found too few and passed all 122 through.
    from engine.compressors.terminal import TerminalCompressor

    data = real("junit-pretty-one-failure.xml")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data).decode()
    original = data.decode()
    start = original.index('<testcase classname="test_x" name="test_one_bad"')
    failure = original[start:original.index("</testcase>", start)]
    for line in failure.splitlines():
        assert line.rstrip() in view
    assert '<skipped type="pytest.skip" message="needs network">' in view
    assert "… 120 lines elided (caveman): 120 passing-test lines;" in view  # 122 cases: 1 failed, 1 skipped
    assert view.count("<testcase ") < 10


def test_junit_report_on_one_line_is_not_a_test_run_transcript():
    cases = "".join(f'<testcase classname="t" name="c{i}" time="0.001"/>' for i in range(40))
    text = f'<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite tests="40">{cases}</testsuite></testsuites>\n'
    assert detect(text.encode()) != ContentType.TERMINAL


# ---------------------------------------------------------------- EXPLAIN plans


def test_explain_plan_elides_look_alike_partition_scans_and_keeps_the_slowest():
    # 60 partition scans under an Append passed through whole (188 lines).
    data = real("psql-explain-analyze-60-partitions.txt")
    view = TextCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    scans = [ln for ln in original if "Seq Scan on events_" in ln]
    assert len(scans) == 60
    slowest = max(scans, key=lambda ln: float(ln.split("actual time=")[1].split("..")[1].split(" ")[0]))
    shown = [ln for ln in lines if "Seq Scan on events_" in ln and "elided" not in ln]
    assert shown[:2] == scans[:2] and shown[-1] == scans[-1] and slowest in shown
    markers = [ln for ln in lines if "similar plan nodes elided (caveman)" in ln]
    assert len(shown) + sum(int(m.split("… ")[1].split(" ")[0]) for m in markers) == 60
    assert markers[0].startswith(" " * 15 + "… ")  # at the depth of the nodes it stands for
    assert "first Seq Scan on events_20260103 events_3" in markers[0]
    # Every line that is not one of the scans' subtrees is kept, in order.
    others = [ln for ln in original if "events_" not in ln and "Filter" not in ln]
    assert [ln for ln in lines if ln in others] == others


def test_explain_plan_with_distinct_nodes_is_left_whole():
    data = real("psql-explain-analyze-hash-joins.txt")
    assert TextCompressor().compress(data) is None


def test_a_run_of_four_look_alike_nodes_stays():
    from engine.compressors import query_plan

    scans = "".join(f"         ->  Seq Scan on p_{i} p{i}  (cost=0.00..1.00 rows=1 width=4)\n" for i in range(4))
    text = (" Append  (cost=0.00..4.00 rows=4 width=4)\n" + scans) * 1
    assert query_plan.compress(text) is None


def test_psql_catalog_listing_under_a_title_stays_whole():
    # `\df pg_catalog.array*`: "List of functions" is an enumeration the agent asked for.
    data = real("psql-df-list-of-functions.txt")
    assert detect(data) != ContentType.TABULAR
    assert TabularCompressor().compress(data) is None
    assert TextCompressor().compress(data) is None


# ---------------------------------------------------------------- SQL dumps


def test_pg_dump_schema_is_text_whose_look_alike_partitions_are_elided():
    # Read as code, which no code compressor parses for SQL: all 830 lines passed through.
    data = real("pg-dump-schema-partitions.sql")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    assert "sections elided (caveman)" in view
    for kept in ("ADD CONSTRAINT customers_pkey PRIMARY KEY (id);",
                 "ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);",
                 "CREATE INDEX orders_status_placed_idx ON public.orders USING btree (status, placed_at);",
                 "PARTITION BY RANGE (day);",
                 "CONSTRAINT customers_tier_check CHECK"):
        assert kept in view
    assert len(view) < len(data) // 2


def test_python_with_sql_in_strings_is_still_code():
    src = "import sqlite3\n\n\ndef load(db):\n    cur = db.cursor()\n" + "".join(
        f"    cur.execute(\"SELECT id FROM t{i} WHERE x = ?\", (1,))\n" for i in range(12)) + "    return cur\n"
    assert detect(src.encode()) == ContentType.CODE


def test_psql_unaligned_table_with_its_row_count_footer_is_a_table():
    # `psql -A`: the `(101 rows)` footer broke the `|`-delimited table; it went to the log
    # compressor, which elided rows in "lines" without saying what they held.
    data = real("psql-unaligned-footer.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    assert lines[0] == "id|customer_id|status|total|placed_at"
    assert "(101 rows)" in lines
    assert "4242|1695|refund_failed|124.50|2026-03-03 22:42:00+00" in lines
    assert any("rows elided (caveman)" in ln and "status" in ln for ln in lines)


def test_redis_scan_key_list_is_an_enumeration_and_stays_whole():
    # `redis-cli --scan --pattern 'user:*'`: 116 of 120 keys were elided as "sections".
    data = real("redis-cli-scan-keys.txt")
    assert TextCompressor().compress(data) is None


def test_base64_lines_csv_records_and_repeated_names_are_not_an_enumeration():
    import base64

    from engine.compressors.text import is_path_listing

    assert not is_path_listing(base64.encodebytes(bytes(range(256)) * 40).decode())
    assert not is_path_listing("\n".join(f"{i},{i * 3},x{i}" for i in range(50)))
    assert not is_path_listing("\n".join(["OK"] * 300 + ["(integer) 1"] * 200) + "\n")
    assert is_path_listing("\n".join(f"session:user:{i}" for i in range(50)))


# ---------------------------------------------------------------- JSON: the one odd record


def _customer_records(n: int, odd: int) -> bytes:
    """What `psql -At -c "select row_to_json(t) from (select id, email, json_build_object(…) as
    meta from customers …) t"` printed for the session's table: the committed excerpt is its
    first 300 records; the loss showed only with 1300 or more."""
    lines = []
    for i in range(1, n + 1):
        country = ["US", "DE", "FR", "JP", "BR", "IN"][i % 6]
        tier = ["free", "pro", "enterprise"][(i % 7 == 0) + (i % 31 == 0)]
        flags = '["suspended"]' if i == odd else "[]"
        lines.append(f'{{"id":{i},"email":"user{i}@example.com",'
                     f'"meta":{{"country" : "{country}", "tier" : "{tier}", "flags" : {flags}}}}}')
    return ("\n".join(lines) + "\n").encode()


def test_the_one_record_whose_nested_list_is_not_empty_is_kept():
    # 2000 records, `meta.flags` empty in all but one (["suspended"]): its one extra word kept
    # it under the redundancy bar, and it was elided with nothing in the marker about it.
    from engine.compressors.json_array import JsonCompressor

    assert _customer_records(300, 190) == real("jsonl-one-nonempty-flags.jsonl")
    data = _customer_records(2000, 1500)
    assert detect(data) == ContentType.JSON
    view = JsonCompressor().compress(data).decode()
    assert '"suspended"' in view
    assert "__caveman_elided__" in view


def test_a_record_with_an_empty_list_among_full_ones_is_kept():
    import json

    from engine.compressors.json_array import JsonCompressor

    items = [{"id": i, "tags": ["a", "b"]} for i in range(200)]
    items[120]["tags"] = []
    view = JsonCompressor().compress(json.dumps(items, indent=1).encode()).decode()
    assert '"id": 120,"tags": []' in view.replace(", ", ",")


def test_the_one_row_with_a_blank_cell_in_a_filled_column_is_kept():
    # 200 customers, one with a NULL email: the row was elided in a run whose marker simply
    # stopped stating emails.
    data = real("psql-one-null-email.txt")
    view = TabularCompressor().compress(data).decode()
    assert " 134 |                     | FR      | free" in view.splitlines()
    assert "rows elided (caveman)" in view


def test_a_mostly_blank_column_does_not_keep_its_blank_rows():
    rows = ["id,status,note"] + [f"{i},{'pending' if i % 9 else 'shipped'}," + ("gift" if i % 40 == 0 else "")
                                 for i in range(1, 201)]
    view = TabularCompressor().compress(("\n".join(rows) + "\n").encode()).decode()
    assert len(view.splitlines()) < 30


def test_the_one_non_number_in_a_numeric_column_is_kept():
    # `N/A` among 300 totals was elided; the marker only said `total: … 101.50..N/A`.
    data = real("csv-one-na-total.csv")
    view = TabularCompressor().compress(data).decode()
    assert "211,1478,shipped,N/A,2026-03-01 03:31:00+00" in view.splitlines()
    assert "rows elided (caveman)" in view


def test_text_cells_of_a_mostly_blank_column_are_not_odd_numbers():
    rows = ["id,status,note"] + [f"{i},{'pending' if i % 9 else 'shipped'}," + ("gift" if i % 40 == 0 else "")
                                 for i in range(1, 201)]
    view = TabularCompressor().compress(("\n".join(rows) + "\n").encode()).decode()
    # Only the first of its kind and the last row: blanks are not numbers, and text is no oddity here.
    assert [ln for ln in view.splitlines() if ln.endswith(",gift")] == ["40,pending,gift", "200,pending,gift"]


# ---------------------------------------------------------------- TSV whose first column is a number


def test_tsv_led_by_ids_is_not_a_line_numbered_listing():
    # `psql -At -F$'\t'`: `1<TAB>user1@…` read as `cat -n`'s gutter; the table lost its id
    # column and the markers named every column one place too far left (`#1: user…`).
    from engine.listing import unwrap

    data = real("psql-tsv-id-first.tsv")
    assert unwrap(data).body == data
    view = TabularCompressor().compress(data).decode()
    marker = next(ln for ln in view.splitlines() if "rows elided (caveman)" in ln)
    assert "#2:" in marker and "user" in marker.split("#2:")[1].split(";")[0]


def test_cat_n_of_tab_indented_source_is_still_a_listing():
    from engine.listing import unwrap

    src = ["package main", "", "func main() {", "\tx := 1", "\tif x > 0 {", "\t\tprintln(x)", "\t}", "}", "// end"]
    data = "".join(f"{i + 1:6d}\t{ln}\n" for i, ln in enumerate(src)).encode()
    assert unwrap(data).body == ("\n".join(src) + "\n").encode()


def test_psql_tuples_only_rows_are_a_table_not_a_numbered_listing():
    # `psql -t`: ` 4200 |        1401 | cancelled …` read as a ` N | ` gutter; the markers stated
    # nothing, and the padded cells gave no values to state.
    from engine.listing import unwrap

    data = real("psql-t-tuples-only.txt")
    assert unwrap(data).body == data
    view = TabularCompressor().compress(data).decode()
    assert " 4242 |        1695 | refund_failed | 124.50" in view.splitlines()
    markers = [ln for ln in view.splitlines() if "rows elided (caveman)" in ln]
    assert markers and all("#3:" in m or "#3=" in m for m in markers)
    assert "range #1=4204..4235" in markers[0]


def test_numbered_code_with_a_pipe_gutter_is_still_a_listing():
    from engine.listing import unwrap

    src = ["def f(a, b):", "    if a | b:", "        return 1", "    return 0", "", "x = f(1, 2)", "y = 3", "z = 4", "w = 5"]
    data = "".join(f"{i + 1:4d} | {ln}\n" for i, ln in enumerate(src)).encode()
    assert unwrap(data).body != data


def test_psql_script_with_several_result_tables_compresses_each():
    # `psql -f` printing SET, a table, INSERT 0 1, a table: blank lines made it paragraphs of
    # text, too few to elide, and all of it passed through.
    data = real("psql-f-two-results.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    assert lines[0] == "SET" and "INSERT 0 1" in lines
    assert "(61 rows)" in lines and "(40 rows)" in lines
    assert " 4242 | refund_failed | 124.50" in lines
    assert sum(1 for ln in lines if "rows elided (caveman)" in ln) >= 2
    assert lines.index("(61 rows)") < lines.index("INSERT 0 1") < lines.index("(40 rows)")


def test_blocks_that_are_not_all_tables_are_not_a_psql_script():
    from engine.compressors.framed_table import result_blocks

    data = real("psql-f-two-results.txt").decode()
    assert result_blocks(data + "\nsome prose follows here\n") is None


def test_a_huge_path_listing_is_thinned_with_counted_markers():
    paths = "".join(f"./node_modules/pkg{i // 20}/lib/file{i % 20}.js\n" for i in range(3000))
    view = TextCompressor().compress(paths.encode())
    assert view is not None and b"elided (caveman)" in view


# ---------------------------------------------------------------- Title-case aligned headers


def test_ss_connection_table_with_title_case_header_is_a_table():
    # `ss -tanp` names its columns in Title case (`State Recv-Q ... Local Address:Port`): read
    # as text, its 118 elided rows were `sections` with nothing said of them, one ESTAB among them.
    data = real("ss-tanp.txt")
    assert detect(data) == ContentType.TABULAR
    view = TabularCompressor().compress(data).decode()
    lines = view.splitlines()
    assert lines[0] == data.decode().splitlines()[0]
    assert "… 6 rows elided (caveman): all State=TIME-WAIT Recv-Q=0 Send-Q=0 …" in lines
    big = next(ln for ln in lines if ln.startswith("… 118 rows elided"))
    assert "State: TIME-WAIT×117 ESTAB×1" in big  # the odd row is counted, not hidden
    assert sum(ln.startswith("LISTEN ") for ln in lines) == 3  # every listening socket shown


def test_title_case_headers_are_column_names_and_sentences_are_not():
    from engine.compressors.aligned_table import header_ok

    assert header_ok("State     Recv-Q Send-Q Local Address:Port  Peer Address:Port Process", None)
    assert header_ok("Filesystem      Size  Used Avail Use% Mounted on", None)
    assert not header_ok("Release notes for the project", None)  # a sentence: lower-case words
    assert not header_ok("name   value", None)
    assert not header_ok("Mounted on the shelf", None)  # one trailing lower-case word only
