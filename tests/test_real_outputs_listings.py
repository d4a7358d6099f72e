"""Source listings as coding agents receive them from their read tools (trimmed real listings
under tests/fixtures/real/listings/): `cat -n`, `grep -n ''`, Claude Code's Read (`     1→x`),
`<file>` wrappers, of Python stdlib and MIT/ISC node_modules files."""
from __future__ import annotations

from pathlib import Path

from engine import Engine
from engine.compressors.code import CodeCompressor
from engine.detect import detect
from engine.listing import unwrap
from engine.registry import default_registry
from engine.types import ContentType, Options

REAL = Path(__file__).parent / "fixtures" / "real" / "listings"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def compress(data: bytes, counter):  # type: ignore[no-untyped-def]
    engine = Engine(default_registry(), counter)
    return engine.compress(data, Options(mode="compress", external_recovery=True))


def test_grep_n_listing_is_unwrapped_with_every_number_restored(counter) -> None:
    # `grep -n '' colorsys.py` numbers every line `N:text`, the text glued to the colon: it
    # passed through as text. Now the gutter comes off (indentation whole) and goes back on.
    data = real("grepn-colorsys.out")
    u = unwrap(data)
    assert u.body == b"".join(line.split(b":", 1)[1] + b"\n" for line in data.splitlines())
    result = compress(data, counter)
    assert result.content_type is ContentType.CODE and result.method == "code:python"
    view = result.output.decode()
    for kept in ('1:"""Conversion functions between RGB and other color systems."""',
                 "40:def rgb_to_yiq(r, g, b):", "75:def rgb_to_hls(r, g, b):",
                 "24:__all__ = [\"rgb_to_yiq\",\"yiq_to_rgb\",\"rgb_to_hls\",\"hls_to_rgb\","):
        assert kept + "\n" in view
    for line in view.splitlines():
        number, sep, text = line.partition(":")
        if sep and number.isdigit():
            # Each number is its own line's (a docstring's first line gets its closing quotes).
            assert line in (data.splitlines()[int(number) - 1].decode(),
                            data.splitlines()[int(number) - 1].decode() + '"""')


def test_n_colon_space_gutter_and_timestamps_are_not_a_grep_n_listing() -> None:
    # `12: x` (a gutter whose separator is `: `) keeps its space rule; `12:30:01` clock lines,
    # and numbers that do not run 1 apart (grep hits), are no gutter of this kind.
    spaced = b"".join(b"%d: line %d\n" % (n, n) for n in range(1, 11))
    assert unwrap(spaced).body == b"".join(b"line %d\n" % n for n in range(1, 11))
    clock = b"".join(b"12:30:%02d job ran\n" % n for n in range(10))
    assert unwrap(clock).body == clock
    hits = b"".join(b"%d:def f%d():\n" % (n, n) for n in range(1, 40, 3))
    assert unwrap(hits).body == hits


def test_python_module_opening_with_a_comment_block_is_code(counter) -> None:
    # dataclasses.py opens with a 120-line `#` comment table: the comment lines counted as
    # non-code lines and the listing read as text (0% saved).
    data = real("catn-dataclasses-head.out")
    assert detect(unwrap(data).body) is ContentType.CODE
    result = compress(data, counter)
    assert result.method == "code:python"
    view = result.output.decode()
    assert "     1\timport re\n" in view
    assert "   200\tclass _FIELD_BASE:\n" in view
    assert "   228\tdef _recursive_repr(user_function):\n" in view
    assert "repr_running = set()" not in view


def test_js_class_spanning_the_file_without_blank_lines_is_outlined(counter) -> None:
    # tsc output: one class from line 10 on, no blank line between members, so the language
    # guess's 4 KB prefix was cut inside the class, parsed as one ERROR node, and every
    # language read the file as garbage: the listing passed through whole.
    data = real("catn-cliui-index-js.out")
    result = compress(data, counter)
    assert result.method == "code:javascript"
    view = result.output.decode()
    assert "    10\texport class UI {\n" in view
    assert "   281\texport function cliui(opts, _mixin) { /* caveman: body elided */ }\n" in view
    assert result.tokens_after < result.tokens_before / 2


