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
