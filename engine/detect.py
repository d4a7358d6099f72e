"""The content router: which of the twelve types a payload is.

Checks run in the reference's order (REFERENCE.md, "Detect"), each falling through on low
confidence, and anything left is text. Our one addition: test-runner, compiler, linter and
installer transcripts go to the terminal compressor (it keeps every failure block whole),
checked before diff/code/log/search because a mypy or ruff transcript looks like search hits.

Deterministic and linear: a long payload is judged on its first 64 KB and last 16 KB for line
statistics; only the JSON and terminal checks look at every byte (both are single C-speed passes).
"""
from __future__ import annotations

import csv
import json
import re

from engine import patterns as P
from engine.compressors import (
    aligned_table, byte_dump, framed_table, json_framed, pandas_frame, py_literal, record_blocks, sql_dump,
)
from engine.compressors import (  # not toolout: Detect needs only the signatures
    ansible_report, cmake_trace, cppcheck_xml, tabular, terraform_report, tex_report, toolout_detect, wget_report,
)
from engine.compressors import eval_rows, json_findings, npm_explain, profile_report, toolout_pywarnings, toolout_rubyphp, xml_runs
from engine.compressors.git_listing import is_git_listing
from engine.types import ContentType

SAMPLE_HEAD = 64 * 1024
SAMPLE_TAIL = 16 * 1024
#: A YAML document larger than this is parsed on a line-aligned prefix only.
YAML_PARSE_MAX = 256 * 1024

#: (Lua's `local x = require(...)`: luarocks' index.lua holds its page's HTML in a long string)
_HTML_CODE_MARKERS = ("\nimport ", "\nexport ", "\npackage ", "\nfunc ", "\ndef ", "\nclass ", "\nconst ", "\nlocal ")
#: Fewer records than this are not JSON Lines worth routing (the JSON compressor would show them whole).
JSON_LINES_MIN = 8
#: Statements, and their share of the lines at the margin, that make a SQL script.
SQL_MIN_STATEMENTS = 5
SQL_STATEMENT_SHARE = 0.7
#: Testcase lines a JUnit report needs before it is read as a test run rather than XML.
JUNIT_MIN_TESTCASES = 8
#: Fewer records than this (psql \x, sqlite3 -line) are not routed as a table.
RECORDS_MIN = 3
#: Share of non-blank lines that must be code-shaped (a prose paragraph rarely ends in `{;:)`).
CODE_LINE_SHARE = 0.4
#: With fewer than three keywords, the lines and the share of them that must be code-shaped.
CODE_FEW_KEYWORDS_LINES = 20
CODE_FEW_KEYWORDS_SHARE = 0.8
#: How much of a payload's end is searched for Node's closing `Node.js vN.N.N` line.
NODE_CRASH_TAIL = 64


