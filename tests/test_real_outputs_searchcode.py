"""Search hits and source listings as agents read them (trimmed real outputs under
tests/fixtures/real/searchcode/): rg/grep hit lists over site-packages and node_modules, and
Read-tool listings of real source files."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.search import SearchResultCompressor
from engine.compressors.search_fold import fold_recurring_groups, fold_same_text
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "searchcode"
FOLD_MARKER = re.compile(r"… next (\d+) hits have the text above( \(indentation aside\))?, shown as (path:line|path) \(caveman\) …")
PATH_HIT = re.compile(r"([^:\s]+\.[A-Za-z0-9]{1,10}):(?!\d+:)(.*)")
RECUR_MARKER = re.compile(r"… the (?:hit above recurs|(\d+) hits above recur), same lines and text, with `([^`]+)` "
                          r"replaced by each of these (\d+) \(caveman\) …")
HIT = re.compile(r"([./~A-Za-z0-9_-][^:\n]{0,240}):(\d+):(.*)")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def unfold(view: str) -> list[str]:
    """The hit list a folded view states: each `path:line` under a fold marker gets back the
    text of the whole hit above the marker. Checks each marker's count and indentation claim."""
    lines = view.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        recur = RECUR_MARKER.fullmatch(lines[i])
        if recur is not None:
            size, prefix, copies = int(recur.group(1) or 1), recur.group(2), int(recur.group(3))
            group = out[-size:]
            assert all(hit.startswith(prefix + "/") for hit in group)
            for other in lines[i + 1:i + 1 + copies]:
                out.extend(other + hit[len(prefix):] for hit in group)
            i += 1 + copies
            continue
        marker = FOLD_MARKER.fullmatch(lines[i])
        if marker is None:
            out.append(lines[i])
            i += 1
            continue
        numbered = marker.group(3) == "path:line"
        text = HIT.fullmatch(out[-1]).group(3) if numbered else PATH_HIT.fullmatch(out[-1]).group(2)
        count = int(marker.group(1))
        locations = lines[i + 1:i + 1 + count]
        assert all(re.fullmatch(r"[^:]+:\d+" if numbered else r"[^:]+", loc) for loc in locations)
        out.extend(f"{loc}:{text}" for loc in locations)
        i += 1 + count
    return out


def test_vendored_copies_hits_with_commas_are_a_search_not_a_csv_table():
    # `rg` over six.py's vendored copies: every hit has two commas, so the rows split evenly;
    # as a table its middle rows were elided, hits the agent asked for among them.
    data = real("rg_vendored_six.out")
    assert detect(data) == ContentType.SEARCH


def test_identical_hits_in_many_files_keep_every_location():
    data = real("rg_future_ann.out")
    original = data.decode().rstrip("\n").split("\n")
    view = SearchResultCompressor().compress(data).decode()
    assert "elided" not in view  # nothing is dropped: only the repeated text goes
    assert unfold(view.rstrip("\n")) == original
    assert view.split("\n")[0] == original[0]  # the first hit stays whole, text and all
    assert len(view) < len(data) * 0.6


def test_same_text_up_to_indentation_says_so_and_keeps_every_hit():
    # `"license": "MIT",` in each package.json, some indented with a tab, some with spaces.
    data = real("rg_js_mit.out")
    original = data.decode().rstrip("\n").split("\n")
    view = SearchResultCompressor().compress(data).decode().rstrip("\n")
    assert "(indentation aside)" in view
    restored = unfold(view)
    located = {ln.split(":", 2)[0] + ":" + ln.split(":", 2)[1] for ln in restored if HIT.fullmatch(ln)}
    for hit in original:
        path, number, _ = hit.split(":", 2)
        assert f"{path}:{number}" in located
    # The texts restored are the texts found (a CRLF file's `\r` is its line end, not text).
    assert {ln.split(":", 2)[2].lstrip() for ln in restored if HIT.fullmatch(ln)} == {
        ln.split(":", 2)[2].lstrip().rstrip("\r") for ln in original}


