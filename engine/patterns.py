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

#: C0 controls left after escapes, CRs and backspaces are resolved (BEL, SI/SO, NUL...):
#: invisible on a terminal, noise to an agent. Tab stays.
CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

# ---------------------------------------------------------------- lines that must survive

#: Lines a terminal transcript must keep: errors, warnings, failures, stack frames.
TERMINAL_IMPORTANT = re.compile(
    r"(?i)(\b(ERROR|ERR|FATAL|PANIC|EXCEPTION|TRACEBACK|FAIL|FAILED|FAILURE|WARN|WARNING)\b"
    r"|[A-Za-z]+Error\b|[A-Za-z]+Exception\b|^\s+at\s|^\s+File \"|\.go:\d+|:\d+:\d+:|^\s*--->"
    r"|caused by|\bexit status [1-9])"
)

#: A compiler-style `:line:col:` location (the one TERMINAL_IMPORTANT branch without a
#: keyword), searched on the whole text to find candidate lines fast.
LOCATION = re.compile(r":\d+:\d+:")

#: Lines a log must keep.
LOG_IMPORTANT = re.compile(
    r"(?i)(\b(ERROR|FATAL|PANIC|EXCEPTION|TRACEBACK|FAIL|FAILED|FAILURE|WARN|WARNING)\b"
    r"|^\s+at\s|^\s+File \"|\.go:\d+|^\s+--->|caused by)"
)

#: Lines of a test or build run that report success or progress: one passing test, a suite
#: banner, a configure check. Each names a different test, so keepNonRedundant would keep
#: them all; the terminal compressor compares them by their status alone (one example shown,
#: the rest counted in the marker). Never consulted for lines toolout.must_keep flags.
PASSING_LINE = re.compile(
    r"(?:::\S*|\s)(?:PASSED|SKIPPED)\b"             # pytest -v
    r"|^\s*[✓✔√]\s"                                   # jest, mocha, node --test
    r"|^\s*ok \d+ "                                   # TAP
    r"|^\s*(?:--- PASS|=== (?:RUN|PAUSE|CONT|NAME))\b"  # go test -v
    r"|^test \S.* \.\.\. ok$|\.\.\. ok$"           # cargo test, unittest -v
    r"|^\s*\d+/\d+ Test +#\d+: .* Passed\b"          # ctest
    r"|^-- (?!.*\b(?:[Ee]rror|[Ww]arning|not found|NOT FOUND|[Ff]ail))"  # cmake configure chatter
    r"|^\[ *\d+%\] (?:Building|Linking|Built target)\b"  # make progress
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
#: A unit with an ASCII letter has a letter-bearing word, so its digit runs are masked.
HAS_LETTER = re.compile(r"[A-Za-z]")
#: A word after lower-casing and masking digit runs to NUL (keepNonRedundant's fast path).
MASKED_WORD = re.compile(r"[a-z_\x00]+")

#: Field names whose values are never summarised in a marker.
CREDENTIAL_FIELD = re.compile(r"(?i)(secret|passw|token|api[_-]?key|authoriz|credential|cookie|session)")

#: logfmt-style `key=value` pairs inside a log line.
LOGFMT_PAIR = re.compile(r"""(?:^|[\s,\[{(])([A-Za-z_][A-Za-z0-9_.\-]*)=("[^"]*"|'[^']*'|[^\s,\]})]+)""")

#: Our own markers, so a second pass never treats them as content.
ELISION_MARKER = re.compile(r"\(caveman\)|caveman: ")
