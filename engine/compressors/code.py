"""Source code: keep the shape, elide function bodies (tree-sitter, bundled grammars, offline).

What an agent reads a file for is its outline: imports, type and class definitions, fields,
and every signature. Bodies become `{ /* caveman: body elided */ }` (brace languages) or `...`
(Python, after the docstring's first line). Lines inside a body that raise or throw, or carry an
error message, are kept verbatim inside the marker: an agent chasing an error message is looking
for exactly the line that produces it. The result must re-parse without errors, else we decline.

The language is guessed from the content: parsers are tried in an order suggested by cheap
hints, and the first that parses a sample without errors wins (else the one with fewest errors).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from engine import patterns as P
from engine.compressors.code_comments import MIN_RUN, comment_runs
from engine.compressors.code_window import closers, window_cut
from engine.safety import SafetyClass
from engine.types import ContentType

LANGUAGES = ("python", "javascript", "typescript", "tsx", "go", "rust", "java", "c", "cpp")
_JS = ("javascript", "typescript", "tsx")

#: Node types that own a body worth eliding, per language.
FUNCTIONS: dict[str, frozenset[str]] = {
    "python": frozenset({"function_definition"}),
    "javascript": frozenset({"function_declaration", "function_expression", "function", "arrow_function",
                             "method_definition", "generator_function_declaration", "generator_function"}),
    "go": frozenset({"function_declaration", "method_declaration", "func_literal"}),
    "rust": frozenset({"function_item"}),
    "java": frozenset({"method_declaration", "constructor_declaration"}),
    "c": frozenset({"function_definition"}),
    "cpp": frozenset({"function_definition", "lambda_expression"}),
}
FUNCTIONS["typescript"] = FUNCTIONS["tsx"] = FUNCTIONS["javascript"]
BLOCKS = frozenset({"block", "statement_block", "compound_statement", "constructor_body"})

BRACE_MARK = "{ /* caveman: body elided */ }"
#: Parsed around the middle of a window cut inside a class body (JS/TS/Java/C++ all read it).
MEMBER_WRAPPER = (b"class __caveman_window {\n", b"\n};\n")
PY_MARK = "..."
#: Error lines kept per body; more are counted, never silently dropped from the count.
MAX_KEPT_LINES = 8
#: Bytes of the input the language guess parses (tree-sitter crawls through garbage at ~200 KB/s).
GUESS_SAMPLE = 16 * 1024
#: More of the best sample parse than this inside syntax errors: not code we can outline (a cut at
#: the sample's end costs a MISSING node or a short ERROR run).
MAX_ERROR_SHARE = 0.02
#: Inputs larger than this pass through: outlining runs at ~1.5 MB/s, and a file this big is
#: generated code, not something an agent reads for its outline.
MAX_INPUT = 4 * 1024 * 1024
#: A listing cut short parses with errors at its cut (a missing `}`, an unfinished function);
#: more of it inside errors than this, and it is not source we can outline.
MAX_TRUNCATION_SHARE = 0.05

#: Parse work allowed, in tree-sitter progress checks (one per 100 parser operations): a base
#: plus this many per input byte. Real code needs at most 0.017 per byte (measured on the
#: largest Python, JS, TS, Go, Rust, Java, C and C++ files at hand: typescript.js, lib.dom.d.ts,
#: sqlite-sized C); error recovery on garbage such as `)+)+…` needs 41 per byte and ran
#: 35-65 s on 16 KB in one grammar. Counting work, not time, keeps the outcome deterministic.
PARSE_CHECKS_BASE = 500
PARSE_CHECKS_PER_BYTE = 0.04
#: Bytes handed to the parser per read (a re-read after error recovery copies no more).
READ_CHUNK = 64 * 1024


def _parse(parser, data: bytes):  # type: ignore[no-untyped-def]
    """The tree, or None when parsing would take more work than real code of this size needs
    (the parser is reset so its next parse starts afresh)."""
    budget = PARSE_CHECKS_BASE + int(PARSE_CHECKS_PER_BYTE * len(data))
    checks = 0

    def over_budget(*_state: object) -> bool:
        nonlocal checks
        checks += 1
        return checks > budget

    # py-tree-sitter calls progress_callback only when the source is read through a callback;
    # a halted parse raises ValueError ("Parsing failed")
    try:
        tree = parser.parse(lambda offset, _point: data[offset:offset + READ_CHUNK], progress_callback=over_budget)
    except ValueError:
        tree = None
    if tree is None:
        parser.reset()
    return tree


@dataclass(frozen=True)
class _Elision:
    start: int
    end: int
    replacement: bytes
    plain: bytes


def _parser(language: str):  # type: ignore[no-untyped-def]
    """The bundled grammar's parser, or None when it cannot be had (a pack that downloads
    grammars and has no network, a missing wheel): then code passes through."""
    try:
        from tree_sitter_language_pack import get_parser  # heavy: only when code is compressed

        return get_parser(language)  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - any failure to load a grammar means "no outline"
        return None


def _macros_masked(data: bytes) -> bytes:
    """`data` with each lone macro line (CODE_LONE_MACRO_LINE) blanked to spaces, offsets kept."""
    if b"#" not in data:
        return data  # no preprocessor, no header
    return P.CODE_LONE_MACRO_LINE.sub(lambda m: b" " * len(m.group(0)), data)


def _badness(tree) -> int:  # type: ignore[no-untyped-def]
    """Bytes inside ERROR nodes plus one per MISSING node: 0 for a clean parse. (Counting error
    nodes is not enough: garbage becomes one ERROR node spanning everything.)"""
    root = tree.root_node
    if not root.has_error:
        return 0
    bad = 0
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error:
            bad += max(1, node.end_byte - node.start_byte)
        elif node.is_missing:
            bad += 1
        elif node.has_error:
            stack.extend(node.children)
    return max(bad, 1)


def _reparses(tree, allowed: int) -> bool:  # type: ignore[no-untyped-def]
    """The view parses clean, or (a listing cut short) with no more error bytes than its input."""
    return not tree.root_node.has_error or (allowed > 0 and _badness(tree) <= allowed)


def _candidates(text: str) -> list[str]:
    scores = {lang: 0 for lang in LANGUAGES}
    for lang, pattern in P.CODE_LANGUAGE_HINTS:
        scores[lang] = min(len(pattern.findall(text)), 50)
    order = {lang: i for i, lang in enumerate(LANGUAGES)}
    return sorted(LANGUAGES, key=lambda lang: (-scores[lang], order[lang]))


#: The first bytes of the sample, cut between top-level definitions, are parsed first: error
#: recovery is quadratic on some garbage in some grammars, between two of the work budget's
#: checks (`at =>at =>…` in Java and C: 0.35 s on 4 KB, 6 s on 16 KB), and a language that
#: reads the start as mostly errors cannot win on the whole sample.
GUESS_PREFIX = 4096
#: ... mostly: more than this share of a prefix that ends between definitions.
GARBAGE_SHARE = 0.5


def _top_level_cut(sample: bytes, size: int) -> bytes | None:
    """sample[:size] cut between top-level definitions (a blank line, then an unindented
    line); None when there is no such place."""
    head = sample[:size]
    boundary = P.CODE_TOP_LEVEL_REVERSED.search(head[::-1])
    cut = len(head) - boundary.end() + 2 if boundary else 0
    return head[:cut] if cut > 0 else None


def _garbage_start(parser, sample: bytes) -> bool:  # type: ignore[no-untyped-def]
    if len(sample) <= 2 * GUESS_PREFIX:
        return False
    prefix = _top_level_cut(sample, GUESS_PREFIX)
    if prefix is None:
        prefix = sample[:GUESS_PREFIX]
        prefix = prefix[:prefix.rfind(b"\n") + 1] or prefix
    # Close what the cut left open: one class spanning the file (as tsc and Babel emit it) or a
    # UMD wrapper around the module would otherwise be one ERROR node, and real code garbage.
    prefix += closers(prefix)
    tree = _parse(parser, prefix)
    return tree is None or _badness(tree) > GARBAGE_SHARE * len(prefix)


def guess_language(data: bytes) -> str | None:
    sample = data[:GUESS_SAMPLE]
    if len(data) > GUESS_SAMPLE:
        # Cut between top-level definitions (a blank line, then an unindented line), so the
        # sample does not end inside a function that every parser would call an error.
        boundary = P.CODE_TOP_LEVEL_REVERSED.search(sample[::-1])
        cut = len(sample) - boundary.end() + 2 if boundary else sample.rfind(b"\n")
        sample = sample[:cut] if cut > 0 else sample
        sample += closers(sample)
    if len(sample) > GUESS_PREFIX and b"\n" not in sample[:GUESS_PREFIX]:
        return None  # a first line of 4 KB: minified or generated, not a file read for its outline
    best: tuple[int, str] | None = None
    for lang in _candidates(sample.decode("utf-8", errors="replace")):
        parser = _parser(lang)
        if parser is None or _garbage_start(parser, sample):
            continue
        tree = _parse(parser, sample)
        if tree is None:
            continue  # not this language: no real code takes that much work
        errors = _badness(tree)
        if errors == 0:
            return lang
        if best is None or errors < best[0]:
            best = (errors, lang)
    return best[1] if best and best[0] <= max(64, MAX_ERROR_SHARE * len(sample)) else None


class CodeCompressor:
    content_type = ContentType.CODE
    safety_class = SafetyClass.S4

    def __init__(self) -> None:
        self._languages: dict[bytes, str] = {}

    def compress(self, data: bytes) -> bytes | None:
        if len(data) > MAX_INPUT or b"\x00" in data:
            return None
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return None
        out = self._outline(data)
        if out is None and (cut := window_cut(data)) is not None:
            # A window that starts or ends inside a body: those ends stay as they are, the
            # whole definitions between them are outlined.
            head, tail = cut
            middle = data[head:tail]
            outlines = [o for o in (self._outline(middle), self._outline_members(middle)) if o is not None]
            if not outlines:
                return None
            out = data[:head] + min(outlines, key=len) + data[tail:]
            language = self._languages.get(hashlib.sha256(middle).digest())
            if language is not None:
                self._remember(data, language)
        return out

    def _outline_members(self, middle: bytes) -> bytes | None:
        """The middle of a window cut inside a class (methods, fields, `public:`), outlined
        inside a class wrapper that is taken off again; None unless the wrapper comes back
        untouched."""
        wrapped = MEMBER_WRAPPER[0] + middle + MEMBER_WRAPPER[1]
        out = self._outline(wrapped, clean=True)
        if out is None or not out.startswith(MEMBER_WRAPPER[0]) or not out.endswith(MEMBER_WRAPPER[1]):
            return None
        language = self._languages.get(hashlib.sha256(wrapped).digest())
        if language is not None:
            self._remember(middle, language)
        return out[len(MEMBER_WRAPPER[0]):len(out) - len(MEMBER_WRAPPER[1])]

    def _outline(self, data: bytes, *, clean: bool = False) -> bytes | None:
        """The outline, or None; `clean`: None too unless the source parses without an error."""
        out = self._outline_parsed(data, data, clean=clean)
        if out is None and not clean and b"\n" in data and (masked := _macros_masked(data)) != data:
            # A C/C++ header whose lone macro lines stop the parse: outlined as parsed with those
            # lines blanked (same offsets), its view checked both ways (see _outline_parsed).
            out = self._outline_parsed(data, masked, clean=clean)
        return out

    def _outline_parsed(self, data: bytes, parsed: bytes, *, clean: bool) -> bytes | None:
        """The outline of `data`, its bodies found in `parsed`: `data` itself, or `data` with its
        lone macro lines blanked. A view of a blanked parse must parse (blanked) no worse than
        `parsed` does, and (as written) no worse than `data` does: the view never parses worse
        than the original."""
        masked = parsed is not data
        language = guess_language(parsed)
        if language is None or masked and language not in ("c", "cpp"):
            return None
        original = data
        data = parsed
        parser = _parser(language)
        if parser is None:
            return None
        tree = _parse(parser, data)
        if tree is None:
            return None
        if clean and tree.root_node.has_error:
            return None
        closing = b""
        if tree.root_node.has_error and (closing := closers(data)):
            # A listing cut short (a Read tool's first 2,000 lines) leaves brackets and a
            # header's include guard open: one ERROR node to the end. Parsed with them closed,
            # it reads as the code it is; the closers are never part of the view.
            closed = _parse(parser, data + closing)
            if closed is not None and _badness(closed) < _badness(tree):
                tree = closed
            else:
                closing = b""
        # (the texts kept, an elided body's error lines, are read from the original)
        elisions = [e for e in _collect(tree.root_node, original + closing, language, limit=len(data))
                    if e.end <= len(data)]
        if not elisions:
            return None
        # A listing cut short does not parse at its cut; its view must parse no worse, with no
        # error inside what was elided.
        allowed = _badness(tree) if tree.root_node.has_error else 0
        if allowed > MAX_TRUNCATION_SHARE * len(data):
            return None
        for variant in ("full", "plain"):
            out = _apply(data, elisions, plain=variant == "plain")
            reparsed = _parse(parser, out + closing) if out != data and len(out) < len(data) else None
            if reparsed is None or not _reparses(reparsed, allowed):
                continue
            if masked:
                out = _apply(original, elisions, plain=variant == "plain")
                before = _parse(parser, original + closing)
                after = _parse(parser, out + closing)
                if before is None or after is None or _badness(after) > _badness(before):
                    continue
            self._remember(original, language)
            return out
        return None

    def method(self, data: bytes, output: bytes) -> str:
        key = hashlib.sha256(data).digest()
        language = self._languages.get(key) or guess_language(data)
        return f"code:{language}" if language else "code"

    def _remember(self, data: bytes, language: str) -> None:
        if len(self._languages) >= 16:
            self._languages.pop(next(iter(self._languages)))
        self._languages[hashlib.sha256(data).digest()] = language


# ------------------------------------------------------------------ finding bodies


def _collect(root, data: bytes, language: str, limit: int | None = None) -> list[_Elision]:  # type: ignore[no-untyped-def]
    """The bodies and doc texts to elide; none reaching past `limit` (closers added to parse a
    listing cut short: what they close was cut, and stays whole in view)."""
    limit = len(data) if limit is None else limit
    functions = FUNCTIONS[language]
    found: list[_Elision] = []
    # Outline-level nodes, and those below a function kept whole (its comments are its own).
    # The order nodes are visited in does not matter: elisions are sorted at the end.
    stack = [root]
    inner: list = []  # type: ignore[type-arg]
    while stack or inner:
        outline = bool(stack)
        node = stack.pop() if outline else inner.pop()
        if language == "python" and node.type in ("module", "class_definition"):
            doc = _docstring_elision(node, data)
            if doc is not None:
                found.append(doc)
        elif node.type == "comment" and node.end_point[0] - node.start_point[0] >= 3:
            doc = _doc_comment_elision(node, data)
            if doc is not None:
                found.append(doc)
            continue
        # The function a listing was cut short in stays whole: the view shows where it stops.
        if node.type in functions and node.end_byte <= limit \
                and not (node.has_error and node.end_byte >= len(data.rstrip())) \
                and (node.type != "function_definition" or language == "python" or _declares_function(node)):
            body = node.child_by_field_name("body")
            if body is not None and body.type in BLOCKS and _worth_eliding(body, language):
                if language in _JS and (_nested_functions(body, functions) >= 2
                                        or _module_wrapper(node, body, root, functions)):
                    # A module pattern or a test suite: elide the functions inside it instead.
                    children = body.children
                    _comment_run_elisions(children, data, language, found)
                    stack.extend(children)
                    continue
                elision = _elision(body, data, language)
                if len(elision.replacement) >= body.end_byte - body.start_byte:
                    # The error lines are most of the body: the body itself says it best.
                    elision = _Elision(elision.start, elision.end, data[body.start_byte:body.end_byte],
                                       elision.plain)
                found.append(elision)
                continue
        children = node.children
        if outline and node.type not in functions:
            if len(children) >= MIN_RUN:
                _comment_run_elisions(children, data, language, found)
            stack.extend(children)
        else:
            inner.extend(children)
    found.sort(key=lambda e: e.start)
    return found


#: Declarators that wrap a function's declarator (`*f(…)`, `&f(…)`, `(f)(…)`).
_WRAPPING_DECLARATORS = frozenset({"pointer_declarator", "reference_declarator", "parenthesized_declarator",
                                   "attributed_declarator"})


def _declares_function(node) -> bool:  # type: ignore[no-untyped-def]
    """A C/C++ function_definition whose declarator is a function's. An export macro the grammar
    cannot expand (`class U_I18N_API GenderInfo : public UObject {`) makes a class read as a
    function named by an identifier: eliding its "body" hid every member."""
    declarator = node.child_by_field_name("declarator")
    while declarator is not None and declarator.type in _WRAPPING_DECLARATORS:
        declarator = declarator.child_by_field_name("declarator") or next(
            (c for c in declarator.named_children if c.type.endswith("declarator")), None)
    return declarator is not None and declarator.type in ("function_declarator", "operator_cast")


def _comment_run_elisions(children: list, data: bytes, language: str, found: list[_Elision]) -> None:  # type: ignore[type-arg]
    marker = b"#" if language == "python" else b"//"
    found.extend(_Elision(start, end, kept, kept) for start, end, kept in comment_runs(children, data, marker))


def _worth_eliding(body, language: str) -> bool:  # type: ignore[no-untyped-def]
    rows = body.end_point[0] - body.start_point[0]
    # A one-line body costs about what its marker costs, and says more.
    return rows >= 1 if language == "python" else rows >= 2


#: Anonymous function kinds that wrap a whole module (UMD/AMD factories, IIFEs).
_WRAPPER_KINDS = frozenset({"function_expression", "function", "arrow_function"})


def _module_wrapper(node, body, root, functions: frozenset[str]) -> bool:  # type: ignore[no-untyped-def]
    """An anonymous function holding most of the file and a function of its own: a UMD/AMD
    factory or IIFE around the module. Eliding it hid the module's whole outline."""
    if node.type not in _WRAPPER_KINDS:
        return False
    rows = root.end_point[0] - root.start_point[0] + 1
    return 2 * (body.end_point[0] - body.start_point[0]) >= rows and _nested_functions(body, functions) >= 1


