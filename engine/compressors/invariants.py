"""PLACEHOLDER (owner: helper `lines`): marker summaries computed from the elided units.

Contract:
    summarize(units, elided_bytes) -> str
        units: one entry per elided unit: a dict of field name -> ORIGINAL value string, or
        None when the unit yields no fields (then no summary at all). Returns "" when nothing
        verified survives; otherwise e.g.
        "all state=charged; status: fulfilled×15 shipped×3; order_id: 25 distinct, ord-1000..ord-1024; range amount=5.00..199.99"
    NOTE_THRESHOLD_BYTES: one trailing note line per payload when at least this much was elided.
    note_line(unit_plural) -> str: that note, in the reference's wording.
"""
from __future__ import annotations

NOTE_THRESHOLD_BYTES = 4096


def summarize(units: list[dict[str, str] | None], elided_bytes: int) -> str:
    return ""


def note_line(unit_plural: str) -> str:
    return (f"… caveman: elided {unit_plural} resemble shown {unit_plural} and match the stated invariants — "
            "answer from this view; if you truly cannot, one broad caveman_retrieve …")
