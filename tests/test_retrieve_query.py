"""Query narrowing: whole units only, original order, every gap marked, full original otherwise."""
from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from engine.retrieve_query import GAP, MAX_UNITS, line_slice, narrow, narrow_view

STATUSES = ["fulfilled", "fulfilled", "shipped", "unfulfilled", "fulfilled", "fulfilled", "fulfilled",
            "unfulfilled", "fulfilled", "fulfilled", "unfulfilled", "shipped"]


def orders_page() -> bytes:
    """The design documents' incident: a pretty-printed page of orders where three are unfulfilled."""
    orders = [{"order_id": f"ord-{1040 + i}", "status": s, "amount": f"{12 + i * 7.25:.2f}", "state": "charged"}
              for i, s in enumerate(STATUSES)]
    return json.dumps({"page": 3, "orders": orders, "has_more": True}, indent=2).encode()


def chunks(view: bytes) -> list[str]:
    """The view cut at its gap markers; empty pieces dropped."""
    return [c.strip() for c in view.decode().split(GAP) if c.strip()]


def records(view: bytes) -> list[object]:
    """Every JSON value in the view, in order; fails on anything that is not a whole value."""
    decoder, found = json.JSONDecoder(), []
    for chunk in chunks(view):
        at = 0
        while at < len(chunk):
            value, at = decoder.raw_decode(chunk, at)
            found.append(value)
            while at < len(chunk) and chunk[at] in " \n":
                at += 1
    return found


# --------------------------------------------------------------------------- JSON


def test_orders_query_returns_whole_records_each_status_beside_its_own_order_id():
    view = narrow(orders_page(), "unfulfilled")
    pieces = chunks(view)
    records = [json.loads(p) for p in pieces]  # every piece parses: no field line on its own
    assert [r["order_id"] for r in records] == ["ord-1043", "ord-1047", "ord-1050"]
    assert all(r["status"] == "unfulfilled" and r["state"] == "charged" for r in records)
    # Non-adjacent in the original, so a marker before, between and after them.
    assert view.decode().count(GAP) == 4
    assert view.decode().startswith(GAP + "\n{") and view.decode().endswith("}\n" + GAP + "\n")


def test_orders_record_keeps_its_original_scalar_spelling():
    raw = b'{"orders": [{"id": "a", "amount": 1.50, "note": "caf\\u00e9"}, {"id": "b", "amount": 2e3}, ' \
          b'{"id": "c", "amount": 3}' + b''.join(b', {"id": "%d", "amount": %d}' % (i, i) for i in range(9)) + b']}'
    pieces = chunks(narrow(raw, "caf\\u00e9"))
    assert pieces == ['{\n  "id": "a",\n  "amount": 1.50,\n  "note": "caf\\u00e9"\n}']


def test_separate_arrays_are_separated_by_a_gap_even_when_their_records_touch():
    doc = {"first": [{"id": "x1", "tag": "alpha"}, {"id": "x2", "tag": "alpha"}],
           "second": [{"id": "y1", "tag": "alpha"}, {"id": "y2", "tag": "beta"}]}
    view = narrow(json.dumps(doc, indent=2).encode(), "alpha").decode()
    ids = [r["id"] for r in records(view.encode())]
    assert ids == ["x1", "x2", "y1"]
    x2_end = view.index('"x2"')
    assert GAP in view[x2_end:view.index('"y1"')]
    assert GAP not in view[view.index('"x1"'):x2_end]  # adjacent records of one array: no marker


def test_messages_content_stays_inside_its_message_object():
    doc = {"messages": [{"role": "system", "content": "You are a bot."},
                        {"role": "user", "content": "The deploy failed at step 3."},
                        {"role": "assistant", "content": "Looking."},
                        {"role": "user", "content": "Anything else?"}]}
    pieces = chunks(narrow(json.dumps(doc, indent=2).encode(), "deploy failed"))
    assert [json.loads(p) for p in pieces] == [{"role": "user", "content": "The deploy failed at step 3."}]


