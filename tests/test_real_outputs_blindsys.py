"""Real outputs of native and system tools (perlcritic over Debian's apache2 scripts, Apache's
error log, CSV data with R's `NA`, a CMake build of a shared and a static library), trimmed
excerpts under tests/fixtures/real/blindsys/: a marker names what it elided truly, and the odd
record stays."""
from __future__ import annotations

import json
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


# ---------------------------------------------------------------- Apache error log


def _apache_key(s: str) -> str:
    s = re.sub(r"^\[[^]]*\] ", "[#] ", s)
    s = re.sub(r"\[pid \d+(?::tid \d+)?\]", "[pid #]", s)
    return re.sub(r"(\[client [^]\s]+):\d+\]", r"\1:#]", s)


def test_apache_error_log_repeats_differing_in_pid_tid_and_client_port_fold(counter):
    # Apache 2.4 stamps each record with its worker's `[pid N:tid N]` and the client's ephemeral
    # port (`[client 127.0.0.1:35762]`): every repeat of the same two errors read as a new error
    # line, and 13 copies of each stayed in view (2350 -> 2110 tokens).
    lines, view = view_lines(counter, "apache2-error-cgi.log")
    markers = [MARKER.match(v) for v in view if MARKER.match(v)]
    assert len(markers) == 1 and markers[0][2] == f"{markers[0][1]} repeats of shown error lines"
    shown = [v for v in view if v in lines]
    assert len(shown) + int(markers[0][1]) == len(lines)
    # every distinct error is shown, the first of each and the lone ones
    assert {_apache_key(s) for s in lines} == {_apache_key(v) for v in shown}
    for s in ("AH00132: file permissions deny server access: /var/www/html/private/x.txt",
              "End of script output before headers: report.py", "KeyError: 'id'",
              "AH10244: invalid URI path (/../../etc/passwd)", "AH00489: Apache/2.4.71 (Debian) configured"):
        assert any(s in v for v in shown), s
    assert len(view) < 16


def test_apache_error_lines_from_different_clients_stay_apart(counter):
    # only the port is masked: the same error for another client address is another line
    data = "".join(
        f"[Tue Dec 01 17:27:{10 + i}.0 2026] [core:error] [pid {100 + i}:tid {200 + i}] (13)Permission denied: "
        f"[client 192.0.2.{1 + i % 2}:{40000 + i}] AH00132: file permissions deny server access: /var/www/x\n"
        for i in range(20)).encode()
    view = engine_view(counter, data)
    assert "[client 192.0.2.1:40000]" in view and "[client 192.0.2.2:40001]" in view


# ---------------------------------------------------------------- CSV with R's NA


def test_csv_rows_with_a_rare_missing_value_word_stay(counter):
    # vega_datasets' airports.csv (every 4th row, and all with NA): 12 airports have city and
    # state `NA` (R's missing value). Only blank cells counted as missing: the NA rows of
    # American airports were elided under `state: 50 distinct, AK..WY`, NA silently one of them.
    lines, view = view_lines(counter, "vega-airports-sample.csv")
    na_rows = [s for s in lines if ",NA,NA," in s]
    assert len(na_rows) == 12
    for s in na_rows:
        assert s in view, s
    elided = sum(int(m[1]) for m in (re.match(r'^"… (\d+) rows elided \(caveman\)', v) for v in view) if m)
    assert elided and elided + sum(1 for v in view if v in lines) == len(lines)


# ---------------------------------------------------------------- gcc, a library built twice


GCC_WARNING = re.compile(r"^\S+:\d+:\d+: warning: (?P<msg>.*) \[(?P<rule>-W[\w-]+)\]$")


def test_gcc_warning_printed_twice_by_a_shared_and_static_build_is_shown_once(counter):
    # json-c's CMake build compiles every source twice (json-c and json-c-static), so each
    # -Wconversion warning is printed twice, word for word. A kind with five findings or fewer
    # stays whole, and both copies of each were shown (the same place and message, twice).
    lines, view = view_lines(counter, "cmake-make-jsonc-wconversion.txt")
    heads = [s for s in lines if GCC_WARNING.match(s)]
    assert len(heads) > 2 * len(set(heads)) - 10  # nearly every warning twice
    shown = [v for v in view if GCC_WARNING.match(v)]
    assert shown and len(shown) == len(set(shown))
    counted = sum(int(n) for v in view if MARKER.match(v)
                  for n in re.findall(r"(\d+) findings? like those shown", v))
    assert len(shown) + counted == len(heads)

    def kind(s: str) -> tuple[str, str]:
        m = GCC_WARNING.match(s)
        return m["rule"], re.sub(r"\d+", "#", re.sub(r"‘[^’]*’", "Q", m["msg"]))

    assert {kind(s) for s in heads} == {kind(v) for v in shown}


