"""pytest's FAILURES section when one test function fails under many parameters.

A parametrized test that fails for 500 parameter sets prints 500 failure blocks, each with the
same decorator stack and function source (often a hundred lines) and a different header and
argument values. Every block is a failure, so no section rule may elide it, and the blocks differ
(header, arguments, object addresses), so no repeat rule sees two equal ones: the run goes out
whole, 3 MB of it.

`fold_kept(text)` keeps the first block of each test function whole and, in each later block of
the same function, folds each run of lines that the first block holds verbatim into one marker
naming that first block. A later block sharing no such run (a same-named test of another module)
becomes a reference of its own: the blocks after it may fold to it, their markers naming its id. The header, every `E` line and every `path:N:` place of each block
stay, so each failing test keeps its id, its error and where it failed.
"""
from __future__ import annotations

from engine.compressors.lines import marker_text
from engine.patterns import ANSI, PYTEST_BLOCK_HEADER, PYTEST_BLOCK_PLACE, PYTEST_SECTION_RULE

#: Literal gate: a text without a failure section is not read at all.
GATES = (" FAILURES ", " ERRORS ")
#: Blocks of one test function before its later blocks fold.
MIN_BLOCKS = 2
#: Lines of a run before it folds (a one-line run would be replaced by a marker line).
MIN_RUN = 2


def _plain(line: str) -> str:
    return ANSI.sub("", line).rstrip("\r").rstrip() if "\x1b" in line else line.rstrip("\r").rstrip()


_FIXTURE_ERRORS = ("ERROR at setup of ", "ERROR at teardown of ")


def _function(test_id: str) -> str:
    """`test_x[a-b]` -> `test_x`; `TestC.test_y` stays. A setup or teardown error is keyed by its
    class (`ERROR at setup of TestC.test_y` -> `ERROR at setup of TestC`): a class-scoped fixture
    that fails errors every test of the class with the same block."""
    key = test_id.split("[", 1)[0]
    for prefix in _FIXTURE_ERRORS:
        if key.startswith(prefix) and "." in key:
            return key.rsplit(".", 1)[0]
    return key


def _fixture_prefix(key: str) -> str:
    """`ERROR at setup of ` or `ERROR at teardown of ` for a class's fixture error key, else ""."""
    for prefix in _FIXTURE_ERRORS:
        if key.startswith(prefix) and key != prefix:
            return prefix
    return ""


def _reference(key: str) -> str:
    """How a marker names the first block of `key` (see _function)."""
    for prefix in _FIXTURE_ERRORS:
        if key.startswith(prefix) and key != prefix:
            return f"{key[len(prefix):]} {prefix.split()[2]} error"
    return f"{key} failure"


def _blocks(plain: list[str]) -> list[tuple[int, int, str, str]]:
    """(header index, end index, test function, test id) of each block in a FAILURES/ERRORS section."""
    out: list[tuple[int, int, str, str]] = []
    in_section = False
    start, key, test_id = -1, "", ""
    for i, line in enumerate(plain):
        if line.startswith("==="):
            rule = PYTEST_SECTION_RULE.match(line)
            if rule is not None:
                if start >= 0:
                    out.append((start, i, key, test_id))
                    start = -1
                in_section = rule.group(1) in ("FAILURES", "ERRORS")
                continue
        if in_section and line.startswith("_"):
            head = PYTEST_BLOCK_HEADER.match(line)
            # `_ _ _ _` separates frames inside a block; a header names a test (whose
            # parameters may hold spaces: `test_clamp[under 1.0 million]`).
            if head is not None and head.group(1).strip("_ "):
                if start >= 0:
                    out.append((start, i, key, test_id))
                test_id = head.group(1)
                start, key = i, _function(test_id)
                if " " in key.removeprefix("ERROR at setup of ").removeprefix("ERROR at teardown of "):
                    start = -1  # `ERROR collecting tests/x.py`: a block of its own, never folded
    if start >= 0:
        out.append((start, len(plain), key, test_id))
    return out


