"""Tool output behind a per-line prefix: CI logs and monorepo task runners.

`gh run view --log` prints `JOB<TAB>STEP<TAB>2024-05-01T10:00:01.1234567Z <line>`, a raw Actions
log or `docker logs -t` a bare timestamp, GitLab (FF_TIMESTAMPS) a timestamp and a stream token
(`… 00O `), Jenkins a timestamp in brackets (`[2024-05-01T10:00:01.123Z] `), pnpm/turbo/lerna
`packages/a test: <line>`. With the prefix on every line, pytest or jest output detects as a log
and its failure blocks are cut.
Like the read-tool gutter (engine/listing.py), we strip the prefix before Detect and the
compressor, then give every surviving line its OWN prefix back, traced line by line.

When we strip (else the payload goes on as today):
- the prefix is on nearly every line (CI 90%, task runner 80% of non-blank lines) and is
  unambiguous: an RFC 3339 timestamp with `T` and a fraction, or a few stream names that each
  repeat (never level words like `ERROR: `);
- and the stripped body is something the engine reads better than a log, line by line: tool
  output, a diff or search hits (not JSON: its compressor re-serialises, so no view line would
  carry a prefix back). A timestamped application log, or an Actions job
  log that is build chatter, stays a log compressed as today with its timestamps (the log
  compressor uses them; stripped, the same log came out no smaller).

Interleaved streams (`pnpm -r --parallel`) are regrouped one stream after another (order of first
appearance) so the compressor reads each tool's output whole, and a marker says so; every line
still carries its own prefix. Restoration is declined (the original passes through) when the
compressor restructured the text, an `##[error]` line is not in view, a `##[warning]` line is
not in view and no warning of its message shape is, or under
MIN_TRACED of the view's content lines trace back to a prefixed line.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass

from engine import patterns as P

MIN_LINES = 5
CI_SHARE = 0.9
RUNNER_SHARE = 0.8
#: More stream names than this is not a task runner's handful of packages.
MAX_STREAMS = 12
#: Lines one stream name needs to count as a stream.
MIN_STREAM_LINES = 2
#: Share of the view's non-blank, non-marker lines that must trace back to a body line.
MIN_TRACED = 0.9
#: How many leading lines the cheap test reads.
HEAD_LINES = 12
#: Above twice this, the decision to strip is taken on a head sample of this size (and a tail of
#: a quarter of it) before any pass over every line.
SAMPLE = 64 * 1024
_MUST_SHOW = (b"##[error]", b"##[warning]")
#: After a marker that does not count its lines, a short line's place cannot be known.
_UNKNOWN = -2
_ANNOTATIONS = (b"##[error]", b"##[warning]", b"##[notice]")


@dataclass(frozen=True)
class LinePrefix:
    """One stripped prefix layer: the input it came from, and per body line its exact prefix."""

    original: bytes
    body: bytes
    prefixes: tuple[bytes | None, ...]
    #: Number of interleaved streams regrouped one after another (0: order as printed).
    regrouped: int = 0


# ------------------------------------------------------------------ stripping


def strip(data: bytes, body_type) -> LinePrefix | None:  # noqa: ANN001 (a detect function)
    """The layer, or None. body_type(bytes) -> ContentType decides whether stripping helps."""
    kind = _cheap_kind(data)
    if kind is None:
        return None
    if len(data) > 2 * SAMPLE and not _sample_strips(data, kind, body_type):
        # A large timestamped application log is judged on its head and tail: no per-line
        # pass over megabytes only to find it stays a log.
        return None
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    found = _ci_prefixes(lines) if kind == "ci" else _runner_prefixes(lines)
    if found is None:
        return None
    prefixes, names = found
    order = list(range(len(lines)))
    regrouped = 0
    if kind == "runner" and len(set(names) - {None}) > 1 and _interleaved(names):
        order, regrouped = _regroup(names), len(set(names) - {None})
    body_lines = [lines[i][len(prefixes[i] or b""):] for i in order]
    body = b"\n".join(body_lines) + (b"\n" if data.endswith(b"\n") else b"")
    if _leave_alone(body_type(body)):
        return None
    return LinePrefix(data, body, tuple(prefixes[i] for i in order), regrouped)


def _leave_alone(ctype) -> bool:  # noqa: ANN001
    """True unless the body is a kind whose compressor elides whole lines, so that each line in
    view can be traced to its prefix: tool output, a diff, search hits. (JSON's compressor
    re-serialises: no line of its view has a prefix to get back, and the payload would pass
    through where the log compressor reads it today.)"""
    from engine.types import ContentType

    return ctype not in (ContentType.TERMINAL, ContentType.DIFF, ContentType.SEARCH)


def _sample_strips(data: bytes, kind: str, body_type) -> bool:  # noqa: ANN001
    """Whether the head and tail, stripped, read as a kind worth stripping for (_leave_alone)."""
    head = data[:SAMPLE].rsplit(b"\n", 1)[0].split(b"\n")
    tail = data[-SAMPLE // 4:].split(b"\n", 1)[-1].split(b"\n")
    sample = head + tail
    found = _ci_prefixes(sample) if kind == "ci" else _runner_prefixes(sample)
    if found is None:
        return False
    prefixes = found[0]
    return not _leave_alone(body_type(b"\n".join(ln[len(p or b""):] for ln, p in zip(sample, prefixes))))


def _cheap_kind(data: bytes) -> str | None:
    """A test on the first lines only, so ordinary payloads never meet a per-line regex."""
    head = data[:4096].split(b"\n", HEAD_LINES)[:HEAD_LINES]
    if len(head) < MIN_LINES:
        return None
    stamped = sum(1 for ln in head if ln[4:5] == b"-" and ln[10:11] == b"T" or ln.count(b"\t") >= 2
                  or ln[:1] == b"[" and ln[11:12] == b"T")  # Jenkins: `[2026-01-12T19:00:14.975Z] `
    if stamped * 2 > len(head):
        # (A log excerpt may start mid-line, so no one line decides.)
        ci = sum(1 for ln in head if P.LINE_PREFIX_CI.match(ln))
        return "ci" if ci >= CI_SHARE * len(head) - 1 else None
    if not any(b": " in ln[:120] for ln in head[:4]):
        return None
    # Runners print a few lines of their own first; each stream's opening lines come next.
    head = data[:8192].split(b"\n", 2 * HEAD_LINES)[:2 * HEAD_LINES]
    names = [m.group(1) for ln in head if (m := P.LINE_PREFIX_RUNNER.match(ln)) and _stream_name(m.group(1))]
    if len(names) * 2 < len(head):
        return None
    distinct = set(names)
    return "runner" if len(distinct) * 2 <= len(names) else None


def _ci_prefixes(lines: list[bytes]) -> tuple[list[bytes | None], list[bytes | None]] | None:
    prefixes: list[bytes | None] = []
    nonblank = hits = 0
    match = P.LINE_PREFIX_CI.match
    annotation = False
    for ln in lines:
        m = match(ln)
        prefixes.append(m.group(0) if m else None)
        if m is not None:
            # An Actions annotation's message goes on, unprefixed, over the next lines.
            annotation = ln.startswith(_ANNOTATIONS, m.end())
        if ln.strip() and (m is not None or not annotation):
            nonblank += 1
            hits += m is not None
    if nonblank < MIN_LINES or hits < CI_SHARE * nonblank:
        return None
    return prefixes, [None] * len(lines)


def _runner_prefixes(lines: list[bytes]) -> tuple[list[bytes | None], list[bytes | None]] | None:
    matches = [P.LINE_PREFIX_RUNNER.match(ln) for ln in lines]
    counts: dict[bytes, int] = {}
    for m in matches:
        if m is not None:
            counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    streams = {n for n, c in counts.items() if c >= MIN_STREAM_LINES and _stream_name(n)}
    if not streams or len(streams) > MAX_STREAMS:
        return None
    prefixes: list[bytes | None] = []
    names: list[bytes | None] = []
    nonblank = hits = 0
    for ln, m in zip(lines, matches):
        name = m.group(1) if m is not None and m.group(1) in streams else None
        names.append(name)
        prefixes.append(m.group(0) if name is not None else None)  # type: ignore[union-attr]
        if ln.strip():
            nonblank += 1
            hits += name is not None
    if nonblank < MIN_LINES or hits < RUNNER_SHARE * nonblank:
        return None
    return prefixes, names


def _stream_name(name: bytes) -> bool:
    """A runner names a stream `pkg script` (pnpm), `pkg:task` (turbo) or `@scope/pkg` (lerna);
    a bare word (`fuzz: `, `ERROR: `) or a path (`src/a.py: `) is the tool's own text."""
    return (b" " in name or b":" in name or name[:1] == b"@") and not P.LINE_PREFIX_LEVEL_NAME.fullmatch(name)


