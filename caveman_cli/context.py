"""Paths and environment, resolved once per process and passed down (no hidden globals)."""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path


def _data_dir(env: Mapping[str, str]) -> Path:
    if env.get("CAVEMAN_HOME"):
        return Path(env["CAVEMAN_HOME"]).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("caveman", appauthor=False))


@dataclass
class Context:
    env: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))

    @property
    def data_dir(self) -> Path:
        return _data_dir(self.env)

    @property
    def ccr_path(self) -> Path:
        if self.env.get("CAVEMAN_CCR_DB"):
            return Path(self.env["CAVEMAN_CCR_DB"]).expanduser()
        return self.data_dir / "ccr.db"

    @property
    def ccr_max_bytes(self) -> int | None:
        raw = self.env.get("CAVEMAN_CCR_MAX_BYTES", "").strip()
        if not raw:
            return None
        try:
            value = int(raw)
        except ValueError:
            from caveman_cli.status import CavemanError

            raise CavemanError(f"CAVEMAN_CCR_MAX_BYTES must be a whole number of bytes, not {raw!r}") from None
        return value if value > 0 else None

    @property
    def cache_dir(self) -> Path:
        if self.env.get("CAVEMAN_HOME"):
            return self.data_dir / "cache"
        import platformdirs

        return Path(platformdirs.user_cache_dir("caveman", appauthor=False))

    @property
    def debug(self) -> bool:
        return self.env.get("CAVEMAN_DEBUG", "") == "1"

    def color(self, stream: object = None) -> bool:
        """Colour and rich layout only for a person at a terminal, and never under NO_COLOR."""
        stream = stream if stream is not None else sys.stderr
        if "NO_COLOR" in self.env:
            return False
        isatty = getattr(stream, "isatty", None)
        return bool(isatty and isatty())

    def open_store(self):  # type: ignore[no-untyped-def]
        from engine.ccr.sqlite import SQLiteStore

        return SQLiteStore(self.ccr_path, max_bytes=self.ccr_max_bytes)

    def engine(self, *, with_store: bool = True):  # type: ignore[no-untyped-def]
        """The engine with the default registry, the shared counter and (if it opens) the store.

        A store that cannot open does not stop a compress: lossy results then pass through,
        and the reason is returned for the caller to report."""
        from engine import Engine, default_registry
        from caveman_cli.status import CavemanError
        from engine.ccr import StoreError, StoreUnavailable, UnavailableStore
        from engine.tokens import default_counter

        store, problem = None, None
        if with_store:
            try:
                store = self.open_store()
            except (StoreError, CavemanError) as exc:
                if isinstance(exc, CavemanError):  # a bad CAVEMAN_CCR_MAX_BYTES
                    exc = StoreUnavailable(str(exc))
                # Not None: with no store at all the engine would quietly treat lossy results as
                # "no store configured"; this one fails every put with the real reason and code.
                store, problem = UnavailableStore(exc), str(exc)
        return Engine(default_registry(), default_counter(self.cache_dir), store), problem
