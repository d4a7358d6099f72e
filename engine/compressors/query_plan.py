"""PostgreSQL EXPLAIN plans in text form (`EXPLAIN ANALYZE` through psql or any client).

A plan is a tree written by indentation: each node is a `->  Name  (cost=…) (actual …)` line
with its detail lines (`Filter:`, `Buffers:`) under it. What makes one long is a node with many
children of one shape, the scans of sixty partitions under an Append. Such a run keeps its
first two children, its last and its slowest (by actual time), each with its whole subtree;
the others become one line at their indentation stating how many were elided, the first and last
of them, and the range of their actual rows. Every other line (other nodes, `Planning Time`,
psql's header and `(N rows)`) is kept. A plan with no such run is left as it is: its nodes are
all different, and each says something.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.compressors import lines as L
from engine.patterns import DIGIT_RUN, PLAN_ACTUAL, PLAN_NODE_ARROW, PLAN_NODE_COSTED, PLAN_RELATION

#: Children of one shape below this count stay (a marker would save little).
MIN_RUN = 5
KEEP_FIRST = 2
#: Node lines a text needs before it is read as a plan.
MIN_NODES = 3


@dataclass
class _Node:
    line: int
    #: Column where the node's name starts: children start further right.
    column: int
    #: One past the last line of the node's subtree.
    end: int = 0


def _node_column(line: str) -> int | None:
    m = PLAN_NODE_ARROW.match(line) or PLAN_NODE_COSTED.match(line)
    return m.end(1) if m else None


def is_plan(text: str) -> bool:
    lines = text.split("\n")
    arrows = sum(1 for ln in lines if PLAN_NODE_ARROW.match(ln))
    return arrows >= MIN_NODES - 1 and any(PLAN_NODE_COSTED.match(ln) for ln in lines)


def _nodes(lines: list[str]) -> list[_Node]:
    nodes: list[_Node] = []
    for i, ln in enumerate(lines):
        col = _node_column(ln)
        if col is not None:
            nodes.append(_Node(i, col))
    # A subtree ends at the next node no deeper than it, or at a line less indented than its
    # name (psql's `Planning Time:` after the plan).
    for k, node in enumerate(nodes):
        end = len(lines)
        nxt = k + 1
        for i in range(node.line + 1, len(lines)):
            if nxt < len(nodes) and nodes[nxt].line == i:
                if nodes[nxt].column <= node.column:
                    end = i
                    break
                nxt += 1
                continue
            indent = len(lines[i]) - len(lines[i].lstrip(" "))
            if indent < node.column or not lines[i].strip():
                end = i
                break
        node.end = end
    return nodes


def _shape(lines: list[str], node: _Node) -> str:
    text = "\n".join(lines[node.line:node.end])
    return DIGIT_RUN.sub("#", PLAN_RELATION.sub(" on _ _", text))


def _slowest(lines: list[str], run: list[_Node]) -> int | None:
    times = []
    for k, node in enumerate(run):
        m = PLAN_ACTUAL.search(lines[node.line])
        if m is None:
            return None
        times.append((float(m.group(2)) * int(m.group(4)), -k))
    return -max(times)[1]


def _label(line: str) -> str:
    text = line.strip().removeprefix("->").strip()
    return text.split("  (")[0].strip()


def _summary(lines: list[str], elided: list[_Node]) -> str:
    parts = [f"first {_label(lines[elided[0].line])}, last {_label(lines[elided[-1].line])}"]
    actual = [PLAN_ACTUAL.search(lines[n.line]) for n in elided]
    if all(actual):
        rows = [int(m.group(3)) for m in actual]  # type: ignore[union-attr]
        loops = {m.group(4) for m in actual}  # type: ignore[union-attr]
        lo, hi = min(rows), max(rows)
        parts.append(f"actual rows={lo}" if lo == hi else f"actual rows={lo}..{hi}")
        if len(loops) == 1:
            parts.append(f"loops={loops.pop()}")
    return "; ".join(parts)


def compress(text: str) -> str | None:
    """The plan with its runs of look-alike children elided, or None when it has none."""
    lines = text.split("\n")
    nodes = _nodes(lines)
    if len(nodes) < MIN_NODES:
        return None
    replace: dict[int, tuple[int, str]] = {}  # first elided line -> (end line, marker line)
    k = 0
    while k < len(nodes):
        run = [nodes[k]]
        shape = _shape(lines, nodes[k])
        j = k + 1
        while j < len(nodes) and nodes[j].line < run[-1].end:
            j += 1  # skip the subtree's own nodes
        while j < len(nodes) and nodes[j].line == run[-1].end and nodes[j].column == run[0].column \
                and _shape(lines, nodes[j]) == shape:
            run.append(nodes[j])
            j += 1
            while j < len(nodes) and nodes[j].line < run[-1].end:
                j += 1
        if len(run) >= MIN_RUN:
            keep = set(range(KEEP_FIRST)) | {len(run) - 1}
            slowest = _slowest(lines, run)
            if slowest is not None:
                keep.add(slowest)
            i = 0
            while i < len(run):
                if i in keep:
                    i += 1
                    continue
                stop = i
                while stop < len(run) and stop not in keep:
                    stop += 1
                elided = run[i:stop]
                if len(elided) >= 2:
                    pad = " " * (len(lines[elided[0].line]) - len(lines[elided[0].line].lstrip(" ")))
                    marker = pad + L.marker_text(len(elided), "similar plan nodes", _summary(lines, elided))
                    replace[elided[0].line] = (elided[-1].end, marker)
                i = stop
            k = j
        else:
            k += 1
    if not replace:
        return None
    out: list[str] = []
    i = 0
    while i < len(lines):
        if i in replace:
            end, marker = replace[i]
            out.append(marker)
            i = end
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)
