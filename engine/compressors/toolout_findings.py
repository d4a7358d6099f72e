"""Lint and compiler findings: which diagnostics a view keeps, and which stand for others.

A finding is a diagnostic headline (`path:line:col: error: msg`, `CODE msg` + `--> path`,
eslint's `12:5  error  msg  rule`, shellcheck's caret line, ...) with the lines that belong to
it: a preamble that locates it (`In file included from`, eslint's file line, shellcheck's
`In x line N:` and source line), message lines (notes, help, the `-->` location, tsc's message
chain) and an excerpt (gutter, caret and underline lines).

Every error is kept. Warnings and low-severity findings (style, convention, rule codes without
a severity) are all kept while few; past WARNING_VOLUME / LOW_VOLUME, one per (rule, message
shape) is kept, as headline and location only, and the rest are REPEAT, counted per rule in the
marker. Excerpts are shown for the first SNIPPET_FINDINGS kept findings.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter

from engine.compressors.toolout_where import coded_shellcheck, shellcheck_location
from engine.patterns import (
    ANNOTATION_TITLE,
    DIGITS,
    GO_VET_MESSAGE,
    LINT_STATISTICS_ROW,
    MYPY_REVEALED,
    PYRIGHT_REVEALED,
    PYDOCSTYLE_MESSAGE,
    PYRIGHT_RULE,
    TOOL_CARET_LINE,
    TOOL_DIAG_ANNOTATION,
    TOOL_DIAG_ARROW,
    TOOL_DIAG_CODE,
    TOOL_DIAG_ESLINT,
    TOOL_DIAG_ESLINT_CODEFRAME,
    TOOL_DIAG_ESLINT_COMPACT,
    TOOL_DIAG_ESLINT_UNIX,
    TOOL_DIAG_GCC,
    TOOL_DIAG_GO,
    TOOL_DIAG_HADOLINT,
    TOOL_DIAG_HEAD,
    TOOL_DIAG_MARKDOWNLINT,
    TOOL_DIAG_MAVEN,
    TOOL_DIAG_PREAMBLE,
    TOOL_DIAG_PYDOCSTYLE,
    TOOL_DIAG_PYFLAKES,
    TOOL_DIAG_PYRIGHT,
    TOOL_DIAG_RUFF_GROUPED,
    TOOL_DIAG_SHELLCHECK,
    TOOL_DIAG_TSC,
    TOOL_DIAG_VULTURE,
    TOOL_DIAG_YAMLLINT,
    TOOL_FINDING_CONTINUES,
    TOOL_GROUP_HEAD,
    TOOL_LEADING_LINT,
    TOOL_MESSAGE_LINE,
    TOOL_PYFLAKES_ERROR,
    TOOL_PYLINT_CODE,
    TOOL_QUOTED,
    TOOL_SNIPPET,
    TOOL_TRAILING_RULE,
)

KEEP = "keep"
REPEAT = "repeat"
#: The severity of a diagnostic that answers the agent (reveal_type: mypy's `Revealed type is`,
#: pyright's `Type of "x" is`): kept like an error, with the lines under it.
ANSWER = "answer"

#: More non-error, non-warning findings (style, convention, unlabelled rule codes) than this:
#: keep one per (rule, message shape) and count the rest.
LOW_VOLUME = 50
#: The same for findings labelled `warning`; a few hundred warnings are still read one by one.
WARNING_VOLUME = 200
#: Past LOW_VOLUME, warnings that fall into this few (rule, message shape) kinds per finding or
#: fewer are one lint's flood (180 `unused variable` from one generated file): thinned like a
#: flood past WARNING_VOLUME, though a few hundred varied warnings are still read one by one.
FLOOD_KINDS_PER_FINDING = 0.1
#: A kind (rule, message shape) with this few findings is no repetition, however many of other
#: kinds flood the run: each names a different place and subject (flake8's four C901 functions).
FEW_OF_A_KIND = 5
#: Kept findings whose source excerpt (gutter, caret, underline) is shown; past this, the
#: file:line:col and the message say where, and the excerpt is one retrieve away.
SNIPPET_FINDINGS = 20
#: An excerpt this short is shown anyway: its marker would cost about what its lines cost.
SHORT_EXCERPT = 5
#: A warning with this many `note:` lines or more carries a path or macro-expansion chain
#: (clang's static analyzer: `Assuming ...`, `Taking false branch`, `expanded from macro` at
#: each step, every note with its own excerpt): the headline and its own excerpt stay, the
#: chain is counted as lines under it, one retrieve away. Notes and excerpts alternate line by
#: line, so keeping the notes alone would leave a marker every two lines and save nothing.
#: An error's notes stay (gcc's `required from here` chain says where to fix it).
NOTE_CHAIN = 3
#: clang-format --dry-run's one finding (`a.c:3:1: warning: code should be clang-formatted
#: [-Wclang-format-violations]`): where it is, the file, is all it says.
CLANG_FORMAT_RULE = "-Wclang-format-violations"
#: (stylelint's string formatter marks its findings' severity ✖ and ⚠ where eslint's writes words)
_ERROR_SEVERITIES = {"error", "fatal error", "severe", "critical", "fatal", "✖"}
_WARNING_SEVERITIES = {"warning", "⚠"}


def _message_line(s: str) -> bool:
    """TOOL_MESSAGE_LINE matches: its first non-blank character must be `=` or start one of its
    words (`\\s` is str.isspace's white space), so most excerpt lines skip the regex."""
    return s.lstrip()[:1] in "=hnwei" and TOOL_MESSAGE_LINE.match(s) is not None


@dataclass(slots=True)
class Finding:
    head: int
    sev: str  # "error" | "warning" | "low" | ANSWER
    rule: str
    msg: str  # its message; what it is compared by is message_shape(msg), asked only when thinning
    message: list[int] = field(default_factory=list)
    snippet: list[int] = field(default_factory=list)
    preamble: list[int] = field(default_factory=list)
    group: list[int] | None = None
    style: str = ""  # "arrow" (rustc, ruff full), "shellcheck", "pyright", "pydocstyle", or ""
    #: The lines its headline wrapped onto (clang at a terminal's width): kept and dropped with it.
    wrapped: list[int] = field(default_factory=list)



#: Every line a finding, its preamble or its group header can start on matches one of these.
FINDING_STARTS = (
    TOOL_DIAG_TSC, TOOL_DIAG_CODE, TOOL_DIAG_GCC, TOOL_DIAG_SHELLCHECK, TOOL_DIAG_ESLINT,
    TOOL_DIAG_HEAD, TOOL_DIAG_GO, TOOL_DIAG_PYFLAKES, TOOL_DIAG_PREAMBLE, TOOL_GROUP_HEAD,
    TOOL_DIAG_MAVEN, TOOL_DIAG_RUFF_GROUPED, TOOL_DIAG_PYRIGHT, TOOL_DIAG_PYDOCSTYLE, TOOL_DIAG_VULTURE,
    TOOL_DIAG_ESLINT_UNIX, TOOL_DIAG_ESLINT_COMPACT, TOOL_DIAG_MARKDOWNLINT, TOOL_DIAG_ESLINT_CODEFRAME,
    TOOL_DIAG_ANNOTATION, TOOL_DIAG_YAMLLINT, TOOL_DIAG_HADOLINT,
)


def _some(pattern: re.Pattern, alternatives: tuple[int, ...]) -> re.Pattern:
    from engine.compressors.toolout_dispatch import split_alternatives

    alts = split_alternatives(pattern.pattern)
    return re.compile("|".join(alts[k] for k in alternatives))


#: The FINDING_STARTS alternatives that can match a line holding a space or tab but no ": ".
#: The others cannot: tsc, ruff/pylint, gcc/mypy, go and shellcheck headlines and gcc's
#: `path: In function` all hold ": "; a bare path (an eslint group header) holds no white
#: space. Lines like that are most of a test run's, and these few patterns are cheap to try.
#: (tests/test_toolout.py checks the two lists agree on every such line.)
#: Each with the index in FINDING_STARTS of the pattern it is (part of).
FINDING_STARTS_SPACED = (
    (FINDING_STARTS.index(TOOL_DIAG_ESLINT), TOOL_DIAG_ESLINT),
    (FINDING_STARTS.index(TOOL_DIAG_HEAD), TOOL_DIAG_HEAD),
    (FINDING_STARTS.index(TOOL_DIAG_PREAMBLE), _some(TOOL_DIAG_PREAMBLE, (0, 1))),
    (FINDING_STARTS.index(TOOL_GROUP_HEAD), _some(TOOL_GROUP_HEAD, (0, 1))),
    (FINDING_STARTS.index(TOOL_DIAG_MAVEN), TOOL_DIAG_MAVEN),  # its message need not hold ": "
    (FINDING_STARTS.index(TOOL_DIAG_RUFF_GROUPED), TOOL_DIAG_RUFF_GROUPED),
    (FINDING_STARTS.index(TOOL_DIAG_PYDOCSTYLE), TOOL_DIAG_PYDOCSTYLE),  # ends `name`:, no ": "
    (FINDING_STARTS.index(TOOL_DIAG_MARKDOWNLINT), TOOL_DIAG_MARKDOWNLINT),  # `a.md:3 MD041/… First line …`
    (FINDING_STARTS.index(TOOL_DIAG_ANNOTATION), TOOL_DIAG_ANNOTATION),  # `##[notice]Line too long (112/100)`
)


#: Where the later FINDING_STARTS patterns stand in it (the ones _match_finding tries by name).
_AT_MAVEN = FINDING_STARTS.index(TOOL_DIAG_MAVEN)
_AT_RUFF_GROUPED = FINDING_STARTS.index(TOOL_DIAG_RUFF_GROUPED)
_AT_PYRIGHT = FINDING_STARTS.index(TOOL_DIAG_PYRIGHT)
_AT_PYDOCSTYLE = FINDING_STARTS.index(TOOL_DIAG_PYDOCSTYLE)
_AT_VULTURE = FINDING_STARTS.index(TOOL_DIAG_VULTURE)


def mark_findings(
    norm: list[str], cls: list[str], in_block: list[bool], rules: dict[int, str], candidates: dict[int, int],
    where: dict[int, tuple[str, str]] | None = None,
) -> None:
    """Label the findings outside failure blocks; record each REPEAT headline's rule.
    `candidates`: the lines where a FINDING_STARTS pattern matches, each with the index of the
    first that does (others are skipped while no finding is open)."""
    findings = _collect_findings(norm, in_block, candidates, cls)
    for f in findings:
        if f.style == "pyright" and not f.rule and f.message:
            # pyright names the rule at the end of a finding's last message line
            m = PYRIGHT_RULE.search(norm[f.message[-1]])
            f.rule = m[1] if m else ""
        elif not f.rule and f.message and f.message[0] == f.head + 1 and norm[f.head + 1][:6] == WRAP_INDENT:
            _unwrap(f, norm)
    _decide_findings(findings, norm, cls, rules, where)


#: How clang indents the rest of a diagnostic it wraps at the terminal's width (its default
#: -fmessage-length when stderr is a terminal, so under a pty):
#: `x.h:18:16: warning: identifier '_object' is`, then `      reserved because ... [-Wreserved-identifier]`.
WRAP_INDENT = " " * 6


def _unwrap(f: Finding, norm: list[str]) -> None:
    """A gcc-style headline with no rule whose next lines, indented WRAP_INDENT, end in one
    (`[-Wreserved-identifier]`) was wrapped: those lines are its headline's, so the message and
    the rule it is compared and counted by are whole, and a brief representative keeps them
    (cut at the wrap, it read `warning: macro name is a`, its kind `"macro name is a"`)."""
    if not TOOL_DIAG_GCC.match(norm[f.head]):
        return
    for n, k in enumerate(f.message):
        s = norm[k]
        if k != f.head + 1 + n or s[:6] != WRAP_INDENT or s[6:7].isspace():
            return
        m = TOOL_TRAILING_RULE.search(s)
        if m is not None:
            f.wrapped = f.message[:n + 1]
            del f.message[:n + 1]
            f.msg = " ".join([f.msg, *(norm[j].strip() for j in f.wrapped)])
            f.rule = m[1]
            return


def message_shape(msg: str) -> str:
    return DIGITS.sub("#", TOOL_QUOTED.sub("Q", msg)).strip()


#: Longest message shape a marker names an uncoded finding's kind by.
LABEL_BYTES = 40


def _shape_label(msg: str) -> str:
    """How a marker names the kind of a finding without a rule code (rustc's `warning: unused
    variable: `x``, a job log's `##[warning]msg`): its message with quoted names and numbers
    masked, as the thinning compared it, cut to LABEL_BYTES at a word (`...` says so), quoted:
    `"unused variable: '*'"×119`. Its representative in view shows the message whole."""
    text = " ".join(DIGITS.sub("N", TOOL_QUOTED.sub("'*'", msg)).split())
    if len(text) > LABEL_BYTES:
        cut = text.rfind(" ", 0, LABEL_BYTES)
        text = text[:cut if cut > LABEL_BYTES // 2 else LABEL_BYTES].rstrip(" ,;:") + "..."
    return f'"{text}"' if text else ""


def severity_of(word: str) -> str:
    w = word.lower()
    if w in _ERROR_SEVERITIES:
        return "error"
    if w in _WARNING_SEVERITIES:
        return "warning"
    if w == "note":
        return "note"
    return "low"


def _trailing_rule(msg: str) -> str:
    m = TOOL_TRAILING_RULE.search(msg)
    if m is None:  # javac names its lint first: `warning: [rawtypes] found raw type: List`
        m = TOOL_LEADING_LINT.match(msg)
    return m.group(1) if m else ""


def _match_finding(norm: list[str], i: int, first: int = 0) -> Finding | None:
    """The finding headlined at line i. `first`: the index in FINDING_STARTS of the first
    pattern matching the line (the ones before it cannot match, so they are not tried)."""
    s = norm[i]
    if first <= 0 and (m := TOOL_DIAG_TSC.match(s)):
        return Finding(i, severity_of(m["sev"]), m["rule"], m["msg"])
    if first <= 1 and (m := TOOL_DIAG_CODE.match(s)):
        rule = m["rule"] or m["brule"]
        if m["pylint"] or (m["brule"] and TOOL_PYLINT_CODE.match(rule)):
            sev = {"E": "error", "F": "error", "W": "warning"}.get(rule[0], "low")
        else:
            sev = flake8_severity(rule, m["msg"])
        return Finding(i, sev, rule, m["msg"])
    if first <= 2 and (m := TOOL_DIAG_GCC.match(s)):
        return Finding(i, severity_of(m["sev"]), _trailing_rule(m["msg"]), m["msg"])
    if first <= 3 and (m := TOOL_DIAG_SHELLCHECK.match(s)):
        return Finding(i, severity_of(m["sev"]), m["rule"], m["msg"], style="shellcheck")
    if first <= 4 and (m := TOOL_DIAG_ESLINT.match(s)):  # (yamllint's rule is in parentheses)
        return Finding(i, severity_of(m["sev"]), m["rule"] or m["prule"] or "", m["msg"])
    if first <= 5 and i + 1 < len(norm) and TOOL_DIAG_ARROW.match(norm[i + 1]) and (m := TOOL_DIAG_HEAD.match(s)):
        if m["msg2"] is not None:
            return Finding(i, "low", m["rule2"], m["msg2"], style="arrow")
        sev = severity_of(m["sev"]) if m["sev"] else "low"
        return Finding(i, sev, m["rule1"] or m["rule"] or "", m["msg"], style="arrow")
    if first <= 6 and (m := TOOL_DIAG_GO.match(s)):
        vet = GO_VET_MESSAGE.search(m["msg"])  # a vet analyzer's finding is a lint warning
        return Finding(i, "error", "", m["msg"]) if vet is None else Finding(i, "warning", vet.lastgroup, m["msg"])
    if first <= 7 and (m := TOOL_DIAG_PYFLAKES.match(s)):
        sev = "error" if TOOL_PYFLAKES_ERROR.search(m["msg"]) else "low"
        return Finding(i, sev, "", m["msg"])
    if first <= _AT_MAVEN and (m := TOOL_DIAG_MAVEN.match(s)):
        return Finding(i, severity_of(m["sev"]), "", m["msg"])
    if first <= _AT_RUFF_GROUPED and (m := TOOL_DIAG_RUFF_GROUPED.match(s)):
        return Finding(i, flake8_severity(m["rule"], m["msg"]), m["rule"], m["msg"])
    if first <= _AT_PYRIGHT and (m := TOOL_DIAG_PYRIGHT.match(s)):
        sev = severity_of(m["sev"])  # information, hint: low; basedpyright's `note` is a finding of its own
        if sev == "low" and revealed(m["msg"]):
            return Finding(i, ANSWER, "", m["msg"], style="pyright")
        rule = PYRIGHT_RULE.search(m["msg"])
        return Finding(i, "low" if sev == "note" else sev, rule[1] if rule else "", m["msg"], style="pyright")
    if first <= _AT_PYDOCSTYLE and i + 1 < len(norm) and TOOL_DIAG_PYDOCSTYLE.match(s) \
            and (m := PYDOCSTYLE_MESSAGE.match(norm[i + 1])):
        # the headline says where; the line under it is the finding (its code and message)
        return Finding(i, "low", m["rule"], m["msg"], style="pydocstyle")
    if first <= _AT_VULTURE and (m := TOOL_DIAG_VULTURE.match(s)):
        return Finding(i, "low", f"{m['kind'].replace(' ', '-')}-{m['conf']}%", m["msg"])  # `unused-variable-60%`×12
    if first <= FINDING_STARTS.index(TOOL_DIAG_ESLINT_UNIX) and (m := TOOL_DIAG_ESLINT_UNIX.match(s)):
        return Finding(i, severity_of(m["sev"]), m["rule"] or "", m["msg"])
    if first <= FINDING_STARTS.index(TOOL_DIAG_ESLINT_COMPACT) and (m := TOOL_DIAG_ESLINT_COMPACT.match(s)):
        return Finding(i, severity_of(m["sev"]), m["rule"] or "", m["msg"])
    if first <= FINDING_STARTS.index(TOOL_DIAG_MARKDOWNLINT) and (m := TOOL_DIAG_MARKDOWNLINT.match(s)):
        # every markdownlint rule is a Markdown style rule, and `error` is only its default
        # label for all of them: low severity, thinned per rule like flake8's style codes
        return Finding(i, "low", m["rule"], m["msg"])
    if first <= FINDING_STARTS.index(TOOL_DIAG_ESLINT_CODEFRAME) and (m := TOOL_DIAG_ESLINT_CODEFRAME.match(s)):
        return Finding(i, severity_of(m["sev"]), m["rule"] or "", m["msg"])
    if first <= FINDING_STARTS.index(TOOL_DIAG_ANNOTATION) and (m := TOOL_DIAG_ANNOTATION.match(s)):
        # GitHub's three levels: every `error` annotation is kept; `notice` is pylint's
        # convention and refactor findings, thinned like other low-severity ones
        title = ANNOTATION_TITLE.search(m["props"]) if m["props"] else None
        return Finding(i, severity_of(m["sev"] or m["csev"]), title["rule"] if title else "", m["msg"])
    if first <= FINDING_STARTS.index(TOOL_DIAG_YAMLLINT) and (m := TOOL_DIAG_YAMLLINT.match(s)):
        # (as in its standard format, an `error` is kept: its level is the project's config)
        return Finding(i, severity_of(m["sev"]), m["rule"] or "", m["msg"])
    if first <= FINDING_STARTS.index(TOOL_DIAG_HADOLINT) and (m := TOOL_DIAG_HADOLINT.match(s)):
        return Finding(i, severity_of(m["sev"]), m["rule"], m["msg"])  # info and style: low
    return None




def revealed(msg: str) -> bool:
    """A type checker's answer to `reveal_type` / `reveal_locals` (mypy's `Revealed type is
    "int"`, pyright's `Type of "x" is "int"`): what the agent asked for, never thinned."""
    return msg.startswith(MYPY_REVEALED) or (msg.startswith(PYRIGHT_REVEALED[0]) and PYRIGHT_REVEALED[1] in msg)


def _coded_note(f: Finding) -> bool:
    """shellcheck -f gcc writes its info and style findings as `path:L:C: note: msg [SC2086]`:
    each is a finding of its own (its own line, its own code), not a note under the one above."""
    return coded_shellcheck(f.rule)


def flake8_severity(rule: str, msg: str) -> str:
    """flake8/ruff: E9xx (syntax, I/O) and pyflakes' F codes for code that cannot run (F821
    undefined name) are errors, as the same messages are from bare pyflakes; the rest are low."""
    if rule.startswith("E9") or (rule[0] == "F" and TOOL_PYFLAKES_ERROR.search(msg)):
        return "error"
    return "low"


#: toolout_scan.CHATTER (toolout_scan imports this module).
_CHATTER = "chatter"


def _collect_findings(norm: list[str], in_block: list[bool], candidates: dict[int, int],
                      cls: list[str] | None = None) -> list[Finding]:
    """The findings, each with the lines under it. `cls`: the lines' labels by themselves; a
    progress line (make -j2's `  CC  foo.lo`, indented like an excerpt) ends a finding."""
    findings: list[Finding] = []
    if not candidates:
        return findings  # a finding, a preamble and a group header each start on a candidate
    starts = sorted(candidates)
    blocked = any(in_block)
    cur: Finding | None = None
    group: list[int] | None = None
    pending: list[int] = []
    after_did_you_mean = False
    sources_open = False
    n = len(norm)
    i = -1
    while i + 1 < n:
        i += 1
        s = norm[i]
        candidate = i in candidates
        if cur is None and not sources_open and not candidate:
            if group is None:
                # nothing opens before the next candidate; a failure block in between only
                # clears the pending preamble (the line-by-line path below, in one step)
                nxt = starts[k] if (k := bisect_right(starts, i)) < len(starts) else n
                if pending and blocked and any(in_block[i:nxt]):
                    pending = []
                i = nxt - 1
                continue
            if in_block[i]:
                pending = []
            elif not s.strip() and not norm[group[0]].startswith(("*", "In ")):
                group = None  # eslint: a blank line ends the file's group
            continue
        if in_block[i]:
            cur, pending = None, []
            continue
        if cur is not None and not candidate and cur.style == "arrow" and not after_did_you_mean and s.strip():
            # the bulk of a rustc / ruff finding: its message and excerpt lines, up to a blank
            # line, a failure block or a candidate (the general path below gives the same
            # answer, with more tests; so would this test line by line: a normalised line is
            # blank when empty)
            i = _arrow_body(norm, in_block if blocked else None, i, starts, cur) - 1
            continue
        f = _match_finding(norm, i, candidates[i]) if candidate else None
        if f is not None:
            if f.sev == "note" and revealed(f.msg):
                # mypy's reveal_type / reveal_locals answer: a finding of its own, kept with
                # the notes under it (reveal_locals writes one `x: int` note per local)
                f.sev = ANSWER
            elif f.sev == "note" and cur is not None and not _coded_note(f):
                cur.message.append(i)
                continue
            if f.sev == "note":
                f.sev = "low"
            f.preamble, pending = pending, []
            f.group = group
            sources_open = False
            findings.append(f)
            cur, after_did_you_mean = f, False
            if f.style == "arrow":
                cur.message.append(i + 1)
            continue
        if cur is not None and cur.style == "arrow" and cur.message and cur.message[-1] == i:
            continue  # the `-->` location already taken
        if candidate and TOOL_DIAG_PREAMBLE.match(s):
            pending.append(i)
            cur = None
            continue
        if candidate and TOOL_GROUP_HEAD.match(s) and s.strip():
            nxt = i + 1
            if s.startswith("In ") and s.endswith(":"):
                group, cur = [i], None  # shellcheck: header then the source line(s)
                sources_open = True
                continue
            if nxt < n and (TOOL_DIAG_ESLINT.match(norm[nxt]) or TOOL_DIAG_CODE.match(norm[nxt])
                            or TOOL_DIAG_RUFF_GROUPED.match(norm[nxt]) or TOOL_DIAG_PYRIGHT.match(norm[nxt])):
                group, cur = [i], None
                continue
        if cur is not None and cls is not None and cls[i] == _CHATTER:
            cur = None  # another job's step, interleaved: not part of the finding
            continue
        if cur is None:
            if group is not None and sources_open and s.strip():
                group.append(i)  # shellcheck's source line under its header
            elif not s.strip() and group is not None and not norm[group[0]].startswith(("*", "In ")):
                group = None  # eslint: a blank line ends the file's group
            continue
        if not s.strip():
            if cur.style == "arrow":
                cur = None
                continue
            k = i + 1
            while k < n and not norm[k].strip():
                k += 1
            if k < n and not in_block[k] and TOOL_FINDING_CONTINUES.match(norm[k]) and k not in candidates:
                cur.snippet.append(i)
            else:
                cur = None
            continue
        if cur.style == "shellcheck" and s.startswith("Did you mean:"):
            cur.message.append(i)
            after_did_you_mean = True
        elif after_did_you_mean:
            cur.snippet.append(i)
        elif cur.style == "arrow":
            (cur.message if _message_line(s) else cur.snippet).append(i)
        elif s[:1].isdigit() and LINT_STATISTICS_ROW.match(s):
            # the --statistics table after the last finding (a count per rule), then --count's
            # total: the run's summary, kept whole (its rows repeat the findings' messages)
            cur = None
            if cls is not None:
                k = i
                while k < n and LINT_STATISTICS_ROW.match(norm[k]):
                    cls[k] = KEEP
                    k += 1
                if k < n and norm[k].isdigit():
                    cls[k] = KEEP
        elif cur.snippet and s[:1].isspace() and not TOOL_DIAG_ARROW.match(s):
            cur.snippet.append(i)  # related information after an excerpt belongs with it
        elif TOOL_SNIPPET.match(s) or (i + 1 < n and TOOL_CARET_LINE.match(norm[i + 1])):
            cur.snippet.append(i)
        elif s[:1].isspace() or _message_line(s):
            cur.message.append(i)
        else:
            cur = None
    return findings


def _arrow_body(norm: list[str], in_block: list[bool] | None, i: int, starts: list[int], cur: Finding) -> int:
    """Take the lines from i (non-blank, outside a failure block, no candidate) up to the next
    blank line, failure block line or candidate into `cur`, an arrow finding: message lines
    (_message_line) to its message, the rest to its excerpt, as asked line by line; the line
    the message already ends with (the `-->` location) is taken. Returns where they end.
    `in_block`: None when no line is in a failure block. The end is found by C-level scans
    (list.index), so the loop over the lines asks one thing of each."""
    k = bisect_right(starts, i)
    end = starts[k] if k < len(starts) else len(norm)
    try:
        end = norm.index("", i, end)  # a normalised line is blank when empty
    except ValueError:
        pass
    if in_block is not None and any(in_block[i:end]):
        end = next(j for j in range(i, end) if in_block[j])
    message, snippet = cur.message, cur.snippet
    # (only the first line can be the one the message ends with: every line taken is before it)
    for j in range(i + 1 if message and message[-1] == i else i, end):
        t = norm[j]
        if t.lstrip()[:1] in "=hnwei" and TOOL_MESSAGE_LINE.match(t):  # _message_line, inline
            message.append(j)
        else:
            snippet.append(j)
    return end


def _decide_findings(
    findings: list[Finding], norm: list[str], cls: list[str], rules: dict[int, str],
    where: dict[int, tuple[str, str]] | None = None,
) -> None:
    kept: list[Finding] = []
    dropped: list[Finding] = []
    labels: dict[int, str] = {}  # an uncoded dropped finding's kind, for the marker's count
    sampled: set[str] = set()  # severities thinned to representatives: their excerpts go too
    for sev, cap in (("warning", WARNING_VOLUME), ("low", LOW_VOLUME)):
        members = [f for f in findings if f.sev == sev]
        if len(members) <= cap and not (sev == "warning" and _flood(members, norm)):
            kept.extend(members)
            continue
        sampled.add(sev)
        seen: set[tuple[str, str]] = set()
        shapes: dict[str, str] = {}  # linters repeat a message word for word
        msgs = [_worded_msg(f, norm) if f.message else f.msg for f in members]  # (a one-line finding's is its own)
        keys = []
        for f, msg in zip(members, msgs):
            shape = shapes.get(msg)
            if shape is None:
                shape = shapes[msg] = message_shape(msg)
            keys.append((f.rule, shape))
        # A finding printed again word for word (a CMake project compiling each source for its
        # shared and its static library, `a.c:53:21: warning: ...` twice) is one finding: it
        # counts once towards its kind's FEW_OF_A_KIND, and its copy is a repeat of it.
        heads = [_said(f, norm) for f in members]
        per_kind = Counter(key for key, _ in set(zip(keys, heads)))
        said: set[str | int] = set()
        for f, msg, key, head in zip(members, msgs, keys, heads):
            if head in said or key in seen and per_kind[key] > FEW_OF_A_KIND:
                dropped.append(f)
                if not f.rule:
                    labels[f.head] = _shape_label(msg)
            else:
                kept.append(f)
            seen.add(key)
            said.add(head)
    kept.extend(f for f in findings if f.sev in ("error", ANSWER))
    kept.sort(key=_HEAD)
    groups_kept: set[int] = set()
    for f in dropped:
        rules[f.head] = f.rule or labels.get(f.head, "")
        if where is not None and coded_shellcheck(f.rule):  # the marker says where each one is
            loc = shellcheck_location(norm, f.head, f.group, f.style)
            if loc is not None:
                where[f.head] = loc
        elif where is not None and f.rule == CLANG_FORMAT_RULE and (m := TOOL_DIAG_GCC.match(norm[f.head])):
            where[f.head] = (m["path"], "")  # the file only: thousands of lines say little more
        # The headline goes even when the scan kept it for its own words (rustc's and clippy's
        # `warning: msg` reads like a generic summary line): kept alone, it would stand without
        # its location, and the marker could not count it as a finding.
        cls[f.head] = REPEAT
        for k in (*f.message, *f.snippet, *f.preamble, *f.wrapped):
            if cls[k] != KEEP:  # _drop, inline: a thinned lint run drops tens of thousands of lines
                cls[k] = REPEAT
    shown = 0
    for f in kept:
        # a representative of a thinned severity shows its headline and location only
        brief = f.sev in sampled
        for k in (f.head, *f.preamble, *f.wrapped):
            cls[k] = KEEP
        # ghc's headline names only its flag (`x.hs:4:1: warning: [-Wunused-imports]`): its
        # message is the lines under it, which a brief representative keeps
        worded = not brief or bool(f.msg) and bool(TOOL_TRAILING_RULE.sub("", f.msg).strip())
        chain = _note_chain_start(f, norm) if f.sev not in ("error", ANSWER) and len(f.message) >= NOTE_CHAIN else None
        for k in f.message:
            if chain is not None and k >= chain:
                _drop(cls, k)
            elif brief and worded and f.style not in ("pyright", "pydocstyle") and not TOOL_DIAG_ARROW.match(norm[k]):
                # (pyright's message lines stay: the last names the rule, and most are one line;
                # pydocstyle's one message line is the finding, its headline only says where)
                _drop(cls, k)
            else:
                cls[k] = KEEP
        show = not brief and (shown < SNIPPET_FINDINGS or len(f.snippet) <= SHORT_EXCERPT)
        shown += bool(show and f.snippet)
        for k in f.snippet:
            if show and (chain is None or k < chain):
                cls[k] = KEEP
            else:
                _drop(cls, k)
        if f.group is not None:
            groups_kept.add(id(f.group))
    _whole_at_the_edges(dropped, norm, cls, rules)
    for f in findings:
        if f.group is not None:
            for k in f.group:
                if id(f.group) in groups_kept:
                    cls[k] = KEEP
                else:
                    _drop(cls, k)


_HEAD = attrgetter("head")


def _whole_at_the_edges(dropped: list[Finding], norm: list[str], cls: list[str], rules: dict[int, str]) -> None:
    """The terminal view keeps its first and last lines whatever they are: a pydocstyle finding
    (location line, then its code and message) cut there would show a code without its place
    or a place without its code, so one the edge reaches stays whole."""
    from engine.compressors.terminal import HEAD, TAIL  # (terminal imports this module)

    n = len(norm)
    for f in dropped:
        if f.style != "pydocstyle" or not (f.head < HEAD or f.head + len(f.message) >= n - TAIL):
            continue
        rules.pop(f.head, None)
        for k in (f.head, *f.message):
            cls[k] = KEEP


def _said(f: Finding, norm: list[str]) -> str | int:
    """What a finding says, to tell a copy of it: a gcc-style headline (`path:line:col: warning:
    msg`) with its message lines; else its line number, unique (shellcheck, rustc and Elixir say
    where a finding is in other lines: the same words are another place)."""
    if f.style or not TOOL_DIAG_GCC.match(norm[f.head]):
        return f.head
    return "\n".join([norm[f.head], *(norm[k] for k in f.message)]) if f.message else norm[f.head]


def _note_chain_start(f: Finding, norm: list[str]) -> int | None:
    """The first note line of a finding with NOTE_CHAIN notes or more, else None. The literal
    test runs over the finding's own message lines only."""
    notes = [k for k in f.message if ": note: " in norm[k]]
    return notes[0] if len(notes) >= NOTE_CHAIN else None


def _worded_msg(f: Finding, norm: list[str]) -> str:
    """The finding's message; for a headline that names only its flag (ghc's `warning:
    [-Wunused-imports]`), the flag and the first line under it, where its words are."""
    if f.message and not (f.msg and TOOL_TRAILING_RULE.sub("", f.msg).strip()):
        return f"{f.msg} {norm[f.message[0]].strip()}"
    return f.msg


def _flood(members: list[Finding], norm: list[str]) -> bool:
    """More than LOW_VOLUME findings in few kinds: the same lint over and over."""
    if len(members) <= LOW_VOLUME:
        return False
    kinds = {(f.rule, message_shape(_worded_msg(f, norm))) for f in members}
    return len(kinds) <= len(members) * FLOOD_KINDS_PER_FINDING


def _drop(cls: list[str], k: int) -> None:
    """REPEAT, unless the line was already a summary or count line of its own."""
    if cls[k] != KEEP:
        cls[k] = REPEAT
