"""Every regular expression the engine matches content with, named and explained in one place.

Detection and stripping use the same ANSI pattern, so what Detect calls terminal output is
exactly what the terminal compressor cleans. Compressors import from here; nothing else
compiles content patterns (what compiles elsewhere is derived from these: toolout_dispatch's
per-character buckets, toolout_findings' first-match alternations, lines.py's and
toolout_detect's line-start scans).
"""
from __future__ import annotations

import re


class LazyPattern:
    """A compiled regex that compiles itself on first use. The engine holds a few hundred
    patterns and compiling them all cost a third of a short run's start-up; a run pays only for
    the ones its payload reaches. `pattern` is read without compiling (patterns built from
    others use it); every other attribute is the compiled pattern's (`flags` too, with the
    inline ones), and its matching methods are then kept on the instance, so a call costs what
    a compiled pattern's does."""

    _METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str):  # reached before the first compile, and for rare attributes
        compiled = self.__dict__.get("compiled")
        if compiled is None:
            compiled = re.compile(self.pattern, self._flags)
            self.__dict__["compiled"] = compiled
            for method in self._METHODS:
                self.__dict__[method] = getattr(compiled, method)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self._flags})"


def compile_lazily(pattern: str | bytes, flags: int = 0) -> LazyPattern:
    return LazyPattern(pattern, flags)


#: Inline global flags, which Python allows only at the start of a pattern: `(?im)`.
_INLINE_FLAGS = re.compile(r"\(\?([aiLmsux]+)\)")
_FLAG_OF = {"a": re.A, "i": re.I, "L": re.L, "m": re.M, "s": re.S, "u": re.U, "x": re.X}


def declared_flags(pattern: "LazyPattern | re.Pattern") -> int:
    """The flags a pattern was given, inline ones included, read without compiling it
    (`pattern.flags` compiles a LazyPattern; the Unicode flag a str pattern gets by default is
    not counted)."""
    if not isinstance(pattern, LazyPattern):
        return pattern.flags & ~re.U if isinstance(pattern.pattern, str) else pattern.flags
    flags = pattern._flags
    inline = _INLINE_FLAGS.match(pattern.pattern) if isinstance(pattern.pattern, str) else None
    for letter in inline.group(1) if inline else "":
        flags |= _FLAG_OF[letter]
    return flags

# ---------------------------------------------------------------- terminal

#: CSI (colours, cursor moves), OSC (titles, hyperlinks; BEL or ST terminated) and two-byte
#: Fe escapes. One pattern for detecting and for stripping. Also nF escapes (`ESC ( B`: the
#: charset reset curses' sgr0 appends to every colour reset, as mypy's coloured output does;
#: left in, its ESC went as a control character and `(B` stuck to the text) and the two-byte
#: Fp/Fs escapes (`ESC 7`/`ESC 8` save and restore the cursor, `ESC =` keypad mode). The string
#: escapes DCS, SOS, PM and APC go whole with their payload, as a terminal shows none of it:
#: Buildkite stamps every log line `ESC _ bk;t=1745322209921 BEL`, which left `bk;t=…` on each
#: (within one line: clean_lines strips the lines joined, and relies on no escape holding a newline).
ANSI = compile_lazily(r"\x1b\[[0-9:;<=>?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                      r"|\x1b[P_^X][^\x07\x1b\n]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]"
                      r"|\x1b[ -/]+[0-~]|\x1b[0-?`-~]")
ANSI_BYTES = compile_lazily(ANSI.pattern.encode("ascii"))

#: C0 controls left after escapes, CRs and backspaces are resolved (BEL, SI/SO, NUL...):
#: invisible on a terminal, noise to an agent. Tab stays.
CONTROL_CHARS = compile_lazily(r"[\x00-\x08\x0b-\x1f\x7f]")

#: A cursor-up escape (`ESC[1A`, `ESC[7A`): a live display (jest's RUNS rows, vitest's summary,
#: log-update) moving up over rows it printed, to erase and redraw them.
CURSOR_UP = compile_lazily(r"\x1b\[\d*A")
#: Escapes that move the cursor down or to a place (`ESC[2B`, `ESC[5;1H`, save/restore): rows
#: are then revisited in an order the line-start model of erased rows does not follow.
#: (Possessive digit runs: each is followed by a non-digit the match needs, so only the whole
#: run can match and giving digits back never helps; it spares the backtracking at each of a
#: coloured text's many `ESC[`, tests/test_line_speedups.py checks it against the plain form.)
CURSOR_ELSEWHERE = compile_lazily(r"\x1b\[\d*+[BEFHfsu]|\x1b\[\d++;\d++[Hf]|\x1b[78]")
#: The escapes and CRs a line starts with before its text: erasing (`ESC[K`, `ESC[2K`), moving up
#: (`ESC[1A`), to the line start (`\r`, `ESC[1G`, `ESC[999D`), modes (`ESC[?2026h`) and colours.
LINE_START_ESCAPES = compile_lazily(r"(?:\r|\x1b\[[0-9;?]*[AKGDhlm]|\x1b\[2J\x1b\[3J\x1b\[H)+")
#: Clear the screen and its scrollback, cursor home: a live display (node-tap's) redrawing its
#: final report; nothing printed before is left on the terminal.
CLEAR_ALL = "\x1b[2J\x1b[3J\x1b[H"

# ---------------------------------------------------------------- lines that must survive

#: Lines a terminal transcript must keep: errors, warnings, failures, stack frames.
#: (`(?<=[A-Za-z])Error` finds what the reference's `[A-Za-z]+Error` finds, without the
#: quadratic backtracking through every word.)
TERMINAL_IMPORTANT = compile_lazily(
    r"(?i)(\b(ERROR|ERR|FATAL|PANIC|EXCEPTION|TRACEBACK|FAIL|FAILED|FAILURE|WARN|WARNING)\b"
    r"|(?<=[A-Za-z])(?:Error|Exception)\b|^\s+at\s|^\s+File \"|\.go:\d+|:\d+:\d+:|^\s*--->"
    r"|caused by|\bexit status [1-9])"
)

#: A compiler-style `:line:col:` location (the one TERMINAL_IMPORTANT branch without a
#: keyword), searched on the whole text to find candidate lines fast.
LOCATION = compile_lazily(r":\d+:\d+:")

#: Candidate finder for the indented stack-frame branches of TERMINAL_IMPORTANT and
#: LOG_IMPORTANT (`^\s+at\s`, `^\s+File "`), run on the whole lower-cased text.
INDENTED_FRAME = compile_lazily(r"(?m)^[ \t\x0b\x0c\r]+(?:at\s|file \")")

#: Lines a log must keep. A Go source position counts only where a line starts with it (a
#: panic's tab-indented frame, a `go vet`/compiler diagnostic, a test's `x_test.go:14:` message):
#: anywhere in a line, the reference's `\.go:\d+` also flags every record of a Go service whose
#: logger names its caller (`caller=http.go:120`), and nothing of such a log is elided.
#: (HotSpot's GC log names the cause of most young collections `(Allocation Failure)`: a GC
#: cause, not a failure, on every line of a `-verbose:gc` / `-Xlog:gc` log.)
LOG_IMPORTANT = compile_lazily(
    r"(?i)(\b(ERROR|FATAL|PANIC|EXCEPTION|TRACEBACK|FAIL|FAILED|(?<!Allocation )FAILURE|WARN|WARNING)\b"
    r"|^\s+at\s|^\s+File \"|^\s*[^\s=\"]*\.go:\d+|^\s+--->|caused by"
    r"|(?-i:\bCRITICAL\b))"  # Python logging's and gunicorn's level above ERROR (a level: upper case only)
)

#: An HTTP access log record (common/combined format) whose status is a server error: the one
#: `500` among thousands of `200`s has the shape and the words of its neighbours, so neither
#: the vocabulary check nor odd-shape detection would keep it. Only the request's closing quote
#: followed by a 5xx status and a size counts, so a `500` in a path or a byte count does not.
#: A JSON access logger (Caddy, pino-http, Traefik) names it: `"status":502`. Searched over the
#: lines joined by newlines, so a record's end is a newline, not `$`.
ACCESS_LOG_5XX = compile_lazily(r'HTTP/[\d.]+" 5\d\d (?:\d+|-)(?!\S)|"(?:status|status_code|statusCode)": ?5\d\d(?![\d.])')

#: Lines of a test or build run that report success or progress: one passing test, a suite
#: banner, a configure check. Each names a different test, so keepNonRedundant would keep
#: them all; the terminal compressor compares them by their status alone (one example shown,
#: the rest counted in the marker). Never consulted for lines toolout.must_keep flags.
PASSING_LINE = compile_lazily(r"(?:::\S*|\s)(?:PASSED|SKIPPED)\b|\.\.\. ok$")  # pytest -v; cargo, unittest -v
#: PASSING_LINE is searched only on lines holding one of these words (it is unanchored);
#: terminal.is_passing spells them out.
PASSING_WORDS = ("PASSED", "SKIPPED", "... ok")
#: The anchored rest, matched at the line start (fails fast): jest/mocha/node --test ticks,
#: TAP, go test, ctest, pytest's dot progress, cmake probes, make progress, and installer
#: chatter (pip, apt/dpkg, cargo, go, npm's verbose log), each naming a different package.
#: A child's TAP relayed by `node --test` has its passes as `# ok N`.
PASSING_START = compile_lazily(
    r"[ \t]*(?:[✓✔√▶]\s|(?:# )?ok \d+ |ok\s+\S+\s+(?:\(cached\)|[\d.]+s)|PASS\s+\S|--- PASS\b"
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
DIAGNOSTIC_POINTER = compile_lazily(r"\s*(-->)\s*\S+:\d+(?::\d+)?\s*|In \S.* line \d+:\s*")
#: The first line of a test failure: mocha's `1) title`, node's `✖`, jest's `●`, TAP's
#: `not ok`, `FAIL`. The lines nested under it (deeper indent, up to a blank line) are its
#: block and are kept whole.
#: A child's TAP that `node --test` relays as `# ` comments (tape files under node's runner)
#: has its failures as `# not ok N`.
FAILURE_START = compile_lazily(r"\s*(?:\d+\) \S|[✖✗×●] |(?:# )?not ok \d+|(?:--- )?FAIL\b)")
FAILURE_WORDS = (") ", "✖", "✗", "×", "●", "not ok", "FAIL")
#: A pending (skipped) test in mocha's spec reporter: an indented `- title`.
PENDING_TEST = compile_lazily(r"\s+- \S")

#: A source excerpt under a diagnostic: a gutter (` 12 |  code`, `   |  ^^^`) or a suggested
#: fix's diff line (`316 +  code`, `    -  code`). Excerpts under a lint finding are compared
#: as one class (one shown, the rest counted); under an error they are kept (see terminal).
#: The whitespace runs are atomic: with plain `\s*\d*\s*` a long run of spaces splits between
#: the two runs in every way before failing, quadratic in the indentation (a 200 KB indented
#: line took minutes).
SOURCE_EXCERPT = compile_lazily(r"(?>\s*)\d*(?>\s*)\|(?:\s|$)|(?>\s*)\d+\s+[+-]\s|\s+[+-]\s")
#: A word that opens an error block whose excerpt stays.
ERROR_WORD = compile_lazily(r"(?i)\berror\b")
#: Where PASSING_START may match, searched on the whole text (candidates, then matched).
PASSING_CANDIDATE = compile_lazily(
    r"(?m)^[ \t]*(?:[✓✔√▶]|(?:# )?ok[ \t]|PASS|--- PASS|=== |\d+/\d+ Test|Compiling|Downloaded|Downloading|Checking"
    r"|Fresh|Installing|Updating)|^\S+\.py [.sx]|^-- |^\[ *\d+%\]|^[ \t]*(?:Collecting|Using cached|Requirement"
    r"|Obtaining|Processing|Get:|Hit:|Ign:|Unpacking|Setting up|Selecting|Preparing|go: downloading|npm )"
)

#: A clock after its hour: `:MM:SS`, a fraction, a zone, a trailing year.
_CLOCK_TAIL = r":\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?(?: (?:19|20)\d{2}\b)?"
#: What follows the first digit of LOG_TIME_MASK's digit-led branches.
_LOG_TIME_DIGIT_REST = (
    r"(?:\d(?:\d\d(?:-\d\d-\d\d(?:[T ]\d\d?:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?)?|\d\d \d{6}(?: \d+)?(?= [A-Z])"
    r"|/\d{6}\.\d+(?=:))"
    r"|/\d\d/\d{2,4}|" + _CLOCK_TAIL + ")|" + _CLOCK_TAIL + ")"
)
#: When a log line is a repeat of an earlier error line: the parts that say only WHEN or WHO
#: (dates, times with an optional trailing year, weekday and month names, a syslog `name[pid]:`
#: pid, HDFS's `081109 203615 148` prefix) are masked; every other number (ports, ids, counts,
#: status codes, states) still tells lines apart.
_LOG_TIME_MASK_BRANCHES = (
    r"(?:"
    # The digit-led branches (`\d{4}-`, `\d{1,2}:`, `\d{2}/`, `\d{6} `) as one trie: a digit run
    # is read once per position, not once per branch. They differ by the 2nd to 5th character
    # (`-`, `:`, `/`, a digit or a space), so at most one matches at a position: same matches.
    # Chromium's stderr prefix stamps `MMDD/HHMMSS.micros` (`[29572:29644:1201/043219.677937:ERROR:…]`).
    r"\d" + _LOG_TIME_DIGIT_REST +
    # The day names (`Mon\b`) and month names (`Jan\s+\d{1,2}\b`) by first letter, so each
    # branch opens on a literal the engine checks before entering it (no name is both).
    r"|M(?:on\b|a[ry]\s+\d{1,2}\b)|T(?:ue|hu)\b|Wed\b|F(?:ri\b|eb\s+\d{1,2}\b)|S(?:(?:at|un)\b|ep\s+\d{1,2}\b)"
    r"|(?:J(?:an|u[nl])|A(?:pr|ug)|Oct|Nov|Dec)\s+\d{1,2}\b"
    r"|\[(?<=[\w)]\[)\d+\](?=:))"
)
LOG_TIME_MASK = compile_lazily(
    # Every branch starts with a digit, a letter of a day or month name, or `[`: the lookahead
    # names those, so every other position fails on one class test instead of trying each
    # branch (twice as fast, same matches). It names every non-ASCII character too (a superset:
    # the branches still ask `\d`), so an ASCII position is settled by a bitmap, not a Unicode
    # digit lookup; and each `\d` is `[0-9\d]`, the same set whose ASCII digits a bitmap finds.
    r"(?=[0-9MTWFSJAOND\[\x80-\U0010FFFF])" + _LOG_TIME_MASK_BRANCHES.replace(r"\d", r"[0-9\d]")
)
#: LOG_TIME_MASK for an ASCII text, where `\d` is `[0-9]`: every branch led by its literal first
#: character (the digit-led trie once per digit, each month name on its own), so the engine
#: skips from one of those characters to the next in one charset loop (a pattern led by a
#: lookahead has no prefix it can skip by: it is tried at every position). The same matches on
#: an ASCII text (tests/test_line_speedups.py); a third fewer instructions over log heads.
LOG_TIME_MASK_ASCII = compile_lazily((
    "|".join(digit + _LOG_TIME_DIGIT_REST for digit in "0123456789")
    + r"|M(?:on\b|a[ry]\s+\d{1,2}\b)|T(?:ue|hu)\b|Wed\b|F(?:ri\b|eb\s+\d{1,2}\b)|S(?:(?:at|un)\b|ep\s+\d{1,2}\b)"
    + r"|J(?:an|u[nl])\s+\d{1,2}\b|A(?:pr|ug)\s+\d{1,2}\b|Oct\s+\d{1,2}\b|Nov\s+\d{1,2}\b|Dec\s+\d{1,2}\b"
    + r"|\[(?<=[\w)]\[)\d+\](?=:)"
).replace(r"\d", "[0-9]"))

# ---------------------------------------------------------------- detection
#: A TAP stream (Perl's prove, tape, Test::More, bats): the plan `1..N` and `ok N` / `not ok N`
#: results, or prove's closing `Files=6, Tests=48, ...`. Detect sends it to the terminal
#: compressor, which keeps every `not ok` block and counts the passing results.
TAP_PLAN = compile_lazily(r"(?m)^[ \t]*1\.\.\d+[ \t]*$")
TAP_RESULT = compile_lazily(r"(?m)^[ \t]*(?:not )?ok \d+\b")
PROVE_SUMMARY = compile_lazily(r"(?m)^Files=\d+, Tests=\d+, ")


#: A log line: a level word, a bracketed tag, or a timestamp.
LOG_LINE = compile_lazily(
    r"(?i)(\b(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|PANIC)\b|^\s*\[[A-Z]+\]"
    r"|\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}|\b\d{1,2}:\d{2}:\d{2}\b)"  # `7:15:27 PM`: java.util.logging's clock
)

#: A log line's time stamp (LOG_LINE's date and clock branches): a level word beside one is a
#: record's, never code's.
LOG_STAMP = compile_lazily(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}|\b\d{1,2}:\d{2}:\d{2}\b")

#: A log line's level: an upper-case level word, or a lower-case one in brackets (Apache's
#: `[error]`); the match is the word (with its brackets). Looked for in a line's head only, where
#: loggers print it. PostgreSQL's `LOG:` level counts only with the two spaces its server log puts
#: after it: a capitalised word LOG elsewhere (`LOG: see below`, `LOG_DIR`) is no level.
#: Written as one alternation whose every branch starts with a literal, so the regex engine
#: skips to the words' first letters (a charset prefix) and, at such a letter, tries only the
#: branch it starts: each word, `\b`, then `(?<!\wWORD)` (the character before the word is no
#: word character: the `\b` before it, asked only of a whole word found). The same matches as
#: `\b(TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL|SEVERE|LOG(?=:  ))\b|\[(trace|…) *\]`
#: (at a given start at most one branch can match: WARN\b and WARNING\b exclude each other, as
#: do the bracketed words before ` *\]`), several times faster than trying every position or a
#: lookbehind per letter (tests/test_patterns.py compares the forms).
LOG_LEVEL_WORD = compile_lazily(
    r"TRACE\b(?<!\wTRACE)|DEBUG\b(?<!\wDEBUG)|INFO\b(?<!\wINFO)|NOTICE\b(?<!\wNOTICE)|WARN\b(?<!\wWARN)"
    r"|WARNING\b(?<!\wWARNING)|ERROR\b(?<!\wERROR)|FATAL\b(?<!\wFATAL)|CRITICAL\b(?<!\wCRITICAL)"
    r"|SEVERE\b(?<!\wSEVERE)|LOG(?=:  )\b(?<!\wLOG)"
    r"|\[(?:trace|debug|info|notice|warn|warning|error|crit|critical|alert|emerg) *\]"
)  # structlog's console pads its bracketed level: `[info     ]`

#: A record that belongs to the error record just before it: PostgreSQL's server log prints an
#: error's DETAIL, HINT, STATEMENT, CONTEXT, QUERY and (verbose) LOCATION as records of their own,
#: with two spaces after the colon; the pid in the head says which session printed it.
LOG_ERROR_DETAIL = compile_lazily(r"\b(DETAIL|HINT|STATEMENT|CONTEXT|QUERY|LOCATION):  ")
#: The pid in a log line's head (`[10788]`, `pid=10788`): a detail record follows its own session's error.
LOG_PID = compile_lazily(r"\[(\d+)\]|\bpid[=:](\d+)\b")

# ---- service logs (svclogs): ids that change on every record
#: A request or trace id: a UUID, or a run of 16+ hex digits. Each record of an access or JSON
#: log may carry a fresh one (five unique words for a UUID), so no kept record represents
#: another and the whole log reads as a document. log.py masks them in what keepNonRedundant
#: compares, only after a render elided too little (never asked of a log that compresses).
LOG_OPAQUE_ID = compile_lazily(
    # `\b` then a hex digit, written as a hex digit with no word character before it: a pattern
    # led by a character class is searched by skipping to the characters of that class, where a
    # leading `\b` is tried at every position (same matches, 1.7x faster over a log).
    r"[0-9a-fA-F](?<!\w.)(?:[0-9a-fA-F]{7}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"|[0-9a-fA-F]{15,})\b"
)
#: An access line that prints the method, the path and the status unquoted (Express's morgan
#: `dev`/`tiny`/`short`: `GET /api/items/77 500 1.292 ms - 998`) with a server-error status: it
#: carries no error word and, numbers masked, reads as a look-alike of the 200 lines.
#: access_status.py asks it only of payloads holding `T /` (GET, POST or PUT and a path).
ACCESS_LINE_5XX = compile_lazily(r"\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /\S*(?: HTTP/[\d.]+)? 5\d\d(?![\d.])")
#: A marker's count of a field's values (most frequent first) where a value filling 20 lines
#: or more is followed by one seen once: `leader: node-1×4995 node-2×1`. log_odd_values looks
#: the odd value's line up only then (one search over the view, never over the log).
MARKER_SINGLE_VALUE = compile_lazily(r"×(?:[2-9]\d|\d{3,})(?: \S+×\d+)* \S+×1(?=[ ;])")

#: Diff structure lines.
DIFF_LINE = compile_lazily(r"(?m)^(diff --git |@@ |--- |\+\+\+ |[+-][^+-])")

#: Source-code keywords; code needs several of them plus a structural signal.
CODE_KEYWORD = compile_lazily(
    r"\b(func|package|import|def|class|function|return|const|let|var|public|private|protected"
    r"|static|void|struct|interface|namespace|module|fn|impl|trait|export|async|await)\b"
)
#: A line that defines or imports something, at its start: the evidence that lets a text's `#`
#: comment blocks count as a module's comments (detect), not as a config file's documentation.
CODE_DEFINITION_LINE = compile_lazily(
    r"(?m)^[ \t]*(?:(?:async )?def |class |import |from [\w.]+ import |(?:export )?function\b|func |(?:pub )?fn "
    r"|#include\s*[<\"])"
)
#: Go's package clause, the first line of a Go file after its comments (Perl's and Java's end in `;`).
GO_PACKAGE_CLAUSE = compile_lazily(r"package [a-z_][a-z0-9_]*\s*(?://.*)?")
#: A declaration at a line's start (`interface Atomics {`, `declare function f(`): what lets a
#: text with one or two keywords be code when nearly all its lines are shaped like code's.
CODE_DECLARATION_LINE = compile_lazily(
    r"(?m)^[ \t]*(?:export |declare )*(?:interface|class|struct|enum|namespace|module|fn|func|function|def|impl|trait)"
    r" [A-Za-z_$][\w$.]*\s*(?:[{(<:]|extends |implements |$)"
)
#: A C preprocessor directive at a line's start, written without a space after `#` (so no
#: Markdown heading or shell comment): a header of macros holds few keywords (`do`, `while`).
C_DIRECTIVE_LINE = compile_lazily(r"(?m)^[ \t]*#(?:define|undef|ifndef|ifdef|endif|include|pragma)\b")
CODE_STRUCTURE = compile_lazily(r"(?m)(=>|::|->|\)\{|\) \{|;\n|^\s*#include|^\s*from .+ import )")

#: A search hit: `path:line[:col]:` or a URL.
SEARCH_LINE = compile_lazily(r"(?m)^([./~A-Za-z0-9_-][^:\n]{0,240}:\d+(:\d+)?:|https?://\S+)")

#: A grep/rg hit's file and line number (`path:12:` or `path:12:3:`), for what a marker says of
#: the hits it replaced.
#: A block of go's coverage profile (`go test -coverprofile`, after its `mode: set|count|atomic`
#: line): `file.go:line.col,line.col statements count` (group 1 the count).
GO_COVERPROFILE_BLOCK = compile_lazily(r"\S+\.go:\d+\.\d+,\d+\.\d+ \d+ (\d+)")
#: A row of `go tool cover -func`: `file.go:line:<TAB>name<TAB>percent%` (group 1 the percent).
GO_COVER_FUNC_ROW = compile_lazily(r"\S+\.go:\d+:\s+\S+\s+(\d+\.\d)%")
GO_COVERPROFILE_MODE = compile_lazily(r"mode: (?:set|count|atomic)")
SEARCH_HIT = compile_lazily(r"([./~A-Za-z0-9_-][^:\n]{0,240}):(\d+)(?::\d+)?:")

#: A line led by a clock time (`2026-11-30 06:01:13,513`, `Nov 30 06:00:10`, `06:01:13`) is a
#: log record, never a hit: SEARCH_LINE reads `... 06:01:` as a path `... 06` and line `01`.
CLOCK_LED_LINE = compile_lazily(
    r"\s*\[?(?:\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}|\d{1,2}:\d{2}:\d{2}\b"
    # java.util.logging's SimpleFormatter (and Tomcat's console): `Nov 30, 2026 7:15:27 PM pkg.Class method`
    r"|[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2}\b)"
)
# ---- java.util.logging's two-line records (log)
#: SimpleFormatter's first line of a record: `Nov 30, 2026 7:15:27 PM com.acme.app.OrderApp main`
#: (when, the logger's class and method); the level and message follow on the next line.
JUL_RECORD_HEAD = compile_lazily(r"[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} [AP]M \S+")
#: The second line: `SEVERE: Request failed`, `WARNING: ...` (java.util.logging's level names).
JUL_LEVEL_LINE = compile_lazily(r"(SEVERE|WARNING|INFO|CONFIG|FINE|FINER|FINEST): ")
# ---- loghub: logs whose first word ends in a clock
#: A line whose first word (up to its first colon) ends in a clock `h:mm:ss`: OpenStack's
#: `nova-api.log.1.2017-05-16_13:53:08 2017-05-16 …` (a rotated file's name with its time),
#: HealthApp's `20171223-22:15:29:606|Step_LSC|…`. SEARCH_LINE reads `…_13:53:` as a path
#: `…_13` and line `53`; a source file's name never ends in `_13` or `-22` before its line
#: number, so such a line is a log record, never a hit. The clock must follow a non-alphanumeric
#: (`file1:12:34:` stays a hit) or an ISO date's `T` (a logfmt record's `time=2026-11-30T11:05:36Z
#: level=INFO …`, logrus' `time="2026-…`, go-kit's `ts=…`).
CLOCK_ENDED_WORD = compile_lazily(
    r"[^:\s]{0,240}?(?:(?<![A-Za-z0-9])|(?<=\d\d\d\d-\d\d-\d\dT))\d{1,2}:[0-5]\d:[0-5]\d(?!\d)")
#: A token that holds a digit (a time, pid, id, address, count, host `node-118`): what varies
#: between the records of one template. log_rare drops them to get a line's template. The
#: lookbehind lets only a token's first character start a match and the atomic group scans its
#: digit-free run once, so a long word is never rescanned from each of its letters.
TOKEN_WITH_DIGIT = compile_lazily(r"(?<!\S)(?>[^\s\d]*)\d\S*")
#: A run of blanks: a template's are made one, so a column padded to the width of a pid
#: (`  1702  2639` and ` 1702 17630`) leaves the same template.
BLANK_RUN = compile_lazily(r"[ \t]{2,}")
#: The port a client connected from (`Failed password for root from 112.95.230.3 port 45378
#: ssh2`): a fresh ephemeral port on every attempt, so, like the pid, it says only WHICH attempt.
#: fold_repeats masks it (the address stays) and the marker says the repeats differ in it.
#: `(\bfrom \S+ port )\d+`, led by its literal so the engine skips to each `from` (`\b` before a
#: word character is `(?<!\w)` before it, asked once `from` matched): the same matches.
CLIENT_PORT = compile_lazily(r"(from(?<!\wfrom) \S+ port )\d+")
#: Android logcat's record head, `threadtime` (`03-17 16:13:38.811  1702  2395 D WindowManager: `)
#: or `brief` (`D/WindowManager( 1702): `): its level is one letter (V D I W E F A), no word
#: LOG_IMPORTANT knows. log.py asks the first lines only, to tell a logcat dump.
LOGCAT_HEAD = compile_lazily(r"\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ [VDIWEFA] |[VDIWEFA]/[^(\s]+\( *\d+\): ")
#: A logcat record at warning level or above (W, E, F, A = assert): kept like a WARN or ERROR line.
LOGCAT_ALERT = compile_lazily(
    r"(?m)^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ [WEFA] |^[WEFA]/[^(\s]+\( *\d+\): "
)
#: A logcat head's pid and tid after fold_repeats masked its time (`03-17 #  1702 17632 W`): they
#: say only which thread printed a warning, so its repeats from other threads fold like a pid's.
LOGCAT_IDS = compile_lazily(r"^(\d\d-\d\d #) +\d+ +\d+ |^([VDIWEFA]/[^(\s]+\() *\d+\): ")
#: The stamps of a supercomputer's RAS log that LOG_TIME_MASK does not read as times: epoch
#: seconds (`1118536327`), BG/L's `2005.06.11` and `2005-06-11-17.32.07.581048` (whose date part
#: LOG_TIME_MASK may have masked already: `#-17.32.07.581048`). fold_repeats masks them in the
#: records of an epoch-stamped log (BGL, Thunderbird), so one FATAL at other times folds.
RAS_STAMP = compile_lazily(
    r"(?<![\w.])(?:1\d{9}|\d{4}\.\d\d\.\d\d|(?:\d{4}-\d\d-\d\d|#)-\d\d\.\d\d\.\d\d\.\d{6})(?![\w.])"
)
#: Lines of a stack trace or chained exception that continue the log record above them
#: (Python's traceback header and chain notes, Java's `Caused by:` and `... 12 more`), so a log
#: with many tracebacks is still judged by its records. Indented frames are continuations too,
#: and so is the native stack Selenium prints under chromedriver's errors (`Stacktrace:`, then
#: `#0 0x55ca3b5d1fce <unknown>` at the margin), and the context asyncio's exception handler logs
#: under `Task exception was never retrieved` (`future: <Task finished name='Task-3' …>`).
LOG_CONTINUATION = compile_lazily(
    r"[ \t]|Traceback \(most recent call last\)|The above exception was|During handling of the above"
    r"|Caused by: |Suppressed: |\.\.\. \d+ (?:more|common frames omitted)|Stacktrace:$|#\d+ 0x[0-9a-f]+ "
    r"|[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)\b(?::|$)"
    r"|(?:future|task|handle|transport|protocol|source_traceback): <"
)

