"""Terminal compressor: what a test runner, compiler, linter or installer printed, cleaned and cut.

Colour and cursor escapes go, each `\\r`-redrawn line keeps its final frame, backspaces are
applied. Then the head and tail stay, and so does every line an agent must see
(toolout.must_keep: failure blocks, error and warning lines, summaries) and every line the
terminal pattern flags; the rest (passing tests, progress chatter) becomes counted markers.
"""
from __future__ import annotations

from engine.compressors import lines as L
from engine.compressors import toolout
from engine.patterns import (
    ANSI, CONTROL_CHARS, DIAGNOSTIC_POINTER, ERROR_WORD, FAILURE_START, FAILURE_WORDS, INDENTED_FRAME, LOCATION, PASSING_CANDIDATE, PASSING_LINE, PASSING_START, PASSING_WORDS,
    PENDING_TEST, SOURCE_EXCERPT, TERMINAL_IMPORTANT,
)
from engine.safety import SafetyClass
from engine.types import ContentType

HEAD, TAIL = 3, 3
QUERY_LIMIT = 16
#: Every line TERMINAL_IMPORTANT matches contains one of these (lower-cased), is an indented
#: stack frame, or has a `:N:N:` location.
TERMINAL_KEYWORDS = ("err", "fatal", "panic", "exception", "traceback", "fail", "warn", "caused by",
                     ".go:", "--->", "exit status")
#: What keepNonRedundant compares a passing-test or progress line by: its status, not its name.
PASSING_VOCAB = "caveman passing line"
EXCERPT_VOCAB = "caveman source excerpt"
#: A suite header's block is scanned this far at most (keeps the pass linear).
SUITE_LOOKAHEAD = 400
#: Lines of one failure block kept at most (a runaway block is a transcript, not a failure).
FAILURE_BLOCK_MAX = 200


def clean_line(line: str) -> str:
    """One line as the terminal finally showed it (its own trailing `\\r` excluded)."""
    if "\x1b" in line:
        line = ANSI.sub("", line)
    if "\r" in line:
        frames = [frame for frame in line.split("\r") if frame.strip()]
        line = frames[-1] if frames else ""
    if "\b" in line:
        kept: list[str] = []
        for ch in line:
            if ch == "\b":
                if kept:
                    kept.pop()
            else:
                kept.append(ch)
        line = "".join(kept)
    if not line.isprintable():
        line = CONTROL_CHARS.sub("", line)
    return line.rstrip()


def keep_failure_blocks(cleaned: list[str], must: list[bool]) -> None:
    """A failing test's first line and everything nested under it up to a blank line; pending
    tests too (both are what the agent reads the run for)."""
    starts = L.flag_lines(cleaned, FAILURE_START.match, FAILURE_WORDS, fold_case=False)
    n = len(cleaned)
    for i in range(n):
        if not starts[i]:
            if cleaned[i].startswith((" ", "\t")) and PENDING_TEST.match(cleaned[i]):
                must[i] = True
            continue
        must[i] = True
        depth = _indent(cleaned[i])
        j = i + 1
        while j < n and j - i <= FAILURE_BLOCK_MAX and cleaned[j].strip() and _indent(cleaned[j]) > depth:
            must[j] = True
            j += 1


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def fold_suite_headers(cleaned: list[str], must: list[bool], vocab: list[str]) -> None:
    """Compare a suite header (`  Router`, `    .use()`) as a passing line when everything
    nested under it passed: the header of a suite holding a failure stays its own class."""
    n = len(cleaned)
    indents = [len(line) - len(line.lstrip()) if line else 0 for line in cleaned]
    blank = [not line.strip() for line in cleaned]
    for i in range(n - 1, -1, -1):
        if must[i] or blank[i] or vocab[i] is PASSING_VOCAB:
            continue
        depth = indents[i]
        j, children, clean = i + 1, 0, True
        while j < n and j - i <= SUITE_LOOKAHEAD:
            if not blank[j]:
                if indents[j] <= depth:
                    break
                if vocab[j] is not PASSING_VOCAB:
                    clean = False
                    break
                children += 1
            j += 1
        if clean and children and (j >= n or j - i <= SUITE_LOOKAHEAD):
            vocab[i] = PASSING_VOCAB