def _interleaved(names: list[bytes | None]) -> bool:
    """Some stream resumes after another one spoke: its lines are not one contiguous run."""
    finished: set[bytes] = set()
    current: bytes | None = None
    for name in names:
        if name is None or name == current:
            continue
        if name in finished:
            return True
        if current is not None:
            finished.add(current)
        current = name
    return False


def _regroup(names: list[bytes | None]) -> list[int]:
    """Line order with each stream's lines together, streams in order of first appearance;
    unprefixed lines before the first stream line stay first, later ones go last (they are the
    runner's own summary, printed once every stream ended)."""
    first = next(i for i, n in enumerate(names) if n is not None)
    groups: dict[bytes, list[int]] = {}
    tail: list[int] = []
    for i in range(first, len(names)):
        name = names[i]
        if name is None:
            tail.append(i)
        else:
            groups.setdefault(name, []).append(i)
    order = list(range(first))
    for indices in groups.values():  # dict order is insertion order: first appearance
        order.extend(indices)
    return order + tail


# ------------------------------------------------------------------ restoring prefixes


def restore(layer: LinePrefix, output: bytes) -> bytes | None:
    """The view with each traced line's own prefix back, or None when that cannot be done."""
    from engine.terminal_text import plain_text

    source = [ln.rstrip(b"\r") for ln in split_lines(layer.body)]
    # Keyed without trailing blanks (compressors trim them) and, for coloured lines, without
    # colours too (the view may be what the terminal showed).
    exact: dict[bytes, list[int]] = {}
    plain: dict[bytes, list[int]] = {}
    blank = [not ln.strip() for ln in source]
    for i, ln in enumerate(source):
        exact.setdefault(ln.rstrip(), []).append(i)
        if b"\x1b" in ln or b"\r" in ln:
            shown = plain_text(ln).rstrip()
            plain.setdefault(shown, []).append(i)
            blank[i] = not shown.strip()
    rendered: list[tuple[bytes, int | None]] = []
    cursor = traced = counted = 0
    resume = -1  # where the body goes on after an elision marker (-1: at the cursor)
    for raw in split_lines(output):
        line = raw.rstrip(b"\r")
        if not line.strip():
            at = cursor if resume == -1 else resume
            hit = at if 0 <= at < len(source) and blank[at] else None
        else:
            hit = _trace(line, exact, plain, cursor, resume)
            if hit is not None or not _is_marker(line):
                counted += 1
                traced += hit is not None
            else:
                # After a marker the view resumes where its count says, or nobody knows where.
                m = P.LINE_PREFIX_ELIDED_COUNT.match(line)
                resume = cursor + int(m.group(1)) if m is not None else _UNKNOWN
                rendered.append((raw, None))
                continue
        resume = -1
        if hit is None:
            rendered.append((raw, None))
            continue
        rendered.append(((layer.prefixes[hit] or b"") + raw, hit))
        cursor = hit + 1
    if counted and traced < MIN_TRACED * counted:
        return None
    shown = {i for _, i in rendered if i is not None}
    hidden = [ln for i, ln in enumerate(source) if ln.startswith(_MUST_SHOW) and i not in shown]
    if hidden and not _represented(hidden, [source[i] for i in sorted(shown)]):
        return None
    if b"##[group]" in layer.body:
        rendered = _elide_setup_groups(source, rendered)
    lines = [text for text, _ in rendered]
    if layer.regrouped:
        lines.insert(0, f"[caveman: {layer.regrouped} interleaved streams shown one after another, "
                        f"grouped by line prefix; the original order is in the stored original]".encode())
    return b"\n".join(lines) + (b"\n" if output.endswith(b"\n") else b"")


