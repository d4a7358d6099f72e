"""run → resolve → engine → Outcome.

Memory stays bounded at any size: raw bytes go to a temporary file (only as much as the screen
emulator could ever use) and the streaming line resolver writes the transcript to another. A
transcript up to SPOOLED_VIEW_BYTES is read back whole for the engine; a larger one stays on
disk (Outcome.view_file): Engine.compress_file reads it in one streaming pass, and if it passes
through it is copied to stdout from the file. caveman's own trouble
(a store that will not open or take the original, an engine exception) never changes the
command's status: the transcript passes through and the reason is reported.
"""
from __future__ import annotations

import io
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, BinaryIO

from shrink import runner, screen
from shrink.live import LiveStatus

if TYPE_CHECKING:
    from engine import Engine
    from engine.types import ContentType, Result

#: The terminal we emulate when caveman itself is not attached to one.
DEFAULT_TERM = "xterm-256color"
#: Below this many bytes (~130 tokens) no view can save what its footer costs (~40 tokens for
#: the counts and handle), so the engine and its start-up are skipped unless a type or a
#: query was asked for. Most commands an agent runs print less than this.
SMALL_OUTPUT_BYTES = 512
#: Seconds the engine may take before the transcript passes through uncompressed.
ENGINE_BUDGET_S = 30.0
#: A transcript larger than this is never read into memory (the engine streams it, see above).
SPOOLED_VIEW_BYTES = 8 * 1024 * 1024
#: For a spooled transcript the budget grows by a second per this many bytes: the large path is
#: linear (it counts every token, ~4-8 MB/s here) and a huge output passed through because the
#: budget ran out is the worst view an agent can get.
ENGINE_BYTES_PER_S = 1024 * 1024
#: Pieces a spooled view is copied in.
VIEW_PIECE = 1 << 20


@dataclass(frozen=True)
class Request:
    argv: list[str]
    raw: bool = False
    ctype: ContentType | None = None
    query: str | None = None
    timeout: float | None = None
    idle_timeout: float | None = None
    session: str | None = None


@dataclass
class Outcome:
    run: runner.RunResult
    view: bytes
    result: Result | None = None
    resolver: str = "lines"
    warnings: list[str] = field(default_factory=list)
    #: The engine outran its budget and still runs on a daemon thread.
    abandoned: bool = False
    #: A transcript too large to hold, on disk: while set, it is the view (`view` is b"").
    #: Read positionally (os.pread), so an abandoned engine thread may read it meanwhile.
    view_file: BinaryIO | None = None

    @property
    def view_size(self) -> int:
        return os.fstat(self.view_file.fileno()).st_size if self.view_file is not None else len(self.view)

    def view_pieces(self, size: int = VIEW_PIECE) -> Iterator[bytes]:
        """The view in pieces of at most `size` bytes, from memory or from the spool."""
        if self.view_file is None:
            view = memoryview(self.view)
            for start in range(0, len(view), size):
                yield view[start:start + size].tobytes()
            return
        fd, offset = self.view_file.fileno(), 0
        while piece := os.pread(fd, size, offset):
            offset += len(piece)
            yield piece

    def view_ends_in_newline(self) -> bool:
        if self.view_file is None:
            return self.view.endswith(b"\n")
        size = self.view_size
        return size > 0 and os.pread(self.view_file.fileno(), 1, size - 1) == b"\n"

    def view_bytes(self) -> bytes:
        """The whole view in memory: for tests and small views only."""
        return b"".join(self.view_pieces()) if self.view_file is not None else self.view

    def close(self) -> None:
        if self.view_file is not None:
            try:
                self.view_file.close()
            except OSError:
                pass

    @property
    def exit_code(self) -> int:
        return self.run.exit_code

    @property
    def compressed(self) -> bool:
        return self.result is not None and not self.result.passed_through


