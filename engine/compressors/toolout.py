"""What test, build, lint and install output must keep, and what it may drop.

An agent that runs `pytest`, `npm install` or `ruff check` needs every failure block whole,
every error line complete, the warnings, and the summary and count lines. What it does not need
is a thousand `PASSED` rows, download bars, `Compiling foo v1.0` or cmake's probes.

`analyse(lines)` labels each line (ANSI already stripped, CR redraws resolved, no line ends):
    KEEP     must be shown: failure blocks whole (pytest `____ test ____` through its last `E`
             line, jest `●`, mocha's failing section, go `--- FAIL:`, cargo `---- x stdout ----`,
             TAP `not ok` with its YAML, node `✖` with its error, tracebacks, node crashes, pip
             and cmake error blocks), every error finding, warnings, summaries and counts, the
             odd result (xfail, pending, a TAP/node skip) with the suite titles above it.
    PASS     a passing test, a progress row of passing tests, a passing suite's title.
    CHATTER  progress, downloads, compile steps, configure probes, `RUNS`, `=== RUN`.
    REPEAT   a lint finding (or its excerpt) standing for one kept: see toolout_findings.
    OTHER    no opinion; the caller's generic rules decide.
Callers must not bring PASS, CHATTER or REPEAT lines back through a generic "important line"
regex or keepNonRedundant: they are droppable by decision, and `run_summary(analysis, i, j)`
gives the verified account of an elided run for its marker (`… N lines elided (caveman): S …`).
Errors are never REPEAT: every error finding is kept.

What a line is by itself (its label, whether a block or a finding may start on it) comes from
one pass over the lines (toolout_scan); this module reads the lines in context: failure blocks,
findings (toolout_findings), test trees, problem words, blank lines.

`must_keep(lines)` is `classify(lines) == KEEP`. `is_tool_output(text)` (toolout_detect) looks for strong
signatures of a runner, compiler, linter or installer transcript. Pure, deterministic, linear:
one first-character-dispatched regex call per line per question, and a line is read through a
LINE_WINDOW-sized window.
"""
from __future__ import annotations

import operator
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import compress, filterfalse, islice, repeat

