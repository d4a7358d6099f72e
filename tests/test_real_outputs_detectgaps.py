"""Real outputs whose kind Detect misread (trimmed excerpts under tests/fixtures/real/detectgaps/):
each is routed to the compressor of its kind, and what that costs the view is asserted."""
from __future__ import annotations

from pathlib import Path

from engine import patterns as P
from engine.ccr import MemoryStore
from engine.core import Engine
from engine.detect import detect
from engine.registry import default_registry
from engine.types import ContentType, Mode, Options

REAL = Path(__file__).parent / "fixtures" / "real" / "detectgaps"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def compress(counter, data: bytes):  # noqa: ANN001 (the conftest fixture)
    return Engine(default_registry(), counter, MemoryStore()).compress(data, Options(mode=Mode.COMPRESS))


# ---------------------------------------------------------------- rg's grouped output


def test_rg_grouped_output_under_a_pty_is_a_terminal_listing_not_code(counter):
    # `rg -n 'res\.(send|json)\('` in express, on a terminal: each file's path on a line, then its
    # `N:` hits, coloured. Its hits quote JavaScript, so the resolved text read as code (labelled
    # code, passed through); it is the terminal's listing, every hit shown.
    data = real("rg-heading-express-send.pty.txt")
    assert detect(data) is ContentType.TERMINAL
    result = compress(counter, data)
    assert result.content_type is ContentType.TERMINAL
    shown = P.ANSI.sub("", data.decode()).replace("\r\n", "\n")
    view = result.output.decode()
    assert [ln for ln in shown.split("\n") if ln.strip()] == [ln for ln in view.split("\n") if ln.strip()]


# ---------------------------------------------------------------- level words that are code's


def test_go_syscall_stubs_with_err_error_are_code_not_a_log(counter):
    # x/sys/unix's syscall_linux_arm.go: 60 `//sys Fstat(fd int, stat *Stat_t) (err error)` lines.
    # `error` read as a level word made every stub a log record: the log compressor passed the
    # file through (2,639 tokens); it is outlined as Go, every stub and signature kept.
    data = real("syscall_linux_arm.go.txt")
    assert detect(data) is ContentType.CODE
    result = compress(counter, data)
    assert result.method == "code:go"
    assert result.tokens_after < 0.8 * result.tokens_before
    view = result.output.decode().split("\n")
    for ln in data.decode().split("\n"):
        if ln.startswith(("//sys", "func ", "package ", "type ")):
            assert any(v.startswith(ln.rstrip(" {")) for v in view), ln


def test_rust_tracing_levels_are_code_not_a_log(counter):
    # tracing-attributes' tests/levels.rs: `#[instrument(level = "trace")]`, `Level::INFO`. Read as
    # a log, 11 of its lines went under look-alike markers (799 -> 484 tokens); as Rust, every
    # top-level line (the `use`s, each `#[test]` and signature) stays and only bodies go.
    data = real("tracing_levels.rs.txt")
    assert detect(data) is ContentType.CODE
    result = compress(counter, data)
    assert result.method == "code:rust"
    view = result.output.decode()
    top = [ln for ln in data.decode().split("\n") if ln.strip() and not ln[:1].isspace() and ln != "}"]
    assert len(top) == 8
    for ln in top:
        assert ln.rstrip(" {") in view, ln
    assert view.count("/* caveman: body elided */") == 2


# ---------------------------------------------------------------- C/C++ headers and their macros


def _code_view(counter, name: str) -> tuple[str, str]:  # noqa: ANN001
    data = real(name)
    assert detect(data) is ContentType.CODE
    result = compress(counter, data)
    return data.decode(), result.output.decode()


def test_struct_after_a_macro_is_no_function_body(counter):
    # glibc's netinet/ip_icmp.h: `struct icmphdr {` (after a macro) parsed as a function whose body
    # was elided: the outline hid every field of the ICMP header (it saved under 10% here, so the
    # engine showed the file; a bigger header's would not). Only a function's body goes.
    from engine.compressors.code import CodeCompressor

    original = real("ip_icmp.h.txt").decode()
    assert detect(original.encode()) is ContentType.CODE
    view = (CodeCompressor().compress(original.encode()) or original.encode()).decode()
    for field in ("uint8_t type;", "uint16_t checksum;", "} echo;", "uint32_t\tgateway;", "} frag;", "} un;"):
        assert field in original and field in view, field


