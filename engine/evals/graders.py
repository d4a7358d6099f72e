"""Graders: each takes the fixture's input, the engine's result and the grader's spec, and
returns a Verdict. Unknown names fail; so do specs missing what they need."""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.types import Result


@dataclass(frozen=True)
class Verdict:
    passed: bool
    what: str


@dataclass(frozen=True)
class Subject:
    input: bytes
    result: Result

    @property
    def text(self) -> str:
        return self.result.output.decode("utf-8", errors="replace")


def _value(spec: Mapping[str, Any]) -> str | None:
    value = spec.get("value")
    return value if isinstance(value, str) and value else None


def _contains(subject: Subject, spec: Mapping[str, Any]) -> Verdict:
    value = _value(spec)
    if value is None:
        return Verdict(False, "contains: no value given")
    return Verdict(value in subject.text, f"contains {value!r}")


def _not_contains(subject: Subject, spec: Mapping[str, Any]) -> Verdict:
    value = _value(spec)
    if value is None:
        return Verdict(False, "not_contains: no value given")
    return Verdict(value not in subject.text, f"omits {value!r}")


def _ratio_threshold(subject: Subject, spec: Mapping[str, Any]) -> Verdict:
    lo, hi = spec.get("min", 0.0), spec.get("max", 0.0)
    if not isinstance(lo, (int, float)) or not isinstance(hi, (int, float)):
        return Verdict(False, "ratio_threshold: min and max must be numbers")
    ratio = subject.result.ratio
    ok = ratio >= lo and (not hi or ratio <= hi)
    return Verdict(ok, f"ratio {ratio:.3f} in [{lo}, {hi or '∞'}]")


def _byte_identical(subject: Subject, spec: Mapping[str, Any]) -> Verdict:
    return Verdict(subject.result.output == subject.input, "byte-identical")


def _compressed(subject: Subject, spec: Mapping[str, Any]) -> Verdict:
    return Verdict(not subject.result.passed_through, "compressed")


def _recall_keys(subject: Subject, spec: Mapping[str, Any]) -> Verdict:
    musts = spec.get("must_contain")
    if not isinstance(musts, list) or not musts or not all(isinstance(m, str) and m for m in musts):
        return Verdict(False, "recall_keys: must_contain must be a non-empty list of strings")
    need = spec.get("min_recall", 1.0)
    kept = sum(1 for m in musts if m in subject.text)
    return Verdict(kept / len(musts) >= need, f"recall {kept}/{len(musts)} (need {need:.0%})")


def _valid_json(subject: Subject, spec: Mapping[str, Any]) -> Verdict:
    try:
        json.loads(subject.result.output)
    except (ValueError, RecursionError):
        return Verdict(False, "valid JSON")
    return Verdict(True, "valid JSON")


def _toon_round_trip(subject: Subject, spec: Mapping[str, Any]) -> Verdict:
    from engine.compressors import toon

    try:
        original = json.loads(subject.input)
    except (ValueError, RecursionError):
        return Verdict(False, "toon round trip: the input is not JSON")
    try:
        decoded = json.loads(toon.decode(subject.result.output))
    except (toon.ToonError, ValueError, RecursionError):
        return Verdict(False, "TOON decodes back to the input's JSON")
    return Verdict(decoded == original, "TOON decodes back to the input's JSON")


GRADERS: dict[str, Callable[[Subject, Mapping[str, Any]], Verdict]] = {
    "contains": _contains,
    "not_contains": _not_contains,
    "ratio_threshold": _ratio_threshold,
    "byte_identical": _byte_identical,
    "compressed": _compressed,
    "recall_keys": _recall_keys,
    "valid_json": _valid_json,
    "toon_round_trip": _toon_round_trip,
}


def grade(subject: Subject, spec: Mapping[str, Any]) -> Verdict:
    name = spec.get("type")
    grader = GRADERS.get(name) if isinstance(name, str) else None
    if grader is None:
        return Verdict(False, f"unknown grader {name!r}")
    return grader(subject, spec)
