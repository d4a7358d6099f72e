"""minitest, PHPUnit and RuboCop transcripts: how they are recognised and what they keep.

None of the three prints a line TOOL_SIGNATURE knows, so their runs were read as plain text,
whose generic section folding took the second and third `  2) Failure:` blocks of a minitest
run for copies of the first, and RuboCop's `E: Lint/Syntax` findings for copies of the
convention findings around them. Here:

- `is_run(text)`: a run's closing line (minitest's `N runs, N assertions, …`, RuboCop's
  `N files inspected, …`) or PHPUnit's header; each pattern is tried only when a literal of it
  is in the text.
- `mark_rubyphp(norm, cls, in_block, joined, rules)`: labels the lines no other rule claimed.
  rspec -fd: a passing example and a passing group's title pass, a failed or pending example is
  kept with the titles above it.
  minitest: each `  N) Failure:` / `Error:` / `Skipped:` block is kept whole, a `-v` result row
  passes (`= .`) or is kept. PHPUnit: each `There were N failures:` section is kept whole, a
  progress row of dots passes (a row with E/F/S/… is kept), `--debug`'s started/ended rows are
  progress, `--testdox`'s ✘ row with its `│` body is kept. RuboCop: every error and warning
  finding is kept; convention and refactor findings are kept while few, past LOW_VOLUME one per
  (cop, message shape) (headline and excerpt) stands for the rest, counted per cop in the marker
  (as toolout_findings thins other linters' low-severity findings). perlcritic: its findings
  likewise, severities 5 and 4 counted as warnings. phpcs: every file's name and counts kept,
  errors phpcbf cannot fix all kept, the `[x]` violations it fixes thinned like formatting findings.
"""
from __future__ import annotations

from engine.compressors.toolout_findings import LOW_VOLUME, WARNING_VOLUME, message_shape
from engine.compressors.toolout_scan import CHATTER, KEEP, OTHER, PASS, REPEAT
from engine.patterns import (
    MINITEST_BLOCK,
    MINITEST_SUMMARY,
    MINITEST_VERBOSE_ROW,
    PERLCRITIC_FINDING,
    PHP_DIAGNOSTIC,
    PHPCS_CONTINUATION,
    PHPCS_FOUND,
    PHPCS_ROW,
    RSPEC_DOC_ODD,
    RSPEC_SUMMARY,
    PHPUNIT_DEBUG_ROW,
    PHPUNIT_HEADER,
    PHPUNIT_PROGRESS_ROW,
    PHPUNIT_SECTION,
    PHPUNIT_STATUS,
    RUBOCOP_FINDING,
    RUBOCOP_SUMMARY,
    TOOL_QUOTED,
)

#: Diagnostics, and their share of the non-blank lines (one in this many), that make a PHP run a log.
PHP_DIAGNOSTICS_MIN = 5
PHP_DIAGNOSTICS_SHARE = 3
#: How every PHP diagnostic ends (`… in /app/x.php on line 6`): looked for in a line's last
#: PHP_LINE_END_WINDOW characters before the regex is asked.
PHP_LINE_END = " on line "
PHP_LINE_END_WINDOW = 20

#: rspec's closing count (`12 examples, 0 failures`), which -fd's tree is read only under: every
#: RSPEC_SUMMARY match holds one of these (a bare " example" is in much prose and help text,
#: and the regex then read the whole payload).
RSPEC_WORDS = (" examples, ", " example, ")
#: Where rspec's -fd tree ends: its pending list, its failures, its timing line.
RSPEC_TREE_END = ("Pending: (", "Failures:", "Finished in ")

