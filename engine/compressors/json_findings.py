"""Lint and compiler findings in JSON reports: kept as the text compressor keeps them.

A report's array (ruff, eslint's messages, mypy, pylint, SARIF results, GitLab code quality,
bandit, cargo's `--message-format json` records) lists what the agent must fix, one element a
finding: sampling it to a few elements and a `line=19..24` range loses exactly the lines the
agent was about to edit. A finding is an object naming a rule, a message and a place (or a
cargo `compiler-message` record). The same policy as for the tools' text output
(toolout_findings) decides which stay: every error; warnings while at most WARNING_VOLUME (and
not one lint's flood); low-severity findings while at most LOW_VOLUME; past those, the first
finding of each (rule, message shape) stays and its repeats are elided, their markers counting
them per rule. The rest of the array (cargo's artifact records) is read as usual.
"""
from __future__ import annotations

import json
from typing import Any

from engine.compressors.toolout_findings import (
    ANSWER, FLOOD_KINDS_PER_FINDING, LOW_VOLUME, WARNING_VOLUME, flake8_severity, message_shape, revealed, severity_of,
)

#: Keys naming the rule a finding reports (ruff `code`, eslint/SARIF `ruleId`, GitLab
#: `check_name`, pylint `symbol`/`message-id`, bandit `test_id`, semgrep `check_id`).
RULE_KEYS = frozenset({"code", "ruleId", "rule", "rule_id", "check_name", "check_id", "checkId", "symbol",
                       "message-id", "messageId", "test_id"})
#: Keys holding its message.
MESSAGE_KEYS = frozenset({"message", "msg", "description", "issue_text", "text"})
#: Keys saying where it is.
PLACE_KEYS = frozenset({"line", "row", "location", "locations", "lineNumber", "line_number", "startLine",
                        "start_line", "range", "positions", "region", "span", "spans", "start", "filename"})
#: Share of the elements that must be findings for the array to be a report.
REPORT_SHARE = 0.5


def _is_finding(item: Any) -> bool:
    return (isinstance(item, dict) and not RULE_KEYS.isdisjoint(item)
            and not MESSAGE_KEYS.isdisjoint(item) and not PLACE_KEYS.isdisjoint(item))


#: Severity words of the JSON formats beyond the text ones: GitLab code quality's
#: (blocker/critical errors, major warnings), bandit's (HIGH and MEDIUM issues are always shown
#: whole in its text report, LOW ones thinned).
_JSON_SEVERITIES = {"blocker": "error", "critical": "error", "high": "error", "medium": "error",
                    "major": "warning", "warn": "warning"}


#: Which of a finding's keys names its rule, and its message, in order of preference
#: (bandit's `code` is its source excerpt, its rule is `test_id`; eslint's `messageId` and
#: pylint's `message-id` are second to `ruleId` and `symbol`).
_RULE_ORDER = ("ruleId", "rule_id", "check_id", "checkId", "test_id", "check_name", "symbol", "rule",
               "message-id", "messageId", "code")
_MESSAGE_ORDER = ("message", "msg", "issue_text", "description", "text")


def _first_text(item: dict[str, Any], keys: tuple[str, ...]) -> str:
    for k in keys:
        v = item.get(k)
        if isinstance(v, str):
            return v
    return ""


def _word_severity(word: Any) -> str:
    if isinstance(word, bool) or not isinstance(word, (str, int)):
        return "low"
    if isinstance(word, int):  # eslint: 2 error, 1 warning (0 is off)
        return {2: "error", 1: "warning"}.get(word, "low")
    w = word.lower()
    if w in _JSON_SEVERITIES:
        return _JSON_SEVERITIES[w]
    sev = severity_of(w)
    return "low" if sev == "note" else sev  # (mypy's and SARIF's notes, cargo's failure-note)


def _ruff_item(item: dict[str, Any]) -> bool:
    """ruff's JSON (`noqa_row`) and GitLab (`"description": "CODE: message"`) findings."""
    if "noqa_row" in item:
        return True
    rule, text = item.get("check_name"), item.get("description")
    return isinstance(rule, str) and isinstance(text, str) and text.startswith(f"{rule}: ")