def test_class_behind_an_export_macro_keeps_its_members(counter):
    # LLVM's StringRef.h: `class LLVM_GSL_POINTER StringRef {` read as a function named by an
    # identifier; its whole body, every member signature, was one elided "body" (a 3.8 KB view of
    # a 34 KB header). Now the class stays and only its methods' bodies go.
    original, view = _code_view(counter, "StringRef.h.txt")
    assert "class LLVM_GSL_POINTER StringRef {" in view
    for signature in ("    size_t find(char C, size_t From = 0) const {",
                      "    bool startswith(StringRef Prefix) const {"):
        assert signature in original
        assert signature + " /* caveman: body elided */ }" in view or signature in view.replace(
            " { /* caveman: body elided */ }", " {"), signature
    assert view.count("/* caveman: body elided */") >= 50


def test_header_whose_namespace_macros_stop_the_parse_is_outlined(counter):
    # libstdc++'s bits/allocated_ptr.h: `_GLIBCXX_BEGIN_NAMESPACE_VERSION` alone on its line made
    # the header one ERROR node, so it passed through whole. Parsed with its lone macro lines
    # blanked (offsets kept), its bodies are elided; every signature and the macros stay as written.
    original, view = _code_view(counter, "allocated_ptr.h.txt")
    result = compress(counter, real("allocated_ptr.h.txt"))
    assert result.method == "code:cpp" and not result.passed_through
    assert view.count("{ /* caveman: body elided */ }") == 3
    for ln in original.split("\n"):
        if ln.startswith("_GLIBCXX_") or "__allocate_guarded(_Alloc& __a)" in ln or ln.strip().startswith("operator="):
            assert ln in view.split("\n"), ln


# ---------------------------------------------------------------- Go files of types and constants


def test_go_signal_table_is_code_kept_whole(counter):
    # runtime/sigtab_aix.go: `package runtime`, then a table of 250 `_SIGHUP: {_SigNotify +
    # _SigKill, "SIGHUP: terminal line hangup"},` entries, few lines shaped like code's. As text,
    # 222 of its lines went under look-alike markers (3,621 -> 747 tokens); a source file with no
    # body to elide is shown whole.
    data = real("sigtab_aix.go.txt")
    assert detect(data) is ContentType.CODE
    result = compress(counter, data)
    assert result.output == data


def test_go_constants_file_is_outlined_as_go(counter):
    # cmd/internal/obj/mips/a.out.go: register and opcode constants (`REG_R0 = obj.RBaseMIPS + iota`)
    # and one function. As text, 153 lines went (constants a reader looks up); as Go, every
    # constant stays and only the function's body goes.
    data = real("mips_a.out.go.txt")
    assert detect(data) is ContentType.CODE
    result = compress(counter, data)
    assert result.method == "code:go"
    view = result.output.decode().split("\n")
    for ln in data.decode().split("\n"):
        if ln.strip().startswith(("REG_", "A", "C_")) and "=" in ln:
            assert ln in view, ln


# ---------------------------------------------------------------- source that holds an HTML page


def test_lua_module_holding_an_html_template_is_code(counter):
    # luarocks' admin/index.lua keeps its page's HTML in `[[ ... ]]` strings. Read as HTML, its
    # Lua was rendered as page text: 148 of 174 lines gone (1,433 -> 92 tokens). It is source.
    data = real("luarocks_index.lua.txt")
    assert detect(data) is ContentType.CODE
    view = compress(counter, data).output.decode().split("\n")
    for ln in data.decode().split("\n"):
        if ln.startswith(("local ", "function ")):
            assert ln in view, ln


# ---------------------------------------------------------------- declarations with few keywords


def test_typescript_lib_declarations_keep_every_signature(counter):
    # typescript's lib.es2020.sharedmemory.d.ts: `interface Atomics {` and documented method
    # signatures, only two keywords in all. As text, five of its signatures went under
    # "5 sections elided"; as TypeScript every signature stays.
    data = real("lib.es2020.sharedmemory.d.ts.txt")
    assert detect(data) is ContentType.CODE
    view = compress(counter, data).output.decode().split("\n")
    signatures = [ln for ln in data.decode().split("\n") if ln.startswith("    ") and ln.endswith(";")
                  and "(" in ln and not ln.lstrip().startswith("*")]
    assert len(signatures) >= 10
    for ln in signatures:
        assert ln in view, ln
