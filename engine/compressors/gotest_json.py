"""`go test -json`: which events a view must show and which are a passing test's chatter.

test2json turns every line a test prints into an `output` event tagged with its test, and adds
`run`/`pause`/`cont`/`pass`/`fail`/`skip` events. A failing test's message is one such event
among thousands of look-alikes (the same package, the same action, the same shape), so a log
view thins it away with its neighbours. Read together, the events say what matters:

- every output event of a test that failed, was skipped or never finished (its messages, its
  `--- FAIL:` row, a panic's goroutine dump), except its bare `=== RUN`/`=== PAUSE`/`=== CONT`
  and a skipped test's reason given before for another (with that test's `--- SKIP:` row);
- every output event of the package itself (`ok`/`FAIL`/`?` rows, `coverage:`, build errors),
  except the bare `PASS` above an `ok` row;
- every `fail` event (the machine-readable verdict), Go 1.24's `build-output`/`build-fail`
  events (compile errors) and every benchmark result row;
- passing tests' output and the `run`/`pause`/`cont`/`pass`/`skip`/`start` events are
  droppable: never brought back as a sample. An action not named here is left to the log's rules.

Lines that are not test2json events (a build error printed beside the stream) are left to the
log compressor's own rules.
"""
from __future__ import annotations

import json
from itertools import compress

from engine.patterns import GO_TEST_OUTPUT

#: Both literals every test2json event holds (asked before any line is parsed).
SIGN = ('"Action":"', '"Package":"')
#: Output events that only announce a test (its result row and messages say the rest).
_ANNOUNCE = ("=== RUN", "=== PAUSE", "=== CONT", "=== NAME")
_DONE = ("pass", "fail", "skip")
#: Events that are a verdict or a build's own output (Go 1.24 prints compile errors as
#: `build-output` events and a `build-fail`): always shown.
_VERDICT = frozenset({"fail", "build-fail", "build-output"})
#: Events that only say a test started, paused, resumed, passed or was skipped (a skipped
#: test's reason and `--- SKIP` row are output events of its own, kept).
_CHATTER = frozenset({"run", "pause", "cont", "pass", "skip", "start"})


def _event(line: str) -> dict | None:
    s = line.strip()
    if not (s.startswith("{") and s.endswith("}") and '"Action":"' in s):
        return None
    try:
        ev = json.loads(s)
    except (ValueError, RecursionError):
        return None
    return ev if isinstance(ev, dict) and isinstance(ev.get("Action"), str) else None


def verdicts(bare: list[str], joined: str) -> tuple[list[bool], list[bool]] | None:
    """(must keep, droppable) per line, or None when the text is not a test2json stream (fewer
    than half its non-blank lines are events)."""
    if not all(word in joined for word in SIGN):
        return None
    events = list(map(_event, bare))
    found = sum(map(bool, events))
    if 2 * found < sum(map(bool, map(str.strip, bare))):
        return None
    ended: dict[tuple[str, str], str] = {}
    for ev in filter(None, events):
        action, test = ev["Action"], ev.get("Test")
        if test and action in _DONE:
            ended[(str(ev.get("Package")), str(test))] = action
    n = len(bare)
    keep, drop = [False] * n, [False] * n
    reasons: set[str] = set()
    repeats: set[tuple[str, str]] = set()
    for i in compress(range(n), events):
        ev = events[i]
        action, test = ev["Action"], ev.get("Test")
        output = ev.get("Output") if isinstance(ev.get("Output"), str) else ""
        if action in _VERDICT or (action == "output" and "ns/op" in output):
            keep[i] = True
        elif action in _CHATTER:
            drop[i] = True
        elif action != "output":
            continue  # an action this reader does not know: the log's own rules decide
        elif not test:
            if output.strip() == "PASS":
                drop[i] = True
            else:
                keep[i] = True
        elif (end := ended.get(key := (str(ev.get("Package")), str(test)))) == "pass" or output.startswith(_ANNOUNCE):
            drop[i] = True
        elif end == "skip" and _repeated_skip(output, key, reasons, repeats):
            drop[i] = True
        else:
            keep[i] = True
    return keep, drop


def _repeated_skip(output: str, test: tuple[str, str], reasons: set[str], repeats: set[tuple[str, str]]) -> bool:
    """A skipped test's reason given before (`INTEG_DB not set` for sixty tests) and that test's
    `--- SKIP:` row are droppable; the first test skipped for each reason stays whole."""
    m = GO_TEST_OUTPUT.match(output)
    if m is not None:
        reason = output[m.end():]
        if reason in reasons:
            repeats.add(test)
            return True
        reasons.add(reason)
        return False
    return test in repeats and output.lstrip().startswith("--- SKIP: ")