from engine.compressors import invariants
from engine.compressors.lines import LineScan, counted
from engine.compressors.pip_build import (
    HOOK_FRAME,
    SCHEMA,
    STEP_WORDS,
    UV_BUILD_FAILED,
    mark_build_steps,
    mark_hook_frames,
    mark_schema_dump,
    mark_uv_build_failures,
)
from engine.compressors.toolout_backtrace import LIB_FRAME, fold_backtraces
from engine.compressors.toolout_beam import (
    EUNIT_HINT, EXUNIT_HINTS, MIX_WARNINGS_AS_ERRORS, keep_warnings_as_errors, mark_eunit, mark_exunit,
)
from engine.compressors.toolout_rlang import TESTTHAT_HINTS, mark_testthat
from engine.compressors.toolout_ocaml import ALCOTEST_HINT, mark_alcotest
from engine.compressors.toolout_bundler import (
    ASSET, HINT_WORDS as BUNDLER_HINTS, VITE_PLUGIN_WORD, mark_bundler_floods, mark_esbuild, mark_vite,
    mark_vite_plugin_warnings, mark_webpack_error_chains,
)
from engine.compressors.toolout_pyvariants import (
    PACKAGE_SOURCE_SEEN, PYTEST_FRAME, UNKNOWN_FRAME, fold_harness_frames, fold_seen_package_source,
    UNKNOWN_FRAME_NOUN, fold_unknown_frames, has_unknown_frames, mark_pytest_variants,
)
from engine.compressors.toolout_clang import HINT as CLANG_COUNT_HINT, mark_clang_counts
from engine.compressors.toolout_captured import jest_quiet_frames, pytest_captured
from engine.compressors.toolout_detect import DETECT_WINDOW, is_tool_output  # noqa: F401 (the API)
from engine.compressors.toolout_doctest import mark_doctest
from engine.compressors.toolout_findings import mark_findings
from engine.compressors.toolout_where import describe_files, describe_locations
from engine.compressors.toolout_go import SKIPPED, mark_go
from engine.compressors.toolout_junit_console import mark_junit_console
from engine.compressors.toolout_js import (
    AVA_FAIL_ROW, BUN_BANNER, DENO_ERRORS, NODE_RECAP_COPY, NODE_RECAP_HEAD, NODE_SUBTEST, RETRY_COPY, TAP_BANNER, TSTYCHE_BANNER,
    fold_node_recap_copies, mark_ava, mark_bun, mark_deno, mark_js, mark_node_subtests, mark_tap_test_names, mark_tstyche,
    vitest_cross_row,
)
from engine.compressors.toolout_jsframes import JS_HARNESS_FRAME, fold_js_harness_frames
from engine.compressors.toolout_jvm import JVM_FRAME, fold_jvm_frames
from engine.compressors.toolout_gradle import mark_gradle_info
from engine.compressors.toolout_junit import PROPERTY as JUNIT_PROPERTY, mark_junit
from engine.compressors.toolout_maven import DEBUG, WARNING_FLOOD, mark_maven_debug, thin_maven_warnings
from engine.compressors.toolout_native import SHADOW_MAP, native_block
from engine.compressors.toolout_apt import HINTS as APT_HINTS, mark_apt_owners
from engine.compressors.toolout_autoconf import (
    CONFDEFS, HINT as CONFDEFS_HINT, PROBE_COMMAND, PROBE_HINT, PROBE_PASSED, mark_confdefs, mark_passed_probes,
)
from engine.compressors.toolout_linker import DRIVER_REPEAT, LINK_REPEAT, fold_driver_repeats, fold_linker_repeats
from engine.compressors.toolout_npm import GYP_WORDS, USAGE, USAGE_SIGNS, mark_gyp_chatter, mark_npm_usage
from engine.compressors.toolout_pywarnings import RUNTIME_VOLUME, thin_runtime_warnings, thin_warnings_summary
from engine.compressors.toolout_rubyphp import mark_rubyphp
from engine.compressors.toolout_precommit import PRECOMMIT_HINTS, mark_precommit
from engine.compressors.toolout_pipdebug import DEBUG_LINE as PIP_DEBUG, HINTS as PIP_DEBUG_HINTS, mark_pip_debug
from engine.compressors.toolout_pipresolve import (
    HINT as PIP_CONFLICT_HINT, mark_conflict_requirements, mark_pip_conflicts,
)
from engine.compressors.toolout_tox import DEBUG_LINE as TOX_DEBUG, HINT as TOX_HINT, mark_tox_debug
from engine.compressors.toolout_fmtcheck import (
    CLEAN as FMT_CLEAN, HINTS as FMT_CHECK_HINTS, PLACEMENT as ISORT_PLACEMENT, mark_fmt_check,
)
from engine.compressors.toolout_sqlfluff import mark_sqlfluff
from engine.compressors.toolout_scan import (  # noqa: F401 (LINE_WINDOW, PROBLEM_WORDS, problem: the API)
    CHATTER,
    KEEP,
    LINE_WINDOW,
    OTHER,
    PASS,
    PROBLEM_WORDS,
    REPEAT,
    norm_all,
    problem,
    scan as scan_lines,
)
from engine.compressors.toolout_unittest import DOCTEST_DESCRIPTION, pair_docstring_results, pair_doctest_results
from engine.patterns import (
    PIP_BUILD_RUNNING,
    PROVE_FILE_ROW,
    PROVE_ROW_WORD,
    SQLFLUFF_HINT,
    TOOL_CARGO_FAILURES,
    TOOL_CARGO_FAILURE_END,
    TOOL_CARGO_STDOUT,
    TOOL_CMAKE_ERROR,
    TOOL_DRIVER_WORDS,
    TOOL_GO_FAIL,
    TOOL_GO_PANIC,
    TOOL_GO_PANIC_END,
    TOOL_GRADLE_WRONG,
    TOOL_JEST_BLOCK,
    TOOL_JEST_END,
    TOOL_JS_ERROR,
    TOOL_LINKER_DIAG,
    TOOL_LINKER_WORDS,
    TOOL_MOCHA_FAILING,
    TOOL_MOCHA_FAILURE,
    TOOL_NODE_CRASH_LOC,
    TOOL_NODE_FAIL,
    TOOL_NODE_FAILING_TESTS,
    TOOL_WRAPPED_FRAME_LOC,
    TOOL_PERL_DIAG,
    TOOL_PIP_ERROR,
    TOOL_PYTEST_BLOCK,
    TOOL_PYTEST_CAPTURED,
    TOOL_PYTEST_SECTION,
    TOOL_RESULT_ODD,
    TOOL_RESULT_ODD_END,
    TOOL_RSPEC_FAILURES,
    TOOL_RSPEC_GRADLE_END,
    TOOL_STACK_FRAME,
    TOOL_TAP_DIRECTIVE,
    TOOL_TAP_NOT_OK,
    TOOL_TAP_OK,
    TOOL_TB_CONTINUES,
    TOOL_TRACEBACK,
    TOOL_TREE_MARK,
    TOOL_TREE_ODD,
    TOOL_TEST_COUNT,
    TOOL_TSC_ERRORS_FILES,
    TOOL_TSC_ERRORS_FILES_ROW,
    TOOL_UNITTEST_BLOCK,
    TOOL_UNITTEST_BLOCK_END,
    TOOL_VITEST_FAIL,
    UNITTEST_VERDICT,
)

#: Labels a caller may elide without asking its generic rules.
DROPPABLE = frozenset({PASS, CHATTER, REPEAT, LIB_FRAME, JVM_FRAME, JS_HARNESS_FRAME, SHADOW_MAP, SKIPPED, ASSET, USAGE, HOOK_FRAME,
                       SCHEMA, PYTEST_FRAME, DEBUG, JUNIT_PROPERTY, RETRY_COPY, NODE_RECAP_COPY,
                       PACKAGE_SOURCE_SEEN, UNKNOWN_FRAME, LINK_REPEAT, DRIVER_REPEAT, CONFDEFS, TOX_DEBUG,
                       PIP_DEBUG, FMT_CLEAN, ISORT_PLACEMENT,
                       PROBE_PASSED, PROBE_COMMAND})

#: Test-tree markers needed before indented plain lines count as suite titles.
TREE_MIN_MARKS = 3



@dataclass
class Analysis:
    classes: list[str]
    #: rule of each REPEAT finding headline, by line index ("" when the finding has no code)
    repeat_rules: dict[int, str]
    #: indices of the blank lines, in order: a marker counts them as blank, whatever label
    #: they took to keep an elided run whole
    blanks: list[int] = field(default_factory=list)
    #: (path, line) of the REPEAT finding headlines whose lines say it (shellcheck's, by index)
    repeat_where: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: repeat_rules' line indices in order, made when run_summary first asks
    _heads: list[int] | None = field(default=None, init=False, repr=False, compare=False)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _result_odd(s: str) -> bool:
    return bool(TOOL_RESULT_ODD.match(s) or TOOL_RESULT_ODD_END.search(s[-200:]))


# ---------------------------------------------------------------- failure blocks


#: Lines above pip's build error searched for the `Collecting` line that names the package.
PIP_COLLECTING_LOOKBACK = 12


def _mark(cls: list[str], in_block: list[bool], start: int, end: int) -> None:
    for k in range(start, end):
        cls[k] = KEEP
        in_block[k] = True


