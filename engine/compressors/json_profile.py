"""The profile of a long JSON array's elements (or a map's entries): what selection reads.

One reading of every element: its numeric and string leaves by path (for outliers and rare
values), its key set, and its shape (the words keepNonRedundant compares it by). Objects that
share a key order are read a member at a time, by C-level passes over each member's column of
values; the result is what reading them one at a time gives.
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, compress, repeat
from operator import attrgetter, itemgetter, not_
from typing import Any

from engine.compressors.json_elements import MAX_WHOLE, RawFloat, _opaque, scalar_text
from engine.patterns import DIGITS

#: Objects sharing a key order are read a member at a time when at least this many do
#: (for fewer, setting up the columns costs more than it saves).
MIN_COLUMN_ROWS = 8


class Profile:
    """One walk over every element: its numeric and string leaves by path (for outliers and
    rare values), its key set, and the words keepNonRedundant compares it by.

    Those words are its keys and readable values. Opaque values (hashes, URLs, long tokens)
    and the keys of name-keyed maps (a package's dependency list) differ in every record by
    design; compared verbatim they make every record of a lockfile or an API listing look
    unique, and nothing would ever be elided. Scalar elements are compared as they are: a
    list of names is a document."""

    def __init__(self, items: list[Any], units: list[str]) -> None:
        n = len(items)
        self.n = n
        #: Leaf path -> {element index: value}, only for the elements that have the leaf (a
        #: name-keyed map gives thousands of paths, each present in a handful of elements).
        self.numeric: dict[str, dict[int, float]] = {}
        self.strings: dict[str, dict[int, str]] = {}
        self.keysets: list[tuple[str, ...] | None]
        self._slots: dict[str, tuple[dict[str, dict[int, str]], dict[str, dict[int, float]]]] = {}
        self._keysets: dict[tuple[str, ...], tuple[str, ...]] = {}  # key order -> sorted keys
        n_objects = sum(map(isinstance, items, repeat(dict)))
        records = n_objects * 2 >= n
        self.maps = _map_paths(items) if records else set()
        self.shapes: list[str] = [""] * n
        self.keysets = [None] * n
        # Objects by key order: those sharing one are read a member at a time (one pass per
        # member over a column of values instead of one per value), then their words are
        # joined in key order as the element-by-element walk would have gathered them.
        # A top-level name-keyed map has words that depend on its keys: element by element.
        by_order: dict[tuple[str, ...], list[int]] | None = {} if "" not in self.maps else None
        # A scalar element's leaf sits at the path "" (no object's leaf does).
        scalar_strings: dict[int, str] = {}
        scalar_numbers: dict[int, float] = {}
        if by_order is not None and n_objects == n:
            by_order = _group_by_order(items)
            items_left: Iterable[tuple[int, tuple[Any, str]]] = ()
        elif n_objects == 0 and set(map(type, items)) <= {str, int, RawFloat}:
            # Strings and numbers only: each element is its own shape and its own leaf.
            self.shapes = list(units)
            is_string = list(map(isinstance, items, repeat(str)))
            scalar_strings = dict(compress(enumerate(items), is_string))
            numbers = list(compress(enumerate(items), map(not_, is_string)))
            try:
                scalar_numbers = dict(zip(map(itemgetter(0), numbers), map(float, map(itemgetter(1), numbers))))
            except OverflowError:
                scalar_numbers = {i: f for i, v in numbers if (f := _float(v)) is not None}
            items_left = ()
        else:
            items_left = enumerate(zip(items, units))
        for i, (item, unit) in items_left:
            t = type(item)
            if t is not dict:
                # Compared as it is; an array element has no leaf paths (only words, unused).
                self.shapes[i] = unit
                if t is str:
                    scalar_strings[i] = item
                elif t is int or t is RawFloat:
                    number = _float(item)
                    if number is not None:
                        scalar_numbers[i] = number
                elif t is not list:
                    text = scalar_text(item)
                    if isinstance(item, (int, float)) and not isinstance(item, bool):
                        scalar_numbers[i] = float(item)
                    else:
                        scalar_strings[i] = text
                continue
            if by_order is not None:
                by_order.setdefault(tuple(item), []).append(i)
                continue
            self._object(item, i, records, unit)
        for order, indices in (by_order or {}).items():
            if len(indices) < MIN_COLUMN_ROWS:
                for i in indices:
                    self._object(items[i], i, records, units[i])
                continue
            rows = [items[i] for i in indices]
            parts = [self._column(k, column, indices) for k, column in zip(order, zip(*map(dict.values, rows)))]
            texts = list(map(" ".join, zip(*parts))) if parts else [""] * len(indices)
            if records:
                texts = _mask_digits(texts)
            keyset = self._keyset(order)
            shapes, keysets = self.shapes, self.keysets
            for i, text in zip(indices, texts):
                keysets[i] = keyset
                shapes[i] = text if records else units[i]
        if scalar_strings:
            self.strings[""] = scalar_strings
        if scalar_numbers:
            self.numeric[""] = scalar_numbers

    def _object(self, item: dict[str, Any], i: int, records: bool, unit: str) -> None:
        words: list[str] = []
        self._walk(item, "", i, words, 0)
        self.keysets[i] = self._keyset(tuple(item))
        # Records carry words, so keepNonRedundant masks their digits anyway; masking here
        # lets identical shapes be asked about once.
        self.shapes[i] = DIGITS.sub("0", " ".join(words)) if records else unit

    def _keyset(self, order: tuple[str, ...]) -> tuple[str, ...]:
        keyset = self._keysets.get(order)
        if keyset is None:
            keyset = self._keysets[order] = tuple(sorted(order))
        return keyset

    def _column(self, key: str, column: tuple[Any, ...], indices: list[int]) -> list[str]:
        """One member of objects sharing a key order: its leaf series filled, and each
        object's words for it (the key, then the value's words) joined by spaces."""
        path = "." + key
        types = set(map(type, column))
        if len(types) == 1:
            t = types.pop()
            if t is str:
                self.strings.setdefault(path, {}).update(zip(indices, column))
                if max(map(len, column)) < 20 and "://" not in "\n".join(column):
                    return list(map((key + " ").__add__, column))  # none is opaque
                return [key if "://" in v or (len(v) >= 20 and " " not in v) else f"{key} {v}" for v in column]
            if t is int or t is RawFloat:
                try:
                    numbers = list(map(float, column))
                except OverflowError:
                    numbers = None
                if numbers is not None:
                    self.numeric.setdefault(path, {}).update(zip(indices, numbers))
                    return list(map((key + " ").__add__, map(str if t is int else _RAW, column)))
            elif t is list:
                self._emptiness(path, dict(zip(indices, column)))
                words = _string_list_words(key, column)
                if words is not None:
                    return words
        out = []
        for i, v in zip(indices, column):
            words = [key]
            self._member(v, path, i, words)
            out.append(" ".join(words))
        return out

    def _emptiness(self, path: str, lists: dict[int, list[Any]]) -> None:
        """Whether each element's list at `path` is empty, as a leaf of its own: the one record
        whose `flags` holds something among two thousand empty ones is a rare value (arrays
        are otherwise no leaf paths, and its one extra word hides under the redundancy bar)."""
        series = self.strings.setdefault(path + "[]", {})
        for i, v in lists.items():
            series[i] = "items" if v else "empty"

    def _member(self, v: Any, path: str, i: int, words: list[str]) -> None:
        """A top-level member's value at `path`, as _walk reads one."""
        t = type(v)
        if t is str:
            if not ("://" in v or (len(v) >= 20 and " " not in v)):
                words.append(v)
            self.strings.setdefault(path, {})[i] = v
        elif t is int or t is RawFloat:
            words.append(v.raw if t is RawFloat else str(v))
            number = _float(v)
            if number is not None:
                self.numeric.setdefault(path, {})[i] = number
        elif v is None or t is bool:
            leaf = "null" if v is None else ("true" if v else "false")
            words.append(leaf)
            self.strings.setdefault(path, {})[i] = leaf
        else:
            self._walk(v, path, i, words, 1)

    def _walk(self, value: Any, path: str, i: int, words: list[str], depth: int) -> None:
        if depth > 8:
            return
        if isinstance(value, dict):
            append = words.append
            is_map = path in self.maps
            # The series of each member's leaf, by member name, cached per path: it saves
            # building `path.key` and hashing it for every leaf of every element.
            slots = self._slots.get(path)
            if slots is None:
                slots = self._slots[path] = ({}, {})
            string_slots, number_slots = slots
            for k, v in value.items():
                if not is_map:
                    append(k)
                t = type(v)
                if t is str:  # leaves, the bulk of any payload, are handled inline
                    if not ("://" in v or (len(v) >= 20 and " " not in v)):
                        append(v)
                    series = string_slots.get(k)
                    if series is None:
                        series = string_slots[k] = self.strings.setdefault(path + "." + k, {})
                    series[i] = v
                elif t is int or t is RawFloat:
                    append(v.raw if t is RawFloat else str(v))
                    series = number_slots.get(k)
                    if series is None:
                        series = number_slots[k] = self.numeric.setdefault(path + "." + k, {})
                    try:
                        series[i] = float(v)
                    except OverflowError:  # an integer past float's range is no measurement
                        pass
                elif v is None or t is bool:
                    leaf = "null" if v is None else ("true" if v else "false")
                    append(leaf)
                    series = string_slots.get(k)
                    if series is None:
                        series = string_slots[k] = self.strings.setdefault(path + "." + k, {})
                    series[i] = leaf
                else:
                    self._walk(v, path + "." + k, i, words, depth + 1)
            return
        if isinstance(value, list):
            self._emptiness(path, {i: value})
            for v in value[:16]:
                self._shape_only(v, path, words, depth + 1)
            return
        if isinstance(value, str):
            if not _opaque(value):
                words.append(value)
            self.strings.setdefault(path, {})[i] = value
            return
        text = scalar_text(value)
        words.append(text)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number = _float(value)
            if number is not None:
                self.numeric.setdefault(path, {})[i] = number
        else:
            self.strings.setdefault(path, {})[i] = text

    def _shape_only(self, value: Any, path: str, words: list[str], depth: int) -> None:
        """Inside arrays only the comparison words are collected (arrays are not leaf paths)."""
        if depth > 8:
            return
        if isinstance(value, dict):
            is_map = path in self.maps
            if depth == 8:  # its members sit too deep to be read: only the keys count
                if not is_map:
                    words.extend(value)
                return
            append = words.append
            for k, v in value.items():
                if not is_map:
                    append(k)
                # Scalar members inline (as _shape_only would read them one level down).
                t = type(v)
                if t is str:
                    if not ("://" in v or (len(v) >= 20 and " " not in v)):
                        append(v)
                elif t is int:
                    append(str(v))
                elif t is RawFloat:
                    append(v.raw)
                else:  # containers, and true/false/null
                    self._shape_only(v, path + "." + k, words, depth + 1)
        elif isinstance(value, list):
            for v in value[:16]:
                self._shape_only(v, path, words, depth + 1)
        elif isinstance(value, str):
            if not _opaque(value):
                words.append(value)
        else:
            words.append(scalar_text(value))