def _ruff_sarif(root: Any) -> bool:
    """A SARIF log written by ruff (`runs[].tool.driver.name`)."""
    runs = root.get("runs") if isinstance(root, dict) else None
    if not isinstance(runs, list):
        return False
    for run in runs:
        tool = run.get("tool") if isinstance(run, dict) else None
        driver = tool.get("driver") if isinstance(tool, dict) else None
        if isinstance(driver, dict) and driver.get("name") == "ruff":
            return True
    return False


def _finding(item: Any, ruff: bool = False) -> tuple[str, str, str] | None:
    """(severity, rule, message) of a finding; None for an element that is not one. `ruff`:
    the document is ruff's (its SARIF names no rule levels of its own either)."""
    if not isinstance(item, dict):
        return None
    if item.get("reason") == "compiler-message" and isinstance(item.get("message"), dict):
        m = item["message"]  # cargo: rustc's diagnostic under `message`, its code under `code`
        code = m.get("code")
        rule = code.get("code") if isinstance(code, dict) and isinstance(code.get("code"), str) else ""
        msg = m.get("message") if isinstance(m.get("message"), str) else ""
        return _word_severity(m.get("level")), rule, msg
    if _answer(item):
        return ANSWER, _first_text(item, _RULE_ORDER), item["message"]
    if not _is_finding(item):
        return None
    rule = _first_text(item, _RULE_ORDER)
    msg = _first_text(item, _MESSAGE_ORDER)
    if not msg and isinstance(item.get("message"), dict):  # SARIF: `"message": {"text": …}`
        msg = _first_text(item["message"], _MESSAGE_ORDER)
    if item.get("fatal") is True:  # eslint's parse error
        return "error", rule, msg
    if ruff or _ruff_item(item):
        # ruff labels every finding alike (`error`, GitLab's `major`: it has no levels): the
        # rule decides, as in the same run's text report; a finding without a code is a
        # syntax error (`invalid-syntax` since ruff 0.12)
        syntax = not rule or rule == "invalid-syntax"
        return ("error" if syntax else flake8_severity(rule, msg)), rule, msg
    for key in ("severity", "level", "type", "issue_severity"):
        if key in item:
            return _word_severity(item[key]), rule, msg
    # no level named: every one stays, as before (an API's error records read as findings too)
    return "unranked", rule, msg


def _answer(item: dict[str, Any]) -> bool:
    """A type checker's reveal_type answer (mypy's `--output json` note, pyright's
    `--outputjson` information diagnostic, which names no rule): kept like an error."""
    msg = item.get("message")
    return (isinstance(msg, str) and item.get("severity") in ("note", "information")
            and not PLACE_KEYS.isdisjoint(item) and revealed(msg))


def _report(items: list[Any], ruff: bool = False) -> dict[int, tuple[str, str, str]]:
    """Each finding's index → (severity, rule, message), when the array is a report of them
    (its first or second element is one, and at least half are); otherwise empty."""
    if not any(_finding(x) is not None for x in items[:2]):
        return {}
    found = {i: f for i, x in enumerate(items) if (f := _finding(x, ruff)) is not None}
    if len(found) < REPORT_SHARE * len(items):
        return {}
    if any(f[0] == ANSWER for f in found.values()):
        _answer_lines(items, found)
    return found


def _answer_lines(items: list[Any], found: dict[int, tuple[str, str, str]]) -> None:
    """mypy's reveal_locals writes one note record per local (`"    x: int"`, indented) at the
    place of its `Revealed local types are:`: each is part of that answer, kept with it."""
    place = None
    for i, (sev, rule, msg) in found.items():
        item = items[i]
        here = (item.get("file"), item.get("line"))
        if sev == ANSWER:
            place = here
        elif place == here and msg[:1].isspace() and item.get("severity") == "note":
            found[i] = (ANSWER, rule, msg)
        else:
            place = None


