"""Terminal compressor: what a test runner, compiler, linter or installer printed, cleaned and cut.

Colour and cursor escapes go, each `\\r`-redrawn line keeps its final frame, backspaces are
applied. Then the head and tail stay, and so does every line an agent must see: toolout's
verdict (failure blocks, error and warning lines, summaries), failure blocks and pending tests,
diagnostic pointers, and (for output toolout does not recognise) every line the generic error
pattern flags. The rest (passing tests, progress chatter, lint excerpts) becomes counted
markers; keepNonRedundant compares passing and chatter lines by status, not by name, so one
example stands for all of them, and toolout's droppable lines never come back.
"""
from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate, chain, compress, repeat

from engine.compressors import (
    access_counts, ansible_report, bandit_report, cmake_trace, cppcheck_xml, finding_locations, fmt_report, terraform_report, tex_report, wget_report,
)
from engine.compressors import lines as L
from engine.compressors import bench_report, dep_tree, memcheck, profile_report, toolout
from engine.compressors.crash_context import last_record_before_crash
from engine.compressors.access_status import server_error_lines
from engine.compressors.frames import fold_recursion_kept
from engine.compressors.thread_dump import fold_threads_kept
from engine.compressors.toolout_jsframes import frame_place, harness_place
from engine.compressors import pytest_repeats
from engine.compressors import eval_rows
from engine.compressors.log import leveled_fields, log_fields
from engine.terminal_text import clean_lines
from engine.patterns import (
    DIAGNOSTIC_POINTER, ERROR_WORD, FAILURE_START, FAILURE_WORDS, INDENTED_FRAME,
    LOCATION, PASSING_CANDIDATE, PASSING_LINE, PASSING_START, PASSING_WORDS, PENDING_TEST,
    SOURCE_EXCERPT, TERMINAL_IMPORTANT,
)
from engine.safety import SafetyClass
from engine.types import ContentType

HEAD, TAIL = 3, 3
QUERY_LIMIT = 16
#: Every line TERMINAL_IMPORTANT matches contains one of these (lower-cased), is an indented
#: stack frame, or has a `:N:N:` location.
TERMINAL_KEYWORDS = ("err", "fatal", "panic", "exception", "traceback", "fail", "warn", "caused by",
                     ".go:", "--->", "exit status")
#: What keepNonRedundant compares a passing-test or progress line by: its status, not its name.
PASSING_VOCAB = "caveman passing line"
EXCERPT_VOCAB = "caveman source excerpt"
#: A line toolout calls droppable: an empty vocabulary, which keepNonRedundant counts as
#: represented, so it never comes back as "the odd line".
DROPPED_VOCAB = ""
FOLDED = (PASSING_VOCAB, DROPPED_VOCAB)
Describe = Callable[[int, int], str]
#: A suite header's block is scanned this far at most (keeps the pass linear).
SUITE_LOOKAHEAD = 400
#: Lines of one failure block kept at most (a runaway block is a transcript, not a failure).
FAILURE_BLOCK_MAX = 200


def keep_failure_blocks(cleaned: list[str], must: list[bool], scan: L.LineScan | None = None) -> None:
    """A failing test's first line and everything nested under it up to a blank line; pending
    tests too (both are what the agent reads the run for)."""
    scan = scan or L.LineScan(cleaned)
    starts = L.flag_lines(cleaned, FAILURE_START.match, FAILURE_WORDS, fold_case=False, scan=scan)
    n = len(cleaned)
    for i in scan.candidates(("- ",), fold_case=False):
        if not starts[i] and cleaned[i].startswith((" ", "\t")) and PENDING_TEST.match(cleaned[i]):
            must[i] = True
    for i in compress(range(n), starts):
        must[i] = True
        if cleaned[i].startswith("# "):  # a relayed `# not ok N`: its YAML block and stack
            _keep_relayed_block(cleaned, must, i)
            continue
        depth = _indent(cleaned[i])
        j = i + 1
        while j < n and j - i <= FAILURE_BLOCK_MAX and cleaned[j].strip() and _indent(cleaned[j]) > depth:
            must[j] = True
            j += 1