def _mark_pytest(norm: list[str], cls: list[str], in_block: list[bool], start: int, end: int) -> int:
    """Mark a pytest failure section or block, except the bodies of its captured-output
    sections (toolout_captured). Returns where the block-start scan resumes: the first captured
    body, so tracebacks and errors in it get their own blocks."""
    captured = pytest_captured(norm, start, end)
    k = start
    for first, stop in captured:
        _mark(cls, in_block, k, first)
        k = stop
    _mark(cls, in_block, k, end)
    return captured[0][0] if captured else end


def _indented_block_end(norm: list[str], i: int, base: int) -> int:
    """End of the lines after i indented deeper than `base` (blank lines inside allowed)."""
    n = len(norm)
    j = i + 1
    while j < n:
        if not norm[j].strip():
            k = j + 1
            while k < n and not norm[k].strip():
                k += 1
            if k < n and _indent(norm[k]) > base:
                j = k
                continue
            return j
        if _indent(norm[j]) <= base:
            return j
        j += 1
    return j


def _traceback_end(norm: list[str], i: int) -> int:
    n = len(norm)
    # A traceback printed indented (under a logger's column) has its frames deeper than its
    # header and its exception line at the header's indent: the log's next record, indented
    # as deep, is no frame of it.
    base = _indent(norm[i])
    j = i + 1
    while j < n:
        s = norm[j]
        if not s.strip():
            k = j + 1
            while k < n and not norm[k].strip():
                k += 1
            if k < n and (TOOL_TB_CONTINUES.match(norm[k].lstrip() if base else norm[k]) or _indent(norm[k]) > base):
                j = k
                continue
            return j
        if _indent(s) > base or TOOL_TB_CONTINUES.match(s.lstrip() if base else s):
            j += 1
            continue
        return j + 1  # the exception line itself
    return j


def _js_error_end(norm: list[str], i: int) -> int:
    n = len(norm)
    # An error line printed indented (rich's traceback under its log column) owns only the
    # lines indented deeper: the next record at its own indent is not one of its frames.
    base = _indent(norm[i])
    j = i + 1
    while j < n:
        s = norm[j]
        if not s.strip():
            return j
        if _indent(s) > base or s[:1] in "}]" or s.startswith(("- ", "Require stack:")):
            j += 1
            continue
        if s[:1] == "(" and norm[j - 1].lstrip().startswith("at ") and TOOL_WRAPPED_FRAME_LOC.match(s):
            j += 1  # the frame's location, wrapped onto a line of its own
            continue
        return j
    return j


#: Unindented lines a mocha failure may hold before its stack frames (an assertion diff's
#: `+ actual - expected` legend and its lines start at column 0); past this it is a transcript.
MOCHA_DIFF_MAX = 200


def _mocha_failures_end(norm: list[str], i: int) -> int:
    """End of mocha's failures section opening at `N failing` (line i): each failure `  N) Suite`
    runs through its stack frames, blank lines and an unindented assertion diff included. An
    unindented line ends the section only once the current failure has shown a frame."""
    n = len(norm)
    j = i + 1
    framed = True  # before the first failure: only indented and blank lines belong
    loose = 0
    while j < n:
        s = norm[j]
        if s and not s[0].isspace():
            if framed or loose >= MOCHA_DIFF_MAX:
                return j
            loose += 1
        elif TOOL_MOCHA_FAILURE.match(s):
            framed, loose = False, 0
        elif not framed and s and TOOL_STACK_FRAME.match(s):
            framed = True
        j += 1
    return j


def _label_passing_block(norm: list[str], cls: list[str], i: int) -> int:
    """A passing test's block in pytest's PASSES section: its `___ test ___` title and its
    `--- Captured ... ---` headers are PASS; the captured lines are left to the other rules
    (a problem they report is kept), and the block-start scan goes on inside them."""
    cls[i] = PASS
    k = i + 1
    while k < len(norm) and not TOOL_PYTEST_SECTION.match(norm[k]) and not TOOL_PYTEST_BLOCK.match(norm[k]):
        if norm[k][:1] == "-" and TOOL_PYTEST_CAPTURED.match(norm[k]):
            cls[k] = PASS
        k += 1
    return k


def _section_end(norm: list[str], i: int) -> int:
    j = i + 1
    while j < len(norm) and not TOOL_PYTEST_SECTION.match(norm[j]):
        j += 1
    return j


