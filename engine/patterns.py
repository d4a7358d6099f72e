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

#: A line that only code writes: ends with a bracket/terminator, or opens with a keyword, `//`,
#: `/*`, a block-comment ` * ` or a preprocessor directive. Guards Detect against prose that
#: happens to say "class" or "return". `#` alone is not evidence: it is also a markdown heading.
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

#: The same, over a whole body at once (one search decides whether a body has any such line).
CODE_ERROR_LINE_ANY = re.compile("(?m)" + CODE_ERROR_LINE.pattern)

#: Cheap hints that order the parsers the code compressor tries (the parse decides, not these).
CODE_LANGUAGE_HINTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("python", re.compile(r"(?m)^#!.*python|^\s*def \w+\(.*\).*:\s*$|^(?:from \S+ )?import \w+[\w., ]*$")),
    ("go", re.compile(r"(?m)^package \w+\s*$|^func [\w(]")),
    ("rust", re.compile(r"(?m)^\s*(?:pub )?fn \w+|^\s*(?:impl|use|mod) \w|\blet mut\b")),
    ("java", re.compile(r"(?m)^import java\.|^\s*(?:public|private|protected) (?:static )?(?:final )?(?:class|void|[A-Z]\w*)\b")),
    ("c", re.compile(r"(?m)^#include\s*[<\"]|^(?:static )?(?:int|void|char|unsigned|size_t|jv) \**\w+\(")),
    ("cpp", re.compile(r"(?m)^#include <\w+>$|\bstd::|\bnamespace \w+|\btemplate\s*<|::\w+\(")),
    ("typescript", re.compile(r"(?m)^\s*(?:export )?(?:interface|type|enum) \w+|:\s*(?:string|number|boolean)\b")),
    ("javascript", re.compile(r"(?m)\bfunction\b|\bconst \w+ =|=>|\brequire\(|module\.exports")),
    ("tsx", re.compile(r"(?m)<\w+[^>]*/>|</\w+>")),
)
#: Searched in REVERSED bytes: an unindented line's first character, its line start, then a
#: blank line, i.e. the last boundary between top-level definitions (where a sample may be cut).
CODE_TOP_LEVEL_REVERSED = re.compile(rb"[^\s}\])]\n\n")
#: A Python string literal's prefix and opening quote (docstrings are reduced to one line).
PY_STRING_QUOTE = re.compile(r"^([rRuUbBfF]*)(\"\"\"|'''|\"|')")

#: Readability's class/id hints: containers named like content gain, chrome loses.
HTML_POSITIVE_HINT = re.compile(r"(?i)article|body|content|entry|main|page|post|story|text|blog")
HTML_NEGATIVE_HINT = re.compile(r"(?i)comment|nav|sidebar|footer|header|menu|promo|banner|ad-|share|social|related"
                                r"|breadcrumb|cookie|popup|modal|widget")
#: Runs of white space, folded to one space in HTML text.
WHITESPACE_RUN = re.compile(r"\s+")

#: A hunk header, unified (`@@ -a,b +c,d @@`) or combined (`@@@ -a,b -c,d +e,f @@@`). Group 1 is
#: the old line count, group 2 the new one; each defaults to 1 when omitted.
DIFF_HUNK = re.compile(r"^@@@? -\d+(?:,(\d+))?(?: -\d+(?:,\d+)?)* \+\d+(?:,(\d+))? @@@?")
#: Lines outside hunks that a diff or `git log -p` always keeps (file and commit headers).
DIFF_HEADER = re.compile(
    r"^(?:diff |index |--- |\+\+\+ |new file mode|deleted file mode|old mode|new mode|similarity index"
    r"|dissimilarity index|rename from|rename to|copy from|copy to|Binary files|commit [0-9a-f]{7,40}"
    r"|Merge: |Author: |AuthorDate: |Commit: |CommitDate: |Date: )"
)