def detect(data: bytes) -> ContentType:
    stripped = data.strip()
    if not stripped:
        return ContentType.TEXT
    if stripped[:1] in (b"{", b"[") and _valid_json(stripped):
        return ContentType.JSON
    if json_framed.plausible(data) and _framed_json(data):
        return ContentType.JSON
    if _terminal_signal(data):
        # A coloured `git diff` / `git log -p` is still a diff once its colours are gone; the diff
        # compressor strips them. Anything else with escapes is a terminal transcript.
        clean = P.ANSI.sub("", _sample(data)).replace("\r\n", "\n")
        if "\r" in clean:
            clean = "\n".join(_last_frame(line) for line in clean.split("\n"))
        if _looks_like_diff(clean) and not toolout_detect.is_tool_output(clean) and not _junit_report(clean):
            return ContentType.DIFF
        return ContentType.TERMINAL
    text = _sample(data)
    if profile_report.is_report(text):
        # cProfile, perf report, node --prof-process, cg_annotate: ranked tables whose rows end in
        # `)` read as code, and a test run profiled reads as a transcript; text keeps each head.
        return ContentType.TEXT
    if sql_dump.is_dump(text):
        # pg_dump/mysqldump: schema and data as SQL, its rows no grep hits (the text reader thins them).
        return ContentType.TEXT
    if byte_dump.is_dump(text):
        # xxd / hexdump / od rows read as `key: value` lines or a table; the text reader folds them.
        return ContentType.TEXT
    if npm_explain.is_explanation(text):
        # `npm explain debug`: chains of dependents by indentation (the text compressor folds
        # their repeats); `debug@4.4.3` at the margin is no log level.
        return ContentType.TEXT
    if CARGO_MESSAGE in text and text.lstrip()[:1] == "{" and _json_lines([ln for ln in text.split("\n") if ln.strip()]):
        # cargo's JSON Lines: `json-diagnostic-short` records quote `src/lib.rs:2:9: warning: …`
        # in their `rendered` text, which reads as the tool's own output (json_findings)
        return ContentType.JSON
    if toolout_detect.is_tool_output(text) or _tap_stream(text) or _junit_report(text):
        return ContentType.TERMINAL
    if toolout_pywarnings.runtime_warning_flood(text):
        # a program's warnings repeated per batch or fit (`path.py:9: UserWarning: …`) read as
        # grep hits, a log or prose; toolout counts their repeats
        return ContentType.TERMINAL
    if "[[package]]" in text and _matches_at_least(P.TOML_LOCK_PACKAGE, text, 2):
        # uv.lock, poetry.lock, Cargo.lock: package tables (upload-time stamps read as a log's)
        return ContentType.CONFIG
    if _junit_one_line(text):
        # pytest's junit.xml, its test cases on one line: the text reader splits it at its tags
        # (its failure texts read as code, its `file.py:12:` lines as grep hits).
        return ContentType.TEXT
    if _looks_like_diff(text):
        return ContentType.DIFF
    # Terraform's plan/apply, Ansible's playbook runs, wget's records and TeX runs or .logs are
    # transcripts (their own rules in the terminal compressor; a TeX run's `)`-ended lines read
    # as code); a diff that quotes one is still a diff.
    if (terraform_report.is_report(text) or ansible_report.is_report(text) or wget_report.is_report(text)
            or tex_report.is_report(text) or cppcheck_xml.is_report(text)
            or cmake_trace.is_report(text) or _fmt_check_run(text)):
        return ContentType.TERMINAL
    if is_git_listing(text):
        # A log, file list, status or blame is an enumeration: the diff compressor keeps it whole.
        return ContentType.DIFF
    if _looks_like_html(text):
        return ContentType.HTML
    lines = text.split("\n")
    nonblank = [ln for ln in lines if ln.strip()]
    if _json_lines(nonblank):
        # A record a line: a log when the records are log records, else JSON Lines (and never
        # a CSV table: `{"a": 1, "b": 2}` splits on its commas into equal rows).
        # (a linter's or compiler's records name their level: a report of findings, not a log)
        if _looks_like_log(nonblank) and not json_findings.is_finding_record(nonblank[0]):
            return ContentType.LOG
        return ContentType.JSON
    if _looks_like_table(nonblank, text):
        return ContentType.TABULAR
    log_like, log_strong = _log_evidence(nonblank)
    log_like = log_like and not _hits_with_level_words(nonblank)
    if log_like and not log_strong and _looks_like_code(text, nonblank):
        # Source whose level words are code's (Go's `(err error)` on every syscall stub, a
        # tracing test's `level = "info"`): outlined as code, not thinned as a log.
        log_like = False
    if not log_like and P.NODE_CRASH_END.search(text[-NODE_CRASH_TAIL:]) is not None:
        # A script's output ending in Node's crash (`file.js:2`, the source line, its caret, the
        # error, its `at` frames, `Node.js v20.20.2`): its frames and the quoted source line read
        # as code, its `file.js:2` header as prose; toolout keeps the crash whole.
        return ContentType.TERMINAL
    search_like = not log_like and _looks_like_search(nonblank)
    if not log_like and not search_like and _toml_document(data, text):
        # A Cargo.toml or pyproject.toml whose `name = "x"` pairs read as Python assignments, or
        # whose `"""` strings the line statistics below take for docstrings: the whole file parses
        # as TOML, which no source file does.
        return ContentType.CONFIG
    # Guards: log lines, grep hits and YAML that quote source are still logs, hits and config.
    if not log_like and not search_like and not _yaml_shaped(nonblank, code_keys=False) and not _sql_script(nonblank) \
            and not _grouped_hits(nonblank) and _looks_like_code(text, nonblank) \
            and P.THREAD_DUMP_START.search(text) is None:  # a thread dump's frames are not source
        return ContentType.CODE
    if log_like:
        return ContentType.LOG
    if search_like:
        # flake8/ruff/pylint findings (`path:12:5: F821 undefined name`) are shaped like grep
        # hits; a search view would elide them by file and line range, toolout keeps each error.
        return ContentType.TERMINAL if _lint_listing(nonblank) or _m4_trace(text) else ContentType.SEARCH
    if _looks_like_config(data, text, lines):
        if py_literal.looks_literal(text) and py_literal.as_json(data.decode("utf-8", errors="replace")):
            # pprint of a list of dicts parses as YAML flow; the text reader reads it as data.
            return ContentType.TEXT
        return ContentType.CONFIG
    if _epoch_records(nonblank) or toolout_rubyphp.php_diagnostics(text, nonblank):
        return ContentType.LOG
    if _lint_explained(nonblank):
        return ContentType.TERMINAL
    return ContentType.TEXT


# ------------------------------------------------------------------ helpers


def _valid_json(stripped: bytes) -> bool:
    try:
        json.loads(stripped)
    except (ValueError, RecursionError):
        return False
    return True


