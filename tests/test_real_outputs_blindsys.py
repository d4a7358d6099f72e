"""Real outputs of native and system tools (perlcritic over Debian's apache2 scripts, Apache's
error log, CSV data with R's `NA`, a CMake build of a shared and a static library), trimmed
excerpts under tests/fixtures/real/blindsys/: a marker names what it elided truly, and the odd
record stays."""
from __future__ import annotations

import re
from pathlib import Path

from real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "blindsys"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_lines(counter, name: str) -> tuple[list[str], list[str]]:  # noqa: ANN001
    data = real(name)
    return data.decode().splitlines(), engine_view(counter, data).splitlines()


# ---------------------------------------------------------------- perlcritic


PERLCRITIC = re.compile(r"^[^:]+: (?P<msg>.+?) at line \d+, column \d+\.  (?P<why>.*)\(Severity: [1-5]\)$")


def test_perlcritic_policies_differing_in_a_quoted_word_each_keep_a_finding(counter):
    # Its default format names no policy. `Regular expression without "/s" flag` (see pages
    # 240,241), `"/m" flag` (page 237) and `"/x" flag` (page 236) are three policies; by the
    # message shape alone one `"/s"` finding stood for all 87 and the marker counted them as
    # `Regular expression without Q flag×9`: that /m and /x are asked too was out of view.
    lines, view = view_lines(counter, "perlcritic-a2enmod-a2query.txt")
    shown = [v for v in view if not MARKER.match(v)]
    assert any(MARKER.match(v) for v in view)  # 186 findings: the low-severity ones are thinned
    for flag in ('"/s" flag', '"/m" flag', '"/x" flag'):
        assert any(f"Regular expression without {flag}" in v for v in shown), flag

    def policy(s: str) -> tuple[str, str]:
        m = PERLCRITIC.match(s)
        return re.sub(r"\d+", "#", re.sub(r'"[^"]*"', "Q", m["msg"])), re.sub(r'"[^"]*"', "Q", m["why"])

    assert {policy(s) for s in lines if PERLCRITIC.match(s)} == {policy(v) for v in shown if PERLCRITIC.match(v)}
    # every marker counts findings, and names a policy whose findings all say the same words by them
    counted = 0
    for v in view:
        m = MARKER.match(v)
        if m:
            found = re.match(r"(\d+) findings? like those shown: (.*)$", m[2])
            assert found and int(found[1]) == int(m[1]), v
            counted += int(m[1])
    assert any('Regular expression without "/m" flag×' in v for v in view)
    assert len(shown) + counted == len(lines)