def test_keyed_collection_entries_are_records_with_their_key():
    doc = {"name": "demo", "packages": {f"node_modules/p{i}": {"version": f"1.{i}.0", "license": "MIT"}
                                        for i in range(8)}}
    view = narrow(json.dumps(doc, indent=2).encode(), "1.5.0").decode()
    assert chunks(view.encode()) == ['"node_modules/p5": {\n  "version": "1.5.0",\n  "license": "MIT"\n}']


def test_nested_arrays_inside_a_taken_record_are_not_split_out():
    doc = [{"id": f"r{i}", "items": [{"sku": f"s{i}", "qty": i}]} for i in range(6)]
    pieces = chunks(narrow(json.dumps(doc).encode(), "s4"))
    assert [json.loads(p) for p in pieces] == [{"id": "r4", "items": [{"sku": "s4", "qty": 4}]}]


def test_json_without_a_record_collection_comes_back_whole():
    raw = json.dumps({"version": "1.2.3", "flags": [1, 2, 3], "config": {"debug": True}}, indent=2).encode()
    view = narrow_view(raw, "debug")
    assert view.output == raw and not view.narrowed


def test_broken_pretty_json_is_never_cut_into_field_lines():
    raw = orders_page()[:-40]
    assert narrow(raw, "unfulfilled") == raw


# --------------------------------------------------------------------------- tables, lines, prose


def test_csv_records_are_sliced_from_the_original_with_the_header_once():
    raw = (b"id,city,note\r\n1,Oslo,fine\r\n2,Lima,\"delayed, then\nrerouted\"\r\n"
           + b"".join(b"%d,Rome,fine\r\n" % i for i in range(3, 12)))
    view = narrow(raw, "rerouted").decode()
    assert view == f'id,city,note\n{GAP}\n2,Lima,"delayed, then\nrerouted"\n{GAP}\n'
    assert view.count("id,city,note") == 1


def test_tsv_records_from_the_first_one_have_no_leading_gap():
    raw = b"name\tstate\nweb-1\tdown\n" + b"".join(b"web-%d\tup\n" % i for i in range(2, 12))
    assert narrow(raw, "down").decode() == f"name\tstate\nweb-1\tdown\n{GAP}\n"


def test_ndjson_lines_are_whole_units():
    lines = [json.dumps({"ts": i, "level": "info" if i != 3 else "error", "msg": f"event {i}"}) for i in range(8)]
    raw = ("\n".join(lines) + "\n").encode()
    assert narrow(raw, "error").decode() == f"{GAP}\n{lines[3]}\n{GAP}\n"


def log_lines() -> list[str]:
    return [f"2024-05-01 10:00:{i:02d} INFO worker-{i % 3} processed batch {i}" for i in range(40)]


def test_an_exact_log_line_comes_back_and_words_alone_do_not_crowd_it():
    lines = log_lines()
    lines[17] = "2024-05-01 10:00:17 ERROR worker-2 failed batch 17: connection reset by peer"
    lines[30] = "2024-05-01 10:00:30 WARN worker-0 connection slow"
    raw = ("\n".join(lines) + "\n").encode()
    view = narrow_view(raw, lines[17])
    assert view.output.decode() == f"{GAP}\n{lines[17]}\n{GAP}\n"
    assert [(r.index, r.phrase) for r in view.returned] == [(17, True)]


def test_without_a_verbatim_match_bm25_picks_at_most_twenty_lines_in_original_order():
    lines = log_lines()
    raw = ("\n".join(lines) + "\n").encode()
    view = narrow_view(raw, "worker-1 batch")
    *body, count = view.output.decode().rstrip("\n").split("\n")
    assert count == f"… [caveman: the {MAX_UNITS} best of 40 matching lines shown] …"
    shown = [l for l in body if l != GAP]
    assert len(shown) == MAX_UNITS
    assert shown == sorted(shown, key=lines.index)  # original order, not score order
    assert all(l in lines for l in shown)


