"""The fast paths of the line compressors give the answers of the plain definitions they replace.

Each speed-up in lines, redundancy, log and terminal (whole-text keyword scans, shapes, joined
passes) is checked here against the straightforward per-line code it stands for, on the corpus,
the fixtures and generated lines; toolout's are in tests/test_toolout_speedups.py.
"""
from __future__ import annotations

import math
import random
import re
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine import terminal_text
from engine.compressors import lines as L
from engine.compressors import invariants, log, redundancy, terminal, toolout
from engine.patterns import (
    CLIENT_PORT, DIGITS, HAS_LETTER, LOG_TIME_MASK, LOG_TIME_MASK_ASCII, LOGFMT_PAIR, MASKED_WORD, WORD,
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


# Lines of pieces of the scanned words (a piece is no match), long enough together for the
# one-scan presence check (literal_index.MIN_INDEXED), non-ASCII and case changes included.
SCAN_PIECES = [*L.SCAN_WORDS[False][::3], *L.SCAN_WORDS[True][::2], "ERROR", "Warn", "Cannot", "err", "exi",
               ".j", "- ", "é", "x" * 40, " "]
LONG_LINES = st.lists(st.lists(st.sampled_from(SCAN_PIECES), max_size=6).map("".join), min_size=1, max_size=30).map(
    lambda lines: lines + ["y" * 80] * 210)


@settings(max_examples=200, deadline=None)
@given(LONG_LINES, st.booleans())
def test_line_scan_skips_only_scanned_words_a_long_text_lacks(lines, fold_case):
    scan = L.LineScan(lines)
    for word in L.SCAN_WORDS[fold_case]:
        assert scan.candidates((word,), fold_case=fold_case) == reference_candidates(lines, (word,), (), fold_case)


def test_line_scan_on_dense_keywords():
    lines = [f"x{i} PASSED" if i % 3 else "" for i in range(400)]
    assert L.LineScan(lines).candidates(("PASSED",), fold_case=False) == {i for i in range(400) if i % 3}


def reference_elide_runs(units, keep, fields, describe):
    """elide's walk as first written, a unit at a time."""
    keep = redundancy.keep_non_redundant(units, keep)
    out, elided_units, elided_bytes = [], 0, 0
    i, n = 0, len(units)
    while i < n:
        if keep[i]:
            out.append(units[i])
            i += 1
            continue
        j = i
        while j < n and not keep[j]:
            j += 1
        run = units[i:j]
        run_bytes = L.blen("\n".join(run)) + 1
        summary = ""
        if len(run) >= 2:
            found = [fields(unit) for unit in run]
            if all(found):
                summary = invariants.summarize(found, run_bytes)
        summary = "; ".join(part for part in (describe(i, j), summary) if part)
        text = L.marker_text(len(run), "lines", summary)
        if L.blen(text) < run_bytes and (len(run) >= L.MIN_RUN or (summary and 2 * L.blen(text) <= run_bytes)):
            out.append(text)
            elided_units += len(run)
            elided_bytes += run_bytes
        else:
            out.extend(run)
        i = j
    return out, elided_units, elided_bytes


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["level=info a=1", "level=info a=2", "x", "", "é=ü", "k=v w"]),
                          st.sampled_from([True, False, 1, 0, None, "y"])), max_size=40))
def test_elide_walks_runs_as_unit_by_unit(pairs):
    # runs are found with list.index over the dropped flags: any truthy keep value is kept
    units = [u for u, _ in pairs]
    keep = [k for _, k in pairs]

    def describe(i, j):
        return f"{i}-{j}" if (i + j) % 3 == 0 else ""
    got = L.elide(units, keep, noun="lines", fields=log.log_fields, describe=describe)
    assert (got.out, got.elided_units, got.elided_bytes) == reference_elide_runs(units, keep, log.log_fields, describe)


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
            result[i] = bool(units[i])  # (later: an empty unit, nothing to represent, stays dropped)
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


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(UNIT, st.booleans()), max_size=40), st.integers(1, 4))
def test_keep_non_redundant_matches_its_first_definition_past_the_cap(pairs, cap):
    # only the first unit of each profile key is judged; past the promotion cap every later
    # dropped unit, repeat or not, comes back
    units = [u for u, _ in pairs]
    keep = [k for _, k in pairs]
    saved = redundancy.MAX_PROMOTIONS
    redundancy.MAX_PROMOTIONS = cap
    try:
        assert redundancy.keep_non_redundant(units, keep) == reference_keep_non_redundant(units, keep)
    finally:
        redundancy.MAX_PROMOTIONS = saved


