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

# ---------------------------------------------------------------- test, build and lint output (toolout)
# Used by engine/compressors/toolout.py. Lines arrive ANSI-stripped; a leading braille spinner
# glyph (npm, eslint, jest under a pty) is removed before matching. Patterns whose every branch
# starts with `^` are applied with .match (position 0 only), which keeps a line's cost flat.

#: Spinner glyphs a pty capture leaves at the start of a line after its CR redraw.
TOOL_SPINNER = re.compile(r"^[\u2800-\u28ff]+")

#: Runner and build summaries and counts: the lines that say how the run ended. Always kept.
TOOL_SUMMARY = re.compile(
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
    r"|^\s*✖ \d+ problems? |^\s*\d+ errors? and \d+ warnings? potentially fixable"  # eslint
    r"|^Errors\s+Files$|^Your code has been rated at "  # tsc, pylint
    r"|^build (succeeded|finished with problems)|^The \w+ (pages|files?) are in "  # sphinx
    r"|^\d+% tests passed, \d+ tests? failed out of \d+|^The following tests FAILED:|^Total Test time"
    r"|^Errors while running CTest"  # ctest
    r"|^(g?make|ninja)(\[\d+\])?: \*\*\* |^ninja: build stopped|^FAILED: "  # make, ninja
    r"|^-- (The \w+ compiler identification|Configuring (done|incomplete)|Generating done"
    r"|Build files have been written)"  # cmake
    r"|^CMake (Error|Warning)"
    r"|^npm (error|ERR!|warn|WARN)\b|^(added|removed|changed|up to date)\b.*\bpackages?\b.* in \S+$"
    r"|^found \d+ vulnerabilit|^\d+ (\w+ )?vulnerabilit"  # npm
    r"|^Successfully (installed|built|uninstalled) |^(ERROR|WARNING|error|warning): "  # pip, generic
    r"|^(E|W): |^Err:\d+ |^\d+ upgraded, \d+ newly installed"  # apt
    r"|^Running Sphinx v|^\s*(exit status|exit code|Exit code:?) \d+|^Node\.js v\d"
    r"|^> (?!Task :)\S"  # npm run-script header: what ran (not gradle's `> Task :x`)
    r"|^\s+\w+_test\.go:\d+: "  # go test: t.Log / t.Error output
    r"|^\[(INFO|ERROR)\] BUILD (SUCCESS|FAILURE)|^(\[\w+\] )?Tests run: \d+, Failures: \d+, Errors: \d+, Skipped: \d+$"
    r"|^(\[\w+\] )?Tests run: .*(Failures: [1-9]|Errors: [1-9]|FAILURE)"  # maven surefire
    r"|^BUILD (SUCCESSFUL|FAILED) in |^\d+ actionable tasks?: |^FAILURE: |^\* What went wrong:"  # gradle
    r"|^\s*Build (succeeded|FAILED)\.|^\s+\d+ (Warning|Error)\(s\)$|^(Passed|Failed)!\s+- "  # dotnet
    r"|^\d+ examples?, \d+ failures?|^Finished in [\d.]+ (seconds|minutes)|^rspec \./\S+:\d+ "  # rspec
    r"|^\s*(Test Files|Tests|Duration)\s+\d|^\s*(Test Files|Tests)\s+\d+ (failed|passed)"  # vitest
    r"|^error Command failed with exit code \d|^\s*ERR_PNPM_\w+"  # yarn, pnpm
    r"|^collected \d+ items?|^platform \S+ -- Python "  # pytest header: counts, versions
    r"|(Segmentation fault|Killed|Aborted)\b"
)
#: Crash words a summary line can carry anywhere (`make: *** ... Segmentation fault (core dumped)`).
TOOL_SUMMARY_ANYWHERE = re.compile(r"\b(Segmentation fault|core dumped)\b")

