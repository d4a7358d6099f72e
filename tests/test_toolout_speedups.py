"""toolout's fast paths give the answers of the plain definitions they replace: the one pass
over the lines (toolout_scan), problem words, blank labels, factored dispatch buckets, marker
summaries, problem promotion and findings, checked against the straightforward per-line code
on the corpus, the fixtures and generated lines.
"""
from __future__ import annotations

import random
from dataclasses import astuple
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import terminal_text
from engine.compressors import lines as L
from engine.compressors import toolout, toolout_findings, toolout_scan
from engine.compressors.toolout_dispatch import factor_alternatives
from engine.patterns import TOOL_PROBLEM, TOOL_PROBLEM_HINT
from tests.test_line_speedups import CORPUS, KNOWN, LINE, LINES, ROOT

def test_problem_words_are_the_hint_alternatives_as_literals():
    assert "|".join(toolout.PROBLEM_WORDS) == TOOL_PROBLEM_HINT.pattern
    assert all(re.fullmatch(re.escape(w), w) and not re.search(r"[\\.^$*+?{}\[\]()|]", w) for w in toolout.PROBLEM_WORDS)


def plain_problem(line: str) -> bool:
    low = line.lower()
    return TOOL_PROBLEM_HINT.search(low) is not None and TOOL_PROBLEM.search(low) is not None


@settings(max_examples=500, deadline=None)
@given(LINE)
def test_problem_searching_from_the_first_hint_answers_like_searching_from_the_start(line):
    assert toolout.problem(line) == plain_problem(line)


def test_problem_on_known_lines():
    assert [toolout.problem(line) for line in KNOWN] == [plain_problem(line) for line in KNOWN]


def plain_norm(line: str) -> str:
    if len(line) > toolout.LINE_WINDOW:
        line = line[:toolout.LINE_WINDOW]
    if line and "\u2800" <= line[0] <= "\u28ff":
        line = toolout_scan.TOOL_SPINNER.sub("", line)
    return line.rstrip() if line[-1:].isspace() else line


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_norm_all_normalises_each_line(lines):
    assert toolout_scan.norm_all(lines) == [plain_norm(line) for line in lines]


def test_norm_all_cuts_long_lines_to_the_window():
    lines = ["⠋ " + "x" * (toolout.LINE_WINDOW + 10) + " ", "ok  "]
    assert toolout_scan.norm_all(lines) == [plain_norm(line) for line in lines]


#: Pieces that make lines hit toolout's label, block-start and finding-start patterns.
TOOL_PIECES = ["PASSED", "FAILED", "ok 1 - x", "not ok 2", "✓ ", "✖ ", "● ", "=== RUN ", "--- FAIL: ", "Compiling ",
               "src/a.py:3:1: E501 x", "a.c:3:5: error: y", "  12:5  error  msg  rule", "==== 1 passed in 0.1s ====",
               "Traceback (most recent call last):", "Error: boom", "  at f (a.js:1:2)", "[100%] Built", "3/3 Test",
               "... ok", "# SKIP", "100% done", "Segmentation fault", "━━━━━━━━", "In file included from ", "x.go:3: ",
               ":", " ", "  ", "\t", "1", "12", "a", "Z", "/", ".", "٣", ""]


def test_line_verdicts_answer_like_the_plain_dispatches_on_known_lines():
    norm = toolout_scan.norm_all(KNOWN)
    assert [toolout_scan.line_verdicts(s) for s in norm] == [toolout_scan.plain_verdicts(s) for s in norm]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(TOOL_PIECES), max_size=6))
def test_line_verdicts_answer_like_the_plain_dispatches_on_any_line(parts):
    s = toolout_scan.norm_all(["".join(parts)])[0]
    assert toolout_scan.line_verdicts(s) == toolout_scan.plain_verdicts(s)


def plain_scan(norm: list[str], cls: list[str]) -> tuple[list[int], dict[int, int]]:
    blocks, findings = [], {}
    for i, s in enumerate(norm):
        label, block, first = toolout_scan.plain_verdicts(s)
        if label != toolout.OTHER:
            cls[i] = label
        if block:
            blocks.append(i)
        if first >= 0:
            findings[i] = first
    return blocks, findings


