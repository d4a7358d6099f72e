"""Source files as coding agents read them (cat, cat -n, a Read tool's `N→` gutter, windows),
trimmed real files under tests/fixtures/real/codefiles/: the outline keeps its true line numbers
on every line it shows, and code is read as code."""
from __future__ import annotations

import re
from pathlib import Path

from tests.real_views import engine_view

REAL = Path(__file__).parent / "fixtures" / "real" / "codefiles"
GUTTER = re.compile(r"^( *\d+)(\t|→)")
#: Lines the code compressor writes itself: they carry no number.
OWN = re.compile(r"^\s*(\.\.\.|\"\"\"|\*/ \}|.*\(caveman\)|.*\"\"\"caveman: body elided.*)$")


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


def numbered_view(counter, name: str) -> tuple[list[str], list[tuple[int | None, str]]]:  # noqa: ANN001
    """The source lines of the listing, and each view line as (its number or None, its text)."""
    data = real(name).decode()
    source = [GUTTER.sub("", ln, count=1) for ln in data.split("\n")]
    rows: list[tuple[int | None, str]] = []
    for line in engine_view(counter, real(name)).rstrip("\n").split("\n"):
        m = GUTTER.match(line)
        rows.append((int(m.group(1)), line[m.end():]) if m else (None, line))
    return source, rows


def true_number(source: list[str], number: int, text: str) -> bool:
    """The view line says what source line `number` says (an elided body's opener, or a
    docstring cut to its first line, as the code compressor writes them)."""
    original = source[number - 1]
    if text == original:
        return True
    if " { /* caveman: body elided" in text:
        head = text.split(" { /* caveman: body elided")[0]
        return original.rstrip() == head + " {" or original.startswith(head + " { //")
    if text.endswith(('"""', "'''")):
        quote = text[-3:]
        summary = text.strip()[3:-3].strip()
        return original.rstrip() == text[:-3] or (original.strip() == quote
                                                  and source[number].strip().startswith(summary))
    return False


def test_outline_of_a_numbered_listing_numbers_every_line_it_shows(counter) -> None:
    # queue.py under `cat -n`: `empty()` opens a multi-line docstring whose first line reads
    # just like _PySimpleQueue.empty's one-line docstring 200 lines on. Cut to its first line by
    # the code compressor, it was traced to that later line, the cursor jumped past everything
    # between, under half the lines traced, and the whole view lost its gutter (109 lines).
    source, rows = numbered_view(counter, "catn-queue-py.out")
    unnumbered = [text for number, text in rows if number is None and text.strip() and not OWN.match(text)]
    assert unnumbered == []
    assert all(true_number(source, n, t) for n, t in rows if n is not None)
    assert (98, "        '''Return True if the queue is empty, False otherwise (not reliable!).'''") in rows


def test_lines_after_an_elided_body_keep_their_numbers(counter) -> None:
    # utils.ts (TanStack Query, MIT) under a Read tool's `N→` gutter: after an elided body the
    # cursor stayed inside it, so the `}`, `*/`, `/**` and blank lines that came next (each too
    # short to be traced anywhere but at the cursor) were shown without a number (29 lines).
    source, rows = numbered_view(counter, "read-query-utils-ts.out")
    unnumbered = [text for number, text in rows if number is None and text.strip() and not OWN.match(text)]
    assert unnumbered == []
    assert all(true_number(source, n, t) for n, t in rows if n is not None)
    closers = [(n, t) for n, t in rows if t.strip() in ("}", "*/", "/**")]
    assert len(closers) > 40 and all(source[n - 1] == t for n, t in closers)


def test_module_docstring_opening_alone_keeps_the_number_of_its_quotes(counter) -> None:
    # operator.py: `"""` alone on line 1, `Operator Interface` on line 2; the view's
    # `"""Operator Interface"""` traced to neither and had no number.
    source, rows = numbered_view(counter, "catn-operator-py.out")
    assert rows[0] == (1, '"""Operator Interface"""')
    assert [text for number, text in rows if number is None and text.strip() and not OWN.match(text)] == []
    assert all(true_number(source, n, t) for n, t in rows if n is not None)


# ---------------------------------------------------------------- code with `key: value` lines


