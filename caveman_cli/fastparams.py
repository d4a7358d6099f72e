"""Plain coercion for plain CLI parameters, so a command does not pay for pydantic.

typer 0.29 coerces every parameter (even a `str` whose value is None) through a pydantic
TypeAdapter: importing pydantic and building the adapters costs ~170 ms per process, more than
a whole `caveman tools compress` may take. A `str`, `list[str]`, `bool` or unconstrained `int` needs
none of it. This installs a coercion that handles exactly those and hands anything else, and any
value it cannot convert, to typer's own path, so results and error messages stay typer's.

It reaches into typer's private `_coercion` layer; typer is pinned, and if that layer moves the
install is skipped (slower, never wrong).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, get_args, get_origin

_installed = False


def _to_str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise TypeError  # bytes, None, …: typer's path knows the encodings


def _to_str_list(value: Any) -> list[str]:
    items = value if isinstance(value, (list, tuple)) else [value]
    return [_to_str(item) for item in items]


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise TypeError  # "yes", "0", …: typer's lax parsing


def _to_int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lstrip("+-").isascii():
        return int(value)
    raise TypeError


def _converter(descriptor: Any) -> Callable[[Any], Any] | None:
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or getattr(info, "parser", None) is not None:
        return None
    annotation = descriptor.annotation
    if annotation is str:
        return _to_str
    if annotation is bool:
        return _to_bool
    if get_origin(annotation) is list and get_args(annotation) == (str,):
        return _to_str_list
    if annotation is int and getattr(info, "min", None) is None and getattr(info, "max", None) is None:
        return _to_int
    return None


def install() -> None:
    global _installed
    if _installed:
        return
    try:
        import typer.core as typer_core
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:
        return
    if getattr(typer_core, "build_runtime_param", None) is not build_runtime_param:
        return

    @dataclass(frozen=True)
    class PlainRuntimeParam(RuntimeParam):
        convert: Callable[[Any], Any] = _to_str
        descriptor: Any = None

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                return self.convert(value)
            except (TypeError, ValueError):
                return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)

    def fast_build_runtime_param(descriptor: Any) -> Any:
        convert = _converter(descriptor)
        if convert is None:
            return build_runtime_param(descriptor)
        return PlainRuntimeParam(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation,
                                 convert=convert, descriptor=descriptor)

    typer_core.build_runtime_param = fast_build_runtime_param
    _installed = True
