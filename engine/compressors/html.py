"""HTML pages reduced to their main content, as plain text.

A page is mostly markup, navigation and boilerplate; what an agent reads it for is the article
or the reference section. We parse with the standard library (tolerant tree building, no new
dependency), drop scripts, styles, forms, navigation, headers/footers and ARIA landmarks of the
same kind, score text blocks the way readability does (the reference's constants), credit each
container, and print the best container as text: headings as `#` lines, list items as `- `,
preformatted blocks verbatim. Character references are printed as written (`&#8212;`), so every
text run in the view is a substring of the original an agent can search for.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

from engine import http_transcript
from engine import patterns as P
from engine.safety import SafetyClass
from engine.types import ContentType

MIN_OUTPUT = 200
#: html.parser runs at ~0.5 MB/s; bigger pages pass through rather than stall the agent.
MAX_INPUT = 2 * 1024 * 1024
#: A text block shorter than this carries no score (captions, buttons, bylines).
MIN_BLOCK_TEXT = 25
CLASS_WEIGHT = 25
#: Ancestors credited per block: bounds the work on pathologically nested pages.
MAX_CREDIT_DEPTH = 64
#: A candidate whose text is mostly link text is a menu, not content.
MAX_LINK_DENSITY = 0.5

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                  "source", "track", "wbr"})
DROPPED = frozenset({"script", "style", "noscript", "svg", "iframe", "form", "button", "input", "template",
                     "nav", "footer", "aside", "select", "textarea", "object", "canvas"})
#: ARIA landmarks that mean the same as the dropped elements.
DROPPED_ROLES = frozenset({"navigation", "banner", "contentinfo", "search", "complementary"})
SCORED = frozenset({"p", "pre", "td", "blockquote", "li", "h1", "h2", "h3", "h4", "h5", "h6", "dd"})
CONTAINERS = frozenset({"div", "article", "main", "section", "td"})
BLOCK = frozenset({"p", "div", "section", "article", "main", "header", "h1", "h2", "h3", "h4", "h5", "h6",
                   "ul", "ol", "li", "dl", "dt", "dd", "pre", "blockquote", "table", "thead", "tbody", "tr",
                   "figure", "figcaption", "br", "hr", "details", "summary", "address"})
HEADINGS = {f"h{i}": i for i in range(1, 7)}
#: Elements an open tag of the same family implicitly closes.
_IMPLIED = {"p": {"p"}, "li": {"li"}, "dt": {"dt", "dd"}, "dd": {"dt", "dd"}, "tr": {"tr", "td", "th"},
            "td": {"td", "th"}, "th": {"td", "th"}, "option": {"option"}}
_P_CLOSERS = BLOCK - {"br", "hr", "li", "dt", "dd", "tr", "thead", "tbody", "summary", "figcaption"}

@dataclass(eq=False)
class Node:
    tag: str
    hint: str = ""
    #: The class attribute alone (hint adds the id, which differs between sibling sections).
    cls: str = ""
    parent: Node | None = None
    dropped: bool = False
    children: list[Node | str] = field(default_factory=list)


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.root = Node("#root")
        self.stack = [self.root]
        self.title: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
            return
        implied = _IMPLIED.get(tag, set()) | ({"p"} if tag in _P_CLOSERS else set())
        if implied:
            for i in range(len(self.stack) - 1, 0, -1):
                open_tag = self.stack[i].tag
                if open_tag in implied:
                    del self.stack[i:]
                    break
                if open_tag in ("ul", "ol", "dl", "table", "div", "section", "article", "body"):
                    break
        values = dict(attrs)
        hint = " ".join(v for v in (values.get("class"), values.get("id")) if v)
        node = Node(tag, hint, cls=values.get("class") or "", parent=self.stack[-1])
        node.dropped = (values.get("role") or "").lower() in DROPPED_ROLES
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack[-1].tag == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
            return
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title.append(data)
        else:
            self.stack[-1].children.append(data)

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")


#: Most `<` allowed after the last `>`. html.parser rescans to the end of the input for each
#: tag, comment or quote left open there, so many of them are quadratic (70,000 `<a ` took
#: minutes); a page that ends in a run of unclosed tags is not one we can reduce anyway.
MAX_UNCLOSED = 64


class HtmlCompressor:
    content_type = ContentType.HTML
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        # `curl -i` / `curl -v` / httpie: the status line and headers are what the agent asked
        # for (`HTTP/1.1 500 …`); they stay verbatim above the page's text.
        split = http_transcript.split_head(data) if b"HTTP/" in data[:http_transcript.METER_WINDOW] else None
        if split is not None:
            page = self._page(split[1])
            return None if page is None else split[0] + page
        return self._page(data)

    def _page(self, data: bytes) -> bytes | None:
        if len(data) > MAX_INPUT or data[data.rfind(b">") + 1:].count(b"<") > MAX_UNCLOSED:
            return None
        builder = _TreeBuilder()
        builder.feed(data.decode("utf-8", errors="replace"))
        builder.close()
        # coverage.py's report (its header and marked lines), go tool cover -html (files, and
        # code never run)
        if b'class="pc_cov"' in data or b'<select id="files">' in data:
            from engine.compressors import html_coverage  # (it imports this module: not at the top)

            view = html_coverage.report_view(builder.root, data)
            if view is not None:
                out = view.encode("utf-8") + b"\n"
                return out if len(out) < len(data) else None
        best = _best_container(builder.root)
        if best is None:
            return None
        best = _whole_sections(best)
        title = P.WHITESPACE_RUN.sub(" ", "".join(builder.title)).strip()
        body = _render(best)
        summary = _error_summaries(builder.root, best)
        if summary:
            body = summary + "\n\n" + body
        first = body.split("\n", 1)[0].lstrip("# ").strip()
        text = (f"{title}\n\n" if title and title != first else "") + body
        out = text.strip().encode("utf-8") + b"\n"
        if len(out) < MIN_OUTPUT or len(out) >= len(data):
            return None
        return out


# ------------------------------------------------------------------ scoring


def _dropped(node: Node) -> bool:
    return node.dropped or node.tag in DROPPED or node.tag in ("head", "title")


def _best_container(root: Node) -> Node | None:
    scores: dict[int, float] = {}
    nodes: dict[int, Node] = {}
    order: dict[int, int] = {}
    stack: list[Node] = [root]
    seen = 0
    # Score of the blocks no container holds (paragraphs straight under body, as texinfo and
    # man2html write whole manuals): when it outweighs the best container, that container is
    # one table or box of the page and the page itself is the content.
    in_body = 0.0
    while stack:
        node = stack.pop()
        order[id(node)] = seen
        seen += 1
        if node.tag in SCORED:
            text = P.WHITESPACE_RUN.sub(" ", _text(node)).strip()
            if len(text) >= MIN_BLOCK_TEXT:
                score = 1 + text.count(",") + min(len(text) / 100, 3)
                parent = node.parent
                depth = 0
                credited = False
                while parent is not None and parent.tag != "body" and depth < MAX_CREDIT_DEPTH:
                    depth += 1
                    if parent.tag in CONTAINERS:
                        scores[id(parent)] = scores.get(id(parent), 0.0) + score
                        nodes[id(parent)] = parent
                        credited = True
                    parent = parent.parent
                if not credited:
                    in_body += score
        stack.extend(child for child in reversed(node.children) if isinstance(child, Node) and not _dropped(child))
    stats = _link_stats(root)
    best: tuple[float, int, Node] | None = None
    for key, node in nodes.items():
        score = scores[key]
        if P.HTML_POSITIVE_HINT.search(node.hint):
            score += CLASS_WEIGHT
        if P.HTML_NEGATIVE_HINT.search(node.hint):
            score -= CLASS_WEIGHT
        total, linked = stats[key]
        density = linked / total if total else 1.0
        score *= 1 - density
        if best is None or score > best[0] or (score == best[0] and order[key] < best[1]):
            best = (score, order[key], node)
    chosen = _fallback(root) if best is None or best[0] <= 0 or in_body > best[0] else best[2]
    if chosen is None:
        return None
    total, linked = stats.get(id(chosen)) or _link_stats(chosen)[id(chosen)]
    if total == 0 or linked / total >= MAX_LINK_DENSITY:
        return None
    return chosen


def _whole_sections(best: Node) -> Node:
    """The chosen container widened to hold every sibling section it is one of. A reference page
    is a run of sections of one kind (pydoc's `<table class="section">` Modules, Classes,
    Functions, Data); the one scored best (Classes, the most prose) was shown alone and the
    others, whose signatures score little, went without a word. Siblings of one tag and class
    are parts of one content, not chrome: the view holds their common parent."""
    chosen = best
    node = best
    while node.parent is not None and node.tag != "body":
        parent = node.parent
        if (node.cls or node.tag in ("section", "article")) and sum(
                1 for c in parent.children
                if isinstance(c, Node) and c.tag == node.tag and c.cls == node.cls and not _dropped(c)) >= 2:
            chosen = parent
        node = parent
    return chosen


def _fallback(root: Node) -> Node | None:
    """No scored container (a page of bare paragraphs under body): use the body itself."""
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        if node.tag == "body":
            return node
        stack.extend(c for c in node.children if isinstance(c, Node))
    return root if any(isinstance(c, str) and c.strip() for c in root.children) else None


def _text(node: Node) -> str:
    parts: list[str] = []
    stack: list[Node | str] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            parts.append(item)
        elif item.tag == "br":  # a line break inside <pre> (Express's error page: one frame a <br>)
            parts.append("\n")
        elif not _dropped(item):
            stack.extend(reversed(item.children))
    return "".join(parts)


def _link_stats(root: Node) -> dict[int, tuple[int, int]]:
    """Per element: (characters of text, characters inside links), white space folded; one
    post-order pass, so scoring every candidate stays linear."""
    stats: dict[int, tuple[int, int]] = {}
    stack: list[tuple[Node, bool, bool]] = [(root, False, False)]
    while stack:
        node, in_link, done = stack.pop()
        if not done:
            stack.append((node, in_link, True))
            inner = in_link or node.tag == "a"
            stack.extend((c, inner, False) for c in node.children if isinstance(c, Node) and not _dropped(c))
            continue
        inner = in_link or node.tag == "a"
        total = linked = 0
        for child in node.children:
            if isinstance(child, str):
                n = len(P.WHITESPACE_RUN.sub(" ", child).strip())
                total += n
                linked += n if inner else 0
            elif id(child) in stats:
                t, k = stats[id(child)]
                total += t
                linked += k
        stats[id(node)] = (total, linked)
    return stats


#: An error summary longer than this is a page section, not a summary: left out.
MAX_SUMMARY_TEXT = 4000


def _error_summaries(root: Node, best: Node) -> str:
    """The error summaries outside the chosen container (Django's `<header id="summary">`
    holds the exception value and where it was raised; the traceback below is the main
    content), rendered in page order. Blocks inside the container are rendered with it."""
    inside = {id(best)}
    chain = best.parent
    ancestors = set()
    while chain is not None:
        ancestors.add(id(chain))
        chain = chain.parent
    found: list[str] = []
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        if id(node) in inside:
            continue
        if node.hint and id(node) not in ancestors and P.HTML_ERROR_SUMMARY_HINT.search(node.hint):
            text = _render(node)
            if text and len(text) <= MAX_SUMMARY_TEXT:
                found.append(text)
            continue
        stack.extend(c for c in reversed(node.children) if isinstance(c, Node) and not _dropped(c))
    return "\n".join(found)


# ------------------------------------------------------------------ rendering


def _render(node: Node) -> str:
    lines: list[str] = []
    current: list[str] = []
    #: A list bullet or heading mark waiting for the first text of its element.
    pending = [""]

    def flush() -> None:
        text = P.WHITESPACE_RUN.sub(" ", "".join(current)).strip()
        current.clear()
        if text:
            lines.append(pending[0] + text)
            pending[0] = ""

    # An explicit stack (enter / leave events): pages nest deeper than Python's recursion limit.
    stack: list[tuple[Node | str, bool]] = [(node, False)]
    while stack:
        item, leaving = stack.pop()
        if isinstance(item, str):
            current.append(item)
            continue
        tag = item.tag
        if leaving:
            if tag in BLOCK:
                flush()
                if tag in HEADINGS or tag == "li":
                    pending[0] = ""
            continue
        if _dropped(item) or _permalink(item):
            continue
        if tag == "pre":
            flush()
            text = _text(item).strip("\n")
            if text.strip():
                lines.append(pending[0] + text)
                pending[0] = ""
            continue
        if tag in BLOCK:
            flush()
        if tag in HEADINGS:
            if lines:
                lines.append("")
            pending[0] = "#" * HEADINGS[tag] + " "
        elif tag == "li":
            pending[0] = "- "
        elif tag in ("td", "th") and current:
            current.append(" | ")
        stack.append((item, True))
        stack.extend((child, False) for child in reversed(item.children))
    flush()
    return "\n".join(lines)


def _permalink(node: Node) -> bool:
    """A heading's self-link (`¶`, `#`, `§`): one symbol, no words."""
    if node.tag != "a" or len(node.children) != 1 or not isinstance(node.children[0], str):
        return False
    text = node.children[0].strip()
    return len(text) == 1 and not text.isalnum()
