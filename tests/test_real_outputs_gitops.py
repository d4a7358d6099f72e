"""Real git, diff and patch outputs (trimmed excerpts under tests/fixtures/real/gitops/), made on
this machine from /work/main's history and from scripted repositories (renames, a mass refactor,
binary and CRLF files, conflicts). What must hold: every changed line of a diff in view; a log's
commits, authors and subjects, a file list, a status and a blame whole; savings only from hunk
context, `index` lines, repeated hunks and same-shape `--stat` rows, with true markers."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.compressors.diff import DiffCompressor
from engine.compressors.git_listing import is_git_listing
from engine.detect import detect
from engine.patterns import ANSI
from engine.types import ContentType
from real_views import engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "gitops"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def diff_view(data: bytes) -> str:
    out = DiffCompressor().compress(data)
    assert out is not None
    return out.decode("utf-8", "surrogateescape")


# ---------------------------------------------------------------- logs, lists, status, blame: whole


def test_medium_git_log_is_not_html_and_passes_whole(counter):
    # A commit subject quoting `<testcase>` made the log HTML; its reader dropped a subject line.
    data = real("git-log-medium.txt")
    assert detect(data) == ContentType.DIFF
    assert engine_view(counter, data) == data.decode()


def test_graph_log_keeps_every_author_and_date(counter):
    # Read as text, each commit's Author/Date lines went into "… 3 sections elided".
    data = real("git-log-graph-full.txt")
    assert detect(data) == ContentType.DIFF
    view = engine_view(counter, data)
    for line in data.decode().splitlines():
        if "commit " in line or "Author: " in line or "Date: " in line:
            assert line in view.splitlines()


def test_coloured_oneline_graph_keeps_every_commit_subject(counter):
    # The terminal compressor elided commit rows (one subject held a `×`, kept as a vitest row).
    data = real("git-log-graph-oneline-color.txt")
    view = [ln.rstrip() for ln in engine_view(counter, data).splitlines()]
    for line in ANSI.sub("", data.decode()).splitlines():
        assert line.rstrip() in view


@pytest.mark.parametrize("name", ["git-diff-name-status.txt", "git-diff-numstat.txt",
                                  "git-blame.txt", "git-status-long-and-short.txt"])
def test_file_lists_status_and_blame_pass_whole(counter, name):
    # name-status and numstat were tables sampled by row ("… 73 rows elided: A×42 M×31"),
    # a blame a log thinned by similarity: lists the agent asked for, each row an answer.
    data = real(name)
    assert detect(data) == ContentType.DIFF
    assert engine_view(counter, data) == data.decode()


def test_stat_rows_of_one_shape_fold_into_a_line_naming_each_file():
    data = real("git-diff-stat-mass-rename.txt")
    assert detect(data) == ContentType.DIFF  # it was text: "… 39 sections elided"
    view = diff_view(data)
    names = [f"mod_{k:02d}.py" for k in range(1, 40)]
    assert (" … 39 more rows, each | 14 +++++++------- (caveman) under src/app/{ => handlers}/: "
            + ", ".join(names)) in view.splitlines()
    assert " src/app/{ => handlers}/mod_00.py | 14 +++++++-------" in view
    assert " 42 files changed, 284 insertions(+), 284 deletions(-)" in view
    assert " tests/test_corelib.py            |  6 +++---" in view


@pytest.mark.parametrize("text", [
    # hexdump -C: offsets are hex, but its first row's is all digits and rows are not commits
    "00000000  7f 45 4c 46 02 01 01 00  |.ELF....|\n000000a0  00 00 00 00 00 00 00 00  |........|\n"
    "000000b0  00 00 00 00 00 00 00 00  |........|\n000000c0  01 00 00 00 00 00 00 00  |........|\n",
    # docker ps: ids lead the rows, under a header
    "CONTAINER ID   IMAGE   COMMAND\n3f4e5a6b7c8d   nginx   \"nginx -g\"\n9a8b7c6d5e4f   redis   \"redis\"\n"
    "1a2b3c4d5e6f   pg      \"postgres\"\n",
    "A paragraph of prose.\nM\tnot a status, one line of many\nThe rest is prose as well.\nAnd more.\n",
])
def test_look_alikes_are_not_git_listings(text):
    assert not is_git_listing(text)


# ---------------------------------------------------------------- diffs: savings with true markers


def test_word_diff_lines_with_changes_are_never_elided_as_context():
    # `--word-diff` lines starting with a space held `[-old-]{+new+}`: walked as context, they
    # went into "… 7 context lines elided (caveman) …".
    data = real("git-diff-word-diff.txt")
    view = diff_view(data).splitlines()
    changed = [ln for ln in data.decode().splitlines() if re.search(r"\[-.*?-\]|\{\+.*?\+\}", ln)]
    assert changed
    assert all(ln in view for ln in changed)


def test_repeated_refactor_hunks_fold_naming_where_they_were_and_what_they_repeat():
    data = real("git-diff-mass-refactor.txt")
    view = diff_view(data)
    lines = view.splitlines()
    original = data.decode().splitlines()
    # Every distinct changed line stays in view.
    for line in original:
        if line[:1] in "+-" and not line.startswith(("+++ ", "--- ")):
            assert line in lines
    assert ("… 6 hunks elided (caveman) at -1,10 +1,10; -14,7 +14,7; -24,7 +24,7; -34,7 +34,7; "
            "-44,7 +44,7; -54,7 +54,7: each repeats the changed lines of a hunk shown above "
            "(src/app/mod_00.py -1,10 +1,10; src/app/mod_00.py -14,7 +14,7) …") in lines
    # Hunks shown plus hunks counted by markers are all the hunks.
    shown = sum(1 for ln in lines if ln.startswith("@@ "))
    folded = sum(int(m.split("… ")[1].split(" ")[0]) for m in lines if "hunks elided (caveman)" in m
                 or "hunk elided (caveman)" in m)
    assert shown + folded == sum(1 for ln in original if ln.startswith("@@ "))
    # Each file's header stays; the index lines go into one counted note.
    assert [ln for ln in lines if ln.startswith("diff --git")] == [ln for ln in original if ln.startswith("diff --git")]
    index_count = sum(1 for ln in original if ln.startswith("index "))
    assert not any(ln.startswith("index ") for ln in lines)
    assert f"… {index_count} `index <blob>..<blob> [mode]` lines elided (caveman) …" in lines


def test_a_hunk_with_a_change_of_its_own_is_never_folded():
    diff = (
        "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n"
        "@@ -1,3 +1,3 @@\n x\n-old()\n+new()\n y\n"
        "@@ -10,3 +10,3 @@\n z\n-old()\n+new()\n w\n"
        "@@ -20,3 +20,3 @@\n z\n-old()\n+new(1)\n w\n"
        "@@ -30,4 +30,4 @@\n z\n-old()\n q\n+new()\n w\n"
    ).encode()
    view = DiffCompressor().compress(diff * 1)
    out = (view or diff).decode()
    assert "+new(1)" in out and out.count("-old()") >= 3  # different grouping is a different change
    assert "\n q\n" in out


def test_short_index_runs_stay_in_place():
    data = real("git-diff-word-diff.txt")
    head = b"\n".join(data.split(b"\n")[:16]) + b"\n"
    out = DiffCompressor().compress(head)
    assert out is None or b"`index <blob>" not in out


def test_normal_format_diff_r_is_a_diff_keeping_every_file_line():
    data = real("diff-r-dirs.txt")
    assert detect(data) == ContentType.DIFF  # it was text: "… 122 sections elided"
    view = diff_view(data).splitlines()
    for line in data.decode().splitlines():
        if line.startswith(("diff -r", "Only in ")):
            assert line in view
    assert ("… 6 hunks elided (caveman) at 10c10; 20c20; 30c30; 40c40; 50c50; 60c60: each repeats "
            "the changed lines of a hunk shown above (dirB/app/handlers/mod_00.py 10c10) …") in view


@pytest.mark.parametrize("name", ["git-merge-many-conflicts.txt", "git-rebase-many-conflicts.txt"])
def test_every_conflicted_file_stays_in_view(counter, name):
    # Read as text, 38 of 40 `CONFLICT (content): Merge conflict in …` lines (no error word in
    # them) went into "… 77 sections elided (caveman) …".
    data = real(name)
    assert detect(data) == ContentType.DIFF
    view = engine_view(counter, data)
    conflicts = [ln for ln in data.decode().splitlines() if "CONFLICT (" in ln]
    assert len(conflicts) == 40
    assert all(ln in view.splitlines() for ln in conflicts)
    assert "error: could not apply" in view or "Automatic merge failed" in view


def test_pull_report_keeps_its_header_and_names_every_file_of_its_stat():
    data = real("git-pull-ff-stat.txt")
    assert detect(data) == ContentType.DIFF
    view = diff_view(data)
    for line in data.decode().splitlines()[:4]:
        assert line in view.splitlines()  # From, branch, Updating, Fast-forward
    for k in range(40):
        assert f"mod_{k:02d}.py" in view
    assert " 46 files changed, 292 insertions(+), 286 deletions(-)" in view


def test_a_mail_from_line_is_not_a_pull_report():
    assert not is_git_listing("From alice@example.com Mon Jan  1 00:00:00 2024\nSubject: hi\n\nUpdating you soon.\n")


def test_patch_report_keeps_the_file_line_of_each_failure(counter):
    # Read as text, the `patching file src/app/mod_13.py` line above the first `Hunk #1 FAILED`
    # went into "… 13 sections elided (caveman) …": the failures had no file.
    data = real("patch-many-rejects.txt")
    assert detect(data) == ContentType.DIFF
    view = engine_view(counter, data).splitlines()
    original = data.decode().splitlines()
    for i, line in enumerate(original):
        if "FAILED at" in line and not original[i - 1].startswith("Hunk #"):
            assert original[i - 1] in view and original[i - 1].startswith("patching file ")
    assert all(ln in view for ln in original if "FAILED" in ln or "succeeded" in ln)


def test_git_apply_reject_keeps_each_rejected_hunk_and_its_file(counter):
    # A log reader kept 1 of 40 `Applying patch … with 6 rejects...` lines and 1 `Rejected hunk`.
    data = real("git-apply-reject.txt")
    view = engine_view(counter, data).splitlines()
    verdicts = [ln for ln in data.decode().splitlines() if ln.startswith(("Applying patch", "Rejected hunk"))]
    assert len(verdicts) > 20
    assert all(ln in view for ln in verdicts)


def test_push_report_keeps_every_rejected_ref(counter):
    # Read as text, 29 of 30 ` ! [rejected]` lines went into "… 29 sections elided (caveman) …".
    data = real("git-push-many-rejected.txt")
    assert detect(data) == ContentType.DIFF
    view = engine_view(counter, data).splitlines()
    rejected = [ln for ln in data.decode().splitlines() if "[rejected]" in ln]
    assert len(rejected) == 30 and all(ln in view for ln in rejected)


def test_branch_list_with_upstreams_passes_whole(counter):
    data = real("git-branch-avv-many.txt")
    assert detect(data) == ContentType.DIFF  # text, thinned by 30%
    assert engine_view(counter, data) == data.decode()


def test_a_numbered_source_listing_is_not_a_short_status():
    # `   400\t        return text`: three spaces and a digit once read as ` M path`.
    text = "".join(f"   {400 + k}\t        line {k}\n" for k in range(20))
    assert not is_git_listing(text)


def test_combined_diff_second_parent_changes_are_changes_not_context():
    # In a `diff --cc` hunk, ` +x` adds x against the second parent; read by its first column
    # it was context and went into "… N context lines elided".
    body = ["  ctx %d" % k for k in range(5)] + [" +added against parent 2"] + ["  ctx %d" % k for k in range(5, 10)]
    diff = "\n".join(["diff --cc a.py", "index 1111111,2222222..0000000", "--- a/a.py", "+++ b/a.py",
                      "@@@ -1,10 -1,10 +1,11 @@@"] + body) + "\n"
    out = DiffCompressor().compress(diff.encode())
    view = (out or diff.encode()).decode()
    assert " +added against parent 2" in view.splitlines()


def test_conflict_hunks_repeated_across_files_fold_and_every_marker_line_stays():
    data = real("git-diff-cc-conflicts.txt")
    view = diff_view(data).splitlines()
    for marker in ("++<<<<<<< HEAD", " +        return ()  # narrow", "++=======",
                   "+         return {}  # wide", "++>>>>>>> wide"):
        assert marker in view
    assert ("… 5 hunks elided (caveman) at -17,7 -17,7 +21,11; -27,7 -27,7 +35,11; -37,7 -37,7 +49,11; "
            "-47,7 -47,7 +63,11; -57,7 -57,7 +77,11: each repeats the changed lines of a hunk shown above "
            "(src/app/handlers/mod_00.py -7,7 -7,7 +7,11) …") in view
    files = [ln for ln in data.decode().splitlines() if ln.startswith("diff --cc ")]
    assert [ln for ln in view if ln.startswith("diff --cc ")] == files


def test_diff_check_keeps_every_whitespace_finding(counter):
    # Read as search hits, 468 of 480 lines went into "… 468 search result lines elided" (no
    # file named): each `path:line: trailing whitespace.` is a location the agent must fix.
    data = real("git-diff-check.txt")
    assert detect(data) == ContentType.DIFF
    assert engine_view(counter, data) == data.decode()