#: A record of a logger that blanks its time column when the time repeats (rich's RichHandler:
#: `[09:33:03] INFO     first`, then `           INFO     next`): indented, but a record of its
#: own, not a continuation of the one above.
LOG_BLANK_TIME_RECORD = compile_lazily(r" {8,}(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) +\S")

#: A frame's location in rich's boxed traceback (`│ /src/app.py:18 in process   │`), its
#: `File "…", line N` line; read only inside a box whose title is RICH_TRACEBACK_TITLE.
RICH_TRACEBACK_TITLE = "── Traceback (most recent call last) ──"
RICH_FRAME_HEADER = compile_lazily(r"\s*│ \S[^│]*:\d+ in \S+\s*│$")

#: A Python traceback's frame line, indented (an ExceptionGroup's `|` gutter counts as indent);
#: group 1 is the indent (py_recursion reads frames by it).
PY_FRAME_LINE = compile_lazily(r'(?m)^([ \t|]+)File "[^"\n]*", line \d+')

#: A hit without a line number (`grep -r`, or `rg` writing to a pipe): a file path (with a
#: directory or a leading `./`, and an extension) and a colon, then the matched text.
SEARCH_PATH_HIT = compile_lazily(r"(?:\.{0,2}/|[A-Za-z0-9_@.-]+/)[^:\s]*\.[A-Za-z0-9]{1,10}:(?!\d+:)")

#: grep's context lines (`-C`/`-A`/`-B`): `path-12-text`, and the `--` between groups. They
#: belong to the hits around them, so a search with context is still a search.
SEARCH_CONTEXT_LINE = compile_lazily(r"[./~A-Za-z0-9_][^:\n]{0,240}?-\d+-|--$")

#: Search hits a compact view keeps: failures and words a reviewer greps for on purpose.
SEARCH_IMPORTANT = compile_lazily(r"(?i)\b(ERROR|FAIL|FAILED|PANIC|ACTION|FOLLOWUP|SECURITY|SECRET|TOKEN|PASSWORD|KEY)\b")
#: A hit's text that is a diagnostic, not a source line: a severity right after the location
#: (`x.c:3:5: runtime error: …`, `y.go:7: warning: …`) or eslint's unix `[Error/rule]`. Tool output
#: shaped like hits; search_fold never shows such a line as only its location.
SEARCH_DIAGNOSTIC_TEXT = compile_lazily(r"(?i)\s*(?:fatal |runtime )?(?:error|warning)\b|.*\[(?:error|warning)/\S+\]\s*$")
#: rg's grouped output: a file path alone on its line, before that file's `N:` hits.
SEARCH_HEADING = compile_lazily(r"[^\s:][^:]{0,240}\.[A-Za-z0-9_]{1,12}|[^\s:][^:]{0,240}/[^\s:/]+")
#: A hit of rg's grouped output under its file's heading: `12:text` (a match) or `12-text` (context).
SEARCH_GROUPED_HIT = compile_lazily(r"\d+[:-]")

# ---------------------------------------------------------------- notebooks (searchcode)

#: A notebook output's binary payload: `"image/png": "iVBOR…"` (nbformat 4) or `"png": "…"`
#: (nbformat 3), base64 with its `\n` escapes, one string or a list of line strings. Group 1 is
#: the key and colon.
NOTEBOOK_BINARY_OUTPUT = compile_lazily(
    r'("(?P<mime>image/(?:png|jpeg|gif|webp|bmp)|application/pdf|png|jpeg|gif)"\s*:\s*)'
    r'(?P<payload>"(?:[A-Za-z0-9+/=]+|\\n)+"|\[\s*"(?:[A-Za-z0-9+/=]+|\\n)*"(?:\s*,\s*"(?:[A-Za-z0-9+/=]+|\\n)*")*\s*\])'
)

# ---------------------------------------------------------------- text

#: Paragraph break: one or more blank (or white-space-only) lines.
BLANK_LINE_SPLIT = compile_lazily(r"\n(?:[ \t]*\n)+")
#: A Markdown heading; short unpunctuated lines count as headings too (see text.is_heading).
TEXT_HEADING_MD = compile_lazily(r"#{1,6}\s")
#: A Markdown list item (`- x`, `* x`, `12. x`): a long paragraph of them is a document's list,
#: which stays a paragraph (read by lines, its look-alike items would be elided).
TEXT_LIST_ITEM = compile_lazily(r"(?m)^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+\S")
TEXT_SENTENCE_END = compile_lazily(r"[.!?]")
#: Sections prose always keeps: what a reader is told to act on.
TEXT_IMPORTANT = compile_lazily(
    r"(?i)\b(ERROR|WARNING|IMPORTANT|NOTE|ACTION|FOLLOWUP|SECURITY|SUMMARY|CONCLUSION|DECISION|RECOMMENDATION)\b"
)
#: Markup that text has no use for: HTML got routed to text when it was a fragment.
LOOKS_HTML = compile_lazily(r"(?i)<(?:html|body|div|p|span|script|style|svg)\b")
HTML_NOISE_BLOCK = compile_lazily(r"(?is)<(script|style|svg)\b.*?</\1\s*>")
HTML_COMMENT = compile_lazily(r"(?s)<!--.*?-->")

# ---------------------------------------------------------------- elision bookkeeping

#: Words: the vocabulary unit of keepNonRedundant and of BM25.
WORD = compile_lazily(r"[A-Za-z0-9_]+")
DIGITS = compile_lazily(r"[0-9]+")
#: A unit with an ASCII letter has a letter-bearing word, so its digit runs are masked.
HAS_LETTER = compile_lazily(r"[A-Za-z]")
#: A word after lower-casing and masking digit runs to NUL (keepNonRedundant's fast path).
MASKED_WORD = compile_lazily(r"[a-z_\x00]+")

#: Field names whose values are never summarised in a marker.
CREDENTIAL_FIELD = compile_lazily(r"(?i)(secret|passw|token|api[_-]?key|authoriz|credential|cookie|session)")

#: logfmt-style `key=value` pairs inside a log line.
LOGFMT_PAIR = compile_lazily(r"""(?:^|[\s,\[{(])([A-Za-z_][A-Za-z0-9_.\-]*)=("[^"]*"|'[^']*'|[^\s,\]})]+)""")
#: LOGFMT_PAIR's two branches apart, for log.logfmt_pairs: a pair after a separator (led by a
#: class, which the regex engine skips to; LOGFMT_PAIR, led by `(?:^|…)`, is tried at every
#: position, ten times slower over a line) and a pair at the line's start.
LOGFMT_SEP_PAIR = compile_lazily(r"""[\s,\[{(]([A-Za-z_][A-Za-z0-9_.\-]*)=("[^"]*"|'[^']*'|[^\s,\]})]+)""")
LOGFMT_HEAD_PAIR = compile_lazily(r"""([A-Za-z_][A-Za-z0-9_.\-]*)=("[^"]*"|'[^']*'|[^\s,\]})]+)""")

#: A gradient-boosting library's evaluation row, one per boosting round: XGBoost's
#: `[12]\ttrain-logloss:0.10182\tvalid-error:0.02800`, LightGBM's `[12]\ttrain's l2: 36670.3\tvalid's l2: 351`
#: (eval_rows). Its metric names hold words like `error`; it reports no error.
EVAL_ROW = compile_lazily(r"^\[\d+\]\t(?:[\w.@-]+(?:'s [\w.@-]+)?: ?[-+\w.]+(?:\t|$))+$")
#: One metric of an evaluation row: its name (`valid-auc`, `valid's l2`) and value.
EVAL_METRIC = compile_lazily(r"([\w.@-]+(?:'s [\w.@-]+)?): ?([-+\w.]+)")

#: A segment of a training loop's metrics row between ` | ` (or `, `): name-value pairs only
#: (`epoch 1 step   12`, `loss nan`, `lr: 0.004`, `loss = 0.659`), a value a number, `nan` or
#: `inf` (eval_rows).
METRIC_SEGMENT = compile_lazily(
    r"(?:[A-Za-z_][\w./-]*(?:[ \t]*[:=][ \t]*|[ \t]+)[-+]?(?:\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|nan|inf)[ \t]*)+")
#: One pair of such a segment: its name and value.
METRIC_PAIR = compile_lazily(
    r"([A-Za-z_][\w./-]*)(?:[ \t]*[:=][ \t]*|[ \t]+)([-+]?(?:\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|nan|inf))")

#: One scalar member of a Python dict's repr on one line, a training loop's metrics as Hugging
#: Face's Trainer prints them (`{'loss': '0.6949', 'grad_norm': 0.17, 'epoch': 0.04}`): its
#: name and value, quoted or bare (eval_rows).
PY_DICT_PAIR = compile_lazily(r"'([^'\\]+)': (?:'([^'\\]*)'|([-+\w.]+))")
#: A whole such dict: its members only, each a scalar.
PY_DICT_ROW = compile_lazily(r"\{'[^'\\]+': (?:'[^'\\]*'|[-+\w.]+)(?:, '[^'\\]+': (?:'[^'\\]*'|[-+\w.]+))+\}")

#: A rich progress bar's row as Lightning draws it under a terminal: its label (`Epoch 1/2`,
#: `Validation`), the bar, `done/total`, times and rate, then the metrics it shows
#: (`v_num: 2.000`); the other metrics stand a row each under it (`   val_loss: 0.655`).
RICH_BAR_ROW = compile_lazily(r"([A-Z][\w ]*?(?: \d+/\d+)?) +[━╸╺╾╼]+ +\d+/\d+ ")
#: A metric a rich bar shows: `name: value`.
RICH_BAR_METRIC = compile_lazily(r"([A-Za-z_][\w./-]*): ([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|nan|inf)(?!\S)")

#: Optuna's line for a trial that finished: its number, value, parameters (a Python dict) and the
#: best trial so far (`Trial 16 finished with value: 0.95 and parameters: {'C': 14.9}. Best is
#: trial 9 with value: 0.954.`).
OPTUNA_TRIAL = compile_lazily(
    r"Trial (\d+) finished with value: (\S+) and parameters: (\{[^{}]*\})\. Best is trial (\d+) with value: (\S+?)\.?$")

#: The header of scikit-learn's classification_report (metric_reports): its rows, then
#: `accuracy`, `macro avg`, `weighted avg`.
SKLEARN_REPORT_HEADER = compile_lazily(r"^\s+precision\s+recall\s+f1-score\s+support\s*$")
#: coverage.py's text report (`coverage report [-m]`): its header, `Name  Stmts  Miss [Branch BrPart]
#: Cover [Missing]`, and each file's row, `pkg/a.py   120   4   97%   12-15` (the Missing cell optional).
COVERAGE_PY_HEADER = compile_lazily(r"^Name\s+Stmts\s+Miss(?:\s+Branch\s+BrPart)?\s+Cover(?:\s+Missing)?\s*$")
COVERAGE_PY_ROW = compile_lazily(r"^\S.*?\s\d+\s+\d+(?:\s+\d+\s+\d+)?\s+\d+(?:\.\d+)?%(?:\s.*)?$")

#: Our own markers, so a second pass never treats them as content.
ELISION_MARKER = compile_lazily(r"\(caveman\)|caveman: ")

# ---------------------------------------------------------------- pydantic's ValidationError dump (pydantic_errors)
#: The link under each error of a ValidationError (`    For further information visit
#: https://errors.pydantic.dev/2.14/v/missing`): it names only the error's type, so a repeat says
#: nothing new. Asked only of lines holding its literal words.
PYDANTIC_LINK = compile_lazily(r"^\s+For further information visit (?P<url>https://errors\.pydantic\.dev/\S+)\s*$")

# ---------------------------------------------------------------- pandas' printed DataFrame (pandas_frame)
#: The footer pandas prints under a truncated frame (`[3000 rows x 13 columns]`): with the
#: nameless index column it tells a printed frame from prose.
PANDAS_FRAME_FOOTER = compile_lazily(r"\[\d+ rows x \d+ columns\]")

# ---------------------------------------------------------------- test, build and lint output (toolout)
# Used by engine/compressors/toolout.py. Lines arrive ANSI-stripped; a leading braille spinner
# glyph (npm, eslint, jest under a pty) is removed before matching. Patterns whose every branch
# starts with `^` are applied with .match (position 0 only), which keeps a line's cost flat.

#: Spinner glyphs a pty capture leaves at the start of a line after its CR redraw.
TOOL_SPINNER = compile_lazily(r"^[\u2800-\u28ff]+")

# ---------------------------------------------------------------- Python installers (uv, pip, build)
#: uv's list of what an install changed: ` + name==1.2.3` (installed), ` - ` (removed), ` ~ `
#: (reinstalled), an editable or URL one with `(from file:///…)`. It is the enumeration the agent
#: asked for (which versions landed): a TOOL_SUMMARY row, kept whole. One leading space exactly and
#: a pinned `==` version: `python -m build` lists its requirements as `  - setuptools>=61`.
_UV_PACKAGE_ROW = r" [+~-] [A-Za-z0-9][\w.\[\],-]*==[^\s()]+(?: \(from [^)]*\))?$"
UV_PACKAGE_ROW = compile_lazily(_UV_PACKAGE_ROW)
#: uv's step counts (`Resolved 44 packages in 412ms`, `Installed 11 packages in 9ms`): the summary.
_UV_STEP_COUNT = r"(?:Resolved|Prepared|Installed|Uninstalled|Audited|Built) \d+ packages? in [\d.]+m?s$"


#: Runner and build summaries and counts: the lines that say how the run ended. Always kept.
TOOL_SUMMARY = compile_lazily(
    r"^=+ .*\b(passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?|no tests ran)\b.* =+$"
    r"|^=+ (test session starts|FAILURES|ERRORS|short test summary info|warnings summary) =+$"
    r"|^!+ .* !+$"  # pytest `!!! Interrupted: 1 error during collection !!!`
    r"|^(FAILED|ERROR|XFAIL|XPASS) \S+"  # pytest short summary rows
    r"|^(Test Suites|Tests|Snapshots|Time):\s+\d"  # jest
    r"|^\s*\d+ (passing|failing|pending)\b"  # mocha
    r"|^\s*ℹ (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) "  # node --test spec
    r"|^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [\d.]+$|^1\.\.\d+$"  # TAP plan and counts
    r"|^(ok|FAIL|PASS)$|^FAIL\s+\S+\s+\S+s$|^FAIL\s+\S+ \[build failed\]"  # go test
    r"|^test result: |^error: test failed|^\s*Finished .* target\(s\) in "  # cargo
    r"|^Ran \d+ tests? in |^(OK|FAILED)( \(.*\))?$"  # unittest
    r"|^Found \d+ errors?\b|^Success: no issues found|^All checks passed!|^\[\*\] \d+ fixable"
    r"|^No fixes available|^\d+ files? (would be )?(reformatted|left unchanged)"  # mypy, ruff, black
    r"|^\d+ errors?, \d+ warnings?, \d+ (informations?|notes?|infos?) ?$"  # pyright, basedpyright
    r"|^\s*✖ \d+ problems? |^\s*\d+ errors? and \d+ warnings? (potentially fixable|found\.$)"  # eslint
    r"|^Errors\s+Files$|^Your code has been rated at "  # tsc, pylint
    r"|^build (succeeded|finished with problems)|^The \w+ (pages|files?) are in "  # sphinx
    r"|^\d+% tests passed, \d+ tests? failed out of \d+|^The following tests FAILED:|^Total Test time"
    r"|^Errors while running CTest"  # ctest
    r"|^(g?make|ninja)(\[\d+\])?: \*\*\* |^ninja: build stopped|^FAILED: "  # make, ninja
    r"|^-- (The \w+ compiler identification|Configuring (done|incomplete)|Generating done"
    r"|Build files have been written)"  # cmake
    r"|^CMake (Error|Warning)"
    r"|^npm (error|ERR!|warn|WARN)\b|^npm http fetch \S+ [45]\d\d |^(added|removed|changed|up to date)\b.*\bpackages?\b.* in \S+$"
    r"|^found \d+ vulnerabilit|^\d+ (\w+ )?vulnerabilit"  # npm
    r"|^Successfully (installed|built|uninstalled) |^(ERROR|WARNING|error|warning): "  # pip, generic
    r"|^(E|W): |^Err:\d+ |^\d+ upgraded, \d+ newly installed"  # apt
    r"|^Running Sphinx v|^\s*(exit status|exit code|Exit code:?) \d+|^Node\.js v\d"
    # npm run-script header: what ran (not gradle's `> Task :x`, nor a code frame's `> 12 | code`)
    r"|^> (?!Task :|\d+ +\|)\S"
    r"|^\s+\w+_test\.go:\d+: "  # go test: t.Log / t.Error output
    r"|^\[(INFO|ERROR)\] BUILD (SUCCESS|FAILURE)|^(\[\w+\] )?Tests run: \d+, Failures: \d+, Errors: \d+, Skipped: \d+$"
    r"|^(\[\w+\] )?Tests run: .*(Failures: [1-9]|Errors: [1-9]|FAILURE)"  # maven surefire
    r"|^BUILD (SUCCESSFUL|FAILED) in |^\d+ actionable tasks?: |^FAILURE: |^\* What went wrong:"  # gradle
    r"|^\s*Build (succeeded|FAILED)\.|^\s+\d+ (Warning|Error)\(s\)$|^(Passed|Failed)!\s+- "  # dotnet
    r"|^\d+ examples?, \d+ failures?|^Finished in [\d.]+ (seconds|minutes)|^rspec \./\S+:\d+ "  # rspec
    r"|^\s*(Test Files|Tests|Duration)\s+\d|^\s*(Test Files|Tests)\s+\d+ (failed|passed)"  # vitest
    r"|^error Command failed with exit code \d|^\s*ERR_PNPM_\w+"  # yarn, pnpm
    r"|^Error: ERR_PNPM_\w+$|^\[ELIFECYCLE\] "  # pnpm 10+
    r"|^collected \d+ items?|^platform \S+ -- Python "  # pytest header: counts, versions
    r"|^Dubious, test returned \d+|^Failed \d+/\d+ subtests|^Result: (PASS|FAIL|NOTESTS)$"  # prove, per file
    r"|(Segmentation fault|Killed|Aborted)\b"
    r"|^\[  (FAILED|SKIPPED|PASSED)  \] |^\[ DISABLED \] |^\[==========\] |^\s*\d+ FAILED TESTS?$"  # GoogleTest
    r"|^\s*YOU HAVE \d+ DISABLED TESTS?$"
    "|^" + _UV_PACKAGE_ROW + "|^" + _UV_STEP_COUNT +  # uv
    # automake's test harness (`make check`): its closing box and where the failures' logs are
    r"|^Testsuite summary for |^# (TOTAL|PASS|SKIP|XFAIL|FAIL|XPASS|ERROR):\s+\d+$|^See \S+ for debugging\.$"
)
#: The first line of what an uncaught failure printed as a run ended: a Python traceback or
#: fatal error, a Go or Rust panic.
CRASH_HEAD = compile_lazily(
    r"(?:Traceback \(most recent call last\):|Fatal Python error: |panic: |goroutine \d+ \[running\]:"
    r"|thread '[^']*'(?: \(\d+\))? panicked at )"
)

#: Crash words a summary line can carry anywhere (`make: *** ... Segmentation fault (core dumped)`).
TOOL_SUMMARY_ANYWHERE = compile_lazily(r"\b(Segmentation fault|core dumped)\b")

#: A test that passed, or a progress row of passing tests: the bulk a run can drop.
TOOL_PASS = compile_lazily(
    r"^\S+::\S.* PASSED(\s+\[\s*\d+%\])?$"  # pytest -v
    r"|^(\S+\.py )?[.sx]+(\s+\[\s*\d+%\])?$"  # pytest -q progress rows without failures
    r"|^\s*(✓|✔|√)\s"  # jest, mocha, node --test
    r"|^\s*PASS\s+\S"  # jest file line
    r"|^\s*(?:# )?ok \d+ (- )?(?!.*# (?i:skip|todo)\b)"  # TAP (bats writes no ` - `, and `# skip`; node --test relays a child's as `# ok`)
    r"|^\s*--- PASS: |^ok\s+\S+\s+(\d[\d.]*s|\(cached\))(\s|$)"  # go test (its time: bats' `ok 5 runs` is no package)
    r"|^test \S(.*\S)? \.\.\. ok$"  # cargo test (a doc test: `test src/lib.rs - add (line 9) ... ok`)
    r"|^\S+ \(\S+\) \.\.\. ok$|^test\w* \(\S+\)\s*$"  # unittest -v
    r"|^\s*\d+/\d+ Test\s+#\d+: \S+ \.+\s+Passed"  # ctest
    r"|^(\[INFO\] )?Tests run: \d+, Failures: 0, Errors: 0, Skipped: \d+, Time elapsed"  # maven, per class
    r"|^\s+Passed \S+ \[\d"  # dotnet test -v n
    r"|^\[       OK \] \S+ \(\d+ ms\)$"  # GoogleTest
    r"|^\(\s*[^()\s]+: line\s+\d+\) ok\s+\S"  # sphinx linkcheck: a link that answered (broken ones stay)
    r"|^PASS: \S"  # automake's test harness (`make check`), one row per test
)
#: A dots-only row (`.`, `...s..`) is a test runner's progress only in a run that counts its
#: tests somewhere (`Ran 3 tests in`, `5 passed`, `12 examples, 0 failures`, `9 runs, 9
#: assertions`, `Tests: 4`): in doxygen's or TeX's transcript a lone `.` is punctuation.
TOOL_TEST_COUNT = compile_lazily(
    r"\b\d+ (?:tests?|examples?|runs?|passed|passing|specs?|assertions?)\b|\bTests: \d|\bRan \d+ tests?\b")
#: prove's row for a test file: its name, then its result on the same line (`t/a.t .. ok`: it
#: passed) or on later lines (`t/b.t ....`: kept). Read by a pass of its own over the lines that
#: hold `.t ..` (toolout.analyse): as an alternative of TOOL_SUMMARY and TOOL_PASS, which any
#: first character may start, it was tried on every line of every transcript.
PROVE_FILE_ROW = compile_lazily(r"^(?:\[[\d:]+\] )?\S+\.t \.{2,}(?P<ok> ok\b)?")
PROVE_ROW_WORD = ".t .."

#: Progress and set-up chatter: spinners, downloads, compile steps, configure probes.
TOOL_CHATTER = compile_lazily(
    r"^\s*RUNS\s|^Determining test suites to run"  # jest
    r"|^=== (RUN|PAUSE|CONT|NAME) |^\?\s+\S+\s+\[no test files\]"  # go test
    r"|^\s*(Compiling|Checking|Downloading|Downloaded|Fresh|Updating|Locking|Adding|Blocking|Packaging"
    r"|Documenting|Installing|Verifying|Archiving|Unpacking|Fetching|Resolving|Building) (?!for (function|type|size of|alignment of) \x22|if \x22)\S"  # cargo (not meson's `Checking for function "f" : NO`)
    r"|^\s*\d+/\d+ files checked \d+% done$|^Checking \S+( \.\.\.|: )"  # cppcheck
    r"|^(?:Preprocessing|Parsing file|Generating|Searching for|Reading and parsing|Computing|Associating|Adding"
    r"|Add|Sorting|Transferring|Combining|Setting anonymous|Search for|Determining|Freeing|Flushing|Creating"
    r"|Inheriting|Counting|Resolving|Finding|Correcting|finalizing|writing tag|Running (?:dot|plantuml)|Patching)"
    r" [^\n]*\.\.\.$|^(?:Searching for files in directory \S|(?:Running dot for graph|Patching output file)"
    r" \d+/\d+$)"  # doxygen
    r"|^\[\s*\d{1,3}%\] (Building|Linking|Generating|Scanning|Copying|Installing|Running|Automatic)"
    r"|^Scanning dependencies of target |^Consolidate compiler generated dependencies"
    r"|^\s+Start\s+\d+: "  # ctest
    r"|^\[\d+/\d+\] "  # ninja
    r"|^-- (Looking for|Performing Test|Check(ing)? (for|if|size|whether|include)|Detecting|Found )"
    r"|^(g?make)(\[\d+\])?: (Entering|Leaving) directory "
    r"|^\s*(Collecting|Downloading|Using cached|Requirement already satisfied|Installing collected"
    r"|Building wheels? for|Created wheel for|Stored in directory|Preparing metadata|Getting requirements"
    r"|Installing build dependencies|Attempting uninstall|Found existing installation|Uninstalling"
    r"|Preparing editable metadata|Checking if build backend supports|Building editable for)[: ]"  # pip
    r"|^(Get|Hit|Ign):\d+ |^Reading (package lists|state information)|^Building dependency tree"
    r"|^Selecting previously unselected |^Preparing to unpack |^Unpacking |^Setting up "
    r"|^Processing triggers for |^\(Reading database |^Fetched \d"  # apt
    r"|^(Inst|Conf|Remv|Purg) \S+ (\[[^\]]*\] )?\("  # apt-get --simulate: one row per package listed above
    # npm's request log (`--loglevel=http`), but not a failed fetch (`GET 404`): TOOL_SUMMARY keeps it
    r"|^npm (http(?! fetch \S+ [45]\d\d )|timing|sill|verb) |^(reading sources|writing output|reading|copying|writing|"
    r"highlighting module code|loading pickled environment)\.*\s*\[\s*\d+%\]"  # sphinx
    # a bare spinner frame (an ASCII one unindented: an indented `    |` is a drawn path, gcc -fanalyzer's)
    r"|^\s*[\u2800-\u28ff]+\s*$|^[|/\\-]\s*$"
    r"|^# Subtest: "  # TAP: the result line follows
    r"|^(\[INFO\] )?(Download(ing|ed) from \S+:|Progress \(\d+\))|^\[INFO\] (Running \S+$|Building "
    r"|--- \S+:\S+:\S+ |Compiling \d+ source|Nothing to compile|Copying \d+ resource|Using '|skip non existing)"
    r"|^> Task :\S+( UP-TO-DATE| NO-SOURCE| FROM-CACHE| SKIPPED)?$|^<[=-]*> \d+% (EXECUTING|CONFIGURING)"
    r"|^\s+(Determining projects to restore|Restored \S+|All projects are up-to-date)|^\s+\S+ -> \S+\.dll$"
    r"|^\[\d/\d\] (Resolving|Fetching|Linking|Building)|^Progress: resolved \d+"  # yarn, pnpm
    r"|^Download https?://\S+$"  # deno: one fetch per module or npm package (`deno add`, first `deno run`)
    # autoconf's probes (a `no` is kept: the probe before `configure: error:` is its cause)
    r"|^checking .+\.\.\.( (?!no$).*)?$|^config\.status: (creating|executing) "
    r"|^\[ RUN      \] |^\[----------\] (\d+ tests? from \S+( \(\d+ ms total\))?|Global test environment \S+)$"  # GoogleTest
    # Django's test database setup (`manage.py test -v 2`): one row per migration applied, all OK
    r"|^\s+Applying \w+\.\d{4}_\w+\.\.\. OK$"
    # make's recursion (its `***` error lines stay) and automake's steps: silent rules'
    # `  CC       foo.lo` and depcomp moving each object's dependency file into place
    r"|^g?make(\[\d+\])?: (Entering|Leaving) directory |^g?make(\[\d+\])?: Nothing to be done for "
    r"|^g?make(\[\d+\])?: '[^']+' is up to date\.$|^Making \S+ in \S+$"
    r"|^  (CC|CXX|CCLD|CXXLD|AR|RANLIB|GEN|CPPAS|CCAS|LD|AS|OBJC|OBJCLD|F77|FC|FCLD|LEX|YACC|HOSTCC|HOSTLD) +\S+$"
    r"|^mv -f \S+\.Tpo \S+\.P(lo|o)$"
    # meson setup's probes that succeeded (a `NO` stays, as autoconf's `no`: the failed
    # dependency before `ERROR:` is its cause), its sizes and defines
    r"|^(Has header|Checking for (function|type|size of|alignment of)|Checking if|Header|Compiler for \S+ supports"
    r"|Library|Run-time dependency|Build-time dependency|Dependency|Program|Fetching value of define) .*(:| found:) "
    r"(YES\b.*|\d+)$"
)
#: A progress bar anywhere in the line (pip, cargo, apt, tqdm).
TOOL_PROGRESS_BAR = compile_lazily(r"[━█▇▆▅▄▃▂▏░▒▓]{6,}")

