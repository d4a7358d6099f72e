"""The one odd record by shape: a line whose punctuation and spacing no other line shares."""
from __future__ import annotations

from engine.compressors.odd_shape import odd_shape_lines


def sshd(i: int, user: str) -> str:
    return f"Dec 10 08:{i % 60:02d}:32 LabSZ sshd[{24000 + i}]: Invalid user {user} from 5.188.10.{i % 250}"


def test_an_empty_field_among_look_alikes_is_the_odd_line() -> None:
    lines = [sshd(i, f"user{i}") for i in range(300)]
    lines[137] = sshd(137, " 0101")  # the user name is empty: two spaces where one was
    assert odd_shape_lines(lines) == [137]


def test_a_record_with_one_item_where_every_other_lists_two_is_odd() -> None:
    lines = [f"081111 0{i:05d} 19 INFO BLOCK* ask 10.1.1.{i % 9}:50010 to delete  blk_{i} blk_{i + 1}" for i in range(200)]
    lines[42] = "081111 091733 19 INFO BLOCK* ask 10.251.126.5:50010 to delete  blk_-9016567407076718172"
    assert odd_shape_lines(lines) == [42]


def test_blank_lines_and_short_payloads_have_no_odd_shapes() -> None:
    lines = [sshd(i, f"user{i}") for i in range(300)]
    lines[10] = ""
    assert odd_shape_lines(lines) == []
    short = [sshd(i, f"user{i}") for i in range(99)] + ["(odd) [one]"]
    assert odd_shape_lines(short[:99]) == []


def test_when_one_of_a_kind_shapes_are_common_none_is_odd() -> None:
    # 300 lines, 7 unique shapes: more than one in fifty is free-form, not odd
    lines = [sshd(i, f"user{i}") for i in range(300)]
    for k, i in enumerate(range(0, 280, 40)):
        lines[i] = "(" * (k + 1) + " free form"
    assert odd_shape_lines(lines) == []
    lines[240] = sshd(240, "user240")  # six in 300 is one in fifty: still odd
    assert odd_shape_lines(lines) == [0, 40, 80, 120, 160, 200]