def fold_excerpts(cleaned: list[str], must: list[bool], vocab: list[str]) -> None:
    """Compare source-excerpt lines as one class, except in a block opened by an error line
    (a compiler error's excerpt is part of the error; a linter's thousand excerpts are not)."""
    in_error_block = False
    for i, line in enumerate(cleaned):
        if not line.strip():
            in_error_block = False
        elif must[i] and ERROR_WORD.search(line):
            in_error_block = True
        elif not in_error_block and not must[i] and SOURCE_EXCERPT.match(line):
            vocab[i] = EXCERPT_VOCAB


def is_passing(line: str) -> bool:
    """A passing test or progress line (compared by status, not by name)."""
    if PASSING_START.match(line):
        return True
    return any(word in line for word in PASSING_WORDS) and PASSING_LINE.search(line) is not None


class TerminalCompressor:
    content_type = ContentType.TERMINAL
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        return self._run(data, None)

    def compress_query(self, data: bytes, query: str) -> bytes | None:
        return self._run(data, query)

    def _run(self, data: bytes, query: str | None) -> bytes | None:
        text = L.decode(data)
        if text is None:
            return None
        doc = L.split(text)
        cleaned = [clean_line(ln) for ln in doc.bare()]
        n = len(cleaned)
        cr = ["\r" if ln.endswith("\r") else "" for ln in doc.lines]
        units = [c + e for c, e in zip(cleaned, cr)]
        eol = "\r" if doc.eol_cr else ""
        must = toolout.must_keep(cleaned)
        passing = L.flag_lines(cleaned, is_passing, PASSING_WORDS, (PASSING_CANDIDATE,), fold_case=False)
        # When toolout recognises a test, build, lint or install transcript, its verdict is the
        # definition of what must stay (it thins repeated low-severity findings, which the
        # generic pattern's `:N:N:` would keep by the thousand); otherwise the generic pattern
        # adds its error lines. A passing test named "should handle errors" is not an error
        # line either way (toolout's verdict, already in `must`, is never overridden).
        if toolout.is_tool_output("\n".join(cleaned)):
            important = [False] * n
        else:
            important = L.flag_lines(cleaned, TERMINAL_IMPORTANT, TERMINAL_KEYWORDS, (LOCATION, INDENTED_FRAME))
        L.mark(must, [imp and not ok for imp, ok in zip(important, passing)])
        keep_failure_blocks(cleaned, must)
        for i in range(n):
            if "line" in cleaned[i] or "-->" in cleaned[i]:
                m = DIAGNOSTIC_POINTER.fullmatch(cleaned[i])
                if m is not None:
                    must[i] = True
                    j = i - 1
                    while m.group(1) and j >= 0 and not cleaned[j].strip():
                        j -= 1
                    if m.group(1) and j >= 0:
                        must[j] = True
        vocab = [PASSING_VOCAB if p and not m else c for c, p, m in zip(cleaned, passing, must)]
        fold_suite_headers(cleaned, must, vocab)
        fold_excerpts(cleaned, must, vocab)

        def render(extra: list[int], context: bool = True) -> str | None:
            keep = L.head_tail(n, HEAD, TAIL) if context else [False] * n
            L.mark(keep, must)
            for i in extra:
                keep[i] = True
            result = L.elide(units, keep, noun="lines", eol=eol, vocab_units=vocab)
            return doc.join(result.out)

        out = render([]) if n >= 4 else doc.join(units)
        if query and query.strip() and n >= 4:
            biased = L.query_biased(lambda extra: render(extra, context=False),
                                    L.rank(cleaned, query, QUERY_LIMIT), L.blen(out))
            if biased is not None:
                out = biased
        if out == text:
            return None
        return out.encode("utf-8")
