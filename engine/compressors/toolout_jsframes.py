"""The test runner's and node's own frames in JavaScript stack traces, counted instead of shown.

tape, uvu, node's test runner and a crashing script print V8 stack traces in which most frames
are the harness's (`node_modules/tape/lib/test.js`, `node:internal/test_runner/test`,
`node:internal/timers`, the CommonJS loader): tape prints the same eight of them under each of
its fifty failures. None of them is the user's bug. Past each trace's first frame (where the
error was thrown, kept whatever it is), such frames become JS_HARNESS_FRAME, counted in the
marker, once the output holds MIN_HARNESS_FRAMES of them in two traces or more: a single crash
reads whole (its frames are no repetition, and the agent reads that trace closest). A trace that
node's test runner relays from a child's TAP stream (`#           at Test.run (…)`) counts the
same way. Every frame in the user's code or in
any other dependency stays, and so do the error line and the test's verdict. A frame that opens
the error's property block (`at … {`) stays, as the block's lines need it.
"""
from __future__ import annotations

from engine.compressors.toolout_scan import KEEP, OTHER
from engine.patterns import TOOL_JS_FRAME, TOOL_JS_HARNESS_PLACE

#: A frame of a JavaScript test runner or of node itself: counted, not shown.
JS_HARNESS_FRAME = "jsharnessframe"
#: Fewer harness frames than this in the whole output stay as they are.
MIN_HARNESS_FRAMES = 6
#: Traces holding harness frames, at least: the frames repeat from trace to trace.
MIN_TRACES = 2
#: Literal gates: a V8 frame of node's own code or of an installed package.
GATES = ("(node:", "(internal/", "node_modules/", " at node:")


def frame_place(line: str) -> str | None:
    """The place of a V8 frame line (relayed under `#` or not), else None."""
    if line[:1] == "#":
        line = line[1:]
    # a frame is indented and starts `at `: most lines fail this before any regex
    if not (line[:1] in " \t" and line.lstrip().startswith("at ")):
        return None
    m = TOOL_JS_FRAME.match(line)
    if m is None:
        return None
    return m["place"] if m["place"] is not None else m["bare"]


def harness_place(place: str) -> bool:
    return TOOL_JS_HARNESS_PLACE.match(place) is not None


def fold_js_harness_frames(norm: list[str], cls: list[str], in_block: list[bool], joined: str) -> None:
    """Label the harness frames of every V8 stack trace past its first frame."""
    if not any(gate in joined for gate in GATES):
        return
    found: list[int] = []
    traces = 0  # traces with a harness frame past their first
    trace_start = 0
    after_frame = False
    for i, s in enumerate(norm):
        place = frame_place(s) if s[:1] in " \t#" and "at " in s else None  # most lines fail the test
        if place is None:
            after_frame = False
            continue
        if after_frame and cls[i] in (KEEP, OTHER) and harness_place(place):
            if not found or found[-1] < trace_start:
                traces += 1
            found.append(i)
        if not after_frame:
            trace_start = i
        after_frame = True
    if len(found) < MIN_HARNESS_FRAMES or traces < MIN_TRACES:
        return
    for i in found:
        cls[i] = JS_HARNESS_FRAME
        in_block[i] = False
