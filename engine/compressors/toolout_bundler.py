"""Bundlers' warning floods: one kind of warning, printed once per module.

Rollup (and Vite, which bundles with it) warns about each module on its own line,
`path (L:C): message`: 40 `Module level directives cause errors when bundled, "use client" ...
was ignored.` lines from one component library, a `this` rewritten to `undefined` per CommonJS
file, `Generated an empty chunk: "x".` per empty manual chunk. Each line reads like a problem, so
all would stay. Past FLOOD_MIN lines of one kind (the message with its quoted names and numbers
masked), the first is kept and the rest are REPEAT findings, counted under Rollup's own code for
the warning in the marker (`18 findings like those shown: MODULE_LEVEL_DIRECTIVE×18`). A kind
with fewer lines, and every line of another kind, stays.

esbuild's message boxes (`✘ [ERROR] msg` / `▲ [WARNING] msg`, then the indented location, code
frame, underline, notes and each related location `The original key "a" is here:` with its own
frame) are kept whole: the box is one diagnostic, and keepNonRedundant would elide a related
frame that looks like the one above it.

Vite's run: its progress phases (`transforming...`, `✓ 410 modules transformed.`, `rendering
chunks...`) are CHATTER. Its asset table stays whole when the size check failed (`(!) Some chunks
are larger than 500 kB`: the rows say which); after a successful build, a table of more than
ASSET_ROWS_SHOWN rows keeps its first and last (largest) rows and the rest are ASSET rows, counted
as `N build asset rows` in the marker. A plugin's warning (`[plugin:vite:resolve] Module "fs" has
been externalized for browser compatibility, imported by "x"`) is KEEP: it reads as no problem
word, so keepNonRedundant elided its look-alikes as "other lines", each naming another module. Past
FLOOD_MIN of one kind (one plugin, the message with its quoted names and numbers masked), the
first is kept and the rest are REPEAT findings counted under the plugin's name.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import CHATTER, KEEP, OTHER, PASS, REPEAT
from engine.patterns import (
    BUNDLER_EMPTY_CHUNK,
    BUNDLER_MODULE_WARN,
    DIGITS,
    ESBUILD_BOX_HEAD,
    TOOL_QUOTED,
    VITE_ASSET_ROW,
    VITE_PLUGIN_WARN,
    VITE_PROGRESS,
)

#: More lines of one kind than this: keep the first, count the rest.
FLOOD_MIN = 5
#: The label of a successful build's asset row that no failed size check asked for.
ASSET = "asset"
#: A successful build's asset table longer than this keeps its first ASSET_HEAD and last
#: ASSET_TAIL rows (Vite lists each kind smallest first: the last are the largest).
ASSET_ROWS_SHOWN = 12
ASSET_HEAD = 2
ASSET_TAIL = 5
#: Vite's (and Rollup's) verdict of a failed size check: its table is what the agent reads.
SIZE_WARNING = "(!) Some chunks are larger than"
VITE_WORDS = ("modules transformed", "transforming", "rendering chunks", "computing gzip size")
#: Rollup's warning codes, by the words its message starts with (its `onwarn` codes).
ROLLUP_CODES = (
    ("Module level directives cause errors when bundled", "MODULE_LEVEL_DIRECTIVE"),
    ("The 'this' keyword is equivalent to 'undefined'", "THIS_IS_UNDEFINED"),
    ("Use of eval in ", "EVAL"),
    ("A comment ", "INVALID_ANNOTATION"),
    ("Generated an empty chunk", "EMPTY_BUNDLE"),
    ("Error when using sourcemap for reporting an error", "SOURCEMAP_ERROR"),
)
#: What a line mark_bundler_floods reads holds one of these (found by C-level scans).
HINT_WORDS = ("): ", "Generated an empty chunk")


def _code(msg: str) -> str:
    for words, code in ROLLUP_CODES:
        if msg.startswith(words):
            return code
    return "rollup-warning"


def mark_bundler_floods(norm: list[str], cls: list[str], in_block: list[bool], rules: dict[int, str],
                        candidates: set[int]) -> None:
    """Thin each flood of one kind of per-module bundler warning (see the module docstring).
    `candidates`: the lines holding one of HINT_WORDS."""
    kinds: dict[str, list[int]] = {}
    for i in sorted(candidates):
        if in_block[i]:
            continue
        s = norm[i]
        m = BUNDLER_MODULE_WARN.match(s)
        if m is not None:
            msg = m["msg"]
        elif BUNDLER_EMPTY_CHUNK.match(s):
            msg = s
        else:
            continue
        shape = DIGITS.sub("#", TOOL_QUOTED.sub("Q", msg))
        kinds.setdefault(shape, []).append(i)
    for shape, members in kinds.items():
        if len(members) <= FLOOD_MIN:
            continue
        first, rest = members[0], members[1:]
        cls[first] = KEEP
        code = _code(shape)
        for i in rest:
            cls[i] = REPEAT
            rules[i] = code


def mark_vite(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """Vite's progress is CHATTER; its asset table is kept whole after a failed size check and
    thinned to its ends after a successful build (see the module docstring)."""
    joined = scan.joined()
    for i in sorted(scan.candidates(VITE_WORDS, fold_case=False)):
        if cls[i] in (OTHER, KEEP, PASS) and VITE_PROGRESS.match(norm[i]):
            cls[i] = CHATTER
    rows = [i for i in sorted(scan.candidates((" kB", " MB"), fold_case=False)) if VITE_ASSET_ROW.match(norm[i])]
    if SIZE_WARNING in joined:
        for i in rows:
            cls[i] = KEEP
    elif len(rows) > ASSET_ROWS_SHOWN and "✓ built in " in joined:
        for i in rows[ASSET_HEAD:-ASSET_TAIL]:
            if cls[i] == OTHER:
                cls[i] = ASSET


#: What a Vite plugin warning starts with (a C-level find gates the pass).
VITE_PLUGIN_WORD = "[plugin:"


def mark_vite_plugin_warnings(norm: list[str], cls: list[str], in_block: list[bool], rules: dict[int, str],
                              scan: LineScan) -> None:
    """Vite's plugin warnings are KEEP, a flood of one kind thinned (see the module docstring)."""
    kinds: dict[tuple[str, str], list[int]] = {}
    for i in sorted(scan.candidates((VITE_PLUGIN_WORD,), fold_case=False)):
        if in_block[i] or cls[i] not in (OTHER, CHATTER):
            continue
        m = VITE_PLUGIN_WARN.match(norm[i])
        if m is None:
            continue
        shape = DIGITS.sub("#", TOOL_QUOTED.sub("Q", m["msg"]))
        kinds.setdefault((m["plugin"], shape), []).append(i)
    for (plugin, _shape), members in kinds.items():
        flood = len(members) > FLOOD_MIN
        for k, i in enumerate(members):
            if flood and k:
                cls[i] = REPEAT
                # counted by the name the message quotes first (the module externalized)
                quoted = TOOL_QUOTED.search(norm[i], norm[i].index("] ") + 2)
                rules[i] = f"plugin:{plugin}" + (f" {quoted.group(0)}" if quoted else "")
            else:
                cls[i] = KEEP