#: A progress line at its final value (`[100%] Built target x`, `22/22 Test`); lines ending
#: `100% done` (cppcheck) are tested with str.endswith.
TOOL_PROGRESS_DONE = compile_lazily(r"^\s*\[100%\]|^\s*(?P<done>\d+)/(?P=done) \S")

#: Where a failure block starts (its whole body is kept).
TOOL_PYTEST_SECTION = compile_lazily(r"^=+ (?P<name>[A-Za-z][\w ]*?) =+$")
TOOL_PYTEST_BLOCK = compile_lazily(r"^_{3,} .+ _{3,}$")
TOOL_TRACEBACK = compile_lazily(r"^\s*Traceback \(most recent call last\):$")
TOOL_UNITTEST_BLOCK = compile_lazily(r"^(FAIL|ERROR|UNEXPECTED SUCCESS): \S+ \(\S+\)")
TOOL_JEST_BLOCK = compile_lazily(r"^\s*● (?!Console\b)\S")
TOOL_JEST_END = compile_lazily(r"^\s*(● |(PASS|FAIL)\s+\S)|^(Test Suites|Tests|Snapshots|Time):|^Summary of all failing")
TOOL_MOCHA_FAILING = compile_lazily(r"^\s*\d+ failing\b")
#: One failure in mocha's failures section (`  2) Parser`): it runs through its stack frames.
TOOL_MOCHA_FAILURE = compile_lazily(r"^\s+\d+\) \S")
TOOL_GO_FAIL = compile_lazily(r"^(\s*)--- FAIL: ")
TOOL_GO_PANIC = compile_lazily(r"^panic: |^fatal error: ")
#: A Rust panic printed inline (`cargo test -- --nocapture`, a doc test's stderr, a binary):
#: `thread 'x' (729) panicked at src/lib.rs:5:1:` then its message (`assertion ... failed`,
#: `  left: 3`, ` right: 4`), which a view must not thin as look-alikes of another panic's.
TOOL_RUST_PANIC = compile_lazily(r"^thread '[^']*'( \(\d+\))? panicked at ")
#: A doc test's name holds spaces (`---- src/lib.rs - add (line 9) stdout ----`).
TOOL_CARGO_STDOUT = compile_lazily(r"^---- \S.*? std(out|err) ----$")
#: A Rust backtrace frame (`   4: crate1::tests::t_fail`) and its source line (`      at ./src/main.rs:7:27`):
#: a frame of the standard library (its source under `/rustc/<commit>/library/`, or no source
#: and a std/core/alloc symbol) is counted, not shown; the user's own frames stay.
TOOL_RUST_FRAME = compile_lazily(r"^\s+\d+: (?P<sym>\S.*)$")
TOOL_RUST_FRAME_AT = compile_lazily(r"^\s+at (?P<path>\S.*?):\d+(:\d+)?$")
TOOL_RUST_STD_SYMBOL = compile_lazily(r"^(std|core|alloc|__rustc|test)::")
TOOL_TAP_NOT_OK = compile_lazily(r"^(\s*)not ok \d+")
TOOL_NODE_FAIL = compile_lazily(r"^(\s*)✖ ")
TOOL_JS_ERROR = compile_lazily(r"^\s*(Uncaught )?([A-Z]\w*)?(Error|Exception)(\s\[\w+\])?: ")
TOOL_CMAKE_ERROR = compile_lazily(r"^CMake (Error|Warning)( \(dev\))?( at \S+)?:")
TOOL_PIP_ERROR = compile_lazily(r"^\s*(error: [a-z][a-z-]+$|× )")
TOOL_STACK_FRAME = compile_lazily(r"^\s+at \S|^\s+File \"[^\"]+\", line \d+")

# ---------------------------------------------------------------- the Go toolchain (toolout_go, gotest_json)
# Read by passes of their own over the few lines that hold a literal word ("=== ", "--- ", ".go:",
# "ok  \t", "Benchmark", "DATA RACE"), never tried on every line of every payload.

#: `go test -v`'s line announcing which test the output below it belongs to (1.19 prints RUN,
#: PAUSE and CONT; 1.20+ adds NAME when output of another test interleaves).
GO_TEST_HEADER = compile_lazily(r"^=== (?:RUN|PAUSE|CONT|NAME)\s+(?P<name>\S+)$")
#: A test's result line, nested two spaces deeper per subtest level: `    --- PASS: TestX/a (0.00s)`.
GO_TEST_RESULT = compile_lazily(r"^(?P<indent>\s*)--- (?P<status>PASS|FAIL|SKIP): (?P<name>\S+) \(")
#: What t.Log / t.Error print: `    parse_test.go:41: got 3, want 4` (a helper outside a _test
#: file may be named too); its continuation lines are indented deeper. testify's assertions print
#: the place alone (`    logrus_test.go:446: `, its blank stripped), their `Error Trace:` block under it.
GO_TEST_OUTPUT = compile_lazily(r"^(?P<indent>\s+)[\w.-]+\.go:\d+:(?: |$)")
#: The line that closes a package's run: `ok  \tpkg\t0.01s`, `FAIL\tpkg\t0.2s`, `?   \tpkg\t[no test files]`,
#: `FAIL\tpkg [build failed]`. The per-package results an agent reads the run for.
GO_PACKAGE_END = compile_lazily(r"^(?:ok  |FAIL|\?   )\t\S+(?:\t| \[)")
#: A benchmark's result row (`BenchmarkSum-2  2164708  559.5 ns/op  0 B/op  0 allocs/op`): each
#: is one measurement the run was made for, never a look-alike of its neighbours.
GO_BENCH_ROW = compile_lazily(r"^Benchmark\S*\s+\d+\s+\d[\d.]*\s+ns/op\b")
#: The race detector's report opens and closes with this rule; the two accesses and the
#: goroutines' creation stacks in between are one finding.
GO_RACE_RULE = "=================="

# ---------------------------------------------------------------- native builds (ctest)
#: A ctest result row that did not pass (`28/30 Test #28: geo_test_27 ....***Timeout   2.00 sec`,
#: `***Failed`, `***Exception: SegFault`, `Not Run`): a failure block opens on it, and with
#: --output-on-failure the test's own output follows it up to the next `Start` or result row.
TOOL_CTEST_FAIL = compile_lazily(r"^\s*\d+/\d+ Test\s+#\d+: \S+ \.*\s*(\*\*\*\w|Not Run)")
#: Where a failing ctest row's output ends: the next test's start or result row, or the summary.
TOOL_CTEST_NEXT = compile_lazily(r"^\s*(Start\s+\d+: |\d+/\d+ Test\s+#\d+: )|^\d+% tests passed")
#: A JVM stack frame (`\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1511)`, Maven's
#: `    at org.apache.maven.cli.MavenCli.main (MavenCli.java:196)`): the class, after any module or
#: class-loader prefix (`java.base/`, `app//`), and a JVM source in parentheses.
TOOL_JVM_FRAME = compile_lazily(
    r"^\s+at (?:[\w.$-]+(?:@[\w.+-]+)?/{1,2})?(?P<cls>[\w$]+(?:\.[\w$<>-]+)+) ?"
    r"\((?:[\w$-]+\.(?:java|kt|scala|groovy|clj):\d+|Native Method|Unknown Source)\)$"
)
#: A V8 stack frame (`    at fn (path:1:2)`, `    at async fn (path:1:2)`, `    at path:1:2`): the
#: place is the parenthesised tail, or the bare rest of the line.
TOOL_JS_FRAME = compile_lazily(r"^\s+at (?:async )?(?:\S.*? \((?P<place>[^()]*)\)|(?P<bare>[^\s()]+))$")
#: A place in node's own code or a builtin (`node:internal/timers:483:21`, `node:events:524:28`,
#: old node's `internal/process/task_queues.js:95:5`, `<anonymous>`, `index 0` of Promise.all),
#: or in a test runner's or module loader's installed code: never the user's bug.
TOOL_JS_HARNESS_PLACE = compile_lazily(
    r"(?:node:|internal/)|<anonymous>$|index \d+$|.*\bnode_modules/"
    r"(?:tape|mocha|jest-circus|jest-runner|jest-runtime|jest-jasmine2|@jest/[\w.-]+|vitest|@vitest/[\w.-]+"
    r"|ava|tap|@tapjs/[\w.-]+|libtap|uvu|jasmine|jasmine-core|qunit|karma|ts-node|tsx|pirates"
    r"|source-map-support|@babel/register)/"
)
#: Packages whose frames are never the user's code: the JDK and the test and build harness
#: (JUnit, opentest4j, Maven with surefire, its resolver and container, Gradle).
TOOL_JVM_LIB_CLASS = compile_lazily(
    r"(java|javax|jdk|sun|com\.sun|org\.junit|junit|org\.opentest4j|org\.apache\.maven"
    r"|org\.eclipse\.aether|org\.eclipse\.sisu|org\.codehaus\.plexus|org\.gradle)\."
)
#: A valgrind record (`==4242== Invalid write of size 4`, `... definitely lost in loss record 2 of 2`,
#: the heap and leak summaries) opens a block that runs through its `==4242==    at 0x..: f (x.c:7)`
#: frames to the record's blank `==4242==` line: each record is one error, its frames its place.
TOOL_VALGRIND_RECORD = compile_lazily(
    r"^==\d+== (Invalid (read|write|free|realloc)|Conditional jump|Use of uninitialised|Syscall param"
    r"|Mismatched free|Source and destination overlap|Argument '\w+' of function|Jump to the invalid address"
    r"|Process terminating|Bad permissions|Possible data race|Lock at|Thread #\d+ (was created|unlocked|locked)"
    r"|\S.* (definitely|indirectly|possibly) lost in loss record|(HEAP|LEAK) SUMMARY:|ERROR SUMMARY: )"
)
#: A sanitizer's report (`==4242==ERROR: AddressSanitizer: heap-buffer-overflow ...`) runs through
#: its `SUMMARY: AddressSanitizer: ...` line: the access, each stack (`    #0 0x.. in f x.c:6`) and
#: where the memory was allocated or freed are one error.
TOOL_SANITIZER_REPORT = compile_lazily(r"^==\d+==(ERROR|WARNING): \w+Sanitizer: ")
TOOL_SANITIZER_SUMMARY = compile_lazily(r"^SUMMARY: \w+Sanitizer: ")
#: A GoogleTest assertion failure (`t.cpp:217: Failure`, `unknown file: Failure` for a thrown
#: exception) or skip: its expectation lines follow up to the next `[ ... ]` row or failure.
TOOL_GTEST_FAILURE = compile_lazily(r"^(\S+:\d+|unknown file): (Failure|Skipped)$")
#: A Perl diagnostic (die, warn, a compile error): `MSG at FILE line N.`, perhaps with the input
#: handle's line (`, <STDIN> line 3`) or the place (`, near "foo"`, `, at end of line`).
TOOL_PERL_DIAG = compile_lazily(
    r"^\S.*? at \S+ line \d+(, <[^>]*> (line|chunk) \d+)?(, at end of line|, near \".*\"|, at EOF)?\.?$"
)
#: A linker's diagnostic (GNU ld, gold, lld, Apple ld): none needs an error word, and a run of
#: `multiple definition of` lines differ only in the symbol, so each is kept by this shape.
TOOL_LINKER_DIAG = compile_lazily(
    r"(undefined reference to |multiple definition of |duplicate symbol|relocation \S+ against "
    r"|: in function [`‘'\"]|cannot find -l|first defined here)"
)
#: Words one of which every TOOL_LINKER_DIAG match holds (found by one scan of the text).
TOOL_LINKER_WORDS = ("reference to", "definition of", "duplicate symbol", "relocation", "in function",
                     "cannot find -l", "first defined")
#: A compiler driver's own diagnostic, about the command rather than a source line (a bad flag,
#: a missing input): `gcc: error: unrecognized command-line option '-mfoo'`, `cc1: warning:
#: command-line option '-std=c++17' is valid for C++ but not for C`. Printed again for every
#: file compiled. (collect2's `ld returned 1 exit status` is each failed link's verdict: not here.)
#: libtool's own (`libtool: warning: '-version-info/-version-number' is ignored for convenience
#: libraries`) is printed again for every library it links.
#: config.log's record of one probe: `configure:5128: checking for stdio.h`, the commands it ran
#: (`configure:5128: ccache gcc -c conftest.c >&5`), their `configure:5128: $? = 0`, and
#: `configure:5128: result: yes` (group 1: what follows `configure:N: `).
CONFIG_LOG_STEP = compile_lazily(r"^configure:\d+: (.*)$")
TOOL_DRIVER_DIAG = compile_lazily(
    r"^(?:\S*/)?(?:[\w.]+-)*(?:gcc|g\+\+|cc|c\+\+|clang|clang\+\+|cc1|cc1plus|cc1obj|lto1|lto-wrapper|libtool)(?:-\d+(?:\.\d+)*)?"
    r": (?:fatal error|error|warning|note): "
)
#: Words one of which every TOOL_DRIVER_DIAG match holds.
TOOL_DRIVER_WORDS = ("cc: ", "cc1", "++: ", "clang", "gcc-", "lto1: ", "lto-wrapper: ", "libtool: ")
#: javac through Maven: `[WARNING] /src/X.java:[4,10] found raw type: java.util.List` (the
#: position in brackets, no `: severity:`): a finding like gcc's, so a -Xlint flood is thinned.
TOOL_DIAG_MAVEN = compile_lazily(r"^\[(?P<sev>ERROR|WARNING)\] (?P<path>\S+?):\[(?P<line>\d+),(?P<col>\d+)\] (?P<msg>.*)$")

#: A test's own output inside a failure block (toolout_captured): read like a log, not kept whole.
#: pytest's `---- Captured stdout call ----` (stdout/stderr/log × setup/call/teardown) header.
TOOL_PYTEST_CAPTURED = compile_lazily(r"^-{3,} Captured (stdout|stderr|log)( (setup|call|teardown))? -{3,}$")
#: What ends a pytest captured section: any pytest rule line (`--- x ---`, `___ t ___`, `=== s ===`).
TOOL_PYTEST_RULE = compile_lazily(r"^(-{3,} .+ -{3,}|_{3,} .+ _{3,}|=+ .+ =+)$")
#: jest's console block header (`  console.log`); its `at` line locates the call, not an error.
TOOL_JEST_CONSOLE = compile_lazily(r"^(\s*)console\.(?P<method>\w+)$")

#: A failing (or xfail/xpass, skip, todo) test result line, in any runner: always kept.
TOOL_RESULT_ODD = compile_lazily(
    r"^\s*(✖|✗|✕|×)\s|^\s*(not )?ok \d+ .*# (SKIP|TODO)\b|^\S+::\S.* (FAILED|ERROR|XFAIL|XPASS)\b"
    r"|^test \S+ \.\.\. (FAILED|ignored)"
    r"|^\s*--- (FAIL|SKIP): |^\s*not ok \d+|^(\S+\.py )?[.sSxX]*[FE][.sSxXFE]*(\s+\[\s*\d+%\])?$"
    r"|^(FAIL|ERROR|XPASS|XFAIL|SKIP): \S"  # automake's test harness
)
#: The same, for shapes that end a line: unittest `... FAIL`, node's `(1.2ms) # SKIP`.
TOOL_RESULT_ODD_END = compile_lazily(r"(\.\.\. (FAIL|ERROR|expected failure|unexpected success)|\) # (SKIP|TODO)\b.*)$")

#: Result lines that stay only inside a test tree (mocha `1) title`, `- pending`; jest `○`, `✎`),
#: where the same shapes cannot be list items or diff lines.
TOOL_TREE_ODD = compile_lazily(r"^\s{2,}(\d+\) |- \S|﹣ |○ |✎ )")
#: Markers of a test tree (mocha, jest, node --test spec): suite titles in it are passing structure.
TOOL_TREE_MARK = compile_lazily(r"^\s*(✓|✔|√|▶)\s")

# ---- Maven (toolout_maven)
#: What varies between instances of one Maven warning: a URL or path (any word holding a `/`),
#: an artifact's coordinates (`g:a:jar:1.2`), a number.
MAVEN_VARIABLE = compile_lazily(r"\S*/\S*|\S+:\S+:\S+|\d+")

# ---- Gradle --info (toolout_gradle)
#: Gradle's `--info` bookkeeping lines: a task's start and end on a worker thread, the artifact
#: state, a skipped task's reason, a cache created, an up-to-date check, the test executor's
#: process and reports. Progress, never an outcome (`:test FAILED` is none of these).
GRADLE_INFO_CHATTER = compile_lazily(
    r"(?::\S+ \(Thread\[.*\]\) (?:started|completed\. Took [\d.]+ secs)\.$"
    r"|Putting task artifact state for task '\S+' into context took "
    r"|Skipping task '\S+' as it (?:has no source files|has no actions|is up-to-date)"
    r"|Creating new cache for \S+, path "
    r"|Up-to-date check for task '\S+' took [\d.]+ secs\. It is (?:not )?up-to-date"
    r"|All input files are considered out-of-date for incremental task "
    r"|(?:Successfully started|Starting) process 'Gradle Test Executor \d+'"
    r"|Gradle Test Executor \d+ (?:started|finished) executing tests\.$"
    r"|Finished generating test (?:XML|html) results "
    r"|Generating HTML test report\.\.\.$"
    r"|Compiling with JDK Java compiler API\.$"
    r"|Resolve mutations for :\S+ "
    r"|Caching disabled for task ':\S+'"
    r"|Task ':\S+' is not up-to-date because:$"
    r")"
)

# ---- JUnit Platform console launcher (toolout_junit_console) ------------------------------------
#: A row of its `--details=tree` view: the tree drawing, then a test or container name and its
#: mark (`✔` passed, `✘` failed with the message after it, `↷` skipped with the reason). The
#: mark follows the name, so the mocha/jest tree rules (a mark first) never read these rows.
JUNIT_TREE_ROW = compile_lazily(r"^(?P<tree>[│├└─ ]*[├└]─) (?P<name>.*?) (?P<mark>[✔✘↷])(?: (?P<msg>.*))?$")
#: A row of `--details=flat`: what happened to a test or container, then its name and unique id.
JUNIT_FLAT_ROW = compile_lazily(r"^(?P<event>Started|Finished|Skipped|Registered|Aborted): +\S")
#: The line under a flat row saying why: `=> Exception: ...` (a failure) or `=> Reason: ...`.
JUNIT_FLAT_CAUSE = compile_lazily(r"^\s+=> (?P<what>Exception|Reason): ")
#: A frame in its `Failures (N):` listing, printed without `at ` (`       org.junit.Foo.bar(Foo.java:12)`).
JUNIT_FAILURES_FRAME = compile_lazily(
    r"^\s+(?:[\w.$-]+(?:@[\w.+-]+)?/{1,2})?(?P<cls>[\w$]+(?:\.[\w$<>-]+)+)"
    r"\((?:[\w$-]+\.(?:java|kt|scala|groovy|clj):\d+|Native Method|Unknown Source)\)$"
)

# ---- JavaScript toolchain (toolout_js, toolout_junit): vitest's and playwright's verdict rows,
# coverage tables, the lists an agent asks for (`vitest list`, `npm pack`, `tsc --listFiles`), JUnit XML
#: vitest's default reporter names a file holding failures on one row (`❯ test/a.test.ts
#: (8 tests | 7 failed) 17ms`), then each failing test (`❯ test/a.test.ts > suite > name`, or
#: `× name` from vitest 2) with its message on a `→ ...` row, and the tests a failed hook
#: skipped (`↓ name`): these rows are the run's verdict, indented like suite titles, so the tree
#: rules would call them passing structure.
JS_VITEST_FILE_FAILED = compile_lazily(r"^(\s*)❯ \S+\s+\(\d+ tests?\b[^)]*\|[^)]*\b\d+ failed\b")
#: A row under such a file: a failing test (`❯ file > name`, `× name`), its message (`→ msg`),
#: a skipped test (`↓ name`).
JS_VITEST_FAILED_ROW = compile_lazily(r"^\s+(❯ \S+ > |× |→ |↓ )")
#: vitest's skipped test (`↓ suite > name`, `↓ file (3 tests | 3 skipped)`): an odd result, not a pass.
JS_VITEST_SKIPPED = compile_lazily(r"^\s*↓ \S")
#: vitest's closing `Snapshots  2 failed` (jest's `Snapshots:` has a colon and is a summary).
JS_VITEST_SNAPSHOTS = compile_lazily(r"^\s*Snapshots\s+\d+ (failed|obsolete|written|updated)\b")
#: istanbul's text reporter (jest, vitest, nyc `--coverage`): the per-file table the agent asked
#: for. Its header row and its `-----|-----` rules; the rows between them are the answer.
JS_COVERAGE_HEADER = compile_lazily(r"^\s*File\s*\|\s*% Stmts\s*\|")
JS_COVERAGE_RULE = compile_lazily(r"^-{3,}\|[-|]+$")
#: Playwright's list/line reporter. A result row that is not a pass (`  ✘  14 a.spec.ts:10:1 ›
#: title (5.1s)`, a skip `  -  20 ...`); a failure's header (`  1) [chromium] › a.spec.ts:10:1 ›
#: title ───`), whose block runs to the next header or the closing counts; and those counts
#: (`  3 failed`, `  2 flaky`, `  1 skipped`, `  13 passed (35.0s)`), the first two listing tests.
#: All are indented like suite titles, so the tree rules would call them passing structure.
JS_PW_RESULT_ODD = compile_lazily(r"^\s+(✘|-|×)\s+\d+ .*› ")
JS_PW_FAILURE_HEAD = compile_lazily(r"^(\s+)\d+\) (\[[^\]]+\] › )?\S+:\d+:\d+ › ")
JS_PW_COUNT = compile_lazily(r"^(\s+)\d+ (failed|flaky|skipped|passed|did not run|interrupted)\b")
#: The list reporter on a terminal announces each test as it starts (`     7 [chromium] ›
#: a.spec.ts:10:1 › title`, no mark), then prints its result row (`  ✘   7 [chromium] › ...`)
#: below: an announcement whose result row is in the run is progress.
JS_PW_STARTED = compile_lazily(r"^\s+(\d+) (?:\[[^\]]+\] › )?\S+:\d+:\d+ › ")
JS_PW_RESULT_NUM = compile_lazily(r"^\s+[✓✘×°-]\s+(\d+) ")
#: A failure block's retry section header (`    Retry #1 ───…`, under `retries: N`): the
#: attempt's error, call log, source excerpt and attachments follow, as for the first attempt.
JS_PW_RETRY_HEAD = compile_lazily(r"^\s+Retry #\d+ ─+$")
#: `playwright test --list` prints `Listing tests:`, a row per test (`  [chromium] ›
#: a.spec.ts:10:1 › title`) and `Total: 62 tests in 1 file`: the list the agent asked for.
JS_PW_LIST_HEAD = "Listing tests:"
JS_PW_LIST_ROW = compile_lazily(r"^\s+(?:\[[^\]]+\] › )?\S+:\d+:\d+ › ")
#: The line reporter off a terminal prints a row as each test starts (`[7/51] [chromium] ›
#: a.spec.ts:10:1 › title`): progress, whatever words the title holds; the verdicts are the
#: failure blocks and the closing counts.
JS_PW_LINE_ROW = compile_lazily(r"^\[\d+/\d+\] (?:\[[^\]]+\] › )?\S+:\d+:\d+ › ")
#: Lists the agent ran the command to read, kept whole: `vitest list` (`test/a.test.ts > suite >
#: name`, unprefixed: a run's rows carry a mark or `FAIL`/`stdout |` before the path) and
#: `npm pack --dry-run`'s tarball rows (`npm notice 1.2kB lib/index.js`) and details.
JS_VITEST_LIST_ROW = compile_lazily(r"^[\w./@-]+\.(test|spec)\.[cm]?[jt]sx? > \S")
JS_NPM_PACK_ROW = compile_lazily(r"^npm notice ([\d.]+[kMG]?B \S|[a-z][\w ]*: \S|Tarball (Contents|Details)$)")
#: A line that is only a path to a JS/TS source (`tsc --listFiles`, `jest --listTests`): a file
#: list the agent ran the command for.
JS_BARE_SOURCE_PATH = compile_lazily(r"^[\w./@+~-]*/[\w.@+~-]+\.(d\.)?[cm]?[jt]sx?$")
#: A JUnit XML report in a terminal (toolout_junit): a test case's child that makes it a failure,
#: an error or a skip, and a `<testsuite(s)` line whose counts report failures or errors.
JUNIT_ODD_CHILD = compile_lazily(r"^\s*<(failure|error|skipped)\b")
JUNIT_SUITE_FAILED = compile_lazily(r"\b(failures|errors)=\"[1-9]")

