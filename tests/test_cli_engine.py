"""The engine commands through the real entry point: exact stdout, stderr and exit codes.

Where a test needs a compression to happen, it runs the same entry point with a fake registry
installed (`fake_cli`), so it does not depend on the real compressors."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typing import List, Optional

import pytest
import typer
from typer.testing import CliRunner

import caveman_cli.app  # noqa: F401  (installs the plain parameter coercion)
from caveman_cli import fastparams
from engine.ccr.sqlite import SQLiteStore
from engine.handles import handle_for
from engine.types import CONTENT_TYPES, ContentType

ROOT = Path(__file__).resolve().parent.parent
JSON_KEYS = {"output", "content_type", "method", "tokens_before", "tokens_after", "ratio", "basis", "handle",
             "passed_through", "recoverable", "safety_class", "error"}
LONG = b"".join(b"step %d ok\n" % i for i in range(200)) + b"ERROR: disk full\n"

# The real `main`, with a registry holding one lossy text compressor that keeps two lines.
_FAKE_MAIN = r"""
import sys
import engine, engine.registry
from engine.safety import SafetyClass
from engine.types import ContentType

class KeepTwo:
    content_type = ContentType.TEXT
    safety_class = SafetyClass.S4
    def compress(self, data):
        lines = data.split(b"\n")
        return b"\n".join(lines[:2]) + b"\n[fake: rest elided]\n" if len(lines) > 4 else None

def fake_registry():
    reg = engine.registry.Registry()
    reg.register(KeepTwo())
    return reg