def _nested_functions(body, functions: frozenset[str]) -> int:  # type: ignore[no-untyped-def]
    """Nested functions with bodies worth eliding on their own (callbacks, not one-liners)."""
    count = 0
    stack = list(body.children)
    while stack and count < 2:
        node = stack.pop()
        if node.type in functions:
            inner = node.child_by_field_name("body")
            if inner is not None and inner.type in BLOCKS and inner.end_point[0] - inner.start_point[0] >= 3:
                count += 1
            continue
        stack.extend(node.children)
    return count


def _elision(body, data: bytes, language: str) -> _Elision:  # type: ignore[no-untyped-def]
    if language == "python":
        return _python_elision(body, data)
    lines = data[body.start_byte:body.end_byte].decode("utf-8", errors="replace").split("\n")
    inner = lines[1:-1]
    kept = [ln for ln in _error_lines(inner) if "*/" not in ln
            and not (language == "rust" and "/*" in ln)]
    plain = BRACE_MARK.encode()
    if not kept:
        return _Elision(body.start_byte, body.end_byte, plain, plain)
    head = _kept_header(len(kept))
    shown = kept[:MAX_KEPT_LINES]
    replacement = "{ /* caveman: body elided " + head + "\n" + "\n".join(shown) + "\n*/ }"
    return _Elision(body.start_byte, body.end_byte, replacement.encode(), plain)