#: A test that passed, or a progress row of passing tests: the bulk a run can drop.
TOOL_PASS = re.compile(
    r"^\S+::\S.* PASSED(\s+\[\s*\d+%\])?$"  # pytest -v
    r"|^(\S+\.py )?[.sx]+(\s+\[\s*\d+%\])?$"  # pytest -q progress rows without failures
    r"|^\s*(✓|✔|√)\s"  # jest, mocha, node --test
    r"|^\s*PASS\s+\S"  # jest file line
    r"|^\s*ok \d+ - (?!.*# (SKIP|TODO))"  # TAP
    r"|^\s*--- PASS: |^ok\s+\S+\s+(\S+s|\(cached\))"  # go test
    r"|^test \S+ \.\.\. ok$"  # cargo test
    r"|^\S+ \(\S+\) \.\.\. ok$|^test\w* \(\S+\)\s*$"  # unittest -v
    r"|^\s*\d+/\d+ Test\s+#\d+: \S+ \.+\s+Passed"  # ctest
    r"|^(\[INFO\] )?Tests run: \d+, Failures: 0, Errors: 0, Skipped: \d+, Time elapsed"  # maven, per class
    r"|^\s+Passed \S+ \[\d"  # dotnet test -v n
)

#: Progress and set-up chatter: spinners, downloads, compile steps, configure probes.
TOOL_CHATTER = re.compile(
    r"^\s*RUNS\s|^Determining test suites to run"  # jest
    r"|^=== (RUN|PAUSE|CONT|NAME) |^\?\s+\S+\s+\[no test files\]"  # go test
    r"|^\s*(Compiling|Checking|Downloading|Downloaded|Fresh|Updating|Locking|Adding|Blocking|Packaging"
    r"|Documenting|Installing|Verifying|Archiving|Unpacking|Fetching|Resolving|Building) \S"  # cargo
    r"|^\s*\d+/\d+ files checked \d+% done$|^Checking \S+( \.\.\.|: )"  # cppcheck
    r"|^\[\s*\d{1,3}%\] (Building|Linking|Generating|Scanning|Copying|Installing|Running|Automatic)"
    r"|^Scanning dependencies of target |^Consolidate compiler generated dependencies"
    r"|^\s+Start\s+\d+: "  # ctest
    r"|^\[\d+/\d+\] "  # ninja
    r"|^-- (Looking for|Performing Test|Check(ing)? (for|if|size|whether|include)|Detecting|Found )"
    r"|^(g?make)(\[\d+\])?: (Entering|Leaving) directory "
    r"|^\s*(Collecting|Downloading|Using cached|Requirement already satisfied|Installing collected"
    r"|Building wheels? for|Created wheel for|Stored in directory|Preparing metadata|Getting requirements"
    r"|Installing build dependencies|Attempting uninstall|Found existing installation|Uninstalling)[: ]"
    r"|^(Get|Hit|Ign):\d+ |^Reading (package lists|state information)|^Building dependency tree"
    r"|^Selecting previously unselected |^Preparing to unpack |^Unpacking |^Setting up "
    r"|^Processing triggers for |^\(Reading database |^Fetched \d"  # apt
    r"|^npm (http|timing|sill|verb) |^(reading sources|writing output|reading|copying|writing|"
    r"highlighting module code|loading pickled environment)\.*\s*\[\s*\d+%\]"  # sphinx
    r"|^\s*([\u2800-\u28ff]+|[|/\\-])\s*$"  # a bare spinner frame
    r"|^# Subtest: "  # TAP: the result line follows
    r"|^(\[INFO\] )?(Download(ing|ed) from \S+:|Progress \(\d+\))|^\[INFO\] (Running \S+$|Building "
    r"|--- \S+:\S+:\S+ |Compiling \d+ source|Nothing to compile|Copying \d+ resource|Using '|skip non existing)"
    r"|^> Task :\S+( UP-TO-DATE| NO-SOURCE| FROM-CACHE| SKIPPED)?$|^<[=-]*> \d+% (EXECUTING|CONFIGURING)"
    r"|^\s+(Determining projects to restore|Restored \S+|All projects are up-to-date)|^\s+\S+ -> \S+\.dll$"
    r"|^\[\d/\d\] (Resolving|Fetching|Linking|Building)|^Progress: resolved \d+"  # yarn, pnpm
)
#: A progress bar anywhere in the line (pip, cargo, apt, tqdm).
TOOL_PROGRESS_BAR = re.compile(r"[━█▇▆▅▄▃▂▏░▒▓]{6,}")

