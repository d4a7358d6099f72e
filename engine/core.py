"""The engine: detect → route → compress → count → not-smaller check → CCR put → publish.

Every way this can go wrong ends in the same place: the original bytes, unchanged, with no
claim attached. Transformed bytes are returned only after the store holds the original
(or the caller vouched for recovery with external_recovery).
"""
from __future__ import annotations

from dataclasses import replace
from typing import BinaryIO

from engine import detect as detect_mod
from engine import http_transcript, listing
from engine.ccr import RecordMeta, RecoveryStore, StoreError
from engine.filesource import Source
from engine.handles import parse_handle
from engine.registry import Compressor, QueryAwareCompressor, Registry, method_of, restructures
from engine.safety import SafetyInfo, lookup
from engine.terminal_text import plain_text
from engine.tokens import TokenCounter
from engine.types import ContentType, ErrorCode, Mode, Options, Result, Stats, TypeStats


class UnknownHandle(KeyError):
    """No blob and no typed object answers to this handle."""

    def __init__(self, handle: str, recent: list[str] | None = None) -> None:
        super().__init__(handle)
        self.handle = handle
        self.recent = recent or []

    def __str__(self) -> str:
        return f"unknown handle {self.handle}"


#: A lossy view must save at least this share of the tokens. A view with holes that saves less
#: costs the agent more than the original the first time it retrieves to fill one (the view,
#: then the original), and it elides lines of what is really a document (a blame, a listing).
MIN_LOSSY_SAVING = 0.10
#: The method of a view that is the whole payload as the terminal showed it.
PLAIN_METHOD = "terminal-plain"
_UNRESOLVED = object()


