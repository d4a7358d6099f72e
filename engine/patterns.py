"""Every regular expression the engine matches with, named and explained in one place.

Detection and stripping use the same ANSI pattern, so what Detect calls terminal output is
exactly what the terminal compressor cleans. Compressors import from here; nothing else
compiles patterns.
"""
from __future__ import annotations

import re

# ---------------------------------------------------------------- terminal

#: CSI (colours, cursor moves), OSC (titles, hyperlinks; BEL or ST terminated) and two-byte
#: Fe escapes. One pattern for detecting and for stripping.
ANSI = re.compile(r"\x1b\[[0-9:;<=>?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
ANSI_BYTES = re.compile(ANSI.pattern.encode("ascii"))

# ---------------------------------------------------------------- lines that must survive

#: Lines a terminal transcript must keep: errors, warnings, failures, stack frames.
TERMINAL_IMPORTANT = re.compile(
    r"(?i)(\b(ERROR|ERR|FATAL|PANIC|EXCEPTION|TRACEBACK|FAIL|FAILED|FAILURE|WARN|WARNING)\b"
    r"|[A-Za-z]+Error\b|[A-Za-z]+Exception\b|^\s+at\s|^\s+File \"|\.go:\d+|:\d+:\d+:|^\s*--->"
    r"|caused by|\bexit status [1-9])"
)

#: Lines a log must keep.
LOG_IMPORTANT = re.compile(
    r"(?i)(\b(ERROR|FATAL|PANIC|EXCEPTION|TRACEBACK|FAIL|FAILED|FAILURE|WARN|WARNING)\b"
    r"|^\s+at\s|^\s+File \"|\.go:\d+|^\s+--->|caused by)"
)

# ---------------------------------------------------------------- detection

#: A log line: a level word, a bracketed tag, or a timestamp.
LOG_LINE = re.compile(
    r"(?i)(\b(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|PANIC)\b|^\s*\[[A-Z]+\]"
    r"|\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}|\b\d{2}:\d{2}:\d{2}\b)"
)

#: Diff structure lines.
DIFF_LINE = re.compile(r"(?m)^(diff --git |@@ |--- |\+\+\+ |[+-][^+-])")

#: Source-code keywords; code needs several of them plus a structural signal.
CODE_KEYWORD = re.compile(
    r"\b(func|package|import|def|class|function|return|const|let|var|public|private|protected"
    r"|static|void|struct|interface|namespace|module|fn|impl|trait|export|async|await)\b"
)
CODE_STRUCTURE = re.compile(r"(?m)(=>|::|->|\)\{|\) \{|;\n|^\s*#include|^\s*from .+ import )")

#: A search hit: `path:line[:col]:` or a URL.
SEARCH_LINE = re.compile(r"(?m)^([./~A-Za-z0-9_-][^:\n]{0,240}:\d+(:\d+)?:|https?://\S+)")

# ---------------------------------------------------------------- elision bookkeeping

#: Words: the vocabulary unit of keepNonRedundant and of BM25.
WORD = re.compile(r"[A-Za-z0-9_]+")
DIGITS = re.compile(r"[0-9]+")

#: Field names whose values are never summarised in a marker.
CREDENTIAL_FIELD = re.compile(r"(?i)(secret|passw|token|api[_-]?key|authoriz|credential|cookie|session)")

#: logfmt-style `key=value` pairs inside a log line.
LOGFMT_PAIR = re.compile(r"""(?:^|[\s,\[{(])([A-Za-z_][A-Za-z0-9_.\-]*)=("[^"]*"|'[^']*'|[^\s,\]})]+)""")

#: Our own markers, so a second pass never treats them as content.
ELISION_MARKER = re.compile(r"\(caveman\)|caveman: ")

# ---------------------------------------------------------------- query scoring (BM25)

#: A BM25 term: a run of letters, digits or underscores (Unicode-aware, so `café` is one term,
#: not `caf`); engine.bm25 lowercases first and keeps runs of two bytes or more.
BM25_TERM = re.compile(r"\w+")

# ---------------------------------------------------------------- query narrowing (retrieve_query)

#: A blank line (white space only): what separates paragraphs, and diagnostics that tools print
#: one block each.
BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")
BLANK_LINE_BYTES = re.compile(BLANK_LINE.pattern.encode("ascii"))

#: A JSON field line (`  "status": "unfulfilled",`): text mostly made of these is a JSON
#: document that did not parse, and cutting it into lines would hand out fragments.
JSON_FIELD_LINE = re.compile(r'^\s*"[^"\n]*"\s*:', re.M)

#: A `cat -n`/`nl` line-number gutter; indentation is measured after it, so a numbered listing
#: still shows the def or class a returned line sits in.
LISTING_GUTTER = re.compile(r"[ \t]*\d+\t")

#: Runs of white space, folded to one space before matching a query verbatim (as agents and
#: the scorer compare text).
WHITESPACE_RUN = re.compile(r"\s+")

#: White space around JSON punctuation, dropped on both sides before a query is matched
#: verbatim against a re-rendered record (`"a":1` in a minified original, `"a": 1` in the view).
JSON_PUNCTUATION_SPACE = re.compile(r"\s*([:,\[\]{}])\s*")

#: The lines a diff line is read under: its hunk (`@@ -5,7 +5,7 @@`), its file (`diff --git a/x
#: b/x`, or plain `diff -u …`) and, in `git log -p`, its commit. Without them `-version = "2.31"`
#: does not say which file, or which commit, it was removed from.
DIFF_HUNK_HEADER = re.compile(r"@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@")
DIFF_FILE_HEADER = re.compile(r"diff (?:--git |-)")
COMMIT_HEADER = re.compile(r"commit [0-9a-f]{7,64}\b")
