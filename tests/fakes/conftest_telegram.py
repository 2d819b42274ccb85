"""Harness for running a real python-telegram-bot Application against FakeTelegram.

Import what you need (``from tests.fakes.conftest_telegram import running_application``) or
load the fixtures as a plugin: ``pytest_plugins = ["tests.fakes.conftest_telegram"]``.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TypeVar

import pytest_asyncio
from telegram.error import TelegramError
from telegram.ext import Application, ContextTypes

from tests.fakes.telegram import FakeTelegram

E = TypeVar("E", bound=BaseException)


class ErrorRecorder:
    """Error hook: keeps every handler and polling error, since PTB would only log them."""

    def __init__(self) -> None:
        self.errors: list[BaseException] = []
        self._changed = asyncio.Event()

    async def __call__(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The Application error handler."""
        if context.error is not None:
            self._add(context.error)

    def polling_error(self, error: TelegramError) -> None:
        """The ``error_callback`` of ``Updater.start_polling``."""
        self._add(error)

    def _add(self, error: BaseException) -> None:
        self.errors.append(error)
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def take(self, kind: type[E]) -> list[E]:
        """Remove and return the recorded errors of type ``kind`` (they were expected)."""
        taken = [e for e in self.errors if isinstance(e, kind)]
        self.errors = [e for e in self.errors if not isinstance(e, kind)]
        return taken

    async def wait_for(self, kind: type[E], timeout: float = 5.0) -> E:
        """Wait for an error of type ``kind``, remove it and return it."""
        try:
            async with asyncio.timeout(timeout):
                while not any(isinstance(e, kind) for e in self.errors):
                    await self._changed.wait()
        except TimeoutError:
            raise AssertionError(f"no {kind.__name__} within {timeout}s; "
                                 f"errors so far: {self.errors!r}") from None
        return self.take(kind)[0]

    def assert_clean(self) -> None:
        """Fail with the tracebacks of every error nobody took."""
        if self.errors:
            shown = "\n".join("".join(traceback.format_exception(e)) for e in self.errors)
            raise AssertionError(f"{len(self.errors)} unexpected bot error(s):\n{shown}")


@asynccontextmanager
async def running_application(
    app: Application, *, poll_timeout: int = 10
) -> AsyncIterator[ErrorRecorder]:
    """Initialize, poll and start ``app``; stop it in reverse; fail on unexpected errors.

    Not ``run_polling()``: that one owns and closes the event loop the test runs in.
    """
    recorder = ErrorRecorder()
    app.add_error_handler(recorder)
    await app.initialize()
    try:
        assert app.updater is not None, "build the Application with an Updater"
        await app.updater.start_polling(
            poll_interval=0, timeout=poll_timeout, error_callback=recorder.polling_error)
        await app.start()
        yield recorder
    finally:
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await app.shutdown()
    recorder.assert_clean()


@pytest_asyncio.fixture
async def fake_telegram() -> AsyncIterator[FakeTelegram]:
    """A started FakeTelegram; teardown fails if the fake crashed or met an unsupported call."""
    async with FakeTelegram() as fake:
        yield fake
