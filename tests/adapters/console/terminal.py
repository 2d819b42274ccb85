"""`python -m bot play` on a pseudo-terminal, typed at as a person types: wait for what is
printed, type a line, press Ctrl-D."""

from __future__ import annotations

import contextlib
import os
import select
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

from tests.adapters.console.test_console import bot_env

WAIT = 90.0  # seconds to wait for expected output: generous, a loaded machine is slow


class Terminal:
    """One console table with stdin and stdout on a pseudo-terminal."""

    def __init__(self, tmp_path: Path, *args: str, **env: str) -> None:
        self._master, slave = os.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "play", *args], stdin=slave, stdout=slave,
            stderr=subprocess.PIPE, cwd=tmp_path, env=bot_env(tmp_path, **env))
        os.close(slave)
        self.output = ""  # everything shown so far (typed lines echoed), "\r\n" as "\n"
        self._seen = 0  # where the next `expect` starts looking
        self._raw = b""

    def _pump(self, seconds: float) -> bool:
        """Read what is shown for up to `seconds`; False once the terminal is closed."""
        ready, _, _ = select.select([self._master], [], [], seconds)
        if not ready:
            return True
        try:
            chunk = os.read(self._master, 65536)
        except OSError:  # EIO: the process has gone and closed its side
            return False
        if not chunk:
            return False
        self._raw += chunk
        self.output = self._raw.decode("utf-8", errors="replace").replace("\r\n", "\n")
        return True

    def expect(self, *texts: str, wait: float = WAIT) -> str:
        """Wait until one of `texts` is shown after the last one expected; what was shown
        until it (itself included)."""
        end = time.monotonic() + wait
        while True:
            found = [(at, text) for text in texts
                     if (at := self.output.find(text, self._seen)) >= 0]
            if found:
                at, text = min(found)
                shown = self.output[self._seen: at + len(text)]
                self._seen = at + len(text)
                return shown
            if time.monotonic() > end or not self._pump(0.2) and not any(
                    text in self.output[self._seen:] for text in texts):
                raise AssertionError(f"never shown: {texts!r}; the screen ends:\n"
                                     f"{self.output[-3000:]}")

    def type(self, line: str) -> None:
        """Type a line and press Enter."""
        os.write(self._master, line.encode() + b"\r")

    def ctrl_d(self) -> None:
        """Press Ctrl-D (the end of input) on an empty line."""
        os.write(self._master, b"\x04")

    def finish(self, wait: float = WAIT) -> int:
        """Wait for the process to end (reading all it shows); its exit code."""
        end = time.monotonic() + wait
        while self.process.poll() is None and time.monotonic() < end:
            self._pump(0.2)
        while self._pump(0.05):
            pass
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"still running; the screen ends:\n{self.output[-3000:]}")
        return self.process.returncode

    def close(self) -> None:
        """End the process if it still runs; close the terminal."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()
        with contextlib.suppress(OSError):
            os.close(self._master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