def _represented(hidden: list[bytes], shown: list[bytes]) -> bool:
    """Every hidden annotation is a warning whose message shape a shown warning has: a lint
    flood thinned to one annotation per kind (its marker counts the rest). An error annotation
    is always shown."""
    from engine.compressors.toolout_findings import message_shape

    if any(ln.startswith(b"##[error]") for ln in hidden):
        return False
    warn = len(b"##[warning]")
    kinds = {message_shape(ln[warn:].decode("utf-8", "replace")) for ln in shown if ln.startswith(b"##[warning]")}
    return all(message_shape(ln[warn:].decode("utf-8", "replace")) in kinds for ln in hidden)


def split_lines(data: bytes) -> list[bytes]:
    """The lines of data, without a last empty one after a final newline (the listing layers'
    split too)."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def _is_marker(line: bytes) -> bool:
    return P.ELISION_MARKER.search(line.decode("utf-8", "replace")) is not None


def _trace(line: bytes, exact: dict[bytes, list[int]], plain: dict[bytes, list[int]],
           cursor: int, resume: int) -> int | None:
    """The body line this view line came from, at or after the cursor. A short wordless line
    (`...`, `---`) counts only as the very next body line, or the one right after the lines a
    marker just counted, so it cannot drag the cursor past real matches."""
    key = line.rstrip()
    indices = exact.get(key) or plain.get(key)
    if indices and key in plain and key in exact:
        indices = sorted(exact[key] + plain[key])  # the same text, drawn plainly and by redraws
    if not indices:
        return None
    at = cursor if resume == -1 else resume
    k = bisect.bisect_left(indices, max(at, cursor))
    if k == len(indices):
        return None
    if indices[k] == at:
        return at  # exactly where the view should go on: a copy of this text further down is not it
    weak = len(line.strip()) <= 3 or not any(c.isalnum() for c in line.decode("utf-8", "replace"))
    if weak:
        return None
    k = bisect.bisect_left(indices, cursor)
    return indices[k]


def _elide_setup_groups(source: list[bytes], rendered: list[tuple[bytes, int | None]]) -> list[tuple[bytes, int | None]]:
    """A GitHub Actions `##[group]` … `##[endgroup]` that holds no error, warning or failure
    word is the runner's setup echo (the step's script, shell, env, runner image): its body
    leaves the view under one marker, its header stays."""
    spans: list[tuple[int, int]] = []
    open_at: int | None = None
    for i, ln in enumerate(source):
        if ln.startswith(b"##[group]"):
            open_at = i
        elif ln.startswith(b"##[endgroup]") and open_at is not None:
            if not any(P.LINE_PREFIX_GROUP_ALERT.search(x) for x in source[open_at + 1:i]):
                spans.append((open_at, i))
            open_at = None
    if not spans:
        return rendered
    starts = [s for s, _ in spans]
    out: list[tuple[bytes, int | None]] = []
    k = 0
    while k < len(rendered):
        text, idx = rendered[k]
        j = bisect.bisect_right(starts, idx) - 1 if idx is not None else -1
        if j >= 0 and spans[j][0] == idx:
            out.append((text, idx))
            end = spans[j][1]
            n = k + 1
            while n < len(rendered) and rendered[n][1] is not None and idx < rendered[n][1] <= end:  # type: ignore[operator]
                n += 1
            if n - k - 1 > 0:
                # the reference's marker form, so an agent reads it as every other elision
                gone = n - k - 1
                out.append((f"… {gone} line{'s' if gone != 1 else ''} elided (caveman): an Actions group's "
                            f"body with no error, warning or failure in it …".encode(), None))
            k = n
            continue
        out.append((text, idx))
        k += 1
    return out
