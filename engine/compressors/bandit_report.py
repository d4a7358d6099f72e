"""bandit's text report: one block per issue.

    >> Issue: [B110:try_except_pass] Try, Except, Pass detected.
       Severity: Low   Confidence: High
       CWE: CWE-703 (https://cwe.mitre.org/data/definitions/703.html)
       More Info: https://bandit.readthedocs.io/en/1.9.4/plugins/b110_try_except_pass.html
       Location: boltons/debugutils.py:219:8
    218	            wrapped.__module__ = func.__module__
    219	        except Exception:
    220	            pass

    --------------------------------------------------

Every issue keeps its headline, severity and location: each is a finding the agent must see.
The first issue of each test (B110) is shown whole. A later low-severity issue of the same test
drops its CWE and More Info lines when they repeat the first one's word for word, and its code
excerpt; each marker says what it stands for (the excerpt's line range is read from the elided
lines). Medium and high severity issues are always shown whole.

Past LOW_VOLUME low-severity issues (bandit over a test suite: a B101 for every `assert`), low
findings are thinned as lint findings are: the first issue of each test stays whole, the later
low ones are elided whole, each run of them one marker counting its issues per test.
"""
from __future__ import annotations

from collections.abc import Sequence

from collections import Counter

from engine.compressors.lines import marker_text
from engine.compressors.toolout_findings import LOW_VOLUME
from engine.patterns import BANDIT_EXCERPT, BANDIT_ISSUE

#: What every issue's headline starts with: a text without it is no bandit report.
SIGN = ">> Issue: ["
#: An excerpt shorter than this stays (its marker would cost about what it does).
MIN_EXCERPT = 3


def elisions(lines: Sequence[str]) -> list[tuple[int, int, str]] | None:
    """(start, end, summary) runs to elide, in order, or None when this is no bandit report
    (or nothing in it repeats)."""
    issues = _issues(lines)
    if sum(low for _, _, _, low in issues) > LOW_VOLUME:
        return _thinned(issues)
    runs: list[tuple[int, int, str]] = []
    first_refs: dict[str, tuple[str, str]] = {}  # test id -> its first issue's CWE and More Info lines
    n = len(lines)
    for i in range(n):
        m = BANDIT_ISSUE.match(lines[i])
        if m is None or i + 4 >= n:
            continue
        test = m.group("test")
        sev, cwe, info, loc = lines[i + 1], lines[i + 2], lines[i + 3], lines[i + 4]
        if not (sev.lstrip().startswith("Severity: ") and cwe.lstrip().startswith("CWE: ")
                and info.lstrip().startswith("More Info: ") and loc.lstrip().startswith("Location: ")):
            continue
        if test not in first_refs:
            first_refs[test] = (cwe, info)
            continue
        if not sev.lstrip().startswith("Severity: Low "):
            continue
        if first_refs[test] == (cwe, info):
            _add(runs, lines, i + 2, i + 4, f"CWE and More Info lines as for {test} above")
        start = end = i + 5
        while end < n and BANDIT_EXCERPT.match(lines[end]):
            end += 1
        numbered = [ln.split("\t", 1)[0] for ln in lines[start:end]]
        while end < n and not lines[end].strip():
            end += 1
        if len(numbered) >= MIN_EXCERPT:
            path = loc.split("Location: ", 1)[1].rsplit(":", 2)[0]
            _add(runs, lines, start, end, f"code excerpt, lines {numbered[0]}-{numbered[-1]} of {path}")
    return runs or None


def _add(runs: list[tuple[int, int, str]], lines: Sequence[str], start: int, end: int, summary: str) -> None:
    """Elide lines[start:end] only where the marker is shorter than what it stands for."""
    if len(marker_text(end - start, "lines", summary)) < len("\n".join(lines[start:end])):
        runs.append((start, end, summary))


def _issues(lines: Sequence[str]) -> list[tuple[int, int, str, bool]]:
    """(start, end, test id, low severity) of each issue block: its headline through the
    `-----` rule after it (or up to the next headline)."""
    heads = [i for i, ln in enumerate(lines) if ln.startswith(">> Issue: ") and BANDIT_ISSUE.match(ln)]
    out = []
    for k, i in enumerate(heads):
        stop = heads[k + 1] if k + 1 < len(heads) else len(lines)
        end = next((j + 1 for j in range(i + 1, stop) if lines[j].startswith("-----") and not lines[j].strip("-")), None)
        if end is None:
            continue  # no closing rule: not a block this module can vouch for
        m = BANDIT_ISSUE.match(lines[i])
        low = i + 1 < stop and lines[i + 1].lstrip().startswith("Severity: Low ")
        out.append((i, end, m.group("test"), low))
    return out


def _thinned(issues: list[tuple[int, int, str, bool]]) -> list[tuple[int, int, str]] | None:
    seen: set[str] = set()
    runs: list[tuple[int, int, str]] = []
    cur_start = cur_end = -1
    tally: Counter[str] = Counter()

    def close() -> None:
        if tally:
            parts = " ".join(f"{t}×{c}" for t, c in sorted(tally.items(), key=lambda kv: (-kv[1], kv[0])))
            issues = sum(tally.values())
            noun = "issue" if issues == 1 else "issues"
            runs.append((cur_start, cur_end, f"{issues} low-severity {noun} like those shown: {parts}"))
            tally.clear()

    for start, end, test, low in issues:
        if not low or test not in seen:
            seen.add(test)
            close()
            continue
        if start != cur_end:
            close()
            cur_start = start
        cur_end = end
        tally[test] += 1
    close()
    return runs or None
