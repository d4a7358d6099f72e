"""Real system logs of the Loghub collection (trimmed excerpts under tests/fixtures/real/loghub/):
OpenStack's nova logs, whose records lead with the rotated file's name and its time, and the
HealthApp step counter's `|`-separated records. Both were read as search hits, and the rare
events of a nova log (one instance terminated, one spawned) were elided as look-alikes."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.log import LogCompressor
from engine.compressors.log_rare import rare_template_lines
from engine.detect import detect
from engine.patterns import CLOCK_ENDED_WORD
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "loghub"
MARKER = re.compile(r"^… (\d+) lines elided \(caveman\)")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def elided_count(view: str) -> int:
    return sum(int(m.group(1)) for m in map(MARKER.match, view.splitlines()) if m)


# ---------------------------------------------------------------- detection


def test_openstack_log_led_by_its_file_name_and_time_is_a_log():
    # `nova-api.log.1.2017-05-16_13:53:08 2017-05-16 00:00:00.008 25746 INFO …` read as a hit
    # of file `nova-api.log.1.2017-05-16_13` at line 53; the view's markers then claimed
    # "all in nova-api.log.1.2017-05-16_13, lines 53..53".
    assert detect(real("openstack-nova.log")) == ContentType.LOG


def test_healthapp_pipe_records_are_a_log():
    # `20171223-22:15:29:606|Step_LSC|30002312|onStandStepChanged 3579`: read as hits of a file
    # `20171223-22` at line 15, and elided under "all in 20171223-22, lines 15..15".
    data = real("healthapp.log")
    assert detect(data) == ContentType.LOG
    view = LogCompressor().compress(data).decode()
    assert "search result" not in view and "all in 20171223-22" not in view
    assert "20171223-22:15:34:723|Step_StandReportReceiver|30002312|onReceive action: android.intent.action.SCREEN_OFF" in view
    assert "20171223-22:15:35:23|Step_StandReportReceiver|30002312|screen status unknown,think screen on" in view
    original = data.decode().splitlines()
    shown = [ln for ln in view.splitlines() if ln in original]
    assert len(shown) + elided_count(view) == len(original)  # markers count exactly what went
    assert len(view) * 8 < len(data)


def test_a_word_ending_in_a_clock_is_no_hit_but_a_file_with_a_digit_is():
    assert CLOCK_ENDED_WORD.match("nova-api.log.1.2017-05-16_13:53:08 2017-05-16 00:00:00.008 INFO x")
    assert CLOCK_ENDED_WORD.match("20171223-22:15:29:606|Step_LSC|30002312|onStandStepChanged 3579")
    assert not CLOCK_ENDED_WORD.match("file1:12:34: error: expected ';'")
    assert not CLOCK_ENDED_WORD.match("src/app.py:12:5: F821 undefined name 'x'")
    hits = b"".join(b"src/mod%d.py:1%d:2: error: bad thing\n" % (i, i) for i in range(8))
    assert detect(hits) != ContentType.LOG


# ---------------------------------------------------------------- rare events


def test_openstack_rare_events_stay_whole_in_view():
    # Each of these records is led by request, user and tenant ids that its neighbours carry
    # too; its own words were under a tenth of its vocabulary, so it read as represented.
    data = real("openstack-nova.log")
    view = LogCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    for needle in ("Terminating instance", "Took 19.05 seconds to spawn the instance on the hypervisor.",
                   '"DELETE /v2/54fadb412c4e40cdbaed9335e4c35a9e/servers/b9000564-fe1a-409b-b8cc-1e88b294cd1d HTTP/1.1" status: 204',
                   "Instance destroyed successfully.", "Took 19.84 seconds to build instance."):
        whole = next(ln for ln in original if needle in ln)
        assert whole in lines, needle
    shown = [ln for ln in lines if ln in original]
    assert len(shown) + elided_count(view) == len(original)
    assert all(ln.endswith("all level=INFO …") for ln in lines if MARKER.match(ln))
    assert 3 * len(view) < 2 * len(data)


def test_rare_templates_are_the_wordings_seen_once():
    data = real("openstack-nova.log").decode()
    bare = data.split("\n")[:-1]
    rare = [bare[i] for i in rare_template_lines(bare, "\n".join(bare))]
    assert any("Terminating instance" in ln for ln in rare)
    # the servers/detail poll, 20 requests with other ids and timings, is one template
    assert not any("servers/detail" in ln for ln in rare)
    # one of a kind everywhere (a desktop syslog, prose): nothing is rare
    prose = [f"line {i}: word{chr(97 + i % 26)}x{chr(97 + i // 26)} said something" for i in range(200)]
    assert rare_template_lines(prose, "\n".join(prose)) == []


# ---------------------------------------------------------------- epoch-stamped records


def test_hpc_epoch_stamped_records_are_a_log_that_keeps_its_failures():
    # No clock and no level word: read as plain text, whose view kept every `action start`
    # record (25% fewer tokens). Its epoch stamps make it a log.
    data = real("hpc.log")
    assert detect(data) == ContentType.LOG
    view = LogCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    for ln in original:
        if "psu failure" in ln or "exceeds warning threshold" in ln:
            assert ln in lines
    assert "2608062 node-238 action start 1074461014 1 halt  (command 1982)" in lines
    shown = [ln for ln in lines if ln in original]
    assert len(shown) + elided_count(view) == len(original)
    assert 4 * len(view) < len(data)
    # a few numbers in prose are no epoch stamps
    prose = b"".join(b"Order %d was placed by customer 1077804742 and shipped on time\n" % i for i in range(4))
    prose += b"".join(b"A line of plain prose number %d without any stamp at all\n" % i for i in range(6))
    assert detect(prose) != ContentType.LOG


# ---------------------------------------------------------------- sshd's attempts


def test_sshd_failures_that_differ_in_the_client_port_fold_as_repeats():
    # `Failed password for root from 112.95.230.3 port 45378 ssh2`, then port 47068, 49188, …:
    # each attempt comes from a fresh ephemeral port, so every one read as a new error line and
    # stayed (OpenSSH_2k: 53% fewer tokens). The port says which attempt, as the pid does.
    data = real("openssh-auth-failures.log")
    view = LogCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    assert "Dec 10 07:27:52 LabSZ sshd[24235]: Failed password for root from 112.95.230.3 port 45378 ssh2" in lines
    assert "… 13 lines elided (caveman): 8 repeats of shown error lines but for client ports; 5 other lines …" in lines
    # every failure still shows its wording, user and address once
    def attempt(ln: str) -> str:
        return ln.split(": ", 1)[1].split(" port ")[0]
    failures = {attempt(ln) for ln in original if "Failed password" in ln}
    assert failures == {attempt(ln) for ln in lines if "Failed password" in ln}
    shown = [ln for ln in lines if ln in original]
    assert len(shown) + elided_count(view) == len(original)
    assert 2 * len(view) < len(data)


# ---------------------------------------------------------------- Android logcat


def test_logcat_warnings_stay_and_their_repeats_from_other_threads_are_counted():
    # logcat's level is one letter (`1702  2250 W ActivityManager: …`): no W line carried a
    # warning word, so `caller 10111 does not hold REAL_GET_TASKS` went with the debug lines
    # under a marker that said nothing of warnings.
    data = real("android-logcat.log")
    view = LogCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()

    def message(ln: str) -> str:  # the record after its time, pid and tid
        return ln.split(None, 4)[4]
    warnings = [ln for ln in original if ln.split()[4] == "W"]
    shown = [ln for ln in warnings if ln in lines]
    assert {message(ln) for ln in warnings} == {message(ln) for ln in shown}
    assert "03-17 16:15:26.979  1702  2250 W ActivityManager: getRunningAppProcesses: caller 10111 does not hold REAL_GET_TASKS; limiting output" in lines
    repeats = sum(int(m.group(1)) for m in re.finditer(r"(\d+) repeats? of shown error lines", view))
    assert repeats == len(warnings) - len(shown)
    assert len([ln for ln in lines if ln in original]) + elided_count(view) == len(original)
    assert 2 * len(view) < len(data)


# ---------------------------------------------------------------- epoch-stamped RAS logs


def test_bgl_fatal_records_at_other_times_fold_as_counted_repeats():
    # `KERNDTLB 1118536327 2005.06.11 … 2005-06-11-17.32.07.581048 … RAS KERNEL FATAL data TLB
    # error interrupt`, 14 times: its epoch and BG/L stamps are no times LOG_TIME_MASK knows, so
    # each read as a new error and all 14 stayed (and every `parity error corrected` with them).
    data = real("bgl-ras.log")
    view = LogCompressor().compress(data).decode()
    lines = view.splitlines()
    original = data.decode().splitlines()
    first = next(ln for ln in original if "data TLB error interrupt" in ln)
    at = lines.index(first)
    assert lines[at + 1] == "… 11 lines elided (caveman): 11 repeats of shown error lines …"
    # every FATAL wording (its text after the location) is still shown, and every other error
    for ln in original:
        if " FATAL " in ln or "ddr errors" in ln:
            assert any(v.endswith(ln.split(" RAS ", 1)[1]) for v in lines), ln
    assert "- 1117984246 2005.06.05 R30-M1-N3-C:J02-U01 2005-06-05-08.10.46.344235 R30-M1-N3-C:J02-U01 RAS KERNEL FATAL force load/store alignment...............0" in lines
    assert len([ln for ln in lines if ln in original]) + elided_count(view) == len(original)
    assert 4 * len(view) < len(data)
