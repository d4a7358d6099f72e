"""Diff: every change and header kept, far context folded with an exact count."""
from __future__ import annotations

from engine.compressors.diff import DiffCompressor


def hunk(context_before: int, changes: list[str], context_after: int, start: int = 1) -> str:
    before = [f" ctx{start + i} = compute(value)" for i in range(context_before)]
    after = [f" tail{start + i} = compute(value)" for i in range(context_after)]
    old = context_before + context_after + sum(1 for c in changes if c.startswith("-"))
    new = context_before + context_after + sum(1 for c in changes if c.startswith("+"))
    return f"@@ -{start},{old} +{start},{new} @@ def f():\n" + "\n".join(before + changes + after) + "\n"


HEADER = "diff --git a/app.py b/app.py\nindex 1111111..2222222 100644\n--- a/app.py\n+++ b/app.py\n"


def test_far_context_is_folded_and_every_change_kept() -> None:
    data = (HEADER + hunk(10, ["-old = 1", "+new = 2"], 10)).encode()
    out = DiffCompressor().compress(data).decode().split("\n")
    assert out[:5] == HEADER.split("\n")[:4] + ["@@ -1,21 +1,21 @@ def f():"]
    assert out[5] == "… 8 context lines elided (caveman) …"
    assert out[6:12] == [" ctx9 = compute(value)", " ctx10 = compute(value)", "-old = 1", "+new = 2",
                         " tail1 = compute(value)", " tail2 = compute(value)"]
    assert out[12] == "… 8 context lines elided (caveman) …"


def test_short_context_runs_stay() -> None:
    data = (HEADER + hunk(3, ["-a", "+b"], 3) + "diff --git a/x b/x\n" + HEADER).encode()
    assert DiffCompressor().compress(data) is None  # git's default -U3 leaves nothing worth a marker


def test_fewer_than_twelve_lines_decline() -> None:
    assert DiffCompressor().compress((HEADER + "@@ -1 +1 @@\n-a\n+b\n").encode()) is None


def test_removed_line_that_looks_like_a_header_is_a_change() -> None:
    changes = ["--- not a header", "+++ not either", "-@@ nor this"]
    body = hunk(8, changes, 8).replace("@@ -1,19 +1,18 @@", "@@ -1,18 +1,17 @@")
    out = DiffCompressor().compress((HEADER + hunk(8, changes, 8)).encode()).decode()
    for line in changes:
        assert f"\n{line}\n" in out
    assert body  # the counts above are what hunk() computes


def test_git_log_p_keeps_commits_messages_and_stat() -> None:
    log = (
        "commit 0123456789abcdef0123456789abcdef01234567\nAuthor: A <a@example.com>\nDate:   Mon Jan 1 00:00:00 2024\n"
        "\n    Fix the parser\n\n    Longer explanation of the fix.\n\n"
        " app.py | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
        + HEADER + hunk(12, ["-x = 1", "+x = 2"], 12)
    )
    out = DiffCompressor().compress(log.encode()).decode()
    for needle in ("commit 0123456789abcdef", "Author: A <a@example.com>", "    Fix the parser",
                   "    Longer explanation of the fix.", " app.py | 2 +-", "1 file changed", "-x = 1", "+x = 2",
                   "… 10 context lines elided (caveman) …"):
        assert needle in out


def test_colours_are_stripped_and_crlf_markers_match() -> None:
    plain = HEADER + hunk(10, ["-old", "+new"], 10)
    coloured = plain.replace("-old", "\x1b[31m-old\x1b[m").replace("+new", "\x1b[32m+new\x1b[m")
    crlf = coloured.replace("\n", "\r\n").encode()
    out = DiffCompressor().compress(crlf)
    assert b"\x1b" not in out
    assert b"\r\n-old\r\n+new\r\n" in out
    assert b"\n\xe2\x80\xa6 8 context lines elided (caveman) \xe2\x80\xa6\r\n" in out


def test_deterministic_and_never_larger() -> None:
    data = (HEADER + hunk(30, ["-a", "+b"], 30) + HEADER + hunk(5, ["+c"], 40, start=100)).encode()
    first = DiffCompressor().compress(data)
    assert first == DiffCompressor().compress(data)
    assert len(first) < len(data)


def test_combined_merge_diff_is_walked_by_shape() -> None:
    context = "".join(f"  line {i} of the merged file stays the same\n" for i in range(12))
    data = ("diff --cc app.py\nindex 1,2..3\n--- a/app.py\n+++ b/app.py\n@@@ -1,20 -1,20 +1,21 @@@\n"
            + context + "++resolved = True\n" + context + "diff --git a/b b/b\n").encode()
    out = DiffCompressor().compress(data).decode()
    assert "++resolved = True\n" in out and "diff --git a/b b/b" in out
    assert "… 10 context lines elided (caveman) …" in out


DELETED_HEADER = ("diff --git a/old.py b/old.py\ndeleted file mode 100644\nindex 3333333..0000000\n"
                  "--- a/old.py\n+++ /dev/null\n")


def deleted_file(n: int, no_newline: bool = False) -> str:
    body = "".join(f"-def helper_{i}(value):\n" for i in range(n))
    return DELETED_HEADER + f"@@ -1,{n} +0,0 @@\n" + body + ("\\ No newline at end of file\n" if no_newline else "")


def test_deleted_file_body_folds_into_one_counted_marker_and_other_files_keep_every_change() -> None:
    data = (deleted_file(40, no_newline=True) + HEADER + hunk(3, ["-old = 1", "+new = 2"], 3)).encode()
    assert DiffCompressor().compress(data).decode() == (
        DELETED_HEADER + "@@ -1,40 +0,0 @@\n"
        "… 40 removed lines elided (caveman): the whole old file, nothing added …\n"
        "\\ No newline at end of file\n" + HEADER + hunk(3, ["-old = 1", "+new = 2"], 3))


def test_a_hunk_that_keeps_some_lines_or_starts_later_is_not_a_deleted_file() -> None:
    partial = HEADER + "@@ -1,20 +1,1 @@\n" + "".join(f"-gone_{i} = compute()\n" for i in range(19)) + " kept\n"
    later = HEADER + "@@ -5,20 +4,0 @@\n" + "".join(f"-gone_{i} = compute()\n" for i in range(20))
    for diff in (partial, later):
        assert DiffCompressor().compress((diff + deleted_file(2)).encode()) is None


def test_a_tiny_deleted_file_stays_whole_when_a_marker_would_not_pay() -> None:
    data = (deleted_file(2) + HEADER + hunk(10, ["-a", "+b"], 10)).encode()
    out = DiffCompressor().compress(data).decode()
    assert out.startswith(deleted_file(2))
    assert "removed lines elided" not in out
