"""The terminal resolver: golden captures and the properties the streaming line path must keep."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shrink.screen import SCREEN_MAX_BYTES, LineResolver, resolve

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "terminal"
GOLDEN = sorted(p.stem for p in FIXTURES.glob("*.input"))
#: Captures that address the cursor or use the alternate screen: pyte's job.
SCREEN_CASES = {"alt_screen", "cursor_table"}


def _stream(data: bytes, cuts: list[int], rows: int = 50) -> tuple[bytes, bool]:
    out: list[bytes] = []
    lr = LineResolver(out.append, rows)
    last = 0
    for cut in sorted(set(cuts)):
        lr.feed(data[last:cut])
        last = cut
    lr.feed(data[last:])
    lr.finish()
    return b"".join(out), lr.needs_screen


def test_every_input_has_an_expected_file():
    assert len(GOLDEN) >= 12
    missing = [name for name in GOLDEN if not (FIXTURES / f"{name}.expected").exists()]
    assert missing == []


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_capture_resolves_to_what_the_terminal_showed(name):
    data = (FIXTURES / f"{name}.input").read_bytes()
    text, method = resolve(data)
    assert text == (FIXTURES / f"{name}.expected").read_bytes()
    assert method == ("screen" if name in SCREEN_CASES else "lines")


@pytest.mark.parametrize("name", sorted(set(GOLDEN) - SCREEN_CASES))
def test_line_path_gives_the_same_transcript_one_byte_at_a_time(name):
    data = (FIXTURES / f"{name}.input").read_bytes()
    whole, _ = _stream(data, [])
    assert _stream(data, list(range(1, len(data))))[0] == whole


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(set(GOLDEN) - SCREEN_CASES)), st.lists(st.integers(min_value=1, max_value=4000), max_size=12))
def test_any_chunking_gives_the_same_transcript(name, cuts):
    data = (FIXTURES / f"{name}.input").read_bytes()
    assert _stream(data, [c % max(1, len(data)) for c in cuts]) == _stream(data, [])


_plain_line = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=300)


@settings(max_examples=80, deadline=None)
@given(st.lists(_plain_line, min_size=1, max_size=120), st.lists(st.integers(min_value=1, max_value=50_000), max_size=6))
def test_plain_output_comes_back_byte_exact(lines, cuts):
    """No control bytes: every line, trailing blanks included, is kept exactly (pty \\r\\n → \\n)."""
    text = "\n".join(lines) + "\n"
    raw = text.replace("\n", "\r\n").encode()
    assert _stream(raw, [c % len(raw) for c in cuts], rows=7)[0] == text.encode()


def test_resolved_lines_leave_before_the_end_so_memory_holds_one_window():
    out: list[bytes] = []
    lr = LineResolver(out.append, rows=10)
    for i in range(1000):
        lr.feed(f"line {i}\r\n".encode())
    seen = b"".join(out).count(b"\n")
    assert 985 <= seen <= 991  # all but the window's ten lines, before finish()
    lr.finish()
    assert b"".join(out) == b"".join(f"line {i}\n".encode() for i in range(1000))


def test_cursor_up_reaches_lines_printed_on_the_fast_path():
    raw = b"".join(f"row {i}\r\n".encode() for i in range(100)) + b"\x1b[2A\x1b[2Krow 98 redrawn\r\n"
    text, _ = resolve(raw)
    lines = text.decode().splitlines()
    assert lines[97:] == ["row 97", "row 98 redrawn", "row 99"]
    assert len(lines) == 100


def test_cursor_up_stops_at_the_top_of_the_window():
    raw = b"a\r\nb\r\nc\r\n\x1b[99AX\r\n"
    out: list[bytes] = []
    lr = LineResolver(out.append, rows=3)
    lr.feed(raw)
    lr.finish()
    # The window is three rows (b, c, and the empty cursor row); "a" has scrolled out of reach.
    assert b"".join(out) == b"a\nX\nc\n"


def test_escape_cut_by_the_read_boundary_is_completed_by_the_next_read():
    assert _stream(b"\x1b[31mred\x1b[0m\r\n", [2, 3, 4])[0] == b"red\n"
    assert _stream(b"tick\r\x1b[2Ktock\r\n", [5, 6, 7, 8])[0] == b"tock\n"


def test_cr_at_a_read_boundary_still_pairs_with_its_newline():
    assert _stream(b"one\r\ntwo\r\n", [4])[0] == b"one\ntwo\n"


def test_bare_line_feed_starts_a_new_line():
    assert resolve(b"one\ntwo\n")[0] == b"one\ntwo\n"


def test_output_without_final_newline_keeps_its_last_line():
    assert resolve(b"partial")[0] == b"partial"
    assert resolve(b"")[0] == b""


def test_unfinished_escape_at_the_end_is_dropped():
    assert resolve(b"done\r\n\x1b[3")[0] == b"done\n"


def test_clear_screen_is_a_page_break_not_cursor_addressing():
    _, needs = _stream(b"a\r\n\x1b[H\x1b[2Jb\r\n", [])
    assert needs is False
    _, needs = _stream(b"a\x1b[5;1Hb", [])
    assert needs is True


def test_huge_cursor_addressed_output_falls_back_to_the_line_path():
    data = b"\x1b[2;1H" + b"line\r\n" * (SCREEN_MAX_BYTES // 6 + 1)
    text, method = resolve(data)
    assert method == "lines"
    assert text.count(b"line\n") == SCREEN_MAX_BYTES // 6 + 1


def test_backspace_overstrike_resolves_like_man_pages():
    assert resolve(b"_\x08u_\x08n b\x08bo\x08ol\x08ld\x08d\r\n")[0] == b"un bold\n"


def test_erase_and_delete_characters():
    assert resolve(b"abcdef\x1b[3D\x1b[1P\r\n")[0] == b"abcef\n"
    assert resolve(b"abcdef\x1b[4G\x1b[2X\r\n")[0] == b"abc  f\n"
    assert resolve(b"abcdef\x1b[3G\x1b[1K\r\n")[0] == b"   def\n"


def test_save_and_restore_cursor():
    assert resolve(b"\x1b7loading...\x1b8\x1b[Kready\r\n")[0] == b"ready\n"
    assert resolve(b"a\x1b[sbc\x1b[uX\r\n")[0] == b"aXc\n"


def test_a_line_fed_in_many_pieces_is_still_one_line_that_a_cr_can_overwrite():
    pieces = [b"x" * 1000] * 50 + [b"\rSTART", b"\r\nnext\r\n"]
    assert _stream(b"".join(pieces), [1000 * i for i in range(1, 51)])[0] == b"START" + b"x" * 49_995 + b"\nnext\n"
    out: list[bytes] = []
    lr = LineResolver(out.append)
    for piece in [b"y" * 1000] * 30:
        lr.feed(piece)
    assert lr.latest_line().endswith("y" * 100)
    lr.feed(b"\r\x1b[Kdone\r\n")
    lr.finish()
    assert b"".join(out) == b"done\n"
