"""Log compressor: keep the head, the tail, every error/warning wording and the one odd line;
replace each run of look-alike lines with a counted marker that states its invariants.

An error line that recurs in a service log with only its time stamp or pid changed is shown
once; its repeats are elided and the marker says how many of its lines they were
(`… 105 lines elided (caveman): 33 repeats of shown error lines …`). Any other difference
(a port, an id, a state) makes it a different error line, kept. Test and build output that
toolout recognises keeps every flagged line."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import compress
from operator import or_

from engine.compressors import access_counts
from engine.compressors import lines as L
from engine.compressors.toolout_rubyphp import PHP_LINE_END_WINDOW
from engine.compressors.crash_context import last_record_before_crash
from engine.compressors import epoch_log, eval_rows, gotest_json, logcat, memcheck, strace, terraform_report, toolout
from engine.compressors.access_status import server_error_lines
from engine.compressors.db_messages import slow_query_lines
from engine.compressors.log_odd_values import odd_value_lines
from engine.compressors.log_tracebacks import fold_repeated_tracebacks, rich_frame_lines
from engine.compressors.log_rare import rare_template_lines
from engine.compressors.odd_shape import odd_shape_lines
from engine.compressors.py_recursion import MARKER_WORDS, fold_cycles
from engine.compressors.toolout_detect import DETECT_WINDOW
from engine.compressors.toolout_pyvariants import UNKNOWN_FRAME_NOUN, has_unknown_frames, unknown_frame_rows
from engine.patterns import (
    ACCESS_CLIENT_PORT, ACCESS_LOG_5XX, APACHE_CLIENT_PORT, APACHE_PID_TID, CLIENT_PORT, INDENTED_FRAME, JUL_LEVEL_LINE, JUL_RECORD_HEAD, LOG_ERROR_DETAIL, LOG_IMPORTANT,
    LOG_LEVEL_WORD, LOG_OPAQUE_ID, LOG_PID, LOG_TIME_MASK, LOG_TIME_MASK_ASCII, MYSQL_THREAD_ID, LOGFMT_HEAD_PAIR, LOGFMT_SEP_PAIR, LONE_SURROGATE,
    NGINX_CONNECTION, PHP_DIAGNOSTIC, PHP_LOGGED_PREFIX,
)
from engine.safety import SafetyClass
from engine.types import ContentType

HEAD, TAIL = 2, 2
QUERY_LIMIT = 16
#: Every line LOG_IMPORTANT matches contains one of these (lower-cased) or is an
#: indented stack frame.
LOG_KEYWORDS = ("error", "fatal", "panic", "exception", "traceback", "fail", "warn", "caused by", ".go:", "--->",
                "critical")
#: How much of a line's head may hold the time stamp and pid that a repeat may differ in.
REPEAT_KEY_HEAD = 64
#: Fewer lines than this is not a log worth eliding.
MIN_LINES = 8


def log_fields(line: str) -> dict[str, str] | None:
    """A log line's fields: a JSON object's scalar top-level members (sorted, original number
    text), else its logfmt `key=value` pairs in order. None when it has none."""
    if line[:1] == "[" and "]\t" in line[:eval_rows.ROW_HEAD]:  # a boosting round's metrics
        metrics = eval_rows.fields(line)
        if metrics is not None:
            return metrics
    if " finished with value: " in line:  # an Optuna trial's result
        metrics = eval_rows.trial_fields(line)
        if metrics is not None:
            return metrics
    if " | " in line or ", " in line:  # a training loop's metrics row
        metrics = eval_rows.pipe_fields(line)
        if metrics is not None:
            return metrics
    if "{" in line:
        stripped = line.strip()
        if stripped.startswith("{") and stripped.endswith("}"):
            fields = _json_fields(stripped)
            if fields is not _NOT_AN_OBJECT:
                return fields
            if stripped[1:2] == "'":  # Hugging Face Trainer's metrics, a Python dict's repr
                fields = eval_rows.py_dict_fields(stripped)
                if fields is not None:
                    return fields
    if "=" not in line:
        # a rich progress bar's frame and the metric rows under it (Lightning's, `━` its glyph)
        return eval_rows.bar_fields(line) if "━" in line or line[:1] == " " else None
    if line[:2] == "::" and (end := line.find("::", 2)) > 0:
        line = line[:end]  # a GitHub Actions annotation: its properties, not `title=C0103::Its message`
    found = logfmt_pairs(line)
    pairs = dict(found)
    if len(pairs) != len(found):  # a key repeats: its first value stands
        pairs = {}
        for key, value in found:
            pairs.setdefault(key, value)
    return pairs or None



#: The characters of a logfmt key (LOGFMT_PAIR's `[A-Za-z0-9_.\-]`).
_KEY_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"


def logfmt_pairs(line: str) -> list[tuple[str, str]]:
    """LOGFMT_PAIR.findall(line), sooner. Every pair holds a `=`, its key the key characters
    right before it: no pair starts before the separator ahead of the key characters that
    precede the first `=` (only one whose key starts the line, LOGFMT_PAIR's `^` branch, has
    none). The search starts there, with the separator-led branch (a class the engine skips
    to); the `^` branch is tried on its own at the start, where LOGFMT_PAIR tries it first."""
    first = line.find("=")
    if first < 0:
        return []
    start = len(line[:first].rstrip(_KEY_CHARS)) - 1
    if start >= 0:  # the line starts with no key: `^` cannot match
        return LOGFMT_SEP_PAIR.findall(line, start)
    head = LOGFMT_HEAD_PAIR.match(line)
    if head is None:
        return LOGFMT_SEP_PAIR.findall(line)
    return [head.groups(), *LOGFMT_SEP_PAIR.findall(line, head.end())]

#: Where a logger prints the level: after the time stamp, thread and logger name at most.
LEVEL_HEAD = 96
_LEVEL_NAMES = frozenset({"level", "lvl", "severity", "loglevel", "log.level"})


def leveled_fields(line: str) -> dict[str, str] | None:
    """log_fields, led by the line's level word when it has no level field of its own, so a
    marker can state which levels it elided (`all level=INFO`: no warning among them)."""
    fields = log_fields(line) if "=" in line or "{" in line or line[:1] == "[" or " | " in line \
        or ", " in line or "━" in line or line[:1] == " " else None  # log_fields' None, sooner
    if fields and any(name.lower() in _LEVEL_NAMES for name in fields):
        return fields
    found = LOG_LEVEL_WORD.search(line, 0, LEVEL_HEAD)
    if found is None:
        return fields
    word = found.group()
    level = word[1:-1].rstrip() if word[0] == "[" else word  # `[error]`: the word inside
    # (`fields` holds no `level` key here: a level-named field returned above)
    return {"level": level, **fields} if fields else {"level": level}


_NOT_AN_OBJECT: dict[str, str] = {}


def _json_fields(stripped: str) -> dict[str, str] | None:
    """A JSON object's scalar top-level members (None when it has none); _NOT_AN_OBJECT when
    the text is not one."""
    try:
        obj = json.loads(stripped, parse_float=str, parse_int=str)
    except (ValueError, RecursionError):
        return _NOT_AN_OBJECT
    if not isinstance(obj, dict):
        return _NOT_AN_OBJECT
    found = {}
    for key in sorted(obj):
        value = obj[key]
        if isinstance(value, bool):
            found[key] = "true" if value else "false"
        elif value is None:
            found[key] = "null"
        elif isinstance(value, str):
            found[key] = value
    if "\\u" in stripped and found:
        # a `\ud800` escape decodes to a lone surrogate, which no marker can print: such a
        # member states nothing
        found = {k: v for k, v in found.items() if not LONE_SURROGATE.search(k + v)}
    return found or None


def fold_repeats(bare: list[str], important: list[bool],
                 details: dict[int, list[int]] | None = None,
                 unthread: Callable[[str], str] | None = None) -> list[bool]:
    """Unflag each flagged line that repeats an earlier flagged line but for its time stamp
    and pid; return which lines were repeats. `details`: a flagged line's detail records
    (PostgreSQL's DETAIL, STATEMENT: keep_error_details's lines), compared with it, so an error
    whose detail names another key or statement is not a repeat. `unthread`: masks what else in
    a key says only which thread printed the line or when (logcat's pid and tid, epoch stamps)."""
    flagged = list(compress(range(len(bare)), important))
    # Time stamps and pids lead a log line; masking only its head keeps this linear (a stamp
    # cut by the window just stays unmasked: fewer folds, never wrong ones).
    heads = [bare[i][:REPEAT_KEY_HEAD] for i in flagged]
    joined = "\0".join(heads)
    if joined.count("\0") == len(heads) - 1:
        # One sub over the heads joined by NUL masks each as on its own: no LOG_TIME_MASK match
        # holds a NUL (no branch's \s, \d or class takes one) and a NUL, like a string's end,
        # is neither a word character nor what a lookaround asks for.
        mask = LOG_TIME_MASK_ASCII if joined.isascii() else LOG_TIME_MASK  # (same matches on ASCII)
        masked = mask.sub("#", joined).split("\0")
    else:
        masked = [LOG_TIME_MASK.sub("#", head) for head in heads]
    # A record is a flagged line and the flagged lines right after it that carry no time stamp
    # (a traceback under its error line). It folds whole when it repeats an earlier record; else
    # its body (the lines under its first) folds whole when it repeats an earlier record's body
    # (the same traceback under a new error line); never in part, so a traceback that shares
    # only its first frames with an earlier one is never shown cut.
    seen: set[tuple[str, ...]] = set()
    bodies: set[tuple[str, ...]] = set()
    tails: set[tuple[str, ...]] = set()
    repeats = [False] * len(bare)
    record: list[int] = []
    keys: list[str] = []

    def close() -> None:
        whole = tuple(keys)
        if whole in seen:
            folded = record
        else:
            seen.add(whole)
            body = whole[1:]
            folded = []
            if body:
                if body in bodies:
                    folded = record[1:]
                else:
                    bodies.add(body)
            if not folded and len(record) > 2:
                # A server without time stamps (uvicorn) runs its access lines into the record:
                # the traceback from its `Traceback` line to the record's end is compared too.
                start = next((k for k in range(1, len(record)) if bare[record[k]].startswith("Traceback (")), 0)
                if start > 1:
                    if whole[start:] in tails:
                        folded = record[start:]
                    else:
                        tails.add(whole[start:])
        for i in folded:
            important[i] = False
            repeats[i] = True

    previous = -2
    for i, raw, head in zip(flagged, heads, masked):
        key = head + bare[i][REPEAT_KEY_HEAD:]
        if " port " in key:  # sshd's `from ADDR port N`: an attempt's ephemeral port, like its pid
            key = CLIENT_PORT.sub(_port_masked, key)
        if ' - "' in key:  # uvicorn's `127.0.0.1:40634 - "GET …`: the client's ephemeral port
            key = ACCESS_CLIENT_PORT.sub(_access_port_masked, key)
        if ": *" in key:  # nginx's `pid#tid: *connection`: new on every request, like a pid
            key = NGINX_CONNECTION.sub("#: * ", key)
        if key[:2] == "# " and key[2:3].isdigit():  # MariaDB's `stamp thread [Level]`: which connection
            key = MYSQL_THREAD_ID.sub("# # [", key, count=1)
        if "[pid " in key:  # Apache's `[pid N:tid N] ... [client ADDR:PORT]`: which worker, which request
            key = APACHE_CLIENT_PORT.sub(_apache_port_masked, APACHE_PID_TID.sub("[pid #]", key))
        # A PHP diagnostic is a record of its own (they come unstamped, one after another), and
        # its logged copy `PHP Warning:  x` and displayed copy `Warning: x` are one message.
        php = " on line " in key[-PHP_LINE_END_WINDOW:] and PHP_DIAGNOSTIC.match(key) is not None
        if php and key[:4] == "PHP ":
            key = PHP_LOGGED_PREFIX.sub(r"\1: ", key, count=1)
        if unthread is not None:
            key = unthread(key)
        if details and i in details:
            key += "".join("\0" + _unstamped(bare[d]) for d in details[i])
        if i != previous + 1 or head != raw or php:  # not right after the last, or time-stamped
            if record:
                close()
            record, keys = [i], [key]
        elif key == keys[-1]:  # the line just before, again (a burst): represented by it
            important[i] = False
            repeats[i] = True
        else:
            record.append(i)
            keys.append(key)
        previous = i
    if record:
        close()
    return repeats


# The masks as functions, not `\1#` templates: re expands a template in Python for every sub
# call (the template looked up, a filter made), several times what the match costs. Both groups
# always take part in a match, so `m[1]` is what `\1` gives.
def _port_masked(m: re.Match[str]) -> str:
    return m[1] + "#"


def _access_port_masked(m: re.Match[str]) -> str:
    return m[1] + ":#" + m[2]


def _apache_port_masked(m: re.Match[str]) -> str:
    return m[1] + ":#]"


def _unstamped(line: str) -> str:
    head = line[:REPEAT_KEY_HEAD]
    return LOG_TIME_MASK.sub("#", head) + line[REPEAT_KEY_HEAD:]


def error_details(bare: list[str], important: list[bool], scan: L.LineScan) -> dict[int, list[int]]:
    """Each flagged line's detail records: the lines keep_error_details would keep after it."""
    attached = list(important)
    keep_error_details(bare, attached, scan)
    found: dict[int, list[int]] = {}
    owner = -1
    for i in compress(range(len(bare)), attached):
        if important[i]:
            owner = i
        elif owner >= 0 and i - 1 in (owner, *found.get(owner, ())):
            found.setdefault(owner, []).append(i)
    return found


#: Words of LOG_ERROR_DETAIL, lower-cased: only lines holding one are asked (the scan shares the
#: case-folded text the keyword scans above already made).
DETAIL_WORDS = ("detail:  ", "hint:  ", "statement:  ", "context:  ", "query:  ", "location:  ")


def _pid(head: str) -> str | None:
    m = LOG_PID.search(head)
    return None if m is None else m[m.lastindex]


def keep_error_details(bare: list[str], important: list[bool], scan: L.LineScan,
                       repeats: list[bool] | None = None) -> None:
    """Keep a DETAIL/HINT/STATEMENT/CONTEXT record that directly follows a kept line (an error,
    or a detail kept before it), of the same pid when the record names one: it says which
    statement failed and why. A tab-led line after a kept line goes on its record (PostgreSQL
    continues a DETAIL or a STATEMENT so), and the details after it stay too. A line fold_repeats
    folded (`repeats`) stays folded: its record folded whole, never to be shown in part."""
    joined = scan.joined()
    details = ":  " in joined  # every detail word ends so: one scan answers for most logs
    continued = "\n\t" in joined
    if not (details or continued):
        return
    found = scan.candidates(DETAIL_WORDS) if details else set()
    if continued:
        found |= {i for i in scan.word_lines("\t", fold_case=False) if bare[i].startswith("\t")}
    for i in sorted(found):
        if i == 0 or important[i] or not important[i - 1] or (repeats is not None and repeats[i]):
            continue
        if bare[i].startswith("\t"):
            important[i] = True
            continue
        m = LOG_ERROR_DETAIL.search(bare[i], 0, LEVEL_HEAD + 16)
        if m is None:
            continue
        pid = _pid(bare[i][:m.start()])
        head = i - 1
        while head > 0 and bare[head].startswith("\t"):  # the record the tab-led lines go on
            head -= 1
        if pid is None or _pid(bare[head][:LEVEL_HEAD]) == pid:
            important[i] = True


def _detect_text(text: str, scan: L.LineScan) -> str:
    """What is_tool_output reads for `text`: the bare lines joined (already joined for the
    keyword scans), which is the text with each line's `\\r` gone and no final newline. It
    turns every `\\r` into a line break and ignores an empty last line anyway, so it answers the
    same without two passes over the text; not when escapes are stripped (it strips them from
    the whole text) or the text is so long that it reads only its two ends."""
    if "\x1b" in text or len(text) > 2 * DETECT_WINDOW:
        return text
    return scan.joined()


class LogCompressor(L.QueryAwareLines):
    content_type = ContentType.LOG
    safety_class = SafetyClass.S4

    def _run(self, data: bytes, query: str | None) -> bytes | None:
        text = L.decode(data)
        if text is None:
            return None
        # A logged RecursionError through a cycle of frames (py_recursion): its cycles are counted
        # first; the cycles kept at each end and the marker stay.
        cycles = fold_cycles(text)
        if cycles is not None:
            text = cycles[0]
        doc = L.split(text)
        n = len(doc.lines)
        if n < MIN_LINES:
            return None
        bare = L.strip_ansi(doc.bare()) if "\x1b" in text else doc.bare()
        if strace.is_strace(bare):  # `strace -tt`: time-stamped, read as a log, compared by call
            return strace.compress(text, query)
        scan = L.LineScan(bare)  # toolout's keyword scans and ours share the joined text
        important = toolout.must_keep(bare, scan=scan)
        if cycles is not None:
            for i in cycles[1]:
                important[i] = True
        L.mark(important, memcheck.must_keep(bare, scan.joined()))  # valgrind records, sanitizer stacks: whole
        # LOG_IMPORTANT is asked only of the lines toolout did not keep already
        for i in scan.candidates(LOG_KEYWORDS, (INDENTED_FRAME,)):
            if not important[i] and LOG_IMPORTANT.search(bare[i]):
                important[i] = True
        for i in rich_frame_lines(bare, scan.joined()):  # rich's boxed traceback: each frame's place
            important[i] = True
        for i in eval_rows.row_lines(bare, scan.joined()):  # `train-error:0.024` is a metric
            important[i] = False
        for i in eval_rows.result_dict_lines(bare, scan.joined()):  # `{'eval_loss': '0.69', 'epoch': '2'}`
            important[i] = True
        # PHP's deprecations and notices carry no error word either: each is a diagnostic
        # (`Deprecated: trim(): Passing null … on line 14`); its repeats fold like an error's.
        if " on line " in scan.joined():
            for i in scan.word_lines(" on line ", fold_case=False):
                if not important[i] and PHP_DIAGNOSTIC.match(bare[i]):
                    important[i] = True
        # A server error in an access log carries no error word: its status says it. One
        # search over the joined text finds the few such lines (none in most logs).
        joined = scan.joined()
        if '" 5' in joined or '"status' in joined:
            for i in scan.candidates((), (ACCESS_LOG_5XX,), fold_case=False):
                important[i] = True
        for i in server_error_lines(scan):  # morgan's unquoted `GET /path 500`
            important[i] = True
        for i in slow_query_lines(scan):  # a MySQL slow log's `# Query_time:` and its statement
            important[i] = True
        android = logcat.is_logcat(bare)
        if android:  # logcat's one-letter levels: W, E, F, A records stay
            for i in logcat.alert_lines(scan):
                important[i] = True
        for i in terraform_report.json_ui_kept(bare, joined):  # `terraform plan -json`: every change
            important[i] = True
        # `go test -json`: a failing test's events stay, a passing test's never come back as samples
        go_events = gotest_json.verdicts(bare, joined) if "{" in joined and '"Action":"' in joined else None
        dropped = None
        if go_events is not None:
            # test2json's reader is the authority on its events: a passing test's output (an
            # error word it logged, a `--- FAIL` of a subtest it expected to fail, which the
            # keyword and block scans above keep) is chatter, never shown.
            for i in compress(range(n), go_events[1]):
                important[i] = False
            L.mark(important, go_events[0])
            dropped = go_events[1]
        # In a service log the same error recurs by the hundred; each wording stays in view once
        # and its repeats (same text at another time, from another pid) are counted in the
        # marker. Test and build output keeps every flagged line.
        if go_events is not None or toolout.is_tool_output(_detect_text(text, scan)):
            repeats = [False] * n
        else:
            for i in odd_shape_lines(bare, joined):
                important[i] = True
            for i in rare_template_lines(bare, joined):  # a wording seen once: the rare event
                important[i] = True
            mask = logcat.unthreaded if android else epoch_log.unstamped if epoch_log.is_epoch_stamped(bare) else None
            repeats = fold_repeats(bare, important, error_details(bare, important, scan), mask)
            fold_repeated_tracebacks(bare, important, repeats, joined)  # frames shown above
            if cycles is not None:  # a cycle marker stays, in a repeated traceback too: it counts lines
                for i in cycles[1]:
                    if MARKER_WORDS in bare[i]:
                        important[i], repeats[i] = True, False
            if any(repeats):
                # A repeat is represented by the shown line it repeats (verified, but for its time
                # stamp and pid): never brought back as a sample, which would show a traceback
                # with holes where its copy's lines happened to miss the sampled seeds.
                dropped = _either(dropped, repeats)
        keep_error_details(bare, important, scan, repeats)
        unknown = [False] * n
        if has_unknown_frames(joined):
            # chromedriver's stack under a Selenium error (`#3 0x55ca3af92181 <unknown>`): no
            # symbol, file or line, the same under every error. Its message and `Stacktrace:`
            # stay; the frames are counted (read as a sanitizer's stack, they had all stayed).
            for i in unknown_frame_rows(bare, scan):
                unknown[i], important[i] = True, False
            if any(unknown):
                dropped = _either(dropped, unknown)
        if "\nSEVERE: " in joined or "\nWARNING: " in joined:  # java.util.logging
            keep_jul_heads(bare, important)
        crashed_after = last_record_before_crash(bare, important)
        if crashed_after is not None and not repeats[crashed_after]:  # how far the run got
            important[crashed_after] = True
        eol = "\r" if doc.eol_cr else ""

        access = access_counts.is_access_log(joined)

        def describe(i: int, j: int) -> str:
            # every line of the run in one part: "12 repeats of …" alone would read as all of it
            parts = []
            count = sum(repeats[i:j])
            if count:
                ported = any(repeats[k] and (" port " in bare[k] and CLIENT_PORT.search(bare[k]) is not None
                                             or ' - "' in bare[k] and ACCESS_CLIENT_PORT.search(bare[k]) is not None)
                             for k in range(i, j))
                parts.append(f"{count} repeat{'s' if count != 1 else ''} of shown error lines" + (
                    " but for client ports" if ported else ""))
            frames = sum(unknown[i:j])
            if frames:
                parts.append(L.counted(frames, UNKNOWN_FRAME_NOUN))
            if parts:
                other = (j - i) - sum(map(or_, repeats[i:j], unknown[i:j]))  # (flags: bools)
                if other:
                    parts.append(L.counted(other, "other line"))
            if access:
                parts.append(access_counts.status_summary(bare[i:j]))
            return "; ".join(part for part in parts if part)

        vocab = bare if dropped is None else _without(bare, dropped)
        if crashed_after is not None and important[crashed_after]:
            # shown for where the run stopped, it represents none of the lines before it
            vocab = vocab[:crashed_after] + [""] + vocab[crashed_after + 1:]

        def render(extra: list[int], context: bool = True) -> str | None:
            keep = L.initial_keep(n, HEAD, TAIL, important, extra, context)
            result = L.elide(doc.lines, keep, noun="lines", eol=eol, fields=leveled_fields,
                             vocab_units=vocab, note_unit="lines", describe=describe)
            return doc.join(result.out) if result.elided_units else None

        out = L.render_with_query(render, text, bare, query, QUERY_LIMIT)
        if out is not None and not (query and query.strip()):
            # A value seen once beside a common one (the marker counts it: `node-2×1`) is the
            # one odd record: shown, not only counted.
            odd = odd_value_lines(out.decode("utf-8"), bare, scan, important, leveled_fields)
            if dropped is not None:  # a passing test's event is not the odd record
                odd = [i for i in odd if not dropped[i]]
            if odd:
                for i in odd:
                    important[i] = True
                out = L.render_with_query(render, text, bare, query, QUERY_LIMIT) or out
        if out is None or len(out) * SMALL_ENOUGH > len(data):
            # A fresh request id per record leaves every record unrepresented: compare them
            # with their ids masked (asked only of a log that elided too little).
            masked = mask_opaque_ids(bare, joined)
            if masked is not None:
                vocab = masked if dropped is None else _without(masked, dropped)
                retry = L.render_with_query(render, text, bare, query, QUERY_LIMIT)
                if retry is not None and (out is None or len(retry) < len(out)):
                    out = retry
        return out


def keep_jul_heads(bare: list[str], important: list[bool]) -> None:
    """java.util.logging prints a record on two lines, its time, class and method above its
    `SEVERE: message`: a kept level line keeps the line that says when and where."""
    for i in compress(range(1, len(bare)), important[1:]):
        if not important[i - 1] and JUL_LEVEL_LINE.match(bare[i]) and JUL_RECORD_HEAD.match(bare[i - 1]):
            important[i - 1] = True


def _either(dropped: list[bool] | None, more: list[bool]) -> list[bool]:
    """The lines dropped so far (None: none yet) and `more`."""
    return list(more) if dropped is None else [a or b for a, b in zip(dropped, more)]


def _without(units: list[str], dropped: list[bool]) -> list[str]:
    """`units` with each dropped line's vocabulary emptied: keepNonRedundant counts it as
    represented, so it is never kept as a sample."""
    return ["" if d else u for u, d in zip(units, dropped)]


#: A view over 1/SMALL_ENOUGH of the log is worth a second try with request ids masked.
SMALL_ENOUGH = 2


def mask_opaque_ids(bare: list[str], joined: str) -> list[str] | None:
    """The lines with each request or trace id (LOG_OPAQUE_ID) replaced by one word, for
    keepNonRedundant to compare; None when no line holds one."""
    if LOG_OPAQUE_ID.search(joined) is None:
        return None
    masked = LOG_OPAQUE_ID.sub("uuid", joined).split("\n")
    return masked if len(masked) == len(bare) else None
