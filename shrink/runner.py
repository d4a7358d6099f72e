"""Run one command under a pseudo-terminal and stream what it prints.

One select loop watches the pty, a signal wake-up pipe (signal.set_wakeup_fd: SIGCHLD, SIGINT,
SIGTERM, SIGHUP, SIGWINCH arrive as bytes, never interrupting the loop half-way) and, when
caveman's stdin is a terminal, the keyboard. Output is handed to `on_output` chunk by chunk;
nothing is accumulated here.

Stdin: a terminal stdin is forwarded keystroke by keystroke (^D at the terminal becomes the
pty's end-of-file). Any other stdin (a pipe, /dev/null, a file) becomes the command's own
stdin directly, so it reads real end-of-file, never waits on a pty nobody types into, and
piped input is neither echoed nor cut at the pty's line limit.
"""
from __future__ import annotations

import errno
import os
import select
import shutil
import signal
import stat
import termios
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from shrink.leader import fork_command
from shrink.queries import answers
from shrink.shebang import shell_fallback

#: Signals to caveman that belong to the command.
FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: After the command exits, how long to keep reading output a grandchild may still hold open.
DRAIN_TOTAL_S = 1.0
#: ...and how long a silence within that drain ends it early.
DRAIN_IDLE_S = 0.2
#: Between SIGTERM and SIGKILL when a limit ends the command.
KILL_GRACE_S = 2.0
#: With no person at caveman's stdin, output silent this long while the pty is in line mode
#: gets an end-of-file typed into the pty: a prompt that opened the terminal itself (sudo,
#: ssh, getpass, `read < /dev/tty`) ends instead of waiting for ever. Nothing reads it otherwise.
PROMPT_IDLE_S = 1.0
#: With no person at caveman's stdin, output silent this long while the pty is in raw mode
#: means a program waits for key presses nobody can type (less, more, vim, a menu reading
#: /dev/tty): without caveman it would have had no terminal and ended at once, under it it
#: would wait for ever. It gets SIGHUP, as when a terminal is closed, and the footer says why.
#: Longer than PROMPT_IDLE_S (ending a program is not as harmless as typing an end-of-file) and
#: than the timeouts programs give a terminal's reply (termenv waits 5 s; shrink.queries answers).
RAW_IDLE_S = 10.0
READ_SIZE = 65536
#: Most bytes gathered from the pty before they are handed on and the loop looks at signals.
BURST_BYTES = 256 * 1024
VEOF = b"\x04"


class SpawnError(Exception):
    """The command could not start: `status` is 127 (not found) or 126 (not executable)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class RunResult:
    exit_code: int  # what caveman exits with: the command's code, or 128+N when signalled
    signal: int | None
    bytes_raw: int
    elapsed_s: float
    limit: str | None = None  # "timeout", "idle-timeout" or "no-keyboard" when caveman ended the command
    limit_s: float | None = None


def check_command(argv0: str, path: str | None) -> None:
    """Raise SpawnError the way a shell would judge argv[0]: 127 missing, 126 not runnable."""
    if "/" in argv0:
        try:
            st = os.stat(argv0)
        except OSError:
            raise SpawnError(f"{argv0}: no such file or directory", 127) from None
        if stat.S_ISDIR(st.st_mode):
            raise SpawnError(f"{argv0}: is a directory", 126)
        if not os.access(argv0, os.X_OK):
            raise SpawnError(f"{argv0}: permission denied", 126)
        return
    if shutil.which(argv0, path=path) is not None:
        return
    for d in (path or os.defpath).split(os.pathsep):
        candidate = os.path.join(d or ".", argv0)
        if os.path.isfile(candidate):
            raise SpawnError(f"{argv0}: permission denied", 126)
    raise SpawnError(f"command not found: {argv0}", 127)


def terminal_fd() -> int | None:
    """The first of stdout, stderr, stdin that is a terminal: the window the command is shown in."""
    for fd in (1, 2, 0):
        try:
            if os.isatty(fd):
                return fd
        except OSError:
            continue
    return None


def window_size(fd: int | None, default: tuple[int, int] = (200, 50)) -> tuple[int, int]:
    """(columns, rows) of the terminal at fd, else the default."""
    if fd is not None:
        try:
            size = os.get_terminal_size(fd)
            if size.columns > 0 and size.lines > 0:
                return size.columns, size.lines
        except OSError:
            pass
    return default


class _Signals:
    """Route the signals we care about into a pipe read by the select loop; restore on exit.

    Only the main thread may install handlers; elsewhere (an embedding server) `active` is
    False and the loop polls for the child's exit instead."""

    WATCHED = (*FORWARDED, signal.SIGCHLD, signal.SIGWINCH)

    def __init__(self) -> None:
        self.read_fd, self._write_fd = os.pipe()
        for fd in (self.read_fd, self._write_fd):
            os.set_blocking(fd, False)
        self._old: dict[int, object] = {}
        self._old_wakeup: int | None = None
        self.active = threading.current_thread() is threading.main_thread()
        self.ignored = tuple(sig for sig in FORWARDED if signal.getsignal(sig) == signal.SIG_IGN)
        if self.active:
            self._old_wakeup = signal.set_wakeup_fd(self._write_fd, warn_on_full_buffer=False)
            self._old = {sig: signal.signal(sig, self._noop) for sig in self.WATCHED}

    @staticmethod
    def _noop(signum: int, frame: object) -> None:
        return None

    def pending(self) -> list[int]:
        try:
            data = os.read(self.read_fd, 4096)
        except BlockingIOError:
            return []
        return list(data)

    def close(self) -> None:
        for sig, handler in self._old.items():
            signal.signal(sig, handler)  # type: ignore[arg-type]
        if self._old_wakeup is not None:
            signal.set_wakeup_fd(self._old_wakeup)
        os.close(self.read_fd)
        os.close(self._write_fd)