def _keep_relayed_block(cleaned: list[str], must: list[bool], i: int) -> None:
    """A `# not ok N` relayed from a child's TAP stream: its YAML block through `#   ...`, but for
    the test runner's and node's frames past the stack's first (toolout counts those)."""
    n = len(cleaned)
    j = i + 1
    first_frame = True
    while j < n and j - i <= FAILURE_BLOCK_MAX and cleaned[j].startswith("#  ") and cleaned[j].strip() != "#   ...":
        place = frame_place(cleaned[j])
        if place is None or first_frame or not harness_place(place):
            must[j] = True
        first_frame = first_frame and place is None
        j += 1


def toolout_verdicts(cleaned: list[str], scan: L.LineScan | None = None) -> tuple[list[bool], list[bool], Describe | None]:
    """What toolout says about each line: must keep, droppable by decision, and its account of
    an elided run (`12 passing-test lines; 3 progress lines`). Uses toolout's analysis when it
    offers one, else its plain must_keep contract."""
    analyse = getattr(toolout, "analyse", None)
    if analyse is None:
        return toolout.must_keep(cleaned), [False] * len(cleaned), None
    analysis = analyse(cleaned, scan)
    keep_label, droppable_labels = toolout.KEEP, toolout.DROPPABLE
    must = list(map(keep_label.__eq__, analysis.classes))
    droppable = list(map(droppable_labels.__contains__, analysis.classes))
    def describe(i: int, j: int) -> str:
        # a run whose every line has fields gets the marker's own invariants: not stated twice
        rows = None if j - i >= 2 and all(map(log_fields, cleaned[i:j])) else cleaned
        return toolout.run_summary(analysis, i, j, rows, _row_fields)

    return must, droppable, describe


def _row_fields(line: str) -> dict[str, str] | None:
    """A program's own result row's fields (logfmt `score=0.998`, `loss 0.69 | acc 0.8`,
    `epoch 0 batch 25 loss 1.68`), for a marker over the rows left between repeated findings."""
    return leveled_fields(line) or eval_rows.spaced_fields(line)


def keep_diagnostic_pointers(cleaned: list[str], must: list[bool], scan: L.LineScan | None = None) -> None:
    """` --> path:12:5` lines with the message line above them, and shellcheck's `In x line N:`."""
    scan = scan or L.LineScan(cleaned)
    # Every match holds `-->` or starts with shellcheck's `In ` (a fullmatch of `In \S.* line`).
    joined = scan.joined()
    candidates = _lines_holding(joined, "-->")
    if cleaned and cleaned[0].startswith("In "):
        candidates.append(0)
    at = joined.find("\nIn ")
    if at >= 0:
        starts = scan.starts()
        while at >= 0:
            line = bisect_right(starts, at + 1) - 1
            candidates.append(line)
            at = joined.find("\nIn ", starts[line + 1] - 1)  # (from the newline ending that line)
    for i in candidates:
        m = DIAGNOSTIC_POINTER.fullmatch(cleaned[i])
        if m is None:
            continue
        must[i] = True
        if m.group(1):
            j = i - 1
            while j >= 0 and not cleaned[j].strip():
                j -= 1
            if j >= 0:
                must[j] = True


def _lines_holding(joined: str, word: str) -> list[int]:
    """The lines (by index) of `joined`, lines joined by newlines, holding `word`, which holds
    no newline: one split at C speed, an occurrence's line counted from the newlines before
    it (a find and a bisection per hit cost more once there are many)."""
    pieces = joined.split(word)
    if len(pieces) == 1:
        return []
    return list(dict.fromkeys(accumulate(map(str.count, pieces[:-1], repeat("\n")))))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def fold_suite_headers(cleaned: list[str], must: list[bool], vocab: list[str]) -> None:
    """Compare a suite header (`  Router`, `    .use()`) as a passing line when everything
    nested under it passed: the header of a suite holding a failure stays its own class."""
    n = len(cleaned)
    # Only a line neither kept, blank nor folded can become a header, and whether a line is one
    # does not change before it is asked (only the header asked is changed): found at C speed
    # among the lines with a vocabulary (toolout drops most lines of a long run).
    headers = [i for i in compress(range(n), vocab)
               if vocab[i] != PASSING_VOCAB and not must[i] and cleaned[i]]
    for i in reversed(headers):
        line = cleaned[i]
        depth = len(line) - len(line.lstrip())
        j, children, clean = i + 1, 0, True
        while j < n and j - i <= SUITE_LOOKAHEAD:
            child = cleaned[j]
            if child:  # cleaned lines are right-stripped: blank is empty
                if len(child) - len(child.lstrip()) <= depth:
                    break
                if vocab[j] not in FOLDED:
                    clean = False
                    break
                children += 1
            j += 1
        if clean and children and (j >= n or j - i <= SUITE_LOOKAHEAD):
            vocab[i] = PASSING_VOCAB


