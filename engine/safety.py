"""The S0–S4 safety registry: the one place that answers two honesty questions about a class.

Does it change model-visible bytes?  Must the original be in CCR before it may run?
An unknown class has no entry, and callers fail closed on that.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class SafetyClass(StrEnum):
    S0 = "S0"
    S1 = "S1"
    S2 = "S2"
    S3 = "S3"
    S4 = "S4"


@dataclass(frozen=True)
class SafetyInfo:
    byte_safe: bool
    requires_ccr: bool
    reversible: bool
    meaning: str


_REGISTRY: dict[str, SafetyInfo] = {
    SafetyClass.S0: SafetyInfo(True, False, True, "byte-safe behaviour (metadata, metering); model-visible bytes unchanged"),
    SafetyClass.S1: SafetyInfo(True, False, True, "provider-native hints (caching, routing); model-visible bytes unchanged"),
    SafetyClass.S2: SafetyInfo(False, False, True, "structural change that needs SDK cooperation"),
    SafetyClass.S3: SafetyInfo(False, False, False, "behavioural change (routing, reasoning), eval-gated"),
    SafetyClass.S4: SafetyInfo(False, True, False, "lossy structural compression: must be recoverable through CCR and disclose what it dropped"),
}


def lookup(cls: str | SafetyClass) -> SafetyInfo | None:
    """The class's properties, or None for an unknown class (callers then fail closed)."""
    return _REGISTRY.get(str(cls))
