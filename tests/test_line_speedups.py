"""The fast paths of the line compressors give the answers of the plain definitions they replace.

Each speed-up in lines, redundancy, log, terminal and toolout (whole-text keyword scans, shapes,
factored dispatch, twins of patterns) is checked here against the straightforward per-line
code it stands for, on the corpus, the fixtures and generated lines.
"""
from __future__ import annotations

import math
import random
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compressors import lines as L
from engine.compressors import log, redundancy, terminal, toolout, toolout_scan
from engine.compressors.toolout_dispatch import factor_alternatives
from engine.patterns import (
    DIGITS, HAS_LETTER, LOG_TIME_MASK, LOGFMT_PAIR, MASKED_WORD, TOOL_PROBLEM, TOOL_PROBLEM_HINT,
    WORD,
)

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path("/work/shared/corpus")


def known_lines() -> list[str]:
    found = [line for p in sorted((ROOT / "fixtures").rglob("*.txt")) for line in p.read_text("utf-8").split("\n")]
    if CORPUS.is_dir():
        for p in sorted(CORPUS.glob("*/output.raw")):
            found += p.read_bytes().decode("utf-8", "replace").split("\n")[:3000]
    return found


KNOWN = known_lines()
# Pieces that make lines hit the patterns and their edges (digits, cases, controls, non-ASCII).
PIECES = ["2024-05-01T10:00:00Z ", "Dec 10 06:55:46 ", "host[123]: ", "ERROR", "error", "Failed", "warn",
          "not found", "can't", "✖", "⠋", " ", "  ", "\t", "\r", "\x1b[31m", "\x1b[0m", "\b", "\x00", "Σ", "İ",
          "é", "12", "7", "a", "Z", "=", "key=v", "k=1 k=2", '{"a": 1}', "...", "# ", "PASSED", "::", ".py ",
          "|", "- ", "-->", "line", "\u2028", "at ", "File \"x\", line 3"]
LINE = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)
LINES = st.lists(LINE, max_size=30)


# ---------------------------------------------------------------- lines


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "b\r", "\r", "", "x\r\r", "é\r"]), max_size=12), st.booleans())
def test_split_counts_crlf_lines_and_bare_drops_each_lines_own_cr(parts, trailing):
    text = "\n".join(parts) + ("\n" if trailing else "")
    doc = L.split(text)
    assert doc.crlf == sum(1 for ln in doc.lines if ln.endswith("\r"))
    assert doc.bare() == [ln[:-1] if ln.endswith("\r") else ln for ln in doc.lines]


def reference_candidates(lines, keywords, extras, fold_case):
    found = set()
    for i, line in enumerate(lines):
        if fold_case and not line.isascii():
            found.add(i)
            continue
        text = line.lower() if fold_case else line
        if any(word in text for word in keywords) or any(x.search(text) for x in extras):
            found.add(i)
    return found


@settings(max_examples=300, deadline=None)
@given(LINES, st.booleans())
def test_line_scan_finds_the_lines_holding_a_keyword(lines, fold_case):
    keywords = ("error", "warn", "::", "- ") if fold_case else ("ERROR", "PASSED", "- ")
    extras = (re.compile(r"(?m)^[ \t]+at "),)
    scan = L.LineScan(lines)
    assert scan.candidates(keywords, extras, fold_case=fold_case) == reference_candidates(
        lines, keywords, extras, fold_case)
    # a second set over the same scan reuses its text and still answers exactly
    assert scan.candidates(("fail",), fold_case=fold_case) == reference_candidates(lines, ("fail",), (), fold_case)


def test_line_scan_on_dense_keywords():
    lines = [f"x{i} PASSED" if i % 3 else "" for i in range(400)]
    assert L.LineScan(lines).candidates(("PASSED",), fold_case=False) == {i for i in range(400) if i % 3}


# ---------------------------------------------------------------- keepNonRedundant