def _mark_blocks(norm: list[str], cls: list[str], in_block: list[bool], starts: list[int]) -> list[tuple[int, int]]:
    """Mark the failure blocks opening at `starts` (the lines toolout_scan.BLOCK_START matches, in
    order). Returns the passing tests' blocks of pytest's PASSES section, as (start, end)."""
    n = len(norm)
    passing: list[tuple[int, int]] = []
    end = 0
    passes_end = -1  # pytest -rA's PASSES section: passing tests' captured output
    for i in starts:
        if i < end:
            continue
        s = norm[i]
        end = i + 1
        if i < passes_end and TOOL_PYTEST_BLOCK.match(s):
            passing.append((i, _label_passing_block(norm, cls, i)))
            continue
        section = TOOL_PYTEST_SECTION.match(s)
        if section:
            name = section.group("name").lower()
            if name in ("failures", "errors"):
                end = _mark_pytest(norm, cls, in_block, i, _section_end(norm, i))
            elif name == "short test summary info":
                end = _mark_pytest(norm, cls, in_block, i, _section_end(norm, i))
                for k in range(i + 1, end):  # `-rA` lists every passing test here too
                    if norm[k].startswith("PASSED "):
                        cls[k] = PASS
                        in_block[k] = False
            elif name == "passes":
                passes_end = _section_end(norm, i)
                cls[i] = KEEP
            elif name == "warnings summary":
                end = _section_end(norm, i)
                cls[i] = KEEP
                for k in range(i + 1, end):
                    if problem(norm[k]) or norm[k].startswith("-- Docs:"):
                        cls[k] = KEEP
                        in_block[k] = True
        elif TOOL_PYTEST_BLOCK.match(s):
            end = i + 1
            while end < n and not TOOL_PYTEST_SECTION.match(norm[end]) and not TOOL_PYTEST_BLOCK.match(norm[end]):
                end += 1
            end = _mark_pytest(norm, cls, in_block, i, end)
        elif TOOL_TRACEBACK.match(s):
            end = _traceback_end(norm, i)
            _mark(cls, in_block, i, end)
        elif TOOL_UNITTEST_BLOCK.match(s):
            end = i + 1
            while end < n and not TOOL_UNITTEST_BLOCK_END.match(norm[end]):
                end += 1
            _mark(cls, in_block, max(0, i - 1) if norm[i - 1].startswith("====") else i, end)
        elif TOOL_JEST_BLOCK.match(s):
            while end < n and not TOOL_JEST_END.match(norm[end]) and not norm[end].lstrip().startswith("RUNS "):
                end += 1
            _mark(cls, in_block, i, end)
        elif TOOL_MOCHA_FAILING.match(s):
            end = _mocha_failures_end(norm, i)
            _mark(cls, in_block, i, end)
        elif TOOL_TSC_ERRORS_FILES.match(s):
            while end < n and TOOL_TSC_ERRORS_FILES_ROW.match(norm[end]):
                end += 1
            _mark(cls, in_block, i, end)
        elif TOOL_NODE_FAILING_TESTS.match(s):
            end = n
            _mark(cls, in_block, i, end)
        elif (m := TOOL_TAP_OK.match(s)) and cls[i] == PASS:
            end = _indented_block_end(norm, i, len(m.group(1)))
            for k in range(i + 1, end):
                cls[k] = PASS  # the YAML diagnostics of a passing TAP test
        elif TOOL_TAP_OK.match(s) and TOOL_TAP_DIRECTIVE.search(s):
            cls[i] = KEEP  # a skipped or TODO test (bats: `ok 52 name # skip reason`)
        elif m := (TOOL_GO_FAIL.match(s) or TOOL_TAP_NOT_OK.match(s) or TOOL_NODE_FAIL.match(s)):
            end = _indented_block_end(norm, i, len(m.group(1)))
            # busted's and Test::More's diagnostics are `#` comments at the test line's own
            # indent (message, got, expected): the failure's (node's `# Subtest:` opens the next test)
            comment = m.group(1) + "#"
            while end < n and norm[end].startswith(comment) and not norm[end].startswith(comment + " Subtest:"):
                end += 1
            _mark(cls, in_block, i, end)
        elif TOOL_GO_PANIC.match(s):
            while end < n and not TOOL_GO_PANIC_END.match(norm[end]):
                end += 1
            _mark(cls, in_block, i, end)
        elif TOOL_CARGO_STDOUT.match(s) or TOOL_CARGO_FAILURES.match(s):
            while end < n and not TOOL_CARGO_FAILURE_END.match(norm[end]):
                end += 1
            _mark(cls, in_block, i, end)
            fold_backtraces(norm, cls, in_block, i + 1, end)
        elif TOOL_RSPEC_FAILURES.match(s) or TOOL_GRADLE_WRONG.match(s):
            while end < n and not TOOL_RSPEC_GRADLE_END.match(norm[end]):
                end += 1
            _mark(cls, in_block, i, end)
        elif TOOL_VITEST_FAIL.match(s):
            while end < n and not norm[end].startswith(("⎯⎯⎯", " FAIL ")):
                end += 1
            _mark(cls, in_block, i, end)
        elif (native_end := native_block(norm, cls, in_block, i)) is not None:
            end = native_end  # ctest, GoogleTest, inline panics, sanitizers, valgrind
        elif TOOL_CMAKE_ERROR.match(s) or (TOOL_PIP_ERROR.match(s) and not vitest_cross_row(norm, i)):
            end = _indented_block_end(norm, i, 0)
            _mark(cls, in_block, i, end)
            if TOOL_PIP_ERROR.match(s):  # the build backend's own output: its steps are progress
                # the package whose build failed: pip's last `Collecting name==1.2` above the error
                for k in range(i - 1, max(i - PIP_COLLECTING_LOOKBACK, -1), -1):
                    if norm[k].lstrip().startswith("Collecting "):
                        _mark(cls, in_block, k, k + 1)
                        break
                mark_build_steps(norm, cls, i + 1, end)
                mark_hook_frames(norm, cls, in_block, i + 1, end)
                mark_schema_dump(norm, cls, in_block, i + 1, end)
        elif TOOL_JS_ERROR.match(s) and not in_block[i]:
            end = _js_error_end(norm, i)
            start = i
            # node's crash header: `file:line`, the source line, a caret, a blank line
            # (a reporter relaying the child's stderr may leave two blank lines)
            for back in (4, 5):
                if i >= back and TOOL_NODE_CRASH_LOC.match(norm[i - back]) and \
                        norm[i - back + 2].strip().startswith("^") and not any(norm[i - back + 3:i]):
                    start = i - back
                    break
            _mark(cls, in_block, start, end)
    return passing


# ---------------------------------------------------------------- test trees


def _nests(norm: list[str], i: int, depth: int) -> bool:
    """The next non-blank line after i is indented deeper than `depth`."""
    for j in range(i + 1, len(norm)):
        if norm[j]:
            return _indent(norm[j]) > depth
    return False


