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

# ---------------------------------------------------------------- router, listings, code, diff, html
# (owner: helper `code`; used by engine/detect.py, engine/listing.py and the code/diff/html compressors)

#: A read tool's line-number gutter: `     1\tx` (cat -n), `   12 | x`, `12: x`, `12→x` (Claude's
#: Read), or a bare number (a numbered blank line). Group 2 is the number, group 3 the separator.
GUTTER_LINE = re.compile(r"( *)(\d{1,12})(\t| \| | \|$|: |:$|→|$)")

#: A `<file …>` wrapper's opening tag on its own line; the closing `</file>` ends the payload.
FILE_WRAPPER_OPEN = re.compile(rb"<file(?:\s[^>\n]*)?>[ \t]*\r?\n")

#: JSX/TSX and source files that embed markup: these are code, not HTML.
HTML_CODE_START = re.compile(r"(?:import |export |package |func |def |const |#include|#!|//|/\*)")

#: Markdown table separator cell (`---`, `:--:`).
MARKDOWN_TABLE_SEP = re.compile(r"^:?-{3,}:?$")

#: Config shapes: a TOML `[section]` / `[[array]]` header and a TOML `key = value`.
TOML_SECTION = re.compile(r"^\s*\[\[?[A-Za-z0-9_.\-\"' ]+\]\]?\s*(#.*)?$")
TOML_PAIR = re.compile(r"^\s*[A-Za-z0-9_.\-\"']+\s*=\s*\S")
#: A YAML mapping key line (optionally a list item's first key), a YAML list item, a block scalar.
YAML_KEY = re.compile(r"^\s*(?:- +)?[A-Za-z0-9_.\-/\"'$@]+(?: [A-Za-z0-9_.\-]+)?\s*:(?:\s|$)")
YAML_ITEM = re.compile(r"^\s*-(?:\s|$)")
YAML_BLOCK_SCALAR = re.compile(r":\s*[|>][+-]?\d*\s*(#.*)?$")

#: A line that only code writes: ends with a bracket/terminator, or opens with a keyword/comment.
#: Guards Detect against prose that happens to say "class" or "return".
CODE_LINE_SHAPE = re.compile(
    r"(?:[{}()\[\];:,]|=>|\\)\s*(?://.*|#.*)?$|^\s+\*(?:\s|/|$)|^\s*(?:[{}\])]|//|/\*|#(?:include|define|if|ifdef|ifndef|endif|pragma)\b|@\w|(?:import|from|def|class|func|fn"
    r"|return|if|for|while|const|let|var|package|public|private|static|struct|type|impl|use|pub)\b)"
)

#: Lines worth keeping from an elided function body: where errors are raised, and the messages
#: they carry (an agent hunting an error message looks for the line that produces it).
CODE_ERROR_LINE = re.compile(
    r"(?:^\s*|[;{)]\s*)(?:raise|throw)\b|\bpanic!?\(|\b(?:errors\.New|fmt\.Errorf)\(|\b(?:[A-Z]\w*)?(?:Error|Exception)\("
    r"|[\"'][^\"'\n]*\b(?:[Cc]annot|[Cc]an't|[Ii]nvalid|[Uu]nable to|[Ff]ailed|[Nn]ot found|[Uu]nexpected)\b"
)

CODE_ERROR_LINE_ANY = re.compile("(?m)" + CODE_ERROR_LINE.pattern)

#: A unified-diff hunk header; the counts default to 1 when omitted.
DIFF_HUNK = re.compile(r"^@@@? -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))?(?: \+\d+(?:,\d+)?)? @@@?")
#: Lines outside hunks that a diff or `git log -p` always keeps (file and commit headers).
DIFF_HEADER = re.compile(
    r"^(?:diff |index |--- |\+\+\+ |new file mode|deleted file mode|old mode|new mode|similarity index"
    r"|dissimilarity index|rename from|rename to|copy from|copy to|Binary files|commit [0-9a-f]{7,40}"
    r"|Merge: |Author: |AuthorDate: |Commit: |CommitDate: |Date: )"
)
