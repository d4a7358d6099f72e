"""Property and fuzz tests of the whole engine (issue 3, "Measured by").

Every payload goes through Engine.compress with a MemoryStore, once auto-detected and once forced
to each registered type. The contract checked on every call:
- nothing escapes, and no compressor raised either (the engine turns a compressor exception into
  a pass-through with error=compressor_failed; that is still a bug, so it fails here);
- the output is the input byte-identical (passed through), or fewer tokens with a handle that
  gives the input back byte-exact;
- the same input gives the same bytes in a second call and in a fresh Engine with a fresh registry.
Cross-process determinism (hash seeds) is in test_determinism.py.
"""
from __future__ import annotations

import functools
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ccr import MemoryStore
from engine.core import Engine
from engine.registry import default_registry
from engine.types import ContentType, ErrorCode, Mode, Options

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
REGISTRY = default_registry()
FORCED = sorted(c.content_type for c in REGISTRY)
TYPES: list[ContentType | None] = [None, *FORCED]
TYPE_IDS = ["auto", *map(str, FORCED)]
LINE_TYPES: list[ContentType | None] = [None, ContentType.LOG, ContentType.TERMINAL, ContentType.TEXT,
                                        ContentType.SEARCH]
#: CAVEMAN_FUZZ_SCALE=10 runs ten times the examples (a longer hunt than the suite's default).
SCALE = int(os.environ.get("CAVEMAN_FUZZ_SCALE", "1"))
ANSI = re.compile(r"\x1b\[[0-9;]*m")
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def compress_checked(counter, data: bytes, ctype: ContentType | None, *, twice: bool = True) -> bytes:
    """Compress through a fresh engine and check the contract; return the output."""
    engine = Engine(REGISTRY, counter, MemoryStore())
    result = engine.compress(data, Options(mode=Mode.COMPRESS, type=ctype))
    assert result.error != ErrorCode.COMPRESSOR_FAILED.value, result.reason
    assert result.error is None, result.reason
    if result.handle is None:
        assert result.output == data, "passed through, but the bytes changed"
    else:
        assert result.tokens_after < result.tokens_before
        assert counter.count(result.output) == result.tokens_after
        assert engine.retrieve(result.handle) == data
    if twice:
        assert engine.compress(data, Options(mode=Mode.COMPRESS, type=ctype)).output == result.output
        fresh = Engine(default_registry(), counter, MemoryStore())
        assert fresh.compress(data, Options(mode=Mode.COMPRESS, type=ctype)).output == result.output
    return result.output


# ---------------------------------------------------------------------------- payloads

def corpus_head(case: str, limit: int = 16_384) -> bytes:
    return (CORPUS / case / "output.raw").read_bytes()[:limit]


STRUCTURED = {
    "json": corpus_head("json-octokit-release-assets-conflict"),
    "json-lock": corpus_head("json-package-lock-commander"),
    "yaml": corpus_head("config-gha-jq-ci"),
    "yaml-manual": corpus_head("config-yaml-jq-manual"),
    "toml": corpus_head("config-pyproject-tqdm"),
    "csv": corpus_head("csv-loghub-openssh-structured", 8_192),
}


@st.composite
def garbled(draw) -> bytes:
    """A real JSON, YAML, TOML or CSV document cut at a random point, with a few bytes flipped,
    dropped or duplicated."""
    source = draw(st.sampled_from(sorted(STRUCTURED)))
    data = bytearray(STRUCTURED[source][: draw(st.integers(0, len(STRUCTURED[source])))])
    for _ in range(draw(st.integers(0, 4))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(["flip", "drop", "dup", "byte"]))
        if op == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "drop":
            del data[at]
        elif op == "dup":
            data[at:at] = data[at: at + draw(st.integers(1, 64))]
        else:
            data[at] = draw(st.sampled_from(b"{}[]\",:\n\r\t\x00\xff#-|'"))
    return bytes(data)


CELL = st.one_of(st.text(alphabet="abcXYZ019 .-_", max_size=12), st.integers(-10**6, 10**6).map(str),
                 st.sampled_from(['"quoted, comma"', '"unterminated', '""', "ERROR", "", "NaN", "1e309"]))


