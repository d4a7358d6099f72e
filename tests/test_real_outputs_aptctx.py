"""Real apt-get / dpkg transcripts (trimmed excerpts under tests/fixtures/real/aptctx/): a
maintainer script's warning or error is shown under the `Setting up x` / `Preparing to unpack`
line that names its package, systemd's `Created symlink` lines (units enabled on the host) all
stay, and the step lines of packages whose scripts printed nothing are still counted progress."""
from __future__ import annotations

from pathlib import Path

from engine.compressors import toolout
from engine.detect import detect
from engine.types import ContentType
from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "aptctx"


def lines_of(text: str) -> list[str]:
    # apt writes dpkg's lines with a CR before the newline (and a `\r` redraw for the database read)
    return [ln.rstrip("\r") for ln in text.split("\n")][:-1] if text.endswith("\n") else text.split("\n")


def view_of(counter, name: str) -> tuple[list[str], list[str]]:  # noqa: ANN001 (the conftest fixture)
    data = (REAL / name).read_bytes()
    assert detect(data) == ContentType.TERMINAL
    return lines_of(data.decode()), lines_of(engine_view(counter, data))


def assert_counts_add_up(original: list[str], view: list[str]) -> None:
    elided = sum(int(m[1]) for m in map(MARKER.match, view) if m)
    shown = [v for v in view if not MARKER.match(v)]
    assert len(shown) + elided == len(original)


def assert_under(view: list[str], owner: str, *lines: str) -> None:
    """`lines` follow `owner` in the view, in order, with no marker between."""
    at = view.index(owner)
    assert view[at + 1:at + 1 + len(lines)] == list(lines)


def test_apt_install_script_warnings_keep_their_setting_up_line(counter):  # noqa: ANN001
    # `Setting up nginx` and `Setting up redis-server` were elided as progress: the
    # `policy-rc.d denied execution of start.` under each no longer said which service it was.
    original, view = view_of(counter, "apt-install-nginx-redis.txt")
    assert_under(view, "Setting up nginx (1.22.1-9+deb12u11) ...",
                 "invoke-rc.d: could not determine current runlevel",
                 "invoke-rc.d: policy-rc.d denied execution of start.")
    assert_under(view, "Setting up redis-server (5:7.0.15-1~deb12u10) ...",
                 "invoke-rc.d: could not determine current runlevel",
                 "invoke-rc.d: policy-rc.d denied execution of start.")
    # every unit the scripts enabled is shown (the first was elided as a repeated line)
    links = [ln.rstrip("\r") for ln in original if ln.startswith("Created symlink ")]
    assert len(links) == 2 and all(link in view for link in links)
    # packages whose scripts printed nothing stay counted progress
    assert "Setting up shellcheck (0.9.0-1) ..." not in view
    assert "0 upgraded, 11 newly installed, 0 to remove and 129 not upgraded." in view
    assert_counts_add_up(original, view)


def test_failing_postinst_and_preinst_warning_keep_their_packages(counter):  # noqa: ANN001
    original, view = view_of(counter, "apt-install-services-postinst-fail.txt")
    # a preinst's warning is printed under `Preparing to unpack`, before `Unpacking`
    assert_under(view, "Preparing to unpack .../15-cvwarn_1.0_all.deb ...",
                 "cvwarn preinst: warning: old config found")
    assert_under(view, "Setting up cron (3.0pl1-162) ...",
                 "invoke-rc.d: could not determine current runlevel",
                 "invoke-rc.d: policy-rc.d denied execution of start.")
    assert_under(view, "Setting up exim4-daemon-light (4.96-15+deb12u11) ...",
                 "invoke-rc.d: could not determine current runlevel",
                 "invoke-rc.d: policy-rc.d denied execution of start.")
    assert_under(view, "Setting up cvfail (2.1) ...", "cvfail: generating keys",
                 "cvfail: error: cannot open /var/lib/cvfail/state: No such file or directory",
                 "dpkg: error processing package cvfail (--configure):")
    links = [ln for ln in original if ln.startswith("Created symlink ")]
    assert len(links) == 5 and all(link in view for link in links)
    # apt's own `E:` line names no package: the trigger lines above it stay progress
    assert "E: Sub-process /usr/bin/dpkg returned an error code (1)" in view
    assert not any(v.startswith("Processing triggers for ") for v in view)
    assert "Setting up libidn12:amd64 (1.41-1) ..." not in view
    assert_counts_add_up(original, view)


def test_dpkg_messages_own_no_step_line():
    # dpkg's own messages name their package: `dependency problems prevent configuration of
    # cvdep` under `Setting up cvfail` is not cvfail's; a script's plain output is no warning.
    lines = (REAL / "dpkg-i-preinst-postinst-fail.txt").read_text().splitlines()
    classes = dict(zip(lines, toolout.analyse(lines).classes))
    assert classes["Preparing to unpack cvpre_1.0_all.deb ..."] == toolout.KEEP
    assert classes["Preparing to unpack cvwarn_1.0_all.deb ..."] == toolout.KEEP
    assert classes["Setting up cvwarn (1.0) ..."] == toolout.KEEP
    assert classes["Setting up cvfail (2.1) ..."] == toolout.KEEP
    assert classes["Setting up cvok (1.0) ..."] != toolout.KEEP
    assert classes["Preparing to unpack cvok_1.0_all.deb ..."] != toolout.KEEP
    assert classes["Unpacking cvdep (0.3) ..."] != toolout.KEEP


def test_step_lines_of_service_packages_and_their_links(counter):  # noqa: ANN001
    # openssh-server and apache2: each `policy-rc.d denied` under its own `Setting up`, all
    # four units' links shown, the silent library packages counted.
    original, view = view_of(counter, "apt-install-apache-openssh.txt")
    at = view.index("Setting up apache2 (2.4.71-1~deb12u1) ...")
    assert view[at + 26:at + 28] == ["invoke-rc.d: could not determine current runlevel",
                                     "invoke-rc.d: policy-rc.d denied execution of start."]
    assert "Setting up openssh-server (1:9.2p1-2+deb12u10) ..." in view
    links = [ln for ln in original if ln.startswith("Created symlink ")]
    assert len(links) == 4 and all(link in view for link in links)
    assert "Setting up libwrap0:amd64 (7.6.q-32) ..." not in view
    assert_counts_add_up(original, view)
