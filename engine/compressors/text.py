"""Text compressor: prose and anything Detect could not place. Sections (paragraphs, or lines
when there are no blank lines; a fenced code block is one section) are kept at the head and
tail, as headings, when flagged, and when they are the one odd section; runs of look-alike
sections become counted markers."""
from __future__ import annotations

from collections import Counter

from engine.compressors import lines as L
from engine.compressors import (
    apt_policy, bench_report, block_repeats, byte_dump, cert_dump, dep_tree, gdb_backtrace, key_listing, lcov_info, long_lines,
    memcheck, metric_reports, npm_explain, profile_report, py_literal, pydantic_errors, query_plan, r_tables, restore_report, sql_dump,
    strace, toolout, toolout_tox, tree_listing, xml_runs,
)
from engine.compressors.access_status import server_error_lines
from engine.compressors.db_messages import server_message_lines
from engine.compressors.frames import fold_recursion_kept
from engine.compressors.redundancy import keep_non_redundant
from engine.compressors.log_tracebacks import fold_repeated_frames_kept
from engine.compressors.thread_dump import fold_threads_kept, pyspy_stack_lines
from engine.patterns import (
    BASE64_LINE, BLANK_LINE_SPLIT, ELISION_MARKER, HTML_COMMENT, HTML_NOISE_BLOCK, LOOKS_HTML,
    METRICS_REPORT_FIELD, METRICS_REPORT_PATH, PATH_LIST_ENTRY, PROFILE_LISTING_HEADER, PY_FRAME_LINE, REDIS_REPLY_NUMBER,
    TEXT_HEADING_MD, TEXT_IMPORTANT, TEXT_LIST_ITEM, TEXT_SENTENCE_END,
)
from engine.safety import SafetyClass
from engine.types import ContentType

HEAD, TAIL = 2, 2
QUERY_LIMIT = 12
MIN_BYTES = 1600
MIN_SECTIONS = 7
#: Identical consecutive sections, the first included, from which the copies are elided.
MIN_REPEAT_RUN = 3
#: A run of one line repeated is named in its marker when the line is at most this long.
IDENTICAL_SHOWN_MAX = 80
#: Share of lines that must be paths for the text to be a path listing (the rest: `find: …:
#: Permission denied` and the like, shown with it).
PATH_LIST_SHARE = 0.9
HEADING_MAX_WORDS, HEADING_MAX_CHARS = 8, 96
#: A paragraph this many lines long is a program's output, not prose: the text is read by lines.
LONG_PARAGRAPH_LINES = 40
_DIGITS_OUT = str.maketrans("", "", "0123456789")


def has_paragraphs(text: str) -> bool:
    return BLANK_LINE_SPLIT.search(text) is not None


def sections(text: str, by_lines: bool = False) -> list[str]:
    """Paragraphs when the text has a blank line, else lines; a ``` fence stays one section.

    Paragraphs are trimmed; lines keep their indentation (a traceback frame or a YAML key
    means something by it). `by_lines` reads a text with blank lines by lines, its blank lines
    kept in front of the line after them so that the view shows them where they were."""
    has_blank = has_paragraphs(text) and not by_lines
    raw = BLANK_LINE_SPLIT.split(text) if has_blank else text.split("\n")
    out: list[str] = []
    fence: list[str] | None = None
    for part in raw:
        if fence is not None:
            fence.append(part)
            if part.count("```") % 2 == 1:
                out.append(("\n\n" if has_blank else "\n").join(fence))
                fence = None
            continue
        if part.count("```") % 2 == 1:
            fence = [part]
            continue
        out.append(part)
    if fence is not None:
        out.append(("\n\n" if has_blank else "\n").join(fence))
    if has_blank:
        return [s.lstrip("\n").rstrip() for s in out if s.strip()]  # an indented first line keeps its indent
    if by_lines:
        # A blank line travels with the line after it: shown when that line is, elided with it
        # (a marker counts lines that said something).
        units, blanks = [], 0
        for part in out:
            if not part.strip():
                blanks += 1 if units else 0
                continue
            units.append("\n" * blanks + part.rstrip())
            blanks = 0
        return units
    return [s.rstrip() for s in out if s.strip()]


