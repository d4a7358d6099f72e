"""HTML: main content as text, boilerplate gone, headings kept."""
from __future__ import annotations

from pathlib import Path

from engine.compressors.html import HtmlCompressor

FIXTURES = Path(__file__).resolve().parent.parent.parent / "shared" / "conformance" / "fixtures"

PARA = ("This paragraph carries real prose, with commas, clauses, and enough words to count as content for "
        "the extractor, which scores blocks by their length and punctuation.")


def page(main: str, extra: str = "") -> bytes:
    return (
        "<!doctype html><html><head><title>Guide</title><script>var tracking = 1;</script>"
        "<style>p{color:red}</style></head><body>"
        "<nav><a href='/'>Home</a> <a href='/docs'>Docs</a></nav>"
        f"<div class='sidebar'><a href='/x'>Related one</a><a href='/y'>Related two</a></div>{extra}"
        f"<main class='content'>{main}</main>"
        "<footer>copyright notice nobody reads</footer></body></html>"
    ).encode()


def test_reference_article_keeps_headline_drops_boilerplate() -> None:
    out = HtmlCompressor().compress((FIXTURES / "article.html").read_bytes()).decode()
    assert "# How Byte-Safe Compression Earns Trust" in out
    assert "tracking pixel" not in out and "copyright boilerplate" not in out
    assert "Related article" not in out and "Start free trial" not in out


def test_headings_lists_and_pre_are_rendered() -> None:
    main = (f"<h1>Install</h1><p>{PARA}</p><h2>Steps</h2><ul><li><p>first step</p></li><li>second step</li></ul>"
            "<pre>  $ pip install x\n  $ x --help</pre>" f"<p>{PARA}</p>")
    out = HtmlCompressor().compress(page(main)).decode()
    assert out.startswith("Guide\n\n# Install\n")
    assert "\n\n## Steps\n- first step\n- second step\n  $ pip install x\n  $ x --help\n" in out
    assert "var tracking" not in out and "color:red" not in out and "Home" not in out
    assert "copyright notice" not in out and "Related one" not in out


def test_character_references_are_printed_as_written() -> None:
    main = f"<h1>A &amp; B &#8212; C</h1><p>{PARA} &lt;tag&gt;</p><p>{PARA}</p>"
    out = HtmlCompressor().compress(page(main)).decode()
    assert "# A &amp; B &#8212; C" in out and "&lt;tag&gt;" in out


def test_permalink_symbols_are_dropped() -> None:
    main = f"<h2>Section<a class='headerlink' href='#s'>¶</a></h2><p>{PARA}</p><p>{PARA}</p>"
    assert "## Section\n" in HtmlCompressor().compress(page(main)).decode()


def test_menus_and_tiny_pages_decline() -> None:
    links = "".join(f"<li><a href='/{i}'>A long link label number {i} for the menu</a></li>" for i in range(40))
    assert HtmlCompressor().compress(f"<html><body><div><ul>{links}</ul></div></body></html>".encode()) is None
    assert HtmlCompressor().compress(b"<html><body><p>short</p></body></html>") is None


def test_malformed_markup_does_not_raise_and_is_deterministic() -> None:
    data = page(f"<div><p>{PARA}<p>{PARA}<div><span>unclosed <b>bold</div></section></p>")
    first = HtmlCompressor().compress(data)
    assert first is not None and PARA in first.decode()
    assert HtmlCompressor().compress(data) == first
    garbage = b"<<<>>></</div><p" * 1000
    assert HtmlCompressor().compress(garbage) == HtmlCompressor().compress(garbage)
    deep = b"<html><body>" + b"<div>" * 5000 + PARA.encode() * 3 + b"</div>" * 5000 + b"</body></html>"
    assert PARA in HtmlCompressor().compress(deep).decode()
