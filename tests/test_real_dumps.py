"""Byte dumps and data-shaped outputs, from real runs (tests/fixtures/real/dumps/):
xxd / hexdump -C / od -c rows and base64 blobs fold to head, tail and a marker naming the
offsets or lines it holds; lists that look like blobs (git log --oneline, digests) stay whole;
invariant ranges read in natural order (csvlook's `1,000`, a clock's `9:48:32`)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.compressors import byte_dump, invariants
from engine.compressors.tabular import TabularCompressor
from engine.compressors.text import TextCompressor
from engine.detect import detect
from engine.types import ContentType

FIXTURES = Path(__file__).parent / "fixtures" / "real" / "dumps"


def _raw(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def _view(name: str) -> str:
    out = TextCompressor().compress(_raw(name))
    assert out is not None
    return out.decode()


@pytest.mark.parametrize("name", ["xxd-elf-3200.txt", "hexdump-C-elf-8k.txt", "od-c-services.txt"])
def test_offset_dumps_are_text_not_config_or_table(name):
    # `00000000: 7f45 4c46 …` read as YAML `key: value` lines (xxd -l 2048 went to config).
    assert detect(_raw(name)) is ContentType.TEXT
    assert byte_dump.is_dump(_raw(name).decode())


def test_xxd_keeps_head_and_tail_and_names_the_elided_offsets():
    raw = _raw("xxd-elf-3200.txt").decode().split("\n")
    lines = _view("xxd-elf-3200.txt").split("\n")
    assert lines[:16] == raw[:16]  # the ELF header rows
    assert lines[16] == "… 180 lines elided (caveman): dump rows, offsets 00000100..00000c30 …"
    assert lines[17:21] == raw[196:200]
    assert raw[16].startswith("00000100: ") and raw[195].startswith("00000c30: ")


def test_hexdump_marker_counts_star_lines_apart():
    raw = _raw("hexdump-C-elf-8k.txt").decode().split("\n")
    view = _view("hexdump-C-elf-8k.txt").split("\n")
    assert raw[299] == "00002000"  # hexdump's closing offset: no row, it stays
    middle = raw[16:295]
    stars = middle.count("*")
    assert stars == 1
    marker = f"… {len(middle)} lines elided (caveman): {len(middle) - stars} dump rows, offsets " \
             f"00000100..00001260; 1 `*` line (rows repeating the row above) …"
    assert view[16] == marker
    assert view[17:] == raw[295:]  # the last rows and the closing offset line


def test_od_c_rows_fold_like_hex_rows():
    view = _view("od-c-services.txt").split("\n")
    assert view[16] == "… 100 lines elided (caveman): dump rows, offsets 0000400..0003460 …"
    assert len(view) == 16 + 1 + 4 + 1 and view[-1] == ""


def test_base64_blob_keeps_first_and_last_line():
    raw = _raw("base64-png.txt").decode().split("\n")
    view = _view("base64-png.txt").split("\n")
    assert view == [raw[0], "… 43 lines elided (caveman): base64 lines of 76 characters …", raw[44], ""]
    assert len(raw[44]) < 76 and all(len(raw[k]) == 76 for k in range(1, 44))


def test_text_around_a_dump_stays_whole():
    # `for f in …; do echo "== $f"; xxd "$f"; done` and an error of the tool: every line that is
    # no row stays, each dump is folded on its own.
    dump = _raw("xxd-elf-3200.txt").decode()
    text = "== /usr/bin/true\n" + dump + "xxd: /nope: No such file or directory\n== again\n" + dump
    out = byte_dump.fold(text)
    assert out is not None
    lines = out.split("\n")
    assert lines.count("== /usr/bin/true") == 1 and "xxd: /nope: No such file or directory" in lines
    assert lines.count("… 180 lines elided (caveman): dump rows, offsets 00000100..00000c30 …") == 2


@pytest.mark.parametrize("name", ["git-log-oneline-60.txt", "sha256-digests.txt"])
def test_lists_that_look_like_dumps_or_blobs_are_not_folded(name):
    text = _raw(name).decode()
    assert not byte_dump.is_dump(text)
    assert byte_dump.fold(text) is None


def test_xxd_plain_hex_blob_folds_and_names_hex():
    row = "7f454c4602010100000000000000000003003e0001000000d02300000000"
    text = "\n".join([row] * 12 + ["0000"]) + "\n"
    out = byte_dump.fold(text)
    assert out == f"{row}\n… 11 lines elided (caveman): hex lines of 60 characters …\n0000\n"


def test_coverage_bounds_are_in_natural_order():
    # csvlook groups thousands: a run of LineId 966..1,000 read `1,000..999` byte-wise; a clock
    # without a leading zero read `10:04:52..9:48:32`.
    ids = [f"{k:,}" for k in range(966, 1001)]
    clock = ["9:48:32", "10:04:52", "9:59:01"] + ["9:50:%02d" % k for k in range(32)]
    summary = invariants.summarize_columns(("LineId", "Time"), [ids, clock], len(ids), 6000)
    assert "LineId: 35 distinct, 966..1,000" in summary
    assert "Time: 35 distinct, 9:48:32..10:04:52" in summary


def test_csvlook_markers_never_state_a_reversed_range():
    out = TabularCompressor().compress(_raw("csvlook-lineid-999-1000.txt")).decode()
    for lo, hi in re.findall(r"LineId: (?:\d+ distinct, )?([\d,]+)\.\.([\d,]+)", out):
        assert int(lo.replace(",", "")) <= int(hi.replace(",", ""))
    assert "LineId: 1,000..1,003 all 4 present" in out


def test_pprint_of_a_dict_is_read_as_records_not_lines():
    # pprint wraps each record over many lines: read as text, records' keys went and their hash
    # lines stayed (12% saved, no record whole). As JSON, whole records go, named in markers.
    import json

    raw = _raw("pprint-qs-versions.txt").decode()
    view = _view("pprint-qs-versions.txt")
    value = json.loads(view)
    names = [k for k in value if not k.startswith("__caveman_elided__")]
    elided = [v for k, v in value.items() if k.startswith("__caveman_elided__")]
    assert names[:3] == ["0.0.1", "0.0.2", "0.0.3"] and elided
    for marker in elided:
        assert len(marker["__caveman_names__"].split()) == marker["__caveman_elided__"]
    every = names + [n for m in elided for n in m["__caveman_names__"].split()]
    assert sorted(every) == sorted(re.findall(r"^[{ ]'(\d+\.\d+\.\d+)': \{", raw, re.M))
    for name in names:  # a shown record is whole: its tarball with it
        assert value[name]["dist"]["tarball"].endswith(f"/qs-{name}.tgz")
    assert len(view) * 3 < len(raw)


def test_a_repr_that_is_no_plain_literal_stays_text():
    text = _raw("pprint-datetime-records.txt").decode()
    assert "datetime.datetime(" in text
    from engine.compressors import py_literal

    assert py_literal.looks_literal(text) and py_literal.compress(text) is None


@pytest.mark.parametrize("literal", [
    "{1: 'a', '1': 'b'}",  # json.dumps would merge the keys
    "[{'a': float('nan')}]",  # no literal: a call
    "{'a': {1, 2}}",  # a set is no JSON
])
def test_literals_json_cannot_carry_are_declined(literal):
    from engine.compressors import py_literal

    padded = literal[:-1] + ", " + ", ".join(f"'k{i}': {i}" if literal[0] == "{" else f"{i}" for i in range(600)) + literal[-1]
    assert len(padded) >= py_literal.MIN_BYTES
    assert py_literal.compress(padded) is None


def test_pprint_of_a_list_of_dicts_is_not_config():
    # `[{'is_dir': True,\n  'mode': …` parses as YAML flow: it went to config, which declined.
    data = _raw("pprint-list-of-dicts.txt")
    assert detect(data) is ContentType.TEXT
    assert detect(_raw("pprint-datetime-records.txt")) is ContentType.CONFIG  # no plain literal: as before
    # Its records each name a distinct path: a directory listing the agent printed, read as a
    # file list and shown whole (markers had hidden 71 of its 78 paths behind `all is_dir=true`).
    assert TextCompressor().compress(data) is None


_LINE_MARKER = re.compile(
    r" … (\d+) characters elided \(caveman\): the middle of one (\d+)-character line "
    r"\(minified code or encoded data\) … ")


@pytest.mark.parametrize("name", ["diff-v5.1.0.min.js", "select2.min.css", "base64-w0-png.txt"])
def test_minified_or_unwrapped_line_keeps_its_ends_and_counts_the_middle(name):
    # `cat x.min.js`: one 15-90 KB line the text reader kept whole (or passed through whole).
    raw = _raw(name).decode()
    view = _view(name)
    raw_lines, view_lines = raw.split("\n"), view.split("\n")
    assert len(view_lines) == len(raw_lines)
    folded = 0
    for before, after in zip(raw_lines, view_lines):
        m = _LINE_MARKER.search(after)
        if m is None:
            assert after == before  # the banner comment and short lines stay whole
            continue
        folded += 1
        head, tail = after[:m.start()], after[m.end():]
        assert int(m.group(2)) == len(before)
        assert before.startswith(head) and before.endswith(tail)
        assert len(head) + int(m.group(1)) + len(tail) == len(before)  # the count is exact
    assert folded == 1 and len(view) * 5 < len(raw)


def test_long_prose_lines_are_not_minified_code():
    from engine.compressors import long_lines

    paragraph = "An unwrapped paragraph of a README reads like this one, with spaces. " * 80
    assert len(paragraph) > long_lines.LONG_LINE
    assert long_lines.fold(paragraph + "\n" + paragraph) is None


def test_xxd_i_c_array_keeps_its_declarations_and_counts_the_bytes_elided():
    # `xxd -i`: a C array of 0x bytes read as text sections, random rows kept between markers.
    raw = _raw("xxd-i-1200.txt").decode().split("\n")
    view = _view("xxd-i-1200.txt").split("\n")
    assert raw[0] == "unsigned char _usr_bin_true[] = {" and raw[-3:] == ["};", "unsigned int _usr_bin_true_len = 1200;", ""]
    middle = raw[17:len(raw) - 3 - 4]
    assert view[:17] == raw[:17]
    assert view[17] == f"  … {len(middle)} lines elided (caveman): C array rows holding " \
                       f"{sum(r.count('0x') for r in middle)} bytes …"
    assert view[18:] == raw[len(raw) - 7:]
    assert 16 * 12 + sum(r.count("0x") for r in middle) + sum(r.count("0x") for r in raw[-7:]) == 1200


def test_a_member_that_is_an_object_in_some_records_is_never_called_absent():
    # `jq -c '.versions[] | {name, version, deprecated, engines}'`: engines is null in two
    # records and an object in the others; the marker read `engines: null×2 absent×54`.
    import json

    from engine.compressors.json_array import JsonCompressor

    data = _raw("jq-c-express-versions.jsonl")
    records = [json.loads(line) for line in data.decode().splitlines()]
    assert {type(r["engines"]) for r in records} == {dict, type(None)}
    out = JsonCompressor().compress(data).decode()
    markers = [json.loads(line) for line in out.splitlines() if "__caveman_elided__" in line]
    assert markers and sum(m["__caveman_elided__"] for m in markers) + len(out.splitlines()) - len(markers) == len(records)
    for m in markers:
        assert "engines" not in m["__caveman_invariants__"] and "absent" not in m["__caveman_invariants__"]


def test_a_minified_line_among_other_lines_is_folded_and_the_rest_still_read():
    blob = _raw("diff-v5.1.0.min.js").decode().split("\n")
    line = max(blob, key=len)
    lines = [f"step {i}: fetched page {i} ok" for i in range(300)] + [line, "ERROR: upload failed for diff.min.js"]
    out = TextCompressor().compress("\n".join(lines).encode()).decode().split("\n")
    assert "ERROR: upload failed for diff.min.js" in out
    folded = [ln for ln in out if _LINE_MARKER.search(ln)]
    assert len(folded) == 1 and folded[0].startswith(line[:200])
    assert any(ln.startswith("… 298 sections elided (caveman)") for ln in out)


def test_a_long_line_of_one_character_is_not_called_minified_code():
    from engine.compressors import long_lines

    assert long_lines.fold("x" * 20_000) is None
