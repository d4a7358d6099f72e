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

import functools

import re
from re import _constants as sre_c  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

from engine.patterns import declared_flags

_UNSET = object()
WS = "\x00ws"  # bucket for lines starting with white space (`\s` is Unicode-wide)
DEC = "\x00dec"  # bucket for lines starting with a decimal digit (`\d` is Unicode-wide)
EMPTY = "\x00empty"  # the key of an empty line (no character's key)
_REPEATS = {sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, getattr(sre_c, "POSSESSIVE_REPEAT", sre_c.MAX_REPEAT)}
_ZERO_WIDTH = {sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT}
_ATOMIC = getattr(sre_c, "ATOMIC_GROUP", object())  # Python 3.11+


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


class Keys:
    """A set of first-character keys: `keys` itself, or (`negated`) every key but those."""

    __slots__ = ("negated", "keys")

    def __init__(self, keys: set[str] | frozenset[str] = frozenset(), negated: bool = False) -> None:
        self.negated, self.keys = negated, frozenset(keys)

    def __contains__(self, key: str) -> bool:
        return (key in self.keys) != self.negated

    def union(self, other: "Keys") -> "Keys":
        if not self.negated and not other.negated:
            return Keys(self.keys | other.keys)
        if self.negated and other.negated:
            return Keys(self.keys & other.keys, True)
        neg, pos = (self, other) if self.negated else (other, self)
        return Keys(neg.keys - pos.keys, True)


ANY = Keys(negated=True)


def _own_key(code: int) -> str | None:
    """The key only this character has (None for white space and decimals, which share one)."""
    c = chr(code)
    k = line_key(c)
    return k if k == c else None


def _in_keys(items: list, ignorecase: bool) -> Keys:
    if items and items[0][0] is sre_c.NEGATE:
        # Only what the set surely excludes: characters with a key of their own, all of \s, all of \d.
        excluded: set[str] = set()
        for op, av in items[1:]:
            if op is sre_c.LITERAL and not ignorecase and (k := _own_key(av)) is not None:
                excluded.add(k)
            elif op is sre_c.CATEGORY and av is sre_c.CATEGORY_SPACE:
                excluded.add(WS)
            elif op is sre_c.CATEGORY and av is sre_c.CATEGORY_DIGIT:
                excluded.add(DEC)
        return Keys(excluded, True)
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
        elif op is sre_c.CATEGORY and av is sre_c.CATEGORY_NOT_SPACE and len(items) == 1:
            return Keys({WS}, True)
        elif op is sre_c.CATEGORY and av is sre_c.CATEGORY_NOT_DIGIT and len(items) == 1:
            return Keys({DEC}, True)
        else:
            return ANY  # \w, wide ranges, mixed categories: any first character
    return Keys(keys)


def _first(seq, ignorecase: bool) -> tuple[Keys, bool]:
    """(possible first-character keys, whether seq can match empty)."""
    keys = Keys()
    for op, av in seq:
        if op in _ZERO_WIDTH:
            continue
        if op is sre_c.LITERAL:
            return keys.union(Keys(_char_keys(av, ignorecase))), False
        if op is sre_c.NOT_LITERAL:
            own = None if ignorecase else _own_key(av)
            return keys.union(Keys({own} if own else set(), True)), False
        if op is sre_c.IN:
            return keys.union(_in_keys(av, ignorecase)), False
        if op is sre_c.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            inner, nullable = _first(sub, ignorecase or bool(add_flags & re.I))
        elif op is sre_c.BRANCH:
            inner, nullable = Keys(), False
            for branch in av[1]:
                got, empty = _first(branch, ignorecase)
                inner = inner.union(got)
                nullable = nullable or empty
        elif op in _REPEATS:
            inner, nullable = _first(av[2], ignorecase)
            nullable = nullable or av[0] == 0
        elif op is _ATOMIC:  # `(?>\s+)`: what it may start with is what its content may
            inner, nullable = _first(av, ignorecase)
        else:
            return ANY, False  # ANY, GROUPREF, ...
        keys = keys.union(inner)
        if not nullable:
            return keys, False
    return keys, True


def _ws_only(op, av) -> bool:
    """The element matches only white space (or nothing): `^`, ` `, `\\s`, `[ \\t]+`, `(\\s*)`."""
    if op in _ZERO_WIDTH:
        return True
    if op is sre_c.LITERAL:
        return chr(av).isspace()
    if op is sre_c.IN:
        return bool(av) and all(
            (o is sre_c.LITERAL and chr(a).isspace()) or (o is sre_c.CATEGORY and a is sre_c.CATEGORY_SPACE)
            for o, a in av
        )
    if op is sre_c.SUBPATTERN:
        return all(_ws_only(o, a) for o, a in av[3])
    if op in _REPEATS:
        return all(_ws_only(o, a) for o, a in av[2])
    if op is _ATOMIC:
        return all(_ws_only(o, a) for o, a in av)
    return False


