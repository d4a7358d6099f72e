"""Real outputs from the second scored corpus (session 14), trimmed excerpts under
tests/fixtures/real/corpus2/: what the engine's view of each kind must still hold."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.terminal import TerminalCompressor
from engine.patterns import ANSI
from tests.real_views import MARKER, terminal_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "corpus2"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_of(name: str) -> tuple[list[str], list[str]]:
    return terminal_view_lines(real(name))


# ---------------------------------------------------------------- pytest: one test, many parameters


HEADER = re.compile(r"_+ (test_\w+)\[.*\] _+$")


def test_pytest_parametrized_failure_blocks_fold_to_the_first_block():
    # packaging 24.2's tests against packaging 22.0 (`pytest -q`): test_module_declaration and
    # test_basic_valid_requirement_parsing fail under every parameter set, each block printing
    # the same decorator stack and source again (118 lines a block). The run went out whole
    # ("saves under 10%"); now each later block keeps its header, argument values, E lines and
    # places, and the lines it shares with the function's first block are counted in a marker.
    original, view = view_of("pytest-q-parametrized-failures.txt")
    original, view = [ln.rstrip() for ln in original], [ln.rstrip() for ln in view]  # the view trims line ends
    assert len(view) * 10 < len(original) * 6
    for line in original:  # every failing test's id, error and place stays
        if HEADER.match(line) or line.startswith("E ") or re.match(r"\S+:\d+: \S", line) \
                or line.startswith("FAILED ") or line.startswith("650 failed"):
            assert line in view, line
    # each marker counts the lines it stands for, and each of them is a line of the first block
    # of the function it names
    blocks: dict[str, list[str]] = {}
    current = None
    for line in original:
        head = HEADER.match(line)
        if head:
            current = head.group(1)
            if current in blocks:
                current = None  # only the first block of each function is a reference
            else:
                blocks[current] = []
        elif line.startswith("==="):
            current = None
        elif current is not None:
            blocks[current].append(line)
    i = j = 0
    markers = 0
    while i < len(view):
        m = MARKER.match(view[i].strip())
        if m is None:
            assert view[i] == original[j], (i, view[i], original[j])
            i += 1
            j += 1
            continue
        same = re.fullmatch(r"as in the first (test_\w+) failure above", m.group(2))
        if same is not None:  # (the other marker here counts passing-test progress rows)
            markers += 1
            for k in range(int(m.group(1))):
                assert original[j + k] in blocks[same.group(1)]
        j += int(m.group(1))
        i += 1
    assert j == len(original) and markers >= 8
    # the first block of each function is shown whole
    for fn, lines in blocks.items():
        start = view.index(next(v for v in view if HEADER.match(v) and HEADER.match(v).group(1) == fn))
        assert view[start + 1:start + 1 + len(lines)] == lines


# ---------------------------------------------------------------- node --test relaying tape's TAP


def test_node_test_relayed_tap_failures_stay_with_their_place():
    # qs 6.13's tape tests against qs 6.5's lib under `node --test`: node relays each file's own
    # TAP as `# ` comments, so tape's failures read `# not ok 35 ...`. Past the first few they
    # were thinned as look-alike comment lines ("15 other lines"), their `at:` places with them.
    original, view = view_of("nodetest-relayed-tape-failures.txt")
    failing = [ln for ln in original if ln.startswith("# not ok ")]
    assert len(failing) == 13
    for ln in failing:
        assert ln in view
    # each failure's YAML block up to its stack: operator, expected, actual and the place
    for ln in original:
        if ln.startswith(("#     at: ", "#     operator: ", "#     actual: ")):
            assert ln in view, ln
    for ln in ("not ok 2 - /tmp/c14w/qs/package/test/parse.js", "# fail 3"):
        assert ln in view


# ---------------------------------------------------------------- pip: which package failed to build


def test_pip_build_failure_names_the_package_it_was_collecting():
    # `pip install mysqlclient==2.2.4` under a pty with no MySQL client headers: the build
    # backend fails in "Getting requirements to build wheel". `Collecting mysqlclient==2.2.4` was
    # counted with the download progress, so the view said a build failed without saying which.
    data = real("pip-install-build-deps-fail-pty.txt")
    out = TerminalCompressor().compress(data).decode()
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out)
    assert "Collecting mysqlclient==2.2.4" in plain
    for fact in ("Exception: Can not find valid pkg-config name.", "error: subprocess-exited-with-error",
                 "Getting requirements to build wheel did not run successfully."):
        assert fact in plain


def test_parametrized_blocks_fold_to_their_own_first_block_when_another_module_has_the_name():
    # humanize: test_i18n.py's `test_naturaldelta` fails first, then test_time.py's parametrized
    # `test_naturaldelta[...]` 27 times; they shared nothing with the i18n block, so none folded
    original, view = ([ANSI.sub("", ln).rstrip() for ln in lines] for lines in view_of("pytest-same-name-other-module.txt"))
    headers = [ln for ln in original if ln.startswith("___") and "test_naturaldelta" in ln]
    assert [h.strip("_ ") for h in headers] == [
        "test_naturaldelta", "test_naturaldelta[0-a moment]", "test_naturaldelta[1-a second]",
        "test_naturaldelta[23.5-23 seconds]", "test_naturaldelta[30-30 seconds0]"]
    first = original.index(headers[0])
    for ln in original[first:original.index(headers[2])]:
        assert ln in view, ln  # both first blocks whole
    folded = [m for m in map(MARKER.match, (ln.strip() for ln in view)) if m]
    assert [m.group(0) for m in folded] == [
        "… 42 lines elided (caveman): as in the test_naturaldelta[0-a moment] failure above …"] * 3
    summary = next(ln for ln in original if "short test summary info" in ln)
    bounds = headers[2:] + [summary]
    for head, nxt in zip(bounds, bounds[1:]):
        block = original[original.index(head):original.index(nxt)]
        shown = view[view.index(head):view.index(nxt)]
        assert [ln for ln in block if ln.startswith(("E ", "tests/"))] == \
            [ln for ln in shown if ln.startswith(("E ", "tests/"))]  # every error and place line stays
        assert len(block) - len(shown) == 42 - 1