def test_scan_answers_like_asking_each_line_on_repeated_and_on_distinct_lines():
    # the corpus lines repeat (each distinct one is asked once); with a counter each, none do
    for lines in (KNOWN, [f"{k} {line}" for k, line in enumerate(KNOWN)]):
        norm = toolout_scan.norm_all(lines)
        got, want = [toolout.OTHER] * len(norm), [toolout.OTHER] * len(norm)
        assert toolout_scan.scan(norm, got) == plain_scan(norm, want)
        assert got == want


def plain_label_blanks(norm, cls):
    n, prev, i = len(norm), None, 0
    while i < n:
        if norm[i].strip():
            prev = cls[i]
            i += 1
            continue
        j = i
        while j < n and not norm[j].strip():
            j += 1
        nxt = cls[j] if j < n else None
        if cls[i] == toolout.OTHER and prev is not None and nxt is not None:
            label = prev if prev == nxt or prev in toolout.DROPPABLE else nxt if nxt in toolout.DROPPABLE else None
            if label is not None:
                for k in range(i, j):
                    if cls[k] == toolout.OTHER:
                        cls[k] = label
        i = j


LABELS = [toolout.KEEP, toolout.PASS, toolout.CHATTER, toolout.REPEAT, toolout.OTHER]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", "x", " y"]), st.sampled_from(LABELS)), max_size=30))
def test_label_blanks_labels_blank_runs_as_before(pairs):
    norm = toolout_scan.norm_all([line for line, _ in pairs])
    got = [label for _, label in pairs]
    want = list(got)
    toolout._label_blanks(norm, got)
    plain_label_blanks(norm, want)
    assert got == want


@settings(max_examples=200, deadline=None)
@given(LINES)
def test_analyse_with_a_shared_scan_answers_as_without(lines):
    alone = toolout.analyse(lines)
    shared = toolout.analyse(lines, L.LineScan(lines))
    assert (alone.classes, alone.repeat_rules) == (shared.classes, shared.repeat_rules)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([r"\d+ a", r"\d+ b", r"\d+", r"\S+::x", r"\S+ \(y\)", r"(\S+\.py )?[.sx]+$",
                                 r"[ab]c", r"[ab]", r"(?P<g>\d)/(?P=g)", r"\s*ok", r"x{2,3}y", r"x{2,3}?z"]),
                min_size=1, max_size=6, unique=True), LINE)
def test_factored_alternatives_match_where_one_of_them_does(alternatives, line):
    renamed = [a.replace("(?P<g>", f"(?P<g{k}>").replace("(?P=g)", f"(?P=g{k})") for k, a in enumerate(alternatives)]
    factored = factor_alternatives(renamed)
    assert factored is not None
    assert (re.match(f"(?:{factored})", line) is not None) == any(re.match(a, line) for a in renamed)


def test_factored_tool_signature_finds_what_the_plain_one_finds():
    from engine.compressors import toolout_detect

    assert toolout_detect._signature_by_line() is not toolout_detect._SIGNATURE_BY_LINE_PLAIN
    texts = ["\n".join(KNOWN[start:start + 200]) for start in range(0, len(KNOWN), 200)]
    for text in KNOWN + texts:
        assert (toolout_detect._signature_by_line().match(text) is None) == (
            toolout_detect._SIGNATURE_BY_LINE_PLAIN.match(text) is None), text[:200]


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_factored_tool_signature_on_any_lines(lines):
    from engine.compressors import toolout_detect

    text = "\n".join(lines + ["===== 1 failed, 2 passed in 0.1s =====", "Ran 3 tests in 0.01s", "x.c:1:2: error: y"][
        : len(lines) % 4])
    assert (toolout_detect._signature_by_line().match(text) is None) == (
        toolout_detect._SIGNATURE_BY_LINE_PLAIN.match(text) is None)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([" ", "\t", "\u2003", "= ", "help", "note", "hint", "warning", "error", "info", "x",
                                 ":", "|", "1", "h"]), max_size=6).map("".join))
def test_message_line_prefilter_answers_like_the_regex(line):
    from engine.compressors import toolout_findings

    assert toolout_findings._message_line(line) == (toolout_findings.TOOL_MESSAGE_LINE.match(line) is not None)