def fold_excerpts(cleaned: list[str], must: list[bool], vocab: list[str]) -> None:
    """Compare source-excerpt lines as one class, except in a block opened by an error line
    (a compiler error's excerpt is part of the error; a linter's thousand excerpts are not)."""
    # A line line-by-line reading would fold is an excerpt neither kept nor dropped (an excerpt
    # is never blank): the lines with a vocabulary (toolout drops most lines of a long run) are
    # found by a C-level pass, then the few in an error block left out.
    n = len(cleaned)
    asked = [i for i in compress(range(n), vocab) if not must[i]]
    excerpts = list(compress(asked, map(SOURCE_EXCERPT.match, map(cleaned.__getitem__, asked))))
    if not excerpts:
        return
    # An error block runs from a kept line naming an error to the next blank line.
    openers = [i for i in compress(range(n), must) if _opens_error_block(cleaned[i])]
    if openers:
        blanks = list(compress(range(n), map(operator.not_, map(str.strip, cleaned))))
        ends = [blanks[b] if b < len(blanks) else n for b in map(bisect_right, repeat(blanks), openers)]
        # An excerpt lies in the block of the last opener before it, if in any.
        excerpts = [i for i in excerpts if not ((o := bisect_right(openers, i)) and ends[o - 1] > i)]
    for i in excerpts:
        vocab[i] = EXCERPT_VOCAB


def _opens_error_block(line: str) -> bool:
    return bool(line.strip()) and ("error" in line.lower() or not line.isascii()) and ERROR_WORD.search(line) is not None


def is_passing(line: str) -> bool:
    """A passing test or progress line (compared by status, not by name)."""
    # The unanchored test first: on a `pytest -v` row it answers, and the anchored one (whose
    # `\S+\.py ` branch backtracks through the test id) is not needed.
    if ("PASSED" in line or "SKIPPED" in line or "... ok" in line) and PASSING_LINE.search(line) is not None:
        return True
    return PASSING_START.match(line) is not None


def passing_lines(cleaned: list[str], droppable: list[bool], scan: L.LineScan | None = None) -> list[bool]:
    """Which lines are passing or progress lines, as flag_lines(cleaned, is_passing,
    PASSING_WORDS, (PASSING_CANDIDATE,)) says, on the lines toolout did not call droppable (on
    those the answer is never read: their vocabulary is DROPPED_VOCAB and no rule keeps them).
    When those are few, each is asked on its own instead of scanning the whole text."""
    todo = list(compress(range(len(droppable)), map(operator.not_, droppable)))
    if 2 * len(todo) >= len(cleaned):
        return L.flag_lines(cleaned, is_passing, PASSING_WORDS, (PASSING_CANDIDATE,), fold_case=False, scan=scan)
    passing = [False] * len(cleaned)
    for i in todo:
        line = cleaned[i]
        if "PASSED" in line or "SKIPPED" in line or "... ok" in line:
            passing[i] = is_passing(line)
        elif PASSING_START.match(line) is not None and PASSING_CANDIDATE.search(line) is not None:
            passing[i] = True  # flag_lines asks only lines its words or PASSING_CANDIDATE find
    return passing


