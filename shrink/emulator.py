"""The screen path: output that addresses the cursor, replayed through pyte.

pyte keeps only the visible rows, so lines are collected as they scroll off the top, and the
alternate screen (which pyte does not model) is handled by keeping each screen's last frame.
pyte runs at ~0.6 MB/s of CPU, so the pipeline sends it at most screen.SCREEN_MAX_BYTES.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from shrink.screen import ALT_SCREEN_MODES, ENCODING, ERRORS


def _ignore_private_forms(screen_class: type, names: Iterable[str]) -> None:
    """pyte passes `private=True` for any `CSI ? ...` sequence, and most of its handlers take no
    such argument: vim's `CSI ? 4 m` (a key-modifier query) or `CSI ? 1 ; 2 r` raised TypeError
    and lost the screen view. A terminal ignores private forms it does not know; so do we."""
    import inspect

    def ignoring_private(method: Callable[..., None]) -> Callable[..., None]:
        def handler(self: object, *params: int, private: bool = False) -> None:
            if not private:
                method(self, *params)
        return handler

    for name in sorted(set(names)):
        method = getattr(screen_class, name)
        accepted = inspect.signature(method).parameters.values()
        if not any(p.name == "private" or p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted):
            setattr(screen_class, name, ignoring_private(method))


def resolve_screen(data: bytes, cols: int, rows: int) -> bytes:
    """Replay output through a pyte screen: the lines that scrolled off the top, then the final
    screen, each without trailing blanks, trailing blank rows dropped."""
    import pyte
    from pyte.screens import Margins

    scrolled: list[str] = []

    def render(row: dict) -> str:  # type: ignore[type-arg]
        # Only the cells written to: most rows are far shorter than the screen is wide.
        if not row:
            return ""
        return "".join(row[x].data for x in range(min(max(row) + 1, screen.columns))).rstrip()

    class TranscriptScreen(pyte.Screen):  # type: ignore[misc]
        def index(self) -> None:
            top, bottom = self.margins or Margins(0, self.lines - 1)
            if self.cursor.y == bottom and top == 0:
                scrolled.append(render(self.buffer[top]))
            super().index()

        # pyte has no alternate screen. Switching either way keeps what the screen showed
        # (the shell's lines on entry, the program's last frame on exit) and starts blank.
        def set_mode(self, *modes: int, **kwargs: object) -> None:
            if kwargs.get("private") and ALT_SCREEN_MODES.intersection(modes):
                self._switch()
            super().set_mode(*modes, **kwargs)

        def reset_mode(self, *modes: int, **kwargs: object) -> None:
            if kwargs.get("private") and ALT_SCREEN_MODES.intersection(modes):
                self._switch()
            super().reset_mode(*modes, **kwargs)

        def _switch(self) -> None:
            shown = [render(self.buffer[y]) for y in range(self.lines)]
            while shown and not shown[-1]:
                shown.pop()
            scrolled.extend(shown)
            self.erase_in_display(2)
            self.cursor_position()

    _ignore_private_forms(TranscriptScreen, pyte.Stream.csi.values())
    screen = TranscriptScreen(cols, rows)
    screen.set_mode(pyte.modes.LNM)  # a bare LF (no ONLCR) still starts a line
    stream = pyte.Stream(screen)
    stream.feed(data.decode(ENCODING, "replace"))
    shown = [render(screen.buffer[y]) for y in range(screen.lines)]
    lines = scrolled + shown
    while lines and not lines[-1]:
        lines.pop()
    return ("\n".join(lines) + "\n").encode(ENCODING, ERRORS) if lines else b""
