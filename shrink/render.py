"""The footer line and the --json object.

The footer is for a reader who takes text literally: it says how the command ended and, only
when the view was compressed, what was elided and how to get it back. A command that succeeded
and whose output passed through gets no footer at all: its output is printed exactly.
"""
from __future__ import annotations

import codecs
import json
import signal as signal_mod
from typing import BinaryIO

from shrink.pipeline import Outcome

_LIMIT_TEXT = {
    "timeout": "timed out after {s} s (--timeout)",
    "idle-timeout": "no output for {s} s (--idle-timeout)",
    "no-keyboard": "waited {s} s for a key press with no one at the keyboard (terminal in raw mode)",
}


def signal_name(signum: int | None) -> str | None:
    if signum is None:
        return None
    try:
        return signal_mod.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def footer(outcome: Outcome) -> str | None:
    ran = outcome.run
    if not (outcome.compressed or ran.exit_code != 0 or ran.limit):
        return None
    parts: list[str] = []
    if ran.limit:
        parts.append(_LIMIT_TEXT[ran.limit].format(s=f"{ran.limit_s:g}"))
    if ran.signal is not None:
        parts.append(f"killed by {signal_name(ran.signal)} (exit {ran.exit_code})")
    else:
        parts.append(f"exit {ran.exit_code}")
    result = outcome.result
    if outcome.compressed and result is not None:
        parts.append(f"{result.tokens_before:,}→{result.tokens_after:,} tokens (o200k_base, {result.basis})")
        if result.handle:
            parts.append(f"recover: caveman tools retrieve {result.handle}")
    return "‹caveman: " + " · ".join(parts) + "›"


def text(outcome: Outcome) -> bytes:
    """What stdout gets: the view, then the footer on a line of its own when there is one."""
    line = footer(outcome)
    view = outcome.view_bytes()
    if line is None:
        return view
    sep = b"\n" if view and not view.endswith(b"\n") else b""
    return view + sep + line.encode("utf-8") + b"\n"


#: Views are written in pieces of this many bytes, so a huge view is never copied whole again.
_PIECE = 1 << 20


def write_text(outcome: Outcome, out: BinaryIO) -> None:
    """text(outcome), written in pieces: a huge view (held or spooled) is never copied whole."""
    line = footer(outcome)
    for piece in outcome.view_pieces(_PIECE):
        out.write(piece)
    if line is not None:
        sep = b"\n" if outcome.view_size and not outcome.view_ends_in_newline() else b""
        out.write(sep + line.encode("utf-8") + b"\n")
    out.flush()


def write_json(outcome: Outcome, out: BinaryIO) -> None:
    """json.dumps(to_json(outcome)) + newline, with the output field encoded piece by piece."""
    report = to_json(outcome, include_output=False)
    head = json.dumps(report, ensure_ascii=False)
    assert head.endswith("}")
    out.write(head[:-1].encode("utf-8") + b', "output": "')
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    for raw in outcome.view_pieces(_PIECE):
        out.write(json.dumps(decoder.decode(raw), ensure_ascii=False)[1:-1].encode("utf-8"))
    tail = decoder.decode(b"", final=True)
    if tail:
        out.write(json.dumps(tail, ensure_ascii=False)[1:-1].encode("utf-8"))
    out.write(b'"}\n')
    out.flush()


def to_json(outcome: Outcome, include_output: bool = True) -> dict[str, object]:
    ran, result = outcome.run, outcome.result
    report: dict[str, object] = {
        "exit_code": ran.exit_code,
        "signal": signal_name(ran.signal),
        "content_type": str(result.content_type) if result is not None else None,
        "method": result.method if result is not None else None,
        "tokens_before": result.tokens_before if result is not None else 0,
        "tokens_after": result.tokens_after if result is not None else 0,
        "ratio": round(result.ratio, 4) if result is not None else 0.0,
        "basis": "inferred",
        "handle": result.handle if result is not None else None,
        "passed_through": not outcome.compressed,
        "elapsed_s": round(ran.elapsed_s, 3),
        "bytes_raw": ran.bytes_raw,
        "resolver": outcome.resolver,
        "limit": ran.limit,
        "footer": footer(outcome),
        "warnings": list(outcome.warnings),
    }
    if include_output:
        report["output"] = outcome.view_bytes().decode("utf-8", errors="replace")
    return report


def spawn_error_json(message: str, status: int) -> dict[str, object]:
    """The --json object for a command that never started (127 not found, 126 not executable)."""
    return {
        "exit_code": status, "signal": None, "output": "", "content_type": None, "method": None,
        "tokens_before": 0, "tokens_after": 0, "ratio": 0.0, "basis": "inferred", "handle": None,
        "passed_through": True, "elapsed_s": 0.0, "bytes_raw": 0, "resolver": None, "limit": None,
        "footer": None, "warnings": [], "error": message,
    }