#: A pager on the pty would wait for keys nobody can press, even at a terminal (its screen is
#: captured, not shown): `git log`, `man`, `systemctl status` would hang. cat prints it all.
PAGERS = ("PAGER", "GIT_PAGER", "MANPAGER", "SYSTEMD_PAGER", "GH_PAGER", "PSQL_PAGER")
#: With no person at caveman's stdin, programs that open the terminal themselves must not wait:
#: editors end at once (git aborts an empty commit, `kubectl edit` and `crontab -e` change
#: nothing), git does not ask for credentials, debconf takes its defaults instead of drawing
#: a dialog (raw mode, so the ^D that ends line prompts would not end it).
UNATTENDED = {"GIT_EDITOR": "true", "GIT_SEQUENCE_EDITOR": "true", "EDITOR": "true", "VISUAL": "true",
              "GIT_TERMINAL_PROMPT": "0", "DEBIAN_FRONTEND": "noninteractive"}


def child_environment(env: Mapping[str, str], size: tuple[int, int], attached: bool,
                      interactive: bool = False) -> dict[str, str]:
    """The caller's environment with COLUMNS, LINES and TERM agreeing with the pty we give,
    and no pager (nor, without a person at stdin, an editor or password prompt) to wait on."""
    child = dict(env)
    child["COLUMNS"], child["LINES"] = str(size[0]), str(size[1])
    term = env.get("TERM", "")
    if not attached or not term or term == "dumb":
        child["TERM"] = DEFAULT_TERM
    for name in PAGERS:
        child[name] = "cat"
    child["AWS_PAGER"] = ""
    if not interactive:
        child.update(UNATTENDED)
    return child


def _spool(tmp_dir: str | None) -> BinaryIO:
    """A temporary file in tmp_dir; else wherever tempfile finds a writable directory (a TMPDIR
    that exists but cannot be written, /proc, a read-only sandbox, made caveman fail with exit 1
    before the command ran); else memory, so the command still runs and keeps its status."""
    for where in (tmp_dir, None):
        try:
            # Unbuffered: writes are whole bursts already, and a failed write then loses nothing unseen.
            return tempfile.TemporaryFile(dir=where, buffering=0)
        except OSError:
            continue
    return io.BytesIO()


class _Capture:
    """Where pty output goes: a bounded raw spool for the emulator and the line resolver.

    If the disk fills, the command keeps running and keeps its status: the transcript then
    holds what was spooled, a line saying how many bytes were lost (if any), and the last
    TAIL_BYTES."""

    TAIL_BYTES = 256 * 1024

    def __init__(self, rows: int, tmp_dir: str | None) -> None:
        self.raw = _spool(tmp_dir)
        self.resolved = _spool(tmp_dir)
        self.raw_kept = 0
        self.lines = screen.LineResolver(self._keep, rows)
        self.problem: str | None = None
        self._tail: list[bytes] = []
        self._tail_size = 0
        self._lost = 0

    def feed(self, data: bytes) -> None:
        if self.raw_kept <= screen.SCREEN_MAX_BYTES:
            try:
                self.raw.write(data)
                self.raw_kept += len(data)
            except OSError:
                self.raw_kept = screen.SCREEN_MAX_BYTES + 1  # no emulator without the raw bytes
        self.lines.feed(data)

    def _keep(self, piece: bytes) -> None:
        if self.problem is None:
            try:
                written = self.resolved.write(piece)
                if written is None or written >= len(piece):
                    return
                piece = piece[written:]
                self.problem = "could not spool the output (short write)"
            except OSError as exc:
                self.problem = f"could not spool the output ({exc.strerror or exc})"
        self._tail.append(piece)
        self._tail_size += len(piece)
        while self._tail_size - len(self._tail[0]) >= self.TAIL_BYTES:
            dropped = self._tail.pop(0)
            self._tail_size -= len(dropped)
            self._lost += len(dropped)

    def transcript(self, cols: int, rows: int, total: int) -> tuple[bytes | BinaryIO, str, list[str]]:
        """The transcript, its resolver and any warning. A line transcript over
        SPOOLED_VIEW_BYTES comes back as the open spool file, which the caller then owns."""
        self.lines.finish()
        if self.lines.needs_screen and total <= screen.SCREEN_MAX_BYTES and self.problem is None:
            self.raw.seek(0)
            try:
                from shrink.emulator import resolve_screen

                return resolve_screen(self.raw.read(), cols, rows), "screen", []
            except Exception as exc:  # pyte trouble must not lose the output: the line view stands
                note = f"screen emulation failed ({type(exc).__name__}: {exc}); showing the line view"
                return self._read_resolved(), "lines", [note]
        # After a failed spool write the transcript is pieced together in memory (rare: a full disk).
        if self.problem is None and self.resolved.tell() > SPOOLED_VIEW_BYTES and not isinstance(self.resolved, io.BytesIO):
            spool, self.resolved = self.resolved, None
            return spool, "lines", []
        return self._read_resolved(), "lines", [self.problem] if self.problem else []

    def _read_resolved(self) -> bytes:
        self.resolved.seek(0)
        text = self.resolved.read()
        if self.problem is not None:
            gap = f"\n[caveman: {self._lost:,} bytes of output lost: {self.problem}]\n".encode() if self._lost else b""
            text = text + gap + b"".join(self._tail)
        return text

    def close(self) -> None:
        for spool in (self.raw, self.resolved):
            if spool is None:  # handed to the Outcome
                continue
            try:
                spool.close()
            except OSError:
                pass