def _mark_tree(norm: list[str], cls: list[str], in_block: list[bool]) -> None:
    """In a mocha / jest / node --test tree: suite titles of passing tests are PASS; the titles
    above a failing, pending or skipped result are KEEP (they name it)."""
    # every mark is outside ASCII: only such lines are asked, up to the few needed
    if len(list(islice(filter(TOOL_TREE_MARK.match, filterfalse(str.isascii, norm)), TREE_MIN_MARKS))) < TREE_MIN_MARKS:
        return
    stack: list[tuple[int, int]] = []  # (indent, index) of open suite titles
    rest = list(map(len, map(str.lstrip, norm)))  # from the first non-blank character: _indent, in C
    for i, s in enumerate(norm):
        if not rest[i]:  # blank
            continue
        d = len(s) - rest[i]
        if in_block[i] and not (stack and stack[-1][0] >= d):
            if _result_odd(s):
                for _, k in stack:
                    cls[k] = KEEP
            continue
        if in_block[i]:
            continue
        while stack and stack[-1][0] >= d:
            stack.pop()
        if cls[i] == OTHER and TOOL_TREE_ODD.match(s):
            cls[i] = KEEP
        if cls[i] == KEEP and (TOOL_TREE_ODD.match(s) or _result_odd(s)):
            for _, k in stack:
                cls[k] = KEEP
            continue
        title = cls[i] == OTHER and (s[:1].isspace() or s.startswith("▶ ")) or s.lstrip().startswith("▶ ")
        if title and not TOOL_JS_ERROR.match(s) and not TOOL_STACK_FRAME.match(s):
            # a suite title has its tests nested under it; an indented line with nothing under
            # it is a test's output (vitest's `stdout |` block, a jest console message), not
            # passing structure
            if cls[i] == OTHER and _nests(norm, i, d):
                cls[i] = PASS
            stack.append((d, i))


# ---------------------------------------------------------------- public API

