"""Real outputs of Python installers and packaging tools (trimmed excerpts under
tests/fixtures/real/pyinstall/): pip re-run with everything already satisfied, `uv pip install`
plain and under a pty, `python -m build`."""
from __future__ import annotations

import re
from pathlib import Path

from engine.compressors.terminal import TerminalCompressor
from engine.compressors.toolout_pipresolve import _names, canonical_name
from engine.detect import detect
from engine.terminal_text import plain_text
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "pyinstall"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def view_of(name: str) -> str:
    out = TerminalCompressor().compress(real(name))
    assert out is not None
    return out.decode()


# ---------------------------------------------------------------- pip: nothing to do


def test_pip_rerun_all_satisfied_is_tool_output():
    # 44 `Requirement already satisfied: x in /path (ver)` lines and nothing else: read as prose,
    # the text compressor elided "8 sections" with no count of what they were.
    assert detect(real("pip-install-all-satisfied.txt")) == ContentType.TERMINAL


def test_pip_rerun_all_satisfied_counts_the_elided_lines():
    data = real("pip-install-all-satisfied.txt").decode()
    view = view_of("pip-install-all-satisfied.txt")
    lines = data.splitlines()
    assert all(ln.startswith("Requirement already satisfied: ") for ln in lines)
    m = re.search(r"… (\d+) lines elided \(caveman\): (\d+) progress lines …", view)
    assert m and m[1] == m[2]
    shown = [ln for ln in view.splitlines() if ln.startswith("Requirement already satisfied: ")]
    assert len(shown) + int(m[1]) == len(lines) == 44
    assert lines[0] in view and lines[-1] in view


# ---------------------------------------------------------------- uv pip install


def test_uv_install_under_a_pty_keeps_every_installed_package():
    # The ` + name==version` rows are the list the agent asked for: 8 of 11 went into a
    # marker that read them as fields (`anyio: =4.16.0×1 absent×7`).
    view = view_of("uv-pip-install-pty.txt")
    rows = [ln for ln in plain_text(real("uv-pip-install-pty.txt")).decode().splitlines()
            if ln.startswith(" + ")]
    assert len(rows) == 11
    for row in rows:
        assert row in view.splitlines()
    assert "Installed 11 packages in 9ms" in view
    assert "absent×" not in view


def test_uv_install_plain_is_tool_output_and_keeps_the_list_whole():
    data = real("uv-pip-install-192.txt")
    assert detect(data) == ContentType.TERMINAL
    view = view_of("uv-pip-install-192.txt")
    lines = data.decode().splitlines()
    rows = [ln for ln in lines if ln.startswith(" + ")]
    assert len(rows) == 192
    view_lines = view.splitlines()
    for row in rows:
        assert row in view_lines
    for summary in ("Resolved 192 packages in 1.26s", "Prepared 156 packages in 1.25s",
                    "Installed 192 packages in 372ms"):
        assert summary in view_lines
    # what goes is the download chatter, counted
    downloads = [ln for ln in lines if ln.startswith(("Downloading ", " Downloaded "))]
    assert len(downloads) == 16
    assert not any(ln in view_lines for ln in downloads[1:-1])


def test_uv_package_rows_need_one_space_and_a_pinned_version():
    # `python -m build` lists its build requirements as `  - setuptools>=61`: not a uv row
    from engine.patterns import UV_PACKAGE_ROW
    assert UV_PACKAGE_ROW.match(" + django==4.2.30")
    assert UV_PACKAGE_ROW.match(" ~ demo-pkg==0.1.0 (from file:///tmp/proj)")
    assert UV_PACKAGE_ROW.match(" - urllib3==1.20")
    assert not UV_PACKAGE_ROW.match("  - setuptools>=61")
    assert not UV_PACKAGE_ROW.match(" + x = y")


# ---------------------------------------------------------------- python -m build


def test_python_m_build_is_tool_output():
    # setuptools' `copying`/`adding` steps and build's `* Building wheel…`: read as prose (28%)
    assert detect(real("python-m-build-sdist-wheel.txt")) == ContentType.TERMINAL


def test_python_m_build_keeps_warnings_and_result_and_counts_steps():
    data = real("python-m-build-sdist-wheel.txt").decode()
    view = view_of("python-m-build-sdist-wheel.txt")
    view_lines = view.splitlines()
    assert "warning: build_py: byte-compiling is disabled, skipping." in view_lines
    assert "warning: install_lib: byte-compiling is disabled, skipping." in view_lines
    assert view_lines[-1] == "Successfully built demo_pkg-0.1.0.tar.gz and demo_pkg-0.1.0-py3-none-any.whl"
    elided = sum(int(n) for n in re.findall(r"… (\d+) lines elided", view))
    assert elided + sum(1 for ln in view_lines if "lines elided" not in ln) == len(data.splitlines())
    assert len(view) < len(data) // 2