#: Literals one of whose presence each signature needs (C-speed `in` tests before any regex).
MINITEST_WORD = " runs, "
PHPUNIT_WORD = "PHPUnit "
RUBOCOP_WORD = " inspected, "
PERLCRITIC_WORD = "(Severity: "
PHPCS_WORD = " AFFECTING "
#: phpcs's lines that name a file and its counts, kept: `FILE: path`, `FOUND …`, `PHPCBF CAN FIX …`.
PHPCS_HEADS = ("FILE: ", "FOUND ", "PHPCBF CAN FIX ")
#: perlcritic severities read as warnings (5 "gentle" and 4 "stern": the policies it ranks most
#: important); 3 to 1 are low. Thinned past WARNING_VOLUME and LOW_VOLUME like other linters'.
PERLCRITIC_WARNING_SEVERITIES = ("5", "4")
#: PHPUnit's testdox marks: a failed or errored test, and the frame of its message body (`│`
#: plain; with colours `┐` opens it, `├` heads the message, `┊` runs the diff, `╵` the location,
#: `┴` closes it).
TESTDOX_FAIL = " ✘ "
TESTDOX_BODY = ("│", "┐", "├", "┊", "╵", "┴")
#: testdox rows of the odd results: skipped, incomplete, risky, warning (PHPUnit 10: `⚠`).
TESTDOX_ODD = (" ↩ ", " ∅ ", " ☢ ", " ⚠ ")
#: testdox's closing list of every test that did not pass.
TESTDOX_SUMMARY = "Summary of non-successful tests:"
#: Lines a RuboCop finding spans at most: headline, a parser note (`(Using Ruby 2.6 parser; …)`),
#: the source line and the caret line, with room to spare.
EXCERPT_MAX = 6


def is_run(text: str) -> bool:
    """A minitest, PHPUnit or RuboCop transcript."""
    return bool(
        (MINITEST_WORD in text and MINITEST_SUMMARY.search(text))
        or (PHPUNIT_WORD in text and PHPUNIT_HEADER.search(text))
        or (RUBOCOP_WORD in text and RUBOCOP_SUMMARY.search(text))
        or (PERLCRITIC_WORD in text and PERLCRITIC_FINDING.search(text))
        or (PHPCS_WORD in text and PHPCS_FOUND.search(text))
    )


def php_diagnostics(text: str, nonblank: list[str]) -> bool:
    """A PHP script's run whose output is mostly its warnings, notices and deprecations
    (`PHP Warning:  … on line 6`, displayed `Deprecated: … on line 9`): a log of diagnostics,
    whose log view keeps each wording once and counts its repeats; as text, a flood of two
    alternating deprecations was folded as repeated sections with one of the two out of view."""
    if " on line " not in text:
        return False
    hits = sum(1 for s in nonblank if PHP_LINE_END in s[-PHP_LINE_END_WINDOW:] and PHP_DIAGNOSTIC.match(s))
    return hits >= PHP_DIAGNOSTICS_MIN and PHP_DIAGNOSTICS_SHARE * hits >= len(nonblank)


def mark_rubyphp(norm: list[str], cls: list[str], in_block: list[bool], joined: str, rules: dict[int, str]) -> None:
    if any(word in joined for word in RSPEC_WORDS) and RSPEC_SUMMARY.search(joined):
        _mark_rspec_doc(norm, cls)
    if MINITEST_WORD in joined and MINITEST_SUMMARY.search(joined):
        _mark_minitest(norm, cls, in_block)
    if PHPUNIT_WORD in joined and PHPUNIT_HEADER.search(joined):
        _mark_phpunit(norm, cls, in_block, joined)
    if RUBOCOP_WORD in joined and RUBOCOP_SUMMARY.search(joined):
        _mark_rubocop(norm, cls, in_block, rules)
    if PERLCRITIC_WORD in joined:
        _mark_perlcritic(norm, cls, in_block, rules)
    if PHPCS_WORD in joined and PHPCS_FOUND.search(joined):
        _mark_phpcs(norm, cls, in_block, rules)


def _keep(cls: list[str], in_block: list[bool], start: int, end: int) -> None:
    for k in range(start, end):
        cls[k] = KEEP
        in_block[k] = True


def _mark_minitest(norm: list[str], cls: list[str], in_block: list[bool]) -> None:
    n = len(norm)
    starts = [i for i, s in enumerate(norm) if s[:1] == " " and MINITEST_BLOCK.match(s)]
    for k, i in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else n
        j = i + 1
        while j < end and not MINITEST_SUMMARY.match(norm[j]):
            j += 1
        _keep(cls, in_block, i, j)
    for i, s in enumerate(norm):
        if s.endswith((" = .", " = F", " = E", " = S")) and cls[i] == OTHER and MINITEST_VERBOSE_ROW.match(s):
            cls[i] = PASS if s.endswith(".") else KEEP
        elif s[:1].isdigit() and MINITEST_SUMMARY.match(s):
            cls[i] = KEEP


