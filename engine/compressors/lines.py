"""The line-elision core every line-oriented compressor shares (log, terminal, search, text).

A compressor decides which units (lines or sections) it must keep; this module does the rest
the same way for all of them: keepNonRedundant so the one odd unit survives, dropped units
grouped into runs, a run replaced by a counted marker (with an invariant summary when the
compressor can read fields from its units), short runs left alone, the trailing note line,
and the query bias that never makes a view larger than the plain one.
"""
from __future__ import annotations

import functools
import math
import re
from bisect import bisect_right
from collections import Counter
from itertools import accumulate, compress, count, repeat, takewhile
from operator import contains, not_, truth
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engine.compressors import invariants, literal_index
from engine.compressors.redundancy import keep_non_redundant
from engine.patterns import ANSI, WORD

#: A run shorter than this is emitted verbatim unless its marker summarizes and halves it:
#: a one-unit marker plus a recovery handle costs about what the unit cost and reads as a hole.
MIN_RUN = 3
#: A list (file paths, names) of up to this many entries is an enumeration the agent reads whole;
#: a longer one (`find /`) is thinned like any output, its markers counting what went.
LIST_MAX_ENTRIES = 1000
#: Query bias: at most this share of the best score still counts as relevant.
QUERY_RELEVANCE = 0.30

Fields = Callable[[str], "dict[str, str] | None"]


def blen(text: str) -> int:
    """UTF-8 length without encoding ASCII (the common case) again."""
    return len(text) if text.isascii() else len(text.encode("utf-8"))


class QueryAwareLines:
    """compress and compress_query for a line compressor: both run `_run(data, query)`, so a
    query can only bias what the same rules keep."""

    def _run(self, data: bytes, query: str | None) -> bytes | None:
        raise NotImplementedError

    def compress(self, data: bytes) -> bytes | None:
        return _smaller(self._run(data, None), data)

    def compress_query(self, data: bytes, query: str) -> bytes | None:
        return _smaller(self._run(data, query), data)


def _smaller(out: bytes | None, data: bytes) -> bytes | None:
    """A view no smaller than its payload is declined (a few markers can outweigh short runs)."""
    return out if out is None or len(out) < len(data) else None


@dataclass
class Doc:
    """A decoded payload split into lines. Each line keeps its own `\\r` (so kept lines are
    emitted byte-exact); `eol_cr` is true when most lines end in CRLF, and then markers do too."""

    lines: list[str]
    trailing_newline: bool
    eol_cr: bool
    #: How many lines end in `\\r` (-1: not counted).
    crlf: int = -1

    def bare(self) -> list[str]:
        """The lines without their `\\r`, for matching."""
        if self.crlf == 0 or not self.lines:
            return list(self.lines)
        # each line's own `\\r` is the one before the newline that follows it (the last line's
        # has none after it)
        bare = "\n".join(self.lines).replace("\r\n", "\n").split("\n")
        if bare[-1].endswith("\r"):
            bare[-1] = bare[-1][:-1]
        return bare

    def join(self, out: Sequence[str]) -> str:
        return "\n".join(out) + ("\n" if self.trailing_newline and out else "")