# ---------------------------------------------------------------- MariaDB error log


def test_mariadb_repeats_differing_in_thread_id_fold_and_errors_stay(counter):
    # MariaDB writes `stamp thread [Level] msg`; the thread is the client's connection, new for
    # each login: six identical failed logins read as six error lines.
    lines, view = view_lines(counter, "mariadb-error-crash-recovery.log")
    app = [v for v in view if "Access denied for user 'app'@'localhost' (using password: YES)" in v]
    assert len(app) == 1
    at = view.index(app[0])
    assert view[at + 1] == "… 5 lines elided (caveman): 5 repeats of shown error lines …"
    assert any("Access denied for user 'nobody'@'localhost' (using password: NO)" in v for v in view)
    for s in lines:
        if " [ERROR] " in s:
            assert s in view, s


# ---------------------------------------------------------------- go test -v


def test_go_test_run_lines_of_tests_named_error_are_progress(counter):
    # `=== RUN   TestURLErrorImplementsNetError`: the name read as a problem in words, so the
    # announcement of three passing tests stayed in view as if something had gone wrong.
    lines, view = view_lines(counter, "go-test-v-url-mail-textproto.txt")
    assert all(v in view for v in ("ok  \tnet/url\t0.050s", "ok  \tnet/mail\t0.010s", "ok  \tnet/textproto\t0.095s"))
    assert not any(v.startswith("=== RUN") and "Error" in v for v in view)
    elided = 0
    for v in view:
        m = MARKER.match(v)
        if m:
            assert re.fullmatch(r"\d+ passing-test lines?; \d+ progress lines?", m[2]), v
            elided += int(m[1])
    assert elided + sum(1 for v in view if v in lines) == len(lines)


# ---------------------------------------------------------------- clang under a pty


def _plain(data: bytes) -> list[str]:
    return re.sub(r"\x1b\[[0-9;]*m", "", data.decode()).replace("\r", "").splitlines()


def test_clang_diagnostics_wrapped_at_the_terminal_width_keep_their_whole_headline(counter):
    # Under a pty clang wraps each diagnostic at the terminal's width: `x.h:1692:10: warning:
    # macro name is a` / `      reserved identifier [-Wreserved-macro-identifier]`. A thinned
    # representative kept only the first line, the rule under it elided as a "line under them",
    # and the marker counted kinds by the cut words (`"macro name is a"×8`, `"identifier"×41`).
    data = real("clang-weverything-pty-wrapped.txt")
    lines, view = _plain(data), engine_view(counter, data).splitlines()
    heads = [s for s in lines if ": warning: " in s]
    assert len(heads) == 141 and not any(s.endswith("]") for s in heads)  # every one wrapped
    shown = 0
    for at, v in enumerate(view):
        if ": warning: " in v:
            shown += 1
            rest = view[at + 1:]
            tail = next(k for k, w in enumerate(rest) if not w.startswith("      ") or w.startswith("       "))
            assert tail and re.search(r"\[-W[\w-]+\]$", rest[tail - 1]), (v, rest[:3])
    counted = 0
    for v in view:
        m = MARKER.match(v)
        if m and "like those shown" in m[2]:
            found = re.match(r"(\d+) findings? like those shown: ((?:-W[\w-]+×\d+ ?)+)(;|$)", m[2])
            assert found, v  # counted per -W rule, never by a cut message
            counted += int(found[1])
    assert shown + counted == len(heads)


# ================================================================ session 16 (corpus16 sys-*)


# ---------------------------------------------------------------- go test -json