def _indent(s: str) -> int:
    return len(s) - len(s.lstrip(" "))


def _mark_rspec_doc(norm: list[str], cls: list[str]) -> None:
    """rspec -fd's tree of groups and examples: a passing example is PASS, a failed or pending
    one (`parses record 7 (FAILED - 1)`, `(PENDING: network disabled)`) is KEEP with the group
    titles above it; a group title (a line with deeper lines under it) is PASS otherwise. An
    unindented line with nothing under it (a spec's own output) is left to the other rules."""
    end = next((i for i, s in enumerate(norm) if s.startswith(RSPEC_TREE_END)), len(norm))
    nonblank = [i for i in range(end) if norm[i]]
    stack: list[tuple[int, int]] = []  # (indent, index) of the open group titles
    for k, i in enumerate(nonblank):
        s = norm[i]
        if cls[i] != OTHER:
            continue
        d = _indent(s)
        while stack and stack[-1][0] >= d:
            stack.pop()
        if k + 1 < len(nonblank) and _indent(norm[nonblank[k + 1]]) > d:
            cls[i] = PASS
            stack.append((d, i))
        elif d >= 2:
            if s.endswith(")") and RSPEC_DOC_ODD.search(s):
                cls[i] = KEEP
                for _, title in stack:
                    cls[title] = KEEP
            else:
                cls[i] = PASS


def _mark_phpunit(norm: list[str], cls: list[str], in_block: list[bool], joined: str) -> None:
    n = len(norm)
    i = 0
    while i < n:
        s = norm[i]
        if s.startswith("There ") and PHPUNIT_SECTION.match(s):
            j = i + 1
            while j < n and norm[j] != "--" and not PHPUNIT_STATUS.match(norm[j]):
                j += 1
            _keep(cls, in_block, i, j)
            i = j
            continue
        if cls[i] == OTHER or cls[i] == PASS:
            if s[:1] in ".EFSIRWDN" and s.endswith("%)") and PHPUNIT_PROGRESS_ROW.match(s):
                dots = s.split(" ", 1)[0]
                cls[i] = PASS if dots.strip(".") == "" else KEEP
            elif s.startswith("Test '") and PHPUNIT_DEBUG_ROW.match(s):
                cls[i] = CHATTER
            elif PHPUNIT_STATUS.match(s):
                cls[i] = KEEP
        i += 1
    if TESTDOX_FAIL in joined or TESTDOX_SUMMARY in joined or any(mark in joined for mark in TESTDOX_ODD):
        for i, s in enumerate(norm):
            if s.startswith(TESTDOX_FAIL) or s.startswith(TESTDOX_ODD):
                j = i + 1
                while j < n and norm[j].lstrip().startswith(TESTDOX_BODY):
                    j += 1
                _keep(cls, in_block, i, j)
            elif s == TESTDOX_SUMMARY:  # the failed, skipped, risky … tests again, grouped by class
                j = i + 1
                while j < n and not PHPUNIT_STATUS.match(norm[j]):
                    j += 1
                _keep(cls, in_block, i, j)


def _mark_rubocop(norm: list[str], cls: list[str], in_block: list[bool], rules: dict[int, str]) -> None:
    """Each finding is its headline and the source excerpt under it (the source line and the
    caret line), up to the next headline or blank line."""
    findings: list[tuple[int, int, str, str, str]] = []  # (head, end, severity letter, cop, message shape)
    heads = [i for i, s in enumerate(norm) if ": " in s and not in_block[i] and RUBOCOP_FINDING.match(s)]
    for k, i in enumerate(heads):
        stop = heads[k + 1] if k + 1 < len(heads) else len(norm)
        j = i + 1
        while j < stop and j < i + EXCERPT_MAX and norm[j] and not in_block[j]:
            j += 1
        m = RUBOCOP_FINDING.match(norm[i])
        # a corrected finding is not one left to fix: counted apart from the open ones
        cop = m["cop"] or ""  # (a run on a terminal prints no cop names)
        rule = cop + "[corrected]" if m["status"] == "Corrected" else cop
        findings.append((i, j, m["sev"], rule, message_shape(norm[i][m.end():])))
    low = [f for f in findings if f[2] in "CR"]
    thin = len(low) > LOW_VOLUME
    seen: set[tuple[str, str]] = set()
    for head, end, sev, cop, shape in findings:
        if sev in "CR" and thin and (cop, shape) in seen:
            rules[head] = cop
            for k in range(head, end):
                cls[k] = REPEAT
            continue
        seen.add((cop, shape))
        for k in range(head, end):
            cls[k] = KEEP


