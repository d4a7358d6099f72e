"""Real outputs of package managers (trimmed excerpts under tests/fixtures/real/pkgmgr2/):
`uv tree`, `npm explain`, `apt-get upgrade -s`, produced on this machine."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.terminal_text import plain_text
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "pkgmgr2"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def terminal_view(data: bytes) -> str:
    out = TerminalCompressor().compress(data)
    return data.decode() if out is None else out.decode()


# ---------------------------------------------------------------- dependency trees in a transcript


def test_uv_tree_routes_to_terminal_by_its_step_count():
    # `Resolved 66 packages in 18ms` is uv's summary line: the tree below it reaches the
    # terminal compressor (plain and under a pty), which is where its entries were thinned.
    assert detect(real("uv-tree.txt")) is ContentType.TERMINAL
    assert detect(real("uv-tree-pty.txt")) is ContentType.TERMINAL


def test_uv_tree_keeps_every_entry():
    # The look-alike rule elided `│   │   └── typing-extensions v4.16.0` under pydantic-core as
    # a copy of the same entry elsewhere ("… 2 lines elided (caveman): 2 other lines …"): which
    # package requires what is the whole point of the tree.
    for name in ("uv-tree.txt", "uv-tree-pty.txt"):
        shown = plain_text(real(name)).decode().replace("\r\n", "\n")
        view = terminal_view(real(name))
        assert "elided (caveman)" not in view
        for line in shown.splitlines():
            assert line in view.splitlines(), line


def test_tree_lines_in_a_test_transcript_do_not_stop_thinning():
    # Five tree entries keep their tree; the passing tests after them still fold.
    tree = "demo v0.1.0\n├── a v1.0\n│   └── b v2.1\n├── c v3.0\n│   └── b v2.1\n└── d v4.2\n"
    passing = "".join(f"tests/test_x.py::test_{i} PASSED [{i:3d}%]\n" for i in range(60))
    data = (tree + "collected 60 items\n" + passing + "=== 60 passed in 0.5s ===\n").encode()
    view = terminal_view(data)
    for line in tree.splitlines():
        assert line in view.splitlines()
    assert re.search(r"… \d+ lines elided \(caveman\): \d+ passing-test lines …", view)


# ---------------------------------------------------------------- npm explain


EXPLAIN_MARKER = re.compile(
    r"( *)… (\d+) lines elided \(caveman\): identical to the lines under this dependent's first appearance above …")


def text_view(data: bytes) -> str:
    from engine.compressors.text import TextCompressor

    out = TextCompressor().compress(data)
    assert out is not None
    return out.decode()


def _verify_explain_folds(original: str, view: str) -> int:
    """Walk the view against the original: every view line is the original's next line, or a
    marker whose N lines are, dedented, the lines under the first appearance of the node (its
    dependent line and path, the two lines above the marker) at any indentation. Returns the
    number of markers checked."""
    orig = original.split("\n")
    dedent = [ln.lstrip(" ") for ln in orig]
    j = markers = 0
    for line in view.split("\n"):
        m = EXPLAIN_MARKER.fullmatch(line)
        if m is None:
            assert orig[j] == line, (j, line)
            j += 1
            continue
        markers += 1
        count = int(m[2])
        node, path = dedent[j - 2], dedent[j - 1]
        first = next(k for k in range(len(orig) - 1) if dedent[k] == node and dedent[k + 1] == path)
        assert first < j - 2  # the copy shown comes before the marker
        base_first = len(orig[first]) - len(dedent[first])
        base_here = len(orig[j - 2]) - len(dedent[j - 2])
        under_first = [ln[base_first:] for ln in orig[first + 2:first + 2 + count]]
        under_here = [ln[base_here:] for ln in orig[j:j + count]]
        assert under_here == under_first
        # and the copy under the first appearance ends where this subtree ends
        after = orig[first + 2 + count] if first + 2 + count < len(orig) else ""
        assert not after.strip() or len(after) - len(after.lstrip(" ")) <= base_first
        j += count
    assert j == len(orig)
    return markers


def test_npm_explain_head_is_no_log():
    # `debug@2.6.9` at the margin read as a log level: the log compressor thinned the chains.
    assert detect(real("npm-explain-debug-head.txt")) is ContentType.TEXT


def test_npm_explain_folds_only_verified_repeated_subtrees():
    for name in ("npm-explain-jest-snapshot.txt", "npm-explain-jest-transform.txt"):
        original = real(name).decode()
        view = text_view(real(name))
        assert _verify_explain_folds(original, view) >= 3
        assert len(view) < 0.6 * len(original)


def test_npm_explain_keeps_every_copy_and_every_dependent_line():
    original = real("npm-explain-jest-transform.txt").decode()
    view = text_view(real("npm-explain-jest-transform.txt")).split("\n")
    # each installed copy (at the margin) with its path, and every direct dependent of a copy
    for line in original.split("\n"):
        if line and not line.startswith(" "):
            assert line in view
        if line.startswith("  ") and not line.startswith("   "):
            assert line in view, line


def test_npm_explain_with_nothing_repeated_is_declined():
    data = real("npm-explain-debug-head.txt")
    from engine.compressors.text import TextCompressor

    assert TextCompressor().compress(data) is None


# ---------------------------------------------------------------- pnpm 10+ recursive runs


def engine_view(data: bytes, counter) -> str:  # noqa: ANN001 (the conftest fixture)
    from engine.ccr import MemoryStore
    from engine.core import Engine
    from engine.registry import default_registry

    from engine.types import Mode, Options

    result = Engine(default_registry(), counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS))
    return result.output.decode()


def test_pnpm_recursive_run_is_tool_output():
    # pnpm 10+ writes `Error: ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL` and `[ELIFECYCLE] Test failed.`:
    # neither matched the older `ERR_PNPM_…` / ` ELIFECYCLE ` signatures, so the run read as
    # prose and its scripts' output went into "… 24 sections elided (caveman) …".
    for name in ("pnpm-recursive-run-fail.txt", "pnpm-recursive-parallel-fail.txt"):
        assert detect(real(name)) is ContentType.TERMINAL


def test_pnpm_recursive_run_counts_its_script_lines_and_keeps_the_failure(counter):
    for name in ("pnpm-recursive-run-fail.txt", "pnpm-recursive-parallel-fail.txt"):
        view = engine_view(real(name), counter)
        # the scripts' own `ok b case 3 passed` lines are no runner's rows: counted, not named tests
        assert view.count("… 24 lines elided (caveman): 24 other lines …") == 2
        for line in ("packages/b test: AssertionError: expected 3 to equal 4 in b case 7",
                     "packages/b test: Failed", "[ELIFECYCLE] Test failed. See above for more details.",
                     "Error: ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL",
                     '  × "pnpm recursive run" failed in /tmp/pm2/ws/packages/b'):
            assert line in view.splitlines(), line
        assert "sections elided" not in view


# ---------------------------------------------------------------- deno


def test_deno_add_counts_its_downloads_as_progress(counter):
    # 101 coloured `Download https://registry.npmjs.org/<pkg>` lines, one per fetch: the view was
    # the whole plain text (nothing recognised them as progress).
    data = real("deno-add-npm.txt")
    shown = plain_text(data).decode().splitlines()
    downloads = [ln for ln in shown if ln.startswith("Download https://")]
    assert len(downloads) == 101
    view = engine_view(data, counter).splitlines()
    assert "… 101 lines elided (caveman): 100 progress lines; 1 blank line …" in view
    for line in ("Add npm:express@4.17.1", "Add npm:lodash@4.17.15", "Dependencies:",
                 "+ npm:express 4.17.1", "+ npm:lodash 4.17.15"):
        assert line in view


# ---------------------------------------------------------------- poetry show --tree: repeated subtrees


TREE_MARKER = re.compile(r"([ │]*)… (\d+) lines elided \(caveman\): the same entries as under the first `(.+)` above …")


def _branch_column(line: str) -> int:
    """Where an entry's branch glyph is drawn (-1: no entry)."""
    m = re.match(r"[ │]*[├└]─", line)
    return m.end() - 2 if m else -1


