"""pip's dependency conflicts: what names the packages in conflict stays.

`ERROR: pip's dependency resolver does not currently take into account …` is followed by one row
per package the install broke (`x 1.0 requires y<2, but you have y 2.1 which is incompatible.`):
every row is kept (`mark_pip_conflicts`), as sampling them hid most of the error.

`Collecting name<spec` lines are progress in an install that works. When the resolver gives up
(`ResolutionImpossible`), `ERROR: Cannot install requests==2.31.0 and urllib3<1.21 because …`
names the requirements in conflict, and each one's `Collecting` line shows what pip fetched for
it and, with `(from …)`, which requirement asked for it: the chain the agent follows to loosen
one; `Requirement already satisfied: name==1.2 in …` shows the version installed. Those lines are
kept (`mark_conflict_requirements`); the other packages' lines stay progress.
"""
from __future__ import annotations

from engine.compressors.lines import LineScan
from engine.compressors.toolout_scan import KEEP
from engine.patterns import PIP_CANNOT_INSTALL, PIP_CONFLICT_ROW, PIP_CONFLICT_WORDS, PIP_PROJECT_NAME

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


def mark_pip_conflicts(norm: list[str], cls: list[str], scan: LineScan) -> None:
    """Keep every row of pip's dependency-conflict report (PIP_CONFLICT_ROW): each names a package
    the install broke, so sampling them (they were read as plain output) hid most of the error."""
    for i in scan.candidates(PIP_CONFLICT_WORDS, fold_case=False):
        if cls[i] != KEEP and PIP_CONFLICT_ROW.match(norm[i]) is not None:
            cls[i] = KEEP