def _mark_perlcritic(norm: list[str], cls: list[str], in_block: list[bool], rules: dict[int, str]) -> None:
    """perlcritic's findings, one line each: all kept while few; past the volume of their class,
    one per policy is kept and the rest are REPEAT, counted per policy in the marker.

    Its default format names no policy: a policy is told by its message shape (`Subroutine Q
    does not end with Q`) with its explanation (`See pages 240,241 of PBP.`), whose page
    numbers tell RequireDotMatchAnything's `Regular expression without "/s" flag` from
    RequireLineBoundaryMatching's `"/m"` and RequireExtendedFormatting's `"/x"`: by the shape
    alone, one `"/s"` finding stood for all three. A policy whose findings all say the same words
    is named in the marker by them (`Regular expression without "/m" flag×31`), else by its shape."""
    found: list[tuple[int, bool, str]] = []  # (line, warning-class, policy)
    labels: dict[str, str] = {}
    for i, s in enumerate(norm):
        if s.endswith(")") and PERLCRITIC_WORD in s[-14:] and not in_block[i] and cls[i] == OTHER:
            m = PERLCRITIC_FINDING.match(s)
            if m:
                msg = m["msg"]
                # (quoted words in an explanation name the finding's subject: `when calling "unlink"`)
                policy = message_shape(msg) + "\0" + TOOL_QUOTED.sub("Q", m["why"]).strip()
                found.append((i, m["sev"] in PERLCRITIC_WARNING_SEVERITIES, policy))
                label = labels.setdefault(policy, msg)
                if label != msg:
                    labels[policy] = message_shape(msg)
    warnings = sum(1 for _, warn, _ in found if warn)
    thin = {True: warnings > WARNING_VOLUME, False: len(found) - warnings > LOW_VOLUME}
    seen: set[str] = set()
    for i, warn, policy in found:
        if thin[warn] and policy in seen:
            cls[i] = REPEAT
            rules[i] = labels[policy]
        else:
            seen.add(policy)
            cls[i] = KEEP


def _mark_phpcs(norm: list[str], cls: list[str], in_block: list[bool], rules: dict[int, str]) -> None:
    """phpcs's full report: every file's `FILE:` and `FOUND` lines are kept (which files, how
    many); a row with its wrapped lines is a finding. An error phpcbf cannot fix is kept always;
    a violation it fixes (`[x]`, layout and naming) is a formatting finding, kept while few and
    past LOW_VOLUME one per message shape; warnings past WARNING_VOLUME likewise."""
    found: list[tuple[int, int, str, str]] = []  # (row, end, class, shape)
    n = len(norm)
    for i, s in enumerate(norm):
        if cls[i] != OTHER or in_block[i]:
            continue
        if s.startswith(PHPCS_HEADS):
            cls[i] = KEEP
            continue
        if " | " not in s[:12]:
            continue
        m = PHPCS_ROW.match(s)
        if m is None:
            continue
        j = i + 1
        while j < n and PHPCS_CONTINUATION.match(norm[j]):
            j += 1
        msg = " ".join([m["msg"]] + [norm[k].split("|", 2)[2].strip() for k in range(i + 1, j)])
        kind = "fixable" if m["fix"] == "[x] " else "error" if m["sev"] == "ERROR" else "warning"
        found.append((i, j, kind, message_shape(msg)))
    volume = {"fixable": LOW_VOLUME, "warning": WARNING_VOLUME}
    counts = {kind: sum(1 for f in found if f[2] == kind) for kind in volume}
    seen: set[tuple[str, str]] = set()
    for i, j, kind, shape in found:
        repeat = kind in volume and counts[kind] > volume[kind] and (kind, shape) in seen
        seen.add((kind, shape))
        for k in range(i, j):
            cls[k] = REPEAT if repeat else KEEP
        if repeat:
            rules[i] = shape