def test_umd_factory_is_descended_into_not_elided_whole(counter) -> None:
    # type-detect.js: the whole module sits in a UMD factory `(function () { … })`. The sample
    # cut inside it made it garbage; once read, eliding the factory hid the module (113 bytes
    # left of 15 KB). The factory is opened and the functions inside it elided.
    data = real("read-type-detect-umd-js.out")
    body = unwrap(data).body
    out = CodeCompressor().compress(body)
    assert out is not None
    assert b"var promiseExists = typeof Promise === 'function';" in out
    assert b"function typeDetect(obj) { /* caveman: body elided" in out
    result = compress(data, counter)
    assert "    45→function typeDetect(obj) { /* caveman: body elided" in result.output.decode()


def test_window_cut_inside_bodies_keeps_its_ends_and_outlines_between(counter) -> None:
    # Read(offset=400, limit=250) of a TanStack Query test file (MIT): the window opens inside
    # a test (`})` closing brackets it never opened) and ends inside another, so no grammar
    # parsed it and the listing passed through whole. Now the head (to line 435, the `})`
    # closing the cut test) and the unfinished last test stay verbatim; the tests between
    # are outlined, each with its own line number.
    data = real("read-usequery-test-tsx-400-250.out")
    result = compress(data, counter)
    assert result.content_type is ContentType.CODE and result.method == "code:tsx"
    view = result.output.decode()
    lines = data.decode().split("\n")
    head = "\n".join(lines[:37]) + "\n"  # lines 400-436, verbatim
    assert view.startswith(head)
    assert ("   472→  it('should not cancel an ongoing fetch when refetch is called with cancelRefetch=false "
            "if we have data already', async () => { /* caveman: body elided */ })\n") in view
    assert "   576→  it('should be able to watch a query without providing a query function', async () => " \
           "{ /* caveman: body elided */ })\n" in view
    tail = "\n".join(lines[197:])  # from line 597, the test the window ends inside
    assert view.endswith(tail)
    assert result.tokens_after < 0.6 * result.tokens_before


def test_window_head_is_cut_where_the_outer_level_is_first_reached() -> None:
    from engine.compressors.code_window import window_cut

    window = (b"    x = 1;\n  }\n}\n\nfunction a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n"
              b"\nfunction c() {\n  if (x) {\n")
    head, tail = window_cut(window)
    assert window[:head] == b"    x = 1;\n  }\n}\n"
    assert window[tail:] == b"function c() {\n  if (x) {\n"
    # Brackets inside strings and comments do not count; a balanced window has no cut.
    assert window_cut(b"function a() {\n  s = '}}';\n  // ) ]\n}\n" * 3) is None


def test_listing_cut_short_is_parsed_with_what_it_left_open_closed(counter) -> None:
    # Read of gtest.cc (BSD-3), its first 500 lines: the cut lands inside a function inside
    # `namespace testing {`, so the parse was one ERROR from the namespace on and the listing
    # passed through. Parsed with the open brackets closed (the closers never reach the view),
    # the whole functions are outlined; the function it was cut in stays as it was read.
    data = real("read-gtest-cc-first500.out")
    result = compress(data, counter)
    assert result.method == "code:cpp"
    view = result.output.decode()
    assert "   208→static const char* GetDefaultFilter() { /* caveman: body elided */ }\n" in view
    assert "   412→static bool TestSuitePassed(const TestSuite* test_suite) { /* caveman: body elided */ }\n" in view
    last = data.decode().split("\n")[-11:]  # from line 491, the function it was cut in
    assert view.endswith("\n".join(last))
    assert not view.rstrip().endswith(("}", "#endif"))


