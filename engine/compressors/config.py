"""Config files (YAML, TOML): keep the structure and the lines that matter, elide the rest.

Kept: the first three and last two lines, lines naming a failure or a secret, YAML top-level
keys and TOML section headers, the `name`/`id` line that tells look-alike blocks apart, anchors
(an alias must find its anchor), query matches with up to eight lines of their block, and whatever keepNonRedundant restores. Every kept line then
brings its parent chain (YAML: each less-indented line above it; TOML: its section header and,
inside a multi-line array or string, the line that opened it and the one that closes it), so
a kept value is always read under its real keys. Each elided run of three or more lines
becomes `# … N config lines elided (caveman) …`. The result must parse again (yaml / tomllib),
else the input passes through.
"""
from __future__ import annotations

from collections.abc import Callable

from engine.compressors.redundancy import keep_non_redundant
from engine.compressors.selection import bm25_scores, runs
from engine.patterns import CONFIG_IDENTITY, CONFIG_IMPORTANT, TOML_ASSIGNMENT, TOML_SECTION, YAML_ANCHOR, YAML_KEY_LINE
from engine.safety import SafetyClass
from engine.types import ContentType

MIN_LINES = 14
KEEP_HEAD = 3
KEEP_TAIL = 2
QUERY_LIMIT = 16
#: Lines of a query match's own block shown with it.
CHILD_LINES = 8
MIN_RUN = 3
#: A view hiding fewer lines than this share of the file saves a few tokens and costs the
#: agent a retrieve when it needs one of them: pass such files through.
MIN_ELIDED_SHARE = 0.25


class ConfigCompressor:
    content_type = ContentType.CONFIG
    safety_class = SafetyClass.S4

    def compress(self, data: bytes) -> bytes | None:
        return self.compress_query(data, "")

    def compress_query(self, data: bytes, query: str) -> bytes | None:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
        newline = "\r\n" if text.count("\r\n") * 2 > text.count("\n") else "\n"
        lines = text.split(newline)
        trailing = lines[-1] == ""
        if trailing:
            lines.pop()
        if len(lines) < MIN_LINES:
            return None
        dialect = _dialect(text)
        if dialect is None:
            return None
        keep = _select(lines, query, dialect)
        stream = _object_stream(lines, dialect) if isinstance(dialect, _Yaml) else None
        if stream is None:
            keep = keep_non_redundant(dialect.in_context(lines), keep)
        else:
            stream.select(keep)
        dialect.close(lines, keep)
        out: list[str] = []
        cursor = 0
        elided = 0
        for start, end in runs(keep):
            out.extend(lines[cursor:start])
            marker = dialect.marker(lines, start, end) if stream is None else \
                _marker(dialect.marker_indent(lines, start, end), end - start, stream.note(start, end))
            # An object's marker says what it stands for; where that costs more than the
            # lines themselves, they are shown.
            if end - start >= MIN_RUN and (stream is None or len(marker) < sum(map(len, lines[start:end])) + end - start):
                out.append(marker)
                elided += end - start
            else:
                out.extend(lines[start:end])
            cursor = end
        out.extend(lines[cursor:])
        if elided == 0 or elided < MIN_ELIDED_SHARE * len(lines):
            return None
        result = newline.join(out) + (newline if trailing else "")
        if len(result) >= len(text) or not dialect.parses(result):
            return None
        return result.encode("utf-8")


def _select(lines: list[str], query: str, dialect: _Dialect) -> list[bool]:
    n = len(lines)
    keep = [i < KEEP_HEAD or i >= n - KEEP_TAIL for i in range(n)]
    for i, line in enumerate(lines):
        if CONFIG_IMPORTANT.search(line) or dialect.structural(line) or dialect.identity(lines, i):
            keep[i] = True
    if query and query.strip():
        scores = bm25_scores(lines, query)
        best = max(scores, default=0.0)
        if best > 0:
            ranked = sorted((i for i in range(n) if scores[i] >= 0.3 * best), key=lambda i: (-scores[i], i))
            for i in ranked[:QUERY_LIMIT]:
                keep[i] = True
                for j in dialect.block(lines, i)[:CHILD_LINES]:
                    keep[j] = True
    return keep


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _significant(line: str) -> bool:
    s = line.strip()
    return bool(s) and not s.startswith("#")


def _is_item(line: str) -> bool:
    s = line.lstrip(" ")
    return s.startswith("- ") or s.rstrip() == "-"


