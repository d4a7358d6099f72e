"""Real data outputs an agent reads that are not a test or build run (HTML docs, JSON API
documents and logs, lockfiles), trimmed excerpts under tests/fixtures/real/blinddata/."""
from __future__ import annotations

from pathlib import Path

from engine.compressors.html import HtmlCompressor
from engine.detect import detect
from engine.types import ContentType

REAL = Path(__file__).parent / "fixtures" / "real" / "blinddata"


def real(name: str) -> bytes:
    return (REAL / name).read_bytes()


# ---------------------------------------------------------------- pydoc -w


def test_pydoc_page_keeps_every_section_not_only_the_best_scored_one():
    # `python -m pydoc -w idna.core`: the page is a run of <table class="section"> (Modules,
    # Classes, Functions, Data). The Classes table (most prose) was shown alone; the Functions
    # and Data sections, the module's API, went with no word of them.
    data = real("pydoc-idna-core.html")
    assert detect(data) == ContentType.HTML
    view = HtmlCompressor().compress(data).decode()
    assert "class IDNABidiError(IDNAError)" in view
    assert "Functions" in view.splitlines()
    for signature in ("alabel(label: str) -&gt; bytes",
                      "uts46_remap(domain: str, std3_rules: bool = True, transitional: bool = False) -&gt; str",
                      "valid_string_length(label: Union[bytes, str], trailing_dot: bool) -&gt; bool"):
        assert signature in view
    assert "Optional = typing.Optional" in view
    assert len(view) < len(data) // 2
