"""Real outputs of infrastructure tools (trimmed excerpts under tests/fixtures/real/infra/):
Terraform plan/apply transcripts (plain `-no-color` and coloured under a pty)."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "infra"
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def plain_lines(text: str) -> list[str]:
    return [ANSI.sub("", ln).rstrip("\r") for ln in text.split("\n")]


def view_of(data: bytes) -> str:
    out = TerminalCompressor().compress(data)
    assert out is not None
    return out.decode()


# ---------------------------------------------------------------- terraform plan


def _headers(lines: list[str]) -> list[str]:
    return [ln for ln in lines if re.match(r"\s*# \S+ (will be|must be|is tainted)", ln)]


def test_terraform_plan_keeps_every_resource_address_and_thins_repeated_create_blocks():
    # Plain `terraform plan -no-color` was read as prose and passed through whole.
    data = real("tf-plan-create.txt")
    assert detect(data) == ContentType.TERMINAL
    original = plain_lines(data.decode())
    lines = plain_lines(view_of(data))
    headers = _headers(original)
    assert len(headers) == 46
    assert [ln for ln in lines if ln in headers] == headers  # the plan is an enumeration
    assert "Plan: 46 to add, 0 to change, 0 to destroy." in lines
    # The first block of each resource stays whole; the later ones with its keys are one marker.
    assert '      + input  = "bootstrap-0"' in lines
    assert '      + input  = "bootstrap-1"' not in lines
    markers = [ln for ln in lines if "elided (caveman)" in ln]
    assert "… 5 lines elided (caveman): block with the attribute keys of terraform_data.bootstrap[0]'s …" in markers
    node_markers = [m for m in markers if "terraform_data.node[0]'s" in m]
    assert len(node_markers) == 11 and all(m.startswith("… 10 lines elided") for m in node_markers)
    # An output's list of 46 identical `(known after apply)` entries keeps one and counts the rest.
    assert "… 11 lines elided (caveman): copies of the line above …" in markers


def test_terraform_plan_under_a_pty_keeps_every_address():
    # The generic terminal thinning took `# terraform_data.node[1] will be created` for a copy of
    # node[0]'s header: 11 node and 5 bootstrap addresses were gone from the plan.
    data = real("tf-plan-create-pty.txt")
    original = plain_lines(data.decode())
    lines = plain_lines(view_of(data))
    headers = _headers(original)
    assert len(headers) == 46
    assert [ln for ln in lines if ln in headers] == headers
    assert any(ln.startswith("Plan: 46 to add, 0 to change, 0 to destroy.") for ln in lines)


# ---------------------------------------------------------------- terraform apply


def test_terraform_failed_apply_keeps_changes_completions_and_error_boxes_and_counts_progress():
    data = real("tf-apply-provisioner-fail.txt")
    assert detect(data) == ContentType.TERMINAL
    original = plain_lines(data.decode())
    view = view_of(data)
    lines = plain_lines(view)
    # Every change line of an update or replacement stays, and every address.
    changes = [ln for ln in original if re.match(r"\s*(~|-/\+|-|\+) ", ln)
               and not ln.strip().startswith("+ (known after apply)")]
    assert [ln for ln in lines if ln in changes] == changes
    headers = _headers(original)  # read as prose, `# …bootstrap[1] must be replaced` went
    assert len(headers) == 8 and [ln for ln in lines if ln in headers] == headers
    # Each resource's completion and provisioner lines stay; progress lines go, counted.
    done = [ln for ln in original if " complete after " in ln or " (local-exec): " in ln]
    assert [ln for ln in lines if ln in done] == done
    assert not any(ln.endswith(("Creating...", "Refreshing state...")) or "Destroying... [" in ln for ln in lines)
    assert "… 12 lines elided (caveman): resource progress lines (12 Refreshing state...) …" in lines
    streamed = sum(bool(re.search(r": (Creating|Modifying|Destroying|Provisioning with '\S+')\.\.\.", ln))
                   for ln in original)
    assert streamed == 66
    assert ("… 66 lines elided (caveman): resource progress lines (22 Modifying..., 20 Destroying..., "
            "18 Creating..., 6 Provisioning with...), here and among the next 70 lines (those are all kept) …") in lines
    # Both error boxes whole, with their location and source line.
    tail = original[original.index("Error: local-exec provisioner error"):]
    assert lines[-len(tail):] == tail
    assert lines.count("  on main.tf line 86, in resource \"terraform_data\" \"bootstrap\":") == 2


# ---------------------------------------------------------------- ansible-playbook


def _results(lines: list[str], status: str) -> list[str]:
    return [ln for ln in lines if ln.startswith(f"{status}: [")]


def test_ansible_run_keeps_failures_recap_and_banners_and_counts_repeated_item_results():
    # Read as prose: "… 20 sections elided (caveman) …" said nothing of what went, and the
    # banners kept their `****` padding.
    data = real("ansible-loops-ignored-failures.txt")
    assert detect(data) == ContentType.TERMINAL
    original = plain_lines(data.decode())
    lines = plain_lines(view_of(data))
    # Every failure, fatal block, error with its origin excerpt, `...ignoring` and the recap stay.
    for kept in _results(original, "failed") + _results(original, "fatal"):
        assert kept in lines
    start = original.index("fatal: [localhost]: FAILED! => {")
    assert lines[lines.index(original[start]):][:6] == original[start:start + 6]
    assert sum(ln.startswith("[ERROR]: Task failed") for ln in lines) == 4
    assert lines.count("...ignoring") == 3
    assert "Origin: /tmp/ansdemo/site2.yml:40:7" in lines
    recap = next(ln for ln in original if ln.startswith("localhost  ")).rstrip()
    assert recap in lines and "PLAY RECAP" in lines
    # Banners lose their padding only.
    assert "TASK [Validate service config files]" in lines
    assert not any(ln.endswith("***") for ln in lines)
    # A run of routine results keeps its first and names every item of the rest.
    assert "changed: [localhost] => (item=api)" in lines
    assert "changed: [localhost] => (item=web)" not in lines
    assert ("… 19 lines elided (caveman): 19 more `changed:` results [localhost] (items: web, worker, "
            "cache, db, queue, auth, search, metrics, logging, gateway, cdn, billing, mailer, scheduler, "
            "notifier, reports, exporter, importer, proxy) …") in lines
    # The ok results between two failures are their own runs: nothing is counted twice.
    assert "… 6 lines elided (caveman): 6 more `ok:` results [localhost] (items: logging, gateway, cdn, " \
           "billing, mailer, scheduler) …" in lines
    # A debug message's block is part of its result.
    assert "… 57 lines elided (caveman): 19 more `ok:` results [localhost] (items: web, worker, cache, db, " \
           "queue, auth, search, metrics, logging, gateway, cdn, billing, mailer, scheduler, notifier, " \
           "reports, exporter, importer, proxy) …" in lines


def test_ansible_run_under_a_pty_is_read_the_same_way():
    data = real("ansible-loops-ignored-failures-pty.txt")
    original = plain_lines(data.decode())
    lines = plain_lines(view_of(data))
    for kept in _results(original, "failed"):
        assert kept in lines
    # Origin excerpts stay whole (the generic thinning dropped `74       ignore_errors: true`).
    assert "74       ignore_errors: true" in lines
    assert len([ln for ln in lines if "elided (caveman)" in ln]) == 12


def test_ansible_verbose_results_with_error_words_in_their_command_are_still_routine():
    # `-v` prints each result's JSON; an `ok:` whose command holds `exit 2` or `invalid` was kept
    # as an error line, 20 of them in a row.
    data = real("ansible-verbose-excerpt.txt")
    original = plain_lines(data.decode())
    lines = plain_lines(view_of(data))
    for kept in _results(original, "failed") + _results(original, "fatal"):
        assert kept in lines
    ok_validate = [ln for ln in _results(original, "ok") if "invalid port in" in ln]
    assert len(ok_validate) == 18
    assert len([ln for ln in lines if ln in ok_validate]) == 3  # the first of each run
    assert "… 6 lines elided (caveman): 6 more `ok:` results [localhost] (items: web, worker, cache, db, " \
           "queue, auth) …" in lines
    assert len(view_of(data)) * 3 < len(data)


def test_terraform_plan_stopped_by_a_variable_validation_keeps_its_error_box_and_planned_replacements():
    # Passed through whole: the refresh chatter ahead of the plan was never elided.
    data = real("tf-plan-invalid-variable.txt")
    assert detect(data) == ContentType.TERMINAL
    original = plain_lines(data.decode())
    lines = plain_lines(view_of(data))
    assert lines[0] == "… 10 lines elided (caveman): resource progress lines (10 Refreshing state...) …"
    assert not any("Refreshing state... [id=" in ln for ln in lines)
    box = original[original.index("Error: Invalid value for variable"):]
    assert lines[-len(box):] == box  # the whole box: location, source line, value, message
    replaced = [ln for ln in original if ln.startswith(("-/+ ", "      ~ ", "          ~ "))]
    assert len(replaced) == 31 and [ln for ln in lines if ln in replaced] == replaced


def test_ansible_loop_result_that_says_something_else_stays_in_view():
    # A loop's results are repetition only while they say the same of their own item: the one
    # degraded service (a debug message) and the one old version (`-v` stdout) are the answer.
    data = real("ansible-verbose-odd-results.txt")
    lines = plain_lines(view_of(data))
    assert '    "msg": "search: DEGRADED (p99 latency 2300ms > 500ms)"' in lines
    assert any(ln.startswith("ok: [localhost] => (item=auth) => ") and '"stdout": "auth 1.3.9"' in ln
               for ln in lines)
    assert "… 18 lines elided (caveman): 6 more `ok:` results [localhost] (items: web, worker, cache, db, " \
           "queue, auth) …" in lines
    assert "… 5 lines elided (caveman): 5 more `ok:` results [localhost] (items: web, worker, cache, db, " \
           "queue) …" in lines
    assert not any('"msg": "web: healthy"' in ln for ln in lines)


def test_terraform_json_plan_keeps_every_planned_change_and_counts_the_refresh_records():
    # `terraform plan -json` read as a log: 11 of its 12 `planned_change` records were elided as
    # look-alikes, so the plan's enumeration was gone.
    from engine.compressors.log import LogCompressor

    data = real("tf-plan-destroy-json.txt")
    assert detect(data) == ContentType.LOG
    original = data.decode().split("\n")
    lines = LogCompressor().compress(data).decode().split("\n")
    changes = [ln for ln in original if '"type":"planned_change"' in ln]
    assert len(changes) == 12 and [ln for ln in lines if ln in changes] == changes
    assert next(ln for ln in original if '"type":"change_summary"' in ln) in lines
    assert "… 21 lines elided (caveman): all @level=info @module=terraform.ui; type: refresh_complete×11 " \
           "refresh_start×10 …" in lines