#: A progress line at its final value (`[100%] Built target x`, `22/22 Test`); lines ending
#: `100% done` (cppcheck) are tested with str.endswith.
TOOL_PROGRESS_DONE = re.compile(r"^\s*\[100%\]|^\s*(?P<done>\d+)/(?P=done) \S")

#: Where a failure block starts (its whole body is kept).
TOOL_PYTEST_SECTION = re.compile(r"^=+ (?P<name>[A-Za-z][\w ]*?) =+$")
TOOL_PYTEST_BLOCK = re.compile(r"^_{3,} .+ _{3,}$")
TOOL_TRACEBACK = re.compile(r"^\s*Traceback \(most recent call last\):$")
TOOL_UNITTEST_BLOCK = re.compile(r"^(FAIL|ERROR|UNEXPECTED SUCCESS): \S+ \(\S+\)")
TOOL_JEST_BLOCK = re.compile(r"^\s*● (?!Console\b)\S")
TOOL_JEST_END = re.compile(r"^\s*(● |(PASS|FAIL)\s+\S)|^(Test Suites|Tests|Snapshots|Time):|^Summary of all failing")
TOOL_MOCHA_FAILING = re.compile(r"^\s*\d+ failing\b")
TOOL_GO_FAIL = re.compile(r"^(\s*)--- FAIL: ")
TOOL_GO_PANIC = re.compile(r"^panic: |^fatal error: ")
TOOL_CARGO_STDOUT = re.compile(r"^---- \S+ std(out|err) ----$")
TOOL_TAP_NOT_OK = re.compile(r"^(\s*)not ok \d+")
TOOL_NODE_FAIL = re.compile(r"^(\s*)✖ ")
TOOL_JS_ERROR = re.compile(r"^\s*(Uncaught )?([A-Z]\w*)?(Error|Exception)(\s\[\w+\])?: ")
TOOL_CMAKE_ERROR = re.compile(r"^CMake (Error|Warning)( \(dev\))?( at \S+)?:")
TOOL_PIP_ERROR = re.compile(r"^\s*(error: [a-z][a-z-]+$|× )")
TOOL_STACK_FRAME = re.compile(r"^\s+at \S|^\s+File \"[^\"]+\", line \d+")

#: A failing (or xfail/xpass, skip, todo) test result line, in any runner: always kept.
TOOL_RESULT_ODD = re.compile(
    r"^\s*(✖|✗|✕|×)\s|^\s*(not )?ok \d+ .*# (SKIP|TODO)\b|^\S+::\S.* (FAILED|ERROR|XFAIL|XPASS)\b"
    r"|^test \S+ \.\.\. (FAILED|ignored)"
    r"|^\s*--- (FAIL|SKIP): |^\s*not ok \d+|^(\S+\.py )?[.sSxX]*[FE][.sSxXFE]*(\s+\[\s*\d+%\])?$"
)
#: The same, for shapes that end a line: unittest `... FAIL`, node's `(1.2ms) # SKIP`.
TOOL_RESULT_ODD_END = re.compile(r"(\.\.\. (FAIL|ERROR|expected failure|unexpected success)|\) # (SKIP|TODO)\b.*)$")

#: Result lines that stay only inside a test tree (mocha `1) title`, `- pending`; jest `○`, `✎`),
#: where the same shapes cannot be list items or diff lines.
TOOL_TREE_ODD = re.compile(r"^\s{2,}(\d+\) |- \S|﹣ |○ |✎ )")
#: Markers of a test tree (mocha, jest, node --test spec): suite titles in it are passing structure.
TOOL_TREE_MARK = re.compile(r"^\s*(✓|✔|√|▶)\s")