@st.composite
def ragged_csv(draw) -> bytes:
    sep = draw(st.sampled_from([",", "\t", ";", "|"]))
    width = draw(st.integers(1, 8))
    header = sep.join(f"col{i}" for i in range(width))
    rows = draw(st.lists(st.lists(CELL, min_size=0, max_size=width + 3), min_size=0, max_size=120))
    end = draw(st.sampled_from(["\n", "\r\n"]))
    return (end.join([header, *(sep.join(r) for r in rows)]) + draw(st.sampled_from(["", end]))).encode()


SNIPPETS = ["2024-01-02 03:04:05,678 INFO server: request served in 12ms\n", "ERROR: disk full\n",
            "    at Object.<anonymous> (/app/x.js:10:5)\n", "{\"a\": [1, 2, {\"b\": null}]}\n", "- item\n",
            "key: value\n", "  nested: [1, 2]\n", "a,b,c\n", "1,2,3\n", "<div class=x>", "</div>", "def f():\n",
            "    return 1\n", "@@ -1,2 +1,2 @@\n", "-old\n", "+new\n", "src/a.py:3:1: E501 line too long\n",
            "\x1b[31m", "\x1b[0m", "\r", "\b", "\t", "é", "\u2603", "\x00", "button \"OK\" [ref=e3]\n",
            "tests/test_x.py::test_y PASSED\n", "[1/3] Building\r[2/3] Building\r", "Traceback (most recent call last):\n"]

mixed = st.lists(st.sampled_from(SNIPPETS), max_size=300).map(lambda parts: "".join(parts).encode("utf-8"))


# ---------------------------------------------------------------------------- arbitrary bytes

@pytest.mark.parametrize("ctype", TYPES, ids=TYPE_IDS)
@settings(FUZZ, max_examples=25 * SCALE)
@given(data=st.one_of(st.binary(max_size=4096), mixed))
def test_random_bytes_hold_the_contract(counter, ctype, data: bytes) -> None:
    compress_checked(counter, data, ctype)


@pytest.mark.parametrize("ctype", TYPES, ids=TYPE_IDS)
@settings(FUZZ, max_examples=25 * SCALE)
@given(data=garbled())
def test_truncated_and_garbled_documents_hold_the_contract(counter, ctype, data: bytes) -> None:
    compress_checked(counter, data, ctype)


@pytest.mark.parametrize("ctype", [None, ContentType.TABULAR, ContentType.TEXT, ContentType.LOG], ids=str)
@settings(FUZZ, max_examples=40 * SCALE)
@given(data=ragged_csv())
def test_ragged_csv_holds_the_contract(counter, ctype, data: bytes) -> None:
    compress_checked(counter, data, ctype)


