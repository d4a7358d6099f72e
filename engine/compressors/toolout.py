"""What test, build, lint and install output must keep, and what it may drop.

An agent that runs `pytest`, `npm install` or `ruff check` needs every failure block whole,
every error line complete, the warnings, and the summary and count lines. What it does not need
is a thousand `PASSED` rows, download bars, `Compiling foo v1.0` or cmake's probes.

`classify(lines)` labels each line (ANSI already stripped, no line ends):
    KEEP     must be shown: failure blocks whole (header through the last frame), every line
             reporting an error or warning, summaries and counts, the odd test result
             (skipped, xfail, pending) with its suite titles.
    PASS     a passing test, or a progress row of passing tests.
    CHATTER  progress, downloads, compile steps, configure probes.
    REPEAT   a lint finding (or an excerpt under one) like a finding that is kept: more than
             LOW_VOLUME style findings (or WARNING_VOLUME warnings) keep one per
             (rule, message shape); source excerpts are shown for the first SNIPPET_FINDINGS.
    OTHER    no opinion; the caller's generic rules decide.
Callers must not bring PASS, CHATTER or REPEAT lines back through a generic "important line"
regex or keepNonRedundant: they are droppable by decision, and `run_summary` counts them.
Errors are never REPEAT: every error finding is kept.

`must_keep(lines)` is `classify(lines) == KEEP`. `is_tool_output(text)` looks for strong
signatures of a runner, compiler, linter or installer transcript.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.patterns import (
    ANSI,
    DIGITS,
    TOOL_CARGO_STDOUT,
    TOOL_CHATTER,
    TOOL_CMAKE_ERROR,
    TOOL_DIAG_ARROW,
    TOOL_DIAG_CODE,
    TOOL_DIAG_ESLINT,
    TOOL_DIAG_GCC,
    TOOL_DIAG_GO,
    TOOL_DIAG_HEAD,
    TOOL_DIAG_PREAMBLE,
    TOOL_DIAG_SHELLCHECK,
    TOOL_DIAG_TSC,
    TOOL_GO_FAIL,
    TOOL_GO_PANIC,
    TOOL_GROUP_HEAD,
    TOOL_JEST_BLOCK,
    TOOL_JEST_END,
    TOOL_JS_ERROR,
    TOOL_MOCHA_FAILING,
    TOOL_NODE_FAIL,
    TOOL_PASS,
    TOOL_PIP_ERROR,
    TOOL_PROBLEM,
    TOOL_PROGRESS_DONE,
    TOOL_PYTEST_BLOCK,
    TOOL_PYTEST_SECTION,
    TOOL_QUOTED,
    TOOL_RESULT_ODD,
    TOOL_SIGNATURE,
    TOOL_SNIPPET,
    TOOL_SPINNER,
    TOOL_STACK_FRAME,
    TOOL_SUMMARY,
    TOOL_TAP_NOT_OK,
    TOOL_TRACEBACK,
    TOOL_TREE_MARK,
    TOOL_TREE_ODD,
    TOOL_UNITTEST_BLOCK,
)

KEEP = "keep"
PASS = "pass"
CHATTER = "chatter"
REPEAT = "repeat"
OTHER = "other"
#: Labels a caller may elide without asking its generic rules.
DROPPABLE = frozenset({PASS, CHATTER, REPEAT})

#: More non-error, non-warning findings (style, convention, unlabelled rule codes) than this:
#: keep one per (rule, message shape) and count the rest.
LOW_VOLUME = 50
#: The same for findings labelled `warning`; a few hundred warnings are still read one by one.
WARNING_VOLUME = 200
#: Kept findings whose source excerpt (gutter, caret, underline) is shown; past this, the
#: file:line:col and the message say where, and the excerpt is one retrieve away.
SNIPPET_FINDINGS = 20
#: Test-tree markers needed before indented plain lines count as suite titles.
TREE_MIN_MARKS = 3

_ERROR_SEVERITIES = {"error", "fatal error", "severe", "critical", "fatal"}
_WARNING_SEVERITIES = {"warning"}
_CONTINUE_AFTER_BLANK = re.compile(r"^\s|^Did you mean:|^\d+\s+\S")
_MESSAGE_LINE = re.compile(r"^\s*(= )?(help|note|hint|warning|error|info)\b")
_TB_CONTINUES = re.compile(r"^(During handling of the above exception|The above exception was|Traceback )")
_NODE_CRASH_LOC = re.compile(r"^\S+:\d+$")


@dataclass
class Finding:
    head: int
    sev: str  # "error" | "warning" | "low"
    rule: str
    shape: str
    message: list[int] = field(default_factory=list)
    snippet: list[int] = field(default_factory=list)
    preamble: list[int] = field(default_factory=list)
    group: list[int] | None = None
    style: str = ""  # "arrow" (rustc, ruff full), "shellcheck", or ""


@dataclass
class Analysis:
    classes: list[str]
    #: rule of each REPEAT finding headline, by line index ("" when the finding has no code)
    repeat_rules: dict[int, str]


def _norm(line: str) -> str:
    return TOOL_SPINNER.sub("", line).rstrip()


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


# ---------------------------------------------------------------- per-line labels


def _label_lines(norm: list[str], cls: list[str]) -> None:
    for i, s in enumerate(norm):
        if not s.strip():
            continue
        if TOOL_SUMMARY.search(s) or TOOL_PROGRESS_DONE.search(s) or TOOL_RESULT_ODD.search(s):
            cls[i] = KEEP
        elif TOOL_PASS.search(s):
            cls[i] = PASS
        elif TOOL_CHATTER.search(s):
            cls[i] = CHATTER


# ---------------------------------------------------------------- failure blocks


def _mark(cls: list[str], in_block: list[bool], start: int, end: int) -> None:
    for k in range(start, end):
        cls[k] = KEEP
        in_block[k] = True


def _indented_block_end(norm: list[str], i: int, base: int) -> int:
    """End of the lines after i indented deeper than `base` (blank lines inside allowed)."""
    n = len(norm)
    j = i + 1
    while j < n:
        if not norm[j].strip():
            k = j + 1
            while k < n and not norm[k].strip():
                k += 1
            if k < n and _indent(norm[k]) > base:
                j = k
                continue
            return j
        if _indent(norm[j]) <= base:
            return j
        j += 1
    return j


def _traceback_end(norm: list[str], i: int) -> int:
    n = len(norm)
    j = i + 1
    while j < n:
        s = norm[j]
        if not s.strip():
            k = j + 1
            while k < n and not norm[k].strip():
                k += 1
            if k < n and (_TB_CONTINUES.match(norm[k]) or norm[k][:1].isspace()):
                j = k
                continue
            return j
        if s[:1].isspace() or _TB_CONTINUES.match(s):
            j += 1
            continue
        return j + 1  # the exception line itself
    return j


def _js_error_end(norm: list[str], i: int) -> int:
    n = len(norm)
    j = i + 1
    while j < n:
        s = norm[j]
        if not s.strip():
            return j
        if s[:1].isspace() or s[:1] in "}]" or s.startswith(("- ", "Require stack:")):
            j += 1
            continue
        return j
    return j


def _section_end(norm: list[str], i: int) -> int:
    j = i + 1
    while j < len(norm) and not TOOL_PYTEST_SECTION.match(norm[j]):
        j += 1
    return j


def _mark_blocks(norm: list[str], cls: list[str], in_block: list[bool]) -> None:
    n = len(norm)
    i = 0
    while i < n:
        s = norm[i]
        end = i + 1
        section = TOOL_PYTEST_SECTION.match(s)
        if section:
            name = section.group("name").lower()
            end = _section_end(norm, i)
            if name in ("failures", "errors", "short test summary info"):
                _mark(cls, in_block, i, end)
            elif name == "warnings summary":
                cls[i] = KEEP
                for k in range(i + 1, end):
                    if TOOL_PROBLEM.search(norm[k]) or norm[k].startswith("-- Docs:"):
                        cls[k] = KEEP
                        in_block[k] = True
            else:
                end = i + 1
        elif TOOL_PYTEST_BLOCK.match(s):
            end = i + 1
            while end < n and not TOOL_PYTEST_SECTION.match(norm[end]) and not TOOL_PYTEST_BLOCK.match(norm[end]):
                end += 1
            _mark(cls, in_block, i, end)
        elif TOOL_TRACEBACK.match(s):
            end = _traceback_end(norm, i)
            _mark(cls, in_block, i, end)
        elif TOOL_UNITTEST_BLOCK.match(s):
            end = i + 1
            while end < n and not re.match(r"^(={20,}|Ran \d+ tests? in )", norm[end]):
                end += 1
            _mark(cls, in_block, max(0, i - 1) if norm[i - 1].startswith("====") else i, end)
        elif TOOL_JEST_BLOCK.match(s):
            while end < n and not TOOL_JEST_END.match(norm[end]) and not norm[end].lstrip().startswith("RUNS "):
                end += 1
            _mark(cls, in_block, i, end)
        elif TOOL_MOCHA_FAILING.match(s):
            while end < n and (not norm[end].strip() or norm[end][:1].isspace()):
                end += 1
            _mark(cls, in_block, i, end)
        elif re.match(r"^Errors\s+Files$", s):
            while end < n and re.match(r"^\s+\d+\s+\S", norm[end]):
                end += 1
            _mark(cls, in_block, i, end)
        elif s.lstrip().startswith("✖ failing tests:"):
            end = n
            _mark(cls, in_block, i, end)
        elif m := (TOOL_GO_FAIL.match(s) or TOOL_TAP_NOT_OK.match(s) or TOOL_NODE_FAIL.match(s)):
            end = _indented_block_end(norm, i, len(m.group(1)))
            _mark(cls, in_block, i, end)
        elif TOOL_GO_PANIC.match(s):
            while end < n and not re.match(r"^(FAIL|ok|exit status)\b", norm[end]):
                end += 1
            _mark(cls, in_block, i, end)
        elif TOOL_CARGO_STDOUT.match(s) or s == "failures:":
            while end < n and not re.match(r"^(---- |failures:$|test result: )", norm[end]):
                end += 1
            _mark(cls, in_block, i, end)
        elif TOOL_CMAKE_ERROR.match(s) or TOOL_PIP_ERROR.match(s):
            end = _indented_block_end(norm, i, 0)
            _mark(cls, in_block, i, end)
        elif TOOL_JS_ERROR.match(s) and not in_block[i]:
            end = _js_error_end(norm, i)
            start = i
            # node's crash header: `file:line`, the source line, a caret, a blank line
            if i >= 4 and _NODE_CRASH_LOC.match(norm[i - 4]) and norm[i - 2].strip().startswith("^"):
                start = i - 4
            _mark(cls, in_block, start, end)
        i = max(end, i + 1)


# ---------------------------------------------------------------- lint and compiler findings


def _shape(msg: str) -> str:
    return DIGITS.sub("#", TOOL_QUOTED.sub("Q", msg)).strip()


def _severity(word: str) -> str:
    w = word.lower()
    if w in _ERROR_SEVERITIES:
        return "error"
    if w in _WARNING_SEVERITIES:
        return "warning"
    if w == "note":
        return "note"
    return "low"


def _trailing_rule(msg: str) -> str:
    m = re.search(r"\[([-\w]+)\]\s*$", msg)
    return m.group(1) if m else ""


def _match_finding(norm: list[str], i: int) -> Finding | None:
    s = norm[i]
    if m := TOOL_DIAG_TSC.match(s):
        return Finding(i, _severity(m["sev"]), m["rule"], _shape(m["msg"]))
    if m := TOOL_DIAG_CODE.match(s):
        rule = m["rule"]
        if m["pylint"]:
            sev = {"E": "error", "F": "error", "W": "warning"}.get(rule[0], "low")
        else:
            sev = "low"
        return Finding(i, sev, rule, _shape(m["msg"]))
    if m := TOOL_DIAG_GCC.match(s):
        return Finding(i, _severity(m["sev"]), _trailing_rule(m["msg"]), _shape(m["msg"]))
    if m := TOOL_DIAG_SHELLCHECK.match(s):
        return Finding(i, _severity(m["sev"]), m["rule"], _shape(m["msg"]), style="shellcheck")
    if m := TOOL_DIAG_ESLINT.match(s):
        return Finding(i, _severity(m["sev"]), m["rule"] or "", _shape(m["msg"]))
    if i + 1 < len(norm) and TOOL_DIAG_ARROW.match(norm[i + 1]) and (m := TOOL_DIAG_HEAD.match(s)):
        if m["msg2"] is not None:
            return Finding(i, "low", m["rule2"], _shape(m["msg2"]), style="arrow")
        sev = _severity(m["sev"]) if m["sev"] else "low"
        return Finding(i, sev, m["rule1"] or m["rule"] or "", _shape(m["msg"]), style="arrow")
    if m := TOOL_DIAG_GO.match(s):
        return Finding(i, "error", "", _shape(m["msg"]))
    return None


def _collect_findings(norm: list[str], in_block: list[bool]) -> list[Finding]:
    findings: list[Finding] = []
    cur: Finding | None = None
    group: list[int] | None = None
    pending: list[int] = []
    after_did_you_mean = False
    n = len(norm)
    for i, s in enumerate(norm):
        if in_block[i]:
            cur, pending = None, []
            continue
        f = _match_finding(norm, i)
        if f is not None:
            if f.sev == "note" and cur is not None:
                cur.message.append(i)
                continue
            if f.sev == "note":
                f.sev = "low"
            f.preamble, pending = pending, []
            f.group = group
            findings.append(f)
            cur, after_did_you_mean = f, False
            if f.style == "arrow":
                cur.message.append(i + 1)
            continue
        if cur is not None and cur.style == "arrow" and cur.message and cur.message[-1] == i:
            continue  # the `-->` location already taken
        if TOOL_DIAG_PREAMBLE.match(s):
            pending.append(i)
            cur = None
            continue
        if TOOL_GROUP_HEAD.match(s) and s.strip():
            nxt = i + 1
            if s.startswith("In ") and s.endswith(":"):
                group, cur = [i], None  # shellcheck: header then the source line(s)
                continue
            if nxt < n and (TOOL_DIAG_ESLINT.match(norm[nxt]) or TOOL_DIAG_CODE.match(norm[nxt])):
                group, cur = [i], None
                continue
        if cur is None:
            if group is not None and group and norm[group[0]].startswith("In ") and s.strip():
                if not TOOL_DIAG_SHELLCHECK.match(s):
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
            if k < n and not in_block[k] and _CONTINUE_AFTER_BLANK.match(norm[k]) and _match_finding(norm, k) is None:
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
            (cur.message if _MESSAGE_LINE.match(s) else cur.snippet).append(i)
        elif cur.snippet and s[:1].isspace() and not TOOL_DIAG_ARROW.match(s):
            cur.snippet.append(i)  # related information after an excerpt belongs with it
        elif TOOL_SNIPPET.match(s) or (i + 1 < n and re.match(r"^\s*[\^~]", norm[i + 1])):
            cur.snippet.append(i)
        elif s[:1].isspace() or _MESSAGE_LINE.match(s):
            cur.message.append(i)
        else:
            cur = None
    return findings


def _decide_findings(
    findings: list[Finding], norm: list[str], cls: list[str], rules: dict[int, str]
) -> None:
    kept: list[Finding] = []
    dropped: list[Finding] = []
    sampled: set[str] = set()  # severities thinned to representatives: their excerpts go too
    for sev, cap in (("warning", WARNING_VOLUME), ("low", LOW_VOLUME)):
        members = [f for f in findings if f.sev == sev]
        if len(members) <= cap:
            kept.extend(members)
            continue
        sampled.add(sev)
        seen: set[tuple[str, str]] = set()
        for f in members:
            key = (f.rule, f.shape)
            (dropped if key in seen else kept).append(f)
            seen.add(key)
    kept.extend(f for f in findings if f.sev == "error")
    kept.sort(key=lambda f: f.head)
    groups_kept: set[int] = set()
    for f in dropped:
        rules[f.head] = f.rule
        for k in (f.head, *f.message, *f.snippet, *f.preamble):
            _drop(cls, k)
    shown = 0
    for f in kept:
        # a representative of a thinned severity shows its headline and location only
        brief = f.sev in sampled
        for k in (f.head, *f.preamble):
            cls[k] = KEEP
        for k in f.message:
            if brief and not TOOL_DIAG_ARROW.match(norm[k]):
                _drop(cls, k)
            else:
                cls[k] = KEEP
        show = shown < SNIPPET_FINDINGS and not brief
        shown += bool(show and f.snippet)
        for k in f.snippet:
            if show:
                cls[k] = KEEP
            else:
                _drop(cls, k)
        if f.group is not None:
            groups_kept.add(id(f.group))
    for f in findings:
        if f.group is not None:
            for k in f.group:
                if id(f.group) in groups_kept:
                    cls[k] = KEEP
                else:
                    _drop(cls, k)


def _drop(cls: list[str], k: int) -> None:
    """REPEAT, unless the line was already a summary or count line of its own."""
    if cls[k] != KEEP:
        cls[k] = REPEAT


# ---------------------------------------------------------------- test trees


def _mark_tree(norm: list[str], cls: list[str], in_block: list[bool]) -> None:
    """In a mocha / jest / node --test tree: suite titles of passing tests are PASS; the titles
    above a failing, pending or skipped result are KEEP (they name it)."""
    if sum(1 for s in norm if TOOL_TREE_MARK.match(s)) < TREE_MIN_MARKS:
        return
    stack: list[tuple[int, int]] = []  # (indent, index) of open suite titles
    for i, s in enumerate(norm):
        if not s.strip() or in_block[i]:
            continue
        d = _indent(s)
        while stack and stack[-1][0] >= d:
            stack.pop()
        if cls[i] == OTHER and TOOL_TREE_ODD.match(s):
            cls[i] = KEEP
        if cls[i] == KEEP and (TOOL_TREE_ODD.match(s) or TOOL_RESULT_ODD.search(s)):
            for _, k in stack:
                cls[k] = KEEP
            continue
        title = cls[i] == OTHER and (s[:1].isspace() or s.startswith("▶ ")) or s.lstrip().startswith("▶ ")
        if title and not TOOL_JS_ERROR.match(s) and not TOOL_STACK_FRAME.match(s):
            if cls[i] == OTHER:
                cls[i] = PASS
            stack.append((d, i))


# ---------------------------------------------------------------- public API


def analyse(lines: list[str]) -> Analysis:
    norm = [_norm(line) for line in lines]
    n = len(norm)
    cls = [OTHER] * n
    in_block = [False] * n
    _label_lines(norm, cls)
    _mark_blocks(norm, cls, in_block)
    rules: dict[int, str] = {}
    _decide_findings(_collect_findings(norm, in_block), norm, cls, rules)
    _mark_tree(norm, cls, in_block)
    for i, s in enumerate(norm):
        if cls[i] == OTHER and s.strip() and (TOOL_PROBLEM.search(s) or TOOL_STACK_FRAME.match(s)):
            cls[i] = KEEP
    _label_blanks(norm, cls)
    return Analysis(cls, rules)


def _label_blanks(norm: list[str], cls: list[str]) -> None:
    """A blank line between two lines of one label takes it; between two droppable lines it
    takes the earlier one's, so separators never split an elided run."""
    n = len(norm)
    prev = None
    i = 0
    while i < n:
        if norm[i].strip():
            prev = cls[i]
            i += 1
            continue
        j = i
        while j < n and not norm[j].strip():
            j += 1
        nxt = cls[j] if j < n else None
        if cls[i] == OTHER and prev is not None and nxt is not None:
            label = prev if prev == nxt or prev in DROPPABLE else nxt if nxt in DROPPABLE else None
            if label is not None:
                for k in range(i, j):
                    if cls[k] == OTHER:
                        cls[k] = label
        i = j