#: A lint or compiler diagnostic. Named groups: path, line, col, sev, rule, msg.
#: A path read as `[^:]*+` ends at the first colon and is never backtracked into (no shorter
#: path ends at a colon): a log line is asked once, not once per character of its head.
TOOL_DIAG_GCC = compile_lazily(  # gcc, clang, cppcheck, mypy, sphinx: `path:line[:col]: severity: msg`
    r"^(?P<path>[^\s:][^:]*+):(?P<line>\d+):(?:(?P<col>\d+):)? "
    r"(?P<sev>(?i:fatal error|error|warning|note|style|performance|portability|information|remark"
    r"|severe|critical|info)):\s*(?P<msg>.*)$"
)
#: mypy's answers to `reveal_type(x)` / `reveal_locals()` (the message of a `note`): what the
#: agent asked for, one per call, never thinned as findings. (A literal prefix test.)
MYPY_REVEALED = ("Revealed type is ", "Revealed local types are")
#: pyright's (and basedpyright's) answer to `reveal_type(x)`, an `information` diagnostic:
#: `Type of "x" is "list[int]"` (its prefix, then the words between the two quoted parts).
PYRIGHT_REVEALED = ('Type of "', '" is "')
TOOL_DIAG_TSC = compile_lazily(
    r"^(?P<path>\S+?)(?::(?P<line>\d+):(?P<col>\d+) - |\((?P<line2>\d+),(?P<col2>\d+)\): )"
    r"(?P<sev>error|warning|message) (?P<rule>TS\d+): (?P<msg>.*)$"
)
TOOL_DIAG_CODE = compile_lazily(  # ruff/flake8 concise and pylint: `path:line:col: CODE msg`
    # (webdata) or the code bracketed, column optional: ruff's `--output-format pylint` and
    # pylint's parseable form (`path:12: [C0114(missing-module-docstring), ] msg`).
    r"^(?P<path>[^\s:][^:]*+):(?P<line>\d+):(?:(?P<col>\d+): (?P<rule>[A-Z]+\d+)(?P<pylint>:)? (\[\*\] )?"
    r"|(?:\d+:)? \[(?P<brule>[A-Z]+\d+)[^\]\n]*\] )(?P<msg>.*)$"
)
#: eslint's unix formatter: `path:line:col: message [Error/rule]` (or `[Warning/rule]`). Shaped like
#: search hits, but every line is a finding with its severity: Detect sends them to toolout, which
#: keeps each error line whole (a search view would show a repeated message once).
ESLINT_UNIX_FINDING = compile_lazily(r"^[^\s:][^:]*+:\d+:\d+: .* \[(?:Error|Warning)/[^\]\s]+\]$")
TOOL_DIAG_HEAD = compile_lazily(  # rustc/cargo and ruff full: a headline whose next line is `--> path`
    r"^(?:(?P<sev>error|warning)(?:\[(?P<rule1>E\d+)\])?|(?P<rule>[A-Z]+\d+)(?: \[\*\])?): ?(?P<msg>.*)$"
    r"|^(?P<rule2>[A-Z]+\d+) (?:\[\*\] )?(?P<msg2>.+)$"
)
#: rustc's `--> src/a.rs:6:5` under a headline, or (funclangs) Elixir's location under `warning: msg`
#: (1.14's `  lib/a.ex:6: M.f/2`, 1.15+'s `└─ lib/a.ex:6:5: M.f/2`), which locates it the same way.
TOOL_DIAG_ARROW = compile_lazily(r"^\s*--> \S+:\d+|^\s+(?:└─ )?[\w./-]+\.(?:exs?|[hl]?eex|erl|hrl):\d+(?::\d+)?(?:: \S.*)?$")
TOOL_DIAG_GO = compile_lazily(r"^(?P<path>\.?[\w./-]+\.go):(?P<line>\d+)(:\d+)?: (?P<msg>.*)$")
#: The Go toolchain's package header above its compile or vet errors (`# example.com/app/api`, for
#: a test build `# example.com/app/api [example.com/app/api.test]`): no search tool prints one.
GO_BUILD_PACKAGE = compile_lazily(r"^# [\w.\-]+(?:/[\w.\-]+)*(?: \[[\w.\-/]+\.test\])?$")
#: A `go vet` finding's message, by the analyzer that reports it (the group's name: `composites`,
#: `copylocks`, `printf`, ...). Only vet words its findings so (a compile error says `undefined:`,
#: `cannot use`, `declared and not used`): a vet finding is a lint warning, counted per analyzer
#: past a flood (130 `composite literal uses unkeyed fields` from one test file); a compile error
#: stays an error. Asked only of a Go headline's message.
GO_VET_MESSAGE = compile_lazily(
    r"(?P<composites>composite literal uses unkeyed fields$)"
    r"|(?P<copylocks>(?:copies|passes) lock (?:value|by value)|range var \S+ copies lock)"
    r"|(?P<printf>format %\S* (?:has arg|reads arg|has unknown verb)|call has arguments but no formatting directives"
    r"|arg list ends with redundant newline|call has possible (?:Printf )?formatting directive"
    r"|call needs \d+ args? but has \d+ args?|missing argument for \S+ verb|\S+ call has error-wrapping directive)"
    r"|(?P<stdmethods>should have signature )"
    r"|(?P<structtag>not compatible with reflect\.StructTag\.Get|repeats (?:json|xml) tag )"
    r"|(?P<unreachable>^unreachable code$)"
    r"|(?P<lostcancel>the cancel function (?:returned by|is not used on all paths))"
    r"|(?P<unusedresult>^result of \S+ call not used$)"
    r"|(?P<assign>^self-assignment of )"
    r"|(?P<bools>^(?:redundant|suspect) (?:and|or): )"
    r"|(?P<loopclosure>^loop variable \S+ captured by func literal$)"
    r"|(?P<nilfunc>^comparison of function \S+ (?:==|!=) nil is always )"
    r"|(?P<httpresponse>^using \S+ before checking for errors$)"
    r"|(?P<errorsas>^second argument to errors\.As must be )"
    r"|(?P<unsafeptr>^possible misuse of (?:unsafe\.Pointer|reflect\.\w+)$)"
    r"|(?P<tests>^\S+ (?:has malformed (?:name|example suffix)|refers to unknown (?:identifier|field or method)))"
)
#: pyflakes: `path.py:line:col: message`, no severity and no rule code. The column and a message
#: starting right after one space tell it from a `grep -n` hit (no column) and an `rg --vimgrep`
#: hit (`path:L:C:` then the source line itself, indented code never after exactly one space).
TOOL_DIAG_PYFLAKES = compile_lazily(r"^(?P<path>[^\s:][^:]*+(?:(?<=\.py)|(?<=\.pyi))):(?P<line>\d+):(?P<col>\d+): (?P<msg>\S.*)$")
#: pyflakes messages that report code which cannot run (the rest are unused names and the like).
TOOL_PYFLAKES_ERROR = compile_lazily(
    r"undefined name|syntax|unexpected|indent|outside (function|loop)|not properly in loop|must be last"
    r"|duplicate argument|used prior to global declaration|\bEOF\b|unterminated|invalid"
)
TOOL_DIAG_ESLINT = compile_lazily(
    r"^\s+(?P<line>\d+):(?P<col>\d+)\s+(?P<sev>error|warning|✖|⚠)\s+(?P<msg>.*?)"
    r"(?:\s{2,}(?:(?P<rule>[\w@/-]+)|\((?P<prule>[\w-]+)\)))?$"
)
#: ruff's `--output-format grouped`: `  119:30 UP031 [*] message` under a `path.py:` header line.
TOOL_DIAG_RUFF_GROUPED = compile_lazily(r"^(?>\s+)(?P<line>\d+):(?P<col>\d+)(?>\s+)(?P<rule>[A-Z]+\d+) (?:\[\*\] )?(?P<msg>.*)$")
#: pyright / basedpyright (pyquality): `  /abs/a.py:72:27 - error: msg (reportRule)` under a bare path
#: line per file, the message's further lines indented four spaces, the `(reportRule)` at the
#: end of its last line; a file-level finding has no position (`  /abs/a.py: error: Cycle ...`).
TOOL_DIAG_PYRIGHT = compile_lazily(
    r"^  (?P<path>[^\s:][^:]*+)(?::(?P<line>\d+):(?P<col>\d+) -|(?<=\.py)|(?<=\.pyi)):? "
    r"(?P<sev>error|warning|information|note|hint): (?P<msg>.*)$"
)
#: eslint's unix formatter (lintfmt): `path:12:5: message [Error/rule]`, `[Warning/rule]`; a parse
#: error has no rule (`[Error]`). Its severity is the one eslint was configured with.
TOOL_DIAG_ESLINT_UNIX = compile_lazily(
    r"^(?P<path>[^\s:][^:]*+):(?P<line>\d+):(?P<col>\d+): (?P<msg>.*) \[(?P<sev>Error|Warning)(?:/(?P<rule>[^\]\s]+))?\]$"
)
#: eslint's compact formatter (lintfmt): `path: line 12, col 5, Error - message (rule)`; stylelint's
#: writes its severity in lower case.
TOOL_DIAG_ESLINT_COMPACT = compile_lazily(
    r"^(?P<path>[^\s:][^:]*+): line (?P<line>\d+), col (?P<col>\d+), (?P<sev>[Ee]rror|[Ww]arning) - (?P<msg>.*?)"
    r"(?: \((?P<rule>[^()\s]+)\))?$"
)
#: eslint's codeframe formatter (lintfmt): `error: message (rule) at path:12:5:`, a code frame under it
#: (`  11 | …`, `> 12 | …`, `     |   ^`) and two blank lines.
TOOL_DIAG_ESLINT_CODEFRAME = compile_lazily(
    r"^(?P<sev>error|warning): (?P<msg>.*?)(?: \((?P<rule>[^()\s]+)\))? at (?P<path>[^\s:][^:]*+):(?P<line>\d+):(?P<col>\d+):$"
)
#: markdownlint-cli and markdownlint-cli2 (lintfmt): `README.md:12:81 error MD013/line-length Line
#: length [Expected: 80; Actual: 95]`; the column and the severity word are optional (older
#: versions print none).
TOOL_DIAG_MARKDOWNLINT = compile_lazily(
    r"^(?P<path>[^\s:][^:]*+):(?P<line>\d+)(?::(?P<col>\d+))? (?:(?P<sev>error|warning) )?"
    r"(?P<rule>MD\d{3})(?:/[\w-]+)+ (?P<msg>.*)$"
)
#: vulture (pyquality): `pkg/a.py:18: unused variable 'comp' (60% confidence, 1 line)`, also
#: `unreachable code after 'return'`, `redundant if-condition`: a finding, its kind and confidence
#: its rule (a 100% one is not represented by a 60% one).
TOOL_DIAG_VULTURE = compile_lazily(
    r"^(?P<path>[^\s:][^:]*+):(?P<line>\d+): (?P<msg>(?P<kind>unused \w+|unreachable code|redundant if-condition"
    r"|unsatisfiable \w+ condition)\b.* \((?P<conf>\d+)% confidence(?:, \d+ lines?)?\))$"
)
#: A GitHub Actions annotation (ciflood): the workflow command a linter prints for the runner
#: (`::warning file=a.py,line=3,col=1,title=W0611::Unused import os`, pylint's and ruff's
#: `--output-format github`) or the runner's rendering of it in the job log (`##[warning]msg`,
#: with no place and no rule: the message's shape tells one kind from another).
TOOL_DIAG_ANNOTATION = compile_lazily(
    r"^(?:##\[(?P<sev>error|warning|notice)\]|::(?P<csev>error|warning|notice)(?: (?P<props>[^\n]*?))?::)(?P<msg>.*)$"
)
#: yamllint's parsable format (ciflood): `path:12:5: [error] too many spaces after colon (colons)`;
#: a YAML syntax error has the rule `syntax`.
TOOL_DIAG_YAMLLINT = compile_lazily(
    r"^(?P<path>[^\s:][^:]*+):(?P<line>\d+):(?P<col>\d+): \[(?P<sev>error|warning)\] (?P<msg>.*?)(?: \((?P<rule>[\w-]+)\))?$"
)
#: hadolint's tty format (ciflood): `Dockerfile:4 DL3008 warning: Pin versions in apt get install`,
#: its ShellCheck findings on RUN lines too (`SC2086 info: ...`); no column.
TOOL_DIAG_HADOLINT = compile_lazily(
    r"^(?P<path>[^\s:][^:]*+):(?P<line>\d+) (?P<rule>(?:DL|SC)\d{4}) (?P<sev>error|warning|info|style): (?P<msg>.*)$"
)
#: The rule an annotation's `title=` names: pylint's `W0611`, ruff's `Ruff (F401)`.
ANNOTATION_TITLE = compile_lazily(r"(?:^|,)title=(?:[^,()]*\()?(?P<rule>[\w./-]+)")
#: The rule pyright names at the end of a finding's last message line.
PYRIGHT_RULE = compile_lazily(r"\((report\w+)\)$")
#: pydocstyle (pyquality): a finding is two lines, where (`path.py:73 in public function `ceil`:`)
#: and, indented under it, its code and message (`        D205: 1 blank line required ...`). The
#: path holds no space: a line of words without ": " (most of a log's) fails at its first space.
TOOL_DIAG_PYDOCSTYLE = compile_lazily(
    r"^(?P<path>[^\s:]++):(?P<line>\d+) (?:at module level|in (?:public|private) (?:nested )?"
    r"(?:function|method|class|package|module) `[^`]+`)(?: \(skipping [^)]*\))?:$"  # `# noqa: X` names X
)
PYDOCSTYLE_MESSAGE = compile_lazily(r"^\s+(?P<rule>D\d{3}): (?P<msg>.*)$")
TOOL_DIAG_SHELLCHECK = compile_lazily(r"^\s*\^-*\^? (?P<rule>SC\d+) \((?P<sev>error|warning|info|style)\): (?P<msg>.*)$")
#: Group headers that locate the findings under them (eslint file, pylint module, shellcheck).
#: The bare-path branch holds no white space: its lookahead says so first, so a line with a
#: space fails at its first one instead of backtracking through the first word.
TOOL_GROUP_HEAD = compile_lazily(
    r"^\*{5,} Module \S+|^In \S.* line \d+:$|^(?=\S*+$)(/|\.{1,2}/|[A-Za-z]:\\)?[\w@.+-]+(/[\w@.+-]+)*\.\w+:?$"
)
#: Lines that locate the next gcc diagnostic (`In file included from`, `In function 'f':`).
TOOL_DIAG_PREAMBLE = compile_lazily(r"^In file included from |^\s+from \S+:\d+[,:]$|^\S+: (In|At) \w[\w ]*[‘'`:]")
#: Source excerpts under a diagnostic: gutters, carets, underlines. The gutter's white-space runs
#: are atomic (as SOURCE_EXCERPT's): giving a space back to `\d*` never helps, and trying every
#: split made a deeply indented line quadratic.
TOOL_SNIPPET = compile_lazily(r"^(?>\s*)\d*(?>\s*)\|( |$)|^\s*[\^~][\^~\s-]*$|^\s*\d+\s{1,2}[+-|]\s|^\d+\s+\S"
                              r"|^>(?>\s*)\d+(?>\s*)\|( |$)")  # a code frame's marked line (`> 12 | code`)

#: Mask for a finding's message shape: quoted spans and numbers vary between instances.
TOOL_QUOTED = compile_lazily(r"`[^`]*`|'[^']*'|\"[^\"]*\"|‘[^’]*’|«[^»]*»")

#: A line that reports a problem in words, wherever it sits. Matched on the LOWER-CASED line:
#: case-insensitive matching is several times slower in `re`. (`(Allocation Failure)` is a JVM
#: GC log's cause of a young collection, on most of its lines: no problem.)
TOOL_PROBLEM = compile_lazily(
    r"\b(errors?|fatal|failed|(?<!allocation )failures?|failing|fail|panic(ked)?|warnings?|warn|exceptions?|traceback"
    r"|abort(ed)?|denied|refused|cannot|can't|unable|not found|missing|undefined|invalid|assert\w*)\b"
    r"|[a-z](error|exception|warning)\b|✖|✗|✕"
    # a nonzero exit stated without an error word: `go run`'s `exit status 2`, turbo's
    # `@ws/a#test: command (…) pnpm run test exited (1)`, concurrently's `exited with code 1`
    r"|\bexit(ed)?( with)?( (code|status))? ?\(?[1-9]\d*\)?(?!\.?\d)"
)
#: A cheap superset of TOOL_PROBLEM (no word boundaries), tried first on every line.
TOOL_PROBLEM_HINT = compile_lazily(
    r"error|fatal|fail|panic|warn|exception|traceback|abort|denied|refused|cannot|can't|unable"
    r"|not found|missing|undefined|invalid|assert|✖|✗|✕|exit"
)

#: Strong signatures of a runner, compiler, linter or installer transcript (one is enough).
#: Anchored to line starts so a diff, JSON string or prose quoting them does not match.
#: The indentation is atomic and indented forms look behind for it: backtracking a long run of
#: spaces into `\s+` or `.*` alternatives was quadratic, and Detect hung on an indented line.
TOOL_SIGNATURE = compile_lazily(
    r"(?m)^[\u2800-\u28ff]*(?>[ \t]*)(?:"
    r"=+ (test session starts|FAILURES|ERRORS|short test summary info) =+$"  # pytest
    r"|=+ .*\b\d+ (passed|failed|errors?)\b.* in [\d.]+s( \([\d:]+\))? =+$"
    r"|Ran \d+ tests? in [\d.]+s$"  # unittest
    r"|(Tests|Test Suites):\s+.*\b\d+ total$"  # jest
    r"|(Targets|Test files):\s+.*\b\d+ total$"  # TSTyche's closing counts
    r"|Total:\s+\d+\n[ \t]*Passed:\s+\d+\n[ \t]*Skipped:\s+\d+\n[ \t]*Duration:\s+[\d.]+m?s$"  # uvu's closing counts
    r"|Asserts:\s+\d+ pass\s+\d+ fail\s+\d+ of \d+ complete$"  # node-tap's reporter
    r"|(?<=[ \t])\d+ passing \(\d+(ms|s|m)\)$|(?<=[ \t])\d+ failing$"  # mocha
    r"|Running \d+ tests? using \d+ workers?\b|Total: \d+ tests? in \d+ files?$"  # playwright's header, --list's count
    r"|ℹ (tests|pass|fail) \d+$|# (pass|fail) \d+$"  # node --test, TAP
    r"|Failed tests:$"  # node --test's dot reporter: its recap's head (it prints no counts)
    r"|bun test v\d+\.\d+|Ran \d+ tests? across \d+ files?\. \["  # bun test's banner and closing line
    r"|(ok|FAILED) \| \d+ passed( \(\d+ steps?\))? \| \d+ failed"  # deno test's closing line
    r"|--- FAIL: \S+ \(\d|(ok|FAIL)\s+\S+\s+[\d.]+s$"  # go test
    r"|test result: (ok|FAILED)\. \d+ passed|error\[E\d{4}\]: |error: could not compile "  # cargo
    # cargo build/check/clippy: `Checking` too (a clippy run with its dependencies built
    # already prints no `Compiling`), and the per-crate warning count
    r"|(?<=[ \t])(Compiling|Checking) \S+ v\d+\.\d+|warning: `[^`]+` \([^)]*\) generated \d+ warnings?\b"
    r"|\S+(:\d+:\d+ - |\(\d+,\d+\): )error TS\d+: "  # tsc
    r"|Found \d+ errors? in \d+ files? \(checked|Success: no issues found in \d+ source"  # mypy
    r"|Found \d+ errors?\.$|All checks passed!$"  # ruff
    r"|\w[\w-]*: File would be reformatted$"  # ruff format --check, a file's headline
    r"|>> Issue: \[B\d+:\w+\] "  # bandit
    r"|\d+ passed and \d+ failed\.$|\*\*\*Test Failed\*\*\* \d+ failures?\.$"  # python -m doctest
    # pytest -q: the closing counts are not framed by `=` rules
    r"|\d+ (passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?)"
    r"(, \d+ (passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?|subtests passed))* in [\d.]+s( \([\d:]+\))?$"
    r"|✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)$"  # eslint
    r"|[^\s:][^:\n]*: line \d+, col \d+, ([Ee]rror|[Ww]arning) - "  # eslint/stylelint -f compact (lintfmt)
    r"|[✖⚠] \d+ problems? \(\d+ errors?, \d+ warnings?\)$"  # stylelint's string formatter (lintfmt)
    r"|\d+ errors? and \d+ warnings? found\.$"  # eslint -f codeframe (lintfmt)
    r"|\d+:\d+ +(error|warning) +.*  \([a-z]+(-[a-z]+)*\)$"  # yamllint's standard format (lintfmt)
    r"|[^\s:][^:\n]*:\d+(:\d+)? ((error|warning) )?MD\d{3}/[\w-]+ "  # markdownlint (lintfmt)
    r"|Your code has been rated at -?[\d.]+/10|\*{13} Module \S+$"  # pylint
    r"|.*\^-* SC\d{4} \((error|warning|info|style)\): "  # shellcheck
    r"|[^\s:][^:\n]*:\d+ (DL|SC)\d{4} (error|warning|info|style): "  # hadolint (ciflood)
    r"|\S+:\d+:\d+: (error|warning|style|performance|portability): .* \[\w+\]$"  # cppcheck
    r"|Doxygen version used: \d"  # doxygen (its warnings are `path:12: warning: msg`)
    r"|\S+:\d+:\d+: (fatal error|error|warning): "  # gcc, clang
    r"|\S+:\d+: error: .*  \[[\w-]+\]$"  # mypy
    # javac: a diagnostic, the closing count (`1 error`, `8 errors`; an npm debug log's
    # `30 error` is its line number and level, never plural)
    r"|\S+\.java:\d+: (error|warning): |1 error$|\d+ errors$"
    # pyflakes: `path.py:L:C: message`, no rule code; told from a `grep -n`/`rg --vimgrep` hit by
    # its own wording (a hit's text after `L:C:` is source, not these sentences)
    r"|\S+\.py:\d+:(\d+:)? ('[^']+' imported but unused|undefined name '|local variable '[^']+' is assigned to but never used"
    r"|redefinition of unused '|'from \S+ import \*' used; unable to detect undefined names|f-string is missing placeholders"
    r"|import '[^']+' from line \d+ shadowed by loop variable|`global \S+` is unused: )"
    r"|g?make(\[\d+\])?: \*\*\* |ninja: build stopped"  # make, ninja
    # recursive make's directory lines; automake's `make check` closing box
    r"|g?make\[\d+\]: (Entering|Leaving) directory ['`]|Testsuite summary for \S|# TOTAL: \d+$"
    r"|The Meson build system$"  # meson setup's banner
    r"|scons: (\*\*\* |Reading SConscript files|done building targets|building terminated because of errors)"
    # ninja's banner (meson compile, cmake --build with Ninja); meson test's closing counts
    r"|ninja: Entering directory `|Expected Fail:\s+\d+\s*$"
    r"|-- Configuring (done|incomplete)|-- Build files have been written to: |CMake Error at "
    r"|build (succeeded|finished with problems)[,.]|Running Sphinx v\d"  # sphinx
    r"|Successfully installed \S+-\d|error: subprocess-exited-with-error$"  # pip
    r"|ERROR: (Could not find a version|No matching distribution|pip's dependency resolver)"
    r"|ERROR: ResolutionImpossible: |ERROR: Cannot install .* because these package versions have conflicting"  # pip
    # pip re-run with nothing to do (every line this one), `python -m build`'s result, uv's step counts
    r"|Requirement already satisfied: \S+ in \S|Successfully built \S+\.(?:tar\.gz|whl)\b|" + _UV_STEP_COUNT +
    r"|npm (error|ERR!|warn) |added \d+ packages?\b|found \d+ vulnerabilit"  # npm
    r"|\d+ upgraded, \d+ newly installed|E: Unable to locate package"  # apt
    r"|\d+% tests passed, \d+ tests? failed out of \d+$"  # ctest
    r"|\[(INFO|ERROR)\] BUILD (SUCCESS|FAILURE)$|Tests run: \d+, Failures: \d+, Errors: \d+, Skipped: \d+"  # maven
    r"|BUILD (SUCCESSFUL|FAILED) in \d|FAILURE: Build failed with an exception"  # gradle
    # JUnit Platform's console launcher (its closing box) and JUnit 4's JUnitCore (version banner,
    # `OK (160 tests)`, `Tests run: 329,  Failures: 6` with its two spaces)
    r"|Test run finished after \d+ ms$|\[\s+\d+ tests (successful|failed)\s+\]$"
    r"|JUnit version 4\.\d|OK \(\d+ tests?\)$|Tests run: \d+,  Failures: \d+$"
    r"|Build (succeeded|FAILED)\.$|\S+\(\d+,\d+\): error [A-Z]+\d+: |(Passed|Failed)!\s+- Failed:\s+\d+"  # dotnet
    r"|\d+ examples?, \d+ failures?"  # rspec
    r"|Test Files\s+.*\(\d+\)$"  # vitest
    r"|ERR_PNPM_\w+|error Command failed with exit code \d+\.$"  # pnpm, yarn
    r"|Error: ERR_PNPM_\w+$|\[ELIFECYCLE\] "  # pnpm 10+: its error code and a script's failure, bracketed
    # bundlers (jsbuild): vite's closing line, webpack's, esbuild's message box heads, rollup's
    # `created out.js in 1.2s` / `[!] RollupError: `, stylelint's and prettier's closing counts
    r"|✓ built in [\d.]+m?s$|✗ Build failed in [\d.]+m?s$|webpack \d+\.\d+\.\d+ compiled (successfully|with \d+ (errors?|warnings?))"
    r"|(✘ \[ERROR\]|▲ \[WARNING\]) |created \S+ in [\d.]+m?s$|\[!\] (\w*Error|\(plugin [^)]*\) \w*Error): "
    r"|\[warn\] Code style issues found in "
    r"|configure: (error|WARNING): |checking (for|whether) .+\.\.\. "  # autoconf
    r"|==\d+== (ERROR SUMMARY: \d+ errors? from|\w+, a (memory|thread) error detector$)"  # valgrind
    r"|==\d+==ERROR: \w+Sanitizer: |SUMMARY: \w+Sanitizer: "  # ASan, UBSan, TSan, LSan
    r"|\[==========\] (Running )?\d+ tests? from \d+ test (suites?|cases?)"  # GoogleTest
    r"|collect2: error: ld returned \d+ exit status|(\S*/)?ld(\.\w+)?: \S+: in function "  # GNU ld
    r"|\S+:\(\.\w[\w.$]*\+0x[0-9a-f]+\): (undefined reference to|multiple definition of) "
    # Elixir (funclangs): ExUnit's closing counts and timing; mix's compile lines and errors
    r"|\d+ (doctests?|propert(y|ies)|tests?)(, \d+ (doctests?|propert(y|ies)|tests?))*, \d+ failures?\b"
    r"|Finished in [\d.]+ seconds \(|Compiling \d+ files? \(\.exs?\)$|== Compilation error in file \S+ ==$"
    # ghc: an error headline ends at `error:` (its message is on the lines under it); --make's steps
    r"|\S+\.l?hs:\d+:\d+: error:$|\[\s*\d+ of \d+\] Compiling \S+\s+\( "
    # R testthat (funclangs): the closing tally of every reporter, the progress reporter's header
    r"|\[ FAIL \d+ \| WARN \d+ \| SKIP \d+ \| PASS \d+ \]$|✔ \| F W S\s+OK \| Context$"
    # Erlang EUnit (funclangs): its banner and closing counts
    r"|=+ EUnit =+$|Failed: \d+\.  Skipped: \d+\.  Passed: \d+\.$|All \d+ tests passed\.$"
    # OCaml Alcotest (funclangs): its closing line, passing or failing
    r"|(\d+ failures?!|Test Successful) in [\d.]+s\. \d+ tests? run\.$"
    # sqlfluff lint (shellci): a linted file's header, `== [models/a.sql] FAIL`
    r"|== \[[^\]\n]+\] (FAIL|PASS)$"
    # pydocstyle (pyquality): a finding's location line
    r"|\S+\.py:\d+ (at module level|in (public|private) (nested )?(function|method|class|package|module) `[^`]+`)( \(skipping [^)]*\))?:$"
    # vulture (pyquality): a finding
    r"|\S+\.py:\d+: (unused \w+|unreachable code) .*\(\d+% confidence(, \d+ lines?)?\)$"
    # pre-commit (pyquality): the facts under a failed hook's result line
    r"|- hook id: \S+$"
    # pyright / basedpyright (pyquality): the closing counts
    r"|\d+ errors?, \d+ warnings?, \d+ (informations?|notes?|infos?) ?$"
    r")"
)

# ---------------------------------------------------------------- black / isort --check (lintfmt)
#: A file that fails a formatter's check: black's `would reformat PATH`, isort's `ERROR: PATH Imports
#: are incorrectly sorted and/or formatted.`
FMT_CHECK_FAILED = compile_lazily(
    r"^would reformat \S|^ERROR: \S.* Imports are incorrectly sorted and/or formatted\.$"
)
#: A file that passes: black -v's `PATH already well formatted, good job.` and `PATH wasn't
#: modified on disk since last run.`, isort --verbose's `SUCCESS: PATH Everything Looks Good!`.
FMT_CHECK_CLEAN = compile_lazily(
    r"^\S.* (already well formatted, good job|wasn't modified on disk since last run)\.$"
    r"|^SUCCESS: \S.* Everything Looks Good!$"
)
#: A black or isort check run: black's closing line, isort's failing file. Not a TOOL_SIGNATURE:
#: with `--diff` the run is a diff first (the diff reader keeps every changed line).
FMT_CHECK_RUN = compile_lazily(
    r"(?m)^(?:Oh no! 💥 💔 💥|All done! ✨ 🍰 ✨)$|^ERROR: \S.* Imports are incorrectly sorted and/or formatted\.$"
)
#: isort --verbose: `else-type place_module for os returned STDLIB`.
ISORT_PLACEMENT = compile_lazily(r"^(from|else)-type place_module for \S+ returned [A-Z]+$")

# ---------------------------------------------------------------- sqlfluff lint (shellci)
#: sqlfluff lint's finding: `L:  12 | P:  18 | LT01 | message` (PRS: a parse error). No other
#: pattern knows the shape, so its findings were left to the generic rules, which dropped most.
SQLFLUFF_FINDING = compile_lazily(r"L:\s*\d+ \| P:\s*\d+ \|\s*[A-Z]+\d*\s*\| ")
#: The wrapped rest of its message, aligned under the first line's `| `.
SQLFLUFF_CONTINUED = compile_lazily(r" {10,}\| \S")
#: sqlfluff writes this literal in every finding line: the pass runs only when it is in the text.
SQLFLUFF_HINT = "| P:"

# ---------------------------------------------------------------- tox -vv (pyquality)
#: tox's log line: `lint: 3960 D msg [virtualenv/create/pyenv_cfg.py:117]` (env or ROOT, ms,
#: level letter); the source in brackets ends the message, on a later line for a multi-line one.
TOX_LOG_LINE = compile_lazily(r"^[\w.-]+: \d+ (?P<level>[DIWEC]) ")
TOX_LOG_SOURCE = compile_lazily(r" \[[\w./-]+\.py:\d+\]$")
#: tox 4's account of each environment: its closing report's row (`  py311: FAIL code 1 (201.04=setup[195.17]+cmd[5.87]
#: seconds)`, `  py37: SKIP (9.15 seconds)`), the env's own result (`py311: FAIL ✖ in 3 minutes 21.04 seconds`,
#: `py37: SKIP ⚠ in 9.22 seconds`), a skip's reason (`pypy3: skipped because could not find python interpreter
#: with spec(s): pypy3`) and the verdict (`  congratulations :)`, `  evaluation failed :(`).
TOX_ENV_RESULT = compile_lazily(
    r"^(?:  [\w.-]+: (?:OK|FAIL|SKIP)\b.*\)|[\w.-]+: (?:OK ✔|FAIL ✖|SKIP ⚠) in .*|[\w.-]+: skipped because .*"
    r"|  (?:congratulations :\)|evaluation failed :\().*)$")

# ---------------------------------------------------------------- pre-commit (pyquality)
#: pre-commit's line per hook: its name padded with dots to its result (`flake8.....Failed`,
#: `mypy.....(no files to check)Skipped`), and the facts under a failed hook (`- hook id: x`,
#: `- exit code: 1`, `- files were modified by this hook`, `- duration: 0.1s` with --verbose).
PRECOMMIT_HOOK_RESULT = compile_lazily(r"^\S.*?\.{3,}(?:\([^)]*\))?(?:Passed|Failed|Skipped)$")
PRECOMMIT_HOOK_FACT = compile_lazily(r"^- (?:hook id: |exit code: |duration: |files were modified by this hook$)")
#: A run holding none of these has no hook result line: the pass is skipped.
PRECOMMIT_HINTS = ("...Passed", "...Failed", "...Skipped")

