"""Lint and type-checker findings in JSON reports: every one stays in view.

A report's array (ruff, eslint's messages, mypy, pylint, SARIF results, GitLab code quality,
bandit) lists what the agent must fix, one element a finding: sampling it to a few elements
and a `line=19..24` range loses exactly the lines the agent was about to edit. A finding is
an object naming a rule, a message and a place; an array whose elements mostly are findings
keeps all of them (the rest of the array is still read as usual).
"""
from __future__ import annotations

from typing import Any

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


def finding_indices(items: list[Any]) -> list[int]:
    """Indices of the findings, when the array is a report of them (its first element is one,
    and so are at least half); otherwise none. Only the first element is looked at for an
    array that is not a report."""
    if not items or not _is_finding(items[0]):
        return []
    found = [i for i, item in enumerate(items) if _is_finding(item)]
    return found if len(found) >= REPORT_SHARE * len(items) else []
