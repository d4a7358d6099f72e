"""Listings: gutters and <file> wrappers come off before Detect and go back with ORIGINAL numbers."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Engine
from engine.listing import Gutter, Wrapper, rewrap, unwrap
from engine.registry import default_registry
from engine.types import ContentType, Options

SOURCE = [f"line {i} = compute({i})" for i in range(1, 13)]


def cat_n(lines: list[str], start: int = 1) -> bytes:
    return "".join(f"{n:6d}\t{ln}\n" for n, ln in enumerate(lines, start)).encode()


def test_cat_n_gutter_is_stripped_with_numbers_kept() -> None:
    u = unwrap(cat_n(SOURCE, start=100))
    assert u.body == ("\n".join(SOURCE) + "\n").encode()
    assert u.numbers == tuple(range(100, 112))
    assert isinstance(u.layers[0], Gutter)


def test_other_gutter_styles() -> None:
    for fmt in ("{n:4d} | {ln}\n", "{n}: {ln}\n", "{n:6d}→{ln}\n"):
        data = "".join(fmt.format(n=n, ln=ln) for n, ln in enumerate(SOURCE, 1)).encode()
        assert unwrap(data).body == ("\n".join(SOURCE) + "\n").encode(), fmt


def test_numbered_blank_lines_and_unnumbered_blank_lines() -> None:
    data = cat_n(["a", "", "b"] * 3) + b"\n" + b"    10\tc\n"
    u = unwrap(data)
    assert u.body == b"a\n\nb\na\n\nb\na\n\nb\n\nc\n"
    assert u.numbers == (1, 2, 3, 4, 5, 6, 7, 8, 9, None, 10)


def test_not_a_gutter() -> None:
    assert not unwrap(cat_n(SOURCE[:7])).wrapped  # fewer than eight numbered lines
    shuffled = b"".join(cat_n(SOURCE).splitlines(keepends=True)[::-1])
    assert not unwrap(shuffled).wrapped  # numbers must increase
    mixed = cat_n(SOURCE[:6]) + b"7: x\n8: y\n9: z\n"
    assert not unwrap(mixed).wrapped  # one listing, one separator style
    assert not unwrap(cat_n(SOURCE) + b"trailing prose\n").wrapped  # every non-blank line numbered
    assert not unwrap(b"2024-01-01 INFO a\n" * 10).wrapped


def test_file_wrapper_and_gutter_inside_it() -> None:
    inner = cat_n(SOURCE)
    data = b'<file path="src/app.py">\n' + inner + b"</file>\n"
    u = unwrap(data)
    assert u.body == ("\n".join(SOURCE) + "\n").encode()
    assert [type(la) for la in u.layers] == [Wrapper, Gutter]
    assert u.prefix == b'<file path="src/app.py">\n' and u.suffix == b"</file>\n"
    assert rewrap(u, u.body, restructured=False) == data


def test_concatenated_files_are_not_unwrapped() -> None:
    data = b"<file a>\nx\n</file>\n<file b>\ny\n</file>\n"
    assert not unwrap(data).wrapped


def test_rewrap_restores_original_numbers_and_leaves_markers_bare() -> None:
    u = unwrap(cat_n(SOURCE, start=40))
    out = (SOURCE[0] + "\n… 9 lines elided (caveman) …\n" + SOURCE[10] + "\n" + SOURCE[11] + "\n").encode()
    assert rewrap(u, out, restructured=False) == (
        f"    40\t{SOURCE[0]}\n… 9 lines elided (caveman) …\n    50\t{SOURCE[10]}\n    51\t{SOURCE[11]}\n"
    ).encode()


def test_restructuring_transforms_get_no_numbers() -> None:
    u = unwrap(cat_n(SOURCE))
    assert rewrap(u, b"re-encoded\n", restructured=True) == b"re-encoded\n"


def test_under_half_traced_declines_numbers() -> None:
    u = unwrap(cat_n(SOURCE))
    out = f"{SOURCE[0]}\nnew a\nnew b\n".encode()
    assert rewrap(u, out, restructured=False) == out


def test_markers_do_not_count_against_the_traced_share() -> None:
    u = unwrap(cat_n(SOURCE))
    # One traced line, one foreign line, three markers: half of the content lines trace back.
    out = f"{SOURCE[0]}\n    ...\n… 5 lines elided (caveman) …\n*/ }}\nnot from the file\n".encode()
    got = rewrap(u, out, restructured=False).decode().splitlines()
    assert got == [f"     1\t{SOURCE[0]}", "    ...", "… 5 lines elided (caveman) …", "*/ }", "not from the file"]


def test_weak_lines_do_not_drag_the_cursor() -> None:
    src = ["def f():", "    x = 1", "    ...", "    y = 2", "", "def g():", "    z = 3", "    w = 4", "    return z"]
    u = unwrap(cat_n(src))
    # `...` (a marker) equals source line 3 but is not next to the cursor after line 1.
    out = b"def f():\n    ...\n\ndef g():\n    ...\n"
    got = rewrap(u, out, restructured=False).decode().splitlines()
    assert got[0] == "     1\tdef f():"
    assert got[1] == "    ..."
    assert got[3] == "     6\tdef g():"


def test_elided_body_line_keeps_its_signature_number() -> None:
    src = ["int f(void) {", "    return 1;", "}", "", "int g(void) {", "    a();", "    b();", "    return 2;", "}"]
    u = unwrap(cat_n(src, start=10))
    out = b"int f(void) {\n    return 1;\n}\n\nint g(void) { /* caveman: body elided */ }\n"
    got = rewrap(u, out, restructured=False).decode().splitlines()
    assert got[-1] == "    14\tint g(void) { /* caveman: body elided */ }"
    assert got[3] == "    13\t"


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"),
                        max_size=30), min_size=8, max_size=40),
       st.integers(min_value=1, max_value=10_000))
def test_rewrap_of_the_untouched_body_is_the_original(lines: list[str], start: int) -> None:
    data = cat_n(lines, start)
    u = unwrap(data)
    assert rewrap(u, u.body, restructured=False) == data


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.binary(max_size=1024),
                 st.builds(lambda head, body: b"<file " + head + b">\n" + body + b"\n</file>\n",
                           st.binary(max_size=20), st.binary(max_size=200))))
def test_unwrap_then_rewrap_is_the_identity(data: bytes) -> None:
    u = unwrap(data)
    assert rewrap(u, u.body, restructured=False) == data


def test_engine_compresses_a_code_listing_and_keeps_signature_numbers(counter) -> None:
    body = ["import os", "", "", "class Context:", '    """Holds state."""', "",
            "    def invoke(self, ctx):", '        """Run it."""'] + [f"        step{i}(ctx)" for i in range(30)] + [
            "        raise AttributeError(ctx)", "", "", "def main():"] + [f"    call{i}()" for i in range(20)]
    data = cat_n(body, start=200)
    engine = Engine(default_registry(), counter)
    result = engine.compress(data, Options(mode="compress", external_recovery=True))
    assert result.content_type is ContentType.CODE
    assert result.method == "code:python"
    view = result.output.decode()
    assert "   203\tclass Context:" in view
    assert "   206\t    def invoke(self, ctx):" in view
    assert "   238\t        raise AttributeError(ctx)" in view
    assert "   241\tdef main():" in view
    assert "step5" not in view