def classify(lines: list[str]) -> list[str]:
    return analyse(lines).classes


def must_keep(lines: list[str]) -> list[bool]:
    return [c == KEEP for c in classify(lines)]


#: Longest rule list a marker summary spells out before folding the rest into one count.
SUMMARY_RULES_BYTES = 120


def run_summary(analysis: Analysis, start: int, end: int) -> str:
    """A complete account of the elided lines start..end-1, for `… N lines elided (caveman): S …`.

    Every line of the run is counted in exactly one part, so the summary never reads as
    complete when it is not."""
    counts = {PASS: 0, CHATTER: 0, REPEAT: 0, OTHER: 0, KEEP: 0}
    per_rule: dict[str, int] = {}
    findings = 0
    for k in range(start, end):
        counts[analysis.classes[k]] += 1
        if k in analysis.repeat_rules:
            findings += 1
            rule = analysis.repeat_rules[k] or "uncoded"
            per_rule[rule] = per_rule.get(rule, 0) + 1
    parts = []
    if counts[PASS]:
        parts.append(f"{counts[PASS]} passing-test lines")
    if counts[CHATTER]:
        parts.append(f"{counts[CHATTER]} progress lines")
    if findings:
        ranked = sorted(per_rule.items(), key=lambda kv: (-kv[1], kv[0]))
        shown: list[str] = []
        used = 0
        for rule, c in ranked:
            item = f"{rule}×{c}"
            if used + len(item) > SUMMARY_RULES_BYTES and len(shown) < len(ranked) - 1:
                break
            shown.append(item)
            used += len(item) + 1
        rest = ranked[len(shown):]
        if rest:
            shown.append(f"+{len(rest)} more rules×{sum(c for _, c in rest)}")
        parts.append(f"{findings} findings like those shown: {' '.join(shown)}")
    context = counts[REPEAT] - findings
    if context:
        parts.append(f"{context} lines under them")
    other = counts[OTHER] + counts[KEEP]
    if other:
        parts.append(f"{other} other lines")
    return "; ".join(parts)


def is_tool_output(text: str) -> bool:
    """Strong signatures of a test runner, compiler, build tool, linter or installer."""
    head = text.lstrip()[:1]
    if head in ("{", "["):
        return False
    if "\x1b" in text:
        text = ANSI.sub("", text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return TOOL_SIGNATURE.search(text) is not None