def _after_indent(seq, ignorecase: bool) -> tuple[Keys, bool]:
    """First-character keys of what follows the pattern's leading white-space elements."""
    items = list(seq)
    k = 0
    while k < len(items) and _ws_only(*items[k]):
        k += 1
    return _first(items[k:], ignorecase)


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
    of the line, or None. Same answer as one alternation of all the patterns.

    An indented line is dispatched on its first non-blank character too: most alternatives
    that allow an indent (`^\\s*✓ `, `^\\s+at `) say what must follow it."""

    def __init__(self, patterns: list[tuple[str, re.Pattern]]) -> None:
        self._patterns = patterns
        self._by_char: dict[str, re.Pattern | None] = {}  # a line's first character → its bucket
        #: The buckets known so far by first character (None: nothing can match such a line);
        #: white space is never a key (an indented line has its own buckets).
        self.by_char = self._by_char
        self._by_indented: dict[str, re.Pattern | None] = {}  # an indented line's first non-blank one
        self._by_members: dict[tuple[int, ...], re.Pattern | None] = {}
        self._names: dict[str, str] = {}  # a matched group's name → its pattern's key

    @functools.cached_property
    def _alts(self) -> list[tuple[str, str, Keys | None, Keys | None]]:
        """(key, renamed body, first-character keys, keys after the indent; None: any) of every
        alternative. Worked out on first use: parsing every alternative of every pattern cost a
        sixth of a short run's start-up, and a run that is not tool output never asks."""
        alts: list[tuple[str, str, Keys | None, Keys | None]] = []
        for key, pat in self._patterns:
            if declared_flags(pat) & (re.I | re.M | re.S | re.X):
                raise ValueError(f"{key}: global flags are not supported here")
            for alt in split_alternatives(pat.pattern):
                try:
                    seq = sre_parse.parse(alt).data
                    keys, nullable = _first(seq, False)
                    indent, rest_nullable = _after_indent(seq, False)
                except re.error:
                    keys, nullable, indent, rest_nullable = ANY, True, ANY, True
                n = len(alts)
                alts.append((key, _renamed(f"{key}__{n}", alt), None if nullable else keys,
                             None if rest_nullable or WS in indent else indent))
        return alts

    def _compile(self, members: list[int]) -> re.Pattern | None:
        """The alternation of `members`; None when there are none (nothing can match)."""
        parts = []
        for n in members:
            key, body, _, _ = self._alts[n]
            parts.append(f"(?P<{key}__{n}>{body})")
        return re.compile("|".join(parts)) if parts else None

    def _compile_bucket(self, members: list[int]) -> re.Pattern | None:
        """`_compile(members)` made cheaper to try, with the same answers. Members are taken in
        runs of one key: only the key is asked for, so within a run it does not matter which
        alternative matches, and the run's alternatives become one factored alternation (one
        `\\d+` or `\\S+` read for all that start with it, not once each). Runs stay in order,
        so the first run that matches is the run of the first alternative that matches. Each
        run's name marks its end (the last group to close: the match's lastgroup) instead of
        wrapping it, and `^` goes (match() anchors anyway)."""
        if not members:
            return None
        runs: list[list[int]] = []
        for n in members:
            if runs and self._alts[runs[-1][0]][0] == self._alts[n][0]:
                runs[-1].append(n)
            else:
                runs.append([n])
        parts = []
        for run in runs:
            bodies = [_unanchored(self._alts[n][1]) for n in run]
            either = (factor_alternatives(bodies) if len(bodies) > 1 else None) or "|".join(bodies)
            parts.append(f"(?:{either})(?P<{self._alts[run[0]][0]}__r{run[0]}>)")
        try:
            return re.compile("|".join(parts))
        except re.error:  # a factoring the regex parser refuses: the plain alternation
            return self._compile(members)

    def _bucket(self, k: str, after: str | None = None) -> re.Pattern | None:
        """The alternation of the alternatives a line can match whose first character has key
        `k` and, when indented, whose first non-blank character has key `after` ("": none)."""
        members = tuple(
            n for n, (_, _, keys, indent) in enumerate(self._alts)
            if (keys is None or k in keys) and (after is None or not after or indent is None or after in indent)
        )
        if members not in self._by_members:
            self._by_members[members] = self._compile_bucket(list(members))
        return self._by_members[members]

    def match(self, line: str) -> str | None:
        rx = self._by_char.get(line[:1], _UNSET)  # white space is never a key here: indented
        if rx is _UNSET:
            rx = self._by_indented.get(line.lstrip()[:1], _UNSET) if line[:1].isspace() else _UNSET
            if rx is _UNSET:
                rx = self._resolve(line)
        if rx is None:
            return None
        m = rx.match(line)
        if m is None:
            return None
        key = self._names.get(m.lastgroup)
        if key is None:
            key = self._names[m.lastgroup] = m.lastgroup.split("__", 1)[0]
        return key

    def bucket(self, line: str) -> re.Pattern | None:
        """The regex match(line) tries (None: nothing can match the line). It is the same for
        every line with the line's first character, or (indented) first non-blank character:
        a caller asking many lines may keep it by that character."""
        rx = self._by_char.get(line[:1], _UNSET)
        if rx is _UNSET:
            rx = self._by_indented.get(line.lstrip()[:1], _UNSET) if line[:1].isspace() else _UNSET
            if rx is _UNSET:
                rx = self._resolve(line)
        return rx

    def key_of(self, m: re.Match) -> str:
        """The key match() answers for a match of one of its buckets."""
        return m.lastgroup.split("__", 1)[0]

    def _resolve(self, line: str) -> re.Pattern | None:
        """The bucket of a line whose first character has none cached yet, or is white space."""
        if not line:
            # Only an alternative that can match nothing (no first-character keys) matches an
            # empty line: a bucket of those, not the whole alternation (a third of the regex
            # compiling a short run did).
            if "" not in self._by_char:
                self._by_char[""] = self._bucket(EMPTY)
            return self._by_char[""]
        c = line[0]
        if c.isspace():
            c2 = line.lstrip()[:1]
            if c2 not in self._by_indented:
                self._by_indented[c2] = self._bucket(WS, line_key(c2) if c2 else "")
            return self._by_indented[c2]
        rx = self._by_char[c] = self._bucket(line_key(line))
        return rx