def test_gotest_json_passing_tests_events_are_not_kept_by_keyword_scans(counter):
    # testify's own suite (go 1.19, GOPATH mode): passing tests print `--- PASS:` rows and
    # messages the log's keyword and block scans kept, so 7,310 of 8,457 tokens stayed. The
    # test2json reader says which events are a passing test's chatter: none of them is shown.
    data = real("gotest-json-testify.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    events = [json.loads(line) for line in original]
    def tests(action: str) -> set[tuple[str, str]]:
        return {(e["Package"], e["Test"]) for e in events if e.get("Test") and e["Action"] == action}

    passed = tests("pass") - tests("fail")  # (testify runs a suite twice: one name, both verdicts)
    only_failed = tests("fail") - tests("pass")
    first_marker = next(k for k, v in enumerate(view) if MARKER.match(v))
    for line in view[first_marker:]:  # (the log's first lines stay as its head)
        if line.startswith("{"):
            e = json.loads(line)
            assert (e["Package"], e.get("Test")) not in passed or e["Action"] not in ("output", "pass", "run")
    # every fail event and every line of a failed test, and every package verdict row, stays
    for line, e in zip(original, events):
        failed = e.get("Test") and (e["Package"], e["Test"]) in only_failed and e["Action"] == "output" \
            and not e["Output"].startswith("=== ")
        if e["Action"] == "fail" or failed or e.get("Output", "").startswith(("ok  ", "FAIL")):
            assert line in view, line
    # every elided line is counted
    elided = sum(int(m[1]) for v in view if (m := MARKER.match(v)))
    assert elided + sum(v in original for v in view) == len(original)
    assert len("\n".join(view)) * 2 < len(data)


# ---------------------------------------------------------------- go vet


def test_go_vet_findings_are_lint_warnings_counted_per_analyzer(counter):
    # go vet over Debian's golang-*-dev sources: 139 `composite literal uses unkeyed fields`
    # among 9 other findings. Read as compile errors, every one stayed and the view saved
    # nothing (passed through). Vet's analyzers word their findings in fixed ways: they are
    # warnings now, each kind shown once and its repeats counted per analyzer.
    data = real("go-vet-gocode.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    # every package header and every finding that is not `composites` stays
    for line in original:
        if line.startswith("# ") or "composite literal uses unkeyed fields" not in line:
            assert line in view, line
    markers = [m for v in view if (m := MARKER.match(v))]
    assert markers
    for m in markers:
        n = int(m[1])
        assert m[2] == f"{n} findings like those shown: composites×{n}"
    elided = sum(int(m[1]) for m in markers)
    assert elided + sum(v in original for v in view) == len(original)
    assert elided > 100


def test_go_build_errors_stay_errors_beside_vet_findings(counter):
    # a compile error is no vet finding: under a flood of vet warnings it stays, every one
    lines = ["# example.com/app"] + [
        f"app/model_test.go:{10 + k}:4: example.com/app.Point composite literal uses unkeyed fields" for k in range(120)
    ] + ["app/main.go:7:2: undefined: missingFunc", "app/main.go:9:6: declared and not used: x"]
    data = ("\n".join(lines) + "\n").encode()
    view = engine_view(counter, data).splitlines()
    assert "app/main.go:7:2: undefined: missingFunc" in view
    assert "app/main.go:9:6: declared and not used: x" in view
    assert any(m and "composites×" in m[2] for m in map(MARKER.match, view))


# ---------------------------------------------------------------- go test -v, testify's assertions


def test_go_test_v_testify_failure_block_stays_whole(counter):
    # logrus's TestCallerReportingOverhead (go test -race -v) fails two testify assertions:
    # each prints its place alone (`    logrus_test.go:446: `), then an `Error Trace:`/`Error:`/
    # `Test:`/`Messages:` block. The place was no t.Log message (nothing after its colon) and
    # went with a passing test's chatter, and so did the second assertion's `Test:` and
    # `Messages:` lines: the failure block was cut in two places.
    data = real("go-test-race-v-logrus-testify-fail.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    start = original.index("=== RUN   TestCallerReportingOverhead")
    end = original.index("--- FAIL: TestCallerReportingOverhead (3.68s)")
    block = original[start:end + 1]
    assert len(block) == 12
    at = view.index(block[0])
    assert [v.rstrip() for v in view[at:at + len(block)]] == [b.rstrip() for b in block]
    assert "ok  \tgithub.com/sirupsen/logrus/hooks/syslog\t0.151s" in view


# ---------------------------------------------------------------- haproxy's httplog


def test_haproxy_httplog_markers_count_the_statuses_they_elide(counter):
    # haproxy -db with `log stdout` and `option httplog`, its backends going down under curl:
    # 503s and 404s by the hundred. haproxy prints the status before the quoted request, so a
    # marker over them said nothing (`… 105 lines elided (caveman) …`). Each now counts them.
    data = real("haproxy-httplog-backends-down.log")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    status = re.compile(r"\] \S+ \S+/\S+ [-\d/+]+ (\d{3}) ")
    at = 0
    markers = 0
    for k, v in enumerate(view):
        m = MARKER.match(v)
        if m is None:
            at = original.index(v, at) + 1 if v in original[at:] else at
            continue
        n = int(m[1])
        elided = original[at:at + n]
        counts: dict[str, int] = {}
        for line in elided:
            counts[status.search(line)[1]] = counts.get(status.search(line)[1], 0) + 1
        assert m[2] == "statuses " + ", ".join(f"{s}×{c}" for s, c in sorted(counts.items()))
        at += n
        markers += 1
    assert markers >= 2
    # every DOWN, ALERT and WARNING line stays
    assert all(line in view for line in original if "DOWN" in line or line.startswith(("[ALERT]", "[WARNING]")))