def _label(line: str) -> str:
    """How a parent line names its block: an item by its text, a key by its name."""
    s = line.strip()
    if _is_item(line):
        return s
    return s.split(":", 1)[0] if ":" in s else s


def _marker(indent: int, count: int, note: str = "") -> str:
    return " " * indent + f"# … {count} config lines elided (caveman){': ' + note if note else ''} …"


class _Dialect:
    structural: Callable[[str], bool]

    def identity(self, lines: list[str], i: int) -> bool:
        """Line i names the block it opens or sits in (CONFIG_IDENTITY)."""
        return CONFIG_IDENTITY.match(lines[i]) is not None

    def in_context(self, lines: list[str]) -> list[str]:
        """Each line prefixed by where it sits, for keepNonRedundant: `- amd64` under the macos
        job is not a repeat of `- amd64` under the linux job."""
        raise NotImplementedError

    def block(self, lines: list[str], i: int) -> list[int]:
        raise NotImplementedError

    def close(self, lines: list[str], keep: list[bool]) -> None:
        raise NotImplementedError

    def marker(self, lines: list[str], start: int, end: int) -> str:
        raise NotImplementedError

    def parses(self, text: str) -> bool:
        raise NotImplementedError


class _Yaml(_Dialect):
    @staticmethod
    def structural(line: str) -> bool:
        return (line[:1] not in (" ", "\t", "#", "-", "") and bool(YAML_KEY_LINE.match(line))) or \
            line.startswith(("---", "...")) or bool(YAML_ANCHOR.search(line))

    def block(self, lines: list[str], i: int) -> list[int]:
        """The lines under line i: everything after it that is indented deeper (or blank)."""
        base, out = _indent(lines[i]), []
        for j in range(i + 1, len(lines)):
            if _significant(lines[j]) and _indent(lines[j]) <= base:
                break
            out.append(j)
        return out

    def __init__(self) -> None:
        self._parents: list[list[int]] | None = None

    def parents(self, lines: list[str]) -> list[list[int]]:
        """For each line, the lines it sits under: each less-indented line above it, and for a
        `- item` at its key's own indentation (`key:` / `- a`), that key."""
        if self._parents is None:
            out: list[list[int]] = []
            stack: list[tuple[int, bool, int]] = []
            for line in lines:
                if not _significant(line):
                    out.append([idx for _, _, idx in stack])
                    continue
                ind, item = _indent(line), _is_item(line)
                while stack and not (stack[-1][0] < ind or (item and stack[-1][0] == ind and not stack[-1][1])):
                    stack.pop()
                out.append([idx for _, _, idx in stack])
                stack.append((ind, item, len(out) - 1))
            self._parents = out
        return self._parents

    def identity(self, lines: list[str], i: int) -> bool:
        # A list item's own `- name:` (a CI step) or a name at most one key deep (a Kubernetes
        # object's `metadata.name`): deeper names (a container's) would pull in their whole
        # parent chain, and the object is already told apart by its own.
        line = lines[i]
        return CONFIG_IDENTITY.match(line) is not None and (_is_item(line) or len(self.parents(lines)[i]) <= 1)

    def in_context(self, lines: list[str]) -> list[str]:
        parents = self.parents(lines)
        return [" ".join([*(_label(lines[p]) for p in parents[i]), line.strip()]) if line.strip() else ""
                for i, line in enumerate(lines)]

    def close(self, lines: list[str], keep: list[bool]) -> None:
        parents = self.parents(lines)
        for i in range(len(lines)):
            if keep[i] and lines[i].strip():
                for p in parents[i]:
                    keep[p] = True

    def marker_indent(self, lines: list[str], start: int, end: int) -> int:
        return _indent(next((ln for ln in lines[start:end] if ln.strip()), ""))

    def marker(self, lines: list[str], start: int, end: int) -> str:
        return _marker(self.marker_indent(lines, start, end), end - start)

    def parses(self, text: str) -> bool:
        return _yaml_documents(text) is not None


