"""Start an agent: one-shot with temporary configuration (`caveman wrap AGENT`), or after a
persistent install (`caveman AGENT`). Either way the agent's arguments pass through untouched
and caveman exits with the agent's status (128+N when a signal ended it).

The temporary folder goes away on every exit path caveman can see: the agent exiting, any
error, SIGTERM/SIGHUP (forwarded to the agent first) and Ctrl-C (the terminal delivers it to
the agent, which decides; caveman only waits). Folders left by a caveman that was killed
outright (SIGKILL) are removed by the next `caveman wrap`, once their owner is gone.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from launch_profiles import install
from launch_profiles.loader import Profile, Substitutions, expand_path

TMP_PREFIX = "caveman-wrap-"


class LaunchError(Exception):
    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Prepared:
    argv: list[str]
    env: dict[str, str]


def agent_env(profile: Profile, base: Mapping[str, str], extra: Mapping[str, str] = {}) -> dict[str, str]:
    env = {k: v for k, v in base.items() if k not in profile.env_remove}
    env.update(profile.env_set)
    env.update(extra)
    return env


def resolve_executable(profile: Profile, env: Mapping[str, str]) -> str:
    found = shutil.which(profile.executable, path=env.get("PATH", os.defpath))
    if found is None:
        raise LaunchError(f"{profile.executable} is not on PATH; install {profile.title} first", status=127)
    return found


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_stale(tmp_root: Path) -> None:
    """Remove temporary folders whose caveman died without cleaning up (SIGKILL, power loss)."""
    try:
        entries = list(tmp_root.iterdir())
    except OSError:
        return
    uid = os.getuid()
    for entry in entries:
        if not entry.name.startswith(TMP_PREFIX):
            continue
        try:
            pid = int(entry.name[len(TMP_PREFIX):].split("-")[1])
            if entry.is_symlink() or entry.stat().st_uid != uid or _pid_alive(pid):
                continue
        except (IndexError, ValueError, OSError):
            continue
        shutil.rmtree(entry, ignore_errors=True)


def make_tmpdir(profile: Profile) -> Path:
    root = Path(tempfile.gettempdir())
    sweep_stale(root)
    return Path(tempfile.mkdtemp(prefix=f"{TMP_PREFIX}{profile.name}-{os.getpid()}-", dir=root))


def prepare_temporary(profile: Profile, tmp: Path, caveman: Sequence[str], base_env: Mapping[str, str]) -> Prepared:
    """Write the one-shot configuration into `tmp`; paths to copy from are read in the caller's
    environment, before the profile's variables (CODEX_HOME=tmp…) take effect."""
    subs = Substitutions(caveman=list(caveman), agent=profile.name, tmp=str(tmp))
    extra: dict[str, str] = {k: subs.fill(v) for k, v in profile.temporary_env.items()}
    for src_t, dst_t in profile.temporary_copies:
        src, dst = expand_path(src_t, base_env), expand_path(dst_t, base_env, tmp=str(tmp))
        if src.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
            os.chmod(dst, 0o600)  # credentials, readable by the owner only
    for config in profile.temporary:
        base = b""
        if config.env_var and base_env.get(config.env_var):  # start from the caller's own content
            base = base_env[config.env_var].encode("utf-8")
        elif config.copy_from:
            src = expand_path(config.copy_from, base_env)
            try:
                base = src.read_bytes()
            except FileNotFoundError:
                base = b""
            except OSError as exc:
                raise LaunchError(f"cannot read {src}: {exc.strerror}") from None
        where = config.copy_from or config.env_var or config.path
        try:
            content = install.render(config, profile.edits, subs, base, str(where))
        except (install.InstallError, UnicodeDecodeError) as exc:
            raise LaunchError(str(exc)) from None
        if config.env_var:
            extra[config.env_var] = content.decode("utf-8")
        else:
            dst = expand_path(config.path, base_env, tmp=str(tmp))
            dst.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as fh:
                fh.write(content)
    argv_extra = [subs.fill(a) for a in profile.temporary_args]
    return Prepared(argv=argv_extra, env=agent_env(profile, base_env, extra))


def run_agent(argv: Sequence[str], env: Mapping[str, str]) -> int:
    """Run the agent in the foreground and return its status, shell style."""
    def forward(signum: int, _frame: object) -> None:
        try:
            proc.send_signal(signum)
        except (ProcessLookupError, NameError):
            pass

    # A Python-level handler, unlike SIG_IGN, is reset to the default in the agent at exec.
    previous = {signal.SIGINT: signal.signal(signal.SIGINT, lambda *_: None)}
    try:
        proc = subprocess.Popen(list(argv), env=dict(env))
    except OSError as exc:
        signal.signal(signal.SIGINT, previous[signal.SIGINT])
        raise LaunchError(f"cannot start {argv[0]}: {exc.strerror}", status=126) from None
    try:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            previous[signum] = signal.signal(signum, forward)
        code = proc.wait()
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    return 128 - code if code < 0 else code


class _Terminated(Exception):
    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_terminated(signum: int, _frame: object) -> None:
    raise _Terminated(signum)


def wrap(profile: Profile, args: Sequence[str], caveman: Sequence[str], env: Mapping[str, str]) -> int:
    executable = resolve_executable(profile, env)
    # Until the agent runs, SIGTERM/SIGHUP unwind through the `finally` below instead of
    # killing caveman with the folder still there.
    previous = {s: signal.signal(s, _raise_terminated) for s in (signal.SIGTERM, signal.SIGHUP)}
    tmp: Path | None = None
    try:
        tmp = make_tmpdir(profile)
        prepared = prepare_temporary(profile, tmp, caveman, env)
        return run_agent([executable, *prepared.argv, *args], prepared.env)
    except _Terminated as exc:
        return 128 + exc.signum
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def launch(profile: Profile, args: Sequence[str], caveman: Sequence[str], env: Mapping[str, str],
           report: Callable[[str], None]) -> int:
    """`caveman AGENT`: install persistently when the agent allows it, else one-shot."""
    if not profile.can_install:
        return wrap(profile, args, caveman, env)
    executable = resolve_executable(profile, env)
    subs = Substitutions(caveman=list(caveman), agent=profile.name)
    try:
        outcomes = install.install(profile, subs, env)
    except install.InstallError as exc:
        raise LaunchError(str(exc)) from None
    for outcome in outcomes:
        if outcome.action != "current":
            report(f"{outcome.action} caveman's {profile.title} integration in {outcome.path}")
    return run_agent([executable, *args], agent_env(profile, env))
