"""Load a fixture manifest and run every fixture through an engine."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import Engine
from engine.evals.graders import Subject, Verdict, grade
from engine.types import ContentType, Mode, Options

MANIFEST_NAME = "manifest.toml"


class ManifestError(ValueError):
    """The manifest cannot be read or is not shaped as documented."""


@dataclass(frozen=True)
class FixtureResult:
    name: str
    content_type: str
    ratio: float
    passed_through: bool
    verdicts: tuple[Verdict, ...]
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and bool(self.verdicts) and all(v.passed for v in self.verdicts)


@dataclass(frozen=True)
class Report:
    results: tuple[FixtureResult, ...] = field(default_factory=tuple)

    @property
    def passed(self) -> bool:
        return bool(self.results) and all(r.passed for r in self.results)

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "total": len(self.results),
            "failed": sum(1 for r in self.results if not r.passed),
            "fixtures": [
                {"name": r.name, "passed": r.passed, "content_type": r.content_type, "ratio": round(r.ratio, 4),
                 "passed_through": r.passed_through, "error": r.error,
                 "graders": [{"passed": v.passed, "what": v.what} for v in r.verdicts]}
                for r in self.results
            ],
        }


def load_manifest(directory: Path) -> list[dict[str, Any]]:
    path = directory / MANIFEST_NAME
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ManifestError(f"cannot read {path}: {exc}") from exc
    fixtures = data.get("fixture")
    if not isinstance(fixtures, list) or not fixtures:
        raise ManifestError(f"{path} lists no [[fixture]] entries")
    return fixtures


def _run_one(engine: Engine, directory: Path, spec: dict[str, Any]) -> FixtureResult:
    name = str(spec.get("name") or spec.get("file") or "?")
    try:
        data = (directory / str(spec["file"])).read_bytes()
        ctype = ContentType.parse(spec.get("type"))
    except (KeyError, OSError, ValueError) as exc:
        return FixtureResult(name, "?", 0.0, True, (), error=f"bad fixture: {exc}")
    graders = spec.get("graders")
    if not isinstance(graders, list) or not graders:
        return FixtureResult(name, "?", 0.0, True, (), error="no graders")
    result = engine.compress(data, Options(mode=Mode.COMPRESS, type=ctype, query=spec.get("query") or None))
    subject = Subject(data, result)
    verdicts = tuple(grade(subject, g if isinstance(g, dict) else {}) for g in graders)
    return FixtureResult(name, str(result.content_type), result.ratio, result.passed_through, verdicts)


def run(engine: Engine, directory: Path) -> Report:
    return Report(tuple(_run_one(engine, directory, spec) for spec in load_manifest(directory)))
