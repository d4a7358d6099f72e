"""The caveman engine: content-aware compression with byte-exact recovery.

    engine = Engine(default_registry(), default_counter(), SQLiteStore(path))
    result = engine.compress(data, Options(mode=Mode.COMPRESS))
"""
from engine.core import Engine, UnknownHandle
from engine.registry import Compressor, QueryAwareCompressor, Registry, default_registry
from engine.safety import SafetyClass
from engine.types import BASIS, ContentType, Mode, Options, Result, Stats

__all__ = [
    "BASIS", "Compressor", "ContentType", "Engine", "Mode", "Options", "QueryAwareCompressor",
    "Registry", "Result", "SafetyClass", "Stats", "UnknownHandle", "default_registry",
]
