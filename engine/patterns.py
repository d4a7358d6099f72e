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

# ---------------------------------------------------------------- structured data (JSON, tables, config)

#: A JSON element whose canonical text says something went wrong is never elided: it is
#: usually the one record the agent was sent to find. Matched against lower-cased text, in
#: one scan over a whole array (an IGNORECASE search per element is several times slower).
JSON_ERROR_LOWER = re.compile(
    r"\b(?:error|errors|exception|failed|failure|critical|fatal|crash|panic|abort|timeout|denied|rejected)\b"
)

#: Keys whose subtrees are kept verbatim: error payloads and their messages and stacks are
#: read whole or not at all.
JSON_PROTECTED_KEY = re.compile(
    r"(?i)^(error|errors|message|msg|stack|stacktrace|stack_trace|trace|traceback|exception|reason|detail"
    r"|details|warning|warnings)$"
)

#: A table row the agent must see: failures, denials, security findings.
TABLE_IMPORTANT = re.compile(
    r"(?i)\b(ERROR|FAIL|FAILED|FATAL|PANIC|EXCEPTION|WARNING|SECURITY|DENIED|REJECTED)\b"
)

#: A config line the agent must see: failure states, secrets (their presence, not a summary),
#: rollbacks.
CONFIG_IMPORTANT = re.compile(
    r"(?i)\b(ERROR|FAIL|FAILED|FATAL|PANIC|EXCEPTION|WARNING|SECURITY|SECRET|TOKEN|PASSWORD|DENIED|REJECTED"
    r"|ROLLBACK)\b"
)

#: Markdown table separator cell (`---`, `:---:`): what makes a pipe grid a table.
MARKDOWN_SEPARATOR_CELL = re.compile(r"^:?-{3,}:?$")

#: YAML `key:` at the start of a line (block mapping); group 1 is the indentation.
YAML_KEY_LINE = re.compile(r"^(\s*)(?:-\s+)?(?:\"[^\"]*\"|'[^']*'|[^\s#'\"\-][^:#]*?)\s*:(?:\s|$)")

#: TOML `[section]` / `[[array.of.tables]]` header.
TOML_SECTION = re.compile(r"^\s*\[\[?\s*[^\[\]]+\]\]?\s*(?:#.*)?$")

#: TOML `key = value` (bare, quoted or dotted keys).
TOML_ASSIGNMENT = re.compile(r"^\s*(?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*'))*\s*=")

#: A YAML anchor definition (`&defaults`): kept so every kept alias still resolves.
YAML_ANCHOR = re.compile(r"(?:^|\s)&[A-Za-z0-9_\-]+(?:\s|$)")

#: An HTTP header name (RFC 7230 token, as written in practice): how a flat name/value list
#: such as Node's `rawHeaders` is recognised.
HEADER_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9-]{0,63}$")

#: An array index inside a JSON path (`$[3].rawHeaders`): dropped to name the place siblings share.
JSON_PATH_INDEX = re.compile(r"\[\d+\]")
