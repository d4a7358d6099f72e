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
#: (`(?<=[A-Za-z])Error` finds what the reference's `[A-Za-z]+Error` finds, without the
#: quadratic backtracking through every word.)
TERMINAL_IMPORTANT = re.compile(
    r"(?i)(\b(ERROR|ERR|FATAL|PANIC|EXCEPTION|TRACEBACK|FAIL|FAILED|FAILURE|WARN|WARNING)\b"
    r"|(?<=[A-Za-z])(?:Error|Exception)\b|^\s+at\s|^\s+File \"|\.go:\d+|:\d+:\d+:|^\s*--->"
    r"|caused by|\bexit status [1-9])"
)

#: A compiler-style `:line:col:` location (the one TERMINAL_IMPORTANT branch without a
#: keyword), searched on the whole text to find candidate lines fast.
LOCATION = re.compile(r":\d+:\d+:")

#: Candidate finder for the indented stack-frame branches of TERMINAL_IMPORTANT and
#: LOG_IMPORTANT (`^\s+at\s`, `^\s+File "`), run on the whole lower-cased text.
INDENTED_FRAME = re.compile(r"(?m)^[ \t\x0b\x0c\r]+(?:at\s|file \")")

#: Lines a log must keep.
LOG_IMPORTANT = re.compile(
    r"(?i)(\b(ERROR|FATAL|PANIC|EXCEPTION|TRACEBACK|FAIL|FAILED|FAILURE|WARN|WARNING)\b"
    r"|^\s+at\s|^\s+File \"|\.go:\d+|^\s+--->|caused by)"
)

#: Lines of a test or build run that report success or progress: one passing test, a suite
#: banner, a configure check. Each names a different test, so keepNonRedundant would keep
#: them all; the terminal compressor compares them by their status alone (one example shown,
#: the rest counted in the marker). Never consulted for lines toolout.must_keep flags.
PASSING_LINE = re.compile(r"(?:::\S*|\s)(?:PASSED|SKIPPED)\b|\.\.\. ok$")  # pytest -v; cargo, unittest -v
#: PASSING_LINE is searched only on lines holding one of these words (it is unanchored).
PASSING_WORDS = ("PASSED", "SKIPPED", "... ok")
#: The anchored rest, matched at the line start (fails fast): jest/mocha/node --test ticks,
#: TAP, go test, ctest, pytest's dot progress, cmake probes, make progress, and installer
#: chatter (pip, apt/dpkg, cargo, go, npm's verbose log), each naming a different package.
PASSING_START = re.compile(
    r"[ \t]*(?:[✓✔√▶]\s|ok \d+ |ok\s+\S+\s+(?:\(cached\)|[\d.]+s)|PASS\s+\S|--- PASS\b"
    r"|=== (?:RUN|PAUSE|CONT|NAME)\b|\d+/\d+ Test +#\d+: .* Passed\b"
    r"|(?:Compiling|Downloaded|Downloading|Checking|Fresh|Installing|Updating) \S+ v\d\S*(?: \([^)]*\))?$)"
    r"|\S+\.py [.sx]+ *\[ *\d+%\]$"
    r"|-- (?:Performing Test|Looking for|Check for|Checking|Detecting)\b(?!.*\b(?:[Ee]rror|[Ww]arning|[Ff]ail))"
    r"|\[ *\d+%\] (?:Building|Linking)\b"
    r"|[ \t]*(?:Collecting|Downloading|Using cached|Requirement already satisfied:|Obtaining|Processing) \S"
    r"|(?:Get|Hit|Ign):\d+ \S"
    r"|(?:Unpacking|Setting up|Selecting previously unselected package|Preparing to unpack|Processing triggers for) \S"
    r"|go: downloading \S"
    r"|npm (?:http|sill|verb|timing) "
)
#: A diagnostic's location on a line of its own: rustc/ruff ` --> path:12:5` (the message is
#: the line above it) and shellcheck `In path line 12:`. Every diagnostic is a finding the
#: agent must see, so pointer lines are kept, with the message line of the `-->` form.
DIAGNOSTIC_POINTER = re.compile(r"\s*(-->)\s*\S+:\d+(?::\d+)?\s*|In \S.* line \d+:\s*")
#: The first line of a test failure: mocha's `1) title`, node's `✖`, jest's `●`, TAP's
#: `not ok`, `FAIL`. The lines nested under it (deeper indent, up to a blank line) are its
#: block and are kept whole.
FAILURE_START = re.compile(r"\s*(?:\d+\) \S|[✖✗×●] |not ok \d+|(?:--- )?FAIL\b)")
FAILURE_WORDS = (") ", "✖", "✗", "×", "●", "not ok", "FAIL")
#: A pending (skipped) test in mocha's spec reporter: an indented `- title`.
PENDING_TEST = re.compile(r"\s+- \S")