def test_a_fact_wrapped_over_two_lines_returns_both_lines():
    lines = log_lines()
    lines[9] = "Traceback: the job failed because the disk"
    lines[10] = "  was full on /var/lib/data"
    raw = ("\n".join(lines) + "\n").encode()
    view = narrow(raw, "because the disk was full").decode()
    assert view == f"{GAP}\n{lines[9]}\n{lines[10]}\n{GAP}\n"


def test_colour_codes_do_not_hide_a_line_from_its_query():
    lines = [f"ok {i}" for i in range(30)]
    lines[5] = "\x1b[31mFAILED\x1b[0m tests/test_x.py::test_y"
    raw = ("\n".join(lines) + "\n").encode()
    assert narrow(raw, "FAILED tests/test_x.py::test_y").decode() == f"{GAP}\nFAILED tests/test_x.py::test_y\n{GAP}\n"


PROSE = (
    "Caveman keeps every error line.\nIt stores the original for recovery.\n\n"
    "The store lives in a local SQLite file\nand never leaves the machine.\n\n"
    "Retrieval narrows a recovered original\nto whole paragraphs that match a query.\n\n"
    "Token counts are inferred,\nnever verified.\n"
)


def test_prose_comes_back_as_whole_paragraphs():
    view = narrow_view(PROSE.encode(), "sqlite")
    assert view.unit_kind == "paragraph"
    assert view.output.decode() == (f"{GAP}\n\nThe store lives in a local SQLite file\nand never leaves the machine."
                                    f"\n\n{GAP}\n")


def test_a_pytest_style_block_holding_most_of_the_text_is_split_into_lines():
    block = "\n".join(f"../lib/mod.py:{i}: in call_{i}\n    return f({i})" for i in range(30))
    raw = f"== test session starts ==\nplatform linux\n\n{block}\n\n== 1 error in 0.5s ==\n".encode()
    view = narrow_view(raw, "call_7")
    assert view.unit_kind == "line"
    assert view.output.decode() == f"{GAP}\n../lib/mod.py:7: in call_7\n{GAP}\n"


# --------------------------------------------------------------------------- when nothing narrows


def test_no_query_is_the_original_byte_exact():
    raw = b"\x00\xffbinary\r\nbytes"
    assert narrow(raw, "") == raw and narrow(raw, "   ") == raw


def test_no_hit_is_the_full_original():
    raw = ("\n".join(log_lines()) + "\n").encode()
    view = narrow_view(raw, "zebra")
    assert view.output == raw and not view.narrowed and view.reason == "no unit matches the query"


def test_a_view_that_is_not_smaller_is_the_full_original():
    raw = b"error one\nerror two\n"
    view = narrow_view(raw, "error")
    assert view.output == raw and not view.narrowed


def test_stopword_only_query_without_a_verbatim_match_is_the_full_original():
    raw = ("\n".join(log_lines()) + "\n").encode()
    assert narrow(raw, "the of and") == raw


# --------------------------------------------------------------------------- properties


@given(st.lists(st.text(alphabet="abcdefgh 0123456789:_-", min_size=1, max_size=30).filter(str.strip),
                min_size=3, max_size=40),
       st.data())
def test_line_views_hold_only_whole_original_lines_and_the_asked_line(lines, data):
    raw = ("\n".join(lines) + "\n").encode()
    wanted = data.draw(st.sampled_from(lines))
    out = narrow(raw, wanted)
    assert out == narrow(raw, wanted)  # deterministic
    if out == raw:
        return
    text = out.decode()
    assert " ".join(wanted.split()) in " ".join(text.split())
    assert all(line == GAP or line in lines for line in text.rstrip("\n").split("\n"))
    assert len(out) < len(raw)


@given(st.lists(st.fixed_dictionaries({"id": st.integers(0, 999), "tag": st.sampled_from(["red", "blue", "green"])}),
                min_size=1, max_size=30))
def test_json_views_are_whole_records(items):
    raw = json.dumps({"items": items}, indent=2).encode()
    out = narrow(raw, "red")
    if out == raw:
        return
    parsed = records(out)
    assert parsed and all(p in items and p["tag"] == "red" for p in parsed)