#: A lint or compiler diagnostic. Named groups: path, line, col, sev, rule, msg.
TOOL_DIAG_GCC = re.compile(  # gcc, clang, cppcheck, mypy, sphinx: `path:line[:col]: severity: msg`
    r"^(?P<path>[^\s:][^:]*?):(?P<line>\d+):(?:(?P<col>\d+):)? "
    r"(?P<sev>(?i:fatal error|error|warning|note|style|performance|portability|information|remark"
    r"|severe|critical|info)):\s*(?P<msg>.*)$"
)
TOOL_DIAG_TSC = re.compile(
    r"^(?P<path>\S+?)(?::(?P<line>\d+):(?P<col>\d+) - |\((?P<line2>\d+),(?P<col2>\d+)\): )"
    r"(?P<sev>error|warning|message) (?P<rule>TS\d+): (?P<msg>.*)$"
)
TOOL_DIAG_CODE = re.compile(  # ruff/flake8 concise and pylint: `path:line:col: CODE msg`
    r"^(?P<path>[^\s:][^:]*?):(?P<line>\d+):(?P<col>\d+): (?P<rule>[A-Z]+\d+)(?P<pylint>:)? (\[\*\] )?(?P<msg>.*)$"
)
TOOL_DIAG_HEAD = re.compile(  # rustc/cargo and ruff full: a headline whose next line is `--> path`
    r"^(?:(?P<sev>error|warning)(?:\[(?P<rule1>E\d+)\])?|(?P<rule>[A-Z]+\d+)(?: \[\*\])?): ?(?P<msg>.*)$"
    r"|^(?P<rule2>[A-Z]+\d+) (?:\[\*\] )?(?P<msg2>.+)$"
)
TOOL_DIAG_ARROW = re.compile(r"^\s*--> \S+:\d+")
TOOL_DIAG_GO = re.compile(r"^(?P<path>\.?[\w./-]+\.go):(?P<line>\d+)(:\d+)?: (?P<msg>.*)$")
TOOL_DIAG_ESLINT = re.compile(
    r"^\s+(?P<line>\d+):(?P<col>\d+)\s+(?P<sev>error|warning)\s+(?P<msg>.*?)(?:\s{2,}(?P<rule>[\w@/-]+))?$"
)
TOOL_DIAG_SHELLCHECK = re.compile(r"^\s*\^-*\^? (?P<rule>SC\d+) \((?P<sev>error|warning|info|style)\): (?P<msg>.*)$")
#: Group headers that locate the findings under them (eslint file, pylint module, shellcheck).
TOOL_GROUP_HEAD = re.compile(
    r"^\*{5,} Module \S+|^In \S.* line \d+:$|^(/|\.{1,2}/|[A-Za-z]:\\)?[\w@.+-]+(/[\w@.+-]+)*\.\w+$"
)
#: Lines that locate the next gcc diagnostic (`In file included from`, `In function 'f':`).
TOOL_DIAG_PREAMBLE = re.compile(r"^In file included from |^\s+from \S+:\d+[,:]$|^\S+: (In|At) \w[\w ]*[‘'`:]")
#: Source excerpts under a diagnostic: gutters, carets, underlines.
TOOL_SNIPPET = re.compile(r"^\s*\d*\s*\|( |$)|^\s*[\^~][\^~\s-]*$|^\s*\d+\s{1,2}[+-|]\s|^\d+\s+\S")

#: Mask for a finding's message shape: quoted spans and numbers vary between instances.
TOOL_QUOTED = re.compile(r"`[^`]*`|'[^']*'|\"[^\"]*\"|‘[^’]*’|«[^»]*»")

#: A line that reports a problem in words, wherever it sits. Matched on the LOWER-CASED line:
#: case-insensitive matching is several times slower in `re`.
TOOL_PROBLEM = re.compile(
    r"\b(errors?|fatal|failed|failures?|failing|fail|panic(ked)?|warnings?|warn|exceptions?|traceback"
    r"|abort(ed)?|denied|refused|cannot|can't|unable|not found|missing|undefined|invalid|assert\w*)\b"
    r"|[a-z](error|exception|warning)\b|✖|✗|✕"
)
#: A cheap superset of TOOL_PROBLEM (no word boundaries), tried first on every line.
TOOL_PROBLEM_HINT = re.compile(
    r"error|fatal|fail|panic|warn|exception|traceback|abort|denied|refused|cannot|can't|unable"
    r"|not found|missing|undefined|invalid|assert|✖|✗|✕"
)

