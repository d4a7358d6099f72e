"""TeX and LaTeX runs (pdflatex, lualatex, xelatex, latexmk) and their `.log` transcripts.

Most of a TeX transcript is TeX saying which files it opened and closed (`(/usr/…/hyperref.sty`,
`)`), which pages it shipped (`[3]`), which fonts it embedded (`</usr/…/cmr10.pfb>`), the
METAFONT run that generated a missing bitmap font, and (in the `.log`) every register
allocation, package version and `Info:` message. What the agent reads it for is the rest: errors
(`! …` down to their `l.42` context), warnings with their `(pkg)` continuation lines, over- and
underfull boxes, the opening of the project's own `.tex` files (the file a box's `lines 2--5`
count in), `No file x.bbl.`, `Output written on …`, latexmk's own lines (but for the
lists of files whose change made it rerun a rule). Those stay, verbatim; the chatter runs
become counted markers. Two repetitions go too: a warning block identical to one shown above
(fancyhdr's `\\headheight is too small` before every page) in the same run, and the typeset
text under each box after a run's first few (every box header stays: it is the list of places to
fix). Each of latexmk's runs is judged on its own: which warnings the last run still gives is news.

TeX wraps its terminal lines at 79 characters, so lines are classified as logical lines (a
79-character line joined with the next); the units themselves are emitted untouched.

Pure: `is_report(text)`, `view(units, cleaned, eol)`.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.compressors.lines import marker_text, with_run_markers
from engine.patterns import (
    TEX_BANNER, TEX_BOX, TEX_CHATTER_LINE, TEX_CONTINUATION, TEX_ERROR, TEX_ERROR_LINE, TEX_FILE_OPEN,
    TEX_FILE_TOKENS, TEX_INFO, TEX_LATEXMK_LIST_HEAD, TEX_LATEXMK_LIST_ITEM, TEX_MF_GF, TEX_PROJECT_SOURCE, TEX_WARNING,
)

#: TeX's max_print_line: a terminal or .log line this long was wrapped.
WRAP = 79
#: Boxes whose typeset text stays under their header; after these, only the headers do.
BOXES_SHOWN = 3
#: Lines of a box's typeset text, and of an error's context, read at most.
BLOCK_MAX = 60
#: TeX-only lines, one of which must be beside the banner (a document quoting the banner is not a run).
_RUN_SIGNS = ("entering extended mode", "Transcript written on ", "No pages of output.", "\n(./", "\n(/",
              "restricted \\write18 enabled", "restricted system commands enabled")

KEEP = ""
FILE, BANNER, PAGE, FONTGEN, INFO, STATS, BOX, REPEAT, RERUN, BLANK = (
    "file", "banner", "page", "fontgen", "info", "stats", "box", "repeat", "rerun", "blank")
#: How a marker names each kind, in the order it lists them.
_NOUNS = ((FILE, "file-loading"), (BANNER, "start-up/banner"), (PAGE, "page/font-output"), (FONTGEN, "font-generation (mktexpk/METAFONT)"),
          (INFO, "package info/register"), (STATS, "memory/PDF statistics"), (BOX, "box-text (headers shown)"),
          (REPEAT, "repeated-warning (identical to one shown above)"),
          (RERUN, "latexmk changed-file list"), (BLANK, "blank"))


def is_report(text: str) -> bool:
    """A literal gate, then the banner at a line start and one line only a TeX run prints."""
    return "TeX, Version" in text and TEX_BANNER.search(text) is not None \
        and any(sign in text for sign in _RUN_SIGNS)


def _logical(cleaned: Sequence[str]) -> list[tuple[int, int]]:
    """(start, end) of each logical line: a physical line of exactly WRAP characters continues
    on the next."""
    out: list[tuple[int, int]] = []
    n = len(cleaned)
    i = 0
    while i < n:
        j = i + 1
        while j < n and _wrapped(cleaned[j - 1]) and j - i < BLOCK_MAX:
            j += 1
        out.append((i, j))
        i = j
    return out


def _wrapped(line: str) -> bool:
    return len(line) == WRAP or (not line.isascii() and len(line.encode("utf-8", "replace")) == WRAP)


def _chatter_kind(text: str) -> str:
    """FILE or PAGE when the line is nothing but TeX's file/page/font tokens or a known
    start-up line, INFO for the .log's detail, else KEEP."""
    if not text.strip():
        return BLANK
    if TEX_CHATTER_LINE.match(text):
        return INFO if text.startswith(("\\", "Package: ", "File: ", "Dictionary: ", "Lua module: ", "**",
                                        "Now handling", "... ")) else BANNER
    if TEX_INFO.match(text):
        return INFO
    first = text.lstrip()[:1]
    if first in "()[]<{" and not TEX_FILE_TOKENS.sub("", text).strip():
        if ".tex" in text and TEX_PROJECT_SOURCE.search(text):
            return KEEP  # the project's own source: the place later line numbers count in
        return FILE if TEX_FILE_OPEN.search(text) else PAGE
    return KEEP


