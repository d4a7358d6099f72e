"""Real outputs of ML training runs (scikit-learn, PyTorch, Hugging Face, ...), trimmed excerpts
under tests/fixtures/real/mltrain2/: a program's own result rows (per-fold scores, per-batch
losses) are either shown or stated in the marker by their verified ranges, never just counted."""
from __future__ import annotations

from pathlib import Path

from tests.real_views import MARKER, engine_view, original_and_view_lines

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


# ---------------------------------------------------------------- Hugging Face Trainer


def _dicts(lines: list[str], head: str) -> list[str]:
    return [ln for ln in lines if ln.startswith(head)]


def test_hf_trainer_every_epochs_eval_dict_stays_and_step_dicts_state_ranges(counter):
    # Trainer's `{'loss': '0.69', ..., 'epoch': '0.04'}` dicts read as prose: `67 sections
    # elided` took two of the three per-epoch eval_loss dicts with no value left in view.
    original, view = original_and_view_lines(counter, real("hf-trainer-log-dicts.txt"))
    evals = _dicts(original, "{'eval_loss'")
    assert len(evals) == 3 and all(e in view for e in evals)
    assert _dicts(original, "{'train_runtime'")[0] in view
    markers = [m for m in map(MARKER.match, view) if m]
    assert markers
    steps = _dicts(original, "{'loss'")
    elided = [s for s in steps if s not in view]
    assert sum(int(m[1]) for m in markers) == len(elided)
    # each marker states the range of loss over the step dicts it elided, and it is true
    i = 0
    for ln in view:
        m = MARKER.match(ln)
        if not m:
            if ln in steps:
                i = steps.index(ln) + 1
            continue
        run = steps[i:i + int(m[1])]
        assert not any(s in view for s in run)
        i += int(m[1])
        losses = sorted(float(s.split("'loss': '")[1].split("'")[0]) for s in run)
        assert f"loss={losses[0]:g}..{losses[-1]:g}" in m[2]


def test_hf_trainer_under_a_pty_keeps_every_eval_dict(counter):
    # With tqdm's bars between them, two of the four eval dicts were elided as "other lines".
    original, view = original_and_view_lines(counter, real("hf-trainer-tty-progress.txt"))
    evals = [ln[ln.index("{'eval_"):] for ln in original if "{'eval_" in ln]
    assert len(evals) == 4
    assert all(any(v.endswith(e) for v in view) for e in evals)
    assert any("{'train_runtime': '169.8'" in v for v in view)


# ---------------------------------------------------------------- Lightning under a pty


def test_lightning_rich_bar_markers_state_every_validation_metric(counter):
    # Lightning's rich bar redrawn 600 times, its metrics a row each under it (`val_loss: 0.655`):
    # `626 lines elided (caveman)` with no summary, every epoch's validation metrics gone.
    import re

    data = real("lightning-rich-bar-pty.txt")
    view = engine_view(counter, data)
    text = data.decode()
    markers = [m for m in map(MARKER.match, view.splitlines()) if m]
    assert markers and all(m[2] for m in markers)
    for name in ("val_loss", "val_acc"):
        values = set(re.findall(rf"{name}: (\d\.\d+)", text))
        assert len(values) >= 3
        assert all(v in view for v in values), name
    assert "{'train_loss': tensor(0.3778), 'val_loss': tensor(0.3502), 'val_acc': tensor(0.8600)}" in view


# ---------------------------------------------------------------- Optuna


def test_optuna_finished_trials_under_a_marker_state_values_and_best_trial(counter):
    # `Trial N finished with value: V and parameters: {...}. Best is trial B with value: W.` lines
    # were elided as `… 5 lines elided (caveman) …`: no value, no best trial.
    import re

    original, view = original_and_view_lines(counter, real("optuna-trials-with-failures.txt"))
    trial = re.compile(r"Trial (\d+) finished with value: (\S+) and parameters: .*Best is trial (\d+)")
    elided = [trial.search(ln) for ln in original if trial.search(ln) and ln not in view]
    assert elided
    text = "\n".join(view)
    for m in elided:  # each elided trial's number lies in a stated range, its value too
        assert any(f"trial={a}..{b}" in text for a in range(int(m[1]) + 1) for b in range(int(m[1]), 60))
    # the best trial's value is stated, and every failed trial's error stays
    best = max(float(m[2]) for m in map(trial.search, original) if m)
    assert repr(best) in text
    assert all(ln in view for ln in original if ln.startswith("ValueError: C="))
    assert "Best: {'C': 42.21541811118414, 'max_iter': 124} 0.9578019121878771" in view


def test_epoch_rows_whose_marker_states_fields_are_not_stated_twice(counter):
    # tqdm bars and `Epoch N: train_loss=… val_loss=…` rows all have fields: the marker's own
    # invariants state them, and the other-lines account adds no second copy.
    original, view = original_and_view_lines(counter, real("tqdm-epochs-notty.txt"))
    markers = [m for m in map(MARKER.match, view) if m]
    assert len(markers) == 1
    assert markers[0][2].count("train_loss") == 1
    assert "3 other lines;" in markers[0][2]
    assert "Training complete. Best val_acc: 0.9775" in view