#: webpack's error block head (`ERROR in ./src/index.js 7:0-43`) and its import chain's lines
#: (` @ ./src/index.js 6:0-36 14:86-104`: which module asked for the one that failed).
WEBPACK_ERROR_HEAD = "ERROR in "
WEBPACK_CHAIN = " @ "
#: A block is read this far at most (a runaway block is a transcript).
WEBPACK_BLOCK_MAX = 200


def mark_webpack_error_chains(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """webpack's `ERROR in module L:C` block: its message line and each ` @ importer` line of
    its chain are KEEP. The chains of two errors share lines (the same entry imports both
    missing modules), so keepNonRedundant elided them as "other lines" and the agent lost which
    module imports the one that failed; the repeated polyfill advice between them still folds."""
    n = len(norm)
    for i in sorted(scan.candidates((WEBPACK_ERROR_HEAD,), fold_case=False)):
        if not norm[i].startswith(WEBPACK_ERROR_HEAD):
            continue
        cls[i] = KEEP
        end = min(n, i + WEBPACK_BLOCK_MAX)
        if i + 1 < end and norm[i + 1]:
            cls[i + 1] = KEEP
        for k in range(i + 2, end):  # (blank lines part the advice inside one block)
            s = norm[k]
            if s.startswith((WEBPACK_ERROR_HEAD, "WARNING in ", "webpack ")):
                break
            if s.startswith(WEBPACK_CHAIN):
                cls[k] = KEEP


#: What an esbuild box head holds (a C-level find gates the pass).
ESBUILD_WORDS = ("✘ [ERROR] ", "▲ [WARNING] ")


def mark_esbuild(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    """Each esbuild message box, head through its last indented line, is KEEP."""
    n = len(norm)
    for i in sorted(scan.candidates(ESBUILD_WORDS, fold_case=False)):
        if in_block[i] or not ESBUILD_BOX_HEAD.match(norm[i]):
            continue
        end = i + 1
        last = i
        while end < n and (not norm[end] or norm[end][:1].isspace()):
            if norm[end]:
                last = end
            end += 1
        for k in range(i, last + 1):
            cls[k] = KEEP
            in_block[k] = True