def _error_lines(lines: list[str]) -> list[str]:
    """The body lines that raise, or that name or print an error or warning message."""
    # One search over the whole body first: most bodies raise nothing.
    body = "\n".join(lines)
    if not P.CODE_ERROR_LINE_ANY.search(body) and not P.CODE_MESSAGE_LINE_ANY.search(body):
        return []
    return [ln for ln in lines if P.CODE_ERROR_LINE.search(ln) or P.CODE_MESSAGE_LINE.search(ln)]


def _kept_header(total: int) -> str:
    if total <= MAX_KEPT_LINES:
        return f"but for its {total} error line{'s' if total != 1 else ''}:"
    return f"but for {MAX_KEPT_LINES} of its {total} error lines:"


def _python_elision(body, data: bytes) -> _Elision:  # type: ignore[no-untyped-def]
    line_start = data.rfind(b"\n", 0, body.start_byte) + 1
    lead = data[line_start:body.start_byte].decode("utf-8", errors="replace")
    # The block's own indentation, tabs and all (a one-line `def f(): x` has none to reuse).
    indent = lead if not lead.strip() else " " * 4
    # Whole lines, so a body that opens with `raise` is scanned too.
    lines = data[line_start:body.end_byte].decode("utf-8", errors="replace").split("\n")
    parts: list[str] = []
    first = _docstring_node(body)
    if first is not None:
        doc = _docstring_line(data[first.start_byte:first.end_byte].decode("utf-8", errors="replace"))
        if doc:
            parts.append(doc)
    kept = [ln for ln in _error_lines(lines) if '"""' not in ln
            and not ln.rstrip().endswith("\\")]
    plain_text = f"\n{indent}".join(parts + [PY_MARK])
    if not kept:
        return _Elision(body.start_byte, body.end_byte, plain_text.encode(), plain_text.encode())
    shown = kept[:MAX_KEPT_LINES]
    note = f'"""caveman: body elided {_kept_header(len(kept))}\n' + "\n".join(shown) + f'\n{indent}"""'
    replacement = f"\n{indent}".join(parts + [note])
    return _Elision(body.start_byte, body.end_byte, replacement.encode(), plain_text.encode())


