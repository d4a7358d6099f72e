"""V8 stack traces in JavaScript test runs (tape's failures in qs's suite, trimmed under
tests/fixtures/real/jsframes/ with tape's closing counts added, and small made-up traces): the test runner's and node's own frames
past a trace's first are counted; the thrown-at frame, the user's and other packages' frames,
the error and the verdicts stay."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.toolout import classify
from engine.compressors.toolout_jsframes import JS_HARNESS_FRAME, MIN_HARNESS_FRAMES
from tests.real_views import MARKER, engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "jsframes"
TAPE_FRAME = re.compile(r"^ +at .*\((/home/user/qs/node_modules/tape/lib/test\.js|node:events):\d+:\d+\)$")


def test_tape_failures_keep_their_thrown_at_and_user_frames_and_count_tapes_own(counter):  # noqa: ANN001
    # qs's stringify tests under a tape that drops symbols: each of the 7 failures prints ten
    # frames, eight of them tape's and node's; they went out 6 times (view 21.8k tokens of 21.8k
    # on the whole run: passed through)
    data = (REAL / "tape-qs-failures.txt").read_bytes()
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    blocks = [k for k, ln in enumerate(original) if ln.startswith("not ok ")]
    assert len(blocks) == 6
    counted = 0
    for k in blocks:
        end = original.index("  ...", k)
        stack = [ln for ln in original[k:end] if ln.lstrip().startswith("at ")]
        assert len(stack) == 10
        thrown_at, user = stack[0], [ln for ln in stack if "/home/user/qs/test/" in ln]
        assert "tape/lib/test.js:548:48" in thrown_at and len(user) == 1
        for ln in original[k:end + 1]:
            if ln in stack[3:]:
                continue  # tape's run/_end/emit/next frames: one run after the user's frame
            assert ln in view, ln
        assert TAPE_FRAME.match(stack[1])  # `Test.strictEqual`: a run of one is shown
        counted += len(stack[3:])
    markers = [MARKER.match(ln) for ln in view if MARKER.match(ln)]
    frames = [int(m.group(1)) for m in markers if m.group(2).endswith("node-internal/test-runner/loader stack frame lines")]
    assert frames == [7] * 6 and sum(frames) == counted
    for ln in original[-4:]:
        assert ln in view  # tape's closing counts


def _trace(frames: list[str], number: int = 1) -> list[str]:
    return [f"not ok {number} boom", "Error: boom"] + [f"    at {f}" for f in frames]


def test_only_harness_frames_past_the_first_are_counted():
    harness = "next (/p/node_modules/mocha/lib/runner.js:1:2)"
    trace = _trace([
        "Test.assert (/p/node_modules/tape/lib/test.js:548:48)",  # where it was thrown: kept
        "Context.<anonymous> (/p/test/a.test.js:3:9)",  # the user's
        harness,
        "processImmediate (node:internal/timers:483:21)",
        "new Promise (<anonymous>)",
        "async Promise.all (index 0)",
        "Object.get (/p/node_modules/lodash/get.js:10:3)",  # another dependency's: kept
        "node:internal/main/run_main_module:28:49",  # a bare place
        "tap (/p/node_modules/tap/lib/x.js:1:1)",
        "Module._load (node:internal/modules/cjs/loader:1091:12) {",  # opens the error's properties
    ])
    lines = trace + ["}"] + trace + ["}", "# fail 2"]
    cls = classify(lines)
    counted = [lines[i].strip() for i, c in enumerate(cls) if c == JS_HARNESS_FRAME]
    assert counted == 2 * [
        "at " + harness, "at processImmediate (node:internal/timers:483:21)", "at new Promise (<anonymous>)",
        "at async Promise.all (index 0)", "at node:internal/main/run_main_module:28:49",
        "at tap (/p/node_modules/tap/lib/x.js:1:1)",
    ]


def test_a_single_trace_or_a_few_harness_frames_stay():
    # one crash reads whole, however many of node's frames it holds
    frames = ["thrower (/p/src/a.js:1:1)"] + ["processImmediate (node:internal/timers:483:21)"] * 20
    assert JS_HARNESS_FRAME not in classify(_trace(frames))
    # two traces, too few harness frames between them
    thrower, harness = "thrower (/p/src/a.js:1:1)", "processImmediate (node:internal/timers:483:21)"
    first = _trace([thrower, harness, harness])
    assert JS_HARNESS_FRAME not in classify(first + _trace([thrower] + [harness] * (MIN_HARNESS_FRAMES - 3), 2))
    lines = first + _trace([thrower] + [harness] * (MIN_HARNESS_FRAMES - 2), 2)
    assert classify(lines).count(JS_HARNESS_FRAME) == MIN_HARNESS_FRAMES


def test_relayed_tap_failures_keep_their_user_frames(counter):  # noqa: ANN001
    # node --test relaying tape's stream (`#           at …`): each `# not ok`'s YAML was kept up
    # to `stack:`, so its frames, the user's `test/parse.js:53:12` among them, went as "other lines"
    data = (Path(__file__).parent / "fixtures" / "real" / "corpus2" / "nodetest-relayed-tape-failures.txt").read_bytes()
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    def block_end(k: int) -> int:
        return next(j for j in range(k + 1, len(original))
                    if original[j] == "#   ..." or not original[j].startswith("#  "))

    blocks = [k for k, ln in enumerate(original) if ln.startswith("# not ok ") and original[block_end(k)] == "#   ..."]
    assert len(blocks) == 12
    for k in blocks:
        end = block_end(k)
        frames = [ln for ln in original[k:end] if ln.lstrip("# ").startswith("at ")]
        user = [ln for ln in frames if "/package/test/" in ln]
        assert len(user) == 1 and user[0] in view
        assert frames[0] in view  # where tape threw
        for ln in original[k:end]:
            if ln not in frames:
                assert ln in view, ln
    counted = sum(int(m.group(1)) for m in map(MARKER.match, view) if m
                  for m in [re.search(r"(\d+) node-internal/test-runner/loader stack frame lines", m.group(2))] if m)
    assert counted == 7 * len(blocks)


def test_relayed_tap_passes_are_counted_as_passing_tests(counter):  # noqa: ANN001
    # node --test relays a tape file's own TAP as `# ` comments; its passes (`# ok 6 should be
    # deeply equivalent`) were counted as "other lines", as if they had been something else
    data = (Path(__file__).parent / "fixtures" / "real" / "corpus2" / "nodetest-relayed-tape-failures.txt").read_bytes()
    original = data.decode().splitlines()
    view = engine_view(counter, data).splitlines()
    run = original[original.index("# \\# parses a simple string") + 1:original.index("# \\# comma: false")]
    assert len(run) == 16 and all(ln.startswith("# ok ") for ln in run)
    after = view[view.index("# \\# parses a simple string") + 1]
    assert after == "… 16 lines elided (caveman): 16 passing-test lines …"