def _framed_json(data: bytes) -> bool:
    """A JSON document with a few diagnostic lines around it (stderr merged into a JSON mode's
    stdout), or a stream of pretty-printed JSON values (`jq '.[]'`)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return json_framed.split_framed(text) is not None or json_framed.parse_stream(text) is not None


def _tap_stream(text: str) -> bool:
    """A TAP test run: a plan and at least three results, or prove's summary line."""
    if "Files=" in text and P.PROVE_SUMMARY.search(text):  # substring tests first: C speed
        return True
    if "1.." not in text or "ok " not in text:
        return False
    return P.TAP_PLAN.search(text) is not None and _matches_at_least(P.TAP_RESULT, text, 3)


def _junit_report(text: str) -> bool:
    """A JUnit XML test report written a testcase a line (surefire, gradle, jest-junit, pytest
    pretty-printed): a test run, whose failure blocks the terminal compressor keeps whole while
    it counts the passing testcases. (Written on one line, it is left to the text compressor.)"""
    head = text.lstrip()[:512]
    # (under a pty a spinner's last glyphs may stand before `<?xml`: vitest's `⠙⠹<?xml`)
    xml_at = head.find("<?xml")
    if not (head.startswith("<testsuite") or xml_at >= 0 and "\n" not in head[:xml_at]) or "<testsuite" not in text:
        return False
    return _matches_at_least(P.JUNIT_TESTCASE_LINE, text, JUNIT_MIN_TESTCASES)


def _junit_one_line(text: str) -> bool:
    """A JUnit XML report written with its test cases on one line (pytest's --junitxml)."""
    head = text[:1024].lstrip()[:512]
    if not (head.startswith("<?xml") or head.startswith("<testsuite")) or "<testcase" not in text:
        return False
    return xml_runs.written_on_one_line(text) and not _matches_at_least(P.JUNIT_TESTCASE_LINE, text, JUNIT_MIN_TESTCASES)


#: cargo `--message-format json*`: its diagnostics' records.
CARGO_MESSAGE = '"reason":"compiler-message"'


def _json_lines(nonblank: list[str]) -> bool:
    """JSON Lines (`jq -c`, NDJSON): every line one JSON object or array. (A stream of log
    records is a log: Detect asks this only of what is not.)"""
    if len(nonblank) < JSON_LINES_MIN:
        return False
    for ln in nonblank:
        s = ln.strip()
        if s[:1] not in ("{", "[") or s[-1:] not in ("}", "]"):
            return False
    return all(_valid_json(ln.strip().encode("utf-8")) for ln in nonblank)


def _sample(data: bytes) -> str:
    """The text line statistics are taken on: all of it, or a line-aligned head and tail."""
    if len(data) <= SAMPLE_HEAD + SAMPLE_TAIL:
        return data.decode("utf-8", errors="replace")
    head = data[:SAMPLE_HEAD]
    cut = head.rfind(b"\n")
    head = head[:cut] if cut > 0 else head
    tail = data[-SAMPLE_TAIL:]
    cut = tail.find(b"\n")
    tail = tail[cut + 1:] if cut >= 0 else tail
    return (head + b"\n" + tail).decode("utf-8", errors="replace")


def _last_frame(line: str) -> str:
    """A CR-redrawn line as the terminal last showed it."""
    frames = [f for f in line.split("\r") if f.strip()]
    return frames[-1] if frames else ""


def _terminal_signal(data: bytes) -> bool:
    """Bare escapes only a terminal writes, or in-place redraws: `\\r` not part of a CRLF."""
    if b"\x1b" in data and P.ANSI_BYTES.search(data):
        return True
    return data.count(b"\r") - data.count(b"\r\n") >= 3


def _matches_at_least(pattern: re.Pattern[str], text: str, count: int) -> bool:
    """`pattern` matches `text` at least `count` times (the scan stops there)."""
    found = 0
    for _ in pattern.finditer(text):
        found += 1
        if found >= count:
            return True
    return False


def _looks_like_diff(text: str) -> bool:
    if not _matches_at_least(P.DIFF_LINE, text, 4):
        return False
    return "\n@@ " in text or "diff --git " in text or ("\n--- " in text and "\n+++ " in text)


def _has_code_structure(text: str) -> bool:
    if "=>" in text or "className=" in text or "});" in text:
        return True
    if P.HTML_CODE_START.match(text.lstrip()):
        return True
    return any(marker in text for marker in _HTML_CODE_MARKERS)


def _looks_like_html(text: str) -> bool:
    lower = text.lstrip().lower()
    if lower.startswith("<!doctype html") or lower.startswith("<html"):
        return True
    if _has_code_structure(text):
        return False
    if "\t" in text and _matches_at_least(P.DISASSEMBLY_LINE, text, 8):
        return False  # objdump -d: `<main>:` is a symbol, not a tag
    return (text.count("<") >= 6 and P.HTML_BODY_TAG.search(text) is not None and not _tags_in_comments(text)
            and P.RUST_ITEM_LINE.search(text) is None)


