"""Real outputs of documentation and typesetting builds (trimmed excerpts under
tests/fixtures/real/docbuild/): pdflatex and latexmk runs, a TeX .log, doxygen warnings."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors import tex_report
from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.types import ContentType
from tests.real_views import MARKER

REAL = Path(__file__).parent / "fixtures" / "real" / "docbuild"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def terminal_view(data: bytes) -> list[str]:
    out = TerminalCompressor().compress(data)
    assert out is not None
    return out.decode().split("\n")


def original_lines(data: bytes) -> list[str]:
    return [ln.rstrip() for ln in data.decode().split("\n")]


def markers(view: list[str]) -> list[tuple[int, str]]:
    return [(int(m.group(1)), m.group(2)) for ln in view if (m := MARKER.match(ln))]


def assert_markers_account_for_every_line(data: bytes, view: list[str]) -> None:
    """Every original line is in view or counted by a marker, in order: the markers' counts are
    exactly the lines they replace."""
    original = original_lines(data)
    pos = 0
    for ln in view:
        m = MARKER.match(ln)
        if m:
            pos += int(m.group(1))
        else:
            assert original[pos] == ln, (pos, original[pos], ln)
            pos += 1
    assert pos == len(original)


# ---------------------------------------------------------------- pdflatex transcripts


def test_pdflatex_transcript_is_a_terminal_transcript_not_code():
    # It was read as code (its lines end in `)`) and passed through whole.
    for name in ("pdflatex-undefined-control-sequence.txt", "pdflatex-missing-sty.txt",
                 "latexmk-undefined-control-sequence.txt", "pdflatex-refs.log"):
        assert detect(real(name)) == ContentType.TERMINAL, name


def test_pdflatex_error_keeps_its_context_and_every_warning_while_file_loading_goes():
    data = real("pdflatex-undefined-control-sequence.txt")
    view = terminal_view(data)
    original = original_lines(data)
    i = view.index("! Undefined control sequence.")
    assert view[i + 1] == "l.49 The quorum size is \\quorumsize"
    assert view[i + 2].strip() == "{n} for $n$ replicas, bounded by \\mathbb{Q}."
    assert "! LaTeX Error: \\mathbb allowed only in math mode." in view
    # Every warning line and its continuation (TeX wraps at 79 columns: `… input line` / `22.`)
    warnings = [ln for ln in original if "Warning:" in ln and "fancyhdr" not in ln]
    assert [ln for ln in view if "Warning:" in ln and "fancyhdr" not in ln] == warnings
    wrapped = [(ln, original[k + 1]) for k, ln in enumerate(original) if ln.endswith("input line")]
    assert [(ln, view[k + 1]) for k, ln in enumerate(view) if ln.endswith("input line")] == wrapped
    assert view[-3:-1] == ["Output written on undefcs.pdf (6 pages, 108818 bytes).", "Transcript written on undefcs.log."]
    assert "No file undefcs.bbl." in view
    assert not any(ln.startswith("(/usr/share/texlive") for ln in view)
    # the main file's opening stays (the file later line numbers count in); the packages' go
    assert view[1:5] == [" restricted \\write18 enabled.", "entering extended mode", "(./undefcs.tex",
                         "… 52 lines elided (caveman): 48 file-loading, 4 start-up/banner lines …"]
    assert_markers_account_for_every_line(data, view)
    assert len("\n".join(view)) < len(data) * 0.4


def test_pdflatex_repeated_identical_warning_block_is_shown_once_and_counted():
    data = real("pdflatex-undefined-control-sequence.txt")
    view = terminal_view(data)
    head = "Package fancyhdr Warning: \\headheight is too small (12.0pt):"
    assert original_lines(data).count(head) == 5
    assert view.count(head) == 1
    repeated = [s for _, s in markers(view) if "repeated-warning" in s]
    # four repeats of a six-line block (the blank line inside it included: the line above it is
    # 79 characters long, TeX's wrap, so the two read as one)
    assert sum(int(re.search(r"(\d+) repeated-warning", s).group(1)) for s in repeated) == 4 * 6
    assert_markers_account_for_every_line(data, view)


def test_pdflatex_missing_package_keeps_the_whole_error_and_emergency_stop():
    data = real("pdflatex-missing-sty.txt")
    view = terminal_view(data)
    start = view.index("! LaTeX Error: File `fancyrefs2.sty' not found.")
    assert view[start:-1] == [
        "! LaTeX Error: File `fancyrefs2.sty' not found.", "",
        "Type X to quit or <RETURN> to proceed,", "or enter new name. (Default extension: sty)", "",
        "Enter file name:", "! Emergency stop.", "<read *>", "",
        "l.11 \\pagestyle", "               {fancy}^^M",
        "!  ==> Fatal error occurred, no output PDF file produced!", "Transcript written on missing.log."]
    assert view[0].startswith("This is pdfTeX, Version")
    assert_markers_account_for_every_line(data, view)


def test_pdflatex_file_line_error_mode_keeps_the_located_error():
    data = real("pdflatex-file-line-error-halt.txt")
    view = terminal_view(data)
    i = view.index("./undefcs.tex:49: Undefined control sequence.")
    assert view[i + 1] == "l.49 The quorum size is \\quorumsize"
    assert "./undefcs.tex:49:  ==> Fatal error occurred, no output PDF file produced!" in view
    assert_markers_account_for_every_line(data, view)


def test_overfull_box_flood_keeps_every_header_and_only_the_first_boxes_text():
    data = real("pdflatex-overfull-flood.txt")
    view = terminal_view(data)
    original = original_lines(data)
    headers = [ln for ln in original if ln.startswith("Overfull \\hbox")]
    assert len(headers) > 40
    assert [ln for ln in view if ln.startswith("Overfull \\hbox")] == headers
    box_text = [s for _, s in markers(view) if "box-text" in s]
    assert box_text  # the later boxes' typeset text is counted, not shown
    first = original.index(headers[0])
    assert view[view.index(headers[0]) + 1] == original[first + 1]  # the first box keeps its text
    assert_markers_account_for_every_line(data, view)
    assert len("\n".join(view)) < len(data) * 0.6


def test_latexmk_keeps_its_own_report_and_elides_its_changed_file_lists():
    data = real("latexmk-undefined-control-sequence.txt")
    view = terminal_view(data)
    original = original_lines(data)
    for ln in original:
        if ln.startswith(("Latexmk:", "  Latex failed", "  pdflatex: Command", "  Citation `", "  Reference `",
                          "Collected error summary", "Running '", "! ")):
            assert ln in view, ln
    assert not any(ln.startswith("  /usr/share/texlive/") for ln in view)
    lists = [(n, s) for n, s in markers(view) if "latexmk changed-file list" in s]
    assert lists and lists[0] == (60, "60 latexmk changed-file list lines")
    assert_markers_account_for_every_line(data, view)


def test_tex_log_file_drops_register_allocations_and_info_but_keeps_warnings():
    data = real("pdflatex-refs.log")
    view = terminal_view(data)
    original = original_lines(data)
    assert not any(re.match(r"\\[A-Za-z@]+=\\(?:count|dimen|skip|toks|box)\d+$", ln) for ln in view)
    assert not any(" Info: " in ln for ln in view)
    # an Info's `(rerunfilecheck)` continuation goes with it; a warning's `(fancyhdr)` one stays
    assert any(ln.startswith("(rerunfilecheck)") for ln in original)
    assert not any(ln.startswith("(rerunfilecheck)") for ln in view)
    assert "(fancyhdr)                \\addtolength{\\topmargin}{-1.59999pt}." in view
    for ln in original:
        if "Warning:" in ln and "fancyhdr" not in ln:
            assert ln in view
    assert "Output written on refs.pdf (9 pages, 138594 bytes)." in view
    assert_markers_account_for_every_line(data, view)
    assert len("\n".join(view)) < len(data) / 3


def test_tex_report_gate_needs_the_banner_and_a_run_line():
    assert not tex_report.is_report("This is pdfTeX, Version 3.14 quoted in a README\nnothing else\n")
    assert not tex_report.is_report("(./a.tex\nentering extended mode\n")
    assert tex_report.is_report("This is pdfTeX, Version 3.14 (TeX Live)\nentering extended mode\n(./a.tex\n")


def test_metafont_font_generation_is_chatter_but_its_failure_stays():
    lines = [
        "This is pdfTeX, Version 3.141592653-2.6-1.40.24 (TeX Live 2022/Debian) (preloaded format=pdflatex)",
        "entering extended mode",
        "kpathsea: Running mktexpk --mfmode / --bdpi 600 --mag 1+0/600 --dpi 600 ecrm1000",
        "mktexpk: Running mf-nowin -progname=mf \\mode:=ljfour; mag:=1+0/600; nonstopmode; input ecrm1000",
        "This is METAFONT, Version 2.71828182 (TeX Live 2022/Debian) (preloaded base=mf)",
        "",
        "(/usr/share/texlive/texmf-dist/fonts/source/jknappen/ec/ecrm1000.mf",
        " Ok [65] [66] [67])",
        "Font metrics written on ecrm1000.tfm.",
        "Output written on ecrm1000.600gf (256 characters, 57920 bytes).",
        "Transcript written on ecrm1000.log.",
        "mktexpk: /tmp/h/.texlive2022/texmf-var/fonts/pk/ljfour/jknappen/ec/ecrm1000.600pk: successfully generated.",
        "kpathsea: Running mktexpk --mfmode / --bdpi 600 --mag 1+0/600 --dpi 600 ecxx1000",
        "mktexpk: don't know how to create bitmap font for ecxx1000.",
        "Output written on a.pdf (1 page, 1000 bytes).",
        "Transcript written on a.log.",
    ]
    view = tex_report.view(lines, lines)
    assert view[0] == lines[0]
    # METAFONT's banner is 79 characters (TeX's wrap): it and the blank line read as one line
    assert view[1] == "… 12 lines elided (caveman): 1 start-up/banner, 11 font-generation (mktexpk/METAFONT) lines …"
    assert view[2:] == lines[13:]  # mktexpk's failure and TeX's own result stay


# ---------------------------------------------------------------- doxygen


def test_doxygen_quiet_warnings_are_a_tool_transcript_with_counted_findings():
    # Read as grep hits, 205 warning lines went under a bare "search result lines elided".
    data = real("doxygen-quiet-warnings.txt")
    assert detect(data) == ContentType.TERMINAL
    view = terminal_view(data)
    original = original_lines(data)
    first_file = [ln for ln in original if "/shape000.hpp:" in ln]
    assert len(first_file) == 9 and all(ln in view for ln in first_file)
    assert not any("search result" in s for _, s in markers(view))
    counted = [s for _, s in markers(view) if "findings like those shown" in s]
    assert counted and re.search(r"\d+ findings like those shown", counted[0])
    assert_markers_account_for_every_line(data, view)


def test_doxygen_progress_is_counted_and_its_warnings_kept_or_counted():
    # Its `Parsing file x...` / `Generating docs for compound y...` progress was read as text.
    data = real("doxygen-progress-and-warnings.txt")
    assert detect(data) == ContentType.TERMINAL
    view = terminal_view(data)
    assert view[0] == "Doxygen version used: 1.9.4"
    # (but for the line where doxygen's stderr cut into one: it holds a warning)
    assert not any(ln.startswith(("Parsing file ", "Preprocessing ", "Generating code for file "))
                   and "warning:" not in ln for ln in view)
    summaries = [s for _, s in markers(view)]
    assert any(re.fullmatch(r"\d+ progress lines", s) for s in summaries)
    assert any("findings like those shown" in s for s in summaries)
    assert view[-3:-1] == ["lookup cache used 1652/65536 hits=13727 misses=1652", "finished..."]
    assert_markers_account_for_every_line(data, view)


def test_pdflatex_every_error_block_stays_whole_runaway_arguments_included():
    data = real("pdflatex-many-errors.txt")
    view = terminal_view(data)
    original = original_lines(data)
    start = original.index("! Missing $ inserted.")
    # from the first error to the end, every line is shown: nothing there is chatter but one `)`
    tail = [ln for ln in original[start:] if ln != ")"]
    assert [ln for ln in view[view.index("! Missing $ inserted."):] if ln != ")"] == tail
    for line in ("Runaway argument?", "! LaTeX Error: File `figures/arch-diagram' not found.",
                 "! LaTeX Error: \\begin{itemize} on input line 11 ended by \\end{enumerate}.",
                 "! File ended while scanning use of \\frac ."):
        assert line in view
    assert_markers_account_for_every_line(data, view)


def test_latexmk_each_run_shows_its_own_warnings():
    # The second run's warnings (the ones still standing) were counted as repeats of the first's.
    data = real("latexmk-two-runs.txt")
    view = terminal_view(data)
    original = original_lines(data)
    second = max(i for i, ln in enumerate(original) if ln.startswith("This is pdfTeX, Version"))
    second_in_view = max(i for i, ln in enumerate(view) if ln.startswith("This is pdfTeX, Version"))
    warnings = [ln for ln in original[second:] if "Warning:" in ln]
    shown = [ln for ln in view[second_in_view:] if "Warning:" in ln]
    fancy = "Package fancyhdr Warning: \\headheight is too small (12.0pt):"
    assert [ln for ln in warnings if ln != fancy] == [ln for ln in shown if ln != fancy]
    assert shown.count(fancy) == 1  # within one run, the identical block is still shown once
    assert_markers_account_for_every_line(data, view)


# ---------------------------------------------------------------- sphinx


def test_sphinx_linkcheck_ok_rows_are_counted_as_passing_and_every_broken_row_stays():
    # The `ok` rows were elided as "other lines": the marker did not say they were links that answered.
    data = real("sphinx-linkcheck.txt")
    view = terminal_view(data)
    original = original_lines(data)
    broken = [ln for ln in original if ") broken " in ln]
    assert broken and [ln for ln in view if ") broken " in ln] == broken
    ok_rows = [ln for ln in original if re.match(r"\(\s*\S+: line\s+\d+\) ok ", ln)]
    shown_ok = [ln for ln in view if ln in ok_rows]
    summaries = [s for _, s in markers(view)]
    counted = sum(int(m.group(1)) for s in summaries for m in [re.search(r"(\d+) passing-test lines?", s)] if m)
    assert counted and len(shown_ok) + counted == len(ok_rows)
    assert not any("other line" in s for s in summaries)
    assert view[-2] == "build finished with problems, 367 warnings."
    assert_markers_account_for_every_line(data, view)


def test_doxygen_small_run_keeps_its_warnings_and_counts_its_steps():
    data = real("doxygen-small-run.txt")
    view = terminal_view(data)
    original = original_lines(data)
    warnings = [ln for ln in original if ": warning: " in ln]
    assert len(warnings) == 6 and all(ln in view for ln in warnings)
    # doxygen's step lines (`Counting members...`, `Running dot for graph 1/2`) are progress
    for step in ("Counting members...", "Inheriting documentation...", "Running dot for graph 1/2",
                 "Searching for files in directory /tmp/unseen8/docbuild/src/cpp/small/include/geo"):
        assert step in original and step not in view
    assert sum(n for n, s in markers(view) if s.endswith("progress lines")) > 60
    assert view[-3:-1] == ["lookup cache used 44/65536 hits=83 misses=44", "finished..."]
    assert_markers_account_for_every_line(data, view)


def test_pdflatex_keeps_where_each_project_file_opens_among_the_boxes():
    # A chapter's `(./chapters/x.tex` line places the boxes' `lines 2--5` after it in a file; the
    # main file's case (inside a long file-loading run) is asserted in the undefined-control test.
    data = real("pdflatex-book-underfull.txt")
    view = terminal_view(data)
    original = original_lines(data)
    for name in ("intro", "method", "results"):
        opened = [ln for ln in original if f"(./chapters/{name}.tex" in ln]
        assert len(opened) == 1 and opened[0] in view
    boxes = [ln for ln in original if ln.startswith("Underfull \\hbox")]
    assert len(boxes) == 90 and [ln for ln in view if ln.startswith("Underfull \\hbox")] == boxes
    assert not any("texmf-dist/tex/latex" in ln for ln in view)
    assert_markers_account_for_every_line(data, view)


# ---------------------------------------------------------------- tex_report, any input

from hypothesis import given, settings, strategies as st  # noqa: E402

_TEX_LINES = st.sampled_from([
    "This is pdfTeX, Version 3.141592653-2.6-1.40.24 (TeX Live 2022/Debian) (preloaded format=pdflatex)",
    "entering extended mode", "(/usr/share/texlive/texmf-dist/tex/latex/base/article.cls", ")", "))", "",
    "(./main.tex", "[1{/var/lib/texmf/fonts/map/pdftex/updmap/pdftex.map}]", "[2]", "</usr/x/cmr10.pfb>",
    "LaTeX Warning: Reference `a' on page 1 undefined on input line 3.", "(hyperref)    continued",
    "Package hyperref Info: Hyper figures OFF on input line 4.", "\\c@section=\\count187",
    "Overfull \\hbox (1.0pt too wide) in paragraph at lines 1--2", "[]\\T1/cmr/m/n/10 text",
    "! Undefined control sequence.", "l.42 \\foo", "<read *>", "kpathsea: Running mktexpk --mfmode / ecrm1000",
    "mktexpk: Running mf-nowin", " Ok [65] [66]", "mktexpk: /x/ecrm1000.600pk: successfully generated.",
    "Here is how much of TeX's memory you used:", " 1234 strings out of 476098", "Changed files or newly in use/created:",
    "  /usr/share/texlive/x.sty", "Output written on main.pdf (1 page, 10 bytes).", "x" * 79,
])


@settings(max_examples=200, deadline=None)
@given(st.lists(_TEX_LINES, max_size=60))
def test_tex_report_markers_always_account_for_every_line_and_errors_stay(lines):
    view = tex_report.view(lines, lines)
    pos = 0
    for ln in view:
        m = MARKER.match(ln)
        if m and ln not in lines:
            pos += int(m.group(1))
        else:
            assert lines[pos] == ln
            pos += 1
    assert pos == len(lines)
    for ln in lines:
        if ln.startswith(("! ", "l.42", "Output written on")):
            assert ln in view


def test_a_cut_short_mktexpk_run_never_swallows_what_tex_prints_next():
    lines = ["kpathsea: Running mktexpk --mfmode / --bdpi 600 --mag 1+0/600 --dpi 600 ecrm1000",
             "mktexpk: Running mf-nowin -progname=mf \\mode:=ljfour; mag:=1+0/600; nonstopmode; input ecrm1000",
             "This is METAFONT, Version 2.71828182 (TeX Live 2022/Debian) (preloaded base=mf)",
             "(/usr/share/texlive/texmf-dist/fonts/source/jknappen/ec/ecrm1000.mf",
             " Ok [65] [66] [67])",
             "! Undefined control sequence.", "l.42 \\foo", "",
             "LaTeX Warning: There were undefined references.",
             "Output written on main.pdf (1 page, 10 bytes).", "Transcript written on main.log."]
    view = tex_report.view(lines, lines)
    assert view[0].startswith("… 5 lines elided (caveman): 5 font-generation")
    assert view[1:] == lines[5:]