def _docstring_node(block):  # type: ignore[no-untyped-def]
    # Comments are not statements: a docstring under an author or licence comment is still one.
    first = next((child for child in block.named_children if child.type != "comment"), None) \
        if block is not None else None
    if first is not None and first.type == "expression_statement" and first.named_child_count == 1:
        first = first.named_children[0]
    return first if first is not None and first.type == "string" else None


def _docstring_elision(node, data: bytes) -> _Elision | None:  # type: ignore[no-untyped-def]
    """A module's or class's multi-line docstring reduced to its first line."""
    block = node if node.type == "module" else node.child_by_field_name("body")
    doc = _docstring_node(block)
    if doc is None or doc.start_point[0] == doc.end_point[0]:
        return None
    line = _docstring_line(data[doc.start_byte:doc.end_byte].decode("utf-8", errors="replace"))
    if line is None:
        return None
    return _Elision(doc.start_byte, doc.end_byte, line.encode(), line.encode())


def _doc_comment_elision(node, data: bytes) -> _Elision | None:  # type: ignore[no-untyped-def]
    """A `/** … */` doc comment reduced to its summary line and its `@param`/`@returns`/`@throws`
    tags (the outline of an API); examples and prose go, like a docstring past its first line."""
    text = data[node.start_byte:node.end_byte].decode("utf-8", errors="replace")
    if not text.startswith("/**"):
        return None
    lines = text.split("\n")
    kept: list[str] = [lines[0]]
    summary = lines[0][3:].strip() not in ("", "*")
    for line in lines[1:-1]:
        content = line.strip().lstrip("*").strip()
        if content.startswith("@") or (not summary and content):
            kept.append(line)
            summary = True
    kept.append(lines[-1])
    if len(kept) == len(lines):
        return None
    replacement = "\n".join(kept).encode()
    return _Elision(node.start_byte, node.end_byte, replacement, replacement)


def _docstring_line(literal: str) -> str | None:
    """The docstring reduced to its first non-empty line, still a valid string literal."""
    m = P.PY_STRING_QUOTE.match(literal)
    if m is None:
        return None
    prefix, quote = m.groups()
    content = literal[m.end():]
    if "\n" not in literal:
        return literal
    first = next((ln.strip() for ln in content.split("\n") if ln.strip()), "")
    if first.endswith(quote):
        first = first[: -len(quote)].rstrip()
    if not first or quote in first or first.endswith("\\"):
        return None
    return f"{prefix}{quote}{first}{quote}"


def _apply(data: bytes, elisions: list[_Elision], *, plain: bool) -> bytes:
    out: list[bytes] = []
    pos = 0
    for e in elisions:
        if e.start < pos:
            continue
        out.append(data[pos:e.start])
        out.append(e.plain if plain else e.replacement)
        pos = e.end
    out.append(data[pos:])
    return b"".join(out)