def read_units(text: str) -> tuple[list[str], str]:
    """The sections to compress and the separator that joins them back.

    A few blank lines in a program's output (one before its traceback) would make two or three
    paragraphs of hundreds of lines that nothing could elide; such a text is read by lines."""
    if not has_paragraphs(text):
        return sections(text), "\n"
    paragraphs = sections(text)
    if not any(_program_output(p) for p in paragraphs):
        return paragraphs, "\n\n"
    return sections(text, by_lines=True), "\n"


def _program_output(paragraph: str) -> bool:
    """LONG_PARAGRAPH_LINES lines or more, and not a code fence or a document's list."""
    lines = paragraph.count("\n") + 1
    if lines < LONG_PARAGRAPH_LINES or paragraph.startswith("```"):
        return False
    # A Markdown document's HTML block (a README's or CHANGELOG's `<table>` of release links,
    # a line each) is the document's own list, like its `* item` lines.
    markup = paragraph.count("\n<") + paragraph.startswith("<")
    return (len(TEXT_LIST_ITEM.findall(paragraph)) + markup) * 2 < lines


def is_path_listing(text: str) -> bool:
    """`find`, `rg -l`, `redis-cli --scan`, `pip freeze`: one path or name a line, each distinct.
    The agent asked for the list; each entry is an answer, and none stands for another, so such
    a list is never thinned. (Repeated lines are repetition, a base64 blob or CSV records no list.)"""
    lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
    if len(lines) > L.LIST_MAX_ENTRIES:  # `find /`: thinned like any text, markers counting what went
        return False
    if lines and lines[0][:1].isdigit() and REDIS_REPLY_NUMBER.match(lines[0]):
        # redis-cli on a terminal numbers a reply's elements: `1) "user:406"`.
        lines = [_redis_element(ln) for ln in lines]
    entries = [ln for ln in lines
               if PATH_LIST_ENTRY.fullmatch(ln) and "," not in ln and not BASE64_LINE.fullmatch(ln)]
    return bool(lines) and len(entries) >= PATH_LIST_SHARE * len(lines) \
        and len(set(entries)) >= PATH_LIST_SHARE * len(entries)