def _tags_in_comments(text: str) -> bool:
    """Every body tag sits on a comment line: Javadoc's `* <p>`, a `/// <p>` doc comment. A window
    of a Java class (indented, so no `class` at the margin) read as HTML and came back as prose,
    its signatures and line numbers gone."""
    for m in P.HTML_BODY_TAG.finditer(text):
        lead = text[text.rfind("\n", 0, m.start()) + 1:m.start()].lstrip()
        if not lead.startswith(("*", "/*", "//")):
            return False
    return True


def _looks_like_table(nonblank: list[str], text: str) -> bool:
    if len(nonblank) < 3:
        return False
    if all(ln.strip().startswith("|") and ln.strip().endswith("|") and len(ln.strip()) > 1 for ln in nonblank):
        cells = [c.strip() for c in nonblank[1].strip()[1:-1].split("|")]
        return all(P.MARKDOWN_TABLE_SEP.match(c) for c in cells) and len(nonblank) >= 8
    if len(nonblank) < 8:
        return False
    # pandas' print(df): a nameless index column, a `[N rows x M columns]` footer after a blank line
    if text[:1] == " " and ("columns]" in text[-64:] or "\n0 " in text[:4096]) \
            and pandas_frame.parse(text.strip("\n").split("\n")) is not None:
        return True
    # psql -f with several queries: result tables (and command tags) between blank lines.
    if "\n\n" in text.strip("\n") and framed_table.result_blocks(text) is not None:
        return True
    # A database client's table (psql, sqlite3 -box/-table, mysql): its frame fixes the columns.
    if len(nonblank) == len(text.strip("\n").split("\n")) and framed_table.parse(nonblank) is not None:
        return True
    # psql \x, sqlite3 -line: a record a block, a field a line; rows of a table all the same.
    records = record_blocks.parse(text.strip("\n").split("\n"))
    if records is None and len(text) > SAMPLE_HEAD:  # a sample of head and tail: a record is cut
        records = record_blocks.parse_head(text[:SAMPLE_HEAD].split("\n"))
    if records is not None and len(records.rows) >= RECORDS_MIN:
        return True
    # A space-aligned table (`kubectl get`, `ps aux`) has no blank line inside it.
    if P.BLANK_LINE_SPLIT.search(text.strip("\n")) is None and aligned_table.parse(nonblank) is not None:
        return True
    if P.FRAMED_ROW_COUNT.fullmatch(nonblank[-1].strip()):
        nonblank = nonblank[:-1]  # psql -A's `(N rows)` under its `|`-delimited rows
    if _delimited_rows(nonblank) is not None:
        return True
    # A data file's preamble (`# Data source: …`, scikit-learn's `569,30,malignant,benign`
    # count line) above a rectangular CSV: a few short lines not of the table's width.
    for k in range(1, TABLE_PREAMBLE_MAX + 1):
        if len(nonblank[k - 1]) > TABLE_PREAMBLE_CHARS:
            break
        delimiter = aligned_table.delimiter(nonblank[k])
        head = [ln.count(delimiter) for ln in nonblank[k:k + 8]]
        if head[0] == 0 or head.count(head[0]) < len(head):
            continue  # cheap first: the next lines must split alike before the table is parsed
        rows = _delimited_rows(nonblank[k:])
        if rows is not None and len(rows) >= 8:
            # A data file's table: some column holds numbers or dates (a numbered list of R
            # warnings under `Warning messages:` splits on a comma into two columns of prose).
            return all(ln.count(delimiter) != len(rows[0]) - 1 for ln in nonblank[:k]) and \
                any(tabular.measured([r[j] for r in rows[1:]]) for j in range(len(rows[0])))
    return False


#: Leading lines, and the length of each, that may stand above a CSV table as its preamble.
TABLE_PREAMBLE_MAX = 4
TABLE_PREAMBLE_CHARS = 200


def _delimited_rows(nonblank: list[str]) -> list[list[str]] | None:
    """The records of a strict, rectangular CSV/TSV (2..128 fields), or None."""
    if not nonblank:
        return None
    records = [P.TIMESTAMP_COMMA.sub(r"\1.\2", ln) for ln in nonblank]
    first = records[0]
    delimiter = aligned_table.delimiter(first)
    if first.count(delimiter) < 1:
        return None
    # Hits of one search (`six.py:898:def ensure_binary(s, encoding=…, errors=…):` in each
    # vendored copy) split into equal rows on their commas: a hit list, never a table.
    if all(P.SEARCH_LINE.match(ln) and not P.CLOCK_LED_LINE.match(ln) for ln in records):
        return None
    try:
        rows = list(csv.reader(records, delimiter=delimiter, strict=True))
    except csv.Error:
        return None
    width = len(rows[0])
    return rows if 2 <= width <= 128 and all(len(r) == width for r in rows) else None


