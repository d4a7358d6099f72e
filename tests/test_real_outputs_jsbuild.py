"""Real outputs of JavaScript build and install tools (trimmed excerpts under
tests/fixtures/real/jsbuild/): vite, webpack, esbuild, rollup; npm's install and usage errors."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "jsbuild"
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def clean(data: bytes) -> list[str]:
    """The original's lines as a terminal shows them: colours gone, the last CR frame."""
    return [ANSI.sub("", ln).split("\r")[-1] if ln.strip("\r") else "" for ln in
            (ANSI.sub("", ln).rstrip("\r") for ln in data.decode().split("\n"))]


def view_of(name: str) -> tuple[list[str], list[str]]:
    data = real(name)
    assert detect(data) == ContentType.TERMINAL
    out = TerminalCompressor().compress(data)
    view = (data if out is None else out).decode()
    return [ln.rstrip() for ln in clean(data)], [ln.rstrip() for ln in view.splitlines()]


def markers(view: list[str]) -> list[str]:
    return [ln for ln in view if "elided (caveman)" in ln]


DIRECTIVE = "Module level directives cause errors when bundled"


# ---------------------------------------------------------------- vite / rollup


def test_vite_plain_build_is_a_build_and_its_directive_flood_is_counted_under_rollups_code():
    # It was read as text and passed through whole: 18 copies of one warning, one per module.
    orig, view = view_of("vite_warn_flood.txt")
    shown = [ln for ln in view if DIRECTIVE in ln]
    total = [ln for ln in orig if DIRECTIVE in ln]
    assert len(total) == 19 and shown == total[:1]
    assert ("… 21 lines elided (caveman): 3 progress lines; 18 findings like those shown: "
            "MODULE_LEVEL_DIRECTIVE×18 …") in view
    # the asset rows of a two-row table and the verdict stay
    assert "dist/assets/index-DGKQCYX2.js  335.92 kB │ gzip: 111.46 kB" in view
    assert view[-1] == "✓ built in 10.28s"
    assert not any("passing-test" in m for m in markers(view))


def test_vite_failed_size_check_keeps_its_whole_asset_table_and_small_warning_kinds():
    orig, view = view_of("vite_chunks_pty.txt")
    rows = [ln for ln in orig if "│ gzip:" in ln]
    assert len(rows) == 19 and all(r in view for r in rows)
    assert "(!) Some chunks are larger than 100 kB after minification. Consider:" in view
    # four `Generated an empty chunk` lines: too few to fold, each names its chunk
    assert sum(ln.startswith("Generated an empty chunk: ") for ln in view) == 4
    assert [m for m in markers(view) if "MODULE_LEVEL_DIRECTIVE" in m] == [
        "… 18 lines elided (caveman): 1 progress line; 17 findings like those shown: MODULE_LEVEL_DIRECTIVE×17 …"]
    assert view[-1] == "✓ built in 8.10s"


def test_vite_successful_build_keeps_the_ends_of_a_long_asset_table_and_counts_the_rest():
    orig, view = view_of("vite_ok_assets_pty.txt")
    rows = [ln for ln in orig if "│ gzip:" in ln]
    shown = [ln for ln in view if "│ gzip:" in ln]
    assert shown == rows[:2] + rows[-5:]  # the largest chunks are listed last
    assert "… 12 lines elided (caveman): 12 build asset rows …" in view
    assert len(shown) + 12 == len(rows)
    assert view[-1] == "✓ built in 6.99s"


def test_vite_syntax_error_keeps_its_location_code_frame_and_caret():
    orig, view = view_of("vite_syntax_pty.txt")
    for line in ("✗ Build failed in 1.94s", "error during build:", "src/b.js (4:25): Expected ',', got ';'",
                 "file: /tmp/proj/vapp/src/b.js:4:25", "4:   const y = { a: 1, b: 2 ;",
                 "                            ^"):
        assert line in view
    assert not any("passing-test" in m for m in markers(view))
    assert any("12 findings like those shown: MODULE_LEVEL_DIRECTIVE×12" in m for m in markers(view))


