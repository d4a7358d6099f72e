"""npm's usage text under a usage error.

`npm ci` with a lockfile out of sync with package.json fails with EUSAGE: the reason (`Invalid:
lock file's x@1 does not satisfy x@2`, `Missing: y from lock file`), then the command's whole
help, 80 lines of `Options:` under `npm error`. The reason, `Usage:` and the command line, the
`aliases:` line, `Run "npm help ci"` and the log path stay; the options list (from `Options:` to
the line before `aliases:` / `Run "npm help`) is USAGE, counted as `N npm usage/option help
lines` in the marker. Every line still reads `npm error`, which is why no generic rule may
decide it.

node-gyp's log in a failed install script (`gyp info spawn args`, `gyp verb check python`, each
argument of `gyp verb cli [` on its own line) is CHATTER, under npm's prefix or not: its
`gyp ERR!` lines (the stack, the cwd, `not ok`) and the script's own output stay.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import CHATTER, KEEP, OTHER
from engine.patterns import NPM_GYP_CHATTER, NPM_USAGE_END, NPM_USAGE_OPTIONS

#: The label of an option-help line of npm's usage text.
USAGE = "npm-usage"
#: What a usage text's lines start with (a C-level find gates the pass).
USAGE_SIGNS = ("npm error Options:", "npm ERR! Options:")


def mark_npm_usage(norm: list[str], cls: list[str], in_block: list[bool]) -> None:
    n = len(norm)
    i = 0
    while i < n:
        if not (norm[i].startswith(("npm error Op", "npm ERR! Op")) and NPM_USAGE_OPTIONS.match(norm[i])):
            i += 1
            continue
        j = i
        while j < n and norm[j].startswith(("npm error", "npm ERR!")) and not NPM_USAGE_END.match(norm[j]):
            j += 1
        if j < n and NPM_USAGE_END.match(norm[j]):  # a usage text that runs to its end only
            for k in range(i, j):
                if not in_block[k]:
                    cls[k] = USAGE
        i = j + 1


#: What a node-gyp log line holds (a C-level find gates the pass).
GYP_WORDS = ("gyp verb ", "gyp info ")


def mark_gyp_chatter(norm: list[str], cls: list[str], in_block: list[bool], scan: LineScan) -> None:
    for i in scan.candidates(GYP_WORDS, fold_case=False):
        if not in_block[i] and cls[i] in (OTHER, KEEP) and NPM_GYP_CHATTER.match(norm[i]):
            cls[i] = CHATTER