@pytest.mark.parametrize("ctype", TYPES, ids=TYPE_IDS)
@pytest.mark.parametrize("shape", ["array", "object", "mixed"])
def test_json_nested_ten_thousand_deep(counter, ctype, shape: str) -> None:
    depth = 10_000
    data = {
        "array": b"[" * depth + b"]" * depth,
        "object": b'{"a":' * depth + b"1" + b"}" * depth,
        "mixed": b'[{"k":' * (depth // 2) + b'"ERROR"' + b"}]" * (depth // 2),
    }[shape]
    compress_checked(counter, data, ctype)


@pytest.mark.parametrize("ctype", TYPES, ids=TYPE_IDS)
def test_corpus_documents_hold_the_contract(counter, ctype) -> None:
    """The real documents whole (uncut), once each: the happy path of the same contract."""
    for data in STRUCTURED.values():
        compress_checked(counter, data, ctype, twice=False)


@st.composite
def listed(draw) -> bytes:
    """A payload as a read tool shows it: a line-number gutter, maybe a `<file>` wrapper, and
    now and then a broken number or a line without a gutter."""
    body = draw(st.one_of(garbled(), mixed, payload_with_one_error().map(lambda case: case[0])))
    style = draw(st.sampled_from(["{n:6d}\t", "{n:>5} | ", "{n}: ", "{n}\t"]))
    start = draw(st.integers(1, 500))
    out = []
    for i, line in enumerate(body.split(b"\n")):
        gutter = style.format(n=start + i).encode()
        if draw(st.integers(0, 40)) == 0:
            gutter = draw(st.sampled_from([b"", b"x\t", b"  -1\t", style.format(n=start).encode()]))
        out.append(gutter + line)
    data = b"\n".join(out)
    if draw(st.booleans()):
        data = b'<file path="src/x.py">\n' + data + b"\n</file>\n"
    return data


@pytest.mark.parametrize("ctype", TYPES, ids=TYPE_IDS)
@settings(FUZZ, max_examples=15 * SCALE)
@given(data=listed())
def test_listings_hold_the_contract(counter, ctype, data: bytes) -> None:
    compress_checked(counter, data, ctype)


@pytest.mark.parametrize("ctype", TYPES, ids=TYPE_IDS)
@settings(FUZZ, max_examples=15 * SCALE)
@given(data=st.one_of(garbled(), mixed), query=st.text(max_size=30))
def test_a_query_holds_the_contract(counter, ctype, data: bytes, query: str) -> None:
    engine = Engine(REGISTRY, counter, MemoryStore())
    options = Options(mode=Mode.COMPRESS, type=ctype, query=query)
    result = engine.compress(data, options)
    assert result.error is None, result.reason
    if result.handle is None:
        assert result.output == data
    else:
        assert result.tokens_after < result.tokens_before
        assert engine.retrieve(result.handle) == data
    fresh = Engine(default_registry(), counter, MemoryStore())
    assert fresh.compress(data, options).output == result.output


# ---------------------------------------------------------------------------- size extremes

@functools.cache
def ten_megabyte_line() -> bytes:
    rnd = random.Random(10)
    words = ["alpha", "beta", "GET", "/api/v1/items", "200", "INFO", "user=42", "ok", "latency=12ms"]
    line = " ".join(rnd.choice(words) for _ in range(1_700_000)).encode()
    return line[:10_000_000]


@pytest.mark.slow
@pytest.mark.parametrize("ctype", TYPES, ids=TYPE_IDS)
def test_ten_megabyte_single_line(counter, ctype) -> None:
    compress_checked(counter, ten_megabyte_line(), ctype, twice=False)


@functools.cache
def million_short_lines() -> bytes:
    return b"".join(b"ok %d\n" % (i % 1000) for i in range(1_000_000))


@pytest.mark.slow
@pytest.mark.parametrize("ctype", [None, ContentType.TERMINAL, ContentType.LOG], ids=["auto", "terminal", "log"])
def test_a_million_short_lines_finish(counter, ctype) -> None:
    data = million_short_lines()
    out = compress_checked(counter, data, ctype, twice=False)
    assert out == data or len(out) < len(data) // 10


# ---------------------------------------------------------------------------- error lines survive

FILLERS = {
    "log": lambda i, r: f"2024-03-0{1 + i % 9} 1{i % 10}:{i % 60:02d}:{(i * 7) % 60:02d},{i % 1000:03d} "
                        f"{r.choice(['INFO', 'DEBUG', 'INFO'])} [worker-{i % 8}] {r.choice(['request served', 'cache hit', 'heartbeat ok', 'flushed batch'])} id={i * 37 % 10007}",
    "pytest": lambda i, r: f"tests/test_mod{i % 13}.py::test_case_{i} PASSED{' ' * (i % 3)} [{i % 100:3d}%]",
    "build": lambda i, r: f"[{i % 100:3d}%] Building CXX object src/CMakeFiles/lib.dir/file{i}.cpp.o",
    "grep": lambda i, r: f"src/pkg/mod{i % 17}.py:{i + 1}:    value = compute(item_{i})",
    "same": lambda i, r: "waiting for the lock on /var/lib/app/state.db",
}
ERROR_LINES = [
    "2024-03-01 12:00:00,001 ERROR [worker-3] database connection refused: host=db port=5432",
    "Traceback (most recent call last):",
    "FAILED tests/test_mod3.py::test_case_77 - AssertionError: assert 41 == 42",
    "src/main.c:120:17: error: expected ';' before '}' token",
    "error: could not compile `caveman` (bin \"caveman\") due to 3 previous errors",
    "npm ERR! code ERESOLVE unable to resolve dependency tree",
    "E   AssertionError: the one odd record",
    "    raise ValueError(\"ERROR in stage 2\")",
    "[2024-03-01T12:00:00Z] level=error msg=\"upload failed\" bucket=b1",
    "panic: runtime error: index out of range [5] with length 3",
]
#: Message tails: empty, short, or long enough to tempt a line-width cap.
TAIL = st.one_of(st.just(""), st.text(alphabet="abcdefghij XYZ0123456789=/._-", max_size=40),
                 st.integers(200, 4000).map(lambda n: " detail=" + "0123456789abcdef" * (n // 16)))


@st.composite
def payload_with_one_error(draw) -> tuple[bytes, str]:
    kind = draw(st.sampled_from(sorted(FILLERS)))
    n = draw(st.integers(0, 3000))
    r = random.Random(draw(st.integers(0, 2**16)))
    lines = [FILLERS[kind](i, r) for i in range(n)]
    error = (draw(st.sampled_from(ERROR_LINES)) + draw(TAIL)).rstrip()
    shown = error
    if draw(st.booleans()):  # as a terminal shows it: colour, and progress redrawn with `\r`
        lines = [f"\x1b[32m{line}\x1b[0m" if k % 3 else f"\rworking {k % 10}0%\r{line}"
                 for k, line in enumerate(lines)]
        shown = error.replace("ERROR", "\x1b[1;31mERROR\x1b[0m").replace("error:", "\x1b[31merror\x1b[0m:")
    lines.insert(draw(st.integers(0, n)), shown)
    end = draw(st.sampled_from(["\n", "\r\n"]))
    return (end.join(lines) + end).encode(), error


@pytest.mark.parametrize("ctype", LINE_TYPES, ids=["auto", "log", "terminal", "text", "search-result"])
@settings(FUZZ, max_examples=30 * SCALE)
@given(case=payload_with_one_error())
def test_the_one_error_line_survives_whole(counter, ctype, case) -> None:
    data, error = case
    out = compress_checked(counter, data, ctype, twice=False)
    assert error.lstrip() in ANSI.sub("", out.decode("utf-8")), f"lost or cut: {error[:60]!r}"


def test_text_keeps_the_indentation_of_kept_lines(counter) -> None:
    lines = [f"[{i:3d}%] Building CXX object src/CMakeFiles/lib.dir/file{i}.cpp.o" for i in range(25)]
    data = ("\n".join(['    raise ValueError("ERROR in stage 2")', *lines]) + "\n").encode()
    out = compress_checked(counter, data, ContentType.TEXT, twice=False).decode()
    assert out != data.decode()
    assert out.startswith('    raise ValueError("ERROR in stage 2")\n[  0%] Building')


# ---------------------------------------------------------------------------- each compressor alone

@pytest.mark.parametrize("compressor", list(REGISTRY), ids=[str(c.content_type) for c in REGISTRY])
@pytest.mark.parametrize("data", [b"", b"\xff\xfe", b"\x00" * 1000, b"\n" * 1000, b" " * 1000, b"\r\n" * 500],
                         ids=["empty", "bom-ish", "nul", "newlines", "spaces", "crlf"])
def test_each_compressor_on_degenerate_input(compressor, data: bytes) -> None:
    out = compressor.compress(data)
    assert out is None or (isinstance(out, bytes) and len(out) < len(data))
    assert compressor.compress(data) == out


GROWN = [
    pytest.param(ContentType.LOG, b"src/a.py:3:1: E501 line too long\n-old\nsrc/a.py:3:1: E501 line too long\n"
                 b"-old\n+new\n+new\n+new\n-old\n", id="log"),
    pytest.param(ContentType.SEARCH, b'name: CI\non:\n  push:\n    branches:\n      - master\n    tags\non:\n'
                 b'  push:\n    branches:\n      - master\n    tags:\n      - "jq-*"\n  pull_request:\n\njobs:\n'
                 b"  linux:\n    strategy:\n ", id="search-result"),
    pytest.param(ContentType.TERMINAL, corpus_head("config-yaml-jq-manual", 2357), id="terminal"),
]


@pytest.mark.parametrize("ctype, data", GROWN)
def test_a_compressor_never_returns_more_bytes_than_it_got(ctype, data: bytes) -> None:
    out = REGISTRY.get(ctype).compress(data)
    assert out is None or len(out) < len(data)


#: Short lines of the kinds the line compressors flag or fold, so runs are short and markers long.
SHORT_LINES = st.lists(st.sampled_from([
    "a", "-old", "+new", "ok", "x:1:2: E1 bad", "ERROR", "  at f", "PASS t", "", "id=1", "id=2",
    "src/a.py:3:hit", "\x1b[31mred\x1b[0m", "50%\r100%",
]), min_size=4, max_size=60)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=SHORT_LINES, ctype=st.sampled_from([ContentType.LOG, ContentType.SEARCH, ContentType.TERMINAL,
                                                 ContentType.TEXT, ContentType.DIFF, ContentType.CONFIG]))
def test_line_compressors_never_grow_short_line_payloads(lines: list[str], ctype: ContentType) -> None:
    data = ("\n".join(lines) + "\n").encode()
    out = REGISTRY.get(ctype).compress(data)
    assert out is None or len(out) < len(data)


# ---------------------------------------------------------------------------- no hang on one long line
# Each payload is one 200 KB line that a linear scan handles in milliseconds; a regex that
# backtracks over the line is quadratic and takes minutes. The subprocess's timeout is a hang
# detector (about 1000 times the linear time), not a speed test (bench/ measures speed).

HANG_TIMEOUT_S = 20
LONG_LINES = {
    "indented": "' ' * 200_000 + 'x\\n'",
    "tab-indented": "'\\t' * 200_000 + 'x\\n'",
    "hex-token": "'0123456789abcdef' * 12_500 + '\\n'",
    "colons": "':' * 200_000 + '\\n'",
    "unclosed-tags": "'<a ' * 70_000 + '\\n'",
    "unclosed-comment": "'<p>x</p><!--' + '<a ' * 70_000",
}
HANG_SCRIPT = """
import sys
from engine.ccr import MemoryStore
from engine.core import Engine
from engine.registry import default_registry
from engine.tokens import O200kCounter
from engine.types import ContentType, Mode, Options
data = ({expr}).encode()
ctype = ContentType.parse(sys.argv[1])
result = Engine(default_registry(), O200kCounter(), MemoryStore()).compress(data, Options(mode=Mode.COMPRESS, type=ctype))
assert result.error is None, result.reason
"""
#: (shape, type) pairs known to hang, as strict xfails with the reason; none are left.
HANGS: dict[tuple[str, str], str] = {}


def hang_cases() -> list:
    cases = []
    for shape in sorted(LONG_LINES):
        for ctype in ("auto", "terminal", "log", "text", "html"):
            reason = HANGS.get((shape, ctype))
            marks = [pytest.mark.xfail(strict=True, raises=subprocess.TimeoutExpired, reason=reason)] if reason else []
            cases.append(pytest.param(shape, ctype, marks=marks, id=f"{shape}-{ctype}"))
    return cases


@pytest.mark.slow
@pytest.mark.parametrize("shape, ctype", hang_cases())
def test_one_long_line_does_not_hang(shape: str, ctype: str) -> None:
    script = HANG_SCRIPT.format(expr=LONG_LINES[shape])
    done = subprocess.run([sys.executable, "-c", script, ctype], capture_output=True, cwd=ROOT,
                          timeout=HANG_TIMEOUT_S)
    assert done.returncode == 0, done.stderr.decode()[-1500:]


#: Short payloads whose markers outweigh the runs they replace (views as long as the payload, or
#: longer): the compressor must decline them.
SAME_SIZE_VIEWS = [
    (ContentType.SEARCH, b"PASS t\n\x1b[31mred\x1b[0m\n\na\n+new\nERROR\n50%\r100%\na\na\nid=2\nsrc/a.py:3:hit\n\n"
     b"+new\n+new\n\nPASS t\n\x1b[31mred\x1b[0m\n  at f\nERROR\nsrc/a.py:3:hit\nok\n"),
    (ContentType.LOG, b"id=2\n-old\nid=2\n-old\nid=1\nid=1\n\x1b[31mred\x1b[0m\n\n\x1b[31mred\x1b[0m\n"),
    (ContentType.TERMINAL, b"id=2\n  at f\nERROR\nsrc/a.py:3:hit\n-old\nid=1\nid=1\nPASS t\nERROR\na\n\n"
     b"src/a.py:3:hit\nsrc/a.py:3:hit\nsrc/a.py:3:hit\na\nid=2\na\n"),
]


@pytest.mark.parametrize("ctype, data", SAME_SIZE_VIEWS)
def test_a_view_as_long_as_its_payload_is_declined(ctype, data: bytes) -> None:
    assert len(REGISTRY.get(ctype)._run(data, None)) >= len(data)  # the case this pins down
    assert REGISTRY.get(ctype).compress(data) is None
    queried = REGISTRY.get(ctype).compress_query(data, "error")
    assert queried is None or len(queried) < len(data)