def _entry(line: str) -> str:
    col = _branch_column(line)
    return line[col:].lstrip("├└─┬ ").rstrip()


def _under(lines: list[str], k: int) -> list[str]:
    """The lines drawn under entry k, each from its branch on, with its depth below k."""
    col = _branch_column(lines[k])
    out = []
    for line in lines[k + 1:]:
        c = _branch_column(line)
        if c <= col:
            break
        out.append(f"{c - col}:{line[c:].rstrip()}")
    return out


def _verify_tree_folds(original: list[str], view: list[str]) -> int:
    """Every view line is the original's next line, or a marker whose N lines are the lines
    under the first entry named in it (same depths and texts), that entry being shown above."""
    j = markers = 0
    for line in view:
        m = TREE_MARKER.fullmatch(line)
        if m is None:
            assert original[j] == line, (j, line)
            j += 1
            continue
        markers += 1
        count, named = int(m[2]), m[3]
        first = next(k for k, ln in enumerate(original) if _branch_column(ln) >= 0 and _entry(ln) == named)
        assert first < j - 1
        assert original[first] in view  # the copy it points at is in view
        hidden = _under(original, j - 1)
        assert len(hidden) == count
        assert hidden == _under(original, first)
        j += count
    assert j == len(original)
    return markers


def test_poetry_show_tree_folds_only_verified_repeated_subtrees():
    # poetry draws ipykernel's 47-line subtree again under every package that requires it.
    data = real("poetry-show-tree-jupyter-head.txt")
    from engine.compressors.text import TextCompressor

    assert detect(data) is ContentType.TEXT
    original = data.decode().split("\n")
    view = TextCompressor().compress(data).decode().split("\n")
    assert _verify_tree_folds(original, view) >= 3
    assert "│   │   … 47 lines elided (caveman): the same entries as under the first `ipykernel *` above …" in view
    # every entry one level under the root stays, whatever repeats under it
    for line in original:
        if line.startswith(("├── ", "└── ", "│   ├── ", "│   └── ")):
            assert line in view


