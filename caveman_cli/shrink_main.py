"""The body of `caveman tools shrink`, and a start-up fast path that skips typer.

shrink is run before every command an agent executes, so its start-up is part of every
command's latency. typer builds a pydantic adapter per parameter when it parses (about
0.3 s here), so `caveman_cli.entry` hands `tools shrink` argument lists that are plainly
well-formed to `fast_main`; anything else (help, an unknown option, a bad value) returns
None and goes through typer, which owns every usage message.
"""
from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from caveman_cli.context import Context
from caveman_cli.io import PatientWriter, warn, write_json
from caveman_cli.status import CavemanError, ExitStatus


@dataclass
class ShrinkArgs:
    command: list[str]
    raw: bool = False
    type_name: str | None = None
    query: str | None = None
    timeout: float | None = None
    idle_timeout: float | None = None
    as_json: bool = False
    session: str | None = None


_FLAGS = {"--raw": "raw", "--json": "as_json"}
_VALUED = {"--type": "type_name", "--query": "query", "--timeout": "timeout",
           "--idle-timeout": "idle_timeout", "--session": "session"}


def parse_fast(args: Sequence[str]) -> ShrinkArgs | None:
    """Options, then the command (after `--` or at the first non-option). None when unsure."""
    values: dict[str, object] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            i += 1
            break
        if not arg.startswith("-"):
            break
        name, eq, inline = arg.partition("=")
        if name in _FLAGS and not eq:
            values[_FLAGS[name]] = True
            i += 1
        elif name in _VALUED:
            if eq:
                value, i = inline, i + 1
            elif i + 1 < len(args):
                value, i = args[i + 1], i + 2
            else:
                return None
            values[_VALUED[name]] = value
        else:
            return None  # --help, short options, typos: typer answers those
    command = list(args[i:])
    if not command:
        return None
    parsed = ShrinkArgs(command)
    for key, value in values.items():
        if key in ("timeout", "idle_timeout"):
            try:
                number = float(str(value))
            except ValueError:
                return None
            if not number > 0:
                return None
            value = number
        setattr(parsed, key, value)
    if parsed.type_name is not None:
        from engine.types import ContentType

        try:
            ContentType.parse(parsed.type_name)
        except ValueError:
            return None
    return parsed


def fast_main(args: Sequence[str]) -> int | None:
    parsed = parse_fast(args)
    if parsed is None:
        return None
    open_std_fds()
    debug = os.environ.get("CAVEMAN_DEBUG", "") == "1"
    try:
        return execute(parsed)
    except CavemanError as exc:
        warn(str(exc))
        return exc.status
    except BrokenPipeError:
        return ExitStatus.OK
    except KeyboardInterrupt:
        return ExitStatus.CTRL_C
    except Exception as exc:  # the same last boundary as caveman_cli.app.main
        if debug:
            raise
        warn(f"internal error: {type(exc).__name__}: {exc} (set CAVEMAN_DEBUG=1 for a traceback)")
        return ExitStatus.FAILURE


def exec_transparently(argv: list[str]) -> int:
    """CAVEMAN_SHRINK=off: become the command, so every byte, signal and status is its own."""
    from shrink.runner import SpawnError, check_command

    try:
        check_command(argv[0], os.environ.get("PATH"))
    except SpawnError as exc:
        warn(str(exc))
        return exc.status
    sys.stdout.flush()
    sys.stderr.flush()
    for sig in (signal.SIGPIPE, signal.SIGXFSZ):  # Python ignores these; the command must not
        signal.signal(sig, signal.SIG_DFL)
    try:
        try:
            os.execvp(argv[0], argv)
        except OSError as exc:
            from shrink.shebang import shell_fallback

            by_shell = shell_fallback(argv, os.environ.get("PATH")) if exc.errno == errno.ENOEXEC else None
            if by_shell is None:
                raise
            os.execv(by_shell[0], by_shell)
    except OSError as exc:
        warn(f"{argv[0]}: {exc.strerror or exc}")
    return ExitStatus.NOT_EXECUTABLE


def open_std_fds() -> None:
    """Put /dev/null on a closed stdin, stdout or stderr (`cmd <&-`, `>&-`, `2>&-`).

    Otherwise the first file caveman opens takes that number: the command would read
    caveman's raw spool as its stdin, and with sys.stdout or sys.stderr None the view or the
    error line raises AttributeError and the command's status is lost (1 for 3, 1 for 127)."""
    for fd, flags, name in ((0, os.O_RDONLY, "stdin"), (1, os.O_WRONLY, "stdout"), (2, os.O_WRONLY, "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            try:
                opened = os.open(os.devnull, flags)
            except OSError:
                continue
            if opened != fd:
                os.dup2(opened, fd)
                os.close(opened)
        if getattr(sys, name) is None:  # closed when Python started
            setattr(sys, name, open(fd, "r" if fd == 0 else "w", closefd=False))


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except OSError:
        pass


def execute(args: ShrinkArgs) -> int:
    """Run the command and print its view (or JSON); returns the exit status to use.

    With CAVEMAN_SHRINK=off caveman becomes the command (exec): no view, no footer, no JSON."""
    if not args.command:
        raise CavemanError("shrink needs a command: caveman tools shrink -- CMD [ARGS...]", ExitStatus.USAGE)
    open_std_fds()
    ctx = Context()
    if ctx.env.get("CAVEMAN_SHRINK", "").strip().lower() == "off":
        return exec_transparently(args.command)

    from shrink import pipeline, render
    from shrink.runner import SpawnError

    ctype = None
    if args.type_name is not None:  # engine.types pulls in the engine package: only when asked
        from engine.types import ContentType

        ctype = ContentType.parse(args.type_name)
    request = pipeline.Request(args.command, raw=args.raw, ctype=ctype,
                               query=args.query, timeout=args.timeout, idle_timeout=args.idle_timeout,
                               session=args.session)
    try:
        outcome = pipeline.shrink(request, env=ctx.env, engine_factory=ctx.engine,
                                  tmp_dir=pipeline.default_tmp_dir(ctx.env))
    except SpawnError as exc:
        warn(str(exc))
        if args.as_json:
            write_json(render.spawn_error_json(str(exc), exc.status))
        return exc.status
    for note in outcome.warnings:
        warn(note)
    try:
        sys.stdout.flush()
        out = PatientWriter(sys.stdout.fileno())
        if args.as_json:
            render.write_json(outcome, out)  # type: ignore[arg-type]
        else:
            render.write_text(outcome, out)  # type: ignore[arg-type]
    except BrokenPipeError:
        # A reader that stopped early (`| head`) does not change how the command ended.
        _silence_stdout()
    if outcome.abandoned:
        # An engine thread past its budget may sit inside SQLite or a compressor; interpreter
        # shutdown must not wait on it or trip over it.
        sys.stderr.flush()
        os._exit(outcome.exit_code)
    return outcome.exit_code