#: Objects are grouped by key order with one pass over all of them per distinct order, up to
#: this many orders (each pass is quick, but they add up); past it, one object at a time.
MAX_ORDER_PASSES = 16


def _group_by_order(items: list[dict[str, Any]]) -> dict[tuple[str, ...], list[int]]:
    """Indices of the objects by key order, orders in order of first appearance."""
    orders = list(map(tuple, items))
    distinct = dict.fromkeys(orders)
    if len(distinct) <= MAX_ORDER_PASSES:
        everything = range(len(orders))
        return {order: list(compress(everything, map(order.__eq__, orders))) for order in distinct}
    groups: dict[tuple[str, ...], list[int]] = {}
    for i, order in enumerate(orders):
        groups.setdefault(order, []).append(i)
    return groups


def _string_list_words(key: str, lists: tuple[list[Any], ...]) -> list[str] | None:
    """For a member holding lists of strings (tags): the key and each list's words, as _walk
    reads a list (its first 16 items, opaque ones left out). None for any other lists."""
    try:
        distinct = set(chain.from_iterable(lists))
    except TypeError:  # an object or a list inside
        return None
    if not all(type(v) is str for v in distinct):
        return None
    if max(map(len, lists)) <= 16 and not any(map(_opaque, distinct)):
        words = list(map((key + " ").__add__, map(" ".join, lists)))
        for i in compress(range(len(lists)), map(not_, lists)):
            words[i] = key  # an empty list adds no word
        return words
    return [" ".join([key, *[v for v in x[:16] if not _opaque(v)]]) for x in lists]


