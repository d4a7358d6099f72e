"""engine/patterns.py's lazy patterns: compiled on first use, their flags readable before."""
from __future__ import annotations

import re

import pytest

from engine.compressors.toolout_dispatch import FirstCharDispatch
from engine.patterns import compile_lazily, declared_flags


def test_declared_flags_of_a_lazy_pattern_do_not_compile_it():
    lazy = compile_lazily(r"(?im)^error\b", re.S)
    assert declared_flags(lazy) == re.I | re.M | re.S
    assert "compiled" not in lazy.__dict__
    assert lazy.search("x\nERROR here") is not None and "compiled" in lazy.__dict__


def test_declared_flags_leave_out_the_default_unicode_flag():
    assert declared_flags(re.compile(r"plain")) == 0
    assert declared_flags(compile_lazily(r"plain")) == 0
    assert declared_flags(re.compile(rb"(?i)bytes")) == re.I
    assert declared_flags(compile_lazily(r"a(?i:b)c")) == 0  # a local flag group is not global


def test_dispatch_refuses_a_global_flag_without_compiling_the_pattern():
    lazy = compile_lazily(r"(?i)^warning: ")
    dispatch = FirstCharDispatch([("warn", lazy)])
    with pytest.raises(ValueError, match="warn: global flags are not supported here"):
        dispatch.match("warning: x")
    assert "compiled" not in lazy.__dict__
