"""pip's resolver giving up (`ResolutionImpossible`): the `Collecting` and `Requirement already
satisfied` lines of the requirements in conflict stay.

`Collecting name<spec` lines are progress in an install that works. When the resolver fails,
`ERROR: Cannot install requests==2.31.0 and urllib3<1.21 because …` names the requirements in
conflict, and each one's `Collecting` line shows what pip fetched for it and, with `(from …)`,
which requirement asked for it: the chain the agent follows to loosen one; `Requirement already
satisfied: name==1.2 in …` shows the version installed. Those lines are kept; the other
packages' lines stay progress.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP
from engine.patterns import PIP_CANNOT_INSTALL, PIP_PROJECT_NAME

#: Literal gate: the resolver's conflict line.
HINT = "conflicting dependencies"
#: The lines that name a requirement first: what pip fetched, or found installed.
REQUIREMENT_LINES = ("Collecting ", "Requirement already satisfied: ")


def canonical_name(name: str) -> str:
    """PEP 503's normalised project name: `Charset_Normalizer` and `charset-normalizer` match."""
    return "-".join(part for part in name.lower().replace("_", "-").replace(".", "-").split("-") if part)


def _names(requirements: str) -> set[str]:
    """Project names of `a==1, b<2 and -r req.txt (line 3)`: requirement files name none."""
    names: set[str] = set()
    for part in requirements.replace(" and ", ", ").split(", "):
        part = part.strip()
        m = PIP_PROJECT_NAME.match(part)
        if m is not None and not part.startswith("-"):
            names.add(canonical_name(m.group(0)))
    return names


def mark_conflict_requirements(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """Keep the `Collecting` / `Requirement already satisfied` lines of each requirement an
    `ERROR: Cannot install …` line names."""
    names: set[str] = set()
    for i in scan.candidates(("ERROR: Cannot install ",), fold_case=False):
        m = PIP_CANNOT_INSTALL.match(norm[i])
        if m is not None:
            names |= _names(m["reqs"])
    if not names:
        return
    for i in scan.candidates(REQUIREMENT_LINES, fold_case=False):
        line = norm[i].lstrip()
        for start in REQUIREMENT_LINES:
            if line.startswith(start):
                m = PIP_PROJECT_NAME.match(line, len(start))
                if m is not None and canonical_name(m.group(0)) in names:
                    cls[i] = KEEP