def labels(cleaned: Sequence[str]) -> list[str]:
    """Each physical line's kind: KEEP, or the kind of chatter or repetition it is."""
    n = len(cleaned)
    out = [KEEP] * n
    logical = _logical(cleaned)
    texts = ["".join(cleaned[a:b]) for a, b in logical]
    kinds = [KEEP] * len(logical)
    seen_warnings: set[str] = set()
    boxes = 0
    k = 0
    m = len(logical)
    prev = KEEP  # the kind of the last non-blank logical line (a `(pkg)` continuation shares it)
    while k < m:
        text = texts[k]
        if text.startswith("This is ") and TEX_BANNER.match(text):
            # latexmk's next run: its warnings are judged on their own (which ones the last run
            # still gives is what the agent reads it for)
            seen_warnings.clear()
            boxes = 0
        if TEX_ERROR.match(text):
            k = _error_block(texts, k, kinds)
            prev = KEEP
            continue
        if text.startswith(("kpathsea: Running mktexpk", "mktexpk: Running ")):
            k = _fontgen_block(texts, k, kinds)
            prev = FONTGEN
            continue
        if text.startswith(("Here is how much of TeX's memory you used:", "PDF statistics:")):
            kinds[k] = STATS
            k += 1
            while k < m and texts[k].startswith(" ") and texts[k].strip():
                kinds[k] = STATS
                k += 1
            prev = STATS
            continue
        if text.startswith("*geometry* verbose mode"):
            kinds[k] = INFO
            k += 1
            while k < m and texts[k].startswith("* "):
                kinds[k] = INFO
                k += 1
            prev = INFO
            continue
        if TEX_BOX.match(text):
            boxes += 1
            k += 1
            start = k
            while k < m and k - start < BLOCK_MAX and texts[k].strip() and not _starts_something(texts[k]) \
                    and _chatter_kind(texts[k]) == KEEP:
                if boxes > BOXES_SHOWN:
                    kinds[k] = BOX
                k += 1
            prev = KEEP
            continue
        if TEX_WARNING.match(text):
            end = _warning_end(texts, k)
            block = "\n".join(texts[k:end])
            if block in seen_warnings:
                for j in range(k, end):
                    kinds[j] = REPEAT if texts[j].strip() else BLANK
            seen_warnings.add(block)
            k = end
            prev = KEEP
            continue
        if TEX_LATEXMK_LIST_HEAD.match(text):
            k += 1
            while k < m and TEX_LATEXMK_LIST_ITEM.match(texts[k]):
                kinds[k] = RERUN
                k += 1
            prev = KEEP
            continue
        if TEX_CONTINUATION.match(text):
            kinds[k] = prev if prev in (INFO, STATS) else KEEP  # an Info's `(pkg)` line is Info too
            k += 1
            continue
        kinds[k] = _chatter_kind(text)
        if kinds[k] != BLANK:
            prev = kinds[k]
        k += 1
    for (a, b), kind in zip(logical, kinds):
        if kind != KEEP:
            for i in range(a, b):
                out[i] = kind
    return out


def _starts_something(text: str) -> bool:
    return TEX_BOX.match(text) is not None or TEX_WARNING.match(text) is not None \
        or TEX_ERROR.match(text) is not None