# ---------------------------------------------------------------- factored alternations

_QUANTIFIER = re.compile(r"(?:[*+?]|\{\d*(?:,\d*)?\})[?+]?")


def _unanchored(body: str) -> str:
    """The alternative without its leading `^` (tried with match(), it anchors anyway)."""
    return body[1:] if body.startswith("^") else body


def _class_end(src: str, start: int) -> int | None:
    """Index just past the character class opening at `start`."""
    j = start + 1
    if src[j:j + 1] == "^":
        j += 1
    if src[j:j + 1] == "]":
        j += 1
    while j < len(src) and src[j] != "]":
        j += 2 if src[j] == "\\" else 1
    return j + 1 if j < len(src) else None


def _first_atom(src: str) -> int | None:
    """Length of the source of src's first atom with its quantifier (0 when src is empty);
    None for what this reader does not take apart (numeric and named escapes)."""
    if not src:
        return 0
    c = src[0]
    if c == "\\":
        if len(src) < 2 or src[1] in "xuUN0123456789":
            return None
        i = 2
    elif c == "[":
        i = _class_end(src, 0)
        if i is None:
            return None
    elif c == "(":
        depth, j = 0, 0
        while j < len(src):
            ch = src[j]
            if ch == "\\":
                j += 2
                continue
            if ch == "[":
                end = _class_end(src, j)
                if end is None:
                    return None
                j = end
                continue
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        if j >= len(src):
            return None
        i = j + 1
    elif c in ")|*+?{":
        return None
    else:
        i = 1
    m = _QUANTIFIER.match(src, i)
    return m.end() if m else i


def factor_alternatives(alternatives: list[str]) -> str | None:
    """A regex matching at a position exactly when one of `alternatives` does there (which
    one, and their order, are lost): alternatives sharing their first atom share one copy of
    it, recursively, so the engine reads `\\d+` or `\\S+` once, not once per alternative.
    None when an alternative cannot be taken apart."""
    groups: dict[str, list[str]] = {}
    for alt in alternatives:
        k = _first_atom(alt)
        if k is None:
            return None
        groups.setdefault(alt[:k], []).append(alt[k:])
    parts = []
    for atom, rests in groups.items():
        if not atom or "" in rests:
            parts.append(atom)  # the atom alone already matches: what follows it cannot narrow
        elif len(rests) == 1:
            parts.append(atom + rests[0])
        else:
            inner = factor_alternatives(rests)
            if inner is None:
                return None
            parts.append(f"{atom}(?:{inner})")
    return "|".join(parts)