def shrink(
    request: Request,
    *,
    env: Mapping[str, str],
    engine_factory: Callable[[], tuple[Engine, str | None]],
    stdin_fd: int = 0,
    live: bool = True,
    tmp_dir: str | None = None,
) -> Outcome:
    """Run request.argv and return its compact view. Raises runner.SpawnError (127/126)."""
    size_fd = runner.terminal_fd()
    cols, rows = runner.window_size(size_fd)
    capture = _Capture(rows, tmp_dir)
    status = LiveStatus.for_stderr(capture.lines.latest_line) if live else None
    try:
        try:
            ran = runner.run(
                request.argv, env=child_environment(env, (cols, rows), size_fd is not None, _isatty(stdin_fd)),
                on_output=capture.feed, size=(cols, rows), size_fd=size_fd, timeout=request.timeout,
                idle_timeout=request.idle_timeout, on_tick=status.tick if status else None, stdin_fd=stdin_fd,
            )
        finally:
            if status is not None:
                status.clear()
        # The command has ended: a stop signal now (a harness's timeout) must not lose its
        # output and status while the screen is emulated; the transcript passes through.
        with _StopSignalsHeld() as stop:
            text, method, warnings = capture.transcript(cols, rows, capture.raw_kept)
    finally:
        capture.close()
    if stop.received:
        warnings.append(f"{signal.Signals(stop.received[0]).name} while rendering; output passed through uncompressed")
    if isinstance(text, bytes):
        outcome = Outcome(ran, text, None, method, warnings)
    else:
        outcome = Outcome(ran, b"", None, method, warnings, view_file=text)
    if request.raw or stop.received:
        return outcome
    if outcome.view_file is None:
        if not text.strip():
            return outcome
        if len(text) < SMALL_OUTPUT_BYTES and request.ctype is None and not request.query:
            return outcome
    _compress(outcome, request, engine_factory)
    return outcome


