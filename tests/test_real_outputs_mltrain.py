"""Real outputs of machine-learning runs (PyTorch training loops, scikit-learn searches, ...),
trimmed excerpts under tests/fixtures/real/mltrain/ (site-packages paths shortened to /venv,
the script's folder to /work/proj)."""
from __future__ import annotations

import re
from pathlib import Path

from engine.detect import detect
from engine.types import ContentType
from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "mltrain"
PY_WARNING = re.compile(r"^\S+\.py:\d+: (\w+Warning):")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def markers(view: list[str]) -> list[re.Match]:
    found = [MARKER.match(v) for v in view if v.startswith("… ") and " elided (caveman)" in v]
    assert all(found)
    return found


def findings_counted(found: list[re.Match]) -> dict[str, int]:
    """Per category, the repeated warnings the markers say they elided."""
    counts: dict[str, int] = {}
    for m in found:
        for cat, c in re.findall(r"(\w+Warning)×(\d+)", m[2]):
            counts[cat] = counts.get(cat, 0) + int(c)
    return counts


def warning_heads(lines: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for ln in lines:
        if m := PY_WARNING.match(ln):
            counts[m[1]] = counts.get(m[1], 0) + 1
    return counts


# ---------------------------------------------------------------- a program's repeated warnings


def test_torch_warning_per_batch_is_a_transcript_whose_repeats_are_counted(counter):
    # `python -W always train.py`: torch's broadcast UserWarning and its source line once per
    # batch. Read as grep hits (`path.py:9: ...`), the view was the whole output.
    data = real("torch-userwarning-always.txt")
    assert detect(data) == ContentType.TERMINAL
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    # both warnings are shown, each with its source line
    assert original[0] in view and original[1] in view
    assert original[2] in view and original[3] in view
    found = markers(view)
    assert found
    shown = warning_heads(view)
    assert findings_counted(found) == {"UserWarning": warning_heads(original)["UserWarning"] - shown["UserWarning"]}
    assert sum(int(m[1]) for m in found) == len(original) - (len(view) - len(found))


def test_sklearn_convergence_warning_per_fit_is_shown_once_whole(counter):
    # GridSearchCV(verbose=3) with a ConvergenceWarning of nine lines before each fit's score
    # row: read as prose, nothing was elided.
    data = real("sklearn-gridsearch-convergence.txt")
    assert detect(data) == ContentType.TERMINAL
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    # the first warning whole: its headline, every line of its message and its source line
    first = original[1:10]
    assert first[0].endswith("ConvergenceWarning: lbfgs failed to converge after 5 iteration(s) (status=1):")
    assert first[-1] == "  n_iter_i = _check_optimize_result("
    assert view[1:10] == first
    found = markers(view)
    assert findings_counted(found) == {"ConvergenceWarning": 51 - warning_heads(view).get("ConvergenceWarning", 0)}
    assert original[0] in view and original[-1] in view  # the fit count and the best parameters
    assert sum(int(m[1]) for m in found) == len(original) - (len(view) - len(found))


def test_sklearn_failed_fits_keep_every_error_while_repeated_warnings_are_counted(counter):
    # FitFailedWarning quotes each failure's traceback inside its message, among a hundred
    # deprecation warnings (one per fit): read as a log, the view was the whole output.
    data = real("sklearn-gridsearch-fit-failed.txt")
    assert detect(data) == ContentType.TERMINAL
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    for ln in original:
        if ln.startswith("ValueError:") or "fits failed" in ln or "non-finite" in ln or "Traceback" in ln:
            assert ln in view
    start = next(i for i, ln in enumerate(original) if "FitFailedWarning:" in ln)
    end = original.index("  warnings.warn(some_fits_failed_message, FitFailedWarning)") + 1
    block = [ln.rstrip() for ln in original[start:end]]  # the view drops trailing blanks
    at = view.index(block[0])
    assert view[at:at + len(block)] == block  # the warning and its tracebacks whole
    found = markers(view)
    counted = findings_counted(found)
    heads, shown = warning_heads(original), warning_heads(view)
    assert counted == {cat: heads[cat] - shown[cat] for cat in heads if heads[cat] > shown[cat]}
    assert original[-1] in view  # the best parameters


# ---------------------------------------------------------------- gradient-boosting rounds


def test_xgboost_eval_rows_are_progress_whose_metrics_the_marker_ranges(counter):
    # `xgb.train(..., verbose_eval=True)` with the `error` metric: every round's row holds
    # `train-error:`, so every row was an error line and 300 rounds passed through whole.
    data = real("xgboost-eval-rounds.txt")
    assert detect(data) == ContentType.LOG
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    assert original[0] in view and original[-1] in view  # the first round and the best one
    assert original[-2] in view  # the last round
    found = markers(view)
    assert len(found) == 1
    elided = [ln for ln in original if ln not in view]
    assert int(found[0][1]) == len(elided)
    rounds = [int(ln[1:ln.index("]")]) for ln in elided]
    assert f"round={min(rounds)}..{max(rounds)}" in found[0][2]
    loss = [ln.split("train-logloss:")[1].split("\t")[0] for ln in elided]
    assert f"train-logloss={min(loss, key=float)}..{max(loss, key=float)}" in found[0][2]


def test_lightgbm_run_is_a_log_whose_warning_repeats_are_counted(counter):
    # LightGBM's `[Warning] No further splits with positive gain` before every round's row read
    # as prose, and the 400 lines passed through whole.
    data = real("lightgbm-no-further-splits.txt")
    assert detect(data) == ContentType.LOG
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    for ln in original:
        if "[Info]" in ln or "early stopping" in ln or ln.startswith("best iteration"):
            assert ln in view
    found = markers(view)
    assert found and sum(int(m[1]) for m in found) == len(original) - (len(view) - len(found) - 1)  # - the note
    repeats = sum(int(r) for m in found for r in re.findall(r"(\d+) repeats of shown error lines", m[2]))
    warned = sum(1 for ln in original if "No further splits" in ln)
    assert repeats == warned - sum(1 for ln in view if "No further splits" in ln)


# ---------------------------------------------------------------- a training loop's own metrics


def test_training_loss_going_nan_is_stated_by_the_marker_over_those_steps(counter):
    # `epoch 1 step   12 | loss nan | lr 0.004 | grad_norm nan` per step: read as prose, the view
    # said "… 53 sections elided (caveman) …", hiding that every elided step's loss was NaN.
    data = real("torch-loss-nan.txt")
    assert detect(data) == ContentType.LOG
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    assert original[-1] in view  # the RuntimeError
    at = view.index("epoch 1 step   11 | loss inf | lr 0.004 | grad_norm nan")
    marker = MARKER.match(view[at + 1])
    assert marker and "loss=nan" in marker[2] and "range step=12..64" in marker[2]
    steps = [ln for ln in original if ln.startswith("epoch 1 step") and 12 <= int(ln.split()[3]) <= 64]
    assert int(marker[1]) == len(steps) and all("| loss nan |" in ln for ln in steps)


def test_sklearn_mlp_iterations_are_a_log_whose_marker_ranges_the_loss(counter):
    # MLPClassifier(verbose=True): `Iteration 12, loss = 0.65920082` per epoch, read as prose
    # ("… 148 sections elided (caveman) …"): the marker now says over which iterations and losses.
    data = real("sklearn-mlp-verbose.txt")
    assert detect(data) == ContentType.LOG
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    assert original[-1] in view
    assert any("ConvergenceWarning: Stochastic Optimizer: Maximum iterations (150) reached" in ln for ln in view)
    marker = MARKER.match(view[2])
    first_run = original[2:150]  # the first model's iterations 3..150
    assert all(ln.startswith("Iteration ") for ln in first_run) and int(marker[1]) == len(first_run)
    losses = [ln.split(" = ")[1] for ln in first_run]
    assert marker[2] == f"range Iteration=3..150 loss={min(losses, key=float)}..{max(losses, key=float)}"


# ---------------------------------------------------------------- results the agent printed


def test_every_classification_report_stays_whole(counter):
    # Three models' classification_report one after another: the second differs from the first
    # only in its numbers, so it was elided as a look-alike ("… 12 sections elided (caveman) …"),
    # its accuracy and averages with it.
    data = real("sklearn-three-classification-reports.txt")
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    reports = 0
    for i, ln in enumerate(original):
        if ln.strip() == "precision    recall  f1-score   support":
            end = next(j for j in range(i, len(original)) if original[j].startswith("weighted avg"))
            rows = [r for r in original[i:end + 1] if r.strip()]
            assert all(r in view for r in rows)
            reports += 1
    assert reports == 3
    assert sum(1 for v in view if v.strip().startswith("accuracy")) == 3