def _error_block(texts: Sequence[str], k: int, kinds: list[str]) -> int:
    """Keep an error from its `!` line to its `l.N` context line and the line under it (when
    there is none within BLOCK_MAX lines, to the first blank line); return where it ends."""
    m = len(texts)
    for j in range(k + 1, min(m, k + BLOCK_MAX)):
        if TEX_ERROR_LINE.match(texts[j]):
            return min(m, j + 2)
    j = k + 1
    while j < m and texts[j].strip():
        j += 1
    return j


def _fontgen_block(texts: Sequence[str], k: int, kinds: list[str]) -> int:
    """mktexpk's METAFONT run: chatter up to its `successfully generated` line. A failure line
    of mktexpk or kpathsea, or any line METAFONT does not print (an error, TeX's own) ends it
    and stays."""
    m = len(texts)
    j = k
    seen_gf = False
    while j < m:
        text = texts[j]
        if text.startswith(("kpathsea: ", "mktexpk: ")):
            if text.startswith(("kpathsea: Running mktexpk", "mktexpk: Running ")):
                kinds[j] = FONTGEN
            elif text.endswith("successfully generated."):
                kinds[j] = FONTGEN
                return j + 1
            else:
                return j
        elif _metafont_line(text, seen_gf):
            kinds[j] = FONTGEN if text.strip() else BLANK
            seen_gf = seen_gf or text.startswith("Output written on ")
        else:
            return j  # not METAFONT's: TeX's own line (a cut-short run never swallows the rest)
        j += 1
    return j


def _metafont_line(text: str, seen_gf: bool) -> bool:
    """A line METAFONT prints while mktexpk makes a font: its banner, the `.mf` files it reads
    and the character codes it draws (` Ok [65] [66]`), its `.tfm`/`.NNNgf` results and (after
    those) its transcript line."""
    if not text.strip() or text.startswith(("This is METAFONT, ", "(some charht values", "Font metrics written on ")):
        return True
    if text.startswith("Output written on "):
        return TEX_MF_GF.search(text) is not None
    if text.startswith("Transcript written on "):
        return seen_gf
    text = text.replace(" Ok", " ")
    return text.lstrip()[:1] in "()[]" and not TEX_FILE_TOKENS.sub("", text).strip()


def _warning_end(texts: Sequence[str], k: int) -> int:
    """A warning block: its first line, the lines after it up to a blank line, and a `(pkg)`
    continuation that follows a blank (fancyhdr prints one)."""
    m = len(texts)
    j = k + 1
    while j < m:
        if texts[j].strip():
            if _starts_something(texts[j]) or _chatter_kind(texts[j]) not in (KEEP, BLANK):
                break
            j += 1
        elif j + 1 < m and TEX_CONTINUATION.match(texts[j + 1]):
            j += 2
        else:
            break
    return j


def _summary(kinds: Sequence[str]) -> str:
    counts = {kind: 0 for kind, _ in _NOUNS}
    for kind in kinds:
        counts[kind] += 1
    return ", ".join(f"{counts[kind]} {noun}" for kind, noun in _NOUNS if counts[kind])


def elisions(cleaned: Sequence[str]) -> list[tuple[int, int, str]]:
    """(start, end, summary) of each run of chatter and repetition worth a marker: two lines or
    more, not all blank, longer than the marker."""
    kinds = labels(cleaned)
    runs: list[tuple[int, int, str]] = []
    n = len(kinds)
    i = 0
    while i < n:
        if kinds[i] == KEEP:
            i += 1
            continue
        j = i
        while j < n and kinds[j] != KEEP:
            j += 1
        run = kinds[i:j]
        if j - i >= 2 and any(kind != BLANK for kind in run):
            summary = _summary(run) + " lines"
            # a marker longer than what it replaces saves nothing and hides it
            if sum(map(len, cleaned[i:j])) + j - i > len(marker_text(j - i, "lines", summary)):
                runs.append((i, j, summary))
        i = j
    return runs


def view(units: Sequence[str], cleaned: Sequence[str], eol: str = "") -> list[str]:
    """The units with each run of chatter as one counted marker."""
    return with_run_markers(units, elisions(cleaned), eol)