def analyse(lines: list[str], scan: LineScan | None = None) -> Analysis:
    """Label every line (see the module's docstring). `scan`: a LineScan of `lines` the caller
    shares, so keyword scans of the same lines are not repeated."""
    norm = norm_all(lines)
    n = len(norm)
    cls = [OTHER] * n
    in_block = [False] * n
    # The passes for one tool's output are skipped when the text lacks the words their lines
    # need (one C-level scan each; a word of a normalised line is in its line).
    scan = scan or LineScan(lines)
    joined = scan.joined()
    block_starts, finding_starts = scan_lines(norm, cls)
    if PROVE_ROW_WORD in joined:
        _mark_prove_rows(norm, cls, scan)
    # (the literal first: a find is many times faster than the regex's scan, and rarely hits)
    if " ... " in joined and UNITTEST_VERDICT.search(joined):  # unittest's `test_x (m.C) ... ok`
        pair_docstring_results(norm, cls)
        if DOCTEST_DESCRIPTION in joined:  # unittest's doctests: `name (module)` over `Doctest: module.name ... ok`
            pair_doctest_results(norm, cls, scan)
    mark_doctest(norm, cls)
    if "running " in joined and PIP_BUILD_RUNNING.search(joined):  # setuptools' steps (pip -v): every build runs `build`
        steps = scan.candidates(STEP_WORDS, fold_case=False)
        mark_build_steps(norm, cls, 0, n, CHATTER, only=OTHER, candidates=steps)
    passing_blocks = _mark_blocks(norm, cls, in_block, block_starts)
    if any(hint in joined for hint in EXUNIT_HINTS):  # mix test: failure blocks, --trace rows, dots
        mark_exunit(norm, cls, in_block, joined)
    if EUNIT_HINT in joined and "EUnit" in joined:  # Erlang EUnit: `...ok` rows, failure reports
        mark_eunit(norm, cls, in_block)
    if ALCOTEST_HINT in joined:  # OCaml Alcotest: result rows, failure boxes
        mark_alcotest(norm, cls, in_block)
    if any(hint in joined for hint in TESTTHAT_HINTS):  # R testthat: progress rows, problem boxes
        mark_testthat(norm, cls, in_block, joined)
    if UV_BUILD_FAILED in joined:  # uv quotes the backend's traceback outside any `×` box
        mark_uv_build_failures(norm, cls, in_block, scan.candidates((UV_BUILD_FAILED,), fold_case=False))
    mark_go(norm, cls, in_block, scan)  # go test: results, messages and reports read in context
    fold_backtraces(norm, cls, in_block, 0, n, outside_blocks=True)
    rules: dict[int, str] = {}
    where: dict[int, tuple[str, str]] = {}
    if "warnings summary" in joined:
        thin_warnings_summary(norm, cls, rules, where)
    if "Warning:" in joined and joined.count("Warning:") > RUNTIME_VOLUME:  # a program's own warnings, repeated per call
        thin_runtime_warnings(norm, cls, in_block, rules, sorted(scan.word_lines("Warning:", fold_case=False)))
    mark_findings(norm, cls, in_block, rules, finding_starts, where)
    mark_rubyphp(norm, cls, in_block, joined, rules)  # minitest, PHPUnit, RuboCop (literal-gated)
    if PIP_DEBUG_HINTS[0] in joined or PIP_DEBUG_HINTS[1] in joined:  # pip -vv: a line per candidate file
        mark_pip_debug(norm, cls, scan)
    if PIP_CONFLICT_HINT in joined:  # pip's ResolutionImpossible: the conflicting requirements' `Collecting`
        mark_conflict_requirements(norm, cls, scan)
    if "but you have " in joined or "which is not installed." in joined:  # pip's dependency conflicts
        mark_pip_conflicts(norm, cls, scan)
    if TOX_HINT in joined and ".py:" in joined:  # tox -vv: `lint: 3960 D msg [src.py:117]`
        mark_tox_debug(norm, cls, scan)
    if any(hint in joined for hint in PRECOMMIT_HINTS):  # pre-commit: `flake8.....Failed` per hook
        mark_precommit(norm, cls, in_block, scan)
    if any(hint in joined for hint in FMT_CHECK_HINTS):  # black / isort --check: `would reformat x.py`
        mark_fmt_check(norm, cls, scan)
    if SQLFLUFF_HINT in joined:  # sqlfluff lint: `L:  12 | P:  18 | LT01 | msg`
        mark_sqlfluff(norm, cls, in_block, scan)
    if MIX_WARNINGS_AS_ERRORS in joined:
        keep_warnings_as_errors(cls, rules)
    # rollup's / vite's per-module warnings, in a run that names the bundler (vite's banner,
    # rollup's `in.js → out.js...` header, a `rollup` path or `RollupError`)
    if ("): " in joined or "Generated an empty chunk" in joined) and (
            "vite v" in joined or " → " in joined or "ollup" in joined):
        mark_bundler_floods(norm, cls, in_block, rules, scan.candidates(BUNDLER_HINTS, fold_case=False))
    if GYP_WORDS[0] in joined or GYP_WORDS[1] in joined:  # node-gyp's log in a failed install script
        mark_gyp_chatter(norm, cls, in_block, scan)
    if USAGE_SIGNS[0] in joined or USAGE_SIGNS[1] in joined:  # npm's help after a usage error
        mark_npm_usage(norm, cls, in_block)
    if "[ERROR] " in joined or "[WARNING] " in joined:  # esbuild's message boxes
        mark_esbuild(norm, cls, in_block, scan)
    if "\nERROR in " in joined and "webpack " in joined:  # webpack: each error's import chain
        mark_webpack_error_chains(norm, cls, scan)
    if "vite v" in joined:  # vite's banner: `vite v7.3.8 building client environment for production...`
        mark_vite(norm, cls, scan)
        if VITE_PLUGIN_WORD in joined:  # `[plugin:vite:resolve] Module "fs" has been externalized ...`
            mark_vite_plugin_warnings(norm, cls, in_block, rules, scan)
    _mark_tree(norm, cls, in_block)
    mark_pytest_variants(norm, cls, joined, scan)  # xdist rows, --collect-only listings
    mark_js(norm, cls, scan)
    if NODE_RECAP_HEAD in joined:  # node --test: each failure's details again in the recap
        fold_node_recap_copies(norm, cls)
    if DENO_ERRORS in joined and " ... " in joined:  # deno test: its rows, ERRORS and FAILURES
        mark_deno(norm, cls)
    if TSTYCHE_BANNER in joined and "Error: " in joined:  # TSTyche: each error's code excerpt
        mark_tstyche(norm, cls)
    if BUN_BANNER in joined:  # bun test: each failure's details above its `✗` row
        mark_bun(norm, cls)
    if AVA_FAIL_ROW in joined:  # AVA: the section of failure details after the result rows
        mark_ava(norm, cls)
    if NODE_SUBTEST in joined:  # node --test's TAP: a passing test's announcement passes with it
        mark_node_subtests(norm, cls)
    if TAP_BANNER in joined and "\n# " in joined:  # tape: a passing test's `# name` passes with its asserts
        mark_tap_test_names(norm, cls)
    if "<testcase" in joined:
        mark_junit(norm, cls)
    if "(Thread[" in joined and "secs." in joined:  # gradle --info: a task on a worker thread
        mark_gradle_info(norm, cls)
    if "\n[DEBUG] " in joined:  # mvn -X
        mark_maven_debug(norm, cls)
    if "Test run finished after" in joined or "Test execution started." in joined:  # JUnit's console launcher
        mark_junit_console(norm, cls)
    linker = _promote(lines, norm, cls, scan)
    if CONFDEFS_HINT in joined:  # config.log: each failed test program repeats confdefs.h
        mark_confdefs(norm, cls, scan)
    if PROBE_HINT in joined and "\nconfigure:" in joined:  # config.log: probes that passed silently
        mark_passed_probes(norm, cls, scan)
    if "FAILED: " in joined:  # ninja: the failed step's command is on the line under its target
        for i in scan.candidates(("FAILED: ",), fold_case=False):
            if norm[i].startswith("FAILED: ") and i + 1 < n and cls[i + 1] == OTHER and norm[i + 1]:
                cls[i + 1] = KEEP
    if linker:  # the same undefined references printed by every program that links one library
        fold_linker_repeats(norm, cls, linker)
    if any(word in joined for word in TOOL_DRIVER_WORDS):  # a bad flag or input, once per file compiled
        fold_driver_repeats(norm, cls, scan.candidates(TOOL_DRIVER_WORDS, fold_case=False))
    if CLANG_COUNT_HINT in joined:  # clang-tidy's `N warnings generated.` per translation unit
        mark_clang_counts(norm, cls, scan)
    if "\tat " in joined or "  at " in joined:  # a JVM frame: `\tat pkg.C.m(C.java:12)`
        fold_jvm_frames(norm, cls, in_block)
        fold_js_harness_frames(norm, cls, in_block, joined)  # tape's, node's own frames
    fold_harness_frames(norm, cls, in_block, joined)  # pytest's own frames in --tb=native
    fold_seen_package_source(norm, cls, in_block, joined, scan)  # a library's listing printed again
    if has_unknown_frames(joined):  # chromedriver's frames in a Selenium error
        fold_unknown_frames(norm, cls, in_block, scan)
    if "\n[WARNING] " in joined and joined.count("\n[WARNING] ") > WARNING_FLOOD:  # Maven: one warning per artifact
        thin_maven_warnings(norm, cls)
    if APT_HINTS[0] in joined or APT_HINTS[1] in joined:  # dpkg: a script's warning keeps its `Setting up x`
        mark_apt_owners(norm, cls, scan)
    for start, end in passing_blocks:  # a passing test whose output reports a problem: name it
        if KEEP in cls[start + 1:end]:
            cls[start] = KEEP
    _unmark_stray_dots(norm, cls, joined)
    blanks = _label_blanks(norm, cls)
    return Analysis(cls, rules, blanks, where)