def test_fold_needs_four_hits_with_one_text():
    three = [f"src/m{i}.py:{i}:from x import long_name" for i in range(3)]
    assert fold_same_text(three + ["a.py:9:other text here"], three + ["a.py:9:other text here"], [False] * 4) is None
    four = [f"src/m{i}.py:{i}:from x import long_name" for i in range(4)]
    folded = fold_same_text(four, four, [False] * 4)
    assert folded is not None
    assert folded.lines == [four[0], "… next 3 hits have the text above, shown as path:line (caveman) …",
                            "src/m1.py:1", "src/m2.py:2", "src/m3.py:3"]
    assert folded.folded_hits == 4 and all(folded.must)


def test_fold_leaves_distinct_texts_and_short_texts_alone():
    distinct = [f"src/m{i}.py:{i}:from x import name_{i}" for i in range(6)]
    assert fold_same_text(distinct, distinct, [False] * 6) is None
    short = [f"src/m{i}.py:{i}:  }}" for i in range(6)]  # a brace: no text worth stating once
    assert fold_same_text(short, short, [False] * 6) is None


def test_a_run_within_one_file_is_left_to_the_look_alike_rule():
    # One call repeated down one file: elided with its file and line range, as before.
    one_file = [f"src/builtin.c:{10 + i}:    jv_free(input);" for i in range(6)]
    assert fold_same_text(one_file, one_file, [False] * 6) is None


def test_the_same_hits_in_each_vendored_copy_fold_to_their_prefixes():
    # `grep -rn '^struct [a-z_]* {'` over /usr/include: openssl's five structs in each of 48
    # per-platform copies. Every copy is named; the hits restore exactly from the first copy.
    data = real("grep_c_struct.out")
    original = data.decode().rstrip("\n").split("\n")
    view = SearchResultCompressor().compress(data).decode()
    assert "elided" not in view
    assert "… the 5 hits above recur, same lines and text, with `./node/openssl/archs/linux-aarch64/asm_avx2` " \
           "replaced by each of these 47 (caveman) …" in view.split("\n")
    assert unfold(view.rstrip("\n")) == original
    assert len(view) < len(data) // 3


def test_vendored_copies_of_two_files_fold_by_their_tree():
    # six.py vendored by pip, and again by pip's urllib3, in each interpreter's site-packages.
    data = real("rg_vendored_six.out")
    original = data.decode().rstrip("\n").split("\n")
    view = SearchResultCompressor().compress(data).decode()
    assert "with `/tmp/pyenv/versions/3.9.18/lib/python3.9` replaced by each of these 3 (caveman)" in view
    assert unfold(view.rstrip("\n")) == original


def test_a_group_recurs_only_with_the_same_lines_and_text():
    copies = []
    for root in ("vendor/a", "vendor/b", "vendor/c"):
        copies += [f"{root}/x.h:10:struct x {{", f"{root}/y.h:20:struct y {{"]
    folded = fold_recurring_groups(copies, copies, [False] * 6)
    assert folded is not None and folded.lines == copies[:2] + [
        "… the 2 hits above recur, same lines and text, with `vendor/a` replaced by each of these 2 (caveman) …",
        "vendor/b", "vendor/c"]
    moved = copies[:5] + ["vendor/c/y.h:21:struct y {"]  # one line number differs: two copies only
    assert fold_recurring_groups(moved, moved, [False] * 6) is None


def test_hits_whose_text_says_error_are_a_search_not_a_log():
    # `rg -n 'func \(.*\) Close\(\) error'` over Go's net, os and io: each hit holds the level
    # word `error`, so every line read as a log record.
    data = real("rg_go_close.out")
    assert detect(data) == ContentType.SEARCH
    # A log whose records lead with a clock stays a log even when it quotes a path:line.
    log = "".join(f"2026-11-30 10:{i:02d}:00 ERROR app.py:{i}: failed to close\n" for i in range(12))
    assert detect(log.encode()) == ContentType.LOG


# ------------------------------------------------------------------ listings cut short

GUTTER = re.compile(r"\s*(\d+)(?:\t| \| )(.*)")


def _numbered(text: str) -> dict[int, str]:
    found = (GUTTER.fullmatch(ln) for ln in text.split("\n"))
    return {int(m.group(1)): m.group(2) for m in found if m}