def reference_keep_non_redundant(units, keep):
    """keepNonRedundant as first written: a profile key per unit, classes compared in a list."""
    def profile(unit):
        low = unit.lower()
        if "\0" in low:
            low = low.replace("\0", " ")
        if HAS_LETTER.search(low) is None:
            return low, False
        return DIGITS.sub("\0", low), True

    def words(key, masked):
        found = dict.fromkeys((MASKED_WORD if masked else WORD).findall(key))
        if len(found) > redundancy.MAX_VOCAB:
            found = dict.fromkeys(list(found)[:redundancy.MAX_VOCAB])
        return frozenset(found)

    result = list(keep)
    kept_idx = [i for i, k in enumerate(keep) if k]
    classes = []
    if kept_idx:
        step = max(1, math.ceil(len(kept_idx) / redundancy.MAX_SEEDS))
        classes = [(words(*profile(units[i])), profile(units[i])[1]) for i in kept_idx[::step]][:redundancy.MAX_SEEDS]
    settled, settled_vocab, promotions = set(), set(), 0
    for i, k in enumerate(keep):
        if k:
            continue
        if promotions >= redundancy.MAX_PROMOTIONS:
            result[i] = True
            continue
        key = profile(units[i])
        if key in settled:
            continue
        settled.add(key)
        vocab = words(*key)
        if (vocab, key[1]) in settled_vocab:
            continue
        settled_vocab.add((vocab, key[1]))
        need = math.ceil(redundancy.CONTAINMENT * len(vocab))
        if not (not vocab or any(m == key[1] and len(vocab & c) >= need for c, m in classes)):
            result[i] = True
            promotions += 1
            classes.append((vocab, key[1]))
    return result


UNIT = st.lists(st.sampled_from(["user", "id", "=", " ", "42", "7", "x", "Σ", "\0", "é", "ab1", "6 ['1973.', 251]",
                                 "\n", "\ud800", "ERROR", "k"]), max_size=8).map("".join)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(UNIT, st.booleans()), max_size=40))
def test_keep_non_redundant_matches_its_first_definition(pairs):
    units = [u for u, _ in pairs]
    keep = [k for _, k in pairs]
    assert redundancy.keep_non_redundant(units, keep) == reference_keep_non_redundant(units, keep)


def test_keep_non_redundant_matches_its_first_definition_on_known_lines():
    rnd = random.Random(5)
    for start in range(0, len(KNOWN), 2500):
        units = KNOWN[start:start + 2500]
        keep = [rnd.random() < 0.05 for _ in units]
        assert redundancy.keep_non_redundant(units, keep) == reference_keep_non_redundant(units, keep)


# ---------------------------------------------------------------- log


#: LOG_TIME_MASK as written before its leading lookahead named the branches' first characters.
PLAIN_LOG_TIME_MASK = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?(?: (?:19|20)\d{2}\b)?"
    r"|\d{2}/\d{2}/\d{2,4}|\d{6} \d{6}(?: \d+)?(?= [A-Z])"
    r"|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{1,2}\b"
    r"|\[(?<=[\w)]\[)\d+\](?=:)"
)


def test_log_time_mask_masks_what_the_plain_alternation_masks():
    heads = [line[:64] for line in KNOWN]
    assert [LOG_TIME_MASK.sub("#", h) for h in heads] == [PLAIN_LOG_TIME_MASK.sub("#", h) for h in heads]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["2024-05-01", "T", " ", "10:00:00", ".123", "Z", "+02:00", "1", "12", "123456",
                                 "Mon", "Tue", "Thu", "Sat", "Sun", "Mar", "May", "Sep", "Dec", "  3", "x", "[", "]",
                                 ":", "sshd", "(", ")", "/", "2019", "08/11/19", "A", "٣"]), max_size=12))
def test_log_time_mask_on_any_head(parts):
    head = "".join(parts)
    assert LOG_TIME_MASK.sub("#", head) == PLAIN_LOG_TIME_MASK.sub("#", head)


def plain_fold_repeats(bare, important):
    seen, repeats = set(), [False] * len(bare)
    for i, flagged in enumerate(important):
        if flagged:
            key = LOG_TIME_MASK.sub("#", bare[i][:log.REPEAT_KEY_HEAD]) + bare[i][log.REPEAT_KEY_HEAD:]
            if key in seen:
                important[i], repeats[i] = False, True
            else:
                seen.add(key)
    return repeats