def _sql_script(nonblank: list[str]) -> bool:
    """A SQL script or dump (`pg_dump -s`, `sqlite3 .dump`): its statements start at the margin
    with a SQL verb. No code compressor reads SQL; as text, its look-alike statement blocks
    (sixty partitions' CREATE TABLE) are elided and every distinct one is kept."""
    starts = [ln for ln in nonblank if not ln[:1].isspace() and not ln.startswith(("--", ")", "\\"))]
    hits = sum(1 for ln in starts if P.SQL_STATEMENT_START.match(ln))
    return hits >= SQL_MIN_STATEMENTS and hits >= SQL_STATEMENT_SHARE * len(starts)


#: Fewest records, and the share of them, that make a text of epoch-stamped records a log.
EPOCH_MIN_RECORDS = 8
EPOCH_SHARE = 0.9
#: Fields of a record's head where its epoch stamp may stand (HPC's is the fifth).
EPOCH_HEAD_FIELDS = 8


def _epoch_records(nonblank: list[str]) -> bool:
    """Records stamped with Unix epoch seconds or milliseconds and no clock or level word (an HPC
    cluster's `134681 node-246 unix.hw state_change.unavailable 1077804742 1 Component …`):
    a log, whose look-alike records the log compressor elides and whose `psu failure` it keeps.
    Asked only of a payload that would otherwise be plain text."""
    if len(nonblank) < EPOCH_MIN_RECORDS:
        return False
    stamped = 0
    for ln in nonblank:
        fields = ln.split(None, EPOCH_HEAD_FIELDS)
        if len(fields) > 4 and any(len(f) in (10, 13) and f[0] == "1" and f.isdigit()
                                   for f in fields[:EPOCH_HEAD_FIELDS]):
            stamped += 1
    return stamped >= EPOCH_SHARE * len(nonblank)


def _looks_like_log(nonblank: list[str]) -> bool:
    return _log_evidence(nonblank)[0]


def _log_evidence(nonblank: list[str]) -> tuple[bool, bool]:
    """Whether the lines read as a log, and whether they still do when a level word inside a
    line that code writes is no record's (see _code_level_word)."""
    if len(nonblank) < 4:
        return False, False
    # A record is judged by its first line: the stack trace a logger prints under an error
    # record continues that record (a service log with a few tracebacks is still a log). Only a
    # record that is itself a log line has continuations; elsewhere such lines count against.
    hits = records = strong = 0
    in_record = False
    for ln in nonblank:
        # rich's records under a blank time column are indented, each a record of its own
        blank_time = ln[:8] == "        " and P.LOG_BLANK_TIME_RECORD.match(ln) is not None
        if in_record and not blank_time and P.LOG_CONTINUATION.match(ln):
            continue
        records += 1
        # a boosting round's metrics, a training loop's metrics row or dict: a record each
        found = P.LOG_LINE.search(ln)
        hit = found is not None or eval_rows.is_row(ln) or eval_rows.pipe_fields(ln) is not None \
            or (ln[:2] == "{'" and eval_rows.py_dict_fields(ln) is not None)
        hits += hit
        strong += hit and (found is None or not _code_level_word(ln, found))
        in_record = hit and (ln[:1] not in (" ", "\t") or blank_time)  # an indented line opens no record of its own
    return hits >= 3 and 2 * hits >= records, strong >= 3 and 2 * strong >= records


def _code_level_word(line: str, found: re.Match[str]) -> bool:
    """LOG_LINE found only a level word, inside a line shaped like code's and with no time stamp:
    Go's `(n int, err error)`, Rust's `#[instrument(level = "trace")]`, `.at_level(Level::INFO))`.
    A logger prints its level at the line's head or after a stamp."""
    if found.group(2) is None or line[:2] == '{"' or not line[:found.start()].strip(" \t[<|"):
        return False
    return P.CODE_LINE_SHAPE.search(line) is not None and P.LOG_STAMP.search(line) is None


def _hits_with_level_words(nonblank: list[str]) -> bool:
    """Search hits whose text holds a level word (`func (f *File) Close() error {` in each of
    80 Go files): every line that reads as a log record is a `path:line:` hit. Asked only of
    payloads already judged logs, and only when the first line is led by a hit."""
    if not _hit_led(nonblank[0]):
        return False
    return all(_hit_led(ln) for ln in nonblank if P.LOG_LINE.search(ln))


def _hit_led(line: str) -> bool:
    """Led by `path:line:` whose path has no blank (an access log's `10.0.0.1 - - [30/Nov/2026:06`
    reads as a path `… [30/Nov/2026` and line `06`) and is no time stamp (a logfmt record's
    `time=2026-11-30T11:05:36Z` reads as a path `time=2026-11-30T11` and line `05`)."""
    found = P.SEARCH_HIT.match(line)
    return found is not None and " " not in found.group(1) and not _clock_led(line)