def test_listings_cut_short_are_outlined_with_true_numbers(counter):
    # A Read tool's first lines of a long file (`head` of `cat -n` / an `N | ` gutter): the
    # listing stops inside a function, so it never parses whole. It used to pass through.
    from engine import Engine
    from engine.compressors import code
    from engine.listing import unwrap
    from engine.registry import default_registry
    from engine.types import Options

    engine = Engine(default_registry(), counter)
    for name, language, last in [("ls_java_head420.out", "java", "final boolean completeRelay(Object r) {"),
                                 ("ls_c_head640.out", "c", "return PyNumber_Lshift(o1, o2);")]:
        data = real(name)
        result = engine.compress(data, Options(mode="compress", external_recovery=True))
        assert result.method == f"code:{language}"
        view = result.output.decode()
        assert "caveman: body elided" in view
        assert view.rstrip("\n").endswith(last)  # the unfinished function stays whole
        original = _numbered(data.decode())
        for number, text in _numbered(view).items():
            # (an elided body's opener keeps its number when a comment followed its `{`)
            head = text.split(" { /* caveman: body elided")[0]
            assert text == original[number] or text.startswith(original[number].rstrip()) \
                or (head != text and original[number].startswith(head + " { //"))
        # The outline parses no worse than the listing did (errors only at the cut).
        parser = code._parser(language)
        body = unwrap(data).body
        outline = code.CodeCompressor().compress(body)
        assert 0 < code._badness(parser.parse(outline)) <= code._badness(parser.parse(body))


def test_rg_json_keeps_every_match_record():
    # `rg --json 'def get_'`: 46 match records among begin/end records; 14 of them were elided
    # as look-alike records.
    from engine.compressors.json_array import JsonCompressor
    from engine.compressors.search_json import ripgrep_matches

    data = real("rg_json_big.out")
    matches = [ln for ln in data.decode().split("\n") if ln.startswith('{"type":"match"')]
    assert len(matches) == 46
    out = JsonCompressor().compress(data)
    if out is not None:  # nothing but begin/end records to elide: it may well pass through
        assert all(m in out.decode().split("\n") for m in matches)
    # A stream with the extra begin/end records of many files still loses no match.
    many = b"".join(data for _ in range(3))
    view = JsonCompressor().compress(many).decode().split("\n")
    assert "__caveman_elided__" in "".join(view)
    assert sum(ln.startswith('{"type":"match"') for ln in view) == 3 * 46
    assert ripgrep_matches([{"type": "match", "data": {}}, {"kind": "x"}]) == []


def test_files_listed_by_grep_n_empty_pattern_are_not_elided_as_look_alikes():
    # `grep -n '' index.d.ts fs.d.ts`: every line of two files, each a "hit". Runs of distinct
    # declarations (`fs.d.ts` lines 96..117) were elided as look-alike hits.
    from engine.compressors.search import listed_whole

    data = real("grep_n_empty_two_dts.out")
    assert detect(data) == ContentType.SEARCH
    assert listed_whole(data.decode().split("\n"))
    assert SearchResultCompressor().compress(data) is None
    scattered = [f"src/a.py:{3 * i}:    x = f({i})" for i in range(40)]
    assert not listed_whole(scattered)


# ------------------------------------------------------------------ notebooks


def test_notebook_keeps_every_cell_and_drops_only_the_image_base64(counter):
    # A Read-tool listing (`<file>` wrapper, `cat -n` gutter) of nbformat's test4plus.ipynb: a
    # PNG output as a list of base64 lines was 90% of the tokens; the notebook passed through.
    import json

    from engine import Engine
    from engine.compressors.notebook import elide_binary_outputs
    from engine.listing import unwrap
    from engine.registry import default_registry
    from engine.types import Options

    data = real("ls_ipynb_png_wrap.out")
    result = Engine(default_registry(), counter).compress(data, Options(mode="compress", external_recovery=True))
    assert result.content_type is ContentType.JSON
    view = json.loads(result.output.split(b"\ncaveman:")[0])
    notebook = json.loads(unwrap(data).body)
    png = notebook["cells"][8]["outputs"][0]["data"]["image/png"]
    size = len("".join(png))
    outputs = view["cells"][8]["outputs"][0]["data"]
    assert outputs["image/png"] == f"<caveman: {size:,} bytes of base64 image/png elided>"
    # Everything else is the notebook as it was.
    notebook["cells"][8]["outputs"][0]["data"]["image/png"] = outputs["image/png"]
    assert view == notebook
    # nbformat 3 keeps an image as one string with `\n` escapes.
    one = json.dumps({"nbformat": 3, "worksheets": [{"cells": [{"outputs": [{"png": "".join(png)}]}]}]}, indent=1)
    out = json.loads(elide_binary_outputs(one.encode()))
    assert out["worksheets"][0]["cells"][0]["outputs"][0]["png"] == f"<caveman: {size:,} bytes of base64 png elided>"
    assert elide_binary_outputs(b'{"cells": [], "image/png": "iVBOR"}') is None  # no notebook


