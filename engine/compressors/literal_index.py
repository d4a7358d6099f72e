"""One scan answers every literal gate asked of a text.

The compressors skip a pass when the text lacks the words its lines need (`if "EUnit" in joined`):
about a hundred such gates are asked of one payload, and each absent word costs a scan of the
whole text (Python's substring search runs at about 1 GB/s here), a fifth of a log's or a test
run's compression time. An IndexedText is a str that answers `word in text` for every word of
GATE_WORDS from one Aho-Corasick scan (a DFA, run in Rust by ahocorasick-rs) made at its first
such question; any other word is searched as str does. The answers are str's answers: only
their cost changes.

ahocorasick-rs is an accelerator only: without it (or for a short text) an IndexedText is not
made and every gate is searched as before.
"""
from __future__ import annotations

import functools

try:
    import ahocorasick_rs
except ImportError:  # every gate searched on its own: slower, the same answers
    ahocorasick_rs = None

#: The words the compressors ask of a LineScan's joined text (tests/test_literal_index.py finds
#: every word asked over the corpus and fixtures here). Single characters are left out: str
#: finds one with memchr, as fast as the scan, and a common one would flood it with matches.
GATE_WORDS: tuple[str, ...] = (
    '\tat ', '\n\t', '\n# ', '\n#1 ', '\n==', '\nERROR in ', '\nSEVERE: ', '\nWARNING: ', '\n[DEBUG] ',
    '\n[WARNING] ',
    '\nconfigure:', '  \t', '  at ', ' ... ', ' AFFECTING ', ' D ', ' ERROR ', ' ERRORS', ' FAIL ',
    ' HTTP/1.',
    ' _ _ _ ', ' at node:', ' collected', ' example, ', ' examples, ', ' generated.', ' inspected, ', ' ms',
    ' on line ', ' runs, ', ' trace output on.', ' → ', ' ↩ ', ' ∅ ', ' ☢ ', ' ⚠ ', ' ✘ ', '"\n', '" ',
    '" 5', '"@module":"terraform.ui"', '"Action":"', '"Package":"', '"status', '# A tibble: ',
    '# Query_time: ', '# Subtest: ', '#0 ', '(!) Some chunks are larger than', '(Reading database ', '(Severity: ', '(Thread[', '(internal/', '(node:', ') ',
    ') doctest ', ') property ', ') test ', '): ', '++: ', '--- FAIL: ', '--- FAIL: Example',
    '--- PASS: ', '-packages/', '-packages/_pytest/', '-packages/pluggy/', '...', '...Failed',
    '...Passed', '...Skipped', '.go:', '.py:', '.t ..', ':  ', ': File would be reformatted',
    ': checking ', '<Module ', '<cppcheck version="', '<testcase', '<unknown>', '=== ',
    '>> Issue: [', 'Benchmark ',
    'Compilation failed due to warnings while using the --warnings-as-errors option', 'DATA RACE',
    'Doctest: ', 'EUnit', 'Error: ', 'FAIL	', 'FAILED: ', 'Found link ', 'Generated an empty chunk',
    'Imports are incorrectly sorted', 'Listing tests:',
    'Name (time in ', 'PHPUnit ', 'PLAY [', 'Performance has regressed',
    'Setting up ', 'Shadow byte legend (one shadow byte represents 8 application bytes):', 'Skipping link: ',
    'Stacktrace:', 'Stmts', 'Summary of non-successful tests:', 'T /', 'TAP version ', 'TASK [', 'TSTyche ', 'TeX, Version',
    'Terraform', 'Test execution started.', 'Test run finished after', 'Time (mean ± σ):',
    'Warning:', '[ FAIL ', '[ERROR] ', '[L#', '[WARNING] ', '[gw', '[plugin:', ']\t', '] ERROR ', '] FAILED ',
    '] PASSED ', 'bun test v', 'but you have ', 'cc1', 'cc: ', 'clang', 'complete! Resources:', 'conflicting dependencies',
    'congratulations :)', 'coverage: platform ',
    'duplicate symbol', 'entering extended mode', 'error: Failed to build `', 'evaluation failed :(',
    'f1-score',
    'fuzz: elapsed: ', 'gcc-', 'gyp info ', 'gyp verb ', 'ld returned', 'ld: ', 'libtool: ',
    'lto-wrapper: ', 'lto1: ', 'node_modules/', 'npm ERR! Options:', 'npm error Options:', 'ns/op', 'ollup',
    'running ', 'secs.', 'slowest ', 'start of coverage report', 'stderr | ', 'stdout | ', 'tests run.',
    'vite v', 'warnings summary', 'webpack ', 'which is not installed.', 'would reformat ', "{'eval_",
    "{'train_runtime'", '| /* confdefs.h */', '| F W S  OK | Context', '| P:',
    '── Traceback (most recent call last) ──', '└─', '├─', '══ DONE ', '✓ built in ', '✖ failing tests:',
    '✘ [fail]: ',
)

#: Below this many characters the gates cost less than building the index would.
MIN_INDEXED = 16 * 1024


def automaton(words: "list[str] | tuple[str, ...]") -> "ahocorasick_rs.AhoCorasick":
    """A DFA finding every one of `words` in one scan (ahocorasick_rs must be importable)."""
    return ahocorasick_rs.AhoCorasick(
        words, matchkind=ahocorasick_rs.MatchKind.Standard, implementation=ahocorasick_rs.Implementation.DFA)


def words_found(scanner: "ahocorasick_rs.AhoCorasick", text: str) -> set[str] | None:
    """The scanner's words that `text` holds; None when the text has no UTF-8 to scan (a lone
    surrogate, which json.loads makes of a `\\ud800` escape): the caller then searches as str does."""
    try:
        return set(scanner.find_matches_as_strings(text, overlapping=True))
    except UnicodeEncodeError:
        return None


@functools.cache
def _automaton() -> "ahocorasick_rs.AhoCorasick":
    return automaton(GATE_WORDS)


class IndexedText(str):
    """A str whose `word in text` is looked up, for the words of GATE_WORDS, in the set of those
    found by one scan of the text."""

    def __contains__(self, word: object) -> bool:
        answers = self.__dict__.get("_answers")
        if answers is None:
            found = words_found(_automaton(), self)
            # without UTF-8 to scan, every word is searched as str does
            answers = self.__dict__["_answers"] = {} if found is None else {w: w in found for w in GATE_WORDS}
        got = answers.get(word) if type(word) is str else None
        if got is None:
            got = search(self, word)
        return got


def search(text: str, word: object) -> bool:
    """str's own answer to `word in text` (a word the index does not hold)."""
    return str.__contains__(text, word)


def indexed(text: str) -> str:
    """`text` as an IndexedText where that saves time, else `text` itself."""
    if ahocorasick_rs is None or len(text) < MIN_INDEXED:
        return text
    return IndexedText(text)