def _clock_led(line: str) -> bool:
    """Led by a clock (`Nov 30 06:00:10`) or by a word ending in one (`…_13:53:08`): a log
    record that SEARCH_LINE would read as `path:line:`."""
    return P.CLOCK_LED_LINE.match(line) is not None or P.CLOCK_ENDED_WORD.match(line) is not None


def _looks_like_code(text: str, nonblank: list[str]) -> bool:
    if text.startswith("#!") or _package_first(nonblank):
        return True
    keywords = _matches_at_least(P.CODE_KEYWORD, text, 3)
    # A header of macros (nettle's macros.h: `#define READ_UINT16(p) \`) holds few keywords; as
    # text, whole definitions went as look-alike sections.
    directives = "#" in text and _matches_at_least(P.C_DIRECTIVE_LINE, text, 3)
    if not keywords and not directives and P.CODE_DECLARATION_LINE.search(text) is None:
        return False
    structural = (directives or P.CODE_STRUCTURE.search(text) is not None or "{" in text
                  or ("def " in text and ":" in text) or "\n    " in text)
    if not structural:
        return False
    shaped = counted = 0
    in_docstring = False
    # A Markdown document (a quarter of its lines Markdown-shaped): its list items are prose.
    markdown = 4 * sum(1 for ln in nonblank if P.MARKDOWN_LINE.match(ln)) >= len(nonblank)
    comment_runs = _comment_runs(text, nonblank)
    for i, ln in enumerate(nonblank):
        quotes = ln.count('"""') + ln.count("'''")
        if in_docstring or quotes:
            # Docstring prose (and Markdown, below) is neither evidence for code nor against it.
            in_docstring ^= quotes % 2 == 1
            continue
        if markdown and P.MARKDOWN_LINE.match(ln):
            continue
        shape = P.CODE_LINE_SHAPE.search(ln) is not None
        if not shape and i in comment_runs:
            # The `#` comment block a module opens with (a table of rules, a licence) is prose
            # too: it put the module under the share, read as text. (A lone `# Title` is a
            # Markdown heading as often as a comment: it still counts.)
            continue
        counted += 1
        shaped += shape
    if not keywords:
        # One or two keywords (a TypeScript lib's `interface Atomics {` and its documented
        # method signatures): code only when nearly every line is shaped like code's. As text,
        # lib.es2020.sharedmemory.d.ts lost five signatures to look-alike sections.
        return counted >= CODE_FEW_KEYWORDS_LINES and shaped >= CODE_FEW_KEYWORDS_SHARE * counted
    return shaped >= CODE_LINE_SHARE * counted


def _package_first(nonblank: list[str]) -> bool:
    """The first line after the leading comments is a package clause: a Go file. Go's
    type and constant files (x/sys/unix's ztypes_*.go, a.out.go: struct fields and `X = 0x1`
    lines, none shaped like code's) read as text, whose look-alike sections hid fields and values."""
    in_block = False
    for ln in nonblank[:200]:
        s = ln.strip()
        if in_block:
            in_block = "*/" not in s
            continue
        if s.startswith("//"):
            continue
        if s.startswith("/*"):
            in_block = "*/" not in s
            continue
        return s[:8] == "package " and P.GO_PACKAGE_CLAUSE.fullmatch(s) is not None
    return False


def _comment_runs(text: str, nonblank: list[str]) -> frozenset[int]:
    """Indexes of `#` lines next to another `#` line (a comment block, not a heading), in a text
    that defines or imports something at a line start. A config file's comments between its
    settings (postgresql.conf) are what makes it a document, and a `#12 0x… in f ()` line is a
    gdb frame, no comment."""
    if P.CODE_DEFINITION_LINE.search(text) is None:
        return frozenset()
    hashed = [ln.lstrip().startswith("#") and not ln.lstrip()[1:2].isdigit() for ln in nonblank]
    return frozenset(i for i, h in enumerate(hashed)
                     if h and ((i > 0 and hashed[i - 1]) or (i + 1 < len(hashed) and hashed[i + 1])))


def _looks_like_search(nonblank: list[str]) -> bool:
    if len(nonblank) < 6:
        return False
    hits = sum(1 for ln in nonblank if (P.SEARCH_LINE.match(ln) or P.SEARCH_PATH_HIT.match(ln))
               and not _clock_led(ln))
    if hits < 4:
        return False
    context = sum(1 for ln in nonblank if P.SEARCH_CONTEXT_LINE.match(ln)) if 3 * hits < len(nonblank) else 0
    return 3 * (hits + context) >= len(nonblank)