def test_closers_close_brackets_innermost_first_and_an_open_include_guard() -> None:
    from engine.compressors.code_window import closers

    assert closers(b"#ifndef A_H\n#define A_H\nnamespace a {\nint f(int x) {\n  return g(x,\n") \
        == b"\n)}}\n#endif\n"
    assert closers(b"#if X\nint a;\n#endif\nint f() {}\n") == b""
    assert closers(b")+)+)+") == b""


def test_line_comment_runs_outside_bodies_are_cut_to_their_first_sentence(counter) -> None:
    # `cat -n strings/builder.go` (BSD): with bodies elided, Go doc comments were most of the
    # view (33% saved). A run of `//` lines is cut to its first sentence, as a docstring to its
    # first line; `//go:` directives stay.
    data = real("catn-go-strings-builder.out")
    result = compress(data, counter)
    assert result.method == "code:go"
    view = result.output.decode()
    # The first sentence runs onto a second line: both stay; a comment line says what went.
    assert "    21\t// but escape analysis doesn't think the output depends on the input.\n" \
           "// … 4 comment lines elided (caveman)\n    26\t//go:nosplit\n    27\t//go:nocheckptr\n" in view
    # A cut of two lines would save next to nothing beside its note: that comment stays whole.
    assert "    13\t// It minimizes memory copying. The zero value is ready to use.\n" in view
    assert result.tokens_after < 0.7 * result.tokens_before


def test_comment_run_keeps_safety_and_deprecated_lines_and_body_comments() -> None:
    source = (b"/// Reads the value.\n///\n/// Some prose here.\n/// More prose.\n/// # Safety\n"
              b"/// The pointer must be valid.\npub unsafe fn read(p: *const u8) -> u8 {\n"
              b"    // one\n    // two\n    // three\n    let x = *p;\n    x\n}\n")
    out = CodeCompressor().compress(source)
    assert out == (b"/// Reads the value.\n// \xe2\x80\xa6 4 comment lines elided (caveman)\n/// # Safety\n"
                   b"pub unsafe fn read(p: *const u8) -> u8 { /* caveman: body elided */ }\n")
    go = (b"package a\n\n// Old does a thing.\n// It is old.\n// Really.\n//\n// Deprecated: use New.\n"
          b"func Old() {\n\tx := compute(1, 2, 3)\n\ty := compute(x, x, x)\n\t_ = y\n}\n")
    assert CodeCompressor().compress(go) == (b"package a\n\n// Old does a thing.\n"
                                             b"// \xe2\x80\xa6 3 comment lines elided (caveman)\n"
                                             b"// Deprecated: use New.\nfunc Old() { /* caveman: body elided */ }\n")


def test_comment_run_whose_first_sentence_outruns_its_lead_stays_whole() -> None:
    # net/http's ErrHijacked comment: no line of its first three ends a sentence, so a cut there
    # left `Hijacker interface. A zero-byte write on a hijacked` dangling with nothing after it.
    go = (b"package a\n\n// ErrHijacked is returned by Write calls when\n// the connection has been hijacked "
          b"using the\n// Hijacker interface. A zero-byte write on a hijacked\n// connection will return "
          b"ErrHijacked without any other side\n// effects.\nvar ErrHijacked = New(\"hijacked\")\n\n"
          b"func Old() {\n\tx := compute(1, 2, 3)\n\ty := compute(x, x, x)\n\t_ = y\n}\n")
    out = CodeCompressor().compress(go)
    assert out is not None and out.startswith(go[:go.index(b"var ErrHijacked")])


def test_module_docstring_under_an_author_comment_is_cut_to_its_first_line(counter) -> None:
    # `head -n 150 argparse.py`: two `# Author` comment lines sit above the 60-line module
    # docstring, and the docstring was looked for only in the module's first child: it stayed
    # whole (17% saved).
    data = real("head-argparse-150.out")
    result = compress(data, counter)
    assert result.method == "code:python"
    view = result.output.decode()
    assert view.startswith(data.decode().split('"""')[0] + '"""Command-line parsing library"""\n\n__version__ = ')
    assert "optparse-inspired" not in view


