"""Detect's guards against misreadings found on real files (a sweep over the machine's sources,
configs and docs), table-driven: each payload and the type it must get."""
from __future__ import annotations

import pytest

from engine.detect import detect
from engine.types import ContentType

T = ContentType

RG_GROUPED = (
    "History.md\n"
    "18:      res.send(results); // now responds 304 Not Modified\n"
    "207:    - `res.send(status, body)` signature - use `res.status(status).send(body)`\n\n"
    "lib/response.js\n"
    "118: *     res.send(Buffer.from('wahoo'));\n"
    "119: *     res.send({ some: 'json' });\n"
    "120: *     res.send('<p>some html</p>');\n\n"
    "examples/content-negotiation/index.js\n"
    "12:      res.send('<ul>' + users.map(function(user){\n"
    "18:      res.send(users.map(function(user){\n"
    "24:      res.json(users);\n\n"
    "examples/web-service/index.js\n"
    "76:  res.send(users);\n"
    "89:  if (user) res.send(user);\n"
    "102:  res.send({ error: err.message });\n"
)

GO_STUBS = (
    "package unix\n\nimport (\n\t\"unsafe\"\n)\n\n"
    "func Seek(fd int, offset int64, whence int) (newoffset int64, err error) {\n"
    "\tnewoffset, errno := seek(fd, offset, whence)\n\tif errno != 0 {\n\t\treturn 0, errno\n\t}\n\treturn newoffset, nil\n}\n\n"
    + "".join(f"//sys\t{name}(fd int, p []byte) (n int, err error)\n" for name in ("Read", "Write", "Pread", "Pwrite", "Fsync", "Fchmod"))
    + "//sys\tFstat(fd int, stat *Stat_t) (err error) = SYS_FSTAT64\n"
)
RUST_LEVELS = (
    "use tracing::Level;\nuse tracing_attributes::instrument;\n\n#[test]\nfn named_levels() {\n"
    '    #[instrument(level = "trace")]\n    fn trace() {}\n\n    #[instrument(level = "Debug")]\n    fn debug() {}\n\n'
    '    #[instrument(level = "INFO")]\n    fn info() {}\n\n    #[instrument(level = "eRrOr")]\n    fn error() {}\n'
    "    let (subscriber, handle) = subscriber::mock()\n"
    '        .new_span(span::mock().named("trace").at_level(Level::TRACE))\n'
    '        .new_span(span::mock().named("info").at_level(Level::INFO))\n'
    '        .new_span(span::mock().named("error").at_level(Level::ERROR))\n'
    "        .done()\n        .run_with_handle();\n}\n"
)
#: A log whose level words sit mid-line after a component name, lines ending in `)`: still a log.
LOG_MIDLINE_LEVELS = "".join(
    f"2026-05-01 12:00:{i:02d} worker[{i}] ERROR failed to fetch(url={i}): return code {i};\n" for i in range(10)
)
NO_STAMP_LOG = "".join(f"[worker-{i}] ERROR retry {i} failed (code 5)\n" for i in range(10))

CASES = [
    # level words that are code's: Go's `err error`, Rust's tracing levels
    ("go syscall stubs with err error", GO_STUBS, T.CODE),
    ("rust tracing levels", RUST_LEVELS, T.CODE),
    ("log with stamps and mid-line levels", LOG_MIDLINE_LEVELS, T.LOG),
    ("log led by a tag, no stamp", NO_STAMP_LOG, T.LOG),
    # rg's grouped output quotes source: still not code (the search was the point)
    ("rg grouped hits", RG_GROUPED, T.TEXT),
]


@pytest.mark.parametrize("name,payload,expected", CASES, ids=[c[0] for c in CASES])
def test_detect_gaps(name, payload, expected):
    assert detect(payload.encode()) is expected