def _child_setup(stdin_fd: int | None, ignored: tuple[int, ...], argv: Sequence[str] = (),
                 env: Mapping[str, str] | None = None) -> Callable[[], None]:
    from ptyprocess.util import which

    executable = which(argv[0]) if argv else None  # the file ptyprocess would exec

    def setup() -> None:
        # Python ignores SIGPIPE and SIGXFSZ; an exec'd program must get the defaults back
        # (or `cmd | head` inside it would see EPIPE errors instead of ending quietly).
        for sig in (signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(sig, signal.SIG_DFL)
        # What caveman was started ignoring (nohup, `cmd &` in a script), the command ignores too;
        # our own handlers would otherwise reset to the default at exec.
        for sig in ignored:
            signal.signal(sig, signal.SIG_IGN)
        if stdin_fd is not None:
            os.dup2(stdin_fd, 0)
            os.close(stdin_fd)
        fork_command(FORWARDED)  # so the command's `&` jobs outlive it, as they would in a shell
        if executable is not None and env is not None:
            # ptyprocess execs argv with argv[0] replaced by its full path, which then shows in
            # the command's messages (`/usr/bin/ls: cannot access ...`); a shell keeps argv[0]
            # as typed. If this exec fails, ptyprocess's own runs and reports the error.
            try:
                os.execve(executable, list(argv), dict(env))
            except OSError:
                pass
    return setup


def _in_foreground(fd: int) -> bool:
    """True when caveman may read this terminal without being stopped (SIGTTIN)."""
    try:
        return os.tcgetpgrp(fd) == os.getpgrp()
    except OSError:
        return False


def run(
    argv: Sequence[str],
    *,
    env: Mapping[str, str],
    on_output: Callable[[bytes], None],
    size: tuple[int, int] = (200, 50),
    size_fd: int | None = None,
    timeout: float | None = None,
    idle_timeout: float | None = None,
    on_tick: Callable[[float, int], None] | None = None,
    stdin_fd: int = 0,
) -> RunResult:
    """Run argv (never through a shell) on a pty of `size` (columns, rows) and wait for it.

    Raises SpawnError when it cannot start. `size_fd`: the terminal to follow on SIGWINCH.
    `on_tick(elapsed, bytes)` is called about ten times a second for a live display."""
    from ptyprocess import PtyProcess

    argv = list(argv)
    check_command(argv[0], env.get("PATH"))
    tty_stdin = _isatty(stdin_fd)
    forward_keys = tty_stdin and _in_foreground(stdin_fd)
    if forward_keys:
        child_stdin = None
    elif tty_stdin:  # a terminal we may not read (caveman runs in the background)
        child_stdin = os.open(os.devnull, os.O_RDONLY)
    else:
        child_stdin = _dup_or_devnull(stdin_fd)
    signals = _Signals()
    started = time.monotonic()
    try:
        try:
            def spawn(args: list[str]) -> PtyProcess:
                return PtyProcess.spawn(
                    args, env=dict(env), dimensions=(size[1], size[0]),
                    preexec_fn=_child_setup(child_stdin, signals.ignored, args, env),
                    pass_fds=(child_stdin,) if child_stdin is not None else (),
                )

            try:
                proc = spawn(argv)
            except OSError as exc:
                by_shell = shell_fallback(argv, env.get("PATH")) if exc.errno == errno.ENOEXEC else None
                if by_shell is None:
                    raise
                proc = spawn(by_shell)
        except FileNotFoundError:
            raise SpawnError(f"command not found: {argv[0]}", 127) from None
        except OSError as exc:
            code = 127 if exc.errno == errno.ENOENT else 126
            # ptyprocess re-raises the child's exec error with errno set but no strerror.
            reason = exc.strerror or (os.strerror(exc.errno) if exc.errno else str(exc))
            raise SpawnError(f"{argv[0]}: {reason}", code) from None
        finally:
            if child_stdin is not None:
                os.close(child_stdin)
        loop = _Loop(proc, signals, on_output, forward_keys, stdin_fd, size_fd, timeout, idle_timeout, on_tick)
        try:
            return loop.run(started)
        finally:
            loop.close()
    finally:
        signals.close()


def _foreground_group(fd: int) -> int | None:
    try:
        group = os.tcgetpgrp(fd)
    except OSError:
        return None
    return group if group > 0 else None


def _isatty(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


def _dup_or_devnull(fd: int) -> int:
    try:
        return os.dup(fd)
    except OSError:
        return os.open(os.devnull, os.O_RDONLY)


class _Loop:
    def __init__(self, proc, signals: _Signals, on_output, forward_keys: bool, stdin_fd: int,  # type: ignore[no-untyped-def]
                 size_fd: int | None, timeout: float | None, idle_timeout: float | None, on_tick) -> None:
        self.proc = proc
        self.pid: int = proc.pid
        # The command's own group (shrink.leader made it the foreground one before its exec).
        self.command_group = _foreground_group(proc.fd)
        self.fd: int = proc.fd
        self.signals = signals
        self.on_output = on_output
        self.forward_keys = forward_keys
        self.stdin_fd = stdin_fd
        self.size_fd = size_fd
        self.timeout = timeout if timeout and timeout > 0 else None
        self.idle_timeout = idle_timeout if idle_timeout and idle_timeout > 0 else None
        self.on_tick = on_tick
        self.status: int | None = None  # waitpid status once reaped
        self.eof = False
        self.stdin_open = forward_keys
        self.pending_input = b""
        self.bytes = 0
        self.limit: str | None = None
        self.kill_at: float | None = None
        self.answer_prompts = not forward_keys
        self.eof_typed_at: int | None = None  # self.bytes when the last EOF was typed
        os.set_blocking(self.fd, False)

    def close(self) -> None:
        try:
            self.proc.fileobj.close()
        except OSError:
            pass
        self.proc.closed = True  # we reaped the child ourselves; keep ptyprocess's __del__ quiet
        self.proc.terminated = True
        if self.status is None:
            # Only reached on an unexpected error: do not leave the command running unseen.
            self._killpg(signal.SIGKILL)
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass

    def run(self, started: float) -> RunResult:
        last_output = started
        exited_at: float | None = None
        next_tick = started + 0.1
        while True:
            now = time.monotonic()
            self._reap()
            if self.status is not None and exited_at is None:
                exited_at = now
            if exited_at is not None:
                if self.eof or now - exited_at >= DRAIN_TOTAL_S or now - max(last_output, exited_at) >= DRAIN_IDLE_S:
                    break
            else:
                self._limits(now, started, last_output)
                if self._prompt_armed() and now - last_output >= PROMPT_IDLE_S:
                    self._type_eof()
                if self._keys_armed() and now - last_output >= RAW_IDLE_S and self._raw_mode():
                    self._end("no-keyboard", signal.SIGHUP, now)
            deadlines = [next_tick] if self.on_tick is not None else [now + 1.0]
            if exited_at is not None:
                deadlines += [exited_at + DRAIN_TOTAL_S, max(last_output, exited_at) + DRAIN_IDLE_S]
            else:
                if self.timeout and self.limit is None:
                    deadlines.append(started + self.timeout)
                if self.idle_timeout and self.limit is None:
                    deadlines.append(last_output + self.idle_timeout)
                if self._prompt_armed():
                    deadlines.append(last_output + PROMPT_IDLE_S)
                if self._keys_armed():
                    deadlines.append(last_output + RAW_IDLE_S)
                if self.kill_at is not None:
                    deadlines.append(self.kill_at)
            if not self.signals.active:
                deadlines.append(now + 0.05)  # no SIGCHLD wake-up: poll for the exit
            wait = max(0.0, min(deadlines) - now)
            rlist = [self.signals.read_fd]
            if not self.eof:
                rlist.append(self.fd)
            if self.stdin_open and not self.pending_input and exited_at is None:
                rlist.append(self.stdin_fd)
            wlist = [self.fd] if self.pending_input and not self.eof and exited_at is None else []
            readable, writable, _ = select.select(rlist, wlist, [], wait)
            if self.signals.read_fd in readable:
                for signum in self.signals.pending():
                    self._on_signal(signum)
            if self.fd in readable:
                if self._read():
                    last_output = time.monotonic()
            if self.stdin_fd in readable and self.stdin_open:
                self._read_keys()
            if writable:
                self._write_keys()
            now = time.monotonic()
            if self.on_tick is not None and now >= next_tick:
                self.on_tick(now - started, self.bytes)
                next_tick = now + 0.1
        # The drain is over: whatever a grandchild writes from now on is not ours.
        return self._result(time.monotonic() - started)

    def _result(self, elapsed: float) -> RunResult:
        status = self.status if self.status is not None else 0
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            code, signum = 128 + sig, sig
        else:
            code, signum = os.WEXITSTATUS(status), None
        limit_s = {"timeout": self.timeout, "idle-timeout": self.idle_timeout,
                   "no-keyboard": RAW_IDLE_S}.get(self.limit or "")
        return RunResult(code, signum, self.bytes, elapsed, self.limit, limit_s)

    def _reap(self) -> None:
        if self.status is not None:
            return
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            self.status = 0
            return
        if pid:
            self.status = status

    def _read(self) -> bool:
        """Read what the pty holds now (it hands out at most ~4 KB a read) and pass it on in
        one piece, so per-chunk costs downstream are paid per burst, not per read."""
        chunks: list[bytes] = []
        size = 0
        while size < BURST_BYTES:
            try:
                data = os.read(self.fd, READ_SIZE)
            except BlockingIOError:
                break
            except OSError as exc:
                if exc.errno == errno.EIO:  # Linux: every slave end is closed
                    self.eof = True
                    break
                raise
            if not data:
                self.eof = True
                break
            chunks.append(data)
            size += len(data)
        if not chunks:
            return False
        self.bytes += size
        burst = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        if not self.eof:
            self._answer(burst)
        self.on_output(burst)
        return True

    def _answer(self, burst: bytes) -> None:
        """Reply to terminal queries (shrink.queries) while the pty is in raw mode, i.e. while a
        program is set to read the reply; in line mode it would only be echoed as text."""
        if not self._raw_mode():  # one ioctl; scanning every burst cost ~10% of the pty path
            return
        reply = answers(burst)
        if reply:
            try:
                os.write(self.fd, reply)
            except OSError:
                pass

    def _read_keys(self) -> None:
        try:
            data = os.read(self.stdin_fd, 4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self.pending_input += data
        else:
            # ^D at caveman's terminal: the command gets the same end-of-file from its pty.
            self.pending_input += VEOF
            self.stdin_open = False

    def _write_keys(self) -> None:
        try:
            n = os.write(self.fd, self.pending_input)
        except BlockingIOError:
            return
        except OSError:
            self.pending_input = b""
            return
        self.pending_input = self.pending_input[n:]

    def _prompt_armed(self) -> bool:
        return self.answer_prompts and self.eof_typed_at != self.bytes and not self.eof

    def _keys_armed(self) -> bool:
        return self.answer_prompts and self.limit is None and not self.eof

    def _canonical(self) -> bool | None:
        """Whether the pty is in line mode (ICANON); None when it cannot be read."""
        try:
            return bool(termios.tcgetattr(self.fd)[3] & termios.ICANON)
        except (OSError, termios.error):
            return None

    def _raw_mode(self) -> bool:
        return self._canonical() is False

    def _type_eof(self) -> None:
        """Once per silence: ^D, if the terminal is in line mode (a raw-mode program would take
        it as a key press, not as end-of-file)."""
        self.eof_typed_at = self.bytes
        if self._canonical():
            try:
                os.write(self.fd, VEOF)
            except OSError:
                pass

    def _on_signal(self, signum: int) -> None:
        if signum in FORWARDED:
            self._killpg(signum)
        elif signum == signal.SIGWINCH and self.size_fd is not None:
            cols, rows = window_size(self.size_fd)
            try:
                self.proc.setwinsize(rows, cols)
            except OSError:
                pass

    def _killpg(self, signum: int) -> None:
        # The command's group, not its session leader's (shrink.leader passes a signal it gets
        # on to that group, which would then get it twice).
        groups = {self.command_group if self.command_group is not None else self.pid}
        try:
            fg = os.tcgetpgrp(self.fd)
            if fg > 0:
                groups.add(fg)
        except OSError:
            pass
        for pgid in sorted(groups):
            try:
                os.killpg(pgid, signum)
            except (ProcessLookupError, PermissionError):
                pass

    def _end(self, limit: str, signum: int, now: float) -> None:
        """caveman ends the command (for `limit`): `signum` now, SIGKILL after the grace."""
        self.limit = limit
        self._killpg(signum)
        self.kill_at = now + KILL_GRACE_S

    def _limits(self, now: float, started: float, last_output: float) -> None:
        if self.limit is None:
            if self.timeout and now - started >= self.timeout:
                self.limit = "timeout"
            elif self.idle_timeout and now - last_output >= self.idle_timeout:
                self.limit = "idle-timeout"
            if self.limit is not None:
                self._end(self.limit, signal.SIGTERM, now)
        elif self.kill_at is not None and now >= self.kill_at:
            self._killpg(signal.SIGKILL)
            self.kill_at = None
