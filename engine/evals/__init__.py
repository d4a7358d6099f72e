"""The local eval harness: graded fixtures run through the real engine; the quality gate.

Fail closed throughout: an unknown or misspelled grader fails its fixture, an empty
must-contain list fails, a fixture with no graders fails. Nothing unknown ever passes.
"""
from engine.evals.graders import GRADERS, Verdict, grade
from engine.evals.runner import FixtureResult, Report, load_manifest, run

__all__ = ["GRADERS", "FixtureResult", "Report", "Verdict", "grade", "load_manifest", "run"]