#: Reports are looked for this deep (eslint's `[{filePath, messages: [...]}]`, SARIF's
#: `runs[].results`).
MAX_REPORT_DEPTH = 6


class Reports:
    """The findings of every report in one document, thinned as one run of the tool: the
    volumes are the whole document's (eslint writes one messages array per file), and each
    (rule, message shape) is shown once in the document, in document order."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.ruff = _ruff_sarif(root)
        self.volume: dict[str, int] | None = None
        self.kinds: dict[str, set[tuple[str, str]]] = {}
        self.shapes: dict[str, str] = {}
        self.seen: set[tuple[str, str]] = set()
        #: The verdicts select last gave a report's findings (index → kept).
        self.last: dict[int, bool] = {}

    def _count(self, v: Any, depth: int) -> None:
        if depth > MAX_REPORT_DEPTH:
            return
        if isinstance(v, dict):
            for x in v.values():
                if isinstance(x, (dict, list)):
                    self._count(x, depth + 1)
            return
        if not isinstance(v, list):
            return
        found = _report(v, self.ruff)
        if not found:
            for x in v:
                if isinstance(x, (dict, list)):
                    self._count(x, depth + 1)
            return
        assert self.volume is not None
        for sev, rule, msg in found.values():
            self.volume[sev] = self.volume.get(sev, 0) + 1
            self.kinds.setdefault(sev, set()).add((rule, self._shape(msg)))

    def _shape(self, msg: str) -> str:
        shape = self.shapes.get(msg)  # linters repeat a message word for word
        if shape is None:
            shape = self.shapes[msg] = message_shape(msg)
        return shape

    def _thinned(self, sev: str) -> bool:
        assert self.volume is not None
        n = self.volume.get(sev, 0)
        if sev == "warning":
            flood = n > LOW_VOLUME and len(self.kinds.get(sev, ())) <= n * FLOOD_KINDS_PER_FINDING
            return n > WARNING_VOLUME or flood
        return n > LOW_VOLUME

    def verdicts(self, items: list[Any]) -> dict[int, bool]:
        """For an array that is a report: each finding's index → whether it stays (every
        error; warnings and low findings unless their volume in the document is thinned, then
        the first of each kind). Otherwise empty."""
        found = _report(items, self.ruff)
        if not found:
            return {}
        if self.volume is None:
            self.volume = {}
            self._count(self.root, 0)
        out: dict[int, bool] = {}
        for i, (sev, rule, msg) in found.items():
            if sev in ("error", "unranked", ANSWER) or not self._thinned(sev):
                out[i] = True
                continue
            kind = (rule, self._shape(msg))
            out[i] = kind not in self.seen
            self.seen.add(kind)
        return out


def rule_tally(run: list[Any], summary: str = "") -> str:
    """`rules: quotes×37 semi×4`: the findings of an elided run counted per rule (most first,
    then by first appearance), when every element of it is a finding naming one and the
    run's `summary` does not already say so (`ruleId: quotes×37 semi×4`, `all … ruleId=quotes`)."""
    if _finding(run[0]) is None:
        return ""
    counts: dict[str, int] = {}
    for x in run:
        f = _finding(x)
        if f is None or not f[1]:
            return ""
        counts[f[1]] = counts.get(f[1], 0) + 1
    order = sorted(counts, key=lambda r: -counts[r])  # (stable: ties keep first appearance)
    tally = " ".join(f"{r}×{counts[r]}" for r in order)
    said = f" {summary};"
    if f": {tally};" in said or (len(order) == 1 and f"={order[0]} " in said.replace(";", " ")):
        return ""
    return "rules: " + tally


def is_finding_record(line: str) -> bool:
    """One JSON Lines record that is a finding (ruff's `json-lines`, mypy's `--output json`,
    cargo's `compiler-message`): its `"severity": "error"` or `"level":"warning"` names a
    finding's level, not a log record's."""
    try:
        return _finding(json.loads(line)) is not None
    except (ValueError, RecursionError):
        return False
