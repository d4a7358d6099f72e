"""Real outputs of ML training runs (scikit-learn, PyTorch, Hugging Face, ...), trimmed excerpts
under tests/fixtures/real/mltrain2/: a program's own result rows (per-fold scores, per-batch
losses) are either shown or stated in the marker by their verified ranges, never just counted."""
from __future__ import annotations

from pathlib import Path

from tests.real_views import MARKER, original_and_view_lines

REAL = Path(__file__).parent / "fixtures" / "real" / "mltrain2"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _elided_rows(original: list[str], view: list[str], prefix: str) -> list[str]:
    return [ln for ln in original if ln.startswith(prefix) and ln not in view]


def test_gridsearch_fold_scores_between_convergence_warnings_keep_their_range(counter):
    # GridSearchCV(verbose=3) prints `[CV i/5] END ... score=0.998` between 50 ConvergenceWarnings;
    # the marker counted the 49 rows as "49 other lines" and every score was gone.
    original, view = original_and_view_lines(counter, real("sk-gridsearch-convergence.txt"))
    rows = _elided_rows(original, view, "[CV ")
    assert len(rows) == 49
    scores = sorted(float(r.split("score=")[1].split()[0]) for r in rows)
    markers = [m for m in map(MARKER.match, view) if m]
    assert len(markers) == 1
    assert f"49 other lines (" in markers[0][2]
    assert f"score={scores[0]:g}..{scores[-1]:g}" in markers[0][2]
    assert "Best params: {'C': 0.01, 'tol': 0.0001} score: 0.9904999999999999" in view


def test_per_batch_loss_rows_between_repeated_warnings_keep_their_range(counter):
    # `epoch 0 batch 25 loss 1.6846` rows under a UserWarning repeated every step (warnings
    # filter "always") were "5 other lines": the marker now states each field's range.
    original, view = original_and_view_lines(counter, real("torch-warn-per-batch.txt"))
    rows = _elided_rows(original, view, "epoch ")
    assert rows
    losses = [r.split()[-1] for r in rows]
    markers = [m for m in map(MARKER.match, view) if m]
    assert len(markers) == 1
    part = f"{len(rows)} other lines (range epoch="
    assert part in markers[0][2]
    assert f"loss={min(losses, key=float)}..{max(losses, key=float)}" in markers[0][2]
    # each shown warning and its source line stay
    assert any("UserWarning: Using a target size" in v for v in view)
    assert any("UserWarning: Detected call of `lr_scheduler.step()`" in v for v in view)