def test_keep_non_redundant_matches_its_first_definition_on_known_lines():
    rnd = random.Random(5)
    for start in range(0, len(KNOWN), 2500):
        units = KNOWN[start:start + 2500]
        keep = [rnd.random() < 0.05 for _ in units]
        assert redundancy.keep_non_redundant(units, keep) == reference_keep_non_redundant(units, keep)


ASCII_UNIT = st.lists(st.sampled_from(["user", "ID", "=", " ", "42", "7", "007", "\0", "\0\0", "_", "a-b", "\t",
                                       "\x1c", "\x7f", ".", "blk_123456789", "Z9"]), max_size=40).map("".join)


@settings(max_examples=500, deadline=None)
@given(st.one_of(ASCII_UNIT, UNIT))
def test_profile_keys_and_words_match_their_regex_definitions(unit):
    # the byte tables and replace loops stand for DIGITS.sub, the NUL-run sub and findall
    low = unit.lower().replace("\0", " ")
    expected = (low, False) if HAS_LETTER.search(low) is None else (DIGITS.sub("\0", low), True)
    assert redundancy._profile_key(unit) == expected
    assert redundancy._one_nul_per_run(unit) == re.sub("\0{2,}", "\0", unit)
    for masked in (False, True):
        key = expected[0]
        assert redundancy._found_words(key, masked) == (MASKED_WORD if masked else WORD).findall(key)
        found = dict.fromkeys((MASKED_WORD if masked else WORD).findall(key))
        assert redundancy._words(key, masked) == frozenset(list(found)[:redundancy.MAX_VOCAB])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(ASCII_UNIT, UNIT), max_size=20))
def test_shapes_are_each_units_lowered_digits_to_nul(units):
    shapes = redundancy._shapes(units)
    assert shapes == [redundancy._lower(u).translate(str.maketrans("0123456789", "\0" * 10)) for u in units]


def test_words_past_the_vocabulary_cap_keep_the_first_distinct_ones():
    key = " ".join(f"w{'a' * (i % 150)}" for i in range(400))
    assert redundancy._words(key, True) == frozenset(list(dict.fromkeys(MASKED_WORD.findall(key)))[:redundancy.MAX_VOCAB])


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


def test_log_time_mask_ascii_masks_what_log_time_mask_masks_on_known_heads():
    heads = "\0".join(line[:64] for line in KNOWN if line.isascii())
    assert LOG_TIME_MASK_ASCII.sub("#", heads) == LOG_TIME_MASK.sub("#", heads)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["2024-05-01", "T", " ", "10:00:00", ".123", "Z", "+02:00", "1", "12", "123456", "7",
                                 "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Jan", "Feb", "Mar", "Apr", "May",
                                 "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "  3", "x", "[", "]", ":", "sshd",
                                 "(", ")", "/", "2019", "08/11/19", "A", "J", "\0", ",5", "0101/", "1201/043219.677937",
                                 "M", "D", "9", "\n"]), max_size=14))
def test_log_time_mask_ascii_on_any_ascii_text(parts):
    text = "".join(parts)
    assert LOG_TIME_MASK_ASCII.sub("#", text) == LOG_TIME_MASK.sub("#", text)


def plain_fold_repeats(bare, important):
    """fold_repeats with each head masked alone: records (a flagged line and the untimed flagged
    lines right after it) fold whole, or their body does; an immediate repeat folds onto its line."""
    records, previous = [], -2
    for i, flagged in enumerate(important):
        if flagged:
            head = bare[i][:log.REPEAT_KEY_HEAD]
            masked = LOG_TIME_MASK.sub("#", head)
            if i != previous + 1 or masked != head:
                records.append([])
            key = masked + bare[i][log.REPEAT_KEY_HEAD:]
            records[-1].append((i, CLIENT_PORT.sub(r"\1#", key)))  # sshd's `from ADDR port N`
            previous = i
    seen, bodies, repeats = set(), set(), [False] * len(bare)

    def fold(indexes):
        for i in indexes:
            important[i], repeats[i] = False, True

    for record in records:
        distinct = []
        for i, key in record:
            if distinct and key == distinct[-1][1]:
                fold([i])
            else:
                distinct.append((i, key))
        whole = tuple(key for _, key in distinct)
        if whole in seen:
            fold(i for i, _ in distinct)
            continue
        seen.add(whole)
        if len(whole) > 1:
            if whole[1:] in bodies:
                fold(i for i, _ in distinct[1:])
            else:
                bodies.add(whole[1:])
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
@example("::2024-05-01T10:00:00Z key=v::")
def test_log_fields_keep_each_keys_first_value_in_order(line):
    got = log.log_fields(line)
    stripped = line.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        return  # JSON lines: unchanged code path
    if "=" in line and line[:2] == "::" and (end := line.find("::", 2)) > 0:
        line = line[:end]  # a GitHub Actions annotation: only its properties are fields
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
        assert terminal_text.clean_line(line) == line.rstrip()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(LINE, st.booleans()), max_size=30))
