"""The `caveman` command line: parse, call the engine or a tool, map results to exit codes."""
__version__ = "0.1.0"