# --------------------------------------------------------------------------- --lines


def test_line_slice_is_byte_exact_and_one_based_inclusive():
    raw = b"one\r\ntwo\r\n\x1b[31mthree\x1b[0m\r\nfour"
    assert line_slice(raw, 2, 3) == b"two\r\n\x1b[31mthree\x1b[0m\r\n"
    assert line_slice(raw, 4, 4) == b"four"
    assert line_slice(raw, 3, 99) == b"\x1b[31mthree\x1b[0m\r\nfour"
    assert line_slice(b"a\nb\n", 1, 2) == b"a\nb\n"


def test_line_slice_outside_the_original_is_an_error():
    import pytest

    with pytest.raises(ValueError, match="the original has 2 lines"):
        line_slice(b"a\nb\n", 3, 4)
    with pytest.raises(ValueError, match="empty"):
        line_slice(b"a\nb\n", 2, 1)


# --------------------------------------------------------------------------- lines read under their parents


def test_an_indented_line_comes_with_the_lines_it_sits_under():
    services = "".join(f"  svc{i}:\n    image: app:{i}\n    ports:\n      - \"{8000 + i}:80\"\n" for i in range(12))
    raw = f"version: '3'\nservices:\n{services}".encode()
    view = narrow_view(raw, '"8007:80"')
    assert view.output.decode() == (f"{GAP}\nservices:\n{GAP}\n  svc7:\n{GAP}\n    ports:\n"
                                    f"      - \"8007:80\"\n{GAP}\n")
    assert [(r.index, r.context) for r in view.returned] == [(1, True), (30, True), (32, True), (33, False)]


def test_a_lint_message_keeps_the_file_it_was_reported_in():
    groups = "".join(f"/src/file{f}.js\n" + "".join(f"  {n}:5  error  'x{f}{n}' is not defined  no-undef\n"
                                                     for n in range(1, 9)) for f in range(6))
    view = narrow(groups.encode(), "  4:5  error  'x34' is not defined  no-undef").decode()
    assert view == f"{GAP}\n/src/file3.js\n{GAP}\n  4:5  error  'x34' is not defined  no-undef\n{GAP}\n"


def test_a_numbered_listing_line_comes_with_its_enclosing_definition():
    body = "".join(f"{n:6}\t        x = {n}\n" for n in range(3, 40))
    raw = f"     1\tclass Box:\n     2\t    def fill(self):\n{body}    40\t\n    41\tdef other():\n".encode()
    view = narrow(raw, "x = 17").decode()
    assert view == f"     1\tclass Box:\n     2\t    def fill(self):\n{GAP}\n    17\t        x = 17\n{GAP}\n"


def test_more_matches_than_shown_says_how_many_matched():
    lines = [f"job {i} ERROR disk full" if i % 2 else f"job {i} ok" for i in range(80)]
    raw = ("\n".join(lines) + "\n").encode()
    view = narrow_view(raw, "ERROR disk full")
    assert view.matching == 40 and len(view.returned) == MAX_UNITS
    assert view.output.decode().endswith(f"{GAP}\n… [caveman: the 20 best of 40 matching lines shown] …\n")


def test_all_matches_shown_carry_no_count_line():
    view = narrow_view(orders_page(), "unfulfilled")
    assert view.matching == 3 and "best of" not in view.output.decode()


def test_a_minified_json_value_is_found_verbatim_in_its_re_rendered_record():
    raw = json.dumps({"orders": [{"id": f"o{i}", "status": "open" if i != 4 else "held"} for i in range(12)]},
                     separators=(",", ":")).encode()
    view = narrow_view(raw, '"status":"held"')
    assert [r.phrase for r in view.returned] == [True]
    assert records(view.output) == [{"id": "o4", "status": "held"}]