def test_passing_lines_answers_like_flag_lines_where_it_is_read(pairs):
    cleaned = [terminal_text.clean_line(line) for line, _ in pairs]
    droppable = [d for _, d in pairs]
    plain = L.flag_lines(cleaned, terminal.is_passing, terminal.PASSING_WORDS, (terminal.PASSING_CANDIDATE,),
                         fold_case=False)
    got = terminal.passing_lines(cleaned, droppable)
    assert [g for g, d in zip(got, droppable) if not d] == [p for p, d in zip(plain, droppable) if not d]


def test_passing_lines_on_known_lines():
    cleaned = [terminal_text.clean_line(line) for line in KNOWN]
    for share in (0.1, 0.9):
        rnd = random.Random(3)
        droppable = [rnd.random() < share for _ in cleaned]
        plain = L.flag_lines(cleaned, terminal.is_passing, terminal.PASSING_WORDS, (terminal.PASSING_CANDIDATE,),
                             fold_case=False)
        got = terminal.passing_lines(cleaned, droppable)
        assert all(g == p for g, p, d in zip(got, plain, droppable) if not d)


def clean_lines_both_ways(text):
    bare = L.split(text).bare()
    # rows a later line erased on the screen (erased_rows) are blank in clean_lines' answer
    moves = "\x1b[" in text and (re.search(r"\x1b\[\d*A", text) or "\x1b[2J\x1b[3J\x1b[H" in text)
    erased = set(terminal_text.erased_rows(bare)) if moves else set()
    assert terminal_text.clean_lines(text, bare) == [
        "" if i in erased else terminal_text.clean_line(line) for i, line in enumerate(bare)]


def test_clean_lines_cleans_each_line_as_clean_line_on_known_texts():
    texts = known_texts()
    assert sum("\x1b" in t for t in texts) > 5
    for text in texts:
        clean_lines_both_ways(text)


#: Escape sequences whole and cut by a line end, OSC, CRs, backspaces, controls.
ESCAPE_PIECES = ["\x1b[31m", "\x1b[0m", "\x1b", "[", "31m", "\x1b]0;title\x07", "\x1b]8;;", "\x1b\\", "\n", "\r\n", "\r",
                 "\b", "\x07", "x", " ", "ok", "Σ"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(ESCAPE_PIECES), max_size=16))
def test_clean_lines_cleans_each_line_as_clean_line(parts):
    clean_lines_both_ways("".join(parts))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(LINE, st.text(max_size=20)), max_size=8))
def test_printable_ascii_is_every_line_printable(lines):
    joined = "\n".join(lines)
    assert terminal_text._printable_ascii(joined) == (joined.isascii() and all(ln.isprintable() for ln in joined.split("\n")))


def _fold_suite_headers_plain(cleaned, must, vocab):
    n = len(cleaned)
    indents = [len(ln) - len(ln.lstrip()) for ln in cleaned]
    blank = [not ln for ln in cleaned]
    for i in range(n - 1, -1, -1):
        if must[i] or blank[i] or vocab[i] in terminal.FOLDED:
            continue
        depth = indents[i]
        j, children, clean = i + 1, 0, True
        while j < n and j - i <= terminal.SUITE_LOOKAHEAD:
            if not blank[j]:
                if indents[j] <= depth:
                    break
                if vocab[j] not in terminal.FOLDED:
                    clean = False
                    break
                children += 1
            j += 1
        if clean and children and (j >= n or j - i <= terminal.SUITE_LOOKAHEAD):
            vocab[i] = terminal.PASSING_VOCAB


def _fold_excerpts_plain(cleaned, must, vocab):
    in_error_block = False
    for i, line in enumerate(cleaned):
        if not line.strip():
            in_error_block = False
        elif must[i] and terminal.ERROR_WORD.search(line):
            in_error_block = True
        elif not in_error_block and not must[i] and vocab[i] != terminal.DROPPED_VOCAB \
                and terminal.SOURCE_EXCERPT.match(line):
            vocab[i] = terminal.EXCERPT_VOCAB


