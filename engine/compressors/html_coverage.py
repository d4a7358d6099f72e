"""coverage.py's HTML report (`coverage html`): its index pages and each file's page.

Read as an article, a page lost its header (the file's or the run's percentage, `310
statements 144 run 166 missing 0 excluded 24 partial` written in toggle buttons, the
`coverage.py v7.17.5, created at …` line) and a file's page printed every source line without
saying which ran: the one thing the page is for. So the header is printed as text (buttons
too), a file's page shows its missing, partial and excluded lines with their number and class
(a partial line with coverage's own explanation), the lines that ran or are not statements
counted in markers; an index page shows its table, its fully covered rows (coverage 100%)
counted.
"""
from __future__ import annotations

from engine import patterns as P
from engine.compressors import html

#: A line's class on a file's page → the word shown; `run` and `pln` (no statement) are elided.
SHOWN_CLASSES = (("mis", "missing"), ("par", "partial"), ("exc", "excluded"))
#: Header parts that are chrome: the help panel, the filter form, the keyboard shortcuts.
HEADER_SKIPPED = frozenset({"aside", "form", "input", "label", "script", "img"})
#: Runs of elided rows or lines shorter than this stay as they are.
MIN_ELIDED = 2


def is_coverage_page(data: bytes) -> bool:
    return b'class="pc_cov"' in data and b"coverage.py v" in data


def _find(node: html.Node, tag: str) -> html.Node | None:
    stack = [node]
    while stack:
        item = stack.pop()
        if item.tag == tag:
            return item
        stack.extend(c for c in reversed(item.children) if isinstance(c, html.Node))
    return None


def _words(node: html.Node | str, skipped: frozenset[str] = HEADER_SKIPPED) -> str:
    """A node's text, whitespace collapsed, chrome left out, buttons' text kept."""
    parts: list[str] = []
    stack: list[html.Node | str] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            parts.append(item)
        elif item.tag not in skipped:
            if item.tag in ("td", "th") and parts:
                parts.append(" | ")
            stack.extend(reversed(item.children))
    return P.WHITESPACE_RUN.sub(" ", "".join(parts)).strip()


def _header(header: html.Node) -> list[str]:
    """Each block of the header (h1, h2, p) as one line."""
    out: list[str] = []
    stack: list[html.Node | str] = list(reversed(header.children))
    while stack:
        item = stack.pop()
        if isinstance(item, str) or item.tag in HEADER_SKIPPED:
            continue
        if item.tag in ("h1", "h2", "h3", "p"):
            text = _words(item)
            if text:
                out.append(text)
        else:
            stack.extend(reversed(item.children))
    return out


def _line_class(hint: str) -> str:
    words = hint.split()
    for cls, shown in SHOWN_CLASSES:
        if cls in words:
            return shown
    return "run" if "run" in words else "pln"


def _span(node: html.Node, cls: str) -> html.Node | None:
    for child in node.children:
        if isinstance(child, html.Node) and child.tag == "span" and cls in child.hint.split():
            return child
    return None


def _source(main: html.Node) -> list[str] | None:
    """A file's page: missing, partial and excluded lines shown; the rest counted."""
    rows: list[tuple[str, str, str]] = []  # (class, number, shown line)
    for p in main.children:
        if not isinstance(p, html.Node) or p.tag != "p":
            continue
        number, text = _span(p, "n"), _span(p, "t")
        if number is None or text is None:
            return None
        cls = _line_class(p.hint)
        n = _words(number)
        source = html._text(text).rstrip()  # (its indentation kept)
        if source.endswith("&nbsp;"):  # coverage.py's end-of-line filler
            source = source[:-len("&nbsp;")].rstrip()
        line = f"{n} {cls}: {source}" if cls != "pln" else f"{n}: {source}"
        if cls not in ("run", "pln"):
            notes = _span(p, "r")
            long_notes = [c for c in (notes.children if notes else []) if isinstance(c, html.Node)
                          and "long" in c.hint.split()]
            if long_notes:
                line += "  [" + "; ".join(_words(c) for c in long_notes) + "]"
        rows.append((cls, n, line))
    if not rows:
        return None
    out: list[str] = []
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and rows[j][0] in ("run", "pln"):
            j += 1
        if j - i < MIN_ELIDED:
            out.extend(r[2] for r in rows[i:max(j, i + 1)])
            i = max(j, i + 1)
            continue
        run = sum(1 for r in rows[i:j] if r[0] == "run")
        out.append(f"… {j - i} lines elided (caveman): lines {rows[i][1]}..{rows[j - 1][1]}, "
                   f"{run} run, {j - i - run} not statements …")
        i = j
    return out