def _kept_line(plain: str) -> bool:
    """A line each block keeps: its error (`E   …`) and its traceback places."""
    return plain.startswith("E ") or PYTEST_BLOCK_PLACE.match(plain) is not None


def _runs(plain: list[str], start: int, end: int, ref_lines: frozenset[str]) -> list[tuple[int, int]]:
    """The runs of block start..end-1 (past its header) that ref_lines holds verbatim, but for
    the lines every block keeps."""
    out: list[tuple[int, int]] = []
    i = start + 1
    while i < end:
        if not plain[i] or plain[i] not in ref_lines or _kept_line(plain[i]):
            i += 1
            continue
        j = i
        while j < end and plain[j] in ref_lines and not _kept_line(plain[j]):
            j += 1
        while j > i and not plain[j - 1]:  # a run does not end on a blank line
            j -= 1
        if j - i >= MIN_RUN:
            out.append((i, j))
        i = max(j, i + 1)
    return out


def fold_kept(text: str) -> tuple[str, list[int]] | None:
    """The text with the repeated lines of later failure blocks folded, and the folded text's
    lines that must stay (each marker and each first block); None when nothing folds."""
    if not any(g in text for g in GATES):
        return None
    lines = text.split("\n")
    plain = [_plain(ln) for ln in lines]
    blocks = _blocks(plain)
    if len(blocks) < MIN_BLOCKS:
        return None
    # Each test function's blocks fold against its first block; a later block that shares no run
    # with it (a same-named test of another module) becomes a reference of its own, named by its id.
    references: dict[str, list[tuple[int, int, frozenset[str], str]]] = {}
    # A class-scoped fixture shared by many classes errors each class's tests with one traceback
    # but for the class's name: a class's blocks fold to an earlier class's first block.
    fixture_references: dict[str, list[tuple[int, int, frozenset[str], str]]] = {}
    runs: list[tuple[int, int, str]] = []  # (first line, end, what the marker names as the reference)
    shown: dict[int, int] = {}  # the blocks markers point at, which stay whole: start -> end
    for start, end, key, test_id in blocks:
        refs = references.get(key)
        if refs is None:
            fixture = _fixture_prefix(key)
            others = fixture_references.setdefault(fixture, []) if fixture else []
            for ref_start, ref_end, ref_lines, ref_id in others:
                found = _runs(plain, start, end, ref_lines)
                if found:
                    runs.extend((i, j, _reference(ref_id)) for i, j in found)
                    shown[ref_start] = ref_end
                    break
            else:
                references[key] = [(start, end, frozenset(plain[start + 1:end]), test_id)]
                others.append(references[key][0])
                shown[start] = end
            continue
        for number, (ref_start, ref_end, ref_lines, ref_id) in enumerate(refs):
            found = _runs(plain, start, end, ref_lines)
            if found:
                name = f"first {_reference(key)}" if number == 0 else _reference(ref_id)
                runs.extend((i, j, name) for i, j in found)
                shown[ref_start] = ref_end
                break
        else:
            refs.append((start, end, frozenset(plain[start + 1:end]), test_id))
    if not runs:
        return None
    out: list[str] = []
    kept: list[int] = []
    pos = 0
    for i, j, key in runs:
        for k in range(pos, i):
            out.append(lines[k])
        line = lines[i]
        indent = _plain(line)[:len(_plain(line)) - len(_plain(line).lstrip())]
        cr = "\r" if line.endswith("\r") else ""
        kept.append(len(out))
        out.append(indent + marker_text(j - i, "lines", f"as in the {key} above") + cr)
        pos = j
    out.extend(lines[pos:])
    # The first block of each function, and each block a marker names, stays whole.
    shift = 0
    run_iter = iter(runs)
    nxt = next(run_iter, None)
    for s in sorted(shown):
        while nxt is not None and nxt[0] < s:
            shift += (nxt[1] - nxt[0]) - 1
            nxt = next(run_iter, None)
        kept.extend(range(s - shift, shown[s] - shift))
    return "\n".join(out), sorted(set(kept))