def test_code_whose_fields_read_as_yaml_keys_is_code(counter) -> None:
    # A TypeScript overload list (`fn1: UnaryFunction<T, A>,`), a Rust struct's fields
    # (`dwSize: DWORD,`) and a Go switch (`case xArgCR0: …`) are `key: value`-shaped: the YAML
    # guard read them as YAML, detect said text, and the text reader elided overloads, struct
    # fields and map entries as look-alike sections ("… 7 sections elided").
    from engine.detect import detect
    from engine.types import ContentType

    for name in ("cat-rxjs-pipe-ts.out", "cat-winapi-fileapi-rs-head200.out", "cat-x86asm-plan9x-go.out"):
        data = real(name)
        assert detect(data) == ContentType.CODE, name
        view = engine_view(counter, data)
        assert "sections elided" not in view, name
        original = data.decode().split("\n")
        shown = set(view.split("\n"))
        heads = {ln.split(" { /* caveman")[0] for ln in shown if "{ /* caveman" in ln}
        # every signature, overload and field line stays
        for line in original:
            if re.match(r"^(export function|func |pub (const|type|fn)|STRUCT!|\s+\w+: \w)", line):
                assert line in shown or line.rstrip(" {") in heads, (name, line)
    pipe = engine_view(counter, real("cat-rxjs-pipe-ts.out"))
    assert pipe.count("export function pipe") == real("cat-rxjs-pipe-ts.out").decode().count("export function pipe") == 13


def test_json_with_trailing_commas_is_still_config() -> None:
    # Quoted keys are JSON's or YAML's, never a struct's fields: an .eslintrc stays config.
    from engine.detect import detect
    from engine.types import ContentType

    eslintrc = (b'{\n\t"root": true,\n\n\t"extends": "@ljharb",\n\n\t"rules": {\n\t\t"func-name-matching": 0,\n'
                b'\t\t"indent": [2, 4],\n\t\t"no-new-func": [1],\n\t},\n\n\t"overrides": [\n\t\t{\n'
                b'\t\t\t"files": "test/**",\n\t\t\t"rules": {\n\t\t\t\t"max-lines-per-function": 0,\n'
                b'\t\t\t\t"strict": [0]\n\t\t\t},\n\t\t},\n\t],\n}\n')
    assert detect(eslintrc) == ContentType.CONFIG


def test_ruby_source_is_code_and_keeps_every_method(counter) -> None:
    # Ruby ends its blocks with `end` and calls without parentheses: under 40% of its lines
    # looked like code, so a Ruby file read as text, and the text reader elided five of
    # molinillo's delegate methods, `def` lines and all, as "… 5 sections elided".
    from engine.detect import detect
    from engine.types import ContentType

    for name in ("cat-molinillo-resolution-state-rb.out", "cat-rdoc-text-rb.out"):
        data = real(name)
        assert detect(data) == ContentType.CODE, name
        view = engine_view(counter, data).split("\n")
        defs = [ln for ln in data.decode().split("\n") if ln.lstrip().startswith("def ")]
        assert len(defs) >= 8 and all(d in view for d in defs), name


def test_window_of_a_java_class_with_javadoc_tags_is_code_not_html(counter) -> None:
    # `cat -n` of lines 2000-2300 of ConcurrentHashMap.java: every line indented (no `class` at
    # the margin) and Javadoc full of `<p>`: read as HTML, the view was two lines of prose, every
    # signature and line number gone.
    from engine.detect import detect
    from engine.listing import unwrap
    from engine.types import ContentType

    data = real("catn-concurrenthashmap-java-2000-2300.out")
    assert detect(unwrap(data).body) == ContentType.CODE
    source, rows = numbered_view(counter, "catn-concurrenthashmap-java-2000-2300.out")
    source = [""] * 1999 + source  # the window starts at line 2000
    assert all(true_number(source, n, t) for n, t in rows if n is not None)
    signatures = [ln for ln in source if ln.startswith("    public ") and ln.rstrip().endswith("{")]
    shown = {t.split(" { /* caveman")[0] + " {" for n, t in rows if "{ /* caveman" in t}
    assert len(signatures) >= 8 and all(sig.rstrip() in shown for sig in signatures)


def test_window_that_starts_inside_a_doc_comment_is_outlined(counter) -> None:
    # Read(offset=333, limit=150) of queryObserver.ts (TanStack Query, MIT) lands inside a
    # `/** … */` comment: its prose read as code, no grammar parsed the window and it passed
    # through whole. The comment's tail stays as it is; the members after it are outlined.
    source, rows = numbered_view(counter, "read-queryobserver-ts-334-483.out")
    source = [""] * 333 + source
    assert rows[0] == (334, source[333]) and rows[7] == (341, "   */")
    assert any("{ /* caveman: body elided" in t for n, t in rows)
    assert all(true_number(source, n, t) for n, t in rows if n is not None)
    assert [t for n, t in rows if n is None and t.strip() and not OWN.match(t)] == []