engine.default_registry = engine.registry.default_registry = fake_registry
from caveman_cli.app import main
raise SystemExit(main(sys.argv[1:]))
"""


@pytest.fixture
def fake_cli():
    def run(*args: str, stdin: bytes = b"", env: dict | None = None, timeout: float = 60):
        return subprocess.run([sys.executable, "-c", _FAKE_MAIN, *args], input=stdin, capture_output=True,
                              env={**os.environ, **(env or {})}, timeout=timeout, cwd=ROOT)
    return run


def lines(stderr: bytes) -> list[str]:
    return stderr.decode().splitlines()


def records(home: Path) -> list:
    path = home / "ccr.db"
    if not path.exists():
        return []
    with SQLiteStore(path) as s:
        return s.records()


# ---------------------------------------------------------------- compress

def test_compress_plain_passes_through_with_one_report_line(cli, isolated_home):
    r = cli("tools", "compress", stdin=b"hello\nworld\n")
    assert (r.returncode, r.stdout) == (0, b"hello\nworld\n")
    assert lines(r.stderr) == ["caveman: passed through (text): text compressor declined"]
    assert records(isolated_home) == []


def test_compress_plain_compresses_and_retrieve_gives_it_back(cli, fake_cli, isolated_home):
    r = fake_cli("tools", "compress", stdin=LONG)
    assert r.returncode == 0
    assert r.stdout == b"step 0 ok\nstep 1 ok\n[fake: rest elided]\n"
    h = handle_for(LONG)
    (line,) = lines(r.stderr)
    assert line.startswith("caveman: text · text · ") and line.endswith(
        f"tokens (o200k_base, inferred) · recover: caveman tools retrieve {h}")
    back = cli("tools", "retrieve", h)
    assert (back.returncode, back.stdout, back.stderr) == (0, LONG, b"")
    for spelling in (f"<<ccr:{h}>>", f"ccr:{h}"):
        assert cli("tools", "retrieve", spelling).stdout == LONG


def test_compress_json_exact_keys(fake_cli):
    r = fake_cli("tools", "compress", "--json", "--session", "sess-9", stdin=LONG)
    assert r.returncode == 0 and r.stderr == b""
    out = json.loads(r.stdout)
    assert set(out) == JSON_KEYS
    assert out["output"] == "step 0 ok\nstep 1 ok\n[fake: rest elided]\n"
    assert (out["content_type"], out["method"], out["basis"], out["handle"]) == (
        "text", "text", "inferred", handle_for(LONG))
    assert (out["passed_through"], out["recoverable"], out["safety_class"], out["error"]) == (False, True, "S4", None)
    assert out["tokens_before"] > out["tokens_after"] > 0
    assert out["ratio"] == round((out["tokens_before"] - out["tokens_after"]) / out["tokens_before"], 4)
    assert r.stdout.count(b"\n") == 1  # one JSON object, one line


def test_compress_json_pass_through(cli):
    r = cli("tools", "compress", "--json", stdin=b"hi")
    out = json.loads(r.stdout)
    assert set(out) == JSON_KEYS and r.returncode == 0
    assert (out["output"], out["handle"], out["passed_through"], out["recoverable"], out["method"], out["ratio"]) == (
        "hi", None, True, False, None, 0.0)


def test_record_mode_passes_through(fake_cli, isolated_home):
    r = fake_cli("tools", "compress", "--mode", "record", stdin=LONG)
    assert (r.returncode, r.stdout) == (0, LONG)
    assert lines(r.stderr) == ["caveman: passed through (text): record mode"]
    assert records(isolated_home) == []


def test_session_is_stored(fake_cli, isolated_home):
    fake_cli("tools", "compress", "--session", "sess-42", stdin=LONG)
    (rec,) = records(isolated_home)
    assert (rec.key, rec.session, rec.content_type) == (handle_for(LONG), "sess-42", "text")


def test_ccr_db_variable_wins(fake_cli, tmp_path, isolated_home):
    db = tmp_path / "elsewhere" / "store.db"
    fake_cli("tools", "compress", stdin=LONG, env={"CAVEMAN_CCR_DB": str(db)})
    assert db.is_file() and not (isolated_home / "ccr.db").exists()
    with SQLiteStore(db) as s:
        assert s.get(handle_for(LONG)) == LONG


def test_budget_exceeded_passes_through(fake_cli, isolated_home):
    r = fake_cli("tools", "compress", "--json", stdin=LONG, env={"CAVEMAN_CCR_MAX_BYTES": "100"})
    out = json.loads(r.stdout)
    assert r.returncode == 0
    assert (out["output"].encode(), out["error"], out["handle"], out["passed_through"]) == (
        LONG, "ccr_budget_exceeded", None, True)
    assert records(isolated_home) == []
    plain = fake_cli("tools", "compress", stdin=LONG, env={"CAVEMAN_CCR_MAX_BYTES": "100"})
    assert plain.stdout == LONG
    (line,) = lines(plain.stderr)
    assert line.startswith("caveman: passed through (text): recovery store could not take the original: "
                           "the recovery store is over its budget of 100 bytes") and line.endswith(
        "[ccr_budget_exceeded]")


def test_bad_budget_variable_passes_through(fake_cli):
    r = fake_cli("tools", "compress", stdin=LONG, env={"CAVEMAN_CCR_MAX_BYTES": "lots"})
    assert (r.returncode, r.stdout) == (0, LONG)
    (line,) = lines(r.stderr)
    assert "CAVEMAN_CCR_MAX_BYTES must be a whole number of bytes, not 'lots'" in line


# ---------------------------------------------------------------- broken stores

def _corrupt(home: Path) -> None:
    home.mkdir(mode=0o700, exist_ok=True)
    (home / "ccr.db").write_bytes(b"\x13garbage, not SQLite\x00" * 500)


def test_corrupt_store_never_crashes_a_compress(cli, isolated_home):
    _corrupt(isolated_home)
    r = cli("tools", "compress", stdin=b"some output\n")
    assert (r.returncode, r.stdout) == (0, b"some output\n")
    assert lines(r.stderr) == [
        "caveman: passed through (text): text compressor declined; cannot open the recovery store at "
        f"{isolated_home / 'ccr.db'}: the database is corrupt (move it aside or delete it)"]


def test_corrupt_store_with_a_lossy_result(fake_cli, isolated_home):
    _corrupt(isolated_home)
    r = fake_cli("tools", "compress", stdin=LONG)
    assert (r.returncode, r.stdout) == (0, LONG)
    (line,) = lines(r.stderr)
    assert line.startswith("caveman: passed through (text): recovery store could not take the original: cannot "
                           "open the recovery store at") and line.endswith("corrupt (move it aside or delete it) "
                                                                           "[ccr_unavailable]")
    j = fake_cli("tools", "compress", "--json", stdin=LONG)
    assert json.loads(j.stdout)["error"] == "ccr_unavailable" and len(lines(j.stderr)) == 1


@pytest.mark.parametrize("cmd", [("tools", "stats"), ("tools", "retrieve", "ccr_" + "0" * 32), ("tools", "ccr", "list")])
def test_corrupt_store_fails_other_commands_in_one_line(cli, isolated_home, cmd):
    _corrupt(isolated_home)
    r = cli(*cmd)
    assert (r.returncode, r.stdout) == (1, b"")
    assert lines(r.stderr) == [f"caveman: cannot open the recovery store at {isolated_home / 'ccr.db'}: "
                               "the database is corrupt (move it aside or delete it)"]


def test_symlinked_store_is_refused(cli, fake_cli, tmp_path):
    real = tmp_path / "real.db"
    real.touch()
    link = tmp_path / "link.db"
    link.symlink_to(real)
    r = cli("tools", "stats", env={"CAVEMAN_CCR_DB": str(link)})
    assert r.returncode == 1
    assert lines(r.stderr) == [f"caveman: refusing the recovery store at {link}: it is a symlink"]
    c = fake_cli("tools", "compress", stdin=LONG, env={"CAVEMAN_CCR_DB": str(link)})
    assert (c.returncode, c.stdout) == (0, LONG) and "it is a symlink" in c.stderr.decode()
    assert real.read_bytes() == b""


def test_world_writable_home_is_refused(cli, isolated_home):
    isolated_home.mkdir()
    os.chmod(isolated_home, 0o777)
    r = cli("tools", "stats")
    assert r.returncode == 1
    assert lines(r.stderr) == [f"caveman: refusing the recovery store in {isolated_home}: the directory is "
                               f"group- or world-writable (chmod 700 {isolated_home})"]


# ---------------------------------------------------------------- retrieve

def test_retrieve_unknown_handle(cli):
    h = "ccr_" + "0" * 32
    r = cli("tools", "retrieve", h)
    assert (r.returncode, r.stdout) == (1, b"")
    assert lines(r.stderr) == [f"caveman: unknown handle {h}; the store holds no handles yet"]


def test_retrieve_unknown_handle_suggests_recent(cli, fake_cli):
    fake_cli("tools", "compress", stdin=LONG)
    r = cli("tools", "retrieve", "ccr_" + "0" * 32)
    assert r.returncode == 1
    assert lines(r.stderr) == [f"caveman: unknown handle ccr_{'0' * 32}; most recent: {handle_for(LONG)}"]


def test_retrieve_typed_object(cli, isolated_home):
    with SQLiteStore(isolated_home / "ccr.db") as s:
        s.put_object("sess-1:obj.3", b"\x00typed\xff", "tool_output")
    r = cli("tools", "retrieve", "ccr://sess-1:obj.3")
    assert (r.returncode, r.stdout, r.stderr) == (0, b"\x00typed\xff", b"")


def test_retrieve_binary_is_byte_exact(cli, isolated_home):
    original = bytes(range(256)) * 40 + b"\r\n\x00"
    with SQLiteStore(isolated_home / "ccr.db") as s:
        h = s.put(original, __import__("engine.ccr", fromlist=["RecordMeta"]).RecordMeta())
    assert cli("tools", "retrieve", h).stdout == original


# ---------------------------------------------------------------- usage errors

@pytest.mark.parametrize("args", [
    ("tools", "retrieve"),
    ("tools", "compress", "--type", "bogus"),
    ("tools", "compress", "--mode"),
    ("tools", "compress", "--no-such-flag"),
    ("tools", "no-such-command"),
    ("--no-such-flag",),
    ("tools", "ccr", "prune"),
    ("tools", "ccr", "prune", "--older-than", "7x"),
    ("tools", "ccr", "forget"),
])
def test_usage_errors_exit_2(cli, args):
    r = cli(*args)
    assert r.returncode == 2, r.stderr
    assert r.stdout == b"" and b"Traceback" not in r.stderr


def test_unknown_type_names_the_choices(cli):
    r = cli("tools", "compress", "--type", "bogus")
    assert "unknown type 'bogus' (one of: auto, json, log" in r.stderr.decode()


def test_version(cli):
    r = cli("--version")
    assert (r.returncode, r.stdout, r.stderr) == (0, b"caveman 0.1.0\n", b"")


# ---------------------------------------------------------------- detect, stats, registry

def test_detect_json(cli):
    r = cli("tools", "detect", "--json", stdin=b'{"a": [1, 2, 3]}')
    assert r.returncode == 0 and json.loads(r.stdout) == {"content_type": "json"}
    r = cli("tools", "detect", "--json", stdin=b"")
    assert json.loads(r.stdout) == {"content_type": "text"}
    r = cli("tools", "detect", stdin=b"\x00\xff binary")
    assert r.returncode == 0 and r.stdout.decode().strip() in {str(t) for t in CONTENT_TYPES}


def test_stats_json(cli, fake_cli):
    empty = json.loads(cli("tools", "stats", "--json").stdout)
    assert empty == {"totals": {"count": 0, "tokens_before": 0, "tokens_after": 0, "ratio": 0.0},
                     "by_content_type": {}, "basis": "inferred", "storage_bytes": 0,
                     "max_storage_bytes": 512 * 1024 * 1024, "storage_full": False}
    outs = [json.loads(fake_cli("tools", "compress", "--json", stdin=LONG + b"%d\n" % i).stdout) for i in range(2)]
    s = json.loads(cli("tools", "stats", "--json", env={"CAVEMAN_CCR_MAX_BYTES": "1000000"}).stdout)
    before, after = sum(o["tokens_before"] for o in outs), sum(o["tokens_after"] for o in outs)
    text = {"count": 2, "tokens_before": before, "tokens_after": after, "ratio": round((before - after) / before, 4)}
    assert s == {"totals": text, "by_content_type": {"text": text}, "basis": "inferred",
                 "storage_bytes": 2 * (len(LONG) + 2), "max_storage_bytes": 1_000_000, "storage_full": False}
    plain = cli("tools", "stats")
    assert plain.returncode == 0 and b"tokens o200k_base, inferred" in plain.stdout


def test_registry_json(cli):
    r = cli("tools", "registry", "--json")
    assert r.returncode == 0
    rows = json.loads(r.stdout)["compressors"]
    assert {row["content_type"] for row in rows} == {t.value for t in ContentType}
    assert all(set(row) == {"content_type", "safety_class", "detectable", "advertised"} for row in rows)
    detectable = {row["content_type"] for row in rows if row["detectable"]}
    # the reference's Detect order; TOON, tool schemas, a11y and repetition are forced-only
    assert detectable == {"json", "terminal", "diff", "html", "tabular", "code", "log", "search-result", "config",
                          "text"}
    assert [row["content_type"] for row in rows if not row["advertised"]] == ["toolschema-annotations"]


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("data", [
    b"",
    os.urandom(4096),
    b"\x00\x00NUL bytes\x00",
    b"invalid utf-8 \xc3\x28 \xff\xfe\n" * 50,
], ids=["empty", "binary", "nul", "invalid-utf8"])
def test_bad_input_passes_through_byte_exact(cli, isolated_home, data):
    r = cli("tools", "compress", stdin=data)
    assert (r.returncode, r.stdout) == (0, data)
    assert len(lines(r.stderr)) == 1 and b"Traceback" not in r.stderr
    j = cli("tools", "compress", "--json", stdin=data)
    assert j.returncode == 0 and set(json.loads(j.stdout)) == JSON_KEYS
    assert records(isolated_home) == []


@pytest.mark.parametrize("data", [os.urandom(8192) + b"\n" * 10, b"\xff\xfe\x00 line\n" * 400])
def test_bad_input_through_a_compressor_round_trips(fake_cli, cli, data):
    # forced: random bytes may well look like terminal output to Detect
    r = fake_cli("tools", "compress", "--type", "text", stdin=data)
    assert r.returncode == 0 and len(lines(r.stderr)) == 1
    assert cli("tools", "retrieve", handle_for(data)).stdout == data


@pytest.mark.slow
def test_100_mb_single_line(cli, isolated_home, tmp_path):
    data = b"x" * (100 * 1024 * 1024)
    r = cli("tools", "compress", stdin=data, timeout=600)
    assert r.returncode == 0 and r.stdout == data
    assert len(lines(r.stderr)) == 1 and b"Traceback" not in r.stderr


def _pipeline(tmp_path: Path, data: bytes, main: str, env: dict | None = None) -> tuple[int, bytes, bytes]:
    """`caveman tools compress < in | head -c 1` in a real shell; returns caveman's own status."""
    (tmp_path / "in").write_bytes(data)
    script = (f'"$PY" {main} tools compress < "$IN" 2> "$ERR" | head -c 1 > "$OUT";'
              ' echo "${PIPESTATUS[0]}" > "$RC"')
    shell_env = {**os.environ, **(env or {}), "PY": sys.executable, "IN": str(tmp_path / "in"),
                 "ERR": str(tmp_path / "err"), "OUT": str(tmp_path / "out"), "RC": str(tmp_path / "rc")}
    subprocess.run(["bash", "-c", script], env=shell_env, cwd=ROOT, timeout=120, check=True)
    return (int((tmp_path / "rc").read_text()), (tmp_path / "out").read_bytes(), (tmp_path / "err").read_bytes())


