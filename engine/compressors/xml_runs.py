"""An XML document read as text (a Cobertura coverage.xml, an SVG, a catalogue, `xmllint --format`
output): its long runs of look-alike leaf elements folded, every other line kept.

Read as sections, a coverage report kept a few of its `<class filename=… line-rate=…>` lines and
elided the rest with its 12,000 `<line number=… hits=…/>` elements: the list of files the agent
reads a report for was cut. Here the container lines (the document's structure and its
enumeration) all stay; only a run of sibling leaves of one tag at one indent is folded, its head
and tail shown, every leaf that reports a problem or is shaped unlike the rest kept in place, and
the marker states what the elided leaves hold (their attributes' invariants; for coverage lines,
the exact uncovered line numbers).
"""
from __future__ import annotations

from collections import Counter

from engine.compressors import invariants
from engine.patterns import XML_ATTRIBUTE, XML_LEAF_LINE, XML_PROBLEM_LEAF

#: Sibling leaves a run needs before it is folded (a pom's five `<dependency>` fields are not a run).
RUN_MIN = 8
#: Leaves shown at the head and tail of a folded run.
HEAD = 2
TAIL = 1
#: Share of the non-blank lines that must start with a tag for the text to be read as XML.
TAG_LINE_SHARE = 0.6
#: Fewest leaves one marker stands for (as the other compressors' runs of three).
SPAN_MIN = 3
#: An attribute layout at most this share of its run marks its leaves as odd ones (kept).
ODD_SHARE = 0.05
#: Fewest lines worth reading as XML (a short fragment reads as prose).
MIN_LINES = 8
#: A line this long holding `><` is a document written on one line (pytest's junit.xml): the
#: view splits it at its tag boundaries, so its look-alike elements become runs of lines.
ONE_LINE_MIN = 1000


def is_document(text: str) -> bool:
    """An XML document written an element a line: starts with a tag, ends with one, and most
    lines are tags (a JUnit report's failure texts are part of it, however long)."""
    head = text.lstrip()[:2]
    if head[:1] != "<" or not (head[1:2].isalpha() or head[1:2] in ("?", "!")) or not text.rstrip().endswith(">"):
        return False
    if "<testsuite" in text[:4096]:
        return True
    nonblank = [ln for ln in text.split("\n") if ln.strip()]
    if len(nonblank) < MIN_LINES:
        return False
    tagged = sum(1 for ln in nonblank if ln.lstrip()[:1] == "<")
    return tagged >= TAG_LINE_SHARE * len(nonblank)


def written_on_one_line(text: str) -> bool:
    """Elements run on past ONE_LINE_MIN characters of a line (and no CDATA section, whose
    text may hold `><` that is no tag boundary)."""
    return "<![CDATA[" not in text and any(len(ln) > ONE_LINE_MIN and "><" in ln for ln in text.split("\n"))


def split_elements(text: str) -> str:
    """The document with a line break at every tag boundary `><` (outside a CDATA section XML
    text holds no bare `<`), an empty element's `<a …></a>` kept on one line."""
    pieces = text.replace("><", ">\n<").split("\n")
    out: list[str] = []
    for piece in pieces:
        if out and piece.startswith("</") and out[-1].startswith("<") and out[-1].endswith(">") \
                and not out[-1].endswith("/>") and "\n" not in out[-1] \
                and out[-1][1:].split(None, 1)[0].rstrip(">") == piece[2:-1].strip():
            out[-1] += piece
        else:
            out.append(piece)
    return "\n".join(out)


def document(text: str) -> str | None:
    """The text as an XML document an element a line (one written on one line split at its
    tag boundaries), or None when it is no such document."""
    if written_on_one_line(text):
        text = split_elements(text)
    return text if is_document(text) else None


def fold(text: str, query: str | None = None) -> str | None:
    """The document (as document() gives it) with its long leaf runs folded; None when no run was."""
    lines = text.split("\n")
    leaves = [XML_LEAF_LINE.match(ln) if "<" in ln else None for ln in lines]
    terms = _query_terms(query)
    preserve = "xml:space='preserve'" in text or 'xml:space="preserve"' in text
    out: list[str] = []
    elided_bytes = 0
    i, n = 0, len(lines)
    while i < n:
        first = leaves[i]
        if first is None:
            out.append(lines[i])
            i += 1
            continue
        j = i + 1
        while j < n and leaves[j] is not None and leaves[j].group(1) == first.group(1) \
                and leaves[j].group(2) == first.group(2):
            j += 1
        if j - i >= RUN_MIN and not _names_only(leaves[i:j]):
            elided_bytes += _fold_run(lines[i:j], leaves[i:j], terms, out, preserve)
        else:
            out.extend(lines[i:j])
        i = j
    if not elided_bytes:
        return None
    if elided_bytes >= invariants.NOTE_THRESHOLD_BYTES:
        tail = out.pop() if out and out[-1] == "" else None
        out.append(invariants.note_line("elements"))
        if tail is not None:
            out.append(tail)
    return "\n".join(out)