# ---------------------------------------------------------------- a build backend's traceback


def test_hook_frames_in_a_failed_build_are_counted_and_the_project_frames_stay():
    # mysqlclient's setup.py finds no pkg-config: 16 of the box's 30 lines are frames of pip's
    # hook runner and setuptools in pip's build env; they were all shown.
    data = real("pip-mysqlclient-no-pkgconfig-pty.txt")
    view = view_of("pip-mysqlclient-no-pkgconfig-pty.txt")
    lines = view.splitlines()
    i = lines.index("      Traceback (most recent call last):")
    assert lines[i + 1] == "… 16 lines elided (caveman): 16 installer hook/build-env traceback frame lines …"
    assert lines[i + 2:i + 7] == [
        '        File "<string>", line 155, in <module>',
        '        File "<string>", line 48, in get_config_posix',
        '        File "<string>", line 27, in find_package_name',
        "      Exception: Can not find valid pkg-config name.",
        "      Specify MYSQLCLIENT_CFLAGS and MYSQLCLIENT_LDFLAGS env vars manually",
    ]
    plain = plain_text(data).decode()
    hook = [ln for ln in plain.splitlines() if 'File "' in ln and ("pyproject_hooks" in ln or "pip-build-env-" in ln)]
    assert len(hook) == 6 and not any(ln in lines for ln in hook)
    assert "ERROR: Failed to build 'mysqlclient' when getting requirements to build wheel" in lines
    for ln in plain.splitlines()[9:17]:  # the pkg-config probes before the traceback
        assert ln in lines


def test_validate_pyproject_schema_dump_is_counted_and_the_report_stays():
    data = real("pip-install-e-bad-readme.txt").decode()
    view = view_of("pip-install-e-bad-readme.txt")
    lines = view.splitlines()
    src = data.splitlines()
    d = src.index("      DEFINITION:")
    body = 0
    while src[d + 1 + body].startswith("          "):
        body += 1
    assert body == 63
    i = lines.index("      DEFINITION:")
    assert lines[i + 1] == "… 63 lines elided (caveman): 63 validate-pyproject JSON-schema lines …"
    for kept in ("      GIVEN VALUE:", "          5", "      OFFENDING RULE: 'oneOf'",
                 "      ValueError: invalid pyproject.toml config: `project.readme`.",
                 "ERROR: Failed to build 'file:///tmp/pyi-bad2' when getting requirements to build editable"):
        assert kept in lines
    assert lines.count("      configuration error: `project.readme` must be valid exactly by one definition "
                       "(0 matches found):") == 2
    assert view.count("installer hook/build-env traceback frame lines") == 2


def test_a_short_schema_or_a_frame_of_the_project_is_never_folded():
    from engine.compressors.pip_build import HOOK_FRAME, SCHEMA, mark_hook_frames, mark_schema_dump
    norm = ["      DEFINITION:", '          {"type": "string"}', "", "      Traceback (most recent call last):",
            '        File "/src/setup.py", line 3, in <module>', "          main()",
            '        File "/tmp/pip-build-env-x/overlay/setuptools/build_meta.py", line 9, in f',
            "          g()", "      ValueError: x"]
    cls = ["other"] * len(norm)
    in_block = [True] * len(norm)
    mark_schema_dump(norm, cls, in_block, 0, len(norm))
    mark_hook_frames(norm, cls, in_block, 0, len(norm))
    assert SCHEMA not in cls and HOOK_FRAME not in cls  # 1 schema line, 2 hook lines: under MIN_STEPS
    norm[7:7] = ['        File "/x/pip/_vendor/pyproject_hooks/_in_process.py", line 1, in h', "          h()"]
    cls = ["other"] * len(norm)
    in_block = [True] * len(norm)
    mark_hook_frames(norm, cls, in_block, 0, len(norm))
    assert [k for k, c in enumerate(cls) if c == HOOK_FRAME] == [6, 7, 8, 9]
    assert in_block[4] and in_block[5]  # the project's own frame stays in the block


# ---------------------------------------------------------------- pip install -e .