# ---------------------------------------------------------------- webpack, esbuild, rollup: routed as builds


def test_bundler_transcripts_are_tool_output_not_text_log_or_code():
    # webpack's stats were text, esbuild's message boxes a log, rollup's circular list code
    for name in ("webpack_ok_perfwarn.txt", "esbuild_errors.txt", "rollup_circular.txt"):
        assert detect(real(name)) == ContentType.TERMINAL, name


def test_webpack_warnings_and_verdict_stay_whole():
    orig, view = view_of("webpack_ok_perfwarn.txt")
    for line in orig:
        if line.startswith("WARNING in ") or line.startswith("webpack 5.113.0 compiled"):
            assert line in view
    assert "    Largest modules: ../vapp/node_modules/lodash/lodash.js (533 KiB), " \
           "../vapp/node_modules/moment/moment.js (179 KiB), ../vapp/node_modules/moment/locale/ru.js (9.34 KiB)" in view


def test_esbuild_error_boxes_stay_whole():
    orig, view = view_of("esbuild_errors.txt")
    assert view[:len(orig)] == orig[:len(view)] or view == orig  # nothing to elide: shown whole
    assert "✘ [ERROR] Could not resolve \"./missing\"" in view
    assert "all 3 warnings and 3 of 5 errors shown (disable the message limit with --log-limit=0)" in view


def test_rollup_circular_list_and_error_frame_stay():
    orig, view = view_of("rollup_circular.txt")
    cycles = [ln for ln in orig if ln.startswith("src/m1.js -> ")]
    assert len(cycles) == 2 and all(c in view for c in cycles)
    assert '[!] RollupError: main.js (1:65): "default" is not exported by "src/hub.js", imported by "main.js".' in view


def test_esbuild_related_location_frame_stays_with_its_warning():
    # Read as a build (its `✘ [ERROR]` heads), the second frame of the duplicate-key warning
    # (`The original key "a" is here:` and its location) was elided as "like" the first.
    from engine.compressors import lines as L
    from engine.compressors import toolout
    from engine.compressors.terminal import clean_lines

    text = real("esbuild_errors.txt").decode()
    cleaned = clean_lines(text, L.split(text).bare())
    classes = toolout.analyse(cleaned).classes
    at = cleaned.index('  The original key "a" is here:')
    assert classes[at:at + 5] == ["keep"] * 5  # the note, a blank, its location, line and caret
    assert cleaned[at + 2] == "    src/app.ts:9:14:"


# ---------------------------------------------------------------- npm


def test_npm_ci_out_of_sync_keeps_its_reason_and_counts_the_options_help():
    orig, view = view_of("npm_ci_mismatch.txt")
    for line in ("npm error code EUSAGE",
                 "npm error Invalid: lock file's is-number@7.0.0 does not satisfy is-number@6.0.0",
                 "npm error Missing: left-pad@1.3.0 from lock file", "npm error Usage:", "npm error npm ci",
                 "npm error aliases: clean-install, ic, install-clean, isntall-clean",
                 'npm error Run "npm help ci" for more info'):
        assert line in view
    assert view[-1].startswith("npm error A complete log of this run can be found in: ")
    first, last = orig.index("npm error Options:"), orig.index("npm error aliases: clean-install, ic, install-clean, isntall-clean")
    assert markers(view) == [f"… {last - first} lines elided (caveman): {last - first} npm usage/option help lines …"]
    assert "npm error   --ignore-scripts" not in view