#: Hits, and their share of the lines, that make rg's grouped output (`rg -n` on a terminal).
GROUPED_HITS_MIN = 4
GROUPED_HITS_SHARE = 0.6


def _grouped_hits(nonblank: list[str]) -> bool:
    """rg's grouped output (`rg -n PATTERN` on a terminal, `rg --heading`): each file's path alone
    on a line, then its hits as `12:text`. The hits quote source, so they read as code, and the
    code compressor passed the listing through labelled code (express's `rg 'res\\.send\\('`).
    Every line is a heading, a hit or `--`; the first line is a heading."""
    if len(nonblank) < GROUPED_HITS_MIN + 1 or not P.SEARCH_HEADING.fullmatch(nonblank[0]):
        return False
    hits = 0
    for ln in nonblank:
        if P.SEARCH_GROUPED_HIT.match(ln):
            hits += 1
        elif ln != "--" and not P.SEARCH_HEADING.fullmatch(ln):
            return False
    return hits >= GROUPED_HITS_MIN and hits >= GROUPED_HITS_SHARE * len(nonblank)


def _fmt_check_run(text: str) -> bool:
    """black's or isort's check run, file by file (`would reformat x.py`, black -v's passing
    files, isort's `ERROR: x.py Imports are incorrectly sorted …`): asked after the diff test,
    since with `--diff` the run is a diff first."""
    return ("would reformat " in text or "Imports are incorrectly sorted" in text) and \
        P.FMT_CHECK_RUN.search(text) is not None


def _m4_trace(text: str) -> bool:
    """autoconf/automake warnings (`autoreconf -Wall`): each `configure.ac:3: warning: …` comes
    with its m4 expansion trace (`aclocal.m4:122: AC_PROG_LIBTOOL is expanded from...`,
    `configure.ac:3: the top level`), lines shaped like grep hits that are a tool's diagnostics."""
    return " is expanded from..." in text and ": the top level" in text


def _lint_finding(ln: str) -> bool:
    return bool(P.TOOL_DIAG_CODE.match(ln) or P.ESLINT_UNIX_FINDING.match(ln)
                or (": warning: " in ln or ": error: " in ln) and P.TOOL_DIAG_GCC.match(ln))


def _lint_explained(nonblank: list[str]) -> bool:
    """Lint findings each followed by an indented explanation: pycodestyle --show-pep8 prints
    its check's docstring (prose, `Okay:` and `E225:` examples) under every finding, so the
    findings are a few lines in twenty and the payload read as prose. Every unindented line is
    a finding (the first line too), and there are a few of them."""
    if not nonblank or not _lint_finding(nonblank[0]):
        return False
    findings = 0
    for ln in nonblank:
        if ln[:1].isspace():
            continue
        if not _lint_finding(ln):
            return False
        findings += 1
    return findings >= 4


def _lint_listing(nonblank: list[str]) -> bool:
    """Most lines are lint findings, coded (ruff, flake8, pylint) or with eslint's unix severity,
    or Go's compile and vet errors under their package headers (asked only of payloads already
    shaped like hits: a search view would show a repeated message once, each error cut to its
    location)."""
    # ... and doxygen's, javadoc's or a compiler's `path:12: warning: msg` (a column is optional)
    findings = sum(1 for ln in nonblank if P.TOOL_DIAG_CODE.match(ln) or P.ESLINT_UNIX_FINDING.match(ln)
                   or (": warning: " in ln or ": error: " in ln) and P.TOOL_DIAG_GCC.match(ln)
                   or "% confidence" in ln and P.TOOL_DIAG_VULTURE.match(ln)  # vulture
                   or ": [" in ln and P.TOOL_DIAG_YAMLLINT.match(ln))  # yamllint -f parsable
    if findings >= 4 and 2 * findings >= len(nonblank):
        return True
    if findings >= 4 and 3 * findings >= len(nonblank):
        # flake8/pycodestyle --show-source: each finding with its source line and a caret line
        # under it (`        ^`); a caret line is no search hit or context
        carets = sum(1 for ln in nonblank if ln.endswith("^") and P.TOOL_CARET_ONLY.match(ln))
        if 2 * (findings + 2 * min(carets, findings)) >= len(nonblank):
            return True
    packages = sum(1 for ln in nonblank if ln.startswith("# ") and P.GO_BUILD_PACKAGE.match(ln))
    return packages > 0 and 2 * (packages + sum(1 for ln in nonblank if P.TOOL_DIAG_GO.match(ln))) >= len(nonblank)


def _looks_like_config(data: bytes, text: str, lines: list[str]) -> bool:
    significant = [ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]
    if len([ln for ln in lines if ln.strip()]) < 12 or not significant:
        return False
    if '"""' in text or "'''" in text:
        toml_ok = False
    else:
        sections = sum(1 for ln in significant if P.TOML_SECTION.match(ln))
        pairs = sum(1 for ln in significant if P.TOML_PAIR.match(ln))
        prose = sum(1 for ln in significant if _toml_prose(ln))
        toml_ok = sections >= 2 and pairs >= 4 and prose == 0
    if toml_ok:
        return True
    return _looks_like_yaml(data, significant)