SUITE_PIECES = ["  ", "    ", "\t", " 12 | x", "   |  ^^^", "316 +  y", "error: bad", "Error", "ok", "Router",
                ".use()", "", "\u2003", "✓ passes", "é"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from(SUITE_PIECES), max_size=4).map("".join),
                          st.booleans(), st.sampled_from(["keep", "pass", "drop"])), max_size=30))
def test_suite_headers_and_excerpts_fast_equal_plain(rows):
    cleaned = [text.rstrip() for text, _, _ in rows]
    must = [m for _, m, _ in rows]
    vocab = [terminal.PASSING_VOCAB if v == "pass" else terminal.DROPPED_VOCAB if v == "drop" else c
             for c, (_, _, v) in zip(cleaned, rows)]
    for fast, plain in ((terminal.fold_suite_headers, _fold_suite_headers_plain),
                        (terminal.fold_excerpts, _fold_excerpts_plain)):
        got, want = list(vocab), list(vocab)
        fast(cleaned, must, got)
        plain(cleaned, must, want)
        assert got == want


def _keep_diagnostic_pointers_plain(cleaned, must):
    for i, line in enumerate(cleaned):
        m = terminal.DIAGNOSTIC_POINTER.fullmatch(line)
        if m is None:
            continue
        must[i] = True
        if m.group(1):
            j = i - 1
            while j >= 0 and not cleaned[j].strip():
                j -= 1
            if j >= 0:
                must[j] = True


POINTER_PIECES = ["  --> ", "-->", "--->", "src/a.rs:12:5", "a.py:3", " ", "", "In ", "In x.sh line 3:", " line ",
                  "7:", "x", "\u2003", "é", "error: bad", "\t"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from(POINTER_PIECES), max_size=4).map("".join), st.booleans()),
                max_size=30), st.integers(0, 2000))
def test_keep_diagnostic_pointers_fast_equal_plain(rows, pad):
    # (a long text is indexed by literal_index: padding lines make some texts long)
    cleaned = [text for text, _ in rows] + ["x" * 40] * (pad if pad > 1500 else 0)
    must = [m for _, m in rows] + [False] * (len(cleaned) - len(rows))
    got, want = list(must), list(must)
    terminal.keep_diagnostic_pointers(cleaned, got, L.LineScan(cleaned))
    _keep_diagnostic_pointers_plain(cleaned, want)
    assert got == want


# ---------------------------------------------------------------- logfmt pairs

LOGFMT_PIECES = ["a", "key", "_k", "9", "x.y", "-", "=", "==", " ", "\t", ",", "[", "]", "{", "}", "(", ")", '"', "'",
                 "v", "1.5", "\n", "é", "level=INFO", " msg=\"hi there\"", "'q'", ":", "/"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(LOGFMT_PIECES), max_size=16))
def test_logfmt_pairs_are_logfmt_pair_findall(parts):
    line = "".join(parts)
    assert log.logfmt_pairs(line) == LOGFMT_PAIR.findall(line)


def test_logfmt_pairs_are_logfmt_pair_findall_on_known_lines():
    assert [log.logfmt_pairs(line) for line in KNOWN] == [LOGFMT_PAIR.findall(line) for line in KNOWN]


def test_leveled_fields_lead_with_the_level_word_then_the_lines_fields_in_order():
    got = log.leveled_fields("2024-05-01 12:00:00 WARN worker b=2 a=1 b=3")
    assert list(got.items()) == [("level", "WARN"), ("b", "2"), ("a", "1")]
    assert log.leveled_fields("[Sun Dec 04 2005] [error]  x") == {"level": "error"}
    assert log.leveled_fields("ts=1 level=info msg=x ERROR") == {"ts": "1", "level": "info", "msg": "x"}


_CURSOR_ELSEWHERE_PLAIN = re.compile(r"\x1b\[\d*[BEFHfsu]|\x1b\[\d+;\d+[Hf]|\x1b[78]")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["\x1b", "\x1b[", "0", "12", "\u0663", ";", "B", "E", "F", "H", "f", "s", "u",
                                 "m", "A", "7", "8", "x", "\n"]), max_size=30).map("".join))
@example("\x1b[12;3H\x1b[0m\x1b[5B")
def test_cursor_elsewhere_possessive_matches_plain(text: str) -> None:
    """CURSOR_ELSEWHERE's possessive digit runs find exactly what the plain pattern finds."""
    from engine.patterns import CURSOR_ELSEWHERE
    assert [m.span() for m in CURSOR_ELSEWHERE.finditer(text)] == [
        m.span() for m in _CURSOR_ELSEWHERE_PLAIN.finditer(text)]