class _Toml(_Dialect):
    def __init__(self, lines: list[str]) -> None:
        self._lines = lines
        self._groups: list[tuple[int, int]] | None = None

    @property
    def groups(self) -> list[tuple[int, int]]:
        if self._groups is None:
            self._groups = _toml_statements(self._lines)
        return self._groups

    def in_context(self, lines: list[str]) -> list[str]:
        out, section = [], ""
        for i, line in enumerate(lines):
            if TOML_SECTION.match(line) and self.groups[i] == (i, i):
                section = line.strip()
            start = self.groups[i][0]
            opener = lines[start].split("=", 1)[0].strip() if start != i else ""
            out.append(" ".join(filter(None, (section, opener, line.strip()))) if line.strip() else "")
        return out

    @staticmethod
    def structural(line: str) -> bool:
        return bool(TOML_SECTION.match(line))

    def identity(self, lines: list[str], i: int) -> bool:
        # A lock file's package is its name and resolved version (`name = "x"` / `version = "1.2"`
        # under `[[package]]`): the version is what the agent opened the lock file for.
        if lines[i].startswith("version = ") and i > 0 and lines[i - 1].startswith("name = "):
            return True
        return super().identity(lines, i)

    def block(self, lines: list[str], i: int) -> list[int]:
        out = []
        for j in range(i + 1, len(lines)):
            if TOML_SECTION.match(lines[j]) and self.groups[j] == (j, j):
                break
            out.append(j)
        return out

    def close(self, lines: list[str], keep: list[bool]) -> None:
        """Kept lines bring their section header; a kept line inside a multi-line value brings
        the lines that open and close it, so no fragment reads as a top-level key."""
        for i in range(len(lines)):
            if keep[i]:
                start, end = self.groups[i]
                keep[start] = keep[end] = True
        section = None
        for i, line in enumerate(lines):
            if TOML_SECTION.match(line) and self.groups[i] == (i, i):
                section = i
            elif keep[i] and section is not None and line.strip():
                keep[section] = True

    def marker(self, lines: list[str], start: int, end: int) -> str:
        return _marker(0, end - start)

    def parses(self, text: str) -> bool:
        import tomllib

        try:
            tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError, ValueError):
            return False
        return True


class _ObjectStream:
    """A YAML stream of objects (`kubectl … -o yaml` per object, `helm template`): each object
    is compared with the first object of its kind, never with look-alikes of others. Its lines
    found under the same keys in that first object (its own name read as the first one's) are
    elided, under a marker naming that object; every line that differs stays, so each object's
    own image tag, replica count or port is in view. keepNonRedundant, which masks digits and
    compares with every kept line, had hidden them behind bare counts."""

    def __init__(self, lines: list[str], dialect: _Yaml, docs: list[tuple[int, int]]) -> None:
        self.lines = lines
        parents = dialect.parents(lines)
        # Each line under its parents' keys; a list item as a parent by its key alone (`- image`),
        # so the lines under an item whose own value differs (`- image: app:1.3.0`) still compare.
        self.units = [" ".join([*(_item_key(lines[p]) for p in parents[i]), line.strip()]) if line.strip() else ""
                      for i, line in enumerate(lines)]
        self.doc_of = [0] * len(lines)
        self.ref: list[int | None] = []  # each document's first object of its kind (None: itself)
        self.names: list[str] = []
        first_of: dict[str, int] = {}
        self.keys: list[set[str]] = []
        for d, (start, end) in enumerate(docs):
            kind, name = "", ""
            for i in range(start, end):
                self.doc_of[i] = d
                line = lines[i]
                if line.startswith("kind:"):
                    kind = line[5:].strip()
                elif not name and len(parents[i]) == 1 and CONFIG_IDENTITY.match(line) and not _is_item(line):
                    name = line.split(":", 1)[1].strip().strip("\"'")
            self.names.append(name if len(name) >= 2 else "")
            self.ref.append(first_of.setdefault(kind, d) if kind and name else None)
            if self.ref[d] == d:
                self.ref[d] = None
            self.keys.append({self._key(i, d) for i in range(start, end)})
        self.named = [False] * len(lines)  # elided only as read with the object's own name

    def _key(self, i: int, d: int) -> str:
        name = self.names[d]
        return self.units[i].replace(name, "\0") if name else self.units[i]

    def select(self, keep: list[bool]) -> list[str]:
        """Keep each line of a later object that its kind's first object lacks; notes per line."""
        notes = self.notes = [""] * len(self.lines)
        for i in range(len(self.lines)):
            d = self.doc_of[i]
            r = self.ref[d]
            if r is None:
                keep[i] = True  # the first object of its kind is the reference: shown whole
                continue
            key = self._key(i, d)
            if key not in self.keys[r]:
                keep[i] = True
                continue
            # `as in web1`: found under the same keys in web1, the first object of this one's
            # kind (the kind is left out: naming it made most markers cost more than their lines)
            notes[i] = f"as in {self.names[r]}"
            self.named[i] = key != self.units[i]
        return notes

    def note(self, start: int, end: int) -> str:
        """What every line of an elided run is: a line of its kind's first object, found there
        under the same keys (with this object's name where that one has its own)."""
        said = {self.notes[i] for i in range(start, end) if self.lines[i].strip()}
        if len(said) != 1 or "" in said:
            return ""
        d = self.doc_of[start]
        r = self.ref[d]
        note = said.pop()
        if r is not None and any(self.named[start:end]):
            note += f", {self.names[d]} for {self.names[r]}"
        return note