def test_declaration_file_sample_cut_inside_a_doc_comment_is_still_read(counter) -> None:
    # Read of @types/node buffer.d.ts (MIT), 480 lines: everything is indented inside
    # `declare module`, so the language guess's 16 KB sample was cut at a line inside a
    # `/** … */` comment, the closers went into the comment, and the declarations passed
    # through whole. The comment is closed first; doc comments are cut to summary and tags.
    data = real("read-node-buffer-dts-480.out")
    result = compress(data, counter)
    assert result.method == "code:typescript"
    view = result.output.decode()
    assert "    65→    export function transcode(\n" in view
    assert "    61→     * @param source A `Buffer` or `Uint8Array` instance.\n" in view
    assert "The transcoding process will use substitution characters" not in view
    assert result.tokens_after < 0.5 * result.tokens_before


def test_python_comment_blocks_outside_bodies_are_cut_to_their_first_paragraph_line(counter) -> None:
    # dataclasses.py's head is a 120-line table of `#` comments: as code, it stayed whole.
    # Each block keeps its first sentence (an empty `#` line ends it); pragmas stay.
    data = real("catn-dataclasses-head.out")
    view = compress(data, counter).output.decode()
    assert "    53\t# __init__\n# … 10 comment lines elided (caveman)\n\n" in view
    assert "+--- init= parameter" not in view
    source = (b"#!/usr/bin/env python3\n# Tool to do things.\n# More prose.\n# Even more.\n# And more.\n"
              b"# type: ignore\nimport os\n\n\ndef main():\n    # one\n    # two\n    # three\n"
              b"    os.getcwd()\n    return 0\n")
    # The shebang ends no sentence, so the summary after it stays; the function's own leading
    # comments are its body's, not the outline's.
    assert CodeCompressor().compress(source) == (
        b"#!/usr/bin/env python3\n# Tool to do things.\n# \xe2\x80\xa6 3 comment lines elided (caveman)\n"
        b"# type: ignore\nimport os\n\n\ndef main():\n    # one\n    # two\n    # three\n    ...\n")


def test_window_inside_a_class_is_outlined_as_class_members(counter) -> None:
    # Read(offset=150, limit=200) of yargs' command.js (MIT): the window is inside
    # `class CommandInstance`. Between its cut ends, `name(args) { … }` methods read at top level
    # as calls followed by blocks, so only callbacks were elided (11% saved). Parsed inside a
    # class wrapper (taken off again), the methods are outlined.
    data = real("read-yargs-command-js-150-200.out")
    result = compress(data, counter)
    assert result.method == "code:javascript"
    view = result.output.decode()
    assert view.startswith("\n".join(data.decode().split("\n")[:2]) + "\n")  # the cut method's end
    assert "   174→    shouldUpdateUsage(yargs) { /* caveman: body elided */ }\n" in view
    assert "   265→    populatePositional(positional, argv, positionalMap) { /* caveman: body elided */ }\n" in view
    assert "caveman_window" not in view
    assert result.tokens_after < 0.6 * result.tokens_before


def test_a_config_file_with_comment_blocks_stays_a_document() -> None:
    # PostgreSQL's sample postgresql.conf: `name = value  # note` lines among comment blocks. With
    # every comment block set aside as prose, its few settings read as Python: its commented
    # defaults (`#listen_addresses = 'localhost'`) were cut silently as comment runs.
    assert detect(real("postgresql-conf-sample.txt")) is ContentType.TEXT


def test_gdb_frames_are_no_comment_block() -> None:
    # `#15387 0x… in walk (n=28, …) at so.c:3`: gdb's frames start with `#` too.
    assert detect(real("gdb-stack-overflow-bt.txt")) is ContentType.TEXT
