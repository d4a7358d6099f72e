"""Keep the command's background jobs alive when it exits: a session leader that is not the command.

On Linux, when a pty's session leader exits, the kernel sends SIGHUP to the terminal's
foreground process group. If the command itself led the session (ptyprocess makes the
exec'd program the leader), that group holds every job it started with `&` (`sh -c` has no
job control): `sh -c 'server & echo started'` lost its server, and `nohup x &` often died
before nohup could ignore the signal. Run without caveman (no terminal) they live on.

So the pty's child forks once more before exec. The parent (this module's leader) stays the
session leader; the command runs in a process group of its own, which is the terminal's
foreground group while it runs (it reads the terminal, gets ^C and SIGWINCH as before).
When the command ends, the leader makes its own group the foreground one and then ends the
way the command ended (the same exit code, or the same signal), so caveman reads the
command's status from it and the leader's exit signals nobody.
"""
from __future__ import annotations

import os
import resource
import signal

#: The leader's own fd on the terminal (login_tty put the pty slave on 0, 1 and 2; 0 may
#: since have been replaced by caveman's stdin, 1 is still the terminal).
_TERMINAL_FD = 1


def fork_command(relayed: tuple[int, ...]) -> None:
    """Called in the pty's child just before exec. Returns only in the process that is to exec
    the command; the leader never returns. `relayed`: signals the leader passes on to the
    command's group. caveman signals that group itself; these reach the leader only from
    elsewhere, above all the SIGHUP of a hang-up when caveman dies (only a session leader
    gets that one, and the command must still end as it did when it led the session)."""
    gate_read, gate_write = os.pipe()
    try:
        pid = os.fork()
    except OSError:  # no second process: run as before, the command leading the session
        os.close(gate_read)
        os.close(gate_write)
        return
    if pid == 0:
        os.close(gate_write)
        try:
            os.setpgid(0, 0)
        except OSError:  # the leader sets it too
            pass
        os.read(gate_read, 1)  # until the leader made our group the foreground one (or died)
        os.close(gate_read)
        return
    code = 1
    try:
        os.close(gate_read)
        code = _lead(pid, gate_write, relayed)
    finally:
        os._exit(code)


def _lead(pid: int, gate_write: int, relayed: tuple[int, ...]) -> int:
    signal.set_wakeup_fd(-1)  # caveman's wake-up pipe is not ours (and its fd number is free)
    for sig in relayed:
        signal.signal(sig, lambda signum, frame: _signal_group(pid, signum))
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)  # tcsetpgrp from a background group
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    try:
        os.tcsetpgrp(_TERMINAL_FD, pid)
    except OSError:
        pass
    os.write(gate_write, b"\n")
    os.close(gate_write)
    # Hold nothing the command's readers or writers could wait on (a pipe at stdin, the
    # exec-error pipe ptyprocess waits to see closed): only the terminal stays open.
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.closerange(3, _max_fd())
    while True:
        try:
            _, status = os.waitpid(pid, os.WUNTRACED)
        except ChildProcessError:
            return 1
        except InterruptedError:
            continue
        if os.WIFSTOPPED(status):
            _resume(pid, os.WSTOPSIG(status))
            continue
        break
    try:
        os.tcsetpgrp(_TERMINAL_FD, os.getpgrp())
    except OSError:
        pass
    if os.WIFSIGNALED(status):
        _die_like(os.WTERMSIG(status))
        return 128 + os.WTERMSIG(status)
    return os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1


def _resume(pid: int, stop_signal: int) -> None:
    """Nobody here can resume a stopped command (no job control: `fg` does not exist for an
    agent), so it would wait for ever. When the command led the session its group was an
    orphaned one, where the kernel ignores ^Z-style stops; this keeps that. A read or write
    of the terminal from a background group (SIGTTIN, SIGTTOU) gets the foreground first, or
    it would stop again at once."""
    if stop_signal in (signal.SIGTTIN, signal.SIGTTOU):
        try:
            os.tcsetpgrp(_TERMINAL_FD, os.getpgid(pid))
        except OSError:
            pass
    try:
        os.killpg(os.getpgid(pid), signal.SIGCONT)
    except OSError:
        pass


def _signal_group(pgid: int, signum: int) -> None:
    try:
        os.killpg(pgid, signum)
        if signum == signal.SIGHUP:  # as the kernel's hang-up does: a stopped job must see it
            os.killpg(pgid, signal.SIGCONT)
    except OSError:
        pass


def _die_like(sig: int) -> None:
    """End by `sig`, as the command did; without a core file of our own."""
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except (OSError, ValueError):
        pass
    if sig != signal.SIGKILL:
        signal.signal(sig, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [sig])
    os.kill(os.getpid(), sig)


def _max_fd() -> int:
    return min(1 << 20, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