def test_json_that_names_nbformat_is_not_taken_for_a_notebook():
    import json

    from engine.compressors.json_array import JsonCompressor

    packages = [{"name": "nbformat" if i == 7 else f"package-{i}", "version": f"1.{i}.0"} for i in range(300)]
    out = JsonCompressor().compress(json.dumps(packages, indent=1).encode())
    assert out is not None and b"__caveman_elided__" in out


def test_rg_to_a_pipe_without_line_numbers_folds_by_path():
    # `rg pattern | head` writes `path:text` (no line numbers when not on a terminal).
    data = real("rg_pipe_nonum.out")
    original = data.decode().rstrip("\n").split("\n")
    view = SearchResultCompressor().compress(data).decode().rstrip("\n")
    assert view.split("\n")[1] == "… next 119 hits have the text above, shown as path (caveman) …"
    assert unfold(view) == original


def _hit_lists():
    from hypothesis import strategies as st

    roots = st.sampled_from(["vendor/a", "vendor/b", "lib/c", "x", "./node/archs/linux/asm"])
    names = st.sampled_from(["six.py", "err.h", "util/io.py", "package.json"])
    numbers = st.sampled_from([1, 5, 98, 916])
    texts = st.sampled_from(["def ensure_binary(s, encoding='utf-8'):", "  \"license\": \"MIT\",",
                             "\t\"license\": \"MIT\",", "struct err_state_st {", "x = 1"])
    hit = st.builds(lambda r, f, n, t: f"{r}/{f}:{n}:{t}", roots, names, numbers, texts)
    group = st.lists(hit, min_size=1, max_size=3)
    # Whole groups repeated under other roots, interleaved with single hits.
    copied = st.builds(lambda g, rs: [h.replace(h.split("/", 1)[0], r, 1) for r in rs for h in g],
                       group, st.lists(st.sampled_from(["vendor", "lib", "src", "deps"]), min_size=1, max_size=5))
    return st.lists(st.one_of(hit.map(lambda h: [h]), copied), min_size=1, max_size=12).map(
        lambda parts: [h for part in parts for h in part])


def test_folds_state_exactly_the_hits_they_replace():
    from hypothesis import given, settings

    @settings(max_examples=300, deadline=None)
    @given(_hit_lists())
    def check(lines):
        current, must = list(lines), [False] * len(lines)
        for fold in (fold_same_text, fold_recurring_groups):
            step = fold(current, current, must)
            if step is not None:
                assert len(step.lines) == len(step.bare) == len(step.must)
                current, must = step.lines, step.must
        restored = unfold("\n".join(current))
        # Indentation aside, every hit comes back, in order.
        assert [ln.split(":", 2)[:2] for ln in restored] == [ln.split(":", 2)[:2] for ln in lines]
        assert [ln.split(":", 2)[2].lstrip() for ln in restored] == [ln.split(":", 2)[2].lstrip() for ln in lines]

    check()


def test_a_diagnostic_repeated_in_several_files_is_never_cut_to_its_location():
    # UBSan (or a compiler) printing `path:line:col: runtime error: …`: shaped like search hits,
    # but each line is an error, so none may be shown as its location only.
    lines = [f"src/m{k}.c:{10 + k}:5: runtime error: load of misaligned address for type 'int'" for k in range(6)]
    hits = [f"src/m{k}.c:{10 + k}:    int value = load_aligned(buffer);" for k in range(6)]
    assert fold_same_text(lines, lines, [False] * 6) is None
    assert fold_same_text(hits, hits, [False] * 6) is not None  # source hits with one text still fold
    eslint = [f"lib/f{k}.js:3:9: Missing semicolon. [Error/semi]" for k in range(6)]
    assert fold_same_text(eslint, eslint, [False] * 6) is None