def plain_run_summary(analysis, lines, start, end):
    """toolout.run_summary as first written: every line of the run counted one by one; a blank
    line that took a passing or progress label is counted as blank."""
    counts = {toolout.PASS: 0, toolout.CHATTER: 0, toolout.REPEAT: 0, toolout.OTHER: 0, toolout.KEEP: 0}
    per_rule, findings, blank = {}, 0, 0
    for k in range(start, end):
        if not lines[k].strip() and analysis.classes[k] in (toolout.PASS, toolout.CHATTER):
            blank += 1
            continue
        counts[analysis.classes[k]] += 1
        if k in analysis.repeat_rules:
            findings += 1
            rule = analysis.repeat_rules[k] or "uncoded"
            per_rule[rule] = per_rule.get(rule, 0) + 1
    parts = []
    if counts[toolout.PASS]:
        parts.append(_n(counts[toolout.PASS], "passing-test line"))
    if counts[toolout.CHATTER]:
        parts.append(_n(counts[toolout.CHATTER], "progress line"))
    if blank:
        parts.append(_n(blank, "blank line"))
    if findings:
        ranked = sorted(per_rule.items(), key=lambda kv: (-kv[1], kv[0]))
        shown, used = [], 0
        for rule, c in ranked:
            item = f"{rule}×{c}"
            if used + len(item) > toolout.SUMMARY_RULES_BYTES and len(shown) < len(ranked) - 1:
                break
            shown.append(item)
            used += len(item) + 1
        rest = ranked[len(shown):]
        if rest:
            shown.append(f"+{len(rest)} more rules×{sum(c for _, c in rest)}")
        heads = [k for k in range(start, end) if k in analysis.repeat_rules]
        if analysis.repeat_where and all(k in analysis.repeat_where for k in heads):
            # shellcheck's findings: every rule with each of its findings' places (toolout_where)
            from engine.compressors.toolout_where import describe_locations

            shown = [f"{rule}×{c} at " + describe_locations(
                [analysis.repeat_where[k] for k in heads if (analysis.repeat_rules[k] or "uncoded") == rule])
                for rule, c in ranked]
        parts.append(f"{_n(findings, 'finding')} like those shown: {' '.join(shown)}")
    if counts[toolout.REPEAT] - findings:
        parts.append(f"{_n(counts[toolout.REPEAT] - findings, 'line')} under them")
    if counts[toolout.OTHER] + counts[toolout.KEEP]:
        parts.append(_n(counts[toolout.OTHER] + counts[toolout.KEEP], "other line"))
    return "; ".join(parts)


def _n(count, noun):
    return f"{count} {noun}" + ("" if count == 1 else "s")


def test_run_summary_counts_like_counting_each_line():
    rnd = random.Random(11)
    cases = [p.read_text("utf-8").split("\n") for p in sorted((ROOT / "fixtures" / "toolout").glob("*.txt"))]
    if CORPUS.is_dir():
        cases += [terminal_text.plain_text(p.read_bytes()).decode().split("\n")
                  for p in sorted(CORPUS.glob("lint-*/output.raw"))]
    assert any(toolout.analyse(lines).repeat_rules for lines in cases)
    for lines in cases:
        analysis = toolout.analyse(lines)
        n = len(lines)
        spans = [(0, n)] + [tuple(sorted((rnd.randrange(n + 1), rnd.randrange(n + 1)))) for _ in range(40)]
        for start, end in spans:
            assert toolout.run_summary(analysis, start, end) == plain_run_summary(analysis, lines, start, end)


def plain_promote(lines, norm, cls):
    """toolout._promote as first written: every unclaimed line asked."""
    from engine.compressors.toolout_captured import jest_quiet_frames
    from engine.patterns import TOOL_STACK_FRAME

    quiet = jest_quiet_frames(norm)
    for i, label in enumerate(cls):
        s = norm[i]
        if label != toolout.OTHER or not s:
            continue
        frame = s[0].isspace() and TOOL_STACK_FRAME.match(s) and i not in quiet
        if frame or toolout.problem(s) or (len(lines[i]) > toolout.LINE_WINDOW and
                                           toolout.problem(lines[i][-toolout.LINE_WINDOW:])):
            cls[i] = toolout.KEEP


def promote_both_ways(lines):
    norm = toolout_scan.norm_all(lines)
    got = [toolout.OTHER] * len(norm)
    toolout_scan.scan(norm, got)
    want = list(got)
    toolout._promote(lines, norm, got)
    plain_promote(lines, norm, want)
    assert got == want


def test_promote_keeps_what_asking_every_unclaimed_line_keeps():
    promote_both_ways(KNOWN)
    long_tail = "x" * toolout.LINE_WINDOW + " connection refused"
    promote_both_ways(["2024 INFO ok"] * 5 + ["    at f (a.js:1:2)", long_tail, "\tFile \"a.py\", line 3", "WARN x"])


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_promote_keeps_what_asking_every_unclaimed_line_keeps_on_any_lines(lines):
    promote_both_ways(lines)