def test_poetry_show_tree_under_a_pty_folds_the_same_way():
    data = real("poetry-show-tree-jupyter-head-pty.txt")
    shown = plain_text(data).decode().replace("\r\n", "\n").rstrip("\n").split("\n")
    view = terminal_view(data).replace("\r\n", "\n").rstrip("\n").split("\n")
    assert _verify_tree_folds([ln.rstrip() for ln in shown], view) >= 3


def test_a_repeated_subtree_holding_a_problem_stays_whole():
    tree = ["app@1.0.0"]
    for parent in ("a", "b"):
        tree += [f"├─┬ {parent}@1.0.0", "│ └─┬ lib@2.0.0", "│   ├── x@1.0.0", "│   ├── UNMET DEPENDENCY y@1.0.0",
                 "│   ├── z@1.0.0", "│   └── w@1.0.0"]
    tree += ["└── c@1.0.0"]
    from engine.compressors import dep_tree

    assert dep_tree.fold_repeats(tree) is None
    fine = [ln.replace("UNMET DEPENDENCY ", "") for ln in tree]
    assert dep_tree.fold_repeats(fine) == [(9, 13, "│   ", "the same entries as under the first `lib@2.0.0` above")]


# ---------------------------------------------------------------- uv: a source build that fails


def test_uv_build_failure_keeps_the_compiler_diagnostics_whole():
    # uv indents the backend's stderr by nine spaces: gcc's excerpt rules did not read it, and
    # the first error's caret and fix-it lines went as "… 2 lines elided (caveman): 2 other
    # lines …" (look-alikes of the second error's caret line).
    data = real("uv-pip-install-sdist-gcc-error.txt")
    view = terminal_view(data).splitlines()
    lines = data.decode().splitlines()
    stderr = lines.index("         [stderr]")
    for line in lines[stderr:]:
        assert line.rstrip() in view, line  # the view's lines end at their last visible character
    assert "… 2 lines elided (caveman): 2 other lines …" not in view


# ---------------------------------------------------------------- apt-cache policy


def test_apt_cache_policy_for_many_packages_stays_whole():
    # Read as prose, `Installed:`/`Candidate:` lines went into "… 3 sections elided (caveman) …"
    # for most packages: the view no longer said which ones have an upgrade waiting.
    from engine.compressors.text import TextCompressor

    data = real("apt-cache-policy-many.txt")
    assert detect(data) is ContentType.TEXT
    assert data.decode().count("  Candidate: ") == 10
    assert TextCompressor().compress(data) is None