def fold_both_ways(bare, important):
    got, want = list(important), list(important)
    assert log.fold_repeats(bare, got) == plain_fold_repeats(bare, want)
    assert got == want


def test_fold_repeats_masks_each_head_alone_at_the_joins():
    # a month closing one head must not take the day opening the next
    fold_both_ways(["ERROR in Dec", "12 ERROR x", "ERROR in Dec", "13 ERROR x"], [True] * 4)
    fold_both_ways(["a[12]", ": error", "a\x00b Dec", "12"], [True] * 4)


def test_fold_repeats_masks_heads_joined_as_one_by_one_on_known_lines():
    rnd = random.Random(3)
    fold_both_ways(KNOWN, [rnd.random() < 0.5 for _ in KNOWN])
    fold_both_ways(KNOWN, [True] * len(KNOWN))


#: Stamps, pids and the edges of the NUL that joins heads (a month at a head's end, a day at the
#: next head's start, a literal NUL in a line).
HEAD_PIECES = ["Dec", " ", "12", "10:00:00", "2024-05-01", "sshd[42]", ":", "\x00", "Mon", "\n", "\t", "x",
               " A", "123456", "2019", "[", "]", "(", ")"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from(HEAD_PIECES), max_size=12).map("".join), st.booleans()),
                max_size=12))
def test_fold_repeats_masks_heads_joined_as_one_by_one(pairs):
    fold_both_ways([line for line, _ in pairs], [flag for _, flag in pairs])


def known_texts() -> list[str]:
    found = [p.read_text("utf-8") for p in sorted((ROOT / "fixtures").rglob("*.txt"))]
    if CORPUS.is_dir():
        found += [p.read_bytes().decode("utf-8", "replace") for p in sorted(CORPUS.glob("*/output.raw"))]
    return found


def detect_text_agrees(text: str) -> bool:
    scan = L.LineScan(L.split(text).bare())
    return toolout.is_tool_output(log._detect_text(text, scan)) == toolout.is_tool_output(text)


def test_tool_output_is_detected_alike_on_the_joined_bare_lines_of_known_texts():
    texts = known_texts()
    assert any(toolout.is_tool_output(t) for t in texts) and not all(toolout.is_tool_output(t) for t in texts)
    for text in texts:
        assert detect_text_agrees(text)
        assert detect_text_agrees(text.replace("\n", "\r\n"))


#: Signatures, line ends of every kind, JSON's brackets.
SIGNATURE_PIECES = ["Ran 3 tests in 0.1s", "FAILED", "=== 1 failed in 2.0s ===", "\n", "\r\n", "\r", " ", "\t",
                    "{", "}", "[", "]", '"a"', ":", "1", "x", "npm ERR! ", "added 3 packages", "error: could not compile ",
                    "test result: ok. 3 passed", "$"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(SIGNATURE_PIECES), max_size=14))
def test_tool_output_is_detected_alike_on_the_joined_bare_lines(parts):
    assert detect_text_agrees("".join(parts))


@settings(max_examples=300, deadline=None)
@given(LINE)
def test_log_fields_keep_each_keys_first_value_in_order(line):
    got = log.log_fields(line)
    stripped = line.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        return  # JSON lines: unchanged code path
    pairs: dict[str, str] = {}
    for m in LOGFMT_PAIR.finditer(line):
        pairs.setdefault(m.group(1), m.group(2))
    assert got == (pairs or None)
    if got:
        assert list(got) == list(pairs)


# ---------------------------------------------------------------- terminal


@settings(max_examples=300, deadline=None)
@given(LINE)
def test_printable_lines_are_only_rstripped(line):
    if line.isprintable():
        assert terminal.clean_line(line) == line.rstrip()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(LINE, st.booleans()), max_size=30))
def test_passing_lines_answers_like_flag_lines_where_it_is_read(pairs):
    cleaned = [terminal.clean_line(line) for line, _ in pairs]
    droppable = [d for _, d in pairs]
    plain = L.flag_lines(cleaned, terminal.is_passing, terminal.PASSING_WORDS, (terminal.PASSING_CANDIDATE,),
                         fold_case=False)
    got = terminal.passing_lines(cleaned, droppable)
    assert [g for g, d in zip(got, droppable) if not d] == [p for p, d in zip(plain, droppable) if not d]


