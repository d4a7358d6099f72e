"""apt-get / dpkg transcripts: which package a kept line belongs to.

dpkg's step lines (`Setting up nginx (1.22.1-9) ...`, `Unpacking x (1.0) ...`, `Preparing to
unpack ...`, `Processing triggers for man-db ...`) are progress, elided by the run. A
maintainer script's output under one of them does not name its package
(`invoke-rc.d: policy-rc.d denied execution of start.`, `x: error: cannot open ...`), so a kept
warning or error keeps the step line that owns it: the nearest one above, as pip's `Collecting
x==1.2` is kept above a build error. dpkg's and apt's own messages (`dpkg: error processing
package x`, `E: ...`) name their package and own no step line; they also end the script output
above them, so a line after them has no owner until the next step line.

systemd's `Created symlink /etc/systemd/...` (and `Removed ...` on purge) lines say that a
script enabled (or disabled) a unit on the host: a state change the agent may need, a few per
service package, each kept; they name their unit, so they keep no step line.
"""
from __future__ import annotations

from itertools import compress

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP, OTHER
from engine.patterns import DPKG_OWN_STARTS, DPKG_STEP_STARTS, SYSTEMD_LINK_STARTS

#: Words only a dpkg run prints (a configure-only run has no `(Reading database`).
HINTS = ("Setting up ", "(Reading database ")
#: How far above a kept line its step line is searched (a script's output is short; keeps the
#: pass linear on a transcript that only mentions dpkg's words).
STEP_LOOKBACK = 200


def _step(line: str) -> bool:
    # every dpkg step ends in ` ...` (`Unpacking x (2.0) over (1.0) ...`): a build's own
    # `Removing old files` is no package's step
    return line.startswith(DPKG_STEP_STARTS) and line.endswith(" ...")


def mark_apt_owners(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """Keep each systemd link line, and the step line owning each kept line of a script."""
    for i in sorted(scan.candidates(SYSTEMD_LINK_STARTS, fold_case=False)):
        if norm[i].startswith(SYSTEMD_LINK_STARTS) and cls[i] == OTHER:
            cls[i] = KEEP
    prev, prev_owner = -1, -1  # the last kept line seen, and its owner (-1: none)
    for i in list(compress(range(len(cls)), map(KEEP.__eq__, cls))):
        line = norm[i]
        if line.startswith(SYSTEMD_LINK_STARTS):
            continue
        if line.startswith(DPKG_OWN_STARTS):
            prev, prev_owner = i, -1
            continue
        if _step(line):
            prev, prev_owner = i, i
            continue
        owner, k = -1, i - 1
        stop = max(prev, i - 1 - STEP_LOOKBACK)
        while k > stop:
            s = norm[k]
            if _step(s):
                owner = k
                break
            if s.startswith(DPKG_OWN_STARTS):
                break
            k -= 1
        else:
            if k == prev:  # the walk reached the last kept line: its owner is this one's
                owner = prev_owner
        if owner >= 0:
            cls[owner] = KEEP
        prev, prev_owner = i, owner
