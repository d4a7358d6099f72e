"""JVM stack traces in tool output: the JDK's and the harness's frames are counted, the rest stay.

A Maven, Gradle or JUnit failure prints Java stack traces whose frames are mostly the JDK's
(`java.base/...reflect.Method.invoke`) and the harness's (JUnit's engine, surefire, Maven's
lifecycle, plexus): none of them is the user's bug. Those frames become JVM_FRAME (droppable,
counted in the marker as JDK/framework stack frame lines). Every trace's first frame (where it
was thrown), the exception, `Caused by:` and `Suppressed:` lines, `... N more`, and every frame
of any other package (the user's, a dependency's) are kept.
"""
from __future__ import annotations

from engine.patterns import TOOL_JVM_FRAME, TOOL_JVM_LIB_CLASS

KEEP = "keep"
OTHER = "other"
#: A JDK or test/build harness frame of a JVM stack trace: counted, not shown.
JVM_FRAME = "jvmframe"


def fold_jvm_frames(norm: list[str], cls: list[str], in_block: list[bool]) -> None:
    """Label the JDK and harness frames of every JVM stack trace, past each trace's first frame.
    Only lines some rule kept (or none claimed) change: a passing or repeated line stays as is."""
    after_frame = False
    for i, s in enumerate(norm):
        # a frame is indented and starts `at `: most lines fail this before any regex
        if not (s[:1] in " \t" and s.lstrip().startswith("at ")):
            after_frame = False
            continue
        m = TOOL_JVM_FRAME.match(s)
        if m is None:
            after_frame = False
            continue
        if after_frame and cls[i] in (KEEP, OTHER) and TOOL_JVM_LIB_CLASS.match(m["cls"]):
            cls[i] = JVM_FRAME
            in_block[i] = False
        after_frame = True
