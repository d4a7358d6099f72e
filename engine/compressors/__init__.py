"""One self-contained module per content type. Every compressor is a pure byte transform."""