# ---------------------------------------------------------------- shellcheck locations (shellci)
#: shellcheck's tty header above a source excerpt and its findings' carets: where they are.
SHELLCHECK_IN_LINE = compile_lazily(r"In (?P<path>.+) line (?P<line>\d+):$")

# ---------------------------------------------------------------- codespell (shellci)
#: codespell's finding, `path:12: teh ==> the, ten`: a misspelling to fix, read like a search
#: hit but never sampled away (each names its own word and line). Tried only on a text holding
#: CODESPELL_HINT.
CODESPELL_FINDING = compile_lazily(r"[^:\s][^:]*:\d+: .+ ==> \S")
CODESPELL_HINT = " ==> "

# ---------------------------------------------------------------- formatter check reports (fmt_report)
#: The headline of one file in `ruff format --check`'s diagnostic-style report. Only the
#: formatter writes this sentence; the file's path is on the pointer line below it.
FMT_REPORT_HEADLINE = compile_lazily(r"\s*\w[\w-]*: File would be reformatted$")
#: That file's ` --> path:line:col` pointer (one per file block).
FMT_REPORT_POINTER = compile_lazily(r"\s*--> \S+:\d+:\d+$")
#: A line of the file's diff in the gutter: unchanged `12 | x`, removed `   - x`, added
#: `13 + x`, a bare gutter `  |`, or the `-----` rule between hunks. The digit and space runs
#: are atomic so an indented line fails in one pass.
FMT_REPORT_BODY = compile_lazily(r"(?>\s*)(?>\d*)(?>\s*)(?:[|+-](?: .*)?$)|-{3,}$")

#: A setuptools/distutils build step (in pip's `[N lines of output]` error block, or `pip -v`):
#: the file-by-file copying, wheel packing and metadata writing around a build. Steps only: a
#: line that says warning, error or failed matches none of these shapes.
#: A setuptools `running build`-like step anywhere: a text without one has no build steps to
#: label (led by a literal, so the search runs at C speed).
PIP_BUILD_RUNNING = compile_lazily(r"running (?:build|build_py|build_ext|egg_info|bdist_wheel|dist_info|install|develop|sdist)")
PIP_BUILD_STEP = compile_lazily(
    r"^\s*(?:copying \S+ -> \S+|creating \S+|running (?:build|build_py|build_ext|build_scripts|egg_info"
    r"|bdist_wheel|dist_info|install|install_lib|install_egg_info|install_scripts|develop|sdist|check)"
    r"|writing (?:[\w-]+(?: [\w-]+)* to |manifest file )?'?\S+'?|reading manifest (?:file|template) '\S+'"
    r"|adding license file '\S+'|adding '\S+'|removing \S+|installing to \S+|Copying \S+ to \S+)$"
)

#: A line of pip's own debug log (`pip install -v`/`-vv`): its index, cache, link-selection and
#: build-tracker chatter, one line per candidate file (thousands per package with -vv). Every
#: alternative starts with one of PIP_DEBUG_WORDS (toolout_pipdebug finds the lines with them).
#: pip's resolver giving up: `ERROR: Cannot install requests==2.31.0 and urllib3<1.21 because these
#: package versions have conflicting dependencies.` (the requirements as the user gave them).
PIP_CANNOT_INSTALL = compile_lazily(
    r"^ERROR: Cannot install (?P<reqs>.+?) because these package versions have conflicting dependencies\.$"
)
#: A requirement's project name: `urllib3` of `urllib3<1.21`, `charset-normalizer` of `charset-normalizer<4,>=2`.
PIP_PROJECT_NAME = compile_lazily(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?")
PIP_DEBUG_LINE = compile_lazily(
    r"^\s*(?:Skipping link: |Found link \S+|Link requires a different Python \(|Getting page \S+$"
    r"|Fetched page \S+ as |Found index url \S+$|Fetching project page and analyzing links: \S+$"
    r"|Looking up \"\S+\" in the cache$|Updating cache with response from \"\S+\"$"
    r"|Request header has \"max_age\" as 0, cache bypassed$|No cache entry available$"
    r"|Created temporary directory: \S+$|Given no hashes to check \d+ links for project "
    r"|(?:Added|Removed) .+ (?:to|from) build tracker '\S+'$|file: URL is directory, getting \S+$"
    r"|Starting new HTTPS? connection \(\d+\): \S+$|https?://\S+ \"(?:GET|HEAD) \S+ HTTP/[\d.]+\" \d{3} )"
)
PIP_DEBUG_WORDS = ("Skipping link: ", "Found link ", "Link requires ", "Getting page ", "Fetched page ",
                   "Found index url ", "Fetching project page ", "Looking up \"", "Updating cache with ",
                   "Request header has ", "No cache entry ", "Created temporary directory: ", "Given no hashes ",
                   " build tracker ", "file: URL is ", "Starting new HTTP", " \"GET ", " \"HEAD ")

#: A row of pip's dependency-conflict report, under `ERROR: pip's dependency resolver does not
#: currently take into account ...` (pip install) or alone (pip check): `fastapi 0.1 requires
#: pydantic>=2.9, but you have pydantic 1.10.13 which is incompatible.`, `x 1.0 requires y, which
#: is not installed.`, `x 1.0 has requirement y>=2, but you have y 1.0.`. Each names another
#: broken package: the report is the error, never rows to sample.
PIP_CONFLICT_ROW = compile_lazily(
    r"^\S+ \S+ (?:requires \S.*?, (?:but you have \S+ \S+ which is incompatible|which is not installed)"
    r"|has requirement \S.*?, but you have \S+ \S+)\.$"
)
#: The words every PIP_CONFLICT_ROW holds (the pass is skipped on a text without one).
PIP_CONFLICT_WORDS = (" which is incompatible.", " which is not installed.", " has requirement ")

#: A unittest verdict after its ` ... ` anywhere in a text (led by a literal: a C-speed search).
UNITTEST_VERDICT = compile_lazily(r" \.\.\. (?:ok|FAIL|ERROR|skipped|expected failure|unexpected success)")
#: unittest -v's first line of a test with a docstring: the id alone; the docstring line
#: below it ends in the result (toolout_unittest reads the two together).
UNITTEST_ID_ONLY = compile_lazily(r"^test\w* \(\S+\)\s*$")
#: A test whose result is still pending when its subtests report (indented) below it.
UNITTEST_PENDING = compile_lazily(r"^test\w* \(\S+\) \.\.\.$")

#: bandit's issue headline `>> Issue: [B110:try_except_pass] message` (bandit_report).
BANDIT_ISSUE = compile_lazily(r"^>> Issue: \[(?P<test>B\d+):\w+\] ")
#: A line of bandit's code excerpt: the source line number, a tab, the source (a blank
#: source line is its number alone once trailing white space is stripped).
BANDIT_EXCERPT = compile_lazily(r"^\d+(?:\t|$)")

#: The warning line of an entry in pytest's warnings summary: `  path.py:10: DeprecationWarning:
#: message` (toolout_pywarnings compares entries by location, category and message shape).
PYTEST_WARNING_LINE = compile_lazily(r"^\s+(?P<where>\S+:\d+): (?P<cat>[A-Z]\w*(?:Warning|Error)): (?P<msg>.*)$")
#: A warning a Python program printed (warnings.formatwarning, at the margin): `path.py:599:
#: ConvergenceWarning: message` (or `<string>:3:`); its message may run on over lines and the
#: source line it points at follows, indented two spaces (toolout_pywarnings).
PY_RUNTIME_WARNING = compile_lazily(
    r"^(?P<where>(?:[^\s:][^:\n]*\.py[cw]?|<[^>\n]+>):\d+): (?P<cat>[A-Z]\w*Warning):(?: (?P<msg>.*))?$")
#: The same, found anywhere in a text (Detect counts them).
PY_RUNTIME_WARNING_ANY = compile_lazily(r"(?m)^(?:[^\s:][^:\n]*\.py[cw]?|<[^>\n]+>):\d+: [A-Z]\w*Warning:(?: |$)")
#: The source line under a Python warning: two spaces, then the code.
PY_WARNING_SOURCE = compile_lazily(r"^  \S")

#: An entry of a drawn tree: its branch (`├── `, `└── `, `├─┬ ` from npm ls, ASCII `|-- ` and
#: `` `-- `` from `tree -A`-less terminals), after the vertical rules of the levels above it.
TREE_BRANCH = compile_lazily(r"^[\s│|]*(?:[├└]─+[┬─]*|[|`+\\]--+)\s*\S")

# ---------------------------------------------------------------- structured data (JSON, tables, config)

#: A UTF-16 surrogate code point standing alone: json.loads makes one of a `\ud800` escape.
LONE_SURROGATE = compile_lazily("[\ud800-\udfff]")

#: A JSON element whose canonical text says something went wrong is never elided: it is
#: usually the one record the agent was sent to find. Matched against lower-cased text, in
#: one scan over a whole array (an IGNORECASE search per element is several times slower).
JSON_ERROR_LOWER = compile_lazily(
    r"\b(?:error|errors|exception|failed|failure|critical|fatal|crash|panic|abort|timeout|denied|rejected)\b"
)

#: Members of an element's canonical (compact, lower-cased) text that name no failure even
#: when their key is a failure word: an empty value (`"errors":[]`, `"error":null`,
#: `"failed":0`) and a time limit (`"timeout":6000`). A test report carries both on every
#: passing test; searched only in elements JSON_ERROR_LOWER already matched.
JSON_QUIET_MEMBER = compile_lazily(
    r'"(?:[^"\\]*)":(?:\[\]|\{\}|null|""|0|false)(?=[,}\]])|"timeout(?:ms)?":\d+(?:\.\d+)?(?=[,}\]])'
)

#: One entry of a JSON array that lists names (`npm view pkg versions --json`, a config's file
#: list, a schema's enum): one token of at most 200 characters. An array of distinct such
#: strings is an enumeration the agent asked for, read whole like a listing's lines.
JSON_LIST_ENTRY = compile_lazily(r"[^\s]{1,200}")

#: A map key that names a source file (coverage.json's `files`, bandit's per-file `metrics`):
#: a path whose last part has an extension.
JSON_FILE_KEY = compile_lazily(r"[^\s]*[^\s/]\.[A-Za-z0-9]{1,8}")

#: Keys whose subtrees are kept verbatim: error payloads and their messages and stacks are
#: read whole or not at all.
#: A JSON log record's request/trace id key (pino's `reqId`, `request_id`, `traceId`, ...): the
#: records sharing one value are one request's lines (json_lines keeps them together).
JSON_REQUEST_ID_KEY = compile_lazily(r"(?i)(?:req|request|trace|correlation|x-request)[_-]?id")

JSON_PROTECTED_KEY = compile_lazily(
    r"(?i)^(error|errors|message|msg|stack|stacktrace|stack_trace|trace|traceback|exception|reason|detail"
    r"|details|warning|warnings)$"
)

#: A table row the agent must see: failures, denials, security findings.
TABLE_IMPORTANT = compile_lazily(
    r"(?i)\b(ERROR|FAIL|FAILED|FATAL|PANIC|EXCEPTION|WARNING|SECURITY|DENIED|REJECTED)\b"
)

#: A config line the agent must see: failure states, secrets (their presence, not a summary),
#: rollbacks.
CONFIG_IMPORTANT = compile_lazily(
    r"(?i)\b(ERROR|FAIL|FAILED|FATAL|PANIC|EXCEPTION|WARNING|SECURITY|SECRET|TOKEN|PASSWORD|DENIED|REJECTED"
    r"|ROLLBACK)\b"
)

#: A column name in the header of a space-aligned table (`kubectl get`, `docker ps`, `ps aux`):
#: upper case, with the `%`, `-`, `/` and `(S)` some tools use. Lower-case words are prose.
ALIGNED_HEADER_CELL = compile_lazily(r"%?[A-Z][A-Z0-9_%/().:#-]*")
#: A header of Title-case column names (`ss`: `State Recv-Q Send-Q Local Address:Port Peer
#: Address:Port Process`, `df -h`: `Filesystem Size Used Avail Use% Mounted on`): each name
#: starts upper case; a lower-case word only ends a two-word name, one space after it.
ALIGNED_TITLE_HEADER = compile_lazily(
    r" *%?[A-Z][\w%/().:#-]*(?: [a-z]+)?(?: +%?[A-Z][\w%/().:#-]*(?: [a-z]+)?)+ *"
)
#: The dashed rule some tools print under an aligned header (`pip list`, `kubectl` wide forms).
ALIGNED_RULE = compile_lazily(r"-{2,}(?:[ \t]+-{2,})+[ \t]*")

#: Markdown table separator cell (`---`, `:---:`): what makes a pipe grid a table.
MARKDOWN_SEPARATOR_CELL = compile_lazily(r"^:?-{3,}:?$")

#: A config line that names the block it sits in (`name: web`, `- name: Checkout`, TOML
#: `name = "serde"`): in a list of look-alike blocks (Kubernetes objects, CI steps, Cargo.lock
#: packages) it is what tells them apart, so it stays when the rest of the block is elided.
CONFIG_IDENTITY = compile_lazily(r"^\s*(?:-\s+)?[\"']?(?:name|id)[\"']?\s*[:=]\s*[^\s{\[|>&*]")

#: YAML `key:` at the start of a line (block mapping); group 1 is the indentation. A plain key
#: runs to the first colon, atomically (`[^:#]` holds white space already: a key giving back
#: characters to `\s*:` tried every split of a long run of spaces).
YAML_KEY_LINE = compile_lazily(r"^(\s*)(?:-\s+)?(?:\"[^\"]*\"|'[^']*'|[^\s#'\"\-](?>[^:#]*))\s*:(?:\s|$)")

#: TOML `key = value` (bare, quoted or dotted keys).
TOML_ASSIGNMENT = compile_lazily(r"^\s*(?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_\-]+|\"[^\"]*\"|'[^']*'))*\s*=")

#: A YAML anchor definition (`&defaults`): kept so every kept alias still resolves.
YAML_ANCHOR = compile_lazily(r"(?:^|\s)&[A-Za-z0-9_\-]+(?:\s|$)")

# ---------------------------------------------------------------- router, listings, code, diff, html
# (owner: helper `code`; used by engine/detect.py, engine/listing.py and the code/diff/html compressors)

#: A read tool's line-number gutter: `     1\tx` (cat -n), `   12 | x`, `12: x`, `12→x` (Claude's
#: Read), or a bare number (a numbered blank line). Group 2 is the number, group 3 the separator.
GUTTER_LINE = compile_lazily(r"( *)(\d{1,12})(\t| \| | \|$|: |:$|→|$)")

# ---------------------------------------------------------------- listings: grep -n gutter, cut windows, comment runs
# (owner: helper `listings`; used by engine/listing.py and engine/compressors/code*.py)

#: `grep -n '' FILE` numbers every line as `N:` with the text right after the colon (`7:    x`).
#: GUTTER_LINE reads `7: ` as its `: ` separator and cut one space of indentation; this form is
#: only taken when the numbers run 1 apart and some line has no space after its colon.
GREP_N_GUTTER = compile_lazily(r"(\d{1,12}):")

#: A bracket, for closing what a cut sample of source leaves open (engine/compressors/code.py).
CODE_BRACKET = compile_lazily(rb"[()\[\]{}]")

#: What a window's bracket scan reads (engine/compressors/code_window.py): a comment or a quoted
#: string, skipped whole so the brackets inside them do not count, or a bracket. Only run over
#: listings the code compressor could not parse.
CODE_WINDOW_TOKEN = compile_lazily(
    rb"//[^\n]*|/\*.*?(?:\*/|$)|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|[()\[\]{}]",
    re.S)

#: A preprocessor conditional's open or close (`#ifndef GUARD_H`, `# if X`, `#endif`): a header
#: cut short leaves its include guard open, which the closers above close too.
CODE_PREPROCESSOR_IF = compile_lazily(rb"(?m)^[ \t]*#[ \t]*(if|ifdef|ifndef|endif)\b")

#: A comment line kept when its run is cut to the first sentence (code_comments.py): a build or
#: lint directive (`//go:build`, `// +build`, `// eslint-disable…`, `// @ts-…`, `//nolint`,
#: `# type:`, `# noqa`, `# pragma`), a `Deprecated:` notice, a doc tag (`@param`), an SPDX licence
#: id, Rust's `# Safety` / `# Panics` / `# Errors`.
CODE_COMMENT_KEEP = compile_lazily(
    rb"[ \t]*(?://[/!]?(?:go:|line |export |extern |\s*(?:\+build|eslint|@|prettier-|nolint|Deprecated\b"
    rb"|#\s*(?:Safety|Panics|Errors)\b|SAFETY:|SPDX-))"
    rb"|#(?:!|\s*(?:-\*-|type:|noqa|pragma|fmt:|pylint:|mypy:|isort:|ruff:|SPDX-|Deprecated\b)))")

# ---------------------------------------------------------------- (router, listings, code, diff, html: continued)

#: A `<file …>` wrapper's opening tag on its own line; the closing `</file>` ends the payload.
FILE_WRAPPER_OPEN = compile_lazily(rb"<file(?:\s[^>\n]*)?>[ \t]*\r?\n")

#: JSX/TSX and source files that embed markup: these are code, not HTML.
HTML_CODE_START = compile_lazily(r"(?:import |export |package |func |def |const |#include|#!|//|/\*)")

#: A Rust item at the margin (`use a::b;`, `pub fn f(`, `impl<P> T for U`, `struct S<P> {`): its
#: generics (`<P>`, `<T: Send>`) read as HTML's `<p>` tags.
RUST_ITEM_LINE = compile_lazily(
    r"(?m)^(?:pub(?:\([\w:]+\))? )?(?:(?:unsafe |async |const |extern \S+ )*fn \w+\s*[<(]"
    r"|(?:struct|enum|trait|union) \w+\s*[<{(;]|impl\b[^\n{]*\bfor\b|impl<|use [\w:{}*, ]+;$|mod \w+\s*[;{])"
)

#: A body tag HTML detection counts. The tag name must end (`<main>`, `<div class=…`): an email
#: address in angle brackets (`<maintainers@…>`, `<divya@…>` in a git log) is not markup.
HTML_BODY_TAG = compile_lazily(r"(?i)<(?:body|article|main|div|p)[\s>/]")

#: Python logging's default timestamp writes its milliseconds after a comma (`10:00:01,001`);
#: that comma is not a CSV delimiter.
TIMESTAMP_COMMA = compile_lazily(r"(\d{2}:\d{2}:\d{2}),(\d{3})\b")

#: Markdown table separator cell (`---`, `:--:`).
MARKDOWN_TABLE_SEP = compile_lazily(r"^:?-{3,}:?$")

#: Config shapes: a TOML `[section]` / `[[array]]` header and a TOML `key = value`.
TOML_SECTION = compile_lazily(r"^\s*\[\[?[A-Za-z0-9_.\-\"' ]+\]\]?\s*(#.*)?$")
TOML_PAIR = compile_lazily(r"^\s*[A-Za-z0-9_.\-\"']+\s*=\s*\S")
#: A YAML mapping key line (optionally a list item's first key), a YAML list item, a block scalar.
YAML_KEY = compile_lazily(r"^\s*(?:- +)?[A-Za-z0-9_.\-/\"'$@]+(?: [A-Za-z0-9_.\-]+)?\s*:(?:\s|$)")
YAML_ITEM = compile_lazily(r"^\s*-(?:\s|$)")
YAML_BLOCK_SCALAR = compile_lazily(r":\s*[|>][+-]?\d*\s*(#.*)?$")

#: A Markdown line (a list item at the margin, a setext underline, a fence, a link definition,
#: a line carrying a `[text](url)` link): release notes and READMEs end their list items in `)`
#: and would read as code-shaped, so such lines count neither for code nor against it.
MARKDOWN_LINE = compile_lazily(
    r"[-*+] \S|\d{1,3}\. \S|(?:-{3,}|={3,})\s*$|```|\[[^\]\n]+\]: \S|.*\]\((?:https?://|#|/|\.)[^)\s]*\)"
)

#: A line that only code writes: ends with a bracket/terminator, or opens with a keyword, `//`,
#: `/*`, a block-comment ` * ` or a preprocessor directive. Guards Detect against prose that
#: happens to say "class" or "return". `#` alone is not evidence: it is also a markdown heading,
#: and a URL's `://` is no `:` ending a line before a `//` comment (`visited http://host/ -> 200`).
CODE_LINE_SHAPE = compile_lazily(
    r"(?:[{}()\[\];:,]|=>|\\)\s*(?:(?<!:)//.*|#.*)?$|^\s+\*(?:\s|/|$)|^\s*(?:[{}\])]|//|/\*|#(?:include|define|if|ifdef|ifndef|endif|pragma)\b|@\w|(?:import|from|def|class|func|fn"
    r"|return|if|for|while|const|let|var|package|public|private|static|struct|type|impl|use|pub)\b"
    # Ruby, which ends its blocks with a word: `end`, `module Foo`, `require "x"`, `attr_reader :x`,
    # `else`/`ensure`/`begin` alone, a block's `do |x|` (its files read as text, and the text reader
    # elided whole methods as look-alike sections)
    r"|(?:end|else|ensure|begin)\s*$|module [A-Z]|require(?:_relative)? [\"']|attr_(?:reader|writer|accessor) :)"
    r"|\bdo \|[\w, *&]*\|$"
)

#: Lines worth keeping from an elided function body: where errors are raised, and the messages
#: they carry (an agent hunting an error message looks for the line that produces it).
CODE_ERROR_LINE = compile_lazily(
    r"(?:^\s*|[;{)]\s*)(?:raise|throw)\b|\bpanic!?\(|\b(?:errors\.New|fmt\.Errorf)\(|\b(?:[A-Z]\w*)?(?:Error|Exception)\("
    r"|[\"'][^\"'\n]*\b(?:[Cc]annot|[Cc]an't|[Ii]nvalid|[Uu]nable to|[Ff]ailed|[Nn]ot found|[Uu]nexpected)\b"
)

#: The same, over a whole body at once (one search decides whether a body has any such line).
CODE_ERROR_LINE_ANY = compile_lazily("(?m)" + CODE_ERROR_LINE.pattern)
#: A body line that prints an error or warning message as a literal (`console.error('...')`,
#: `logger.warning("...")`, `eprintln!("...")`, `fprintf(stderr, "...")`): the line an agent
#: chasing that message in a log or a terminal is looking for, like a raise.
CODE_MESSAGE_LINE = compile_lazily(
    r"\b(?:console|logger|logging|log|LOG|Log|warnings)\.(?:error|warn|warning|fatal|critical|exception"
    r"|Error|Errorf|Warn|Warnf|Warning|Fatal|Fatalf|severe)\s*\(\s*[fr]?[\"'`]"
    r"|\beprintln!\(\s*\"|\bfprintf\(\s*stderr\s*,\s*\"|\bSystem\.err\.print(?:ln|f)?\(\s*\""
)
CODE_MESSAGE_LINE_ANY = compile_lazily("(?m)" + CODE_MESSAGE_LINE.pattern)

#: Cheap hints that order the parsers the code compressor tries (the parse decides, not these).
CODE_LANGUAGE_HINTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("python", compile_lazily(r"(?m)^#!.*python|^\s*def \w+\(.*\).*:\s*$|^(?:from \S+ )?import \w+[\w., ]*$")),
    ("go", compile_lazily(r"(?m)^package \w+\s*$|^func [\w(]")),
    ("rust", compile_lazily(r"(?m)^\s*(?:pub )?fn \w+|^\s*(?:impl|use|mod) \w|\blet mut\b")),
    ("java", compile_lazily(r"(?m)^import java\.|^\s*(?:public|private|protected) (?:static )?(?:final )?(?:class|void|[A-Z]\w*)\b")),
    ("c", compile_lazily(r"(?m)^#include\s*[<\"]|^(?:static )?(?:int|void|char|unsigned|size_t|jv) \**\w+\(")),
    ("cpp", compile_lazily(r"(?m)^#include <\w+>$|\bstd::|\bnamespace \w+|\btemplate\s*<|::\w+\(")),
    ("typescript", compile_lazily(r"(?m)^\s*(?:export )?(?:interface|type|enum) \w+|:\s*(?:string|number|boolean)\b")),
    ("javascript", compile_lazily(r"(?m)\bfunction\b|\bconst \w+ =|=>|\brequire\(|module\.exports")),
    ("tsx", compile_lazily(r"(?m)<\w+[^>]*/>|</\w+>")),
)
#: Searched in REVERSED bytes: an unindented line's first character, its line start, then a
#: blank line, i.e. the last boundary between top-level definitions (where a sample may be cut).
CODE_TOP_LEVEL_REVERSED = compile_lazily(rb"[^\s}\])]\n\n")
#: A C/C++ line that is a lone macro invocation: an upper-case name, maybe with arguments, and no
#: `;` (`__BEGIN_DECLS`, `_GLIBCXX_BEGIN_NAMESPACE_VERSION`, `U_NAMESPACE_BEGIN`, `TCL_EXTERN(int)`).
#: tree-sitter does not expand macros: one such line made a whole header one ERROR node.
CODE_LONE_MACRO_LINE = compile_lazily(rb"(?m)^[ \t]*[A-Z_][A-Z0-9_]{2,}(?:[ \t]*\([^;{}\n]*\))?[ \t]*$")
#: A Python string literal's prefix and opening quote (docstrings are reduced to one line).
PY_STRING_QUOTE = compile_lazily(r"^([rRuUbBfF]*)(\"\"\"|'''|\"|')")

#: Readability's class/id hints: containers named like content gain, chrome loses.
HTML_POSITIVE_HINT = compile_lazily(r"(?i)article|body|content|entry|main|page|post|story|text|blog")
HTML_NEGATIVE_HINT = compile_lazily(r"(?i)comment|nav|sidebar|footer|header|menu|promo|banner|ad-|share|social|related"
                                r"|breadcrumb|cookie|popup|modal|widget")
# ---------------------------------------------------------------- error pages (webdata)

#: class/id of the block where a framework's error page states the error: Django's
#: `<header id="summary">` (exception type, value, location), werkzeug's `errormsg`, Rails'
#: `exception-message`. Outside the page's main container it would be cut with the chrome.
HTML_ERROR_SUMMARY_HINT = compile_lazily(
    r"(?i)(?:^|[\s_-])(?:summary|exception(?:[_-](?:value|message))?|errormsg|error(?:[_-](?:message|summary))?)(?:$|\s)"
)

#: Runs of white space, folded to one space: in HTML text, before matching a query verbatim (as
#: agents and the scorer compare text), in a tool description's first sentence.
WHITESPACE_RUN = compile_lazily(r"\s+")

#: A hunk header, unified (`@@ -a,b +c,d @@`) or combined (`@@@ -a,b -c,d +e,f @@@`). Group 1 is
#: the old line count, group 2 the new one; each defaults to 1 when omitted.
DIFF_HUNK = compile_lazily(r"^@@@? -\d+(?:,(\d+))?(?: -\d+(?:,\d+)?)* \+\d+(?:,(\d+))? @@@?")
#: Lines outside hunks that a diff or `git log -p` always keeps (file and commit headers).
DIFF_HEADER = compile_lazily(
    r"^(?:diff |index |--- |\+\+\+ |new file mode|deleted file mode|old mode|new mode|similarity index"
    r"|dissimilarity index|rename from|rename to|copy from|copy to|Binary files|commit [0-9a-f]{7,40}"
    r"|Merge: |Author: |AuthorDate: |Commit: |CommitDate: |Date: )"
)

# ---------------------------------------------------------------- query scoring (BM25)

#: A BM25 term: a run of letters, digits or underscores (Unicode-aware, so `café` is one term,
#: not `caf`); engine.bm25 lowercases first and keeps runs of two bytes or more.
BM25_TERM = compile_lazily(r"\w+")

# ---------------------------------------------------------------- query narrowing (retrieve_query)

#: A blank line (white space only): what separates paragraphs, and diagnostics that tools print
#: one block each.
BLANK_LINE = compile_lazily(r"\n[ \t\r\f\v]*\n")
BLANK_LINE_BYTES = compile_lazily(BLANK_LINE.pattern.encode("ascii"))

#: A JSON field line (`  "status": "unfulfilled",`): text mostly made of these is a JSON
#: document that did not parse, and cutting it into lines would hand out fragments.
JSON_FIELD_LINE = compile_lazily(r'^\s*"[^"\n]*"\s*:', re.M)

#: A `cat -n`/`nl` line-number gutter; indentation is measured after it, so a numbered listing
#: still shows the def or class a returned line sits in.
LISTING_GUTTER = compile_lazily(r"[ \t]*\d+\t")


#: An HTTP header name (RFC 7230 token, as written in practice): how a flat name/value list
#: such as Node's `rawHeaders` is recognised.
HEADER_NAME = compile_lazily(r"^[A-Za-z][A-Za-z0-9-]{0,63}$")

#: An array index inside a JSON path (`$[3].rawHeaders`): dropped to name the place siblings share.
JSON_PATH_INDEX = compile_lazily(r"\[\d+\]")

