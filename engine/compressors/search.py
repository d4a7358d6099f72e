"""Search-result compressor (grep, git grep, rg): keep the head, the tail, flagged hits, every
file heading and the one odd hit; replace runs of look-alike hits with counted markers."""
from __future__ import annotations

from engine.compressors import lines as L
from engine.compressors import search_fold
from engine.compressors import toolout
from engine.patterns import (
    CODESPELL_FINDING, CODESPELL_HINT, CLOCK_LED_LINE, SEARCH_HEADING, SEARCH_HIT, SEARCH_IMPORTANT, SEARCH_PATH_HIT,
    GO_COVER_FUNC_ROW, GO_COVERPROFILE_BLOCK, GO_COVERPROFILE_MODE,
)
from engine.safety import SafetyClass
from engine.types import ContentType

HEAD, TAIL = 8, 4
QUERY_LIMIT = 24
MIN_LINES = 18
#: A marker names the files of the hits it replaced when they are this few (else it counts them).
MAX_NAMED_FILES = 3


def describe_hits(lines: list[str]) -> str:
    """Where the elided hits are, from the hits themselves: one file and its line range, or
    each file with its count, or how many files. Hits without line numbers (`rg` to a pipe)
    are placed by file alone. Nothing when any line is not a hit of the first one's kind."""
    per_file: dict[str, list[int]] = {}
    numbered = SEARCH_HIT.match(lines[0]) is not None if lines else True
    for line in lines:
        if CLOCK_LED_LINE.match(line):
            return ""
        if numbered:
            found = SEARCH_HIT.match(line)
            if found is None:
                return ""
            per_file.setdefault(found.group(1), []).append(int(found.group(2)))
        else:  # `rg` to a pipe, `grep -r`: `path.ext:text`, no line number
            found = SEARCH_PATH_HIT.match(line)
            if found is None or SEARCH_HIT.match(line):
                return ""
            per_file.setdefault(line[:found.end() - 1], []).append(0)
    if len(per_file) == 1:
        (path, numbers), = per_file.items()
        if not numbered:
            return f"all in {path}"
        return f"all in {path}, lines {min(numbers)}..{max(numbers)}"
    if len(per_file) <= MAX_NAMED_FILES:
        return "in " + " ".join(f"{path}×{len(numbers)}" for path, numbers in per_file.items())
    return f"in {len(per_file)} files"


#: Share of hits that follow the hit on the line before them in the same file, at or above which
#: the "hits" are files listed line by line (`grep -n '' a.ts b.ts`): a document, not a search.
LISTED_SHARE = 0.8
#: Hits read before a payload whose hits are not dense is let go.
LISTED_PROBE = 40


def listed_whole(lines: list[str]) -> bool:
    """Most hits sit on the line right after the previous hit of their file, and most read
    differently: the pattern matched every line, so the payload is the files' text."""
    hits = following = 0
    last_path, last_number = None, -1
    texts: set[str] = set()
    for line in lines:
        found = SEARCH_HIT.match(line)
        if found is None:
            continue
        if hits == LISTED_PROBE and following < hits // 2:
            return False  # a listing is dense from its start: most searches stop here
        hits += 1
        number = int(found.group(2))
        following += found.group(1) == last_path and number == last_number + 1
        last_path, last_number = found.group(1), number
        texts.add(line[found.end():])
    # One line repeated down a file (a logging call on each of 40 lines) is repetition still.
    return hits >= MIN_LINES and following >= LISTED_SHARE * hits and 2 * len(texts) >= hits


def profile_count(line: str) -> int | None:
    """A go coverage profile block's count (None for any other line)."""
    found = GO_COVERPROFILE_BLOCK.fullmatch(line)
    return int(found.group(1)) if found else None


def describe_covered_blocks(lines: list[str]) -> str:
    """Elided blocks of a go coverage profile: all ran (each count checked), and where."""
    counts = [profile_count(ln) for ln in lines]
    if not all(c is not None and c > 0 for c in counts):
        return describe_hits(lines)
    where = describe_hits(lines)
    return "all covered (count >= 1)" + (f", {where.removeprefix('all ')}" if where else "")


def func_percent(line: str) -> float | None:
    """A `go tool cover -func` row's percentage (None for any other line)."""
    found = GO_COVER_FUNC_ROW.match(line)
    return float(found.group(1)) if found else None


def describe_full_functions(lines: list[str]) -> str:
    """Elided rows of `go tool cover -func`: all at 100.0% (each checked), and where."""
    if not all(func_percent(ln) == 100.0 for ln in lines):
        return describe_hits(lines)
    files = list(dict.fromkeys(ln.split(":", 1)[0] for ln in lines))
    where = f"in {files[0]}" if len(files) == 1 else f"in {len(files)} files, {files[0]} .. {files[-1]}"
    return f"all functions at 100.0%, {where}"


class SearchResultCompressor(L.QueryAwareLines):
    content_type = ContentType.SEARCH
    safety_class = SafetyClass.S4

    def _run(self, data: bytes, query: str | None) -> bytes | None:
        text = L.decode(data)
        if text is None:
            return None
        doc = L.split(text)
        n = len(doc.lines)
        if n < MIN_LINES:
            return None
        bare = L.strip_ansi(doc.bare())
        if listed_whole(bare):
            return None
        must = [bool(SEARCH_IMPORTANT.search(ln)) for ln in bare]
        L.mark(must, toolout.must_keep(bare))
        if CODESPELL_HINT in text:  # codespell: each misspelling is a finding to fix, none sampled
            L.mark(must, [CODESPELL_FINDING.match(ln) is not None for ln in bare])
        describe = describe_hits
        vocab = None
        if text.startswith("mode: ") and GO_COVERPROFILE_MODE.fullmatch(bare[0]):
            # go's coverage profile: the blocks never run (count 0) are what the agent acts on,
            # each stays; the covered ones are counted (their markers say they all ran).
            L.mark(must, [profile_count(ln) == 0 for ln in bare])
            describe = describe_covered_blocks
        elif "(statements)" in text and bare[-1].startswith("total:") and GO_COVER_FUNC_ROW.match(bare[0]):
            # `go tool cover -func`: each function under 100% is the answer and stays; the fully
            # covered ones are counted (their markers say they are all 100.0%).
            percents = [func_percent(ln) for ln in bare]
            L.mark(must, [p != 100.0 for p in percents])
            describe = describe_full_functions
            # rows differ only by their function's name: alike for keepNonRedundant
            vocab = ["100.0%" if p == 100.0 else ln for p, ln in zip(percents, bare)]
        # rg's grouped output names each file once, on a line of its own: the list of files
        # that matched is an enumeration the agent needs whole.
        L.mark(must, [bool(SEARCH_HEADING.fullmatch(ln)) for ln in bare])
        eol = "\r" if doc.eol_cr else ""
        units = doc.lines
        folded = None
        for fold in (search_fold.fold_same_text, search_fold.fold_recurring_groups):
            step = fold(units, bare, must, eol)
            if step is not None:
                folded = step
                units, bare, must = step.lines, step.bare, step.must
        n = len(units)

        def render(extra: list[int], context: bool = True) -> str | None:
            keep = L.initial_keep(n, HEAD, TAIL, must, extra, context)
            result = L.elide(units, keep, noun="search result lines", eol=eol, vocab_units=vocab if vocab is not None and folded is None else bare,
                             describe=lambda i, j: describe(bare[i:j]))
            return doc.join(result.out) if result.elided_units or folded is not None else None

        return L.render_with_query(render, text, bare, query, QUERY_LIMIT)
