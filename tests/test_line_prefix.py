"""Tool output behind a per-line prefix (engine/line_prefix.py). Fixtures under
tests/fixtures/real/prefixed/ are real runs made on this machine: pytest -v and jest piped through
moreutils `ts '%Y-%m-%dT%H:%M:%.SZ'`, pnpm -r over a four-package workspace (jest, mocha,
node --test, tsc), HDFS log lines through `ts`. pytest-v-ghview.txt is real pytest output whose
`JOB<TAB>STEP<TAB>timestamp ` prefix and runner lines (`##[group]Run …`, `##[endgroup]`,
`##[error]Process completed…`) were added by a small script mimicking GitHub's format: that
prefix is the only synthetic part."""
from __future__ import annotations

from pathlib import Path

from engine import detect as detect_mod
from engine import line_prefix, listing
from engine.ccr import MemoryStore
from engine.core import Engine
from engine.registry import default_registry
from engine.types import ContentType, Mode, Options

REAL = Path(__file__).parent / "fixtures" / "real" / "prefixed"
GOLANG = Path(__file__).parent / "fixtures" / "real" / "golang"
REGROUPED = ("[caveman: 4 interleaved streams shown one after another, grouped by line prefix; "
             "the original order is in the stored original]")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def compress(counter, data: bytes):
    engine = Engine(default_registry(), counter, MemoryStore())
    return engine, engine.compress(data, Options(mode=Mode.COMPRESS))


def content_lines(view: list[str]) -> list[str]:
    """The view's lines that are not markers, trailing blanks trimmed (compressors trim them)."""
    return [ln.rstrip() for ln in view if "caveman" not in ln]


def test_gh_run_view_pytest_is_tool_output_and_every_line_keeps_its_own_prefix(counter):
    data = real("pytest-v-ghview.txt")
    original = [ln.rstrip() for ln in data.decode().splitlines()]
    engine, result = compress(counter, data)
    view = result.output.decode().splitlines()
    assert result.content_type is ContentType.TERMINAL and result.method == "terminal"
    # Every line in view is an original line, prefix and all, in the original order.
    kept = content_lines(view)
    assert all(ln in original for ln in kept)
    positions = [original.index(ln) for ln in kept if ln.count(" ") > 2]  # unique, timestamped
    assert positions == sorted(positions)
    head = "test (3.11)\tRun pytest\t2026-11-30T15:10:17."
    assert view[0] == head + "6396742Z ##[group]Run python -m pytest test_calc.py -v"
    # The runner's echo of the step (script, shell) is setup chatter: one marker, no prefix.
    assert view[1] == "… 3 lines elided (caveman): an Actions group's body with no error, warning or failure in it …"
    assert "… 32 lines elided (caveman): 31 passing-test lines; 1 blank line …" in view
    assert "… 6 lines elided (caveman): 5 passing-test lines; 1 blank line …" in view
    assert head + "6399450Z test_calc.py::test_parse_prerelease FAILED                               [ 84%]" in view
    assert head + "6400623Z E   ValueError: invalid literal for int() with base 10: '3rc1'" in view
    assert head + "6401283Z E         Full diff: (-: missing in left side, +: extra in left side)" in view
    assert head + "6401623Z FAILED test_calc.py::test_dict_merge - AssertionError: assert {'x': 1, 'y': 3..." in view
    assert view[-1] == head + "6401728Z ##[error]Process completed with exit code 1."
    assert not any(ln.endswith("PASSED" + " " * 5) or " PASSED " in ln for ln in view)
    assert engine.retrieve(result.handle) == data


def test_ts_prefixed_jest_keeps_the_expected_and_received_lines(counter):
    data = real("jest-ts.txt")
    _, result = compress(counter, data)
    view = result.output.decode().splitlines()
    assert result.content_type is ContentType.TERMINAL
    # As a log these three were elided; a failure's message is never cut.
    for line in ("2026-11-30T15:10:26.989914Z     expect(received).toBe(expected) // Object.is equality",
                 "2026-11-30T15:10:26.989931Z     Expected: 5",
                 "2026-11-30T15:10:26.989940Z     Received: 6",
                 "2026-11-30T15:10:26.989792Z     Expected: \"a\"",
                 "2026-11-30T15:10:26.989800Z     Received: \"-a-\"",
                 "2026-11-30T15:10:26.989712Z     ✕ trims (3 ms)",
                 "2026-11-30T15:10:26.989730Z     ✕ upper bound (5 ms)"):
        assert line in view
    assert view[3] == "… 22 lines elided (caveman): 22 passing-test lines …"
    original = [ln.rstrip() for ln in data.decode().splitlines()]
    assert all(ln in original for ln in content_lines(view))