def test_passing_lines_on_known_lines():
    cleaned = [terminal.clean_line(line) for line in KNOWN]
    for share in (0.1, 0.9):
        rnd = random.Random(3)
        droppable = [rnd.random() < share for _ in cleaned]
        plain = L.flag_lines(cleaned, terminal.is_passing, terminal.PASSING_WORDS, (terminal.PASSING_CANDIDATE,),
                             fold_case=False)
        got = terminal.passing_lines(cleaned, droppable)
        assert all(g == p for g, p, d in zip(got, plain, droppable) if not d)


# ---------------------------------------------------------------- toolout


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

    assert toolout_detect._SIGNATURE_BY_LINE is not toolout_detect._SIGNATURE_BY_LINE_PLAIN
    texts = ["\n".join(KNOWN[start:start + 200]) for start in range(0, len(KNOWN), 200)]
    for text in KNOWN + texts:
        assert (toolout_detect._SIGNATURE_BY_LINE.match(text) is None) == (
            toolout_detect._SIGNATURE_BY_LINE_PLAIN.match(text) is None), text[:200]


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_factored_tool_signature_on_any_lines(lines):
    from engine.compressors import toolout_detect

    text = "\n".join(lines + ["===== 1 failed, 2 passed in 0.1s =====", "Ran 3 tests in 0.01s", "x.c:1:2: error: y"][
        : len(lines) % 4])
    assert (toolout_detect._SIGNATURE_BY_LINE.match(text) is None) == (
        toolout_detect._SIGNATURE_BY_LINE_PLAIN.match(text) is None)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([" ", "\t", "\u2003", "= ", "help", "note", "hint", "warning", "error", "info", "x",
                                 ":", "|", "1", "h"]), max_size=6).map("".join))
def test_message_line_prefilter_answers_like_the_regex(line):
    from engine.compressors import toolout_findings

    assert toolout_findings._message_line(line) == (toolout_findings._MESSAGE_LINE.match(line) is not None)


def plain_run_summary(analysis, start, end):
    """toolout.run_summary as first written: every line of the run counted one by one."""
    counts = {toolout.PASS: 0, toolout.CHATTER: 0, toolout.REPEAT: 0, toolout.OTHER: 0, toolout.KEEP: 0}
    per_rule, findings = {}, 0
    for k in range(start, end):
        counts[analysis.classes[k]] += 1
        if k in analysis.repeat_rules:
            findings += 1
            rule = analysis.repeat_rules[k] or "uncoded"
            per_rule[rule] = per_rule.get(rule, 0) + 1
    parts = []
    if counts[toolout.PASS]:
        parts.append(f"{counts[toolout.PASS]} passing-test lines")
    if counts[toolout.CHATTER]:
        parts.append(f"{counts[toolout.CHATTER]} progress lines")
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
        parts.append(f"{findings} findings like those shown: {' '.join(shown)}")
    if counts[toolout.REPEAT] - findings:
        parts.append(f"{counts[toolout.REPEAT] - findings} lines under them")
    if counts[toolout.OTHER] + counts[toolout.KEEP]:
        parts.append(f"{counts[toolout.OTHER] + counts[toolout.KEEP]} other lines")
    return "; ".join(parts)


def test_run_summary_counts_like_counting_each_line():
    rnd = random.Random(11)
    cases = [p.read_text("utf-8").split("\n") for p in sorted((ROOT / "fixtures" / "toolout").glob("*.txt"))]
    if CORPUS.is_dir():
        cases += [terminal.plain_text(p.read_bytes()).decode().split("\n")
                  for p in sorted(CORPUS.glob("lint-*/output.raw"))]
    assert any(toolout.analyse(lines).repeat_rules for lines in cases)
    for lines in cases:
        analysis = toolout.analyse(lines)
        n = len(lines)
        spans = [(0, n)] + [tuple(sorted((rnd.randrange(n + 1), rnd.randrange(n + 1)))) for _ in range(40)]
        for start, end in spans:
            assert toolout.run_summary(analysis, start, end) == plain_run_summary(analysis, start, end)


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
