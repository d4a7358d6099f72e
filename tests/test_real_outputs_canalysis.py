"""Real outputs of C/C++ analysers (trimmed excerpts under tests/fixtures/real/canalysis/):
clang-tidy with the static analyzer's path notes, cppcheck's --xml report merged with its
progress lines."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.terminal import TerminalCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "canalysis"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def _view(data: bytes) -> str:
    out = TerminalCompressor().compress(data)
    assert out is not None
    return out.decode()


def _marker_counts(view: str) -> list[int]:
    return [int(m) for m in re.findall(r"… (\d+) lines elided \(caveman\)", view)]


# ---------------------------------------------------------------- clang-tidy


def test_clang_tidy_keeps_every_warning_headline_and_counts_the_analyzer_path_under_it():
    # Every analyzer note carried its own excerpt, so the view kept them all and saved under
    # 10%: the whole run passed through. Now each warning keeps its headline and own excerpt.
    data = real("clang_tidy_analyzer.out")
    original = data.decode().splitlines()
    view = _view(data)
    lines = view.splitlines()
    heads = [ln for ln in original if ": warning: " in ln]
    assert len(heads) == 14
    assert all(h in lines for h in heads)
    assert len(data) > 2 * len(view)
    # the first finding: headline, own excerpt, then its 54-line path (18 notes) as one marker
    first = original.index(heads[0])
    at = lines.index(heads[0])
    assert lines[at + 1:at + 3] == original[first + 1:first + 3]
    assert lines[at + 3] == "… 54 lines elided (caveman): 54 lines under them …"
    assert lines[at + 4] == original[first + 57] == heads[1]
    # a warning with a single note keeps it and its excerpt (no chain)
    sizeof = original.index(heads[1])
    assert original[sizeof + 3].endswith("note: expanded from macro 'LUAL_BUFFERSIZE'")
    assert original[sizeof + 3] in lines


def test_clang_tidy_per_file_counts_are_progress_but_the_last_total_stays():
    data = real("clang_tidy_analyzer.out")
    original = data.decode().splitlines()
    view = _view(data)
    lines = view.splitlines()
    counts = [ln for ln in original if ln.endswith(" warnings generated.")]
    assert len(counts) == 34
    assert counts[-1] == "28437 warnings generated." and counts[-1] in lines
    assert lines[3] == "… 30 lines elided (caveman): 30 progress lines …"
    assert [ln for ln in lines if ln.endswith(" warnings generated.")] == counts[:3] + counts[-1:]


def test_clang_error_counts_are_not_progress():
    # clang-tidy prints its per-file counts first (the warnings in headers are suppressed)
    lines = [f"{10 * (k + 1)} warnings generated." for k in range(6)]
    lines += ["65 warnings and 1 error generated."]
    lines += [f"{10 * (k + 1)} warnings generated." for k in range(6, 12)]
    lines += ["f5.c:9:2: error: expected ';' [clang-diagnostic-error]", "  int y", "       ^"]
    for k in range(3):
        lines += [f"f{k}.c:{k + 1}:1: warning: unused variable 'v{k}' [misc-unused]", "  int v;", "      ^"]
    lines += ["Suppressed 100 warnings (100 in non-user code)."]
    view = _view(("\n".join(lines) + "\n").encode())
    assert "65 warnings and 1 error generated." in view
    assert "f5.c:9:2: error: expected ';' [clang-diagnostic-error]" in view
    assert "120 warnings generated." in view  # the last total
    assert "50 warnings generated." not in view.splitlines()  # past the head the view keeps
    assert "progress line" in view


def test_an_errors_note_chain_keeps_its_notes():
    # gcc's `required from here` chain says where an error is to be fixed: it stays whole.
    lines = ["t.cc:9:5: error: no match for 'operator+' [-fpermissive]", "    a + b;", "    ^"]
    for k in range(4):
        lines += [f"t.cc:{20 + k}:3: note: required from here", f"   f{k}();", "   ^"]
    lines += ["", "1 error generated."]
    text = ("\n".join(lines) + "\n").encode()
    view = TerminalCompressor().compress(text)
    shown = (view or text).decode()
    for k in range(4):
        assert f"t.cc:{20 + k}:3: note: required from here" in shown
        assert f"   f{k}();" in shown


# ---------------------------------------------------------------- cppcheck --xml


def test_cppcheck_xml_keeps_every_finding_with_its_first_location():
    # Read as a log, 26 distinct <error> elements (each its own id, message and place) were
    # elided as "26 repeats of shown error lines".
    data = real("cppcheck_xml_merged.out")
    assert detect(data) is ContentType.TERMINAL
    original = data.decode().splitlines()
    view = _view(data)
    lines = view.splitlines()
    errors = [i for i, ln in enumerate(original) if ln.lstrip().startswith("<error ")]
    assert len(errors) == 23
    for i in errors:
        assert original[i] in lines
        if original[i + 1].lstrip().startswith("<location "):
            assert original[i + 1] in lines
    assert "repeats of shown" not in view
    assert all(ln in lines for ln in original if ln.strip().startswith(("</error>", "<results", "</results>")))
    # markers name exactly what they hold
    assert "… 3 lines elided (caveman): 2 further <location> lines of this error; 1 <symbol> line …" in lines
    assert "… 6 lines elided (caveman): 6 configuration progress lines (Checking file: macros...) …" in lines
    assert "Checking cJSON.c ..." in lines and "2/2 files checked 100% done" in lines
    # every elided line is counted: shown + elided == original
    assert len([ln for ln in lines if not ln.startswith("… ")]) + sum(_marker_counts(view)) == len(original)


def test_cppcheck_xml_without_progress_lines_is_the_same_report():
    data = real("cppcheck_xml_merged.out")
    pure = "\n".join(ln for ln in data.decode().splitlines()
                     if not ln.startswith("Checking ") and "files checked" not in ln) + "\n"
    assert detect(pure.encode()) is ContentType.TERMINAL
    view = _view(pure.encode())
    assert view.count("<error id=") == 23
    assert "configuration progress" not in view


# ---------------------------------------------------------------- cmake --trace-expand

_TRACE = re.compile(r"[^()\n]+\(\d+\):  \S")


def test_cmake_trace_elides_cmake_module_entries_and_keeps_the_project_and_every_message():
    # The whole trace (278k tokens for a three-line project) passed through: every line unique.
    data = real("cmake_trace_expand_fail.out")
    assert detect(data) is ContentType.TERMINAL
    original = data.decode().splitlines()
    view = _view(data)
    lines = view.splitlines()
    project = [ln for ln in original if ln.startswith("/work/x/proj_bad/CMakeLists.txt(")]
    assert len(project) == 6 and all(ln in lines for ln in project)
    # every line that is no trace entry of a module and no continuation of one stays: the
    # messages, the `CMake Warning` / `CMake Error` blocks with their indented text
    for ln in original:
        if ln.startswith(("-- ", "CMake ", "  ")) and not _TRACE.match(ln):
            assert ln in lines, ln
    assert "… 68 lines elided (caveman): 68 trace lines in CMake's modules: FindPkgConfig.cmake×60 " \
           "FindPackageHandleStandardArgs.cmake×7 FindPackageMessage.cmake×1 …" in lines
    assert "… 37 lines elided (caveman): 36 trace lines in CMake's modules: CMakeDetermineSystem.cmake×36; " \
           "1 continuation line of their arguments …" in lines
    assert not any("/share/cmake-3.25/Modules/" in ln for ln in lines if not ln.startswith("… "))
    assert len([ln for ln in lines if not ln.startswith("… ")]) + sum(_marker_counts(view)) == len(original)
    assert len(data) > 5 * len(view)


def test_cmake_trace_output_after_a_closed_module_entry_is_not_a_continuation():
    mod = "/usr/share/cmake-3.28/Modules/FindThing.cmake"
    lines = ["Running with trace output on.", "/p/CMakeLists.txt(1):  project(p )"]
    lines += [f"{mod}({k}):  set(X{k} 1 )" for k in range(1, 6)]
    lines += ["plain message from a module"]  # message() without a mode prints bare text
    lines += [f"{mod}({k}):  file(WRITE out \"a(\nb\n)\" )".split("\n")[0] for k in (7,)]
    lines += ["b", ")\" )"]  # the open `(` of that entry: two continuation lines
    lines += [f"{mod}({k}):  unset(Y )" for k in range(8, 12)]
    lines += ["CMake Error at CMakeLists.txt:9 (message):", "  boom", ""]
    view = _view(("\n".join(lines) + "\n").encode()).splitlines()
    assert "plain message from a module" in view
    assert "CMake Error at CMakeLists.txt:9 (message):" in view and "  boom" in view
    assert "… 5 lines elided (caveman): 5 trace lines in CMake's modules: FindThing.cmake×5 …" in view
    assert "… 7 lines elided (caveman): 5 trace lines in CMake's modules: FindThing.cmake×5; " \
           "2 continuation lines of their arguments …" in view


# ---------------------------------------------------------------- thinned analyser findings

_HEAD = re.compile(r"(?P<path>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): [a-z][a-z ]*: .*\[(?P<rule>[A-Za-z][\w.,:-]*)\]")


def _placed(view_lines: list[str], path: str, place: str, rule: str) -> bool:
    """The finding's place is named under its check in some marker (a marker counting one
    check only, `variableScope×4`, names its places without repeating it)."""
    for ln in view_lines:
        if not ln.startswith("… ") or (f"{rule}×" not in ln and f"{rule}: " not in ln):  # `+2 more rules×2`
            continue
        single = re.search(r"like those shown: \S+×\d+;", ln) is not None
        for group in ln.split("; "):
            if single and group.startswith("at "):
                where = group[3:]
            elif group.startswith((f"at {rule}: ", f"{rule}: ")):
                where = group.split(": ", 1)[1]
            else:
                continue
            for entry in where.rstrip(" …").split(", "):
                if entry.startswith(path + ":") and place in entry[len(path) + 1:].split(" "):
                    return True
    return False


def test_cppcheck_thinned_style_findings_keep_their_file_line_col_and_check_in_the_marker():
    # 58 style/information findings: past LOW_VOLUME toolout keeps one per check and message
    # shape; the others were only counted per check (`funcArgNamesDifferent×15`), their places lost.
    data = real("cppcheck_text_enable_all.out")
    original = data.decode().splitlines()
    view = _view(data)
    lines = view.splitlines()
    heads = [(m, ln) for ln in original if (m := _HEAD.fullmatch(ln))]
    assert len(heads) == 64
    elided = [(m, ln) for m, ln in heads if ln not in lines]
    assert len(elided) > 40
    for m, ln in elided:
        assert _placed(lines, m["path"], f"{m['line']}:{m['col']}", m["rule"]), ln
    assert "… 14 lines elided (caveman): 4 findings like those shown: constParameter×4; 10 lines under them; " \
           "at lgc.c:736:68 1090:39 1195:65 1491:62 …" in lines
    # every marker names as many places as it counts findings
    for ln in lines:
        if (m := re.search(r"(\d+) findings? like those shown", ln)):
            places = ln.split("; at ", 1)[1].rstrip(" …")
            groups = places.split("; ") if re.search(r"^[\w.,:-]+: ", places) else [": " + places]
            named = sum(len(entry.split(":", 1)[1].split(" ")) for group in groups
                        for entry in group.split(": ", 1)[1].split(", "))
            assert named == int(m.group(1)), ln


def test_flake8_floods_keep_their_marker_unchanged():
    # Their headlines name no check in brackets: the marker says what it said before.
    lines = [f"pkg/mod.py:{k}:80: E501 line too long ({90 + k % 7} > 79 characters)" for k in range(1, 80)]
    view = _view(("\n".join(lines) + "\n").encode())
    markers = [ln for ln in view.splitlines() if "findings like those shown" in ln]
    assert markers and all("; at " not in m for m in markers)


# ---------------------------------------------------------------- binutils size


def test_size_table_of_objects_is_an_enumeration_kept_whole():
    # 24 of 34 object rows were elided as "… 16 rows elided (caveman) …", naming none of them.
    from engine.compressors.tabular import TabularCompressor

    data = real("size_objects.out")
    assert len(data.decode().splitlines()) == 35
    assert TabularCompressor().compress(data) is None


# ---------------------------------------------------------------- meson / ninja


def test_meson_compile_and_meson_test_are_build_and_test_transcripts():
    # Both were read as plain text (the preprocessor's `path:124: warning:` has no column, and
    # ninja's `[6/47]` rows were no signature): the text compressor declined them.
    compile_ = real("meson_compile_warnings.out")
    assert detect(compile_) is ContentType.TERMINAL
    assert detect(real("meson_test_fail.out")) is ContentType.TERMINAL
    original = compile_.decode().splitlines()
    view = _view(compile_).splitlines()
    warnings = [ln for ln in original if ": warning: " in ln]
    assert len(warnings) >= 5
    assert view.count(warnings[0]) == len(warnings)  # every warning stays, each in its own file
    included = [ln for ln in original if ln.startswith("In file included from ")]
    assert all(ln in view for ln in included)
    assert any(re.fullmatch(r"… \d+ lines elided \(caveman\): \d+ progress lines?(; 1 other line)? …", ln)
               for ln in view)


# ---------------------------------------------------------------- gdb


def test_gdb_bt_full_keeps_every_frame_and_its_locals():
    # Frames #1..#4 (the recursion that led to the crash) went as "… 8 sections elided", naming
    # no frame.
    from engine.compressors.text import TextCompressor

    data = real("gdb_bt_full_registers.out")
    original = data.decode().splitlines()
    out = TextCompressor().compress(data)
    view = (out or data).decode().splitlines()
    frames = [ln for ln in original if re.match(r"#\d+ ", ln)]
    assert len(frames) == 6
    start = original.index(frames[0])
    end = original.index(frames[-1]) + 2  # main's one local
    assert view[view.index(frames[0]):view.index(frames[0]) + end - start] == original[start:end]
    assert not any("sections elided" in ln for ln in view[:view.index(frames[-1])])


# ---------------------------------------------------------------- callgrind_annotate


def test_callgrind_annotate_function_listing_is_kept_whole():
    # Its caller-tree sections (one per function) were elided as "… 8 sections elided", naming
    # none of the functions: a ranked listing, already cut at its threshold by the tool.
    from engine.compressors.text import TextCompressor

    data = real("callgrind_annotate_tree_caller.out")
    assert b"Profile data file '" in data
    assert TextCompressor().compress(data) is None