def test_pnpm_interleaved_streams_are_regrouped_under_a_marker_each_line_with_its_package(counter):
    data = real("pnpm-parallel-nobail.txt")
    original = [ln.rstrip() for ln in data.decode().splitlines()]
    _, result = compress(counter, data)
    view = result.output.decode().splitlines()
    assert result.content_type is ContentType.TERMINAL
    assert view[0] == REGROUPED
    assert view[1:6] == original[:5]  # `Scope:` and the four `pkg test$ cmd` headers
    kept = content_lines(view)
    assert all(ln in original for ln in kept)
    streams = [ln.split(":", 1)[0] for ln in kept if ln.startswith("packages/") and " test: " in ln]
    # One contiguous run per package, in order of first appearance.
    runs = [s for i, s in enumerate(streams) if i == 0 or streams[i - 1] != s]
    assert runs == ["packages/gamma test", "packages/beta test", "packages/alpha test", "packages/delta test"]
    for line in ("packages/gamma test: not ok 15 - queue drains in order",
                 "packages/beta test:     1) splits csv",
                 "packages/alpha test:     Received: 6",
                 "packages/delta test: src/index.ts(5,14): error TS2322: Type 'string' is not assignable to type 'number'.",
                 "\u2009ERROR\u2009 @ws/gamma@1.0.0 test: `node --test`"):
        assert line in view
    assert "… 71 lines elided (caveman): 56 passing-test lines; 15 progress lines …" in view


def test_sequential_stream_runs_are_not_regrouped():
    # The streams of pnpm-seq speak one after another only if their lines form one run each.
    data = b"".join(b"pkg-a:test: ok %d\n" % i for i in range(6)) + b"".join(b"pkg-b:test: ok %d\n" % i for i in range(6))
    names = [ln.split(b":test:")[0] for ln in data.splitlines()]
    assert not line_prefix._interleaved(names)  # type: ignore[arg-type]
    assert line_prefix._interleaved(names[:3] + names[6:] + names[3:6])  # type: ignore[arg-type]


def test_timestamped_application_log_stays_a_log_as_today(counter, monkeypatch):
    # HDFS log lines (the corpus's) through `ts`, and as an Actions step's output (runner lines
    # and `gh run view` prefix by the mimicking script): the body is a log, so nothing is stripped.
    views = {}
    for name in ("applog-hdfs-ts.txt", "gha-applog-hdfs.txt"):
        data = real(name)
        assert line_prefix._cheap_kind(data) == "ci"
        assert line_prefix.strip(data, detect_mod.detect) is None
        _, result = compress(counter, data)
        assert result.content_type is ContentType.LOG and result.method == "log"
        views[name] = result.output
    monkeypatch.setattr(line_prefix, "strip", lambda data, body_type: None)
    for name, view in views.items():
        assert compress(counter, real(name))[1].output == view


def test_timestamped_json_lines_are_not_stripped_for_a_compressor_that_reserialises(counter, monkeypatch):
    # JSON records through `ts`: stripped, the body is JSON Lines, whose compressor re-encodes the
    # records, so no line could get its timestamp back and the payload passed through whole.
    data = real("jsonl-ts.txt")
    assert line_prefix._cheap_kind(data) == "ci"
    assert line_prefix.strip(data, detect_mod.detect) is None
    view = compress(counter, data)[1]
    assert view.content_type is ContentType.TABULAR and view.handle
    monkeypatch.setattr(line_prefix, "strip", lambda data, body_type: None)
    assert compress(counter, data)[1].output == view.output


def test_tool_text_that_merely_starts_lines_with_a_word_and_colon_is_not_a_prefix():
    fuzz = (GOLANG / "go-test-fuzz.txt").read_bytes()
    assert line_prefix.strip(fuzz, detect_mod.detect) is None  # `fuzz: elapsed …` is go's own text
    pip = b"".join(b"ERROR: Could not find a version that satisfies the requirement p%d\n" % i for i in range(9))
    assert line_prefix.strip(pip, detect_mod.detect) is None
    assert line_prefix._cheap_kind(b'{"a": 1}\n' * 20) is None


def test_restore_declines_when_lines_cannot_be_traced_or_an_error_line_is_gone():
    data = real("pytest-v-ghview.txt")
    layer = line_prefix.strip(data, detect_mod.detect)
    assert layer is not None
    assert line_prefix.restore(layer, layer.body) is not None
    assert line_prefix.restore(layer, b"made up line %d\n" * 0 + b"".join(b"made up %d\n" % i for i in range(10))) is None
    without_error = b"\n".join(ln for ln in layer.body.split(b"\n") if not ln.startswith(b"##[error]"))
    assert line_prefix.restore(layer, without_error) is None
    # A restructuring compressor's view, or a failed restore, is the original: never bare lines.
    unwrapped = listing.unwrap(data)
    assert listing.rewrap(unwrapped, layer.body, restructured=True) == data
    assert listing.rewrap(unwrapped, b"x\n" * 20, restructured=False) == data


def test_restore_gives_back_the_whole_input_when_nothing_was_elided():
    for name in ("pytest-v-ghview.txt", "jest-ts.txt"):
        data = real(name)
        layer = line_prefix.strip(data, detect_mod.detect)
        assert layer is not None and layer.regrouped == 0
        restored = line_prefix.restore(layer, layer.body)
        if b"##[group]" not in data:
            assert restored == data