def decode(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def split(text: str) -> Doc:
    lines = text.split("\n")
    trailing = len(lines) > 1 and lines[-1] == ""
    if trailing:
        lines.pop()
    # every line but the last is followed by a newline, so its `\\r` ends a `\\r\\n` (counting
    # a two-character string crawls; a text without `\\r`, the common case, has none)
    crlf = text.count("\r\n") + (not trailing and lines[-1].endswith("\r")) if "\r" in text else 0
    return Doc(lines, trailing, crlf * 2 > len(lines), crlf)


def strip_ansi(lines: list[str]) -> list[str]:
    return [ANSI.sub("", ln) if "\x1b" in ln else ln for ln in lines]


def marker_text(count: int, noun: str, summary: str = "") -> str:
    """`… N lines elided (caveman)[: SUMMARY] …` — the reference's exact wording."""
    return f"… {count} {noun} elided (caveman){': ' + summary if summary else ''} …"


def counted(n: int, noun: str) -> str:
    """`1 frame line`, `3 frame lines`; a `noun|words after it` phrase counts its noun and keeps
    the words after it (`3 retry lines as in the first attempt`)."""
    noun, _, tail = noun.partition("|")
    said = f"{n} {noun}" if n == 1 else f"{n} {noun}s"
    return f"{said} {tail}" if tail else said


def with_run_markers(units: Sequence[str], runs: Iterable[tuple[int, int, str]], eol: str = "") -> list[str]:
    """The units with each run (start, end, summary), in order, as one counted `lines` marker."""
    out: list[str] = []
    pos = 0
    for start, end, summary in runs:
        out.extend(units[pos:start])
        out.append(marker_text(end - start, "lines", summary) + eol)
        pos = end
    out.extend(units[pos:])
    return out


@dataclass
class Elision:
    """What one render produced: the output units and what was elided."""

    out: list[str]
    elided_units: int
    elided_bytes: int


def elide(units: list[str], keep: list[bool], *, noun: str, eol: str = "",
          fields: Fields | None = None, vocab_units: list[str] | None = None,
          min_run: int = MIN_RUN, note_unit: str | None = None,
          marker: Callable[[int, str], str] | None = None,
          describe: Callable[[int, int], str] | None = None) -> Elision:
    """Replace each run of dropped units with one marker; return the output units.

    `units` are emitted verbatim; `vocab_units` (default: units) are what keepNonRedundant
    compares. `fields(unit)` yields a unit's fields for the invariant summary (None: no fields).
    `eol` is appended to markers and the note (the `\\r` of a CRLF payload). With `note_unit`,
    one trailing note line follows when at least 4 KB was elided. `describe(i, j)` may add a
    verified account of the run units[i:j] ahead of the invariants (e.g. how many of them
    repeat a shown error line)."""
    keep = keep_non_redundant(vocab_units if vocab_units is not None else units, keep)
    render = marker or (lambda n, s: marker_text(n, noun, s))
    out: list[str] = []
    elided_units = elided_bytes = 0
    # Runs are found with list.index on the dropped flags (C-level walks), the kept units
    # between them copied a slice at a time.
    dropped = list(map(not_, keep))
    pos = 0  # the first unit not yet in `out`
    i = _index(dropped, True, 0)
    while i < len(dropped):
        j = _index(dropped, False, i)
        out.extend(units[pos:i])
        pos = j
        run = units[i:j]
        run_bytes = blen("\n".join(run)) + 1
        summary = ""
        if fields is not None and len(run) >= 2:
            # one unit without fields: no summary at all (read up to it, in a C-level walk)
            found = list(takewhile(truth, map(fields, run)))
            if len(found) == len(run):
                summary = invariants.summarize(found, run_bytes)
        if describe is not None:
            summary = "; ".join(part for part in (describe(i, j), summary) if part)
        text = render(len(run), summary) + eol
        # A marker longer than its run would make the view grow: the run stays verbatim.
        if blen(text) < run_bytes and (len(run) >= min_run or (summary and 2 * blen(text) <= run_bytes)):
            out.append(text)
            elided_units += len(run)
            elided_bytes += run_bytes
        else:
            out.extend(run)
        i = _index(dropped, True, j)
    out.extend(units[pos:])
    if note_unit and elided_bytes >= invariants.NOTE_THRESHOLD_BYTES:
        out.append(invariants.note_line(note_unit) + eol)
    return Elision(out, elided_units, elided_bytes)


def _index(flags: list[bool], flag: bool, start: int) -> int:
    """Where `flag` is first at or after `start` in `flags`; len(flags) when nowhere."""
    try:
        return flags.index(flag, start)
    except ValueError:
        return len(flags)


def flag_lines(lines: list[str], pattern: re.Pattern[str] | Callable[[str], object],
               keywords: Sequence[str], extras: Sequence[re.Pattern[str]] = (), *,
               fold_case: bool = True, scan: LineScan | None = None) -> list[bool]:
    """`pattern.search(line)` (or `pattern(line)`) for every line, fast: Python's regex engine
    crawls through an alternation of keywords at ~15 MB/s, so candidates are found first with
    `str.find` on the (lower-cased, with `fold_case`) text: every line the pattern can match
    must contain one of `keywords` or match one of the `extras` (searched on the whole text).
    Only the candidates are tested. `scan`: a LineScan of `lines` shared with other scans."""
    test = pattern.search if hasattr(pattern, "search") else pattern  # a compiled or lazy pattern
    flags = [False] * len(lines)
    for i in (scan or LineScan(lines)).candidates(keywords, extras, fold_case=fold_case):
        if test(lines[i]):
            flags[i] = True
    return flags


class LineScan:
    """The lines joined once (and lower-cased once) to find, with str.find on the whole text,
    the lines holding a keyword (see flag_lines): several keyword sets asked of the same lines
    share the joined text and each word's lines."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        #: fold_case → (text searched, line starts, lines tested whatever they hold)
        self._texts: dict[bool, tuple[str, list[int], frozenset[int]]] = {}
        self._split: dict[bool, list[str]] = {}
        self._word_lines: dict[tuple[str, bool], set[int]] = {}
        #: fold_case → which of SCAN_WORDS[fold_case] its searched text holds (None: not asked)
        self._present: dict[bool, frozenset[str] | set[str]] = {}

    def _text(self, fold_case: bool) -> tuple[str, list[int], frozenset[int]]:
        got = self._texts.get(fold_case)
        if got is None:
            # (the gates' text: `word in joined` is answered for most words by one scan)
            plain = self._texts[False][0] if False in self._texts else literal_index.indexed("\n".join(self.lines))
            if not fold_case:
                got = (plain, _starts(self.lines), frozenset())
            elif plain.isascii():
                got = (plain.lower(), self._texts[False][1] if False in self._texts else _starts(self.lines),
                       frozenset())
            else:
                # lower() may change lengths outside ASCII, breaking the offsets: such lines are
                # all tested, and stand as empty lines in the text searched.
                forced = frozenset(i for i, ln in enumerate(self.lines) if not ln.isascii())
                searched = ["" if i in forced else ln for i, ln in enumerate(self.lines)]
                got = ("\n".join(searched).lower(), _starts(searched), forced)
            self._texts[fold_case] = got
        return got

    def word_lines(self, word: str, fold_case: bool = True) -> set[int]:
        """The lines whose searched text holds `word` (lower-case it for fold_case)."""
        cached = self._word_lines.get((word, fold_case))
        if cached is not None:
            return cached
        text, starts, _ = self._text(fold_case)
        found: set[int] = set()
        if text.isascii() and not word.isascii() or self._absent(word, fold_case, text):
            self._word_lines[(word, fold_case)] = found  # (isascii: O(1) both)
            return found
        n = len(starts) - 1
        dense = n // DENSE
        pos, hits = text.find(word), 0
        while pos >= 0:
            hits += 1
            if hits > dense:
                # many lines hold it: a test per line beats a find and a bisect per hit
                split_lines = self._split.get(fold_case)
                if split_lines is None:
                    split_lines = self._split[fold_case] = text.split("\n")
                if len(split_lines) == n:
                    found.update(compress(count(), map(contains, split_lines, repeat(word))))  # C-level
                    break
                dense = n  # lines holding a newline: stay with find
            line = bisect_right(starts, pos) - 1
            found.add(line)
            pos = text.find(word, starts[line + 1])  # resume at the next line
        self._word_lines[(word, fold_case)] = found
        return found

    def _absent(self, word: str, fold_case: bool, text: str) -> bool:
        """Whether `text` (the searched text for fold_case) surely lacks `word`: for a word of
        SCAN_WORDS, one scan of the text found all those it holds (an absent word cost a whole
        search of the text each); any other word is searched."""
        if word not in _SCAN_SETS[fold_case]:
            return False
        present = self._present.get(fold_case)
        if present is None:
            present = self._present[fold_case] = _present_words(text, fold_case)
        return word not in present

    def joined(self) -> str:
        """The lines joined by newlines."""
        return self._text(False)[0]

    def starts(self) -> list[int]:
        """Where each line starts in joined(), and one past its end."""
        return self._text(False)[1]

    def candidates(self, keywords: Sequence[str], extras: Sequence[re.Pattern[str]] = (), *,
                   fold_case: bool = True) -> set[int]:
        text, starts, forced = self._text(fold_case)
        candidates = set(forced)
        for word in keywords:
            candidates |= self.word_lines(word, fold_case)

        def add(pos: int) -> int:
            line = bisect_right(starts, pos) - 1
            candidates.add(line)
            return starts[line + 1]  # resume at the next line

        for extra in extras:
            by_line = _by_line(extra)
            pos = 0
            if by_line is not None:
                while (m := by_line.match(text, pos)) is not None:
                    pos = add(m.start(1))
                continue
            while (m := extra.search(text, pos)) is not None:
                pos = add(m.start())
        return candidates


def _starts(lines: list[str]) -> list[int]:
    """Where each line starts in the lines joined by newlines, and one past the end."""
    return [0, *accumulate(map((1).__add__, map(len, lines)))]  # C-level: one add per line


#: The words the compressors ask word_lines (and candidates) for, by fold_case (lower case for
#: True): in a long text, one Aho-Corasick scan tells which of them it holds, and an absent one
#: is not searched for. Any other word is searched as before (tests/test_line_speedups.py
#: checks the answers are str's). Single characters are left out: str finds one with memchr.
SCAN_WORDS: dict[bool, tuple[str, ...]] = {
    # (none plain: the plain text's words are few and cheap to search, and a scan of each
    # terminal text cost more than the searches it saved: +20M instructions over the corpus)
    False: (),
    True: (
        "error", "fatal", "fail", "panic", "warn", "exception", "traceback", "caused by", ".go:", "--->",
        "abort", "denied", "refused", "cannot", "can't", "unable", "not found", "missing", "undefined",
        "invalid", "assert", "exit", "critical", "err", "exit status", "detail:  ", "hint:  ",
        "statement:  ", "context:  ", "query:  ", "location:  ",
    ),
}
_SCAN_SETS = {fold: frozenset(words) for fold, words in SCAN_WORDS.items()}


@functools.cache
def _scanner(fold_case: bool) -> object:
    return literal_index.automaton(SCAN_WORDS[fold_case])


def _present_words(text: str, fold_case: bool) -> frozenset[str] | set[str]:
    """Which of SCAN_WORDS[fold_case] `text` holds; all of them (each then searched) when the
    text is short (a scan costs more than the few searches) or cannot be scanned."""
    if literal_index.ahocorasick_rs is None or len(text) < literal_index.MIN_INDEXED:
        return _SCAN_SETS[fold_case]
    found = literal_index.words_found(_scanner(fold_case), text)
    return _SCAN_SETS[fold_case] if found is None else found


#: flag_lines tests a keyword line by line once more than 1/DENSE of the lines hold it.
DENSE = 8
_BY_LINE: dict[re.Pattern[str], re.Pattern[str] | None] = {}


def _by_line(extra: re.Pattern[str]) -> re.Pattern[str] | None:
    """For a multi-line pattern whose every alternative starts with `^`: the same pattern tried
    at line starts only, each match's group 1 where the original's search would match (the
    lazy `[^\\n]*\\n` skip walks a line in one charset loop instead of trying each position)."""
    if extra not in _BY_LINE:
        from engine.compressors.toolout_dispatch import split_alternatives

        source = extra.pattern.removeprefix("(?m)")
        alts = split_alternatives(source)
        ok = extra.flags & re.M and all(a.startswith("^") for a in alts) and not re.search(r"\\\d|\(\?P=", source)
        _BY_LINE[extra] = re.compile(
            r"(?:[^\n]*\n)*?(" + "|".join(a[1:] for a in alts) + ")", extra.flags
        ) if ok else None
    return _BY_LINE[extra]


def head_tail(n: int, head: int, tail: int) -> list[bool]:
    keep = [False] * n
    for i in range(min(head, n)):
        keep[i] = True
    for i in range(max(0, n - tail), n):
        keep[i] = True
    return keep


def initial_keep(n: int, head: int, tail: int, must: Sequence[bool], extra: Sequence[int],
                 context: bool = True) -> list[bool]:
    """What a render keeps before keepNonRedundant: the head and tail (with `context`), the
    lines that must stay, and the `extra` ones a query asked for."""
    keep = head_tail(n, head, tail) if context else [False] * n
    mark(keep, must)
    for i in extra:
        keep[i] = True
    return keep


def mark(keep: list[bool], flags: Sequence[bool]) -> None:
    """OR `flags` into `keep` in place."""
    for i in compress(range(len(flags)), flags):  # C-level walk to the set flags
        keep[i] = True


# ---------------------------------------------------------------- query bias (BM25)

_STOPWORDS = frozenset(
    "a an and are as at be by for from how in is it of on or that the this to was what when where "
    "which who why with".split()
)
_K1, _B = 1.5, 0.75


def _terms(text: str) -> list[str]:
    return [t for t in WORD.findall(text.lower()) if len(t) >= 2 and t not in _STOPWORDS]


def rank(units: Sequence[str], query: str, limit: int) -> list[int]:
    """Indices of the units most relevant to `query` (BM25; score ≥ 30% of the best),
    best first, at most `limit`; ties by position so the order is deterministic."""
    qterms = list(dict.fromkeys(_terms(query)))
    if not qterms or not units:
        return []
    qset = set(qterms)
    docs = [[t for t in _terms(u) if t in qset] for u in units]
    lengths = [max(1, len(WORD.findall(u))) for u in units]
    avg = sum(lengths) / len(lengths)
    df: Counter[str] = Counter()
    for d in docs:
        df.update(set(d))
    total = len(units)
    idf = {t: math.log(1 + (total - df[t] + 0.5) / (df[t] + 0.5)) for t in qterms if df[t]}
    scores: list[tuple[float, int]] = []
    for i, d in enumerate(docs):
        if not d:
            continue
        tf = Counter(d)
        norm = _K1 * (1 - _B + _B * lengths[i] / avg)
        s = sum(idf[t] * tf[t] * (_K1 + 1) / (tf[t] + norm) for t in tf)
        if s > 0:
            scores.append((s, i))
    if not scores:
        return []
    best = max(s for s, _ in scores)
    relevant = sorted(((-s, i) for s, i in scores if s >= QUERY_RELEVANCE * best))
    return [i for _, i in relevant[:limit]]


def query_biased(render: Callable[[list[int]], str | None], ranked: list[int],
                 budget: int) -> str | None:
    """The largest prefix of `ranked` (extra units to keep) whose render fits in `budget`
    bytes; None when not even the bare render fits. A query never makes the view larger."""
    if not ranked:
        return None
    lo, hi, best = 0, len(ranked), None
    while lo <= hi:
        mid = (lo + hi) // 2
        out = render(ranked[:mid])
        if out is not None and blen(out) <= budget:
            best = out
            lo = mid + 1
        else:
            hi = mid - 1
    return best


def render_with_query(render: Callable[..., str | None], text: str, units: list[str], query: str | None,
                      limit: int) -> bytes | None:
    """The plain view, or with a query the view biased toward it that is no larger than the
    plain one (or than the input, when there is no plain view). None when nothing was elided."""
    plain = render([])
    if query and query.strip():
        budget = blen(plain) if plain is not None else blen(text) - 1
        biased = query_biased(lambda extra: render(extra, context=False), rank(units, query, limit), budget)
        if biased is not None:
            return biased.encode("utf-8")
    return plain.encode("utf-8") if plain is not None else None