def test_stdout_closed_early(tmp_path):
    data = b"".join(b"line %d of a long output\n" % i for i in range(200_000))
    rc, out, err = _pipeline(tmp_path, data, "-m caveman_cli")
    assert (rc, out) == (0, b"l")
    assert b"Traceback" not in err and b"Exception ignored" not in err


def test_stdout_closed_early_after_a_store(tmp_path, isolated_home):
    data = b"".join(b"line %d of a long output\n" % i for i in range(200_000))
    main = "-c " + "'" + _FAKE_MAIN.replace("'", "\"") + "'"
    rc, out, err = _pipeline(tmp_path, data, main)
    assert (rc, out) == (0, b"l")
    assert b"Traceback" not in err
    (rec,) = records(isolated_home)  # the original is there, whole, or not at all
    with SQLiteStore(isolated_home / "ccr.db") as s:
        assert s.get(rec.key) == data


# ---------------------------------------------------------------- start-up stays light
# The commands on an agent's hot path import no heavy module; the plain parameter coercion
# that makes this possible (caveman_cli.fastparams) gives typer's own results and errors.

HEAVY = ("pydantic", "rich", "pyte", "tree_sitter", "mcp", "yaml", "tiktoken")

_PROBE = r"""
import sys
from caveman_cli.app import main
code = main(sys.argv[1:])
heavy = sorted(m for m in {HEAVY!r} if m in sys.modules)
sys.stderr.write("HEAVY=" + ",".join(heavy) + "\n")
"""


