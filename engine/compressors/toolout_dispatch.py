"""Many anchored patterns, one regex call per line, and only the alternatives that can match.

toolout asks of every line which of ~200 anchored alternatives (summaries, passing tests,
chatter, block starts, diagnostics) match first. One alternation tries them all at position 0;
most fail on their first character, but each attempt still costs. `FirstCharDispatch` reads
each alternative's possible first characters from the regex parser and compiles, per first
character of a line, the alternation of just the alternatives that can start with it (in the
original order, so "first match wins" is unchanged). Alternatives whose first character cannot
be bounded are in every bucket, so the result is exactly that of the full alternation.
"""
from __future__ import annotations

import re
from re import _constants as sre_c  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

WS = "\x00ws"  # bucket for lines starting with white space (`\s` is Unicode-wide)
DEC = "\x00dec"  # bucket for lines starting with a decimal digit (`\d` is Unicode-wide)
_REPEATS = {sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, getattr(sre_c, "POSSESSIVE_REPEAT", sre_c.MAX_REPEAT)}
_ZERO_WIDTH = {sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT}


def line_key(line: str) -> str:
    c = line[0]
    if c.isspace():
        return WS
    if c.isdecimal():
        return DEC
    return c


def _char_keys(code: int, ignorecase: bool) -> set[str]:
    c = chr(code)
    chars = {c, c.lower(), c.upper()} if ignorecase else {c}
    return {line_key(x) for x in chars if x}


def _in_keys(items: list, ignorecase: bool) -> set[str] | None:
    keys: set[str] = set()
    for op, av in items:
        if op is sre_c.LITERAL:
            keys |= _char_keys(av, ignorecase)
        elif op is sre_c.RANGE and av[1] - av[0] <= 512:
            for code in range(av[0], av[1] + 1):
                keys |= _char_keys(code, ignorecase)
        elif op is sre_c.CATEGORY and av is sre_c.CATEGORY_SPACE:
            keys.add(WS)
        elif op is sre_c.CATEGORY and av is sre_c.CATEGORY_DIGIT:
            keys.add(DEC)
        else:
            return None  # negated sets, \w, \S, wide ranges: any first character
    return keys


def _first(seq, ignorecase: bool) -> tuple[set[str] | None, bool]:
    """(possible first-character keys or None for "any", whether seq can match empty)."""
    keys: set[str] = set()
    for op, av in seq:
        if op in _ZERO_WIDTH:
            continue
        if op is sre_c.LITERAL:
            return keys | _char_keys(av, ignorecase), False
        if op is sre_c.IN:
            inner = _in_keys(av, ignorecase)
            return (None if inner is None else keys | inner), False
        if op is sre_c.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            inner, nullable = _first(sub, ignorecase or bool(add_flags & re.I))
        elif op is sre_c.BRANCH:
            inner, nullable = set(), False
            for branch in av[1]:
                got, empty = _first(branch, ignorecase)
                if got is None:
                    return None, False
                inner |= got
                nullable = nullable or empty
        elif op in _REPEATS:
            inner, nullable = _first(av[2], ignorecase)
            nullable = nullable or av[0] == 0
        else:
            return None, False  # ANY, NOT_LITERAL, GROUPREF, ...
        if inner is None:
            return None, False
        keys |= inner
        if not nullable:
            return keys, False
    return keys, True


def split_alternatives(pattern: str) -> list[str]:
    """The top-level `|` alternatives of a pattern's source."""
    out, cur, depth, i = [], [], 0, 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            cur.append(pattern[i : i + 2])
            i += 2
            continue
        if c == "[":
            j = i + 1
            if j < len(pattern) and pattern[j] == "^":
                j += 1
            if j < len(pattern) and pattern[j] == "]":
                j += 1
            while j < len(pattern) and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            cur.append(pattern[i : j + 1])
            i = j + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if c == "|" and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    out.append("".join(cur))
    return out


def _renamed(key: str, body: str) -> str:
    body = re.sub(r"\(\?P<(\w+)>", lambda m: f"(?P<{key}__{m.group(1)}>", body)
    return re.sub(r"\(\?P=(\w+)\)", lambda m: f"(?P={key}__{m.group(1)})", body)


class FirstCharDispatch:
    """`match(line)` → the key of the first pattern (in the given order) matching at the start
    of the line, or None. Same answer as one alternation of all the patterns."""

    def __init__(self, patterns: list[tuple[str, re.Pattern]]) -> None:
        self._alts: list[tuple[str, str, set[str] | None]] = []
        for key, pat in patterns:
            if pat.flags & (re.I | re.M | re.S | re.X):
                raise ValueError(f"{key}: global flags are not supported here")
            for alt in split_alternatives(pat.pattern):
                try:
                    keys, nullable = _first(sre_parse.parse(alt).data, False)
                except re.error:
                    keys, nullable = None, True
                n = len(self._alts)
                self._alts.append((key, _renamed(f"{key}__{n}", alt), None if nullable else keys))
        self.full = self._compile(list(range(len(self._alts))))
        self._by_key: dict[str, re.Pattern] = {}
        self._by_char: dict[str, re.Pattern] = {}  # a line's first character → its bucket
        self._by_members: dict[tuple[int, ...], re.Pattern] = {}

    def _compile(self, members: list[int]) -> re.Pattern:
        parts = []
        for n in members:
            key, body, _ = self._alts[n]
            parts.append(f"(?P<{key}__{n}>{body})")
        return re.compile("|".join(parts)) if parts else re.compile(r"(?!)")

    def _bucket(self, k: str) -> re.Pattern:
        members = tuple(n for n, (_, _, keys) in enumerate(self._alts) if keys is None or k in keys)
        rx = self._by_members.get(members)
        if rx is None:
            rx = self._by_members[members] = self._compile(list(members))
        self._by_key[k] = rx
        return rx

    def match(self, line: str) -> str | None:
        if not line:
            m = self.full.match(line)
        else:
            rx = self._by_char.get(line[0])
            if rx is None:
                k = line_key(line)
                rx = self._by_char[line[0]] = self._by_key.get(k) or self._bucket(k)
            m = rx.match(line)
        if m is None:
            return None
        return m.lastgroup.split("__", 1)[0]