#: Strong signatures of a runner, compiler, linter or installer transcript (one is enough).
#: Anchored to line starts so a diff, JSON string or prose quoting them does not match.
TOOL_SIGNATURE = re.compile(
    r"(?m)^[\u2800-\u28ff]*[ \t]*(?:"
    r"=+ (test session starts|FAILURES|ERRORS|short test summary info) =+$"  # pytest
    r"|=+ .*\b\d+ (passed|failed|errors?)\b.* in [\d.]+s( \([\d:]+\))? =+$"
    r"|Ran \d+ tests? in [\d.]+s$"  # unittest
    r"|(Tests|Test Suites):\s+.*\b\d+ total$"  # jest
    r"|\s+\d+ passing \(\d+(ms|s|m)\)$|\s+\d+ failing$"  # mocha
    r"|ℹ (tests|pass|fail) \d+$|# (pass|fail) \d+$"  # node --test, TAP
    r"|--- FAIL: \S+ \(\d|(ok|FAIL)\s+\S+\s+[\d.]+s$"  # go test
    r"|test result: (ok|FAILED)\. \d+ passed|error\[E\d{4}\]: |error: could not compile "  # cargo
    r"|\s+Compiling \S+ v\d+\.\d+"
    r"|\S+(:\d+:\d+ - |\(\d+,\d+\): )error TS\d+: "  # tsc
    r"|Found \d+ errors? in \d+ files? \(checked|Success: no issues found in \d+ source"  # mypy
    r"|Found \d+ errors?\.$|All checks passed!$"  # ruff
    r"|✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)$"  # eslint
    r"|Your code has been rated at -?[\d.]+/10|\*{13} Module \S+$"  # pylint
    r"|.*\^-* SC\d{4} \((error|warning|info|style)\): "  # shellcheck
    r"|\S+:\d+:\d+: (error|warning|style|performance|portability): .* \[\w+\]$"  # cppcheck
    r"|\S+:\d+:\d+: (fatal error|error|warning): "  # gcc, clang
    r"|\S+:\d+: error: .*  \[[\w-]+\]$"  # mypy
    r"|g?make(\[\d+\])?: \*\*\* |ninja: build stopped"  # make, ninja
    r"|-- Configuring (done|incomplete)|-- Build files have been written to: |CMake Error at "
    r"|build (succeeded|finished with problems)[,.]|Running Sphinx v\d"  # sphinx
    r"|Successfully installed \S+-\d|error: subprocess-exited-with-error$"  # pip
    r"|ERROR: (Could not find a version|No matching distribution|pip's dependency resolver)"
    r"|npm (error|ERR!|warn) |added \d+ packages?\b|found \d+ vulnerabilit"  # npm
    r"|\d+ upgraded, \d+ newly installed|E: Unable to locate package"  # apt
    r"|\d+% tests passed, \d+ tests? failed out of \d+$"  # ctest
    r"|\[(INFO|ERROR)\] BUILD (SUCCESS|FAILURE)$|Tests run: \d+, Failures: \d+, Errors: \d+, Skipped: \d+"  # maven
    r"|BUILD (SUCCESSFUL|FAILED) in \d|FAILURE: Build failed with an exception"  # gradle
    r"|Build (succeeded|FAILED)\.$|\S+\(\d+,\d+\): error [A-Z]+\d+: |(Passed|Failed)!\s+- Failed:\s+\d+"  # dotnet
    r"|\d+ examples?, \d+ failures?"  # rspec
    r"|Test Files\s+.*\(\d+\)$"  # vitest
    r"|ERR_PNPM_\w+|error Command failed with exit code \d+\.$"  # pnpm, yarn
    r")"
)
