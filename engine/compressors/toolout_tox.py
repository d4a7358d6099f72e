"""tox's `-vv` log: its debug lines are counted, not shown.

`tox -vv` writes its own and virtualenv's log as `lint: 3960 D msg [virtualenv/create/pyenv_cfg.py:117]`
(env name, milliseconds, level letter, message, source): with `-vv` most are `D` (every
pyvenv.cfg key, every file copied into the environment, the interpreter's JSON self-report
between a `D {` line and its `} [source]` line), each different, so no repetition rule elides
them. The `W` (the commands tox runs, an environment it removes), `E` and `C` (a command's exit)
lines are kept (each env's look like another's, and the generic rules dropped a later env's);
`I` lines, the commands' own output and the closing report go by the other rules; the `D` lines
are DEBUG_LINE, droppable and named in the marker (a line in a multi-line debug message that
reports a problem in words stays).
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP, OTHER, problem
from engine.patterns import TOX_ENV_RESULT, TOX_LOG_LINE, TOX_LOG_SOURCE

#: A tox `-vv` debug line (level D), or a line of a multi-line one.
DEBUG_LINE = "toxdebug"
#: Every tox log line at level D holds this: the pass is asked only of lines holding it.
HINT = " D "
#: A multi-line debug message longer than this is no message of tox's: its lines stay.
MAX_MESSAGE_LINES = 200


def _keep_loud_lines(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """Keep tox's W, E and C lines (the commands it runs, an environment it removes, a command's
    exit): each env's are look-alikes of another's, and generic rules dropped a later env's."""
    for word in (" W ", " E ", " C "):
        for i in scan.word_lines(word, fold_case=False):
            m = TOX_LOG_LINE.match(norm[i])
            if m is not None and m["level"] in "WEC" and cls[i] == OTHER:
                cls[i] = KEEP


def mark_tox_debug(norm: list[str], cls: list[str], scan: LineScan) -> None:
    n = len(norm)
    done = -1
    _keep_loud_lines(norm, cls, scan)
    for i in sorted(scan.word_lines(HINT, fold_case=False)):
        if i <= done or cls[i] != OTHER:
            continue
        m = TOX_LOG_LINE.match(norm[i])
        if m is None or m["level"] != "D":
            continue
        end = i + 1
        if not TOX_LOG_SOURCE.search(norm[i]):  # a message of several lines, closed by its source
            j = i + 1
            while j < n and j - i <= MAX_MESSAGE_LINES and not TOX_LOG_LINE.match(norm[j]):
                if TOX_LOG_SOURCE.search(norm[j]):
                    end = j + 1
                    break
                j += 1
        cls[i] = DEBUG_LINE
        for k in range(i + 1, end):
            if cls[k] == OTHER and not problem(norm[k]):
                cls[k] = DEBUG_LINE
        done = end - 1


#: tox 4's verdict line; looked for in the joined text before any line is asked.
REPORT_HINTS = ("congratulations :)", "evaluation failed :(")


def report_lines(lines: list[str]) -> list[int]:
    """tox 4's account of every environment (its result, a skip's reason, the closing report's
    rows and verdict). Read as prose, the report's `py39: SKIP` and `py310: SKIP` rows and a
    `pypy3: skipped because …` line went behind "8 sections elided" while others stayed: one
    row per environment, none stands for another."""
    return [i for i, line in enumerate(lines)
            if ": " in line and TOX_ENV_RESULT.match(line)]