#: A source excerpt under a diagnostic: a gutter (` 12 |  code`, `   |  ^^^`) or a suggested
#: fix's diff line (`316 +  code`, `    -  code`). Excerpts under a lint finding are compared
#: as one class (one shown, the rest counted); under an error they are kept (see terminal).
SOURCE_EXCERPT = re.compile(r"\s*\d*\s*\|(?:\s|$)|\s*\d*\s+[+-]\s")
#: A word that opens an error block whose excerpt stays.
ERROR_WORD = re.compile(r"(?i)\berror\b")
#: Where PASSING_START may match, searched on the whole text (candidates, then matched).
PASSING_CANDIDATE = re.compile(
    r"(?m)^[ \t]*(?:[✓✔√▶]|ok[ \t]|PASS|--- PASS|=== |\d+/\d+ Test|Compiling|Downloaded|Downloading|Checking"
    r"|Fresh|Installing|Updating)|^\S+\.py [.sx]|^-- |^\[ *\d+%\]|^[ \t]*(?:Collecting|Using cached|Requirement"
    r"|Obtaining|Processing|Get:|Hit:|Ign:|Unpacking|Setting up|Selecting|Preparing|go: downloading|npm )"
)

#: When a log line is a repeat of an earlier error line: the parts that say only WHEN or WHO
#: (dates, times with an optional trailing year, weekday and month names, a syslog `name[pid]:`
#: pid, HDFS's `081109 203615 148` prefix) are masked; every other number (ports, ids, counts,
#: status codes, states) still tells lines apart.
LOG_TIME_MASK = re.compile(
    # Every branch starts with a digit, a letter of a day or month name, or `[`, so the regex
    # engine can skip other positions fast.
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?(?: (?:19|20)\d{2}\b)?"
    r"|\d{2}/\d{2}/\d{2,4}|\d{6} \d{6}(?: \d+)?(?= [A-Z])"
    r"|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{1,2}\b"
    r"|\[(?<=[\w)]\[)\d+\](?=:)"
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

#: Search hits a compact view keeps: failures and words a reviewer greps for on purpose.
SEARCH_IMPORTANT = re.compile(r"(?i)\b(ERROR|FAIL|FAILED|PANIC|ACTION|FOLLOWUP|SECURITY|SECRET|TOKEN|PASSWORD|KEY)\b")
#: rg's grouped output: a file path alone on its line, before that file's `N:` hits.
SEARCH_HEADING = re.compile(r"[^\s:][^:]{0,240}\.[A-Za-z0-9_]{1,12}|[^\s:][^:]{0,240}/[^\s:/]+")

# ---------------------------------------------------------------- text

#: Paragraph break: one or more blank (or white-space-only) lines.
BLANK_LINE_SPLIT = re.compile(r"\n(?:[ \t]*\n)+")
#: A Markdown heading; short unpunctuated lines count as headings too (see text.is_heading).
TEXT_HEADING_MD = re.compile(r"#{1,6}\s")
TEXT_SENTENCE_END = re.compile(r"[.!?]")
#: Sections prose always keeps: what a reader is told to act on.
TEXT_IMPORTANT = re.compile(
    r"(?i)\b(ERROR|WARNING|IMPORTANT|NOTE|ACTION|FOLLOWUP|SECURITY|SUMMARY|CONCLUSION|DECISION|RECOMMENDATION)\b"
)
#: Markup that text has no use for: HTML got routed to text when it was a fragment.
LOOKS_HTML = re.compile(r"(?i)<(?:html|body|div|p|span|script|style|svg)\b")
HTML_NOISE_BLOCK = re.compile(r"(?is)<(script|style|svg)\b.*?</\1\s*>")
HTML_COMMENT = re.compile(r"(?s)<!--.*?-->")

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
