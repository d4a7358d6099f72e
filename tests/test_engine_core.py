"""The engine pipeline: one test per pass-through condition, the S4/no-store rule, simulate's
difference, publication only after the put, two-id-space retrieval, and random round trips.

Everything here uses test-local registries with tiny fake compressors and a fake counter, so it
tests the pipeline, not the real compressors."""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Engine, Mode, Options, Registry, UnknownHandle
from engine.ccr import BudgetExceeded, MemoryStore, RecordMeta, StoreUnavailable
from engine.ccr.sqlite import SQLiteStore
from engine.handles import handle_for
from engine.safety import SafetyClass, lookup
from engine.types import BASIS, ContentType

TEXT = ContentType.TEXT
DATA = b"".join(b"line %d of some output\n" % i for i in range(40))


class WordCounter:
    """A fake counter: whitespace-separated words (deterministic, instant)."""

    name = "words"

    def count(self, data: bytes | str) -> int:
        return len((data if isinstance(data, bytes) else data.encode()).split())


@dataclass
class Fake:
    """A compressor that runs `fn` (or returns a fixed value) and remembers what it was given."""

    fn: object = None
    safety_class: object = SafetyClass.S4
    content_type: ContentType = TEXT

    def __post_init__(self) -> None:
        self.calls: list[bytes] = []

    def compress(self, data: bytes) -> bytes | None:
        self.calls.append(data)
        return self.fn(data) if callable(self.fn) else self.fn


def keep_head(data: bytes) -> bytes:
    lines = data.splitlines(keepends=True)
    return b"".join(lines[:2]) + b"[3 lines elided]\n" if len(lines) > 4 else data


class QueryFake(Fake):
    def compress_query(self, data: bytes, query: str) -> bytes | None:
        return b"".join(line + b"\n" for line in data.splitlines() if query.encode() in line)


class RaisingStore(MemoryStore):
    def __init__(self, exc: BaseException) -> None:
        super().__init__()
        self.exc = exc

    def put(self, original: bytes, meta: RecordMeta) -> str:
        raise self.exc


def make(compressor=None, store=None, ctype: ContentType = TEXT) -> Engine:
    reg = Registry()
    if compressor is not None:
        compressor.content_type = ctype
        reg.register(compressor)
    return Engine(reg, WordCounter(), store)


COMPRESS = Options(mode=Mode.COMPRESS, type=TEXT)


def assert_passed_through(result, data=DATA):
    assert result.output == data
    assert result.passed_through
    assert (result.handle, result.method, result.ratio, result.recoverable) == (None, None, 0.0, False)
    assert result.basis == BASIS == "inferred"


# ---------------------------------------------------------------- the happy path

def test_compress_stores_original_then_publishes():
    store = MemoryStore()
    fake = Fake(keep_head)
    r = make(fake, store).compress(DATA, Options(mode="compress", type=TEXT, session="s-1"))
    assert r.output == keep_head(DATA)
    assert r.handle == handle_for(DATA) and store.blobs[r.handle][0] == DATA
    assert (r.content_type, r.method, r.safety_class, r.recoverable, r.error) == (TEXT, "text", "S4", True, None)
    assert (r.tokens_before, r.tokens_after) == (WordCounter().count(DATA), WordCounter().count(r.output))
    assert r.ratio == pytest.approx((r.tokens_before - r.tokens_after) / r.tokens_before)
    assert not r.passed_through
    assert store.blobs[r.handle][1] == RecordMeta("text", "text", r.tokens_before, r.tokens_after, "s-1")


def test_query_aware_compressor_gets_the_query():
    store = MemoryStore()
    r = make(QueryFake(keep_head), store).compress(DATA, Options(mode="compress", type=TEXT, query="line 7 "))
    assert r.output == b"line 7 of some output\n" and r.handle


def test_blank_query_uses_plain_compress():
    r = make(QueryFake(keep_head), MemoryStore()).compress(DATA, Options(mode="compress", type=TEXT, query="  "))
    assert r.output == keep_head(DATA)


# ---------------------------------------------------------------- pass-through conditions