def test_editable_install_steps_are_progress_and_the_result_stays():
    # `Preparing editable metadata`, `Checking if build backend supports build_editable` and
    # `Building editable for x` (started / finished with status 'done') were shown as other lines.
    data = real("pip-install-e-editable-ok.txt").decode()
    view = view_of("pip-install-e-editable-ok.txt")
    lines = view.splitlines()
    assert "… 20 lines elided (caveman): 20 progress lines …" in lines
    for step in ("Preparing editable metadata (pyproject.toml): started",
                 "Checking if build backend supports build_editable: finished with status 'done'",
                 "Building editable for demo-pkg (pyproject.toml): finished with status 'done'"):
        assert step in data and step not in view
    assert lines[-4:] == ["Successfully built demo-pkg",
                          "Installing collected packages: urllib3, charset_normalizer, requests, demo-pkg", "",
                          "Successfully installed charset_normalizer-3.5.3 demo-pkg-0.1.0 requests-2.34.2 urllib3-2.8.0"]


def test_a_build_step_that_ends_in_error_is_not_progress():
    view = view_of("pip-install-e-bad-readme.txt")
    assert "  Getting requirements to build editable: finished with status 'error'" in view.splitlines()


def test_pyyaml_cython3_failure_shows_the_setup_frames_and_the_exception():
    # PyYAML 5.4.1 under Cython 3: 45 of the box's 68 lines are frames of pip's hook runner and of
    # setuptools in the build env, around the two frames of PyYAML's own setup.py.
    data = real("pip-pyyaml541-cython3.txt").decode()
    view = view_of("pip-pyyaml541-cython3.txt")
    lines = view.splitlines()
    i = lines.index("      Traceback (most recent call last):")
    assert lines[i + 1:i + 6] == [
        "… 16 lines elided (caveman): 16 installer hook/build-env traceback frame lines …",
        '        File "<string>", line 271, in <module>',
        "… 29 lines elided (caveman): 29 installer hook/build-env traceback frame lines …",
        '        File "<string>", line 201, in get_source_files',
        "      AttributeError: 'build_ext' object has no attribute 'cython_sources'",
    ]
    frames = [ln for ln in data.splitlines() if ln.lstrip().startswith('File "')]
    assert len(frames) == 21 and sum('File "<string>"' in ln for ln in frames) == 2
    # the deprecation warnings the backend printed before failing stay
    assert any("SetuptoolsDeprecationWarning: License classifiers are deprecated." in ln for ln in lines)


def test_uv_build_failure_counts_the_build_env_frames():
    # uv quotes the backend's traceback under `error: Failed to build` (no `×` box): it was all shown
    data = real("uv-pip-pyyaml541-build-fail.txt").decode()
    view = view_of("uv-pip-pyyaml541-build-fail.txt")
    lines = view.splitlines()
    i = lines.index("         Traceback (most recent call last):")
    assert lines[i + 1:i + 7] == [
        '           File "<string>", line 14, in <module>',
        "… 8 lines elided (caveman): 8 installer hook/build-env traceback frame lines …",
        '           File "<string>", line 271, in <module>',
        "… 29 lines elided (caveman): 29 installer hook/build-env traceback frame lines …",
        '           File "<string>", line 201, in get_source_files',
        "         AttributeError: 'build_ext' object has no attribute 'cython_sources'",
    ]
    for kept in ("error: Failed to build `pyyaml==5.4.1`", "  cause: The build backend returned an error",
                 "  cause: Call to `setuptools.build_meta.get_requires_for_build_wheel` failed (exit status: 1)",
                 "hint: Build failures usually indicate a problem with the package or the build environment"):
        assert kept in data.splitlines() and kept in lines


# ---------------------------------------------------------------- pip: ResolutionImpossible


def test_resolution_impossible_keeps_the_conflicting_requirements_collecting_lines():
    # `Cannot install requests==2.31.0 and urllib3<1.21`: the two `Collecting` lines were counted
    # as progress with their downloads; the others (idna, charset-normalizer) still are
    view = view_of("pip-conflict-collecting.txt").splitlines()
    assert "Collecting requests==2.31.0" in view and "Collecting urllib3<1.21" in view
    assert not any(ln.startswith(("Collecting idna", "Collecting charset-normalizer")) for ln in view)
    markers = [ln for ln in view if ln.startswith("… ")]
    assert markers == ["… 2 lines elided (caveman): 2 progress lines …"] * 2 + \
        ["… 3 lines elided (caveman): 3 progress lines …"] * 2


def test_project_names_match_as_pep_503_normalises_them():
    assert canonical_name("Charset_Normalizer") == canonical_name("charset.normalizer") == "charset-normalizer"
    assert _names("-r requirements.txt (line 3), Foo_Bar==1.0 and baz[extra]>=2") == {"foo-bar", "baz"}