# ---------------------------------------------------------------- findings

def plain_collect_findings(norm: list[str], in_block: list[bool], candidates: dict[int, int]) -> list:
    findings: list = []
    cur: object = None
    group: list[int] | None = None
    pending: list[int] = []
    after_did_you_mean = False
    sources_open = False
    n = len(norm)
    for i, s in enumerate(norm):
        if cur is None and not sources_open and i not in candidates:
            if in_block[i]:
                pending = []
            elif group is not None and not s.strip() and not norm[group[0]].startswith(("*", "In ")):
                group = None  # eslint: a blank line ends the file's group
            continue
        if in_block[i]:
            cur, pending = None, []
            continue
        candidate = i in candidates
        if cur is not None and not candidate and cur.style == "arrow" and not after_did_you_mean and s.strip():
            # the bulk of a rustc / ruff finding: its message and excerpt lines (the general
            # path below gives the same answer, with more tests)
            if not (cur.message and cur.message[-1] == i):  # else the `-->` location, taken
                message = s.lstrip()[:1] in "=hnwei" and toolout_findings.TOOL_MESSAGE_LINE.match(s)  # _message_line, inline
                (cur.message if message else cur.snippet).append(i)
            continue
        f = toolout_findings._match_finding(norm, i, candidates[i]) if candidate else None
        if f is not None:
            if f.sev == "note" and toolout_findings.revealed(f.msg):
                f.sev = toolout_findings.ANSWER
            elif f.sev == "note" and cur is not None:
                cur.message.append(i)
                continue
            if f.sev == "note":
                f.sev = "low"
            f.preamble, pending = pending, []
            f.group = group
            sources_open = False
            findings.append(f)
            cur, after_did_you_mean = f, False
            if f.style == "arrow":
                cur.message.append(i + 1)
            continue
        if cur is not None and cur.style == "arrow" and cur.message and cur.message[-1] == i:
            continue  # the `-->` location already taken
        if candidate and toolout_findings.TOOL_DIAG_PREAMBLE.match(s):
            pending.append(i)
            cur = None
            continue
        if candidate and toolout_findings.TOOL_GROUP_HEAD.match(s) and s.strip():
            nxt = i + 1
            if s.startswith("In ") and s.endswith(":"):
                group, cur = [i], None  # shellcheck: header then the source line(s)
                sources_open = True
                continue
            if nxt < n and (toolout_findings.TOOL_DIAG_ESLINT.match(norm[nxt]) or toolout_findings.TOOL_DIAG_CODE.match(norm[nxt])):
                group, cur = [i], None
                continue
        if cur is None:
            if group is not None and sources_open and s.strip():
                group.append(i)  # shellcheck's source line under its header
            elif not s.strip() and group is not None and not norm[group[0]].startswith(("*", "In ")):
                group = None  # eslint: a blank line ends the file's group
            continue
        if not s.strip():
            if cur.style == "arrow":
                cur = None
                continue
            k = i + 1
            while k < n and not norm[k].strip():
                k += 1
            if k < n and not in_block[k] and toolout_findings.TOOL_FINDING_CONTINUES.match(norm[k]) and k not in candidates:
                cur.snippet.append(i)
            else:
                cur = None
            continue
        if cur.style == "shellcheck" and s.startswith("Did you mean:"):
            cur.message.append(i)
            after_did_you_mean = True
        elif after_did_you_mean:
            cur.snippet.append(i)
        elif cur.style == "arrow":
            (cur.message if toolout_findings._message_line(s) else cur.snippet).append(i)
        elif cur.snippet and s[:1].isspace() and not toolout_findings.TOOL_DIAG_ARROW.match(s):
            cur.snippet.append(i)  # related information after an excerpt belongs with it
        elif toolout_findings.TOOL_SNIPPET.match(s) or (i + 1 < n and toolout_findings.TOOL_CARET_LINE.match(norm[i + 1])):
            cur.snippet.append(i)
        elif s[:1].isspace() or toolout_findings._message_line(s):
            cur.message.append(i)
        else:
            cur = None
    return findings