class TerminalCompressor(L.QueryAwareLines):
    content_type = ContentType.TERMINAL
    safety_class = SafetyClass.S4

    def _run(self, data: bytes, query: str | None) -> bytes | None:
        original = text = L.decode(data)
        if text is None:
            return None
        # A backtrace's deep recursion (a sanitizer's stack overflow) is folded first: its frames
        # differ in number and address only, and the marker names the place they share.
        folded = fold_recursion_kept(text, jvm=True)
        if folded is not None:
            text, fold_kept = folded
        threads = fold_threads_kept(text)  # a thread dump's workers parked at one place (gdb under a pty)
        if threads is not None:
            if folded is not None:  # the recursion fold's lines, read again in the thread-folded text
                keep_text = {text.split("\n")[k] for k in fold_kept}
            text, fold_kept = threads
            if folded is not None:
                fold_kept = fold_kept + [k for k, ln in enumerate(text.split("\n")) if ln in keep_text]
            folded = threads
        # pytest's blocks for one test function failing under many parameters: the source
        # they all print again, folded to a marker naming the first block (gated on the section).
        repeats = pytest_repeats.fold_kept(text)
        if repeats is not None:
            if folded is not None:
                keep_text = {text.split("\n")[k] for k in fold_kept}
            text, new_kept = repeats
            if folded is not None:
                new_kept = new_kept + [k for k, ln in enumerate(text.split("\n")) if ln in keep_text]
            fold_kept, folded = new_kept, repeats
        doc = L.split(text)
        erased: list[int] = []
        rowless: list[int] = []
        cleaned = clean_lines(text, doc.bare(), erased, rowless)
        if doc.crlf == 0:
            units = list(cleaned)
        elif doc.crlf == len(doc.lines):
            # crlf counts the lines ending in `\r` (each `\r\n`, and an unterminated last
            # line's `\r`): all of them here, so each unit takes one, in a C-level pass
            units = list(map(operator.add, cleaned, repeat("\r")))
        else:
            units = [c + "\r" if ln.endswith("\r") else c for c, ln in zip(cleaned, doc.lines)]
        if rowless:
            # Lines that hold no row of the final screen (rows a live display erased, escape-only
            # lines that moved up): the terminal never showed them, so the view has no line for
            # them and no marker counts them.
            gone = set(rowless)
            at = [k for k in range(len(cleaned)) if k not in gone]
            cleaned, units = [cleaned[k] for k in at], [units[k] for k in at]
            new_index = {k: j for j, k in enumerate(at)}
            erased = [new_index[k] for k in erased if k in new_index]
            if folded is not None:
                fold_kept = [new_index[k] for k in fold_kept if k in new_index]
        n = len(cleaned)
        eol = "\r" if doc.eol_cr else ""
        scan = L.LineScan(cleaned)  # the keyword scans below share the joined text
        if profile_report.is_report(scan.joined()):  # perf report under a pty: coloured ranked tables
            report_runs = profile_report.elisions(cleaned, query)
            if report_runs is not None:
                return doc.join(L.with_run_markers(units, report_runs, eol)).encode("utf-8")
        if query is None or not query.strip():
            # A formatter's check report or a bandit report: their own rules (fmt_report, bandit_report).
            for report in (fmt_report, bandit_report, cppcheck_xml, cmake_trace):
                report_runs = report.elisions(cleaned) if report.SIGN in scan.joined() else None
                if report_runs is not None:
                    return doc.join(L.with_run_markers(units, report_runs, eol)).encode("utf-8")
            # Terraform's plan/apply/destroy, Ansible's playbook runs and TeX runs (tex_report:
            # file-loading and page chatter out, every error and warning in): their own rules, never
            # the generic thinning (which takes `# node[1] will be created` for a copy of
            # `# node[0] …`, and an `ok:` line whose command holds `exit 2` for an error).
            for infra in (terraform_report, ansible_report, wget_report, tex_report):
                if infra.is_report(scan.joined()):
                    out = doc.join(infra.view(units, cleaned, eol))
                    return None if out == original else out.encode("utf-8")
            # A dependency tree under a pty (`poetry show --tree`): every entry stays, but for
            # subtrees drawn again in full, folded to a marker naming the copy shown above.
            tree_runs = dep_tree.fold_repeats(cleaned)
            if tree_runs is not None:
                return doc.join(dep_tree.render(units, tree_runs, eol)).encode("utf-8")
        must, droppable, describe = toolout_verdicts(cleaned, scan)
        for i in erased:  # rows a live display erased (jest's RUNS, vitest's summary): shown blank
            must[i], droppable[i] = False, True
        # A memory checker's error and leak records stay whole (memcheck); so does a fold marker.
        for i in compress(range(n), memcheck.must_keep(cleaned, scan.joined())):
            must[i], droppable[i] = True, False
        for i in compress(range(n), memcheck.boilerplate(cleaned, scan.joined())):
            must[i], droppable[i] = False, True
        if bench_report.BENCH_TABLE_SIGN in scan.joined():  # pytest-benchmark's results: every row
            for i in bench_report.benchmark_table_lines(cleaned, scan.joined()):
                must[i], droppable[i] = True, False
        for i in bench_report.hyperfine_lines(cleaned, scan.joined()):  # hyperfine: every command timed
            must[i], droppable[i] = True, False
        for i in dep_tree.kept_lines(cleaned, scan.joined()):  # `uv tree`, `npm ls`: every entry
            must[i], droppable[i] = True, False
        if folded is not None:  # the fold's marker and the frames it kept at each end
            for i in fold_kept:
                must[i], droppable[i] = True, False
        own = [False] * n
        # When toolout recognises a test, build, lint or install transcript, its verdict is the
        # definition of what must stay (it thins repeated low-severity findings, which the
        # generic pattern's `:N:N:` would keep by the thousand); otherwise the generic pattern
        # adds its error lines. A passing test named "should handle errors" is not an error
        # line either way.
        tool_output = toolout.is_tool_output(scan.joined())
        if not tool_output:
            passing = passing_lines(cleaned, droppable, scan)
            important = L.flag_lines(cleaned, TERMINAL_IMPORTANT, TERMINAL_KEYWORDS, (LOCATION, INDENTED_FRAME),
                                     scan=scan)
            L.mark(own, [imp and not ok for imp, ok in zip(important, passing)])
        for i in server_error_lines(scan):  # an access line's 5xx status (a dev server's log)
            own[i] = True
        keep_failure_blocks(cleaned, own, scan)
        keep_diagnostic_pointers(cleaned, own, scan)
        crashed_after = last_record_before_crash(cleaned, list(map(operator.or_, own, must)))
        if crashed_after is not None:  # how far the run got; chatter or not, it says where it stopped
            own[crashed_after], droppable[crashed_after] = True, False
        # Lines toolout calls droppable (passing, chatter, repeated findings) stay droppable:
        # no generic rule brings them back, and keepNonRedundant sees them as represented.
        for i in compress(range(n), own):
            if not droppable[i]:
                must[i] = True
        if tool_output:  # from here on, whether a line passes is read only where neither holds
            passing = passing_lines(cleaned, list(map(operator.or_, droppable, must)), scan)
        vocab = [DROPPED_VOCAB if d else PASSING_VOCAB if p and not m else c
                 for c, p, m, d in zip(cleaned, passing, must, droppable)]
        if crashed_after is not None:  # shown for where the run stopped, it represents no other line
            vocab[crashed_after] = DROPPED_VOCAB
        fold_suite_headers(cleaned, must, vocab)
        fold_excerpts(cleaned, must, vocab)

        if access_counts.has_morgan_lines(scan.joined()):  # a dev server's access lines: count the statuses
            describe = access_counts.with_statuses(describe, cleaned)
        if tool_output and describe is not None:  # a C/C++ analyser's thinned findings: their places
            describe = finding_locations.with_locations(describe, cleaned)

        def render(extra: list[int], context: bool = True) -> str | None:
            keep = L.initial_keep(n, HEAD, TAIL, must, extra, context)
            # Runs of logfmt/JSON lines (a test's captured log) get the log marker's invariants.
            result = L.elide(units, keep, noun="lines", eol=eol, vocab_units=vocab, describe=describe,
                             fields=log_fields)
            return doc.join(result.out)

        out = render([]) if n >= 4 else doc.join(units)
        if query and query.strip() and n >= 4:
            biased = L.query_biased(lambda extra: render(extra, context=False),
                                    L.rank(cleaned, query, QUERY_LIMIT), L.blen(out))
            if biased is not None:
                out = biased
        if out == original:
            return None
        return out.encode("utf-8")