def test_failed_install_script_keeps_npm_and_gyp_errors_and_counts_gyps_progress():
    # node-sass's build under `npm error`: it passed through whole, `gyp verb cli` argument by argument.
    orig, view = view_of("npm_node_sass_gyp_fail.txt")
    gyp_log = [ln for ln in orig if ln.startswith(("npm error gyp verb ", "npm error gyp info "))]
    assert len(gyp_log) == 19 and not any(ln in view for ln in gyp_log)
    assert markers(view) == ["… 19 lines elided (caveman): 19 progress lines …"]
    for line in orig:
        if line.startswith("npm error") and "gyp verb" not in line and "gyp info" not in line:
            assert line in view, line  # npm's code/path/command, every gyp ERR! line, the log path
    assert "npm error gyp ERR! stack pyenv: python2: command not found" in view


# ---------------------------------------------------------------- npm's spinner under a pty


def test_npm_spinner_redrawn_with_cursor_to_column_one_leaves_no_glyphs_on_its_lines():
    # npm draws its spinner as `⠙ ESC[1G ESC[0K ⠹ ...`: a cursor move, not `\r`. Each error line
    # read `⠦npm error code ERESOLVE`, and a spinner-only line a row of 40 glyphs.
    from engine.terminal_text import clean_line, clean_lines
    from engine.compressors import lines as L

    text = real("npm_eresolve_spinner_pty.txt").decode()
    cleaned = clean_lines(text, L.split(text).bare())
    assert cleaned[0] == "npm error code ERESOLVE"
    assert cleaned[1] == "npm error ERESOLVE unable to resolve dependency tree"
    assert not any("⠦" in ln or "⠙" in ln for ln in cleaned)
    assert cleaned[-2].startswith("npm error A complete log of this run can be found in: /tmp/npm-cache/_logs/")
    assert [clean_line(ln) for ln in text.split("\r\n")] == cleaned

    text = real("npm_install_ok_spinner_pty.txt").decode()
    assert clean_lines(text, L.split(text).bare()) == ["", "added 73 packages in 4s", ""]


def test_a_line_erased_after_its_last_frame_shows_nothing_and_plain_cr_frames_are_unchanged():
    from engine.terminal_text import clean_line

    assert clean_line("50%\x1b[1G\x1b[0K") == ""  # erased: the terminal shows an empty line
    assert clean_line("50%\x1b[1G\x1b[0Kdone") == "done"
    assert clean_line("\x1b[2K\x1b[1G\x1b[32m✓\x1b[39m 410 modules transformed.") == "✓ 410 modules transformed."
    assert clean_line("50%\r") == "50%"  # a bare CR with nothing after: the last frame stays
    assert clean_line("10%\r20%\r") == "20%"


def test_prettier_check_under_a_pty_lists_every_file_once_and_whole():
    # prettier prints the file it is checking, then `ESC[2K ESC[1G [warn] file` over it: each
    # row read `lib/a.js[warn] lib/a.js`. The list is what the agent asked for: kept whole.
    data = real("prettier_check_pty.txt")
    assert detect(data) == ContentType.TERMINAL
    out = TerminalCompressor().compress(data)
    view = (data if out is None else out).decode()
    from engine.terminal_text import plain_text

    shown = plain_text(data).decode().splitlines() if out is None else view.splitlines()
    rows = [ln for ln in shown if ln.startswith("[warn] lib/")]
    assert len(rows) == 73 and len(set(rows)) == 73
    assert "[warn] lib/adapters/adapters.js" in rows
    assert "[warn] Code style issues found in 73 files. Run Prettier with --write to fix." in shown
    assert not any("[warn]" in ln and not ln.startswith("[warn]") for ln in shown)
    assert not any("elided (caveman)" in ln for ln in shown)


def test_module_warning_shape_without_a_bundler_named_is_not_folded():
    from engine.compressors import toolout

    lines = [f"src/m{k}.js (1:0): Module level directives cause errors when bundled, \"use client\" in \"src/m{k}.js\" was ignored."
             for k in range(8)]
    assert "repeat" not in toolout.analyse(lines).classes
    named = ["vite v7.3.8 building client environment for production...", *lines]
    classes = toolout.analyse(named).classes
    assert classes[1] == "keep" and classes[2:] == ["repeat"] * 7
