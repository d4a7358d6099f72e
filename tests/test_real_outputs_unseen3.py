"""Real outputs of the third unseen round (trimmed excerpts under tests/fixtures/real/): an
access log's one server error, a texinfo manual, a flake8 listing and a clippy run."""
from __future__ import annotations

import json
from pathlib import Path

from engine.compressors.html import HtmlCompressor
from engine.compressors.log import LogCompressor
from engine.compressors.terminal import TerminalCompressor
from engine.compressors.text import TextCompressor
from engine.compressors.toolout_detect import is_tool_output
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def test_access_log_keeps_the_one_500_among_200s():
    # nginx combined format, 120 records: the 500 has the shape and the words of every 200.
    data = real("nginx-access-one-500.log")
    assert detect(data) == ContentType.LOG
    view = LogCompressor().compress(data).decode()
    server_error = next(ln for ln in data.decode().splitlines() if '" 500 ' in ln)
    assert server_error in view.splitlines()
    assert len(view) < len(data) // 4  # the 200s are still elided


def test_common_log_format_503_without_a_size_is_kept():
    # Apache common format, a 503 with `-` for its size, mid-stream (the record ends in a newline
    # of the joined text, not at `$`).
    records = [f'127.0.0.1 - frank [10/Oct/2026:13:55:{i % 60:02d} -0700] "POST /submit HTTP/1.0" 200 {2000 + i}'
               for i in range(200)]
    records[99] = '127.0.0.1 - frank [10/Oct/2026:13:55:39 -0700] "POST /submit HTTP/1.0" 503 -'
    view = LogCompressor().compress(("\n".join(records) + "\n").encode()).decode()
    assert records[99] in view.splitlines()


def test_json_access_log_keeps_the_502_record():
    records = [json.dumps({"level": "info", "ts": 1764482400 + i, "logger": "http.log.access",
                           "request": {"uri": f"/api/items/{i}"}, "size": 100 + i, "status": 200})
               for i in range(120)]
    records[77] = records[77].replace('"status": 200', '"status": 502')
    view = LogCompressor().compress(("\n".join(records) + "\n").encode()).decode()
    assert records[77] in view.splitlines()
    assert "status=200" in view  # the markers' invariants still hold for what they elide


def test_access_log_status_rule_reads_the_status_not_a_path_or_size():
    records = [f'10.0.0.{i} - - [30/Nov/2026:06:00:{i:02d} +0000] "GET /api/500/item HTTP/1.1" 200 {500 + i} "-" "curl/8"'
               for i in range(40)]
    view = LogCompressor().compress(("\n".join(records) + "\n").encode()).decode()
    assert "lines elided" in view  # no record is a server error: all look-alikes elide


def test_texinfo_manual_is_the_body_not_its_one_example_block():
    # texinfo writes paragraphs straight under <body>; the only scored container was the
    # precedence example's div, and the view was that table alone (366 bytes of 14 kB).
    view = HtmlCompressor().compress(real("texinfo-manual-bc.html")).decode()
    assert "### 1.2 Command Line Options" in view
    assert "Give warnings for extensions to POSIX bc." in view
    assert "|| operator, left associative" in view
    assert view.index("1.1 Description") < view.index("3.5 Precedence")


def test_html_article_container_still_wins_over_a_short_body_line():
    para = "<p>" + "An article paragraph, with commas, that carries the page's content. " * 3 + "</p>"
    page = ("<html><body><p>Site-wide banner text that nobody needs to read at all.</p>"
            f"<article>{para * 6}</article></body></html>").encode()
    view = HtmlCompressor().compress(page)
    assert view is not None and b"Site-wide banner" not in view and b"An article paragraph" in view


def test_flake8_listing_is_lint_output_and_keeps_every_undefined_name():
    data = real("flake8-six.txt")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data).decode()
    undefined = [ln for ln in data.decode().splitlines() if " F821 undefined name " in ln]
    assert len(undefined) == 13
    for line in undefined:
        assert line in view.splitlines()
    assert "findings like those shown: E501×" in view  # the style findings are still thinned


def test_flake8_e9_syntax_error_is_kept_among_many_style_findings():
    style = [f"pkg/mod.py:{i}:80: E501 line too long (99 > 79 characters)" for i in range(1, 60)]
    errors = ["pkg/mod.py:31:5: E999 SyntaxError: invalid syntax", "pkg/other.py:7:1: E999 SyntaxError: invalid syntax"]
    lines = style[:20] + errors[:1] + style[20:40] + errors[1:] + style[40:]
    data = ("\n".join(lines) + "\n").encode()
    view = TerminalCompressor().compress(data).decode()
    for error in errors:  # the second, same rule and wording, is an error too: never thinned
        assert error in view.splitlines()


def test_grep_hits_stay_search_results():
    hits = [f"src/app.py:{i}:    value = compute({i})" for i in range(1, 12)]
    assert detect(("\n".join(hits) + "\n").encode()) == ContentType.SEARCH


def test_cargo_clippy_with_warnings_only_is_tool_output():
    # `Checking` (no `Compiling`: dependencies were built) and `generated N warnings`.
    text = real("cargo-clippy-warnings-only.txt").decode()
    assert is_tool_output(text)
    assert detect(text.encode()) == ContentType.TERMINAL


def test_program_output_lines_are_not_headings_and_the_exception_group_stays():
    # 40 `starting worker N` lines, then an uncaught TaskGroup ExceptionGroup: read by lines,
    # each short progress line counted as a heading and the text compressor kept them all.
    data = real("py-taskgroup-after-progress.txt")
    assert detect(data) == ContentType.TEXT
    view = TextCompressor().compress(data).decode()
    assert "starting worker 20" not in view and "sections elided (caveman)" in view
    for line in data.decode().splitlines()[40:]:
        assert line.strip() in view  # every line of the exception group, boxes included


def test_distinct_short_lines_still_read_as_headings():
    body = "This sentence is body text that carries a period at its end, like prose does."
    parts = []
    for title in ("Installation", "Configuration", "Usage notes", "Troubleshooting"):
        parts += [title] + [body] * 4
    view = TextCompressor().compress(("\n".join(parts) + "\n").encode() * 2)
    assert view is not None
    for title in ("Installation", "Configuration", "Usage notes", "Troubleshooting"):
        assert title in view.decode()


def test_eslint_unix_findings_are_lint_output_and_every_error_line_stays_whole():
    # `eslint -f unix`: `path:line:col: message [Error/rule]` is shaped like search hits; as
    # search results the repeated message was shown once and the other errors cut to path:line.
    data = real("eslint-unix-errors.txt")
    assert detect(data) == ContentType.TERMINAL
    view = TerminalCompressor().compress(data)
    lines = data.decode().splitlines()
    assert sum("[Error/semi]" in ln for ln in lines) > 60
    if view is not None:  # every line is an error: nothing to elide, so it passes through whole
        for line in lines:
            assert line in view.decode().splitlines()


def test_eslint_unix_shape_without_a_severity_stays_search_hits():
    hits = [f"src/app.js:{i}:5: const value = compute({i}); // [see docs]" for i in range(1, 12)]
    assert detect(("\n".join(hits) + "\n").encode()) == ContentType.SEARCH
