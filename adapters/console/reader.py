"""Typed lines at the console: read without blocking the event loop, None at the end."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from typing import TextIO

from adapters.console.adapter import ConsoleAdapter


class LineReader:
    """Lines from stdin without blocking the event loop; None at end of input.

    At most one read is outstanding: it may start while the AI players think (so 托管 can be
    turned off, or `table` typed, at any moment) and is then taken by whoever needs the next
    line, the turn or the "play again?" question. A read left waiting at exit (Ctrl-C at a
    terminal) runs in a daemon thread on the raw descriptor, so it never holds up the exit.
    """

    def __init__(self, stdin: TextIO, console: ConsoleAdapter, interactive: bool) -> None:
        self.stdin = stdin
        self.console = console
        self.interactive = interactive
        self.ended = False
        self._pending: asyncio.Future[str] | None = None
        self._prompted = -1  # console.blocks when the prompt marker was last shown
        self._buffer = b""
        try:
            self._fd: int | None = stdin.fileno()
        except (AttributeError, OSError, ValueError):  # a StringIO: read it directly
            self._fd = None

    def pending(self) -> asyncio.Future[str]:
        """The outstanding read (started if none is)."""
        if self._pending is None:
            loop = asyncio.get_running_loop()
            future: asyncio.Future[str] = loop.create_future()

            def settle(line: str) -> None:
                if not future.done():
                    future.set_result(line)

            def run() -> None:
                try:
                    line = self._readline()
                except Exception:  # a closed or unreadable input is its end
                    line = ""
                with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                    loop.call_soon_threadsafe(settle, line)

            threading.Thread(target=run, name="console-stdin", daemon=True).start()
            self._pending = future
        return self._pending

    def _readline(self) -> str:
        """One line of the input ("" at its end), in the reading thread."""
        if self._fd is None:
            return self.stdin.readline()
        while b"\n" not in self._buffer:
            chunk = os.read(self._fd, 4096)
            if not chunk:
                line, self._buffer = self._buffer, b""
                return line.decode("utf-8", errors="replace")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace") + "\n"

    def take(self) -> str | None:
        """The finished read's line (stripped), or None at end of input."""
        assert self._pending is not None and self._pending.done()
        line = self._pending.result()
        self._pending = None
        self.console.prompt_open = False  # Enter ended the typed line
        if not line:
            self.ended = True
            return None
        return line.strip()

    def prompt(self, text: str = "> ") -> None:
        """Show the prompt marker (terminals only: a script's output stays clean)."""
        if self.interactive and self._prompted != self.console.blocks:
            self._prompted = self.console.blocks
            try:
                self.console.out.write(text)
                self.console.out.flush()
                self.console.prompt_open = True
            except (BrokenPipeError, ValueError):
                self.console.gone = True

    async def read(self, prompt: str = "> ") -> str | None:
        """The next line (stripped), or None once input has ended."""
        if self.ended:
            return None
        self.prompt(prompt)
        await self.pending()
        return self.take()