def _item_key(line: str) -> str:
    """A parent line as _label names it, a `- key: value` item by its key."""
    label = _label(line)
    if _is_item(line) and ":" in label:
        return label.split(":", 1)[0]
    return label


def _object_stream(lines: list[str], dialect: _Yaml) -> _ObjectStream | None:
    """The stream's documents when it holds two or more objects, else None."""
    docs: list[tuple[int, int]] = []
    start = 0
    for i, line in enumerate(lines + ["---"]):
        if line.startswith("---"):
            if any(ln[:1] not in ("", " ", "#", "\t") for ln in lines[start:i]):
                docs.append((start, i))
            start = i + 1
    if len(docs) < 2:
        return None
    stream = _ObjectStream(lines, dialect, docs)
    # Documents that are no named objects (no `kind:`, no `name:`) are compared as before.
    return stream if sum(1 for r in stream.ref if r is not None) >= 1 else None


def _dialect(text: str) -> _Dialect | None:
    """TOML when tomllib takes it and it looks like TOML; YAML when it parses to a mapping or
    a sequence (plain prose parses as one YAML string, and is not config)."""
    lines = text.splitlines()
    toml = _Toml(lines)
    if any(TOML_ASSIGNMENT.match(ln) or TOML_SECTION.match(ln) for ln in lines) and toml.parses(text):
        return toml
    import yaml

    docs = _yaml_documents(text)
    # An empty document (a stream ending, or `helm template` starting, with `---`) is no content.
    docs = [d for d in docs or [] if not (isinstance(d, yaml.ScalarNode) and d.value == "" and d.tag.endswith(":null"))]
    if not docs or not all(isinstance(d, (yaml.MappingNode, yaml.SequenceNode)) for d in docs):
        return None
    return _Yaml()


def _yaml_documents(text: str) -> list | None:  # type: ignore[type-arg]
    """The document nodes (composed, not constructed: syntax and aliases are checked at a
    fraction of the cost), or None when the text is not YAML."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return [d for d in yaml.compose_all(text, Loader=loader) if d is not None]
    except (yaml.YAMLError, RecursionError, ValueError):
        return None


def _toml_statements(lines: list[str]) -> list[tuple[int, int]]:
    """For each line, the (first, last) line of the TOML statement it belongs to: a multi-line
    array, inline table or string spans several lines; everything else is its own line."""
    groups: list[tuple[int, int]] = []
    depth, in_string, start = 0, "", 0
    for i, line in enumerate(lines):
        if depth == 0 and not in_string:
            start = i
        depth, in_string = _scan_toml_line(line, depth, in_string)
        if depth == 0 and not in_string:
            groups.extend([(start, i)] * (i - start + 1))
    groups.extend([(start, len(lines) - 1)] * (len(lines) - len(groups)))
    return groups


def _scan_toml_line(line: str, depth: int, in_string: str) -> tuple[int, str]:
    """Bracket depth and open multi-line string delimiter after one line."""
    i, n = 0, len(line)
    while i < n:
        if in_string:
            if in_string == '"""' and line[i] == "\\":
                i += 2
                continue
            if line.startswith(in_string, i):
                i += 3
                in_string = ""
                continue
            i += 1
            continue
        c = line[i]
        if line.startswith('"""', i) or line.startswith("'''", i):
            in_string = line[i:i + 3]
            i += 3
        elif c == '"':
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            i += 1
        elif c == "'":
            end = line.find("'", i + 1)
            i = n if end < 0 else end + 1
        elif c == "#":
            break
        elif c in "[{":
            depth += 1
            i += 1
        elif c in "]}":
            depth = max(0, depth - 1)
            i += 1
        else:
            i += 1
    return depth, in_string