def test_text_that_only_starts_like_json_is_cut_like_any_other_text():
    lines = [f"[INFO] step {i} done" for i in range(30)]
    lines[12] = "[ERROR] step 12 crashed"
    view = narrow_view(("\n".join(lines) + "\n").encode(), "crashed")
    assert view.unit_kind == "line" and view.output.decode() == f"{GAP}\n[ERROR] step 12 crashed\n{GAP}\n"


def test_a_query_for_the_csv_header_alone_gets_the_header_and_a_gap():
    raw = b"host,state,since\n" + b"".join(b"web-%d,up,2024-0%d-01\n" % (i, i % 9 + 1) for i in range(20))
    view = narrow_view(raw, "host,state,since")
    assert view.narrowed and view.output.decode() == f"host,state,since\n{GAP}\n"


# --------------------------------------------------------------------------- never a crash


TEXTY = st.lists(st.sampled_from(list('ab1 ,\t\n\r"{}[]:-\x1b[m') + ["é", "\x00", "  ", "\n\n", '{"k": [', "},"]),
                 max_size=120).map("".join)


@given(st.one_of(TEXTY.map(lambda t: t.encode("utf-8")), st.binary(max_size=200)), st.text(max_size=30))
def test_any_bytes_and_any_query_give_the_original_or_a_smaller_view(raw, query):
    view = narrow_view(raw, query)
    assert view.output == raw if not view.narrowed else len(view.output) < len(raw)


@given(st.lists(st.tuples(st.sampled_from(["Oslo", "Lima", "Kyiv"]), st.text(alphabet='ab ,"\n', max_size=12)),
                min_size=3, max_size=25))
def test_csv_views_hold_records_exactly_as_in_the_original(rows):
    import csv
    import io

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["city", "note"])
    writer.writerows(rows)
    raw = buf.getvalue().encode()
    view = narrow_view(raw, "Lima")
    if not view.narrowed:
        return
    text = view.output.decode()
    assert text.startswith("city,note\n")
    for piece in text[len("city,note\n"):].split(GAP):
        assert piece.strip("\n") in raw.decode()


def test_a_diff_line_comes_with_its_hunk_file_and_commit():
    def file_diff(name: str, old: str, new: str) -> str:
        context = "".join(f" line {i} of {name}\n" for i in range(6))
        return (f"diff --git a/{name} b/{name}\nindex 1111111..2222222 100644\n--- a/{name}\n+++ b/{name}\n"
                f"@@ -1,8 +1,8 @@\n{context}-{old}\n+{new}\n{context}")

    raw = ("commit 0123456789abcdef0123456789abcdef01234567\nAuthor: A <a@x>\n\n    Bump versions\n\n"
           + file_diff("setup.py", 'version = "1.0"', 'version = "1.1"')
           + file_diff("pkg/__init__.py", '__version__ = "1.0"', '__version__ = "1.1"')).encode()
    view = narrow(raw, '-__version__ = "1.0"').decode()
    assert view == (f"commit 0123456789abcdef0123456789abcdef01234567\n{GAP}\n"
                    f"diff --git a/pkg/__init__.py b/pkg/__init__.py\n{GAP}\n@@ -1,8 +1,8 @@\n{GAP}\n"
                    f'-__version__ = "1.0"\n+__version__ = "1.1"\n{GAP}\n')  # the added line holds every term too


def test_a_keyed_collection_dominated_by_one_entry_is_narrowed_inside_that_entry():
    doc = {"meta": {"page": 1}, "data": {"items": [{"sku": f"s{i}", "state": "ok" if i != 9 else "lost"}
                                                  for i in range(30)]}}
    assert records(narrow(json.dumps(doc, indent=2).encode(), "lost")) == [{"sku": "s9", "state": "lost"}]


def test_a_keyed_collection_without_inner_records_stays_keyed_even_when_lopsided():
    doc = {"big": {f"k{i}": f"value {i}" for i in range(200)}, "small": {"flag": "needle"}, "tiny": {"x": "y"}}
    view = narrow(json.dumps(doc, indent=2).encode(), "needle").decode()
    assert chunks(view.encode()) == ['"small": {\n  "flag": "needle"\n}']