def is_metrics_report(text: str) -> bool:
    """`radon raw`: per file, a path line and the indented measurements under it. Every value
    is an answer, and numbers masked alike made each file's block look like the first one's."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if not lines or len(lines) > L.LIST_MAX_ENTRIES or lines[0][:1].isspace():
        return False
    paths = sum(1 for ln in lines if METRICS_REPORT_PATH.fullmatch(ln))
    fields = sum(1 for ln in lines if ln[:1].isspace() and METRICS_REPORT_FIELD.fullmatch(ln))
    return paths >= 2 and fields >= 2 * paths and paths + fields >= PATH_LIST_SHARE * len(lines)


def _redis_element(line: str) -> str:
    """One element of a numbered redis-cli reply, its numbers and quotes removed (a line that is
    no element stays as it is, and counts against the list)."""
    m = REDIS_REPLY_NUMBER.match(line)
    if m is None:
        return line
    value = line[m.end():]
    return value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value


def is_heading(section: str) -> bool:
    if TEXT_HEADING_MD.match(section):
        return True
    return ("\n" not in section and len(section) <= HEADING_MAX_CHARS
            and len(section.split()) <= HEADING_MAX_WORDS and not TEXT_SENTENCE_END.search(section))


def strip_html_noise(text: str) -> str:
    text = HTML_COMMENT.sub("", text)
    return HTML_NOISE_BLOCK.sub("\n\n" + L.marker_text(1, "sections") + "\n\n", text)


def _identical_repeats(units: list[str]) -> list[bool]:
    """Which units repeat the unit before them exactly, in runs of MIN_REPEAT_RUN copies or
    more (a stack trace's recursion: `at Deep.depth(Deep.java:2)` eighty times)."""
    n = len(units)
    out = [False] * n
    i = 0
    while i < n:
        j = i + 1
        while j < n and units[j] == units[i]:
            j += 1
        if j - i >= MIN_REPEAT_RUN and units[i].strip():
            for k in range(i + 1, j):
                out[k] = True
        i = j
    return out


class TextCompressor(L.QueryAwareLines):
    content_type = ContentType.TEXT
    safety_class = SafetyClass.S4

    def _run(self, data: bytes, query: str | None) -> bytes | None:
        text = L.decode(data)
        if text is None or len(text.strip()) < MIN_BYTES:
            return None
        if strace.is_strace(text.split("\n", strace.SAMPLE_LINES * 2)):
            return strace.compress(text, query)
        if profile_report.is_report(text):
            # a profiler's ranked tables: each head stays, each tail is counted (never sections)
            view = profile_report.compress(text, query)
            return None if view is None else view.encode("utf-8")
        stacks = profile_report.compress_stacks(text)  # folded stacks: the most-sampled stay
        if stacks is not None:
            return stacks.encode("utf-8")
        crlf = text.count("\r\n") * 2 > text.count("\n")
        body = text.replace("\r\n", "\n")
        certs = cert_dump.fold(body)  # openssl's certificate dumps: opaque bytes folded, the rest whole
        if certs is not None:
            return (certs.replace("\n", "\r\n") if crlf else certs).encode("utf-8")
        xml_doc = xml_runs.document(body) if body[:256].lstrip()[:1] == "<" else None
        if xml_doc is not None:
            # An XML document (coverage.xml, SVG, xmllint --format, pytest's one-line junit.xml):
            # its leaf runs folded, its containers all kept; read as sections it lost the files
            # a coverage report lists.
            xml = xml_runs.fold(xml_doc, query)
            return None if xml is None else (xml.replace("\n", "\r\n") if crlf else xml).encode("utf-8")
        if "end_of_record" in body and lcov_info.is_tracefile(body):
            # lcov.info: what never ran stays, each record's totals too (never sections)
            lcov = lcov_info.compress(body)
            return None if lcov is None else (lcov.replace("\n", "\r\n") if crlf else lcov).encode("utf-8")
        dumped = byte_dump.fold(body)  # xxd / hexdump / od rows and base64 blobs: head, tail, offsets
        if dumped is not None:
            return (dumped.replace("\n", "\r\n") if crlf else dumped).encode("utf-8")
        if py_literal.looks_literal(body):  # pprint of a dict: records, read as JSON, not lines
            is_literal, literal = py_literal.read(body)
            if is_literal:
                return literal  # None: every record is needed (a listing), so the text stays whole
        if LOOKS_HTML.search(body):
            body = strip_html_noise(body)
        if is_path_listing(body) or apt_policy.is_policy(body) or is_metrics_report(body):
            # listings the agent enumerates, measurements it asked for: whole
            return None
        if "Profile data file '" in body[:2000] and PROFILE_LISTING_HEADER.search(body[:2000]):
            return None  # callgrind_annotate's ranked functions: an enumeration (see the pattern)
        if body.count("\n") >= L.LIST_MAX_ENTRIES:
            keys = key_listing.fold(body)  # `redis-cli KEYS '*'`: thousands of numbered names
            if keys is not None:
                return (keys.replace("\n", "\r\n") if crlf else keys).encode("utf-8")
        if restore_report.is_report(body):  # pg_restore's errors: each kept, its statement folded
            report = restore_report.compress(body)
            if report is not None:
                return (report.replace("\n", "\r\n") if crlf else report).encode("utf-8")
        dump = sql_dump.compress(body) if sql_dump.is_dump(body) else None
        if dump is not None:
            # A dump's data rows are a table: thinned as rows (a COPY block read as one section
            # could go whole). A dump with no data run (`pg_dump -s`) reads on as sections.
            return (dump.replace("\n", "\r\n") if crlf else dump).encode("utf-8")
        if npm_explain.is_explanation(body):
            # `npm explain`: a tree written by indentation, each chain printed in full wherever
            # it recurs; its repeated subtrees fold, and nothing else is thinned (a chain with
            # holes reads as the whole chain).
            folded_explain = npm_explain.compress(body)
            if folded_explain is None:
                return None
            return (folded_explain.replace("\n", "\r\n") if crlf else folded_explain).encode("utf-8")
        if query_plan.is_plan(body):
            # A plan's lines are a tree; thinned as sections they lose their parents.
            plan = query_plan.compress(body)
            if plan is None:
                return None
            return (plan.replace("\n", "\r\n") if crlf else plan).encode("utf-8")
        # A backtrace's deep recursion is folded first: inside one paragraph (gdb prints a
        # backtrace as one) no section rule could elide it.
        folded, fold_kept, fold_heads = None, frozenset(), frozenset()
        opaque = long_lines.fold(body)  # minified JS/CSS, `base64 -w0`: a line's middle, counted
        if opaque is not None:
            body = folded = opaque  # the rest is read on; a line holding the marker stays
        recursion = fold_recursion_kept(body)
        if recursion is not None:
            body = folded = recursion[0]
            split = folded.split("\n")
            fold_kept = frozenset(split[k].rstrip() for k in recursion[1])  # the frames kept at each end
        threads = fold_threads_kept(body)  # a thread dump's look-alike workers, named in one marker
        if threads is not None:
            body = folded = threads[0]
            split = folded.split("\n")
            # the thread each marker names ("the same stack as goroutine 56 above") stays whole:
            # its lines, and (read by paragraphs) the section its header opens
            fold_kept = fold_kept | {split[k].rstrip() for k in threads[1]}
            fold_heads = frozenset(split[k].rstrip() for k in threads[1] if k - 1 not in threads[1])
        repeats = block_repeats.fold_block_repeats_kept(body, _flagged)  # `-W always`: one warning block x300
        if repeats is not None:
            body = folded = repeats[0]
            split = folded.split("\n")
            fold_kept = fold_kept | {split[k].rstrip() for k in repeats[1]}
        tracebacks = fold_repeated_frames_kept(body)  # `Exception in thread …` x20: one bug's frames, once
        if tracebacks is not None:
            body = folded = tracebacks[0]
            split = folded.split("\n")
            fold_kept = fold_kept | {split[k].rstrip() for k in tracebacks[1]}
        links = pydantic_errors.fold_pydantic_links_kept(body)  # a ValidationError's repeated links
        pinned: frozenset[str] = frozenset()  # every error of the dump: kept past the look-alike rules
        if links is not None:
            body = folded = links[0]
            split = folded.split("\n")
            pinned = frozenset(split[k].rstrip() for k in links[1])
        units, joiner = read_units(body)
        if joiner == "\n" and tree_listing.is_tree(units):
            # A drawn tree is a listing: every entry stays, but for the subtrees poetry and
            # pipdeptree draw again in full wherever a package is required (dep_tree: folded to
            # a marker naming the copy shown above).
            tree_lines = body.split("\n")
            runs = dep_tree.fold_repeats(tree_lines)
            if runs is None:
                return None
            tree = "\n".join(dep_tree.render(tree_lines, runs))
            return (tree.replace("\n", "\r\n") if crlf else tree).encode("utf-8")
        n = len(units)
        if n < MIN_SECTIONS:
            return _whole(folded, crlf)
        plain_units = [u.lstrip("\n") for u in L.strip_ansi(units)]
        must = [is_heading(u) or bool(TEXT_IMPORTANT.search(u)) for u in plain_units]
        if folded is not None:  # a section holding a fold marker stays: the marker counts lines, not sections
            for i, u in enumerate(plain_units):
                if ELISION_MARKER.search(u) or u in fold_kept or u.split("\n", 1)[0].rstrip() in fold_heads:
                    must[i] = True
        if joiner == "\n":
            # Read by lines, every short line without a full stop reads as a heading, and a
            # program's `fetching page 7 ok` x250 would all be kept. A heading is one of a kind:
            # a short line whose digit-masked form recurs is a stream of look-alikes instead.
            lowered = "\n".join(plain_units).lower().translate(_DIGITS_OUT).split("\n")
            if len(lowered) != n:  # a fenced block is one section of several lines
                lowered = [u.lower().translate(_DIGITS_OUT) for u in plain_units]
            shapes = Counter(lowered)
            if len(shapes) < n:
                for i, shape in enumerate(lowered):
                    if must[i] and shapes[shape] > 1 and not TEXT_HEADING_MD.match(plain_units[i]) \
                            and not TEXT_IMPORTANT.search(plain_units[i]):
                        must[i] = False
        # A section must be kept when any of its lines must (test or build output routed here).
        line_owner = [i for i, u in enumerate(plain_units) for _ in u.split("\n")]
        all_lines = [ln for u in plain_units for ln in u.split("\n")]
        scan = L.LineScan(all_lines)  # toolout's keyword scans and the 5xx one share the joined text
        for owner, flag in zip(line_owner, toolout.must_keep(all_lines, scan=scan)):
            if flag:
                must[owner] = True
        for owner, flag in zip(line_owner, memcheck.must_keep(all_lines, scan.joined())):  # valgrind, sanitizer records
            if flag:
                must[owner] = True
        for i in pyspy_stack_lines(body, all_lines):  # py-spy dump: every thread's frames (its variables may go)
            must[line_owner[i]] = True
        for i in bench_report.hyperfine_lines(all_lines, scan.joined()):  # every command timed
            must[line_owner[i]] = True
        for i in server_error_lines(scan):  # morgan's `GET /x 500 …`: no time stamp, no error word
            must[line_owner[i]] = True
        for i in server_message_lines(scan):  # psql's `NOTICE:  … skipping`: no error word either
            must[line_owner[i]] = True
        if gdb_backtrace.HINT in scan.joined():  # gdb's bt / bt full: every frame, never sampled
            for i in gdb_backtrace.backtrace_lines(all_lines):
                must[line_owner[i]] = True
        if metric_reports.HINT in scan.joined():  # classification_report: every class, the accuracy
            for i in metric_reports.report_lines(all_lines):
                must[line_owner[i]] = True
        if metric_reports.COVERAGE_HINT in scan.joined():  # coverage.py's report: every file's row
            for i in metric_reports.coverage_lines(all_lines):
                must[line_owner[i]] = True
        if any(hint in scan.joined() for hint in toolout_tox.REPORT_HINTS):  # tox 4: every env's result
            for i in toolout_tox.report_lines(all_lines):
                must[line_owner[i]] = True
        if r_tables.TIBBLE_TITLE in scan.joined():  # R's printed tibbles: rows the agent printed to read
            for i in r_tables.tibble_lines(all_lines):
                must[line_owner[i]] = True
        # A flagged line repeated verbatim (a stack trace's recursion) stays once; the marker
        # says its copies were elided, since a flagged line is otherwise never elided.
        copies = [repeat and flagged for repeat, flagged in zip(_identical_repeats(plain_units), must)]
        for i, copy in enumerate(copies):
            if copy:
                must[i] = False
        if pinned:  # `3.age`, `10.age`: look-alike locations, each one an error's
            for i, u in enumerate(plain_units):
                if u in pinned or ELISION_MARKER.search(u):
                    must[i] = True

        def describe(i: int, j: int) -> str:
            if all(copies[i:j]):
                return f"{j - i} identical repeat{'s' if j - i != 1 else ''} of the one above"
            numbered = r_tables.numbered_copies(plain_units, i, j)  # R's `warnings()`: one text, numbered
            if numbered:
                return numbered
            # A run of one line over and over (psql's `INSERT 0 1` per statement): the marker
            # says which, so the run reads as what it is and no odd one can hide in it.
            first = plain_units[i]
            if j - i > 1 and "\n" not in first and len(first) <= IDENTICAL_SHOWN_MAX and first.strip() \
                    and all(u == first for u in plain_units[i + 1:j]):
                return f"each `{first.strip()}`"
            return ""

        # A Python traceback read by lines: a frame is its `File` line and the source line under
        # it; the tail's first kept line was a source line whose `File` line went behind a marker.
        frames = joiner == "\n" and '  File "' in text

        def render(extra: list[int], context: bool = True) -> str | None:
            keep = L.initial_keep(n, HEAD, TAIL, must, extra, context)
            if frames:  # a kept frame's source line keeps its `File "…", line N, in f` above it
                keep = keep_non_redundant(plain_units, keep)  # as elide would: it may keep a source line
                for i in range(1, n):
                    if keep[i] and not keep[i - 1] and PY_FRAME_LINE.match(plain_units[i - 1]):
                        keep[i - 1] = True
            result = L.elide(units, keep, noun="sections", vocab_units=plain_units, describe=describe)
            if not result.elided_units:
                return None
            out = joiner.join(result.out) + "\n"
            return out.replace("\n", "\r\n") if crlf else out

        return L.render_with_query(render, text, plain_units, query, QUERY_LIMIT) or _whole(folded, crlf)


def _flagged(line: str) -> bool:
    """A line no section rule may elide: an important word, or a problem in words."""
    return TEXT_IMPORTANT.search(line) is not None or toolout.problem(line)


def _whole(folded: str | None, crlf: bool) -> bytes | None:
    """The folded text as the view when no section was elided (None when nothing was folded)."""
    if folded is None:
        return None
    return (folded.replace("\n", "\r\n") if crlf else folded).encode("utf-8")