_RAW = attrgetter("raw")

#: Every ASCII digit to "0": a digit run becomes a run of zeros, and every zero came from one.
_DIGITS_TO_ZERO = str.maketrans("123456789", "000000000")


def _mask_digits(texts: list[str]) -> list[str]:
    """DIGITS.sub("0", text) of each text, all at once when some separator is in no text.
    Mapping digits to zeros and then halving zero runs until none is left has the same
    result, in a few passes of str.replace, at twice the regex's speed on a large payload."""
    for separator in _SEPARATORS:  # any one that no text holds (nor a digit)
        joined = separator.join(texts)
        if joined.count(separator) == len(texts) - 1:
            break
    else:
        return [DIGITS.sub("0", t) for t in texts]
    masked = joined.translate(_DIGITS_TO_ZERO)
    while "00" in masked:
        masked = masked.replace("00", "0")
    return masked.split(separator)


#: Separators for _mask_digits: a line break first, then control characters rarer in text.
_SEPARATORS = ("\n", "\x00", "\x1f")


def _float(value: int | float) -> float | None:
    """The number as a float, or None for an integer past float's range (no measurement)."""
    try:
        return float(value)
    except OverflowError:
        return None


def _map_paths(items: list[Any]) -> set[str]:
    """Paths of name-keyed maps: many more distinct keys across records than any one holds.
    Judged on an evenly spaced sample, which is plenty for a property of the schema."""
    step = max(1, len(items) // 256)
    union: dict[str, set[str]] = {}
    widest: dict[str, int] = {}
    # Objects down to depth 8, a level at a time: the keys seen at each path (one C-level
    # update per path and level) and the most any one object had.
    level: dict[str, list[dict[str, Any]]] = {"": [item for item in items[::step] if isinstance(item, dict)]}
    for depth in range(9):
        deeper: dict[str, list[dict[str, Any]]] = {}
        for path, objects in level.items():
            if not objects:
                continue
            keys = union.get(path)
            if keys is None:
                keys = union[path] = set()
            keys.update(*objects)
            most = max(map(len, objects))
            if widest.get(path, -1) < most:
                widest[path] = most
            if depth < 8:
                for value in objects:
                    for k, v in value.items():
                        if isinstance(v, dict):
                            child = f"{path}.{k}"
                            found = deeper.get(child)
                            if found is None:
                                deeper[child] = [v]
                            else:
                                found.append(v)
        level = deeper
    return {p for p, keys in union.items() if len(keys) > MAX_WHOLE and len(keys) > 3 * widest[p]}