def test_same_input_same_view(counter):
    data = real("pnpm-seq.txt")
    first = compress(counter, data)[1].output
    assert first == compress(counter, data)[1].output
    assert first.startswith(REGROUPED.encode() + b"\n")


def test_real_actions_log_excerpt_with_a_multiline_annotation_is_not_cut_as_a_log(counter):
    # A stored real Actions log (vitest failure; the excerpt starts mid-line and its `##[error]`
    # annotation runs on over unprefixed lines). As a log, `→ expected 3 to be 4` and the
    # `- 4` / `+ 3` diff were elided; read as tool output the view would save under 10%, so the
    # whole log passes through.
    data = real("gha-vitest-raw.txt")
    layer = line_prefix.strip(data, detect_mod.detect)
    assert layer is not None and detect_mod.detect(layer.body) is ContentType.TERMINAL
    _, result = compress(counter, data)
    assert result.output == data and result.content_type is ContentType.TERMINAL
    assert result.reason == "saves under 10%"


def test_turbo_streams_after_the_runners_own_header_are_recognised(counter):
    # turbo prints five lines of its own before the `@scope/pkg:task: ` streams; read as a whole
    # the output detected as code and passed through (the code compressor declined).
    data = real("turbo-test.txt")
    original = [ln.rstrip() for ln in data.decode().splitlines()]
    _, result = compress(counter, data)
    view = result.output.decode().splitlines()
    assert result.content_type is ContentType.TERMINAL and result.handle
    assert view[0] == REGROUPED
    assert view[1:6] == original[:5]
    assert all(ln in original for ln in content_lines(view))
    for line in ("@ws/beta:test:     1) splits csv",
                 "@ws/alpha:test:     Received: 6",
                 "@ws/gamma:test: not ok 15 - queue drains in order",
                 "@ws/delta:test: src/index.ts(6,49): error TS2339: Property 'nmae' does not exist on type 'User'.",
                 "@ws/gamma#test: command (/tmp/pfx/ws/packages/gamma) /usr/bin/pnpm run test exited (1)",
                 "Failed:    @ws/alpha#test, @ws/beta#test, @ws/delta#test, @ws/gamma#test",
                 " ERROR  run failed: command  exited (2)"):
        assert line in view
    # The runner's own closing lines stay last, in their order.
    assert view[-1] == " ERROR  run failed: command  exited (2)"


def test_a_short_line_right_after_a_counted_elision_gets_the_prefix_of_the_line_it_is():
    lines = [b"start", b"---", b"one", b"two", b"---", b"finished"]
    prefixes = tuple(b"2024-05-01T10:00:0%d.1234567Z " % i for i in range(6))
    body = b"\n".join(lines) + b"\n"
    layer = line_prefix.LinePrefix(b"".join(p + ln + b"\n" for p, ln in zip(prefixes, lines)), body, prefixes)
    view = "start\n… 3 lines elided (caveman): 3 other lines …\n---\nfinished\n".encode()
    assert line_prefix.restore(layer, view) == (
        "2024-05-01T10:00:00.1234567Z start\n… 3 lines elided (caveman): 3 other lines …\n"
        "2024-05-01T10:00:04.1234567Z ---\n2024-05-01T10:00:05.1234567Z finished\n").encode()
    # Without a count to go by, `---` could be either one: it is left bare, and 1 of 3 content
    # lines untraced is too many, so restoration is declined.
    assert line_prefix.restore(layer, "start\n[caveman: some lines elided]\n---\nfinished\n".encode()) is None


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["PASSED a", "FAILED b", "---", "", "E  x", "...", "ok 1", "summary"]),
                min_size=5, max_size=40),
       st.data())
def test_restored_lines_carry_a_prefix_of_a_body_line_with_the_same_text(texts, data):
    # A compressor that keeps a subsequence of lines, with counted markers over the gaps.
    prefixes = tuple(b"2024-05-01T10:00:%02d.0000001Z " % i for i in range(len(texts)))
    body = "".join(t + "\n" for t in texts).encode()
    layer = line_prefix.LinePrefix(b"".join(p + t.encode() + b"\n" for p, t in zip(prefixes, texts)), body, prefixes)
    keep = data.draw(st.lists(st.booleans(), min_size=len(texts), max_size=len(texts)))
    view, origin, gap = [], [], 0
    for i, (text, kept) in enumerate(zip(texts, keep)):
        if not kept:
            gap += 1
            continue
        if gap:
            view.append(f"… {gap} lines elided (caveman): {gap} other lines …")
            gap = 0
        view.append(text)
        origin.append(i)
    restored = line_prefix.restore(layer, "".join(v + "\n" for v in view).encode())
    assert restored is not None
    # Every line the markers place exactly gets the prefix of the very line it is.
    content = [ln for ln in restored.decode().splitlines() if "(caveman)" not in ln]
    assert len(content) == len(origin)
    for line, i in zip(content, origin):
        assert line == prefixes[i].decode() + texts[i]