def collect_both_ways(lines):
    norm = toolout_scan.norm_all(lines)
    cls = [toolout.OTHER] * len(norm)
    blocks, candidates = toolout_scan.scan(norm, cls)
    in_block = [False] * len(norm)
    toolout._mark_blocks(norm, cls, in_block, blocks)
    got = toolout_findings._collect_findings(norm, in_block, candidates)
    assert list(map(astuple, got)) == list(map(astuple, plain_collect_findings(norm, in_block, candidates)))
    return got


def test_findings_are_collected_as_line_by_line():
    cases = [p.read_text("utf-8").split("\n") for p in sorted((ROOT / "fixtures" / "toolout").glob("*.txt"))]
    if CORPUS.is_dir():
        cases += [terminal_text.plain_text(p.read_bytes()).decode().split("\n")
                  for p in sorted(CORPUS.glob("*/output.raw"))]
    assert sum(f.style == "arrow" for lines in cases for f in collect_both_ways(lines)) > 100


#: A rustc / ruff headline with its location, message, excerpt, blank lines and neighbours.
ARROW_PIECES = ["E501 Line too long", "error[E0308]: mismatched types", "  --> src/a.rs:3:5", "   |", "3  | let x = 1;",
                "   = help: try", "help: do this", "", "Traceback (most recent call last):", "  File \"a.py\", line 1",
                "a.py:3:1: E501 x", "warning: unused", "note: here", "   ^^^", "Did you mean:"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ARROW_PIECES), max_size=30))
def test_findings_are_collected_as_line_by_line_on_any_lines(lines):
    collect_both_ways(lines)



#: Preambles, findings and failure blocks between stretches no finding is open in.
PREAMBLE_PIECES = ["In file included from a.h:1,", "                 from b.c:2:", "a.c:3:5: warning: unused x [-Wunused]",
                   "    3 | int x;", "      |     ^", "", "Traceback (most recent call last):", "  File \"a.py\", line 1",
                   "ValueError: x", "plain words", "a.py:1:1: E501 Line too long", "E501 Line too long", "  --> a.py:1:1",
                   "help: do this"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PREAMBLE_PIECES), max_size=30))
def test_findings_and_preambles_are_collected_as_line_by_line_on_any_lines(lines):
    collect_both_ways(lines)


def test_lean_buckets_keep_only_the_key_groups_and_match_alike():
    # key groups (`key__r12`, `key__12`) and backreferenced ones stay; the rest stop capturing
    src = r"(?:(?P<f1__1__path>[^\s:(]+):(\d+)\((?P<x__0__n>\d)(?P=x__0__n)\))(?P<f1__r1>)|(?P<keep__3>[(]a\()"
    got = toolout_scan._uncaptured(src)
    assert got == r"(?:(?:[^\s:(]+):(?:\d+)\((?P<x__0__n>\d)(?P=x__0__n)\))(?P<f1__r1>)|(?P<keep__3>[(]a\()"
    assert toolout_scan._uncaptured(r"(a)\1") is None and toolout_scan._uncaptured(r"(?(1)a|b)") is None
    rx, lean = re.compile(src), re.compile(got)
    for s in ["p:12(33)", "p:12(34)", "(a(", "x", "p:1(11)z"]:
        m, n = rx.match(s), lean.match(s)
        assert (m is None) == (n is None) and (m is None or (m.lastgroup, m.end()) == (n.lastgroup, n.end()))


def test_literal_gate_reads_what_every_match_holds():
    gate = toolout_scan.literal_gate
    # the optional part must be taken on a line starting with `t` (`[.sx]` cannot start it)
    assert gate(re.compile(r"(?:\S+\.py )?[.sx]+$"), "t") == (".py ",)
    assert gate(re.compile(r"(?:\S+\.py )?[.sx]+$"), "") == (".", "s", "x")  # a class of literals
    assert gate(re.compile(r"\S+::\S.* (?:FAILED|ERROR)\b"), "") == ("ERROR", "FAILED")
    assert gate(re.compile(r"(?i:abc)d?"), "") is None
    assert gate(re.compile(r"a(?:xyz|uvw)|qrs"), "") == ("qrs", "uvw", "xyz")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TOOL_PIECES), max_size=6), st.sampled_from(["", " ", "  "]))
def test_a_bucket_never_matches_a_line_its_gate_rules_out(parts, indent):
    s = toolout_scan.norm_all([indent + "".join(parts)])[0]
    buckets = toolout_scan._buckets_of(s)
    for rx, gate in zip(buckets[::2], buckets[1::2]):
        if rx is not None and gate is not None and not gate(s):
            assert rx.match(s) is None