_DOTS_ROW = ".sx"  # pytest's and unittest's progress marks: passed, skipped, xfailed


def _unmark_stray_dots(norm: list[str], cls: list[str], joined: str) -> None:
    """A dots-only row counts as passing tests only in a run that counts tests (a marker's
    `1 passing-test line` for doxygen's lone `.` would claim a test)."""
    stray = [i for i in compress(range(len(norm)), map(operator.eq, cls, repeat(PASS)))
             if norm[i][-1:] in _DOTS_ROW and not norm[i].strip(_DOTS_ROW)]
    if stray and not TOOL_TEST_COUNT.search(joined):
        for i in stray:
            cls[i] = OTHER


def _mark_prove_rows(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """prove's test-file rows that no other rule labelled: passed (`t/a.t .. ok`), or the file's
    name with its results below (`t/b.t ....`), kept."""
    for i in scan.word_lines(PROVE_ROW_WORD, fold_case=False):
        if cls[i] != OTHER:
            continue
        m = PROVE_FILE_ROW.match(norm[i])
        if m is None:
            continue
        if m["ok"]:
            cls[i] = PASS
        elif m.end() == len(norm[i]):
            cls[i] = KEEP


#: A non-empty line's first character (unclaimed lines are non-empty).
_FIRST_CHAR = operator.itemgetter(0)


def _promote(lines: list[str], norm: list[str], cls: list[str], scan: LineScan | None = None) -> set[int]:
    """Lines no rule claimed are kept when they are a stack frame or report a problem. Returns
    the lines holding a linker word when a linker wrote some of the output (else empty)."""
    scan = scan or LineScan(lines)
    # (of the lines as given: a word in a normalised line is in its line)
    quiet = jest_quiet_frames(norm, scan.word_lines("console.", fold_case=False))
    # (the unlabelled lines, then those of them not blank: two C-level passes)
    unlabelled = list(compress(range(len(cls)), map(operator.eq, cls, repeat(OTHER))))
    unclaimed = list(compress(unlabelled, map(norm.__getitem__, unlabelled)))
    # When most lines are unclaimed (a log), `problem` is asked only of the lines holding one
    # of its words, found by a few scans of the whole text.
    hinted = None
    if 2 * len(unclaimed) > len(norm):
        hinted = scan.candidates(PROBLEM_WORDS)
    joined = scan.joined()
    # a linker names itself somewhere in its output (`/usr/bin/ld: `, `ld.lld: `, `collect2: error:
    # ld returned 1`, Apple's `duplicate symbol`): without that, no line is asked its words
    linked = "ld: " in joined or "ld returned" in joined or "duplicate symbol" in joined
    linker = scan.candidates(TOOL_LINKER_WORDS, fold_case=False) if linked else set()
    targets = unclaimed
    if hinted is not None:
        # only a line one of the tests below can pass is asked: an indented one (a frame), one
        # holding ` line ` (perl), a linker's, a hinted or a long one; found in C-level passes
        indented = compress(unclaimed, map(str.isspace, map(_FIRST_CHAR, map(norm.__getitem__, unclaimed))))
        maybe = hinted.union(indented, linker, scan.word_lines(" line ", fold_case=False))
        if max(map(len, lines), default=0) > LINE_WINDOW:
            maybe.update(i for i in unclaimed if len(lines[i]) > LINE_WINDOW)
        targets = [i for i in unclaimed if i in maybe] if len(maybe) * 4 > len(unclaimed) else sorted(
            maybe.intersection(unclaimed))
    for i in targets:
        s = norm[i]
        frame = s[0].isspace() and TOOL_STACK_FRAME.match(s) and i not in quiet  # frames are indented
        perl = " line " in s and TOOL_PERL_DIAG.match(s)  # `Illegal octal digit '9' at t/x.t line 2, ...`
        link = i in linker and TOOL_LINKER_DIAG.search(s)  # `multiple definition of `x'; ...`
        if frame or perl or link or ((hinted is None or i in hinted) and problem(s)) or (
            len(lines[i]) > LINE_WINDOW and problem(lines[i][-LINE_WINDOW:])
        ):
            cls[i] = KEEP
    return linker


def _label_blanks(norm: list[str], cls: list[str]) -> list[int]:
    """A blank line between two lines of one label takes it; between two droppable lines it
    takes the earlier one's, so separators never split an elided run. Returns the indices of
    the blank lines."""
    n = len(norm)
    # a normalised line is blank exactly when it is empty (trailing white space is stripped)
    blanks = list(compress(range(n), map(operator.not_, norm)))
    j = 0
    for i in blanks:
        if i < j:
            continue  # in the run already seen
        j = i + 1
        while j < n and not norm[j]:  # the run of blank lines i..j-1
            j += 1
        if i and j < n and cls[i] == OTHER:  # a labelled line on each side
            prev, nxt = cls[i - 1], cls[j]
            label = prev if prev == nxt or prev in DROPPABLE else nxt if nxt in DROPPABLE else None
            if label is not None:
                for m in range(i, j):
                    if cls[m] == OTHER:
                        cls[m] = label
    return blanks


def classify(lines: list[str], scan: LineScan | None = None) -> list[str]:
    return analyse(lines, scan).classes


def must_keep(lines: list[str], scan: LineScan | None = None) -> list[bool]:
    return [c == KEEP for c in classify(lines, scan)]


#: Longest rule list a marker summary spells out before folding the rest into one count.
SUMMARY_RULES_BYTES = 120


#: What a marker's summary calls the lines of each droppable label, in the order it lists them
#: (`noun|words after the count`, when the counted noun is not the phrase's last word).
_LABEL_NOUNS = (
    (PASS, "passing-test line"), (CHATTER, "progress line"), (SKIPPED, "skipped-test line"),
    (LIB_FRAME, "std/core backtrace frame line"), (JVM_FRAME, "JDK/framework stack frame line"),
    (JS_HARNESS_FRAME, "node-internal/test-runner/loader stack frame line"),
    (HOOK_FRAME, "installer hook/build-env traceback frame line"), (PYTEST_FRAME, "pytest/pluggy traceback frame line"),
    (SCHEMA, "validate-pyproject JSON-schema line"), (SHADOW_MAP, "sanitizer shadow-memory map line"),
    (ASSET, "build asset row"), (USAGE, "npm usage/option help line"), (DEBUG, "Maven -X debug-output line"),
    (JUNIT_PROPERTY, "JUnit <property> line"), (RETRY_COPY, "retry line|as in the first attempt"),
    (NODE_RECAP_COPY, "failure-detail line|printed again under `✖ failing tests:`"),
    (PACKAGE_SOURCE_SEEN, "installed-package source line|listed above"),
    (UNKNOWN_FRAME, UNKNOWN_FRAME_NOUN),
    (LINK_REPEAT, "linker line|identical to lines shown above"),
    (DRIVER_REPEAT, "compiler-driver line|identical to lines shown above"), (CONFDEFS, "confdefs.h line"),
    (PROBE_PASSED, "line|of configure checks that passed (`checking …`, commands with `$? = 0`, `result: yes`)"),
    (PROBE_COMMAND, "configure-check command line|with `$? = 0`"),
    (TOX_DEBUG, "tox -vv debug (level D) line"),
    (PIP_DEBUG, "pip -v debug line|(index, cache and candidate links)"),
    (FMT_CLEAN, "already-formatted file line"), (ISORT_PLACEMENT, "isort place_module trace line"),
)
_NOUN_LABELS = frozenset(label for label, _ in _LABEL_NOUNS)


def run_summary(analysis: Analysis, start: int, end: int, lines: list[str] | None = None,
                fields: Callable[[str], dict[str, str] | None] | None = None) -> str:
    """A complete account of the elided lines start..end-1, for `… N lines elided (caveman): S …`.

    Every line of the run is counted in exactly one part, so the summary never reads as
    complete when it is not. With `lines` and `fields` (a line's fields), the lines counted as
    other lines state their fields' verified ranges when every one of them has fields: they
    are the program's own rows between repeated warnings (`[CV 3/5] END ... score=0.998`,
    `epoch 4 batch 25 loss 1.3`), and a bare count loses every result they held."""
    counts = Counter(analysis.classes[start:end])  # counted in C: a run can be 10,000 lines
    heads = analysis._heads
    if heads is None:
        heads = analysis._heads = sorted(analysis.repeat_rules)
    first, stop = bisect_left(heads, start), bisect_left(heads, end)
    findings = stop - first
    per_rule = Counter(analysis.repeat_rules[k] or "uncoded" for k in heads[first:stop])
    # A blank line that took a droppable label is no passing test, progress line or frame
    blank = 0
    for k in analysis.blanks[bisect_left(analysis.blanks, start):bisect_left(analysis.blanks, end)]:
        label = analysis.classes[k]
        if label in _NOUN_LABELS:
            counts[label] -= 1
            blank += 1
    parts = []
    for label, noun in _LABEL_NOUNS:
        if counts[label]:
            parts.append(counted(counts[label], noun))
    if blank:
        parts.append(counted(blank, "blank line"))
    if findings:
        ranked = sorted(per_rule.items(), key=lambda kv: (-kv[1], kv[0]))
        shown: list[str] = []
        used = 0
        for rule, c in ranked:
            item = f"{rule}×{c}"
            if used + len(item) > SUMMARY_RULES_BYTES and len(shown) < len(ranked) - 1:
                break
            shown.append(item)
            used += len(item) + 1
        rest = ranked[len(shown):]
        if rest:
            shown.append(f"+{len(rest)} more rules×{sum(c for _, c in rest)}")
        if analysis.repeat_where:
            # every elided finding's rule and place, or none: a partial list must not read as complete
            places = [analysis.repeat_where.get(k) for k in heads[first:stop]]
            if all(places):
                rule_of = [analysis.repeat_rules[k] or "uncoded" for k in heads[first:stop]]
                shown = [f"{rule}×{c} in {describe_files([p for (p, _), r in zip(places, rule_of) if r == rule])}"
                         if not places[rule_of.index(rule)][1] else  # clang-format's: files only
                         f"{rule}×{c} at {describe_locations([p for p, r in zip(places, rule_of) if r == rule])}"
                         for rule, c in ranked]
        parts.append(f"{counted(findings, 'finding')} like those shown: {' '.join(shown)}")
    context = counts[REPEAT] - findings
    if context:
        parts.append(f"{counted(context, 'line')} under them")
    other = counts[OTHER] + counts[KEEP]
    if other:
        facts = _other_facts(analysis, start, end, lines, fields) if lines and fields and other >= 2 else ""
        parts.append(f"{counted(other, 'other line')} ({facts})" if facts else counted(other, "other line"))
    return "; ".join(parts)


def _other_facts(analysis: Analysis, start: int, end: int, lines: list[str],
                 fields: Callable[[str], dict[str, str] | None]) -> str:
    """The invariants of the fields of the run's other lines; "" unless every one has fields."""
    classes = analysis.classes
    found: list[dict[str, str]] = []
    size = 0
    for k in range(start, end):
        if classes[k] == OTHER or classes[k] == KEEP:
            unit = fields(lines[k])
            if not unit:
                return ""
            found.append(unit)
            size += len(lines[k]) + 1
    return invariants.summarize(found, size)