def _index(main: html.Node) -> list[str]:
    """An index page's table: a row a line; runs of fully covered rows (coverage 100%) counted,
    with the files they are in."""
    rows: list[str] = []
    full: list[bool] = []
    firsts: list[str] = []  # each row's first cell (its file)
    stack: list[html.Node | str] = [main]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            continue
        if item.tag == "tr":
            cells = [c for c in item.children if isinstance(c, html.Node) and c.tag in ("td", "th")]
            texts = [_words(c, frozenset({"script"})) for c in cells]
            rows.append(" | ".join(t for t in texts if t and t != "&nbsp;"))
            firsts.append(texts[0] if texts else "")
            full.append(item.hint == "region" or item.hint == "file")
            full[-1] = full[-1] and bool(texts) and texts[-1] == "100%"
            continue
        if item.tag in ("p", "h2") and "no_rows" not in item.hint and _words(item):
            rows.append(_words(item))
            full.append(False)
            firsts.append("")
            continue
        stack.extend(reversed(item.children))
    out: list[str] = []
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and full[j]:
            j += 1
        if j - i >= MIN_ELIDED:
            files = list(dict.fromkeys(firsts[i:j]))
            where = f"in {files[0]}" if len(files) == 1 else f"in {len(files)} files, {files[0]} .. {files[-1]}"
            out.append(f"… {j - i} rows elided (caveman): all coverage 100%, {where} …")
            i = j
        else:
            out.append(rows[i])
            i += 1
    return out


def page(root: html.Node) -> str | None:
    header, main = _find(root, "header"), _find(root, "main")
    if header is None or main is None:
        return None
    body = _source(main) if "source" in main.hint.split() else _index(main)
    if body is None:
        return None
    return "\n".join(_header(header)) + "\n\n" + "\n".join(body)


# ------------------------------------------------------------------ go tool cover -html

def is_go_cover_page(data: bytes) -> bool:
    return b'<select id="files">' in data and b'<pre class="file" id="file' in data


def _options(root: html.Node) -> dict[str, str]:
    """The file list: each `<option value="fileN">path (96.5%)</option>`, by its pre's id."""
    select = None
    stack = [root]
    while stack and select is None:
        item = stack.pop()
        if item.tag == "select" and "files" in item.hint.split():
            select = item
        stack.extend(c for c in reversed(item.children) if isinstance(c, html.Node))
    out: dict[str, str] = {}
    if select is None:
        return out
    for i, option in enumerate(c for c in select.children if isinstance(c, html.Node) and c.tag == "option"):
        out[f"file{i}"] = _words(option)
    return out


def _go_source(pre: html.Node) -> tuple[list[str], set[int]]:
    """A file's lines, and the numbers of those holding code never run (a `cov0` span)."""
    lines = [""]
    uncovered: set[int] = set()
    for child in pre.children:
        never = isinstance(child, html.Node) and "cov0" in child.hint.split()
        text = child if isinstance(child, str) else html._text(child)
        parts = text.split("\n")
        for k, part in enumerate(parts):
            if k:
                lines.append("")
            lines[-1] += part
            if never and part.strip():
                uncovered.add(len(lines))
    return lines, uncovered


def go_page(root: html.Node) -> str | None:
    """Each file's name and percentage (the file list), then its lines holding code never
    run, numbered; the other lines counted."""
    names = _options(root)
    pres = []
    stack = [root]
    while stack:
        item = stack.pop()
        if item.tag == "pre" and "file" in item.hint.split():
            pres.append(item)
            continue
        stack.extend(c for c in reversed(item.children) if isinstance(c, html.Node))
    if not pres or not names:
        return None
    out = ["Go Coverage Report", ""] + [names[k] for k in names] + [""]
    for pre in pres:
        file_id = next((w for w in pre.hint.split() if w.startswith("file") and w != "file"), "")
        lines, uncovered = _go_source(pre)
        out.append(f"## {names.get(file_id, file_id)}")
        i = 0
        while i < len(lines):
            if i + 1 in uncovered:
                out.append(f"{i + 1} not covered: {lines[i]}")
                i += 1
                continue
            j = i
            while j < len(lines) and j + 1 not in uncovered:
                j += 1
            if j - i >= MIN_ELIDED:
                out.append(f"… {j - i} lines elided (caveman): lines {i + 1}..{j}, no code that never ran …")
            else:
                out.extend(f"{k + 1}: {lines[k]}" for k in range(i, j))
            i = j
        out.append("")
    return "\n".join(out)


# ------------------------------------------------------------------ either report

def report_view(root: html.Node, data: bytes) -> str | None:
    """The view of a coverage.py or `go tool cover -html` page; None for any other page."""
    if is_coverage_page(data):
        view = page(root)
        if view is not None:
            return view
    return go_page(root) if is_go_cover_page(data) else None
