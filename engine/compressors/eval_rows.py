"""Evaluation rows of gradient-boosting training (XGBoost's and LightGBM's `verbose_eval`,
`log_evaluation`): one row per boosting round, each metric of each evaluation set tab-separated,

    [118]	train-logloss:0.02791	train-auc:0.99980	train-error:0.00975	valid-logloss:0.10370

A metric named `error` (XGBoost's classification error) made every row an error line, so a
400-round run passed through whole. Such a row is progress: never an error line, compared with
its neighbours like any repeated line, and its metrics are its fields, so a marker states each
metric's range over the rounds it elided.

A training loop's own metrics row, `epoch 1 step   12 | loss nan | lr 0.004 | grad_norm inf`
or `Iteration 12, loss = 0.659`, is read the same way (`pipe_fields`): a marker over steps whose loss went NaN says `loss: nan×52`
instead of nothing, and such rows read as a log's records, not prose.

Hugging Face Trainer prints its metrics as Python dicts (`{'loss': '0.69', 'epoch': '0.04'}`,
`py_dict_fields`): a log's records whose members are their fields; its evaluation dicts
(`{'eval_loss': …}`, one per epoch) and closing `{'train_runtime': …}` stay in view.
"""
from __future__ import annotations

from engine.patterns import EVAL_METRIC, EVAL_ROW, METRIC_PAIR, METRIC_SEGMENT, OPTUNA_TRIAL, PY_DICT_PAIR, PY_DICT_ROW, RICH_BAR_METRIC, RICH_BAR_ROW

#: A row starts `[N]\t` with N at most this many characters in: how far the literal test looks.
ROW_HEAD = 12


def is_row(line: str) -> bool:
    return line[:1] == "[" and "]\t" in line[:ROW_HEAD] and EVAL_ROW.match(line) is not None


def row_lines(lines: list[str], joined: str) -> list[int]:
    """The indices of the evaluation rows (none unless the text holds `]\\t`)."""
    if "]\t" not in joined:
        return []
    return [i for i, ln in enumerate(lines) if is_row(ln)]


def fields(line: str) -> dict[str, str] | None:
    """An evaluation row's metrics by name, with its round as `round`; None for any other line."""
    if not is_row(line):
        return None
    head, _, rest = line.partition("\t")
    return {"round": head[1:-1], **dict(EVAL_METRIC.findall(rest))}


#: A metrics row has at least this many ` | `-separated segments.
MIN_SEGMENTS = 2


def pipe_fields(line: str) -> dict[str, str] | None:
    """The name-value pairs of a metrics row, ` | `- or `, `-separated, whose every segment
    is pairs only (sklearn's `Iteration 12, loss = 0.659`); None for any other line (a name
    seen twice: its first value stands)."""
    sep = " | " if " | " in line else ", " if ", " in line else None
    if sep is None:
        return None
    row = line.strip()
    # A row starts with a name and ends with a value (METRIC_SEGMENT): two character tests turn
    # away the log lines that merely hold a comma, before any split or match.
    if not (row[:1].isalpha() or row[:1] == "_") or not (row[-1:].isdecimal() or row[-1:] in ("n", "f")):
        return None
    segments = row.split(sep)
    if len(segments) < MIN_SEGMENTS or not all(METRIC_SEGMENT.fullmatch(seg) for seg in segments):
        return None
    found: dict[str, str] = {}
    for seg in segments:
        for name, value in METRIC_PAIR.findall(seg):
            found.setdefault(name, value)
    return found


def spaced_fields(line: str) -> dict[str, str] | None:
    """The name-value pairs of a training loop's row with no separator but spaces, at least
    MIN_SEGMENTS of them (`epoch 0 batch 25 loss 1.6846`); None for any other line."""
    stripped = line.strip()
    if not stripped[:1].isalpha() or METRIC_SEGMENT.fullmatch(stripped) is None:
        return None
    found: dict[str, str] = {}
    for name, value in METRIC_PAIR.findall(stripped):
        found.setdefault(name, value)
    return found if len(found) >= MIN_SEGMENTS else None


def py_dict_fields(line: str) -> dict[str, str] | None:
    """The members of a flat Python dict printed on one line, two or more, each a scalar
    (Hugging Face Trainer's `{'loss': '0.69', 'epoch': '1.0'}`: each logging step's and each
    evaluation's metrics); None for any other line (a nested dict or list is no metrics row)."""
    stripped = line.strip()
    if stripped[:2] != "{'" or stripped[-1:] != "}" or PY_DICT_ROW.fullmatch(stripped) is None:
        return None
    pairs: dict[str, str] = {}
    for name, quoted, bare in PY_DICT_PAIR.findall(stripped):
        pairs.setdefault(name, bare or quoted)
    return pairs


#: How Hugging Face Trainer's evaluation dicts and its closing summary begin (metric_key_prefix
#: "eval"; `train()`'s `train_runtime` first).
RESULT_DICT_HEADS = ("{'eval_", "{'train_runtime'")


def result_dict_lines(lines: list[str], joined: str) -> list[int]:
    """The indices of a Trainer's evaluation and summary dicts: each epoch's validation
    metrics and the run's result, what it is read for (none unless the text holds one)."""
    if not any(head in joined for head in RESULT_DICT_HEADS):
        return []
    return [i for i, ln in enumerate(lines)
            if ln.lstrip().startswith(RESULT_DICT_HEADS) and py_dict_fields(ln) is not None]


def bar_fields(line: str) -> dict[str, str] | None:
    """A rich progress bar's fields (Lightning under a terminal): its label as `bar` and the
    metrics it shows; a metrics row under it (`   val_loss: 0.655`, indented, one metric) is
    its metric. None for any other line: a marker over 600 redrawn frames states the range of
    each metric, the validation ones among them."""
    if line[:1] == " ":
        found = RICH_BAR_METRIC.fullmatch(line.strip())
        return {found[1]: found[2]} if found is not None else None
    head = RICH_BAR_ROW.match(line)
    if head is None:
        return None
    return {"bar": head[1], **dict(RICH_BAR_METRIC.findall(line, head.end()))}


def trial_fields(line: str) -> dict[str, str] | None:
    """An Optuna trial's result as fields (`trial`, `value`, each parameter, `best_trial`,
    `best_value`), so a marker over finished trials states their values' range and which trial
    was best; None for any other line."""
    found = OPTUNA_TRIAL.search(line)
    if found is None:
        return None
    params = {name: bare or quoted for name, quoted, bare in PY_DICT_PAIR.findall(found[3])}
    return {"trial": found[1], "value": found[2], **params, "best_trial": found[4], "best_value": found[5]}