def _compress(outcome: Outcome, request: Request, engine_factory: Callable[[], tuple[Any, str | None]]) -> None:
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            from engine.types import Options  # the engine package's import is part of its budget

            options = Options(mode="compress", type=request.ctype, query=request.query, session=request.session)
            box["engine"], box["problem"] = engine_factory()
            if outcome.view_file is not None:
                box["result"] = box["engine"].compress_file(outcome.view_file, options)
            else:
                box["result"] = box["engine"].compress(outcome.view, options)
        except Exception as exc:  # reported below, on the caller's thread
            box["error"] = exc

    # The engine runs on a thread with a budget: a compressor that takes minutes on a huge
    # output must not hold the command's status back. Past the budget the transcript passes
    # through, and the thread is abandoned (the CLI exits without waiting for it).
    worker = threading.Thread(target=work, name="caveman-compress", daemon=True)
    worker.start()
    budget = ENGINE_BUDGET_S
    if outcome.view_file is not None:
        budget += outcome.view_size / ENGINE_BYTES_PER_S
    interrupted = _join_unless_told_to_stop(worker, budget)
    if worker.is_alive():
        outcome.abandoned = True
        if interrupted is not None:
            outcome.warnings.append(f"{signal.Signals(interrupted).name} while compressing; output passed through uncompressed")
        else:
            outcome.warnings.append(f"compression took longer than {budget:g} s; output passed through uncompressed")
        return
    if "error" in box:  # caveman's failure, not the command's: show the output as it is
        exc = box["error"]
        outcome.warnings.append(f"engine error ({type(exc).__name__}: {exc}); output passed through uncompressed")
        return
    engine, problem, result = box["engine"], box["problem"], box["result"]
    if not result.passed_through and not _pays_for_its_footer(outcome, result, engine):
        result = replace(result, output=outcome.view, method=None, handle=None, ratio=0.0,
                         tokens_after=result.tokens_before, reason="the saving would not pay for the footer")
    outcome.result = result
    if outcome.view_file is None:
        outcome.view = result.output
    elif not result.passed_through:  # passed through, the spool stays the view (output is b"")
        outcome.close()
        outcome.view_file = None
        outcome.view = result.output
    if result.passed_through:
        if problem:
            outcome.warnings.append(f"{problem}; output passed through uncompressed")
        elif result.error:
            outcome.warnings.append(f"{result.reason or result.error}; output passed through uncompressed")


#: Signals that end caveman's wait for the engine (the command has already ended by then).
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class _StopSignalsHeld:
    """Within the block, SIGINT, SIGTERM and SIGHUP are recorded in `received` instead of
    ending caveman (on the main thread, where handlers run; a signal the caller ignores stays
    ignored)."""

    def __enter__(self) -> _StopSignalsHeld:
        self.received: list[int] = []
        self._old: dict[int, Any] = {}
        if threading.current_thread() is threading.main_thread():
            for sig in STOP_SIGNALS:
                if signal.getsignal(sig) != signal.SIG_IGN:
                    self._old[sig] = signal.signal(sig, lambda signum, frame: self.received.append(signum))
        return self

    def __exit__(self, *exc_info: object) -> None:
        for sig, handler in self._old.items():
            signal.signal(sig, handler)


def _join_unless_told_to_stop(worker: threading.Thread, budget: float) -> int | None:
    """Wait for the engine up to `budget` seconds; a SIGINT, SIGTERM or SIGHUP ends the wait.

    The command has ended and its status is known. A harness's SIGTERM at its timeout, or a ^C,
    during a long compression killed caveman (143, or 130 via KeyboardInterrupt) and lost both
    the output and the status; now the transcript passes through with the command's status.
    Returns the signal that ended the wait, if one did."""
    if threading.current_thread() is not threading.main_thread():
        worker.join(budget)
        return None
    with _StopSignalsHeld() as stop:
        deadline = time.monotonic() + budget
        while worker.is_alive() and not stop.received:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            worker.join(min(left, 0.1))
    return stop.received[0] if stop.received else None


def _pays_for_its_footer(outcome: Outcome, result: Result, engine: Any) -> bool:
    """True when the compressed view plus its longer footer costs fewer tokens than the
    transcript plus the footer it would get anyway (none for a success)."""
    from shrink import render

    counter = getattr(engine, "counter", None)
    if counter is None:
        return True
    compressed = render.footer(Outcome(outcome.run, result.output, result, outcome.resolver)) or ""
    plain = render.footer(Outcome(outcome.run, outcome.view, None, outcome.resolver)) or ""
    return result.tokens_after + counter.count(compressed) < result.tokens_before + counter.count(plain)


def _isatty(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


def default_tmp_dir(env: Mapping[str, str]) -> str | None:
    """TMPDIR when it exists; tempfile's own choice otherwise."""
    candidate = env.get("TMPDIR")
    return candidate if candidate and os.path.isdir(candidate) else None