class Engine:
    def __init__(self, registry: Registry, counter: TokenCounter, store: RecoveryStore | None = None) -> None:
        self.registry = registry
        self.counter = counter
        self.store = store

    # ------------------------------------------------------------------ the four calls

    def detect(self, data: bytes) -> ContentType:
        return detect_mod.detect(listing.unwrap(data).body)

    def compress(self, data: bytes, options: Options = Options()) -> Result:
        return self._run(data, options, simulate=False)

    def compress_file(self, source: Source, options: Options = Options()) -> Result:
        """compress() for a payload on disk (a path or an open binary file), in bounded memory
        above engine.large.LARGE_BYTES. A passed-through large result has output=b"": the
        caller shows its own file."""
        from engine import large

        return large.compress_file(self, source, options)

    def simulate(self, data: bytes, options: Options = Options()) -> Result:
        """The same pipeline with no storage: reports what compress would achieve, and for a
        lossy class with no store says so with recoverable=False instead of passing through."""
        return self._run(data, options, simulate=True)

    def retrieve(self, handle: str, query: str | None = None) -> bytes:
        original = self._resolve(handle)
        if query and query.strip():
            from engine import retrieve_query  # only retrieval with a query needs it

            return retrieve_query.narrow(original, query)
        return original

    def retrieve_to(self, handle: str, out: BinaryIO) -> None:
        """retrieve(handle) written to `out` in chunks: a stored original of any size, never
        whole in memory (typed objects are small and are written whole)."""
        ref = parse_handle(handle)
        if ref is not None and self.store is not None:
            if ref.kind == "blob" and self.store.get_to(ref.key, out):
                return
            found = self.store.get_object(ref.key)
            if found is not None:
                out.write(found)
                return
        recent = self.store.recent_handles() if self.store is not None else []
        raise UnknownHandle(handle.strip(), recent)

    def stats(self) -> Stats:
        if self.store is None:
            return Stats()
        s = self.store.stats()
        by_type = {k: TypeStats(v.count, v.tokens_before, v.tokens_after) for k, v in s.by_content_type.items()}
        totals = TypeStats(
            sum(v.count for v in by_type.values()),
            sum(v.tokens_before for v in by_type.values()),
            sum(v.tokens_after for v in by_type.values()),
        )
        return Stats(totals, by_type, s.storage_bytes, s.max_storage_bytes, s.storage_full)

    # ------------------------------------------------------------------ pipeline

    def _resolve(self, handle: str) -> bytes:
        ref = parse_handle(handle)
        if ref is not None and self.store is not None:
            if ref.kind == "blob":
                found = self.store.get(ref.key)
                if found is not None:
                    return found
            found = self.store.get_object(ref.key)
            if found is not None:
                return found
        recent = self.store.recent_handles() if self.store is not None else []
        raise UnknownHandle(handle.strip(), recent)

    def route(self, ctype: ContentType, options: Options, passthrough: Result) -> tuple[Compressor, SafetyInfo] | Result:
        """The compressor and its safety class for ctype, or the pass-through Result that says
        why there is none (record mode, no compressor, an unknown class)."""
        if Mode.normalized(options.mode) is Mode.RECORD:
            return replace(passthrough, reason="record mode")
        compressor = self.registry.get(ctype)
        if compressor is None:
            return replace(passthrough, reason=f"no compressor for {ctype}")
        info = lookup(compressor.safety_class)
        if info is None:
            return replace(passthrough, error=ErrorCode.UNKNOWN_SAFETY_CLASS.value,
                           reason=f"unknown safety class {compressor.safety_class!r}")
        return compressor, info

    def _run(self, data: bytes, options: Options, *, simulate: bool) -> Result:
        unwrapped = listing.unwrap(data)
        body = unwrapped.body
        if not unwrapped.wrapped and http_transcript.METER_TITLE in body[:http_transcript.METER_WINDOW]:
            # curl's progress meter merged into the body (2>&1): its redraws cut the document.
            body = http_transcript.unmeter(body) or body
        framed = None
        if options.type is None and not unwrapped.wrapped and b"HTTP/" in body[:http_transcript.METER_WINDOW]:
            # curl -i / -v, httpie: a JSON body under the response head (and curl -v's lines
            # around it) is compressed as JSON; the head and the lines after stay verbatim.
            parts = http_transcript.frame(body)
            if parts is not None and len(parts[1]) >= http_transcript.FRAME_MIN_BODY \
                    and detect_mod.detect(parts[1]) is ContentType.JSON:
                framed, body = (parts[0], parts[2]), parts[1]
        ctype = options.type or (ContentType.JSON if framed is not None else detect_mod.detect(body))
        shown: bytes | None | object = _UNRESOLVED  # what the terminal showed, resolved once
        if options.type is None and ctype is ContentType.TERMINAL:
            shown = self._shown(body)
            if shown is not None:
                beneath = detect_mod.detect(shown)
                if beneath not in (ContentType.TERMINAL, ContentType.TEXT):
                    # Structured text under colours (`jq -C` JSON, a coloured table or log): its
                    # own compressor reads it, as `shrink` reads a resolved transcript.
                    body, ctype = shown, beneath
        passthrough = Result(output=data, content_type=ctype)

        routed = self.route(ctype, options, passthrough)
        if isinstance(routed, Result):
            return routed
        compressor, info = routed
        no_recovery = info.requires_ccr and self.store is None and not options.external_recovery
        if no_recovery and not simulate:
            return replace(passthrough, reason="lossy compressor and no recovery store")

        try:
            body_out = self._transform(compressor, body, options.query)
        except Exception as exc:  # a compressor bug is a parse problem for the payload, not a crash
            return replace(passthrough, error=ErrorCode.COMPRESSOR_FAILED.value,
                           reason=f"{ctype} compressor failed: {type(exc).__name__}")
        if framed is not None:
            if body_out is None:
                return replace(passthrough, reason=f"{ctype} compressor declined")
            if framed[1] and not body_out.endswith(b"\n"):
                body_out += b"\n"
            body_out, shown = framed[0] + body_out + framed[1], None
        # What the terminal showed (colours and redraws resolved) is the lossy engine's fallback:
        # the whole text, no holes, the escaped original one retrieve away.
        if info.reversible:
            shown = None
        elif shown is _UNRESOLVED:
            shown = self._shown(body)
        if body_out is None and shown is None:
            return replace(passthrough, reason=f"{ctype} compressor declined")
        before = self.counter.count(data)
        if body_out is not None:
            output = listing.rewrap(unwrapped, body_out, restructured=restructures(compressor))
            after = self.counter.count(output) if output != data else before
            method = method_of(compressor, body, body_out)
        plain = None
        if shown is not None and body_out is not None and listing.line_prefixed(unwrapped):
            # A CI log's view keeps each line's prefix: weigh it against the whole plain text
            # with its prefixes too (weighed bare, `gh run view --log`'s long prefixes made
            # every view of a failing job lose to the whole text).
            plain = listing.rewrap(unwrapped, shown, restructured=False)
        if shown is not None and (body_out is None or after > self.counter.count(plain or shown) * (1 - MIN_LOSSY_SAVING)):
            # The compressor declined, or its saving was mostly the colour codes and redraws:
            # show the whole of what the terminal showed instead of a view with holes.
            output = plain or listing.rewrap(unwrapped, shown, restructured=False)
            after, method = self.counter.count(output), PLAIN_METHOD
        if output == data or after >= before:
            return replace(passthrough, tokens_before=before, tokens_after=before, reason="not smaller")
        if not info.reversible and after > before * (1 - MIN_LOSSY_SAVING):
            return replace(passthrough, tokens_before=before, tokens_after=before,
                           reason=f"saves under {MIN_LOSSY_SAVING:.0%}")
        ratio = (before - after) / before
        done = Result(output=output, content_type=ctype, method=method, tokens_before=before,
                      tokens_after=after, ratio=ratio, safety_class=str(compressor.safety_class))
        if simulate:
            return replace(done, recoverable=not no_recovery)
        if self.store is None:
            # Only reachable with external_recovery or a class that needs no CCR; without a stored
            # original only a reversible transform can claim the input is recoverable.
            return replace(done, recoverable=options.external_recovery or info.reversible)
        meta = RecordMeta(str(ctype), method, before, after, options.session)
        try:
            handle = self.store.put(data, meta)
        except Exception as exc:  # any store failure, typed or not, must leave the input untouched
            code = exc.code if isinstance(exc, StoreError) else ErrorCode.CCR_UNAVAILABLE.value
            return replace(passthrough, tokens_before=before, tokens_after=before, error=code,
                           reason=f"recovery store could not take the original: {exc}")
        return replace(done, handle=handle, recoverable=True)

    @staticmethod
    def _shown(body: bytes) -> bytes | None:
        """The payload as a terminal showed it, when it holds colour codes or redraws."""
        if b"\x1b" not in body and b"\r" not in body and b"\b" not in body:
            return None
        return plain_text(body)

    @staticmethod
    def _transform(compressor: Compressor, body: bytes, query: str | None) -> bytes | None:
        """Run one compressor; anything but bytes is a decline."""
        if query and query.strip() and isinstance(compressor, QueryAwareCompressor):
            out = compressor.compress_query(body, query)
        else:
            out = compressor.compress(body)
        return out if isinstance(out, bytes) else None