@pytest.mark.parametrize("mode", [None, "", "record", "RECORD", "bogus", "compresss", Mode.RECORD])
def test_record_mode_and_unknown_modes_pass_through(mode):
    store, fake = MemoryStore(), Fake(keep_head)
    r = make(fake, store).compress(DATA, Options(mode=mode, type=TEXT))
    assert_passed_through(r)
    assert r.reason == "record mode"
    assert store.blobs == {} and fake.calls == []  # record mode does not even run the compressor


def test_default_options_are_record_mode():
    assert_passed_through(make(Fake(keep_head), MemoryStore()).compress(DATA))


@pytest.mark.parametrize("mode", ["compress", " Compress ", Mode.COMPRESS])
def test_compress_mode_spellings(mode):
    assert not make(Fake(keep_head), MemoryStore()).compress(DATA, Options(mode=mode, type=TEXT)).passed_through


def test_no_compressor_for_the_type():
    store = MemoryStore()
    r = make(Fake(keep_head), store, ctype=ContentType.JSON).compress(DATA, COMPRESS)
    assert_passed_through(r)
    assert r.reason == "no compressor for text" and store.blobs == {}


def test_compressor_declines():
    store = MemoryStore()
    r = make(Fake(None), store).compress(DATA, COMPRESS)
    assert_passed_through(r)
    assert r.reason == "text compressor declined" and r.error is None and store.blobs == {}


def test_compressor_returning_non_bytes_is_a_decline():
    r = make(Fake(lambda d: d.decode()), MemoryStore()).compress(DATA, COMPRESS)
    assert_passed_through(r)


@pytest.mark.parametrize("exc", [ValueError("bad parse"), RuntimeError("bug"), RecursionError(), KeyError("k"),
                                 UnicodeDecodeError("utf-8", b"\xff", 0, 1, "x"), MemoryError()])
def test_compressor_raising_passes_through(exc):
    def boom(_):
        raise exc

    store = MemoryStore()
    r = make(Fake(boom), store).compress(DATA, COMPRESS)
    assert_passed_through(r)
    assert r.error == "compressor_failed" and r.reason == f"text compressor failed: {type(exc).__name__}"
    assert store.blobs == {}


def test_output_equal_to_input_passes_through():
    store = MemoryStore()
    r = make(Fake(lambda d: d), store).compress(DATA, COMPRESS)
    assert_passed_through(r)
    assert r.reason == "not smaller" and store.blobs == {}


def test_output_not_smaller_in_tokens_passes_through():
    # fewer bytes, same number of words: not smaller where it counts
    store = MemoryStore()
    squeeze = Fake(lambda d: d.replace(b"some output", b"some outp"))
    r = make(squeeze, store).compress(DATA, COMPRESS)
    assert_passed_through(r)
    assert r.reason == "not smaller" and r.tokens_before == r.tokens_after == WordCounter().count(DATA)
    assert store.blobs == {}


def drop_lines(count: int):
    """A lossy transform that drops `count` of DATA's 40 lines (5 words each)."""
    return lambda d: b"".join(d.splitlines(keepends=True)[count:])


def test_lossy_view_saving_under_a_tenth_passes_through():
    store = MemoryStore()
    r = make(Fake(drop_lines(3)), store).compress(DATA, COMPRESS)  # 15 of 200 words: 7.5%
    assert_passed_through(r)
    assert r.reason == "saves under 10%" and store.blobs == {}
    kept = make(Fake(drop_lines(4)), MemoryStore()).compress(DATA, COMPRESS)  # 20 of 200: 10%
    assert kept.ratio == pytest.approx(0.10) and kept.handle is not None


def test_reversible_view_may_save_less_than_a_tenth():
    r = make(Fake(drop_lines(1), safety_class=SafetyClass.S2), store=None).compress(DATA, COMPRESS)
    assert r.output == drop_lines(1)(DATA) and not r.passed_through


COLOURED = b"".join(b"\x1b[32mline\x1b[0m %d \x1b[1mof\x1b[0m some output\n" % i for i in range(40))
PLAIN = b"".join(b"line %d of some output\n" % i for i in range(40))


class EscapeCounter(WordCounter):
    """Words, and each colour code as one more token (as a real tokenizer spends them)."""

    def count(self, data: bytes | str) -> int:
        raw = data if isinstance(data, bytes) else data.encode()
        return super().count(raw) + raw.count(b"\x1b")


def strip_and_drop(count: int):
    return lambda d: b"".join(PLAIN.splitlines(keepends=True)[count:])