def _names_only(leaves: list) -> bool:
    """Leaves holding only a text, no attribute (`<module>core</module>`, `<include>path</include>`):
    a list of names the agent reads whole, not records to count."""
    return all(not m.group(3).strip() and m.group(4) is not None for m in leaves)


def _query_terms(query: str | None) -> list[str]:
    return sorted({w for w in (query or "").lower().split() if len(w) >= 3})


def _fold_run(lines: list[str], leaves: list, terms: list[str], out: list[str], preserve: bool = False) -> int:
    """Append the run's view to `out`; the bytes it elided."""
    n = len(lines)
    fields = [_fields(m, preserve) for m in leaves]
    layouts = Counter(tuple(f) for f in fields)
    odd_limit = max(1, int(ODD_SHARE * n))
    keep = [k < HEAD or k >= n - TAIL for k in range(n)]
    for k, line in enumerate(lines):
        if keep[k]:
            continue
        if XML_PROBLEM_LEAF.search(line) or layouts[tuple(fields[k])] <= odd_limit:
            keep[k] = True
        elif terms and any(t in line.lower() for t in terms):
            keep[k] = True
    indent, tag = leaves[0].group(1), leaves[0].group(2)
    elided = 0
    k = 0
    while k < n:
        if keep[k]:
            out.append(lines[k])
            k += 1
            continue
        end = k
        while end < n and not keep[end]:
            end += 1
        if end - k < SPAN_MIN:  # a marker would save next to nothing
            out.extend(lines[k:end])
        else:
            span_bytes = sum(len(ln.encode("utf-8")) + 1 for ln in lines[k:end])
            out.append(_marker(indent, tag, fields[k:end], span_bytes))
            elided += span_bytes
        k = end
    return elided


def _fields(match, preserve: bool = False) -> dict[str, str]:
    """A leaf's attributes (in document order) and its text, as invariants' fields. Under
    `xml:space='preserve'` (clang-format's replacements: a space, a newline and an indent are
    the whole edit) white space is the text: a text holding any is stated quoted, never trimmed
    or called absent."""
    found = {m.group(1): m.group(2) if m.group(2) is not None else m.group(3)
             for m in XML_ATTRIBUTE.finditer(match.group(3))}
    text = match.group(4)
    if text is not None and preserve and text and text != text.strip():
        found["text"] = f'"{text}"'
    elif text is not None and text.strip():
        found["text"] = text.strip()
    return found


def _marker(indent: str, tag: str, fields: list[dict[str, str]], span_bytes: int) -> str:
    count = len(fields)
    # a JUnit test case written as one empty element has no failure, error or skipped child
    parts = [f"{count} passing <testcase> elements" if tag == "testcase" else f"{count} <{tag}> elements"]
    summary = invariants.summarize(fields, span_bytes) if all(fields) else ""
    if summary:
        parts.append(summary)
    uncovered = _uncovered(tag, fields)
    if uncovered is not None:
        parts.append(uncovered)
    return f"{indent}… {count} lines elided (caveman): {'; '.join(parts)} …"


def _uncovered(tag: str, fields: list[dict[str, str]]) -> str | None:
    """A Cobertura report's elided statements that never ran, exactly: `hits=0 at 8, 10-14`
    (a range runs over consecutive elided `<line>` elements, as coverage's Missing column does)."""
    if tag != "line" or not all("hits" in f and "number" in f for f in fields):
        return None
    spans: list[tuple[str, str]] = []
    open_span = False
    for f in fields:
        if f["hits"] == "0":
            if open_span:
                spans[-1] = (spans[-1][0], f["number"])
            else:
                spans.append((f["number"], f["number"]))
            open_span = True
        else:
            open_span = False
    if not spans:
        return "no hits=0"
    return "hits=0 at " + ", ".join(a if a == b else f"{a}-{b}" for a, b in spans)