#: White space around JSON punctuation, dropped on both sides before a query is matched
#: verbatim against a re-rendered record (`"a":1` in a minified original, `"a": 1` in the view).
JSON_PUNCTUATION_SPACE = compile_lazily(r"\s*([:,\[\]{}])\s*")

#: The lines a diff line is read under: its hunk (`@@ -5,7 +5,7 @@`), its file (`diff --git a/x
#: b/x`, or plain `diff -u …`) and, in `git log -p`, its commit. Without them `-version = "2.31"`
#: does not say which file, or which commit, it was removed from.
DIFF_HUNK_HEADER = compile_lazily(r"@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@")
DIFF_FILE_HEADER = compile_lazily(r"diff (?:--git |-)")
COMMIT_HEADER = compile_lazily(r"commit [0-9a-f]{7,64}\b")

# ---------------------------------------------------------------- table cells (tabular)

#: An ASCII character float() never accepts (it takes digits, sign, point, exponent, white
#: space as str.strip() sees it, and the letters of inf/infinity/nan): a cell holding one is
#: not a number, settled without raising and catching an exception for every text cell.
NOT_FLOAT_ASCII = compile_lazily(r"[^0-9+\-.eEiInNfFtTyYaA \t\n\r\x0b\x0c\x1c-\x1f]")
#: A table cell holding a date or a date and time (`1958-03-29`, `2024-05-01T12:00:00Z`): a
#: measurement's time stamp, like a number no name of a row.
DATE_CELL = compile_lazily(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?")

# ---------------------------------------------------------------- native stack frames (frames)

#: One frame of a native backtrace, with its number where the tool prints one. A deep recursion
#: prints thousands of frames that differ only in their number, address and argument values;
#: `frames.fold_recursion` counts the run and keeps its ends. Group `key` is what names the
#: frame's place (function and source position): frames of one run share it.
#: gdb `bt`: `#12 0x000055555555519c in depth (n=2988, s=0x7ff...) at recurse.c:7` (frame 0 may lack
#: the address; `from /lib/libc.so.6` instead of `at` when there is no debug info).
FRAME_GDB = compile_lazily(
    r"^#(?P<num>\d+)\s+(?:0x[0-9a-fA-F]+ in )?(?P<func>[^\s(]+) \(.*\)(?P<key> at \S+:\d+| from \S+)?\s*$"
)
#: The sanitizers (ASan, LSan, TSan, MSan, UBSan): `    #7 0x55c8fc056272 in walk /src/so.c:3`, or
#: `    #9 0x7f12 (/lib/x86_64-linux-gnu/libc.so.6+0x2724a) (BuildId: 4f5…)` without a symbol.
#: Always indented (gdb's frames start at the margin: a wrapped one must not read as this).
FRAME_SANITIZER = compile_lazily(r"^\s+#(?P<num>\d+) 0x[0-9a-fA-F]+ (?P<key>(?:in )?\S.*?)\s*$")
#: lldb `bt`: `    frame #3: 0x0000000100003f5c a.out`depth(n=2997) at recurse.c:7:12`.
FRAME_LLDB = compile_lazily(
    r"^\s*(?:\* )?frame #(?P<num>\d+): 0x[0-9a-fA-F]+ (?P<func>[^\s(`]+`[^\s(]+)(?:\(.*\))?(?P<key> at \S+)?\s*$"
)
#: Where a frame of any of these may be (a numbered frame, a valgrind frame), found unanchored so
#: that text without a backtrace is settled in fast scans: two patterns, each led by a literal
#: the regex engine finds at C speed ("#", "=="); as one alternation it has no common prefix
#: and is tried at every position, several times slower.
FRAME_CANDIDATE_NUMBERED = compile_lazily(r"#\d+[ :]")
#: A JVM stack frame (`\tat pkg.C.m(C.java:12)`): a StackOverflowError prints 1024 of one place.
FRAME_JVM = compile_lazily(r"^\s+at (?P<key>\S+\((?:[^()\n]*)\))\s*$")
#: Nine identical JVM frame lines in a row: the only JVM traces frames.fold_recursion reads.
FRAME_JVM_REPEATS = compile_lazily(r"(?m)^([ \t]+at \S[^\n]*\n)\1{8}")
FRAME_CANDIDATE_VALGRIND = compile_lazily(r"==\d+== +(?:at|by) 0x")
#: Valgrind's `==123==    by 0x1091C2: depth (recurse.c:7)` (no frame number; `at` opens the stack).
#: A frame of py-spy's dump: `    walk (deep.py:6)` (only read in a text that opens as py-spy's dump).
FRAME_PYSPY = compile_lazily(r"^    (?P<key>\S[^()]*(?:\(\))? \([^()\s]+:\d+\))\s*$")
#: How py-spy's dump opens: `Process 20463: python3 deep.py` then `Python v3.11.7 (...)`.
#: (A `python -c` program's lines come between the two.)
PYSPY_DUMP_START = compile_lazily(r"^Process \d+: (?:[^\n]*\n){1,20}?Python v\d")
FRAME_VALGRIND = compile_lazily(r"^==\d+==\s+(?:at|by) 0x[0-9A-Fa-f]+: (?P<key>\S.*?)\s*$")

# ---------------------------------------------------------------- memory checkers (memcheck)

#: A valgrind line: `==PID==`, then the record's text (a headline has one space, what belongs to
#: it more: `==7==    at 0x...`, `==7==  Address 0x... is 0 bytes after a block`).
VALGRIND_LINE = compile_lazily(r"^==\d+==( *)(\S?)")
#: A valgrind frame line anywhere in a text (one C-speed search decides whether records are read).
VALGRIND_ANYWHERE = compile_lazily(r"==\d+== +(?:at|by) 0x")  # unanchored: led by a literal
#: A frame inside a valgrind record: a record with a stack is an error or a leak, not a banner.
VALGRIND_RECORD_FRAME = compile_lazily(r"^==\d+== +(?:at|by) 0x[0-9A-Fa-f]+: ")
#: The first frame of a sanitizer's (ASan, LSan, TSan, MSan, UBSan) stack: the line above it
#: says what the stack is of (`Direct leak of 40 byte(s) in 1 object(s) allocated from:`,
#: `freed by thread T0 here:`, `READ of size 4 at 0x... thread T0`). ThreadSanitizer prints no
#: address but ends the frame with its module offset: `#0 worker /src/race.c:7 (race+0x11e9)`.
SANITIZER_FIRST_FRAME = compile_lazily(r"^\s*#0 (?:0x[0-9a-fA-F]+ |\S+ \S+ \([^()\s]+\+0x[0-9a-fA-F]+\)\s*$)")
SANITIZER_FRAME = compile_lazily(r"^\s*#\d+ (?:0x[0-9a-fA-F]+ |\S+ \S+ \([^()\s]+\+0x[0-9a-fA-F]+\)\s*$)")

# ---------------------------------------------------------------- strace (strace)

#: What strace prints before a call: `[pid  123] ` or `123 ` (-f), then a time stamp (-t, -tt,
#: -ttt, -r) when asked for.
_STRACE_HEAD = r"^(?:\[pid +\d+\] |\d+ +)?(?:\d\d:\d\d:\d\d(?:\.\d+)? |\s*\d+\.\d+ )?"
#: A completed call: `openat(AT_FDCWD, "/etc/x", O_RDONLY) = -1 ENOENT (No such file or directory)`.
#: The arguments are read greedily, so a `) = ` inside a quoted argument does not end them. A
#: failed call has an errno name after its result (`-1 EACCES`, `? ERESTARTSYS`).
STRACE_CALL = compile_lazily(
    _STRACE_HEAD + r"(?:(?P<call>[a-z_][a-z0-9_]*)\(|<\.\.\. (?P<resumed>[a-z_][a-z0-9_]*) resumed>)"
    r".*\)\s+= (?P<ret>\S+)(?: (?P<errno>E[A-Z0-9]+)\b)?"
)
#: A call another process interrupted: its result comes on a `<... x resumed>` line.
STRACE_UNFINISHED = compile_lazily(_STRACE_HEAD + r"(?P<call>[a-z_][a-z0-9_]*)\(.*<unfinished \.\.\.>\s*$")
#: A signal delivered, a process's end: `--- SIGCHLD {si_signo=...} ---`, `+++ exited with 1 +++`.
STRACE_EVENT = compile_lazily(_STRACE_HEAD + r"(?:--- SIG\w+ .*---|\+\+\+ (?:exited with \d+|killed by SIG\w+.*) \+\+\+)\s*$")
#: Calls whose every occurrence matters: what ran, how it ended, who signalled whom, and what
#: the program wrote to its standard error (its own error message).
STRACE_KEY_CALL = compile_lazily(r"^(?:execve|execveat|exit|exit_group|kill|tkill|tgkill)$")
STRACE_STDERR_WRITE = compile_lazily(_STRACE_HEAD + r"write\(2,")
#: AddressSanitizer's shadow-memory dump rows (`  0x0c067fff7fb0: 00 00 fa`; the `=>` row marking the
#: bad address is not one of them) and its fixed legend (`  Heap left redzone:       fa`): the same
#: boilerplate under every report.
SANITIZER_SHADOW_ROW = compile_lazily(r"^  0x[0-9a-f]+:(?: [0-9a-f]{2}| \[[0-9a-f]{2}\]|\[[0-9a-f]{2}\])+\s*$")
SANITIZER_LEGEND_HEAD = "Shadow byte legend (one shadow byte represents 8 application bytes):"
SANITIZER_LEGEND_ROW = compile_lazily(r"^  [A-Z][A-Za-z ]+:\s+[0-9a-f]{2}(?: [0-9a-f]{2})*\s*$")

# ---------------------------------------------------------------- disassembly (detect)

#: An objdump -d instruction line (`  1179:\t55                   \tpush   %rbp`): a disassembly names
#: its symbols in angle brackets (`<main>:`, `call 1070 <malloc@plt>`), which are not HTML tags.
DISASSEMBLY_LINE = compile_lazily(r"(?m)^ *[0-9a-f]+:\t(?:[0-9a-f]{2} )+")

# ---------------------------------------------------------------- database clients and data tools
# (owner: helper `dataops`; used by engine/compressors/framed_table.py and engine/compressors/text.py)

#: psql's rule under an aligned header: dashes with a `+` where each column separator `|` sits.
#: At least one `+`: a one-column result has no separators to read columns from.
PSQL_RULE = compile_lazily(r"-+(?:\+-+)+")
#: sqlite3 -box's frame: top, header separator, bottom; `┬ ┼ ┴` mark the column separators.
FRAMED_BOX_TOP = compile_lazily(r"┌─+(?:┬─+)+┐")
FRAMED_BOX_MIDDLE = compile_lazily(r"├─+(?:┼─+)+┤")
FRAMED_BOX_BOTTOM = compile_lazily(r"└─+(?:┴─+)+┘")
#: sqlite3 -table / mysql client rule: `+-----+------+`, the `+` over each `|`.
FRAMED_ASCII_RULE = compile_lazily(r"\+-+(?:\+-+)+\+")
#: The row count a client prints under a table: psql `(301 rows)`, mysql `3 rows in set (0.00 sec)`.
FRAMED_ROW_COUNT = compile_lazily(r"\(\d+ rows?\)|\d+ rows? in set(?: \([\d.]+ sec\))?")
#: One entry of a listing: a path (`find`, `rg -l`, `git ls-files`; an absolute or relative one
#: may hold spaces), or one name a line (`redis-cli --scan`, `ls -1`, `pip freeze`). A list of
#: these is an enumeration the agent asked for; no entry of it is a look-alike of another.
PATH_LIST_ENTRY = compile_lazily(r"\S+|\.{0,2}/[^\t\n]*")
#: A per-file metrics report (`radon raw`): a path line, then indented `Name: number` lines and
#: sub-headings (`    LOC: 30`, `    - Comment Stats`, `        (C % L): 0%`). Each value is a
#: measurement the agent asked for; masked to look-alikes they were all elided.
METRICS_REPORT_PATH = compile_lazily(r"[^\s:][^:]*\.\w+:?")
METRICS_REPORT_FIELD = compile_lazily(r"\s+(?:[A-Za-z(][\w ()%+.]*: -?\d[\d.]*%?|- [A-Z][\w ]*)")
#: A line of a base64 blob (a PEM body, `base64` output): one token, but no entry of a list.
BASE64_LINE = compile_lazily(r"[A-Za-z0-9+/=]{60,}")
#: psql's expanded display (`\x`): the line over each record, `-[ RECORD 12 ]-----` (a `+` where
#: the name column ends when values are wider than the header).
PSQL_RECORD_HEADER = compile_lazily(r"-\[ RECORD \d+ \][-+]*")
#: A JUnit XML report's testcase written on its own line (a pretty-printed report).
JUNIT_TESTCASE_LINE = compile_lazily(r"^[ \t]*<testcase[ \t>]", re.M)
#: A PostgreSQL plan node under its parent: `   ->  Seq Scan on t  (cost=…)`; group 1 ends where
#: the node's name starts (its children start further right).
PLAN_NODE_ARROW = compile_lazily(r"(\s*->\s+)\S")
#: The root node, which has no arrow: ` Sort  (cost=1.0..2.0 rows=24 width=51)`. The name's
#: end is the first `\S\s` (atomic): the earliest leaves the most room for `(cost=`, so later
#: ones never match where it does not, and retrying them made a long line of prose quadratic.
PLAN_NODE_COSTED = compile_lazily(r"(\s*)[A-Z](?>[A-Za-z ]*?\S\s).*?\((?:cost|actual)[ =]")
#: A node's measured figures: start and total time, rows, loops.
PLAN_ACTUAL = compile_lazily(r"\(actual time=([\d.]+)\.\.([\d.]+) rows=(\d+) loops=(\d+)\)")
#: The relation (and alias) a scan reads: masked when comparing sibling scans of partitions.
PLAN_RELATION = compile_lazily(r" on [^\s(]+(?: [a-z_][\w$]*)?(?=  | \(|$)", re.M)
#: A SQL statement at the start of a line of a script or dump (pg_dump, sqlite3 .dump, psql -f).
SQL_STATEMENT_START = compile_lazily(
    r"(?:CREATE|ALTER|DROP|INSERT\s+INTO|UPDATE|DELETE\s+FROM|SELECT|SET|COPY|GRANT|REVOKE|COMMENT\s+ON"
    r"|BEGIN|COMMIT|ROLLBACK|PRAGMA|WITH|TRUNCATE|VACUUM|ANALYZE|REINDEX)\b")
#: A command tag psql prints for a statement that returns no rows (`SET`, `INSERT 0 1`, `CREATE TABLE`).
PSQL_COMMAND_TAG = compile_lazily(r"[A-Z]+(?: [A-Z]+)*(?: \d+)*")

# ---------------------------------------------------------------- database clients (dbcli)
#: The mysql/mariadb client's vertical form (`\G`): the line over each record, 27 stars a side.
MYSQL_VERTICAL_HEADER = compile_lazily(r"\*{10,} \d+\. row \*{10,}")
#: What psql prints when `\x` is a command of the run (`psql -c '\x on' -c 'select …'`), above
#: the first record: part of the frame, not of a record.
PSQL_EXPANDED_BANNER = compile_lazily(r"Expanded display is (?:on|off|used automatically)\.")
#: The header comment a SQL dump opens with (pg_dump, mysqldump, mariadb-dump): the schema and the
#: data under it are read as a dump, not as prose or grep hits.
SQL_DUMP_HEAD = compile_lazily(r"^-- (?:PostgreSQL database dump|MySQL dump|MariaDB dump)", re.M)
#: pg_dump's data block opener; group 1 is its column list (the rows follow, tab-separated).
SQL_DUMP_COPY = compile_lazily(r"COPY \S+ \(([^)]*)\) FROM stdin;")
#: pg_dump --inserts / --column-inserts, mysqldump --skip-extended-insert: a statement a row, up
#: to its tuple's `(` (a line holding several tuples is mysqldump's SQL_DUMP_INSERT).
SQL_DUMP_INSERT_LINE = compile_lazily(r"INSERT INTO [^\s(]+(?: \(([^)]*)\))? VALUES \(")
#: mysqldump's statement, its tuples after it on the line or (mariadb-dump) on the lines under.
SQL_DUMP_INSERT = compile_lazily(r"INSERT INTO `[^`]+`(?: \(([^)]*)\))? VALUES ?")
#: One of mariadb-dump's tuples on its own line.
SQL_DUMP_TUPLE_START = compile_lazily(r"\(")
#: A PostgreSQL server message psql prints (`NOTICE:  relation "x" already exists, skipping`,
#: with `psql:FILE:LINE: ` in front under -f) and the detail lines under an error: severity, a
#: colon and two spaces. A NOTICE carries no error word yet says a statement did nothing; its
#: lines read as look-alikes of each other in a migration's output. Asked only of payloads
#: holding ":  " (db_messages.py).
#: redis-cli's numbering of a reply's elements on a terminal (`  1) "user:406"`, a nested reply's
#: `2)    1) "key"`): stripped, each element is one entry of a list such as KEYS or SMEMBERS.
REDIS_REPLY_NUMBER = compile_lazily(r"^ *(?:\d+\) +)+")
#: One name of a long key list (key_listing.py): no space, no `/` (paths fold by directory).
KEY_LIST_ENTRY = compile_lazily(r"[^\s/]+")
#: A name cut at its digit runs, kept in the pieces (the odd pieces are the numbers).
DIGIT_SPLIT = compile_lazily(r"(\d+)")
#: The MySQL/MariaDB slow query log's timing line, one per entry: how slow the query under it
#: was is what the log is read for, yet the line holds no level and looks like every other.
MYSQL_SLOW_QUERY_TIME = compile_lazily(r"^# Query_time: [\d.]+ ", re.M)
#: psql's own lines between result tables: `\timing`'s `Time: 3.034 ms` after each query, and the
#: answers to `\timing`, `\x`, `\pset` commands of the script. They sit where command tags sit.
PSQL_META_LINE = compile_lazily(
    r"Time: [\d.,]+ ms(?: \([^)]*\))?|Timing is (?:on|off)\.|Expanded display is (?:on|off|used automatically)\."
    r"|Null display is \"[^\"]*\"\.|Output format is \w+\.|Border style is \d+\.")
PSQL_SERVER_MESSAGE = compile_lazily(
    r"^(?:psql:[^\s:]+:\d+: )?(?:NOTICE|INFO|WARNING|DETAIL|HINT|CONTEXT|QUERY):  \S", re.M)

# ---------------------------------------------------------------- thread dumps (thread_dump)

#: The header of one thread in a dump: jstack/jcmd (`"pool-1-thread-3" #14 prio=5 ... tid=0x...`),
#: gdb `thread apply all bt` (`Thread 15 (Thread 0x7ffff15c46c0 (LWP 26367) "threads"):`).
THREAD_HEADER = compile_lazily(
    r'^"(?P<jname>[^"]*)"(?: #\d+)?(?: daemon)? (?:prio|os_prio|cpu|tid)=\S*.*$'
    r'|^(?:Current thread|Thread) (?P<gnum>\d+|0x[0-9a-f]+) \(.*\):\s*$'  # Python's faulthandler: `Thread 0x7f.. (most recent call first):`
    # Go's goroutine dump (a panic, `-timeout`, a deadlock, SIGQUIT): `goroutine 14 [chan receive, 2 minutes]:`;
    # the state is compared, how long it has waited is not
    r'|^(?P<goname>goroutine \d+) \[(?P<gostate>[^\],]*)(?:, [^\]]*)?\]:\s*$'
    # py-spy dump: `Thread 23038 (idle): "worker-0"` (states idle, active, active+gil; a thread
    # without a name has none)
    r'|^Thread (?P<pynum>\d+|0x[0-9a-fA-F]+) \((?P<pystate>[a-z+]+)\)(?:: "(?P<pyname>[^"]*)")?\s*$'
)
#: A variable py-spy's `--locals` prints under a frame's `Arguments:` / `Locals:`
#: (`            i: 0`): its value differs from one look-alike worker to the next, its name does not.
PYSPY_VARIABLE = compile_lazily(r"^ {12}(?P<name>[\w.]+): ")
#: What differs between two goroutines a dump shows parked at one place besides addresses: the
#: goroutine that created each (Go 1.21+: `created by main.start in goroutine 7`).
GOROUTINE_PARENT = compile_lazily(r" in goroutine \d+")
#: What differs between two threads parked at the same place: addresses, object ids, gdb's
#: argument values. Masked before their stacks are compared.
THREAD_HEX = compile_lazily(r"0x[0-9a-fA-F]+")
#: What a jstack header says after the thread's ids: `waiting on condition  [0x00007f7b0d29d000]`.
JAVA_THREAD_STATE = compile_lazily(r" nid=\S+ (.*)$")
#: A dump's own header, so Detect does not read `at Pool.main(Pool.java:11)` frames as code.
THREAD_DUMP_START = compile_lazily(
    r"(?m)^Full thread dump |^Thread \d+ \(Thread 0x[0-9a-f]+ \(LWP \d+\)"
    r"|^Process \d+: (?:[^\n]*\n){1,20}?Python v\d"  # py-spy dump: its frames end in `(file.py:12)` like calls
)

# ---------------------------------------------------------------- git listings (git_listing)
# Outputs of git (and its look-alikes) that are enumerations an agent asked for: a log's commits,
# a stat/name-status/numstat file list, a status, a blame. Detect routes them to the diff
# compressor, which elides only hunk context and repeated hunks, so the lists stay whole. Each is
# tried on one line (the payload's first) before any is tried on the rest.

#: `git log --graph`'s drawing in front of a commit (`| * | `, `|\  `).
_GIT_GRAPH = r"[*|\\/ _.-]*"
#: An abbreviated or full object name with a digit and a letter (a bare number or word is not one).
#: Git abbreviates to 7-12 digits, or prints all 40 (64 in a SHA-256 repository); a 16- or
#: 32-digit trace id leading a log record is not one.
_GIT_HASH = (r"(?=[0-9a-f]{0,63}[a-f])(?=[0-9a-f]{0,63}[0-9])"
             r"(?:[0-9a-f]{64}|[0-9a-f]{40}|[0-9a-f]{7,12})(?![0-9a-f])")
#: The first line of a medium/full/fuller/--stat log or `git show`: `commit 1a2b3c4… (HEAD -> main)`.
GIT_COMMIT_LINE = compile_lazily(rf"^{_GIT_GRAPH}commit {_GIT_HASH}\b")
#: A commit a line: `--oneline`, `--graph --oneline`, `--format='%h|%an|%s'`, reflog, `git blame`
#: (`^f61ff25 path (Author 2023-…  1) code`), `git cherry -v`. The hash is followed by a space,
#: `|`, `,` or a tab (an xxd offset `000000a0:` is not a commit).
GIT_HASH_LED = compile_lazily(rf"^{_GIT_GRAPH}[\^+-]?{_GIT_HASH}[ |,\t]")
#: A line of graph drawing only (`|\  `, `| |/`), neutral in a `--graph` log.
GIT_GRAPH_ONLY = compile_lazily(r"^[*|\\/ _.-]+$")
#: A `--stat` row (` src/a.py | 12 +++---`, ` logo.png | Bin 2048 -> 2048 bytes`) and its summary.
GIT_STAT_ROW = compile_lazily(r"^ \S.*? +\| +(?:\d+(?: [+-]*)?|Bin(?: \d+ -> \d+ bytes)?)$")
GIT_STAT_SUMMARY = compile_lazily(r"^ \d+ files? changed(?:, \d+ insertions?\(\+\))?(?:, \d+ deletions?\(-\))?$")
#: `--name-status` (`M\tpath`, `R084\told\tnew`) and `--numstat` (`12\t3\tpath`, `-\t-\tbinary`).
GIT_NAME_STATUS = compile_lazily(r"^[ACDMRTUX]\d{0,3}\t\S")
GIT_NUMSTAT = compile_lazily(r"^(?:\d+|-)\t(?:\d+|-)\t\S")
#: `git status --short` / `--porcelain` (` M a.py`, `?? new/`, `UU both.py`, `## main...origin/main`)
#: and porcelain v2 (`1 .M N... 100644 …`, `u UU N...`, `? path`, `# branch.head main`).
GIT_STATUS_SHORT = compile_lazily(
    r"^(?:[MTADRCU?!][ MTADRCU?!] \S|[ MTADRCU?!][MTADRCU?!] \S|## \S|[12u] [.MTADRCU?!]{2} |[?!] \S|# branch\.)")
#: The first line of a long-format `git status`.
GIT_STATUS_LONG_START = compile_lazily(
    r"^(?:On branch \S|HEAD detached (?:at|from) \S|Not currently on any branch|"
    r"interactive rebase in progress|You are currently (?:rebasing|bisecting|cherry-picking|reverting))")

# ---------------------------------------------------------------- diff savings (diff, diff_repeats)

#: A `--word-diff` change inside a line: `[-old-]` or `{+new+}`.
WORD_DIFF_CHANGE = compile_lazily(r"\[-.*?-\]|\{\+.*?\+\}")
#: A git `index <old>..<new> [mode]` line: two blob names the agent never acts on, elided with a
#: counted note. (A combined diff's `index a,b..c` is left alone.)
GIT_INDEX_LINE = compile_lazily(r"^index [0-9a-f]{7,64}\.\.[0-9a-f]{7,64}(?: [0-7]{6})?\r?$")
#: A normal-format (`diff a b`, `diff -r`) hunk header: `10c10`, `5,7d4`, `12a13,15`.
NORMAL_DIFF_HUNK = compile_lazily(r"^\d+(?:,\d+)?[acd]\d+(?:,\d+)?\r?$")
#: The lines a `diff -r` report holds between its hunks: the file pair, one-sided files, binaries.
NORMAL_DIFF_FILE = compile_lazily(r"^(?:diff (?:-\S+ )*\S|Only in \S|Files \S.* differ\r?$|Binary files \S|Common subdirectories: )")
#: The first line of a `git merge`/`pull`/`rebase`/`cherry-pick` report (`Rebasing (1/2)` may
#: be redrawn by the next line after a bare CR): its CONFLICT lines and stat list stay whole.
GIT_MERGE_START = compile_lazily(
    r"^(?:Rebasing \(\d+/\d+\)\r?)?(?:Auto-merging \S|CONFLICT \(|Updating [0-9a-f]{7,64}\.\.[0-9a-f]{7,64}$"
    r"|Merge made by (?:the )?'|Already up to date\.$|Fast-forward$|Removing \S)")
#: The first line of a `git apply`/`git am`/GNU `patch` report: each file's verdict
#: (`Applying patch x with 6 rejects...`, `Rejected hunk #2.`, `Hunk #1 FAILED at 30.`) and the
#: file line above it are the answer, and some carry no error word.
GIT_APPLY_START = compile_lazily(
    r"^(?:Checking patch \S|error: patch failed: |error: while searching for:|error: \S.*: patch does not apply"
    r"|error: \S.*: does not exist in index|Applying: \S|(?:patching|checking) file \S|can't find file to patch at)")
#: A ref line of `git push`/`git fetch` under its `To <remote>`/`From <remote>` line:
#: ` ! [rejected]        main -> main (non-fast-forward)`, `   0f3b852..0d6af34  a -> up/a`,
#: ` * [new branch]      b -> up/b`, ` = [up to date]      c -> up/c`. Each names a ref and its fate.
GIT_REF_UPDATE = compile_lazily(
    r"^ [ +*=!t-] (?:\[[^\]]+\]|[0-9a-f]{7,64}\.{2,3}[0-9a-f]{7,64}|\S+) +\S+ +-> \S+")
#: A `git branch -v/-vv` row (`* main  90bd78a [origin/main: ahead 1] subject`) or its
#: `  remotes/origin/HEAD -> origin/main` alias row.
GIT_BRANCH_ROW = compile_lazily(r"^[*+ ] (?:\([^)]*\)|\S+) +(?:[0-9a-f]{7,64} |-> \S+$)")
#: A `git diff --check` finding (`src/a.py:10: trailing whitespace.`), each followed by the
#: offending `+` line: the locations are the answer, and none carries an error word.
GIT_CHECK_FINDING = compile_lazily(
    r"^\S.*?:\d+: (?:trailing whitespace|space before tab in indent|indent with spaces|tab in indent"
    r"|new blank line at EOF|leftover conflict marker)\.\r?$")

# ---------------------------------------------------------------- handles, markers, small parsers
#: A recovery handle as the store names it: `ccr_` and the first 32 hex digits of the sha256.
CCR_HANDLE = compile_lazily(r"ccr_[0-9a-f]{32}")
#: A `ccr://<objectID>` form's id: what an agent may copy of a reference's object id.
CCR_OBJECT_ID = compile_lazily(r"[A-Za-z0-9][A-Za-z0-9._:\-]{0,127}")
#: A handle inside longer text an agent pasted (a marker, a footer), not part of a longer word.
CCR_HANDLE_EMBEDDED = compile_lazily(r"(?<![0-9A-Za-z_])ccr_[0-9a-fA-F]{32}(?![0-9A-Za-z_])")
#: One accessibility snapshot node: `- role "name" [attr] [attr]: text`, or a property `- /url: …`.
A11Y_NODE = compile_lazily(
    r'^(?P<indent> *)- (?P<role>/?[A-Za-z][\w-]*)(?: "(?P<name>(?:[^"\\]|\\.)*)")?'
    r"(?P<attrs>(?: \[[^\]]*\])*)(?P<colon>:)?(?: (?P<text>.*))?$"
)
#: A node's `[ref=…]` attribute: a browser handle that differs on every node, never content.
A11Y_REF = compile_lazily(r" \[ref=[^\]]*\]")
#: Runs of blank lines in a diff hunk's change key: context gaps of any length between two groups.
DIFF_KEY_GAPS = compile_lazily(r"\n{3,}")
#: A number as a marker's range may order it (`-3`, `2.5`, `1e-9`).
INVARIANT_NUMBER = compile_lazily(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
#: An identifier: a prefix (not ending in a digit) and a digit run that ends the value.
INVARIANT_IDENTIFIER = compile_lazily(r"(.*?)(\d+)")
#: A quantity with its unit (`308ms`, `1.5s`, `99%`): ordered by number when all share the unit.
INVARIANT_QUANTITY = compile_lazily(r"(-?\d+(?:\.\d+)?)([A-Za-z%]{1,8})")
#: What a value quoted in a marker may not hold: controls and spaces (it would not read as one
#: value) and our own marker words (a marker quoting a marker would read as an elision).
INVARIANT_UNPRINTABLE = compile_lazily(r"[\x00-\x20\x7f\u0085\u00a0\u2028\u2029]|caveman|…")
#: The field names a marker summary states (`status=ok`, `region: ...`, `range amount=...`).
MARKER_FIELD_NAME = compile_lazily(r"[\w.\-]+(?==|:)")
#: A run of digits: query plans compare node lines with their numbers (costs, rows) masked.
DIGIT_RUN = compile_lazily(r"\d+")
#: The end of a first sentence: a stop, then space and a capital (or the end), not after
#: a one-letter abbreviation such as `e.g.`.
SENTENCE_END = compile_lazily(r"(?<!\b[a-zA-Z])(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s+[A-Z(\"'`]|\s*$)")

# ---------------------------------------------------------------- toolout's block bounds and finding parts
#: Where a failure block may open (toolout_scan.BLOCK_STARTS, with the TOOL_* starts above):
#: tsc's per-file error table, node --test's closing recap, a TAP `ok` line (its YAML below it),
#: cargo's `failures:` list, rspec's `Failures:` (through `Finished in`), gradle's `* What went
#: wrong:` (through `* Try:`), vitest's failed test (through the next ⎯⎯⎯ rule).
TOOL_TSC_ERRORS_FILES = compile_lazily(r"^Errors\s+Files$")
TOOL_NODE_FAILING_TESTS = compile_lazily(r"^\s*✖ failing tests:")
TOOL_TAP_OK = compile_lazily(r"^(\s*)ok \d+ ")
#: A TAP result's directive (`ok 5 name # skip reason`, `# TODO`; bats writes it in lower case):
#: the test did not pass, so its line is the odd result an agent reads, not a passing test.
TOOL_TAP_DIRECTIVE = compile_lazily(r" # (?i:skip|todo)\b")
TOOL_CARGO_FAILURES = compile_lazily(r"^failures:$")
TOOL_RSPEC_FAILURES = compile_lazily(r"^Failures:$")
TOOL_GRADLE_WRONG = compile_lazily(r"^\* What went wrong:$")
#: Browser mode and projects put the instance's or project's badge between `FAIL` and the path
#: (` FAIL   chromium  src/cart.test.js > cart > total`, ` FAIL  |unit| src/a.test.ts > x`).
TOOL_VITEST_FAIL = compile_lazily(r"^\s*FAIL\s+(?:\|[^|\s]+\|\s+|[\w-]+\s+)?\S+\.\w+ > ")
#: vitest's console block head: `stdout | vt/a.test.js > suite > test` (`stderr | …`), the
#: test's output on the lines under it, to a blank line; the test named as its FAIL line names it.
JS_VITEST_CONSOLE_HEAD = compile_lazily(r"^(?:stdout|stderr) \| (\S+\.\w+ > .*)$")
JS_VITEST_FAIL_TEST = compile_lazily(r"^\s*FAIL\s+(?:\|[^|\s]+\|\s+|[\w-]+\s+)?(\S+\.\w+ > .*)$")
#: Where those blocks end: unittest's rule or `Ran N tests`, a row of tsc's error table (the
#: block runs while they last), a Go panic's package verdict, cargo's next failure or result,
#: rspec's and gradle's closing lines.
TOOL_UNITTEST_BLOCK_END = compile_lazily(r"^(={20,}|Ran \d+ tests? in )")
TOOL_TSC_ERRORS_FILES_ROW = compile_lazily(r"^\s+\d+\s+\S")
TOOL_GO_PANIC_END = compile_lazily(r"^(FAIL|ok|exit status)\b")
TOOL_CARGO_FAILURE_END = compile_lazily(r"^(---- |failures:$|test result: )")
TOOL_RSPEC_GRADLE_END = compile_lazily(r"^(Finished in |\* Try:|BUILD FAILED)")
#: A Python traceback going on after a blank line: a chained exception, or the next traceback.
TOOL_TB_CONTINUES = compile_lazily(r"^(During handling of the above exception|The above exception was|Traceback )")
#: The line Node prints last when an uncaught exception or unhandled rejection ends the process
#: (v18+): searched in a payload's last bytes only.
NODE_CRASH_END = compile_lazily(r"(?:^|\n)Node\.js v\d+\.\d+\.\d+\s*$")
#: Node's crash location, `file.js:12` alone on its line, above the source line and its caret.
TOOL_NODE_CRASH_LOC = compile_lazily(r"^\S+:\d+$")
#: A row of a code excerpt under an error (`  8 |     expect(x).type.toBe<string>()`, `    |   ~~~~`).
CODE_FRAME_ROW = compile_lazily(r"^\s*\d*\s\|( |$)")
#: TSTyche's location line closing an error: `at ./typ2/a.tst.ts:8:46 ❭ bump ❭ returns …`.
TSTYCHE_AT = compile_lazily(r"^\s+at \S+:\d+:\d+( ❭ |$)")
#: deno test's result row of a test or step: `name ... ok (3ms)`, `... FAILED (1ms)`, `... ignored (0ms)`.
DENO_RESULT_ROW = compile_lazily(r"^\s*\S.* \.\.\. (ok|FAILED|ignored)( \(due to \d+ failed steps?\))? \(\d+m?s\)$")
#: A stack frame's location wrapped onto a line of its own (node-tap's reporter wraps at the
#: terminal's width: `    at readConfig` / `(/path/configuration.ts:142:25)`).
TOOL_WRAPPED_FRAME_LOC = compile_lazily(r"^\((?:file://)?\S+:\d+:\d+\)$")
#: After a blank line, these continue the current finding (tsc's excerpt, shellcheck's fix).
TOOL_FINDING_CONTINUES = compile_lazily(r"^\s|^Did you mean:|^\d+\s+\S")
#: flake8's and pycodestyle's `--statistics` rows (`26      E501 line too long (82 > 79 characters)`):
#: the run's count per rule, printed after the last finding; no excerpt line under it (which
#: TOOL_FINDING_CONTINUES's bare `12  code` gutter would take it for).
LINT_STATISTICS_ROW = compile_lazily(r"^\d+ +[A-Z]+\d+ \S")
#: A line that is only a caret under a column (`            ^`): flake8's and pycodestyle's
#: --show-source point at the finding's column in the source line above.
TOOL_CARET_ONLY = compile_lazily(r"^[ \t]*\^$")
#: A caret or underline line (`   ^~~~`): the line above it is excerpt.
TOOL_CARET_LINE = compile_lazily(r"^\s*[\^~]")
#: help / note lines under a rustc or ruff headline: part of the message, not the excerpt.
TOOL_MESSAGE_LINE = compile_lazily(r"^\s*(= )?(help|note|hint|warning|error|info)\b")
#: A finding's rule named last in brackets (`… [-Wunused-variable]`, `… [SC2086]`, sphinx's
#: dotted `… [ref.class]`), or javac's lint named first (`warning: [rawtypes] found raw type: List`).
TOOL_TRAILING_RULE = compile_lazily(r"\[([-\w]+(?:\.[-\w]+)*)\]\s*$")
TOOL_LEADING_LINT = compile_lazily(r"\[([a-z][-\w]*)\] ")
#: pylint's own message ids (one letter, four digits); ruff's codes in its pylint format are not.
TOOL_PYLINT_CODE = compile_lazily(r"[A-Z]\d{4}$")

# ---------------------------------------------------------------- per-line prefixes (CI logs, task runners)
# (owner: helper `prefixed`; used by engine/line_prefix.py only, after its cheap first-bytes test)

#: A CI log's per-line prefix: `gh run view --log`'s `JOB<TAB>STEP<TAB>` (optional) and an
#: RFC 3339 timestamp with a `T` and fractional seconds (GitHub Actions, `docker logs -t`,
#: `kubectl logs --timestamps`, `ts '%Y-%m-%dT%H:%M:%.SZ'`), then one space (none on an empty
#: line). App log timestamps rarely have both the `T` and a fraction; those that do stay logs
#: because line_prefix strips only when the body is not a log. Jenkins' Timestamper writes the
#: timestamp in brackets (`[2026-01-12T19:00:14.975Z] `). A GitLab trace with timestamps
#: (FF_TIMESTAMPS) puts its stream token after the timestamp: `00O ` (stdout), `01E ` (stderr),
#: `00O+` (a line continued); left in the body, it made a job's whole trace read as code.
LINE_PREFIX_CI = compile_lazily(
    rb"(?:[^\t\n]{1,200}\t[^\t\n]{1,200}\t)?(?:\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[.,]\d{1,9}(?:Z|[+-]\d\d:?\d\d)"
    rb"(?: [0-9a-f]{2}[OE](?=[ +]|\r?$)\+?)?|\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[.,]\d{1,9}(?:Z|[+-]\d\d:?\d\d)\])(?: |(?=\r?$))")
#: A task runner's stream prefix: pnpm `packages/a test: `, turbo `pkg:test: `, lerna
#: `@scope/pkg: `. Group 1 is the stream's name; a name qualifies only when few names repeat
#: on most lines (line_prefix counts them), so `key: value` text never does.
LINE_PREFIX_RUNNER = compile_lazily(rb"(@?[\w.-]+(?:/[\w.-]+)*(?::[\w.-]+)*(?: [\w:.-]+)?):(?: |(?=\r?$))")
#: Level words that a log or a compiler prints before `: ` on many lines: never a stream name.
LINE_PREFIX_LEVEL_NAME = compile_lazily(
    rb"(?i)(error|warning|warn|info|debug|note|notice|fatal|trace|hint|help|critical|severe|caused by|"
    rb"e|w|i|d|f|v|exception|fail|failed|ok|pass|passed|error\[\w+\]|npm (?:err!|error|warn))")
#: The compressors' elision marker with its count (`… 12 lines elided (caveman): …`): the view
#: goes on that many body lines later, which lets a short line there be traced to its prefix.
LINE_PREFIX_ELIDED_COUNT = compile_lazily(rb"\s*\xe2\x80\xa6 (\d+) lines? elided")
#: A line inside a GitHub Actions `##[group]` that makes the group more than setup chatter.
LINE_PREFIX_GROUP_ALERT = compile_lazily(rb"(?i)error|fail|warn|exception|traceback|fatal|panic|denied|##\[")

# ---- Bundlers' per-module warning floods (toolout_bundler) --------------------------------------
#: Rollup's (and so Vite's) warning about one module: `node_modules/x/index.mjs (1:0): Module level
#: directives cause errors when bundled, "use client" in "..." was ignored.` A library of 40
#: components prints it 40 times, once per file: one kind, counted, is what the agent needs.
#: Asked only of lines holding `): ` (a C-level find first).
BUNDLER_MODULE_WARN = compile_lazily(r"^(?P<path>[^\s()]+) \((?P<line>\d+):(?P<col>\d+)\): (?P<msg>\S.*)$")
#: Rollup's `Generated an empty chunk: "name".`, one line per empty manual chunk.
BUNDLER_EMPTY_CHUNK = compile_lazily(r'^Generated an empty chunk: "[^"]*"\.$')
#: Vite's asset table row: `dist/assets/index-DGKQ.js  335.92 kB │ gzip: 111.46 kB` (an image has
#: no gzip column). Asked only of lines holding ` kB` or ` MB`.
VITE_ASSET_ROW = compile_lazily(r"^\S+\s+[\d.,]+ (?:kB|MB)(?: │ (?:gzip|map|brotli): .*)?$")
#: Vite's progress: its phases and the transformed-modules count (`✓ 410 modules transformed.`,
#: which the passing-test rule would read as a passing test).
VITE_PROGRESS = compile_lazily(r"^(?:transforming\.\.\.|transforming \(\d+\) .*|rendering chunks\.\.\.|computing gzip size\.\.\.|✓ \d+ modules transformed\.)$")
#: Vite's warning from a plugin: `[plugin:vite:resolve] [plugin vite:resolve] Module "fs" has been
#: externalized for browser compatibility, imported by "...".` (its logger's warn prefix; yellow
#: under a pty). Asked only of lines starting `[plugin:`.
VITE_PLUGIN_WARN = compile_lazily(r"^\[plugin:(?P<plugin>[^\]\s]+)\] (?P<msg>\S.*)$")
#: esbuild's message box head: `✘ [ERROR] Could not resolve "x"`, `▲ [WARNING] ... [rule]`. The box
#: (location, code frame, underline, notes, each related location) is its indented lines.
ESBUILD_BOX_HEAD = compile_lazily(r"^(?:✘ \[ERROR\]|▲ \[WARNING\]) \S")
#: npm's usage text after a usage error (`npm ci` out of sync, a bad flag): its `Options:` list
#: through `aliases:`, each line under npm's prefix. The error's own lines come before `Usage:`.
NPM_USAGE_OPTIONS = compile_lazily(r"^npm (?:error|ERR!) Options:$")
NPM_USAGE_END = compile_lazily(r'^npm (?:error|ERR!) (?:aliases: |Run "npm help )')
#: node-gyp's own log lines (under npm's prefix when npm reports the failed install script):
#: `gyp info spawn args [ ... ]`, `gyp verb check python ...` are its progress; `gyp ERR!` stays.
NPM_GYP_CHATTER = compile_lazily(r"^(?:npm (?:error|ERR!) )?gyp (?:verb|info) ")

# ---- Terraform plan / apply / destroy transcripts (terraform_report) --------------------------
#: A line only Terraform's plan, apply or destroy prints (its preamble, the plan's summary or the
#: run's result): with `Terraform` in the text, one of these at a line start makes it a report.
TF_REPORT_SIGN = compile_lazily(
    r"(?m)^(?:Terraform (?:will perform the following actions|used the selected providers"
    r"|planned the following actions)|Plan: \d+ to add, \d+ to change, \d+ to destroy\."
    r"|(?:Apply|Destroy) complete! Resources: )")
#: A resource's progress line during refresh/apply/destroy (`ADDR: Creating...`, `ADDR: Still
#: creating... [10s elapsed]`, `ADDR: Refreshing state... [id=…]`): chatter, the resource's
#: completion or error line says how it ended. Asked only of lines holding `...`.
TF_PROGRESS = compile_lazily(
    r"(\S.*?): (Creating|Modifying|Destroying|Reading|Refreshing state|Provisioning with '[\w-]+'"
    r"|Still (?:creating|modifying|destroying|reading))\.\.\.(?: \[[^\]]*\])?$")
#: A resource's completion line (`ADDR: Creation complete after 0s [id=…]`): kept, it says
#: which resources the run finished. Ends an apply stream's stretch together with progress lines.
TF_COMPLETE = compile_lazily(
    r"\S.*?: (?:Creation|Modifications|Destruction|Read) complete after \S+(?: \[[^\]]*\])?$")
#: A provisioner's output line in the apply stream (`ADDR (local-exec): Executing: […]`).
TF_PROVISIONER_OUTPUT = compile_lazily(r"\S+ \([\w-]+\): ")
#: A plan block's header: `  # ADDR will be created` (the address the agent enumerates).
TF_BLOCK_HEADER = compile_lazily(r"\s*# (\S.*?) (?:will be|must be|is tainted|has moved|\(\w)")
#: The resource line that opens a plan block: `  + resource "T" "N" {`, `-/+ data "T" "N" {`.
TF_RESOURCE_LINE = compile_lazily(r"(\s*)([-+~<=/]+) ((?:resource|data) \"[^\"]+\" \"[^\"]+\") \{$")

# ---- Ansible playbook runs (ansible_report) -----------------------------------------------------
#: A task's result line: `ok: [host]`, `changed: [host] => (item=x)`, `skipping: [host] => …`.
#: Only these statuses are routine; `failed:`/`fatal:`/`unreachable:` never match. Asked only of
#: lines holding `: [`.
ANSIBLE_ROUTINE_RESULT = compile_lazily(r"(ok|changed|skipping): \[([^\]]+)\](?: => \((item=.*?)\))?(?: => (\{$)?.*)?$")
#: A banner's padding: `TASK [name] ******…` (the stars carry nothing).
ANSIBLE_BANNER = compile_lazily(r"((?:PLAY|TASK|RUNNING HANDLER|PLAY RECAP)\b.*?) \*{3,}$")
#: What a `-v` result says in words: its `msg` and `stdout` (a loop's odd result differs there).
ANSIBLE_RESULT_TEXT = compile_lazily(r'"(msg|stdout)": "((?:[^"\\]|\\.)*)"')


# --- pytest-xdist rows and --collect-only listings (engine/compressors/toolout_pyvariants.py) ---
#: xdist -v result row: `[gw2] [ 41%] PASSED tests/t.py::test_a` (read only on lines starting `[gw`).
#: (pyquality) A subtest's row names its parameters before the id: `[gw0] [  3%] SUBPASSED(n='6')
#: tests/t.py::T::test_a`, `SUBPASSED[00] (case=...) tests/...`; a test with thousands of them
#: (pytest 9 `subtests`) printed them as unlabelled lines, kept by the dozen as look-alikes.
PYV_XDIST_RESULT = compile_lazily(
    r"^\[gw\d+\] \[\s*\d+%\] (?:(?P<status>PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)"
    r"|SUB(?P<sub>PASSED|FAILED|SKIPPED)(?:\[\d+\])? ?\(.*\)) (?P<id>\S+::\S.*?)\s*$")
#: A bare pytest node id on its own line (collect-only -q rows, xdist announcements).
#: A frame of chromedriver's `Stacktrace:` (in every Selenium WebDriverException message): a
#: release build has no symbols, so each frame is a number, an address and `<unknown>`; pytest
#: prefixes the exception's lines with `E   `.
NATIVE_UNKNOWN_FRAME = compile_lazily(r"^(?:E\s+)?#\d+ 0x[0-9a-f]+ <unknown>$")
#: pytest's location line under a long-format frame of an installed package
#: (`../venv/lib/python3.11/site-packages/selenium/webdriver/remote/errorhandler.py:232:
#: NoSuchElementException`, or `...: in execute` for a frame the exception passed through).
PYV_PACKAGE_LOCATION = compile_lazily(r"^(\S*-packages/\S+\.py:\d+): (?:in \S+|[\w.]+)$")
PYV_NODE_ID = compile_lazily(r"^\S+\.py::\S.*?\s*$")
#: A collect-only tree row: `<Module t.py>`, `<Function test_a[1-2]>`, `<Dir x>`.
PYV_COLLECT_TREE_ROW = compile_lazily(r"^<[A-Z]\w* .*>$")
#: collect-only -q's closing line: `62 tests collected in 1.23s` (`1 test collected`, `no tests collected`).
#: `40/65 tests collected (25 deselected), 1 error in 0.77s` when -k or a collection error is in play.
PYV_COLLECT_DONE = compile_lazily(
    r"^(?:\d+/)?(?:\d+|no) tests? collected(?: \(\d+ deselected\))?(?:, \d+ errors?)? in [\d.]+s\b")
#: The heading of a table an option asked for: `=== slowest 10 durations ===` (`slowest durations`),
#: pytest-cov's `___ coverage: platform linux, python 3.11 ___` (older: `--- coverage: … ---`).
PYV_ASKED_TABLE = compile_lazily(r"^=+ slowest (\d+ )?durations =+$|^[-_=]+ coverage: platform \S")


# ---- HTTP client transcripts: curl's progress meter, response heads, wget records (http_transcript, wget_report) ----
#: One record of curl's progress meter (`100 42325  100 42325    0     0  14.2M      0 --:--:-- …`):
#: twelve columns, three of them times. curl redraws it with `\r` on stderr; merged with stdout
#: (2>&1 in a pipe) a redraw lands inside the body, even mid-line of a JSON document. Asked only
#: of payloads whose head holds the meter's title (`% Total    % Received`).
CURL_METER_RECORD = compile_lazily(
    rb"\r?[ \t]*\d{1,3} +[\d.]+[kMGTP]? +\d{1,3} +[\d.]+[kMGTP]? +\d{1,3} +[\d.]+[kMGTP]? +[\d.]+[kMGTP]? +[\d.]+[kMGTP]?"
    rb" +(?:--:--:--|[\d:]{7,8}|\d+d \d\dh) +(?:--:--:--|[\d:]{7,8}|\d+d \d\dh) +(?:--:--:--|[\d:]{7,8}|\d+d \d\dh) +[\d.]+[kMGTP]?(?![\d.])"
)
#: An HTTP response's status line, bare (`curl -i`, httpie) or as curl -v prints it (`< HTTP/1.1 500 …`).
HTTP_STATUS_LINE = compile_lazily(r"^(?:< )?HTTP/\d(?:\.\d)? \d{3}\b")
#: A response header line (`Content-Type: text/html`), bare or curl -v's `< ` form.
HTTP_HEADER_LINE = compile_lazily(r"^(?:< )?[A-Za-z0-9!#$%&'*+.^_`|~-]+:(?: |$)")
#: curl -v's own lines around the exchange: `* Trying …`, `> GET / HTTP/1.1`, `< `, `{ [136 bytes data]`.
CURL_VERBOSE_LINE = compile_lazily(r"^(?:[*<>](?: |$)|[{}] \[\d+ bytes data\]$)")
#: wget's record head: `--2026-11-30 19:09:17--  http://host/path` (one a request; group 1 the URL).
WGET_RECORD_HEAD = compile_lazily(r"^--\d{4}-\d\d-\d\d \d\d:\d\d:\d\d--  (\S+)")
#: The status a request got: `HTTP request sent, awaiting response... 200 OK` (group 1).
WGET_STATUS = compile_lazily(r"^HTTP request sent, awaiting response\.\.\. (\d{3}\b.*)$")
#: Every line a request that went well prints in verbose mode (wget's own wording, 1.21): a
#: record holding any other line (an ERROR, `failed:`, `broken link!!!`, `Giving up`) is not
#: routine and stays whole. The dot-progress rows (`     0K .......... 100% 33.8M=0s`) too.
WGET_ROUTINE_LINE = compile_lazily(
    r"^(?:$|--\d{4}-\d\d-\d\d \d\d:\d\d:\d\d--  \S|Connecting to \S.*\.\.\. connected\.$|Reusing existing connection to \S+\.$"
    r"|Resolving \S.*\.\.\. [\d.:a-f, ]+$|HTTP request sent, awaiting response\.\.\. [23]\d\d\b|Length: |Saving to: "
    r"|Location: \S+ \[following\]$|Spider mode enabled\. Check if remote file exists\.$"
    r"|Remote file exists and could contain links to other resources -- retrieving\.$|Remote file exists\.$"
    r"|Removing \S.*\.$|Loading robots\.txt; please ignore errors\.$|Last-modified header missing"
    r"|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \([\d.]+ [KMG]?B/s\) - .* saved \[\d+(?:/\d+)?\]$"
    r"|File .* not modified on server\. Omitting download\.$|Server file no newer than local file .*$"
    r"| *\d+[KMG] [. ]*(?:\d+%)? *[\d.]+[KMG]?(?:[ =][\d.]+m?s)?$)"
)
#: nginx's error-log record head after the time: `4189#4189: *4 ` (pid#tid, then the connection
#: number, new on every request). log.py masks it when it compares error lines for repeats, as it
#: masks a pid: the same upstream failure on 500 connections is one error. Asked only of keys
#: holding `: *`.
NGINX_CONNECTION = compile_lazily(r"\b\d+#\d+: \*\d+ ")
#: Apache 2.4's error log names the process and thread that wrote a record (`[pid 27342:tid 27351]`)
#: and the client with its ephemeral port (`[client 127.0.0.1:35762]`, `[remote ...]` behind a
#: proxy; group 1 all but the port): new on every request, like a pid.
APACHE_PID_TID = compile_lazily(r"\[pid \d+(?::tid \d+)?\]")
APACHE_CLIENT_PORT = compile_lazily(r"(\[(?:client|remote) [^\]\s]+):\d+\]")
#: MySQL's and MariaDB's error log, its time stamp masked (`# 3 [Warning] Access denied ...`): the
#: number before the level is the connection's thread id, new for every client, like a pid.
MYSQL_THREAD_ID = compile_lazily(r"^# \d+ \[(?=(?:Note|Warning|ERROR|System)\])")
#: wget -nv's line for a saved file: `2026-11-30 19:16:22 URL:http://h/p2.html [137/137] -> "dir/p2.html" [1]`
#: (group 1 the URL). Its failures are two lines, `http://h/x.html:` then `… ERROR 404: Not Found.`.
WGET_NV_SAVED = compile_lazily(r'^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d URL: ?(\S+) \[[\d/]+\] -> ".*" \[\d+\]$')
#: A row of a hex dump in `openssl x509 -text` / `openssl req -text` (a key's modulus, a
#: signature): colon-separated bytes and nothing else. cert_dump folds runs of them.
HEX_BYTES_ROW = compile_lazily(r"^\s+(?:[0-9a-f]{2}:)+[0-9a-f]{2}:?$")
#: A PEM armour line: `-----BEGIN CERTIFICATE-----` / `-----END RSA PRIVATE KEY-----` (group 2 the label).
PEM_ARMOUR = compile_lazily(r"^-----(BEGIN|END) ([A-Z0-9 ]+)-----$")
#: A row of openssl's offset hex dump (`    0000 - 67 70 b1 3c 84 ab 4e 41-40 ba 13 72 ff d6 0d 6d   gp.<..NA@`):
#: a session ticket in `s_client`'s SSL-Session block.
HEX_DUMP_ROW = compile_lazily(r"^\s+[0-9a-f]{4} - [0-9a-f]{2}(?:[ -][0-9a-f]{2}){0,15}(?:\s|$)")
#: The status right after an access line's quoted request (`"GET /a HTTP/1.1" 404 153`): the
#: combined, werkzeug, gunicorn and uvicorn forms. access_counts counts them over an elided run.
ACCESS_QUOTED_STATUS = compile_lazily(r' HTTP/1\.\d" (\d{3})(?=[ \n]|$)')
#: haproxy's `option httplog` line puts the status before its quoted request, after the frontend,
#: `backend/server` and the five timers: `127.0.0.1:33146 [01/Dec/2026:20:40:32.990] fe_web
#: be_app/<NOSRV> 0/-1/-1/-1/0 503 217 - - SC-- 1/1/0/0/0 0/0 "GET /page/1 HTTP/1.1"`.
HAPROXY_HTTP_STATUS = compile_lazily(r'\] \S+ \S+/\S+ -?\d+/-?\d+/-?\d+/-?\d+/\+?\d+ (\d{3}) ')
#: uvicorn's access line names the client with its ephemeral port (`INFO:     127.0.0.1:40634 - "GET …`):
#: log.py masks the port when it compares error lines for repeats (1500 `404 Not Found` from one
#: client are one error), as it masks sshd's `port N`. Asked only of keys holding ` - "`.
ACCESS_CLIENT_PORT = compile_lazily(r'(\b\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:.]+\]):\d+( - ")')

# ---- TeX and LaTeX transcripts: pdflatex/lualatex/xelatex, latexmk, the .log (tex_report) ------
#: The engine's banner at a line start (latexmk prints its own lines first). With a TeX-only
#: line beside it (tex_report.is_report), the payload is a TeX run's transcript or its .log.
TEX_BANNER = compile_lazily(
    r"(?m)^This is (?:pdf|Xe|LuaHB|Lua|e-|e?u?p|)TeX, Version \d")
#: What TeX prints about files and pages, as tokens of a line: a file opened (`(./a.tex`,
#: `(/usr/…/hyperref.sty`: a path with an extension, no spaces), a file closed `)`, a page
#: shipped (`[12`, `]`), a map or encoding file read (`{/var/…/pdftex.map}`), a font or image
#: embedded (`</usr/…/cmr10.pfb>`, `<./fig.png>`), mpfont's `[Loading MPS …]`, the error hint
#: before the font list. A line that is nothing but these is chatter. Each embedded path holds a
#: `/` or `.`, so an error's `<*>`, `<read *>` or `<template>` context is never one.
TEX_FILE_TOKENS = compile_lazily(
    r"\([^\s()]*\.[\w-]+(?=[\s()\[\]<{]|$)|\)|\[\d+|\]|\{[^{}\s]*[./][^{}\s]*\}|<[^<>\s]*[./][^<>\s]*>"
    r"|\[Loading MPS to PDF converter \(version [\d.]+\)\.\]|\(see the transcript file for additional information\)")
#: A file-open token (tells a file-loading line from a page/font-output one).
TEX_FILE_OPEN = compile_lazily(r"\([^\s()]*\.[\w-]+")
#: Whole lines of start-up and package chatter on the terminal and in the .log: the format's
#: and packages' banners, geometry's driver lines, the .log's register allocations
#: (`\c@section=\count187`), `Package:`/`File:` version lines, `\openout`, font-encoding notes.
TEX_CHATTER_LINE = compile_lazily(
    r" ?restricted (?:\\write18|system commands) enabled\.$| ?\\write18 enabled\.$| %&-line parsing enabled\.$"
    r"|entering extended mode$|LaTeX2e <|L3 programming layer <|Document Class: |Babel <|\*geometry\* "
    r"|For additional information on amsmath, use the `\?' option\.$|(?:Package|File|Dictionary|Lua module): \S"
    r"|\\[A-Za-z@_:]+=\\(?:count|dimen|skip|muskip|box|toks|write|read|insert|language|mathgroup|marks)\d+$"
    r"|\\openout\d+ = |Now handling font encoding \S+ \.\.\.$|\.\.\. no UTF-8 mapping file for font encoding "
    r"|\.\.\. processing UTF-8 mapping file for font encoding |\*\*\S")
#: An informational message (`Package hyperref Info: …`, `LaTeX Font Info: …`): the .log's
#: detail, never a warning.
TEX_INFO = compile_lazily(r"(?:LaTeX(?: Font)?|Package [\w.-]+|Class [\w.-]+|Module [\w.-]+) Info: ")
#: A warning's first line (its `(pkg)` continuation lines follow).
TEX_WARNING = compile_lazily(r"(?:LaTeX(?: Font)?|Package [\w.-]+|Class [\w.-]+|Module [\w.-]+) Warning: |pdfTeX warning")
#: A message's continuation line: `(hyperref)    text`, `(Font)   using …`.
TEX_CONTINUATION = compile_lazily(r"\([\w.-]+\)\s")
#: An over/underfull box's header; the box's typeset text follows up to a blank line.
TEX_BOX = compile_lazily(r"(?:Over|Under)full \\[hv]box \(")
#: An error's first line: `! Undefined control sequence.` or, with -file-line-error,
#: `./paper.tex:42: Undefined control sequence.`; its context ends at the `l.42 …` line.
TEX_ERROR = compile_lazily(r"! |[^\s:]+\.\w+:\d+: ")
TEX_ERROR_LINE = compile_lazily(r"l\.\d+ ")
#: latexmk's heading over the files that made it rerun a rule (`Changed files or newly in
#: use/created:`, `Category 'changed_user':`, `   Changed files, or newly in use since previous
#: run(s):`), and one file of that list (`  /usr/…/hyperref.sty`, `      'paper.aux'`).
TEX_LATEXMK_LIST_HEAD = compile_lazily(
    r"\s*(?:Changed files|Category '\w+':$|Non-existent destination files:$|Changed files, or newly in use)")
TEX_LATEXMK_LIST_ITEM = compile_lazily(r"  +'?[^\s']+'?$")
#: A `.tex` file opened from outside the TeX distribution (`(./chapters/intro.tex`,
#: `(/home/u/paper/main.tex`): the file the next warnings' `lines 2--5` count in, so its line stays.
TEX_PROJECT_SOURCE = compile_lazily(r"\((?![^\s()]*(?:texmf|/texlive/))[^\s()]*\.tex(?=[\s()\[\]<{]|$)")
#: METAFONT's result file (`Output written on ecrm1000.600gf (256 characters, …)`): its line,
#: not TeX's `Output written on paper.pdf`.
TEX_MF_GF = compile_lazily(r"^Output written on \S+\.\d+gf\b")

# --- minitest, PHPUnit, RuboCop runs (engine/compressors/toolout_rubyphp.py) ---
#: minitest's closing counts: `1200 runs, 1199 assertions, 3 failures, 1 errors, 0 skips` (what
#: tells a minitest run: no other runner counts `runs` and `assertions` this way).
MINITEST_SUMMARY = compile_lazily(r"(?m)^\d+ runs, \d+ assertions, \d+ failures, \d+ errors, \d+ skips$")
#: The head of one minitest result block: `  2) Failure:`, `  4) Error:`, `  1) Skipped:`.
MINITEST_BLOCK = compile_lazily(r"^ +\d+\) (Failure|Error|Skipped):$")
#: minitest -v's row per test: `CartTest#test_add = 0.00 s = .` (`F`, `E`, `S` for the others).
MINITEST_VERBOSE_ROW = compile_lazily(r"^\S+#\S+ = \d+\.\d+ s = [.FES]$")
#: PHPUnit's banner: the line that tells a PHPUnit run from any other.
PHPUNIT_HEADER = compile_lazily(r"(?m)^PHPUnit \d+\.\d+\S* by Sebastian Bergmann and contributors\.$")
#: The head of a PHPUnit result section: `There were 3 failures:`, `There was 1 risky test:`,
#: (PHPUnit 10) `There was 1 PHPUnit test runner deprecation:`. The section runs to `--` or the status.
PHPUNIT_SECTION = compile_lazily(r"^There (was|were) \d+ [\w ]+:$")
#: PHPUnit's closing status and counts: `ERRORS!`, `FAILURES!`, `OK (13 tests, 13 assertions)`,
#: `OK, but incomplete, skipped, or risky tests!`, `Tests: 22, Assertions: 16, Errors: 4, ...`.
PHPUNIT_STATUS = compile_lazily(
    r"^(ERRORS!|FAILURES!|WARNINGS!|OK, but .*|OK \(\d+ tests?, \d+ assertions?\)|No tests executed!"
    r"|Tests: \d+, Assertions: \d+.*)$")
#: A progress row: one mark per test, then `  61 / 2000 (  3%)`.
PHPUNIT_PROGRESS_ROW = compile_lazily(r"^[.EFSIRWDN]+ +\d+ / \d+ \( *\d+%\)$")
#: `phpunit --debug`'s rows: `Test 'CartTest::testAdd' started` / `ended` (the outcome is elsewhere).
PHPUNIT_DEBUG_ROW = compile_lazily(r"^Test '.+' (started|ended)$")
#: RuboCop's closing line: `10 files inspected, 85 offenses detected, 61 offenses corrected`,
#: `1 file inspected, no offenses detected`.
RUBOCOP_SUMMARY = compile_lazily(r"(?m)^\d+ files? inspected, (no offenses|\d+ offenses?) detected")
#: A RuboCop finding's headline: `lib/a.rb:19:7: C: [Correctable] Layout/EmptyLineAfterGuardClause: msg`
#: (severity letter: Convention, Refactor, Warning, Error, Fatal; the bracket says what -a did; on a
#: terminal RuboCop prints no cop name).
RUBOCOP_FINDING = compile_lazily(
    r"^[^\s:][^:]*+:\d+:\d+: (?P<sev>[CRWEF]): (?:\[(?P<status>Correctable|Corrected|Todo)\] )?(?:(?P<cop>[A-Z]\w*/\w+): )?")
#: PHP's log copy of a diagnostic (`PHP Warning:  Undefined array key "x" in f.php on line 6`):
#: with display_errors and log_errors both on (the php docker images, `-d display_errors=stderr`)
#: each message is printed twice, the displayed copy as `Warning: …`. log's fold_repeats reads the
#: two as one message (used only on lines starting `PHP `).
PHP_LOGGED_PREFIX = compile_lazily(r"^PHP (Warning|Notice|Deprecated|Fatal error|Parse error|Recoverable fatal error):  ")
#: A PHP diagnostic as logged (`PHP Warning:  `, two spaces) or displayed (`Warning: `), perhaps
#: behind the built-in server's `[Mon Nov 30 19:22:25 2026] ` stamp (toolout_rubyphp.php_diagnostics).
PHP_DIAGNOSTIC = compile_lazily(
    r"^(?:\[[^\]]{10,40}\] )?(?:PHP )?(?:Warning|Notice|Deprecated|Fatal error|Parse error|Recoverable fatal error|"
    r"Strict Standards):  ?.* in \S+ on line \d+$")
#: rspec's closing count (`1600 examples, 4 failures, 5 pending`), which -fd's tree is read under.
RSPEC_SUMMARY = compile_lazily(r"(?m)^\d+ examples?, \d+ failures?")
#: An rspec -fd example that did not pass: `computes value 723 (FAILED - 4)`, `talks (PENDING: no net)`.
RSPEC_DOC_ODD = compile_lazily(r" \((FAILED - \d+|PENDING: .*)\)$")
#: perlcritic's finding (its default verbosity, the file name only when it read several):
#: `lib/A.pm: Code before strictures are enabled at line 3, column 1.  See page 429 of PBP.  (Severity: 5)`.
#: `why` is the policy's explanation (`See page 429 of PBP.  `, `Consider refactoring.  `).
PERLCRITIC_FINDING = compile_lazily(
    r"(?m)^(?:(?P<path>[^\s:][^:]*+): )?(?P<msg>.+?) at line \d+, column \d+\.  (?P<why>.*)\(Severity: (?P<sev>[1-5])\)$")
#: phpcs's full report: a file's count line (`FOUND 153 ERRORS AFFECTING 53 LINES`, `FOUND 2 ERRORS AND
#: 1 WARNING AFFECTING 3 LINES`), one of its rows (` 12 | ERROR | [x] msg`; `[x]`: phpcbf fixes it)
#: and a row's wrapped continuation (`    |       |     rest of msg`).
PHPCS_FOUND = compile_lazily(r"(?m)^FOUND \d+ (?:ERRORS?|WARNINGS?)(?: AND \d+ WARNINGS?)? AFFECTING \d+ LINES?$")
PHPCS_ROW = compile_lazily(r"^ *\d+ \| (?P<sev>ERROR|WARNING) *\| (?P<fix>\[[x ]\] )?(?P<msg>.*)$")
PHPCS_CONTINUATION = compile_lazily(r"^ *\| +\| +\S")

# ---- Elixir: mix compile and ExUnit (engine/compressors/toolout_beam.py) -----------------------
#: ExUnit's failure header, `  3) test name (Some.ModuleTest)` (doctest and property forms too);
#: the failure's lines (code, left/right, stacktrace) are indented under it.
EXUNIT_FAILURE = compile_lazily(r"^(\s*)\d+\) (?:test|doctest|property) .* \([A-Z][\w.]*\)$")
#: `mix test --trace` result row: `  * test name (1.2ms) [L#15]`, or `(skipped)`, `(excluded)`,
#: `(invalid)` instead of the time. A failing test's row looks the same: its failure header follows.
EXUNIT_TRACE_ROW = compile_lazily(
    r"^\s+\* (?:test|doctest|property) .* \((?:(?P<ms>[\d.]+ms)|(?P<odd>skipped|excluded|invalid))\) \[L#\d+\]$")
#: `mix test --trace`'s module header above its rows: `Inventory.ItemTest [test/item_test.exs]`.
EXUNIT_MODULE_ROW = compile_lazily(r"^[A-Z][\w.]* \[\S+\.exs\]$")


# ---- R: testthat reporters (engine/compressors/toolout_rlang.py) ------------------------------
#: testthat's progress row, spinner glyph stripped (`⠹ |     1  13 | audit` → ` |     1  13 | audit`):
#: the running counts of one file, redrawn until its closing row (`✔ |  50 | audit [0.5s]`).
TESTTHAT_PROGRESS_ROW = compile_lazily(r"^\s*\|[\d ]*\d \| \S.*$")
#: A file's closing row that reports a failure or warning (`✖ | 2  48 | tax [0.3s]`, `⚠ | …`).
TESTTHAT_ODD_ROW = compile_lazily(r"^[✖⚠x!] \|[\d ]*\d \| \S")
#: A problem header of the check and summary reporters: `── 1. Failure ('test-a.R:3'): name ───`,
#: `── Error ('test-b.R:9'): name ──`; its message and diff run to the next header.
TESTTHAT_PROBLEM_HEAD = compile_lazily(r"^── (?:\d+\. )?(?:Failure|Error|Warning|Skip)\b.*\('[^']+:\d+(?::\d+)?'\)")
#: The summary reporter's sections that list problems: `══ Failed ═══`, `══ Warnings ═══`, `══ Skipped ═══`.
TESTTHAT_PROBLEM_SECTION = compile_lazily(r"^══ (?:Failed|Warnings|Skipped|Failures|Errors) ═")
#: EUnit's verbose row: `  mod: name_test...ok`, `  mod:12: -gen_test_/0-fun-2-...[0.004 s] ok`, or a
#: failure `...*failed*`, `...*timed out*`, `...*skipped*` (group `odd`), its report below it.
EUNIT_ROW = compile_lazily(r"^\s+[\w@.]+:(?:\d+:)? \S.*?\.\.\.(?:\[[\d.]+ s\] )?(?:(?P<ok>ok)|(?P<odd>\*[^*]+\*))$")


# ---- OCaml: Alcotest runs (engine/compressors/toolout_ocaml.py) --------------------------------
#: Alcotest's result row: `  [OK]          add   0   add level 0.`; the first failure is marked
#: `> [FAIL] …`. Group `status`: OK (passing), FAIL, SKIP, ERROR, TODO.
ALCOTEST_ROW = compile_lazily(r"^(?:> | {2})\[(?P<status>OK|FAIL|SKIP|ERROR|TODO)\]\s+\S")


# ---- R: printed tibbles (engine/compressors/r_tables.py) ----------------------------------------
#: A tibble's column-type row under its header: `   <int> <int> <chr>      <chr>  <chr>`.
R_TIBBLE_TYPES = compile_lazily(r"^\s*(?:<[\w/]+>\s*)+$")
#: A printed row, led by its row number: ` 1     8     2 an integer n/a  /tmp/x`.
R_TABLE_ROW = compile_lazily(r"^\s*(\d+)\s")
#: An entry of a numbered listing, `12: In as.numeric(x) : NAs introduced by coercion` (R's
#: `warnings()`): its number, then its text.
R_NUMBERED_ENTRY = compile_lazily(r"^\s*(\d+): (.+)$")


# ---- XML documents read as text: runs of look-alike leaf elements (engine/compressors/xml_runs.py)
#: A line that is one whole leaf element: `<line number="12" hits="0"/>` or `<comment xml:lang="de">Text</comment>`
#: (indent, tag, attributes, text). Coverage reports, SVG shapes and catalogues are long runs of them
#: between the container lines (`<class filename=…>`) that make the document's enumeration.
XML_LEAF_LINE = compile_lazily(
    r"^([ \t]*)<([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(?:/>|>([^<>]*)</\2\s*>)\s*$"
)
#: One attribute of such an element: name, then its value in double or single quotes.
XML_ATTRIBUTE = compile_lazily(r"([\w.:-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
#: A leaf that reports a problem (checkstyle's `<error …/>`, `severity="warning"`, a `<failure>`):
#: never elided, whatever run it stands in.
XML_PROBLEM_LEAF = compile_lazily(
    r"(?i)\b(error|errors|fail|failed|failure|fatal|warning|warn|severe|critical|exception|skipped)\b"
)


# ---- Lock files of TOML package tables (engine/detect.py, engine/compressors/config.py) --------
#: A package table of uv.lock, poetry.lock or Cargo.lock: `[[package]]` then its `name = "…"`.
#: Their wheels' `upload-time = "2025-…T…"` stamps read as log records; they are config, each
#: package's name and version kept.
TOML_LOCK_PACKAGE = compile_lazily(r"^\[\[package\]\]\r?\nname = \"", re.M)

# ---- clang / clang-tidy per-translation-unit counts (engine/compressors/toolout_clang.py) -------
#: clang-tidy (and clang) print `628 warnings generated.` once per translation unit, a running
#: total over a multi-file run: progress, not a warning. Only pure warning counts match; a count
#: naming errors (`3 warnings and 1 error generated.`) is left to the error rules.
CLANG_WARNINGS_GENERATED = re.compile(r"\d+ warnings? generated\.")

# ---- cppcheck --xml reports, stderr and stdout merged (engine/compressors/cppcheck_xml.py) -----
#: A configuration pass of one file: `Checking cJSON.c: WIN32;_MSC_VER...` (progress; the plain
#: `Checking cJSON.c ...` opening a file and `2/2 files checked 100% done` stay).
CPPCHECK_CONFIG_LINE = re.compile(r"Checking \S.*: .*\.\.\.")
#: One `<location .../>` or `<symbol>...</symbol>` element on a line of its own, under an
#: `<error ...>` element.
CPPCHECK_XML_DETAIL = re.compile(r"\s*(?:<location\s.*/>|<symbol>.*</symbol>)")

# ---- cmake --trace / --trace-expand (engine/compressors/cmake_trace.py) -------------------------
#: One trace entry: `path(line):  command(args )`; the path may hold spaces (Windows installs).
CMAKE_TRACE_ENTRY = re.compile(r"[^()\n]+\(\d+\):  \S")
#: A trace entry of a file in CMake's own module directory (`/usr/share/cmake-3.25/Modules/`,
#: `.../share/cmake/Modules/`): the library internals of a configure run.
CMAKE_TRACE_MODULE = re.compile(r"[^()\n]*/share/cmake[^/()\n]*/Modules/(?P<mod>[^()\n]+)\(\d+\):  \S")

# ---- C/C++ analysers' thinned findings: their places in the marker (finding_locations) ---------
#: A clang-tidy or cppcheck headline naming its check last: `src/a.c:12:5: warning: msg
#: [readability-identifier-length]`, `a.c:744:7: style: msg [variableScope]`,
#: `[bugprone-x,-warnings-as-errors]`. The check starts with a letter, so gcc's `[-Wunused]`
#: flags (thinned floods counted by flag alone) do not match.
ANALYZER_HEADLINE = re.compile(
    r"(?P<path>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): [a-z][a-z ]*: .*\[(?P<rule>[A-Za-z][\w.,:-]*)\]")
#: toolout's count of thinned findings in a marker (`17 findings like those shown: ...`).
FINDINGS_COUNTED = re.compile(r"(\d+) findings? like those shown")

# ---- binutils size(1) tables (tabular) -----------------------------------------------------------
#: `size` (Berkeley format): one row per object file or archive member, an enumeration the agent
#: asked for (which object is big), never a sample: the tabular compressor leaves it whole.
SIZE_BERKELEY_HEADER = re.compile(r"\s*text\s+data\s+bss\s+dec\s+hex\s+filename\s*")

# ---- gdb backtraces (engine/compressors/gdb_backtrace.py) ----------------------------------------
#: A gdb frame line: `#0  0x000055555555525 in sum_keys (h=0x0, depth=4) at crash.c:17`,
#: `#5  main (argc=2, argv=0x7ffe) at crash.c:37`, `#3  0x00007f in __libc_start_call_main () from /lib/...`.
GDB_FRAME = re.compile(r"#\d+ +(?:0x[0-9a-f]+ in )?\S+ \(.*\)(?: at \S+:\d+| from \S+)?")

# ---- profilers' function listings (text) ----------------------------------------------------------
#: callgrind_annotate / cg_annotate's header (`Profile data file 'cg.out' (creator: callgrind-3.19.0)`,
#: cg_annotate's `I1 cache:` block): what follows is a ranked function listing, already cut at
#: its threshold by the tool; an enumeration, never sampled.
PROFILE_LISTING_HEADER = re.compile(r"(?m)^(?:Profile data file '|Command:\s+\S.*\nData file:)")

# ---- Byte dumps: xxd, hexdump, od, base64 / hex blobs (engine/compressors/byte_dump.py) ---------
#: A row of an offset dump: the offset (group 1, hex or octal digits, then xxd's colon), then at
#: least two hex groups (`xxd`, `hexdump -C`, `od -x`, `od -A x -t x1z`). A `git log --oneline`
#: line fails on its message, `nm` on its one-letter type; byte_dump also asks for rising offsets.
DUMP_HEX_ROW = compile_lazily(r"^([0-9a-fA-F]{6,16}):? {1,2}[0-9a-fA-F]{2,8}(?: {1,2}[0-9a-fA-F]{2,8})")
#: A row of `od -c` / `od -a` / `hexdump -c`: an octal offset, then cells four wide, each a
#: character, an escape (`\n`) or an octal code right-aligned (a space is a cell of spaces).
DUMP_CHAR_ROW = compile_lazily(r"^([0-7]{6,16})((?: {1,3}\S{1,3}| {4}){2,})$")
#: One line of an encoded blob: base64 (`base64` wraps at 76, `openssl base64` at 64) or `xxd -p`'s
#: plain hex (60). byte_dump folds runs of them of one width; 60 and up leaves out a list of
#: SHA-1s or base64 keys (byte_dump also refuses the widths of SHA-256 and SHA-512 hex).
DUMP_BLOB_LINE = compile_lazily(r"^[A-Za-z0-9+/]{60,}={0,2}$")
#: A row of `xxd -i`'s C array (`  0x7f, 0x45, 0x4c, 0x46,`): bytes and nothing else. byte_dump
#: folds runs of them under an `unsigned char name[] = {` line.
DUMP_C_ARRAY_ROW = compile_lazily(r"^\s+0x[0-9a-fA-F]{2}(?:, 0x[0-9a-fA-F]{2})*,?$")
#: The parts of a value in natural order (invariants' coverage bounds): a number grouped in
#: thousands (csvlook's `1,000`), a digit run, or text. Byte-wise, `1,000` sorts before `999` and
#: `10:04:52` before `9:48:32`, and a marker's `lo..hi` would read as an empty range.
NATURAL_PARTS = compile_lazily(r"[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+|[^0-9]+")

# ---- Profiler reports: ranked tables (engine/compressors/profile_report.py) -------------------
# Each pattern runs only on the lines after a header its literal sign was found for (never over
# every line of every payload).
#: cProfile / pstats' column header (`ncalls  tottime  percall  cumtime  percall filename:lineno(function)`).
PROFILE_CPROFILE_HEADER = compile_lazily(r"^\s*ncalls\s+tottime\s+percall\s+cumtime\s+percall\s+filename:lineno\(function\)")
#: One of its rows: `57313/1  0.011  0.000  0.011  0.011 workload.py:13(fib)` (recursive calls as `total/primitive`).
PROFILE_CPROFILE_ROW = compile_lazily(r"^\s*\d+(?:/\d+)?\s+\d+\.\d+\s+\d+\.\d+\s+\d+\.\d+\s+\d+\.\d+\s+\S")
#: What pstats says the table is ordered by (`   Ordered by: cumulative time`).
PROFILE_CPROFILE_ORDER = compile_lazily(r"^\s*Ordered by:\s*(.+?)\s*$")
#: `perf report --stdio`'s column header: `# Overhead  Command ...` or, with children, `# Children      Self  ...`.
PROFILE_PERF_HEADER = compile_lazily(r"^#\s+(Overhead|Children\s+Self)\s")
#: A perf entry's row: `     9.01%  python3  libpython3.11.so.1.0  [.] _PyEval_EvalFrameDefault`.
PROFILE_PERF_ROW = compile_lazily(r"^\s+\d+\.\d+%\s")
#: node --prof-process's table headers: `   ticks  total  nonlib   name`, `   ticks    cpp   total   name`,
#: `   ticks parent  name` (the bottom-up tree).
PROFILE_NODE_HEADER = compile_lazily(r"^\s+ticks\s+(total|cpp|parent)\s+.*\bname\s*$")
#: One of node's rows: `     76   13.2%          /usr/lib/x86_64-linux-gnu/libc.so.6`.
PROFILE_NODE_ROW = compile_lazily(r"^\s+\d+\s+\d+\.\d+%\s")
#: cg_annotate's function table header (`Ir  I1mr ... file:function`; older: `Ir  file:function`).
PROFILE_CG_HEADER = compile_lazily(r"^\s*Ir\b.*\s(file:function|function:file)\s*$")
#: One of its rows: `62,765,772 (41.68%) 10 ( 0.73%) ... ./stdlib/msort.c:msort_with_tmp.part.0`.
PROFILE_CG_ROW = compile_lazily(r"^\s*\d[\d,]*\s")
#: line_profiler's (`Line #  Hits  Time  Per Hit  % Time  Line Contents`) and memory_profiler's
#: (`Line #  Mem usage  Increment  Occurrences  Line Contents`) per-function table header.
PROFILE_LINE_HEADER = compile_lazily(
    r"^Line #\s+(?:Hits\s+Time\s+Per Hit\s+% Time|Mem usage\s+Increment(?:\s+Occurrences)?)\s+Line Contents\s*$")
#: One of their rows: the source line's number first.
PROFILE_LINE_ROW = compile_lazily(r"^\s*\d+(?=\s|$)")
#: A folded (collapsed) stack with its sample count, as py-spy's `--format raw`, stackcollapse
#: and async-profiler's collapsed output print them: `main;parse (w.py:5);dumps 12`.
#: (Frames are joined by `;` with no space after it: code and prose write `; `.)
PROFILE_FOLDED_STACK = compile_lazily(r"^[^;\s][^;\n]*(?:;[^;\s][^;\n]*)* (?P<count>\d+)$")

# ---- Package managers' dependency trees and explanations (dep_tree, npm_explain) ---------------
#: An entry of a drawn dependency tree in a tool transcript (`uv tree`, `npm ls`, `pnpm why`,
#: `poetry show --tree`, `yarn list`): the vertical rules of the levels above, a Unicode branch,
#: one space, the entry. Stricter than TREE_BRANCH: the space after the branch keeps a box
#: table's rule (`├─────┼─────┤`) out, and ASCII `|--` is left alone (too common in prose).
DEP_TREE_ENTRY = compile_lazily(r"[ \t│]*[├└]─[─┬]* \S")
#: A version in a tree entry (`v4.16.0`, `@3.1.0`, `==2.0`, `>=8.0.0`, `installed: 3.7.2`, poetry's
#: any-version `pygments *`): what tells a dependency tree from a test runner's tree (JUnit's
#: console launcher draws one too).
DEP_TREE_VERSION = compile_lazily(r"\d+\.\d+| \*(?: |$)")
#: The head of one copy in `npm explain`/`npm why` output: `name@1.2.3` (scoped too) at the
#: margin, its node_modules path on the next line.
NPM_EXPLAIN_HEAD = compile_lazily(r"(?:@[\w.-]+/)?[\w.-]+@\S+$")
#: One dependent in `npm explain`: `[peer |dev |optional ]name@"range" from parent@1.2.3` (or
#: `from the root project`), indented two spaces a level.
NPM_EXPLAIN_EDGE = compile_lazily(r"( *)(?:(?:peer|dev|optional|peerOptional|bundled) )*(?:@[\w.-]+/)?[\w.-]+@\"[^\"]*\" from \S")

# ---------------------------------------------------------------- pytest repeated failure blocks

#: pytest's section rule: `=== FAILURES ===`, `=== ERRORS ===`, `=== short test summary info ===`
#: (group 1 the title).
PYTEST_SECTION_RULE = compile_lazily(r"={3,} (.+?) ={3,}$")
#: One failure block's header in FAILURES/ERRORS: `____ test_x[a-b] ____`, `___ TestC.test_y ___`,
#: `___ ERROR at setup of test_z ___` (group 1 the test id).
PYTEST_BLOCK_HEADER = compile_lazily(r"_{1,} (.+?) _{1,}$")
#: A traceback entry's place in a failure block: `tests/test_x.py:49: TypeError`,
#: `src/pkg/mod.py:37: in __init__`.
PYTEST_BLOCK_PLACE = compile_lazily(r"\S+:\d+: \S")

#: dpkg's step lines, each naming the package whose maintainer script prints the lines under
#: it (`Setting up nginx (1.22.1-9) ...`, then `invoke-rc.d: ...`): read only by the literal
#: prefix (toolout_apt), the lines themselves are progress (TOOL_CHATTER).
DPKG_STEP_STARTS = ("Setting up ", "Unpacking ", "Preparing to unpack ", "Processing triggers for ",
                    "Removing ", "Purging configuration files for ")
#: dpkg's and apt's own messages: they name their package (or none) and end the script output
#: above them, so they own no step line.
DPKG_OWN_STARTS = ("dpkg: ", "dpkg-", "E: ", "W: ", "N: ", "Err:", "Errors were encountered while processing:")
#: systemd's unit (de)activation by a maintainer script (`Created symlink /etc/systemd/... → ...`,
#: `Removed "/etc/systemd/..."`): a state change on the host, a few per service package.
SYSTEMD_LINK_STARTS = ("Created symlink ", "Removed /etc/systemd/", 'Removed "/etc/systemd/')