def test_a_view_whose_saving_is_colour_codes_shows_what_the_terminal_showed():
    store = MemoryStore()
    engine = Engine(make(Fake(strip_and_drop(2))).registry, EscapeCounter(), store)
    r = engine.compress(COLOURED, COMPRESS)
    assert r.output == PLAIN
    assert r.method == "terminal-plain" and store.blobs[r.handle][0] == COLOURED


def test_a_view_that_also_elides_a_tenth_of_what_was_shown_is_published():
    engine = Engine(make(Fake(strip_and_drop(4))).registry, EscapeCounter(), MemoryStore())
    r = engine.compress(COLOURED, COMPRESS)
    assert r.output == strip_and_drop(4)(COLOURED) and r.method == "text"


@pytest.mark.parametrize("declining", [None, lambda d: d, lambda d: d + b"more"])
def test_a_declined_or_unsmaller_view_of_a_coloured_payload_shows_what_the_terminal_showed(declining):
    store = MemoryStore()
    r = Engine(make(Fake(declining)).registry, EscapeCounter(), store).compress(COLOURED, COMPRESS)
    assert r.output == PLAIN and r.method == "terminal-plain"
    assert store.blobs[r.handle][0] == COLOURED


def test_a_declined_reversible_class_never_falls_back_to_the_lossy_plain_view():
    fake = Fake(None, safety_class=SafetyClass.S2)
    r = Engine(make(fake).registry, EscapeCounter(), MemoryStore()).compress(COLOURED, COMPRESS)
    assert_passed_through(r, COLOURED)
    assert r.reason == "text compressor declined"


def test_coloured_structured_output_is_compressed_by_its_own_kind_and_stored_as_it_came():
    from engine.compressors.json_array import JsonCompressor
    from engine.registry import default_registry

    plain = json.dumps([{"id": i, "status": "ok", "name": f"item-{i}"} for i in range(40)], indent=2).encode()
    coloured = b"\n".join(b"\x1b[1;39m" + line + b"\x1b[0m" for line in plain.split(b"\n"))  # as `jq -C` prints
    store = MemoryStore()
    r = Engine(default_registry(), WordCounter(), store).compress(coloured, Options(mode="compress"))
    assert (r.content_type, r.method) == (ContentType.JSON, "json")
    assert r.output == JsonCompressor().compress(plain)
    assert store.blobs[r.handle][0] == coloured


def test_coloured_structured_output_its_compressor_declines_shows_what_the_terminal_showed():
    from engine.registry import default_registry

    plain = b'[{"id": 1, "status": "ok"}, {"id": 2, "status": "ok"}]\n'  # too short to elide
    coloured = b"\x1b[1;39m" + plain.replace(b'"ok"', b'\x1b[0;32m"ok"\x1b[0m') + b"\x1b[0m"
    store = MemoryStore()
    r = Engine(default_registry(), EscapeCounter(), store).compress(coloured, Options(mode="compress"))
    assert (r.content_type, r.method, r.output) == (ContentType.JSON, "terminal-plain", plain)
    assert store.blobs[r.handle][0] == coloured


def test_output_larger_passes_through():
    r = make(Fake(lambda d: d + b" more words"), MemoryStore()).compress(DATA, COMPRESS)
    assert_passed_through(r)


def test_empty_input_passes_through():
    r = make(Fake(lambda d: b""), MemoryStore()).compress(b"", COMPRESS)
    assert_passed_through(r, b"")


def test_lossy_class_without_store_passes_through():
    fake = Fake(keep_head)
    r = make(fake, store=None).compress(DATA, COMPRESS)
    assert_passed_through(r)
    assert r.reason == "lossy compressor and no recovery store"
    assert fake.calls == []  # the lossy transform never ran


def test_lossy_class_with_external_recovery_publishes_without_handle():
    r = make(Fake(keep_head), store=None).compress(DATA, Options(mode="compress", type=TEXT, external_recovery=True))
    assert r.output == keep_head(DATA)
    assert (r.handle, r.recoverable, r.passed_through) == (None, True, False)