def _toml_document(data: bytes, text: str) -> bool:
    """The whole of `data` parses as TOML and holds two tables or more."""
    if "\n[" not in text and not text.startswith("[") or len(data) > SAMPLE_HEAD + SAMPLE_TAIL:
        return False
    import tomllib  # only the few payloads with table headers pay for the import

    try:
        document = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return False
    return sum(isinstance(value, dict) for value in document.values()) >= 2


def _toml_prose(line: str) -> bool:
    s = line.strip()
    if P.TOML_SECTION.match(line) or P.TOML_PAIR.match(line):
        return False
    # Continuation lines of multi-line arrays and inline tables.
    return not (s[0] in "\"'[]{}-+0123456789" or s.endswith((",", "[", "{")))


def _yaml_shaped(nonblank: list[str], *, code_keys: bool = True) -> bool:
    """Half the significant lines are `key: value` lines. `code_keys=False` leaves out the key
    lines that are code's: a struct's or an interface's `field: Type,` (a YAML value seldom ends
    in `,` `;` `(` or `{`), a Python annotation with its default (`name: T = x`), a `case X:`
    label. A Rust struct, a TypeScript overload list or a Java switch table read as YAML, then
    as text, and lost fields and signatures as look-alike sections."""
    significant = [ln for ln in nonblank if not ln.lstrip().startswith("#")]
    keys = sum(1 for ln in significant if P.YAML_KEY.match(ln) and (code_keys or not _code_key(ln)))
    return keys >= 6 and 2 * keys >= len(significant)


def _code_key(line: str) -> bool:
    """A `key: value`-shaped line (YAML_KEY matched it) that is code's (see _yaml_shaped); a
    quoted key is JSON's or YAML's (a tsconfig.json or .eslintrc with trailing commas is config)."""
    key, _, value = line.partition(":")
    key = key.lstrip()
    if key[:1] in ('"', "'"):
        return False
    return line.rstrip()[-1:] in (",", ";", "(", "{") or " = " in value or key.startswith("case ")


def _looks_like_yaml(data: bytes, significant: list[str]) -> bool:
    outside, inside = _split_block_scalars(significant)
    # The reference refuses every block scalar; we refuse only documents carried in them (a
    # manual in YAML), so a CI workflow with a few multi-line `run: |` steps is still config.
    if 3 * inside > len(significant) or not _yaml_shaped(outside):
        return False
    if _repeats_top_level_keys(outside):
        return False
    prose = sum(1 for ln in outside
                if not P.YAML_KEY.match(ln) and not P.YAML_ITEM.match(ln) and ln.strip() not in ("---", "...")
                and len(ln.split()) >= 4)
    if 4 * prose > len(outside):
        return False
    return _yaml_parses(data)


def _repeats_top_level_keys(lines: list[str]) -> bool:
    """Most top-level keys repeat one in their own document: `import time: 138 | ...` lines,
    a `key: value` report, not a mapping (YAML never repeats a key; `---` starts anew)."""
    seen: set[str] = set()
    keys = repeats = 0
    for ln in lines:
        if ln.startswith("---"):
            seen.clear()
            continue
        if ln[:1] in (" ", "\t", "-") or not P.YAML_KEY.match(ln):
            continue
        key = ln.split(":", 1)[0].strip()
        keys += 1
        repeats += key in seen
        seen.add(key)
    return keys >= 4 and 2 * repeats > keys


def _split_block_scalars(lines: list[str]) -> tuple[list[str], int]:
    """Lines outside `key: |` / `key: >` block scalars, and how many lines are inside them."""
    outside: list[str] = []
    inside = 0
    block_indent: int | None = None
    for ln in lines:
        indent = len(ln) - len(ln.lstrip())
        if block_indent is not None and indent > block_indent:
            inside += 1
            continue
        block_indent = indent if P.YAML_BLOCK_SCALAR.search(ln) else None
        outside.append(ln)
    return outside, inside


def _yaml_parses(data: bytes) -> bool:
    import yaml  # heavy; only for payloads that already look like YAML

    if len(data) > YAML_PARSE_MAX:
        # Parse a prefix ending before a top-level key, so the cut never splits a value.
        head = data[:YAML_PARSE_MAX]
        cut = max(head.rfind(b"\n" + bytes([c])) for c in b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
        data = head[:cut] if cut > 0 else head
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        docs = list(yaml.load_all(data, Loader=loader))
    except (yaml.YAMLError, ValueError, RecursionError):
        return False
    return any(isinstance(doc, (dict, list)) for doc in docs)