@pytest.mark.parametrize("args", [
    ("tools", "compress"),
    ("tools", "compress", "--json", "--type", "text", "--mode", "compress", "--session", "s"),
    ("tools", "retrieve", "ccr_" + "0" * 32),
    ("--version",),
])
def test_hot_commands_import_nothing_heavy(args):
    probe = _PROBE.replace("{HEAVY!r}", repr(HEAVY))
    r = subprocess.run([sys.executable, "-c", probe, *args], input=b"some output\n", capture_output=True,
                       cwd=ROOT, timeout=60)
    heavy_line = [line for line in r.stderr.decode().splitlines() if line.startswith("HEAVY=")]
    assert heavy_line == ["HEAVY="], r.stderr.decode()


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def cmd(
        n: int = typer.Option(3, "-n"),
        s: Optional[str] = typer.Option(None, "-s"),
        flag: bool = typer.Option(False, "--flag"),
        rest: List[str] = typer.Argument(None),
    ) -> None:
        typer.echo(repr((n, s, flag, rest)))

    return app


@pytest.mark.parametrize("argv, shown", [
    ([], "(3, None, False, None)"),
    (["-n", "5", "-s", "hi", "--flag", "a", "b"], "(5, 'hi', True, ['a', 'b'])"),
    (["-n", " 7"], "(7, None, False, None)"),
    (["-n", "-2"], "(-2, None, False, None)"),
    (["-n", "5.0"], "(5, None, False, None)"),  # not int(): handed to typer's path, same answer
    (["-s", ""], "(3, '', False, None)"),
    (["--", "-x", "--y"], "(3, None, False, ['-x', '--y'])"),
])
def test_plain_coercion_matches_typer(argv, shown):
    r = CliRunner().invoke(_app(), argv)
    assert r.exit_code == 0, r.output
    assert r.output.strip() == shown


def test_bad_int_still_gets_typers_error():
    r = CliRunner().invoke(_app(), ["-n", "x"])
    assert r.exit_code == 2
    assert "Invalid value for '-n'" in r.output


def test_converters_refuse_what_they_do_not_know():
    for convert, value in ((fastparams._to_str, b"bytes"), (fastparams._to_bool, "yes"),
                           (fastparams._to_int, "٣"), (fastparams._to_int, True)):
        with pytest.raises((TypeError, ValueError)):
            convert(value)
    assert fastparams._to_str_list(("a", "b")) == ["a", "b"]
    assert fastparams._to_str_list("a") == ["a"]