@pytest.mark.parametrize("cls, recoverable", [(SafetyClass.S2, True), (SafetyClass.S3, False)])
def test_non_ccr_classes_without_store_claim_only_what_holds(cls, recoverable):
    r = make(Fake(keep_head, safety_class=cls), store=None).compress(DATA, COMPRESS)
    assert r.output == keep_head(DATA) and r.handle is None
    assert r.recoverable is recoverable  # only a reversible transform is recoverable without a stored original


@pytest.mark.parametrize("cls", ["S9", "", None, "s4"])
def test_unknown_safety_class_fails_closed(cls):
    store, fake = MemoryStore(), Fake(keep_head, safety_class=cls)
    for run in (make(fake, store).compress, make(fake, store).simulate):
        r = run(DATA, COMPRESS)
        assert_passed_through(r)
        assert r.error == "unknown_safety_class"
    assert store.blobs == {} and fake.calls == []


def test_safety_table_matches_the_design():
    table = {c.value: (i.byte_safe, i.requires_ccr, i.reversible) for c in SafetyClass if (i := lookup(c))}
    assert table == {"S0": (True, False, True), "S1": (True, False, True), "S2": (False, False, True),
                     "S3": (False, False, False), "S4": (False, True, False)}
    assert lookup("S5") is None


@pytest.mark.parametrize("store, code", [
    (MemoryStore(max_bytes=10), "ccr_budget_exceeded"),
    (RaisingStore(BudgetExceeded("over budget")), "ccr_budget_exceeded"),
    (RaisingStore(StoreUnavailable("locked")), "ccr_unavailable"),
    (RaisingStore(OSError("disk gone")), "ccr_unavailable"),
    (RaisingStore(RuntimeError("a store bug")), "ccr_unavailable"),
], ids=["budget", "budget-raised", "unavailable", "oserror", "untyped"])
def test_store_that_cannot_take_the_original(store, code):
    fake = Fake(keep_head)
    r = make(fake, store).compress(DATA, COMPRESS)
    assert_passed_through(r)
    assert fake.calls == [DATA]  # the transform ran, but its output was never published
    assert r.error == code and r.reason.startswith("recovery store could not take the original: ")
    assert store.blobs == {}


