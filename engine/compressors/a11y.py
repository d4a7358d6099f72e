"""Accessibility-tree snapshots (forced only), as Playwright and browser agents print them:

    - generic [ref=e2]:
      - navigation [ref=e5]:
        - link "Docs" [ref=e8] [cursor=pointer]:
          - /url: /docs

An agent acts on named and interactive nodes through their refs; the unnamed wrappers that
nest them (`generic`, `group`, `none`, `presentation`) are layout. Kept: every node with a
name, text, a state or a role an agent can act on or navigate by, with its ref and its
properties (`/url:`). Dropped: unnamed wrappers without text or state (their children move up
one level) and decorative leaves (unnamed images, separators); `[cursor=pointer]` is dropped
where the role already says it is clickable. A run of more than eight sibling subtrees keeps
its first three and last two and whatever keepNonRedundant restores (so a list of distinct
links stays whole); the rest become `- … N nodes elided (caveman) …`. Lines that are not
part of the tree (a tool's preamble, code fences) are kept as they are.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.compressors.redundancy import keep_non_redundant
from engine.patterns import A11Y_NODE, A11Y_REF
from engine.safety import SafetyClass
from engine.types import ContentType

_POINTER = " [cursor=pointer]"
_WRAPPERS = frozenset({"generic", "group", "none", "presentation", "div", "span", "section", "Section"})
_DECORATIVE = frozenset({"img", "image", "separator", "presentation", "none", "generic"})
#: Roles whose nodes are clickable by definition: `[cursor=pointer]` on them says nothing.
_CLICKABLE = frozenset({"link", "button", "checkbox", "radio", "tab", "menuitem", "option", "switch",
                        "menuitemcheckbox", "menuitemradio", "treeitem"})
MAX_SIBLINGS = 8
KEEP_HEAD = 3
KEEP_TAIL = 2
MIN_RUN = 3
#: Below this share of tree lines the input is not a snapshot.
MIN_TREE_SHARE = 0.6
MIN_LINES = 8


@dataclass
class _Node:
    line: str
    indent: int
    role: str
    name: str | None
    attrs: str
    text: str | None
    children: list[_Node] = field(default_factory=list)


class A11yCompressor:
    content_type = ContentType.A11Y
    safety_class = SafetyClass.S4
    #: Children of dropped wrappers move up a level: lines are re-indented.
    restructures = True

    def compress(self, data: bytes) -> bytes | None:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
        lines = text.split("\n")
        trailing = lines[-1] == ""
        if trailing:
            lines.pop()
        parsed = [A11Y_NODE.match(ln.rstrip("\r")) for ln in lines]
        significant = [ln for ln in lines if ln.strip()]
        tree_lines = sum(1 for m in parsed if m)
        if tree_lines < MIN_LINES or tree_lines < MIN_TREE_SHARE * len(significant):
            return None
        out: list[str] = []
        i = 0
        changed = False
        while i < len(lines):
            if not parsed[i]:
                out.append(lines[i])
                i += 1
                continue
            j = i
            while j < len(lines) and parsed[j]:
                j += 1
            roots = _build([m for m in parsed[i:j] if m], lines[i:j])
            base = min(r.indent for r in roots)
            block: list[str] = []
            for r in roots:
                _emit(r, base, block)
            changed |= block != [ln.rstrip("\r") for ln in lines[i:j]]
            out.extend(block)
            i = j
        if not changed:
            return None
        return ("\n".join(out) + ("\n" if trailing else "")).encode("utf-8")


def _build(matches: list[re.Match[str]], lines: list[str]) -> list[_Node]:
    roots: list[_Node] = []
    stack: list[_Node] = []
    for m, line in zip(matches, lines):
        node = _Node(line.rstrip("\r"), len(m["indent"]), m["role"], m["name"], m["attrs"] or "", m["text"])
        while stack and stack[-1].indent >= node.indent:
            stack.pop()
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)
    return roots


def _wrapper(node: _Node) -> bool:
    """Layout only: no name, no text, no state beyond its ref."""
    attrs = A11Y_REF.sub("", node.attrs)
    return node.role in _WRAPPERS and not node.name and not node.text and not attrs.strip()


def _decorative(node: _Node) -> bool:
    return (node.role in _DECORATIVE and not node.name and not node.text and not node.children
            and not A11Y_REF.sub("", node.attrs).strip())


def _render(node: _Node, depth: int) -> str:
    attrs = node.attrs
    if node.role in _CLICKABLE:
        attrs = attrs.replace(_POINTER, "")
    head = node.role + (f' "{node.name}"' if node.name is not None else "") + attrs
    m = A11Y_NODE.match(node.line)
    colon = ":" if m and m["colon"] else ""
    text = f" {node.text}" if node.text is not None else ""
    return "  " * depth + "- " + head + colon + text


def _subtree_text(node: _Node) -> str:
    parts = [A11Y_REF.sub("", node.line.strip())]
    for c in node.children:
        parts.append(_subtree_text(c))
    return "\n".join(parts)


def _emit(node: _Node, base: int, out: list[str], depth: int | None = None) -> None:
    depth = (node.indent - base) // 2 if depth is None else depth
    if _decorative(node):
        return
    if _wrapper(node) and node.children:
        _emit_children(node.children, base, out, depth)
        return
    out.append(_render(node, depth))
    _emit_children(node.children, base, out, depth + 1)


def _emit_children(children: list[_Node], base: int, out: list[str], depth: int) -> None:
    if len(children) <= MAX_SIBLINGS:
        for c in children:
            _emit(c, base, out, depth)
        return
    n = len(children)
    keep = [i < KEEP_HEAD or i >= n - KEEP_TAIL for i in range(n)]
    keep = keep_non_redundant([_subtree_text(c) for c in children], keep)
    i = 0
    while i < n:
        if keep[i]:
            _emit(children[i], base, out, depth)
            i += 1
            continue
        j = i
        while j < n and not keep[j]:
            j += 1
        if j - i >= MIN_RUN:
            out.append("  " * depth + f"- … {j - i} nodes elided (caveman) …")
        else:
            for c in children[i:j]:
                _emit(c, base, out, depth)
        i = j
