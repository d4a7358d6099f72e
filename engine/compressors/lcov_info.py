"""An lcov tracefile (`lcov.info`: lcov --capture, istanbul's and c8's lcov reporter, gcovr).

Each file's record is `SF:` then its functions (`FN`, `FNDA` hits), lines (`DA:line,hits`),
branches (`BRDA:line,block,branch,taken`) and their totals (`FNF/FNH`, `LF/LH`, `BRF/BRH`), up
to `end_of_record`. Read as sections, whole records went behind `… 42 sections elided` markers,
their uncovered lines and totals with them. What the agent acts on is what never ran: every
line with a 0 count (a `DA` with 0 hits, a `BRDA` taken 0 or `-`, an `FNDA` of 0 and its `FN`)
stays, as do `SF`, `TN`, the totals and `end_of_record`; each run of the rest is one marker
counting what it holds (all hit: the counts are checked).
"""
from __future__ import annotations

#: Record lines that always stay.
KEPT = ("TN:", "SF:", "FNF:", "FNH:", "LF:", "LH:", "BRF:", "BRH:", "end_of_record", "VER:")
MIN_RECORDS_LINES = 12


def is_tracefile(text: str) -> bool:
    head = text.lstrip()[:3]
    return head in ("TN:", "SF:") and "\nend_of_record" in text and "\nDA:" in text


def _count(field: str) -> int | None:
    field = field.strip()
    if field == "-":
        return 0  # a branch whose block never ran
    return int(field) if field.isdigit() else None


def _verdict(line: str, unhit_functions: set[str]) -> tuple[bool, str]:
    """(kept, kind of an elided line): a line that never ran is kept."""
    tag, _, rest = line.partition(":")
    if line.startswith(KEPT) or not rest:
        return True, ""
    if tag == "DA":
        parts = rest.split(",")
        hits = _count(parts[1]) if len(parts) >= 2 else None
        return (True, "") if hits is None or hits == 0 else (False, "DA")
    if tag == "BRDA":
        parts = rest.split(",")
        taken = _count(parts[3]) if len(parts) == 4 else None
        return (True, "") if taken is None or taken == 0 else (False, "BRDA")
    if tag == "FNDA":
        hits, _, name = rest.partition(",")
        n = _count(hits)
        return (True, "") if n is None or n == 0 else (False, "FNDA")
    if tag == "FN":
        _, _, name = rest.partition(",")
        return (True, "") if name in unhit_functions else (False, "FN")
    return True, ""


#: Runs of never-run lines (`DA:n,0` on consecutive line numbers) at least this long are one
#: marker stating their exact range: the text it stands for, no line lost.
MIN_ZERO_RUN = 4


def _zero_line(line: str) -> int | None:
    """The line number of a `DA:n,0` line written exactly so (no checksum field)."""
    if not (line.startswith("DA:") and line.endswith(",0")):
        return None
    number = line[3:-2]
    return int(number) if number.isdigit() and str(int(number)) == number else None


#: How a run's marker names what it counted.
KIND_WORDS = (("DA", "DA lines hit"), ("FN", "FN of functions hit"), ("FNDA", "FNDA hit"), ("BRDA", "BRDA taken"))


def compress(text: str) -> str | None:
    lines = text.split("\n")
    if len(lines) < MIN_RECORDS_LINES:
        return None
    # the functions never hit, per record (FN names the function an FNDA counts)
    out: list[str] = []
    record: list[str] = []
    elided_any = False

    def flush() -> None:
        nonlocal elided_any
        unhit = set()
        for ln in record:
            if ln.startswith("FNDA:"):
                hits, _, name = ln[5:].partition(",")
                if _count(hits) == 0:
                    unhit.add(name)
        run: list[tuple[str, str]] = []

        def close() -> None:
            nonlocal elided_any
            if not run:
                return
            if len(run) == 1:
                out.append(run[0][0])
            else:
                kinds = [k for _, k in run]
                da = [int(ln[3:].split(",")[0]) for ln, k in run if k == "DA" and ln[3:].split(",")[0].isdigit()]
                where = f" (lines {min(da)}..{max(da)})" if da and len(da) == kinds.count("DA") else ""
                parts = [f"{kinds.count(k)} {w}" + (where if k == "DA" else "") for k, w in KIND_WORDS if k in kinds]
                out.append(f"… {len(run)} lines elided (caveman): {', '.join(parts)}, none with a 0 count …")
                elided_any = True
            run.clear()

        zeros: list[int] = []  # a run of `DA:n,0` lines on consecutive line numbers

        def close_zeros() -> None:
            nonlocal elided_any
            if len(zeros) >= MIN_ZERO_RUN:
                out.append(f"… {len(zeros)} lines elided (caveman): DA lines {zeros[0]}..{zeros[-1]} "
                           "(every line number), all with 0 hits …")
                elided_any = True
            else:
                out.extend(f"DA:{n},0" for n in zeros)
            zeros.clear()

        for ln in record:
            kept, kind = _verdict(ln, unhit)
            if kept:
                close()
                n = _zero_line(ln)
                if n is not None and (not zeros or n == zeros[-1] + 1):
                    zeros.append(n)
                    continue
                close_zeros()
                if n is not None:
                    zeros.append(n)
                    continue
                out.append(ln)
            else:
                close_zeros()
                run.append((ln, kind))
        close()
        close_zeros()
        record.clear()

    for ln in lines:
        record.append(ln)
        if ln.strip() == "end_of_record":
            flush()
    flush()
    return "\n".join(out) if elided_any else None