def test_broken_sqlite_store_passes_through(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db")
    s._db.execute("PRAGMA query_only=1")  # a read-only store
    r = make(Fake(keep_head), s).compress(DATA, COMPRESS)
    assert_passed_through(r)
    assert r.error == "ccr_unavailable" and "read-only" in r.reason


def test_budget_on_sqlite_store(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db", max_bytes=len(DATA) - 1)
    r = make(Fake(keep_head), s).compress(DATA, COMPRESS)
    assert_passed_through(r)
    assert r.error == "ccr_budget_exceeded" and s.records() == []


# ---------------------------------------------------------------- simulate

def test_simulate_reports_unrecoverable_reduction_without_store():
    fake = Fake(keep_head)
    r = make(fake, store=None).simulate(DATA, COMPRESS)
    assert r.output == keep_head(DATA)
    assert (r.recoverable, r.handle, r.method) == (False, None, "text")
    assert r.ratio > 0 and not r.passed_through
    # ... where compress passes the same input through
    assert make(fake, store=None).compress(DATA, COMPRESS).passed_through


def test_simulate_never_writes():
    store = MemoryStore()
    r = make(Fake(keep_head), store).simulate(DATA, COMPRESS)
    assert (r.recoverable, r.handle) == (True, None) and r.output == keep_head(DATA)
    assert store.blobs == {}


def test_simulate_never_writes_to_sqlite(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db")
    make(Fake(keep_head), s).simulate(DATA, COMPRESS)
    assert s.records() == []


def test_simulate_keeps_the_other_gates():
    assert make(Fake(keep_head), MemoryStore()).simulate(DATA, Options(mode="record", type=TEXT)).passed_through
    assert make(Fake(None), MemoryStore()).simulate(DATA, COMPRESS).passed_through
    assert make(Fake(lambda d: d), MemoryStore()).simulate(DATA, COMPRESS).passed_through


# ---------------------------------------------------------------- retrieve and stats

def test_retrieve_resolves_every_spelling():
    store = MemoryStore()
    engine = make(Fake(keep_head), store)
    h = engine.compress(DATA, COMPRESS).handle
    store.put_object("sess-1:obj.7", b"typed object bytes", "tool_output")
    for spelling in (h, f"<<ccr:{h}>>", f"ccr:{h}", f" `{h}` ", h.upper()):
        assert engine.retrieve(spelling) == DATA
    for spelling in ("ccr://sess-1:obj.7", "<<ccr:ccr://sess-1:obj.7>>", " 'ccr://sess-1:obj.7' "):
        assert engine.retrieve(spelling) == b"typed object bytes"


def test_retrieve_blob_first_then_object(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db")
    engine = make(Fake(keep_head), s)
    h = engine.compress(DATA, COMPRESS).handle
    s.put_object(h, b"an object that shares the blob's id", "t")
    assert engine.retrieve(h) == DATA  # the blob wins
    orphan = "ccr_" + "b" * 32
    s.put_object(orphan, b"object only", "t")
    assert engine.retrieve(orphan) == b"object only"  # falls through to the object table
    assert engine.retrieve(f"ccr://{h}") == b"an object that shares the blob's id"


def test_retrieve_unknown_handle_lists_recent():
    store = MemoryStore()
    engine = make(Fake(keep_head), store)
    h = engine.compress(DATA, COMPRESS).handle
    unknown = "ccr_" + "0" * 32
    with pytest.raises(UnknownHandle) as err:
        engine.retrieve(f"  {unknown} ")
    assert str(err.value) == f"unknown handle {unknown}" and err.value.recent == [h]
    with pytest.raises(UnknownHandle):
        engine.retrieve("garbage")
    with pytest.raises(UnknownHandle):
        make(None, None).retrieve(h)


def test_retrieve_with_a_store_error_raises_it():
    from engine.ccr import UnavailableStore

    engine = make(Fake(keep_head), UnavailableStore(StoreUnavailable("corrupt")))
    with pytest.raises(StoreUnavailable):
        engine.retrieve("ccr_" + "0" * 32)


def test_stats_totals(tmp_path):
    s = SQLiteStore(tmp_path / "ccr.db")
    engine = make(Fake(keep_head), s)
    results = [engine.compress(DATA + b"%d\n" % i, COMPRESS) for i in range(3)]
    st_ = engine.stats()
    assert st_.totals.count == 3 and st_.by_content_type["text"].count == 3
    assert st_.totals.tokens_before == sum(r.tokens_before for r in results)
    assert st_.totals.tokens_after == sum(r.tokens_after for r in results)
    assert st_.storage_bytes == sum(len(DATA) + 2 for _ in range(3))
    assert set(st_.to_json()) == {"totals", "by_content_type", "basis", "storage_bytes", "max_storage_bytes",
                                  "storage_full"}
    assert make(None, None).stats().totals.count == 0


def test_forced_type_skips_detect():
    fake = Fake(keep_head, content_type=ContentType.LOG)
    r = make(fake, MemoryStore(), ctype=ContentType.LOG).compress(DATA, Options(mode="compress", type=ContentType.LOG))
    assert r.content_type == ContentType.LOG and r.handle


def test_deterministic():
    a = make(Fake(keep_head), MemoryStore()).compress(DATA, COMPRESS)
    b = make(Fake(keep_head), MemoryStore()).compress(DATA, COMPRESS)
    assert a == b


# ---------------------------------------------------------------- properties

def halve(data: bytes) -> bytes | None:
    words = data.split()
    return b" ".join(words[: len(words) // 2]) if len(words) > 1 else None


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2048))
def test_compress_retrieve_round_trip_property(data):
    store = MemoryStore()
    engine = make(Fake(halve), store)
    r = engine.compress(data, COMPRESS)
    if r.passed_through:
        assert r.output == data and store.blobs == {}
    else:
        assert r.tokens_after < r.tokens_before and r.handle == handle_for(data)
        assert engine.retrieve(r.handle) == data


def test_compress_retrieve_round_trip_property_sqlite_real_counter(tmp_path, counter):
    s = SQLiteStore(tmp_path / "ccr.db")
    reg = Registry()
    reg.register(Fake(halve))
    engine = Engine(reg, counter, s)

    @settings(max_examples=100, deadline=None)
    @given(st.binary(max_size=2048) | st.text(max_size=1024).map(str.encode))
    def round_trip(data):
        r = engine.compress(data, COMPRESS)
        if r.passed_through:
            assert r.output == data
        else:
            assert engine.retrieve(r.handle) == data

    round_trip()
