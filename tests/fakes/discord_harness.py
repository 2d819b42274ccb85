"""Run a real discord.py client against the fake, and catch every error its handlers raise.

discord.py only logs an exception raised inside an event handler, an app command or a view
callback, so a broken handler would just make a test time out. `ErrorLog` records them
(through `Client.on_error`, `CommandTree.on_error` and ERROR records of the `discord`
logger); the fake's `wait_for` fails fast on the first one and `running` asserts none are
left at teardown.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import traceback
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

# discord.py waits this long after the last GUILD_CREATE before on_ready (default 2 s).
FAST_GUILD_READY_TIMEOUT = 0.05


@dataclass
class RecordedError:
    """One error a handler raised: where, the exception, and its formatted traceback."""

    where: str
    error: BaseException | None
    trace: str

    def __str__(self) -> str:
        return f"{self.where}:\n{self.trace}"


class ErrorLog(logging.Handler):
    """Collects handler errors; install on a client (and its tree) for the run."""

    def __init__(self, on_error: Callable[[], None]) -> None:
        super().__init__(level=logging.ERROR)
        self.errors: list[RecordedError] = []
        self.expected: list[RecordedError] | None = None
        self._on_error = on_error
        self._loggers: list[logging.Logger] = []

    def add(self, where: str, error: BaseException | None, trace: str | None = None) -> None:
        """Record an error once (the same exception is often both handled and logged)."""
        target = self.errors if self.expected is None else self.expected
        if error is not None and any(e.error is error for e in target):
            return
        if trace is None:
            trace = "".join(traceback.format_exception(error)) if error is not None else ""
        target.append(RecordedError(where, error, trace))
        self._on_error()

    @contextmanager
    def expecting(self) -> Iterator[list[RecordedError]]:
        """Within this block errors are expected: collected in the yielded list, not failures."""
        self.expected = caught = []
        try:
            yield caught
        finally:
            self.expected = None

    def emit(self, record: logging.LogRecord) -> None:
        """Logging hook: ERROR records of the watched loggers are errors."""
        error = record.exc_info[1] if record.exc_info else None
        trace = self.format(record)
        self.add(f"log {record.name}: {record.getMessage()}", error, trace)

    def watch(self, *names: str) -> None:
        """Also treat ERROR log records of these loggers as errors."""
        for name in names:
            logger = logging.getLogger(name)
            logger.addHandler(self)
            self._loggers.append(logger)

    def unwatch(self) -> None:
        """Stop listening to the loggers."""
        for logger in self._loggers:
            logger.removeHandler(self)
        self._loggers.clear()

    def hook_client(self, client: discord.Client) -> None:
        """Record exceptions of event handlers, then let the client's own on_error run."""
        original = client.on_error

        async def on_error(event_method: str, /, *args: Any, **kwargs: Any) -> None:
            self.add(f"event {event_method}", _current_exception())
            await original(event_method, *args, **kwargs)

        client.on_error = on_error  # type: ignore[method-assign]

    def hook_tree(self, tree: app_commands.CommandTree[Any]) -> None:
        """Record app command errors, then let the tree's own on_error run."""
        original = tree.on_error

        async def on_error(
            interaction: discord.Interaction[Any], error: app_commands.AppCommandError
        ) -> None:
            name = interaction.command.qualified_name if interaction.command else "?"
            self.add(f"app command /{name}", error)
            await original(interaction, error)

        tree.on_error = on_error  # type: ignore[method-assign]


def _current_exception() -> BaseException | None:
    return sys.exc_info()[1]


def command_tree_of(client: discord.Client) -> app_commands.CommandTree[Any] | None:
    """The CommandTree bound to a client (Bot.tree, or one made with CommandTree(client))."""
    return client._connection._command_tree


@asynccontextmanager
async def running_client(
    client: discord.Client,
    token: str,
    errors: ErrorLog,
    *,
    ready_timeout: float = 5.0,
) -> AsyncIterator[discord.Client]:
    """Log in, connect in a task, wait for on_ready; on exit close it and assert no errors."""
    client._connection.guild_ready_timeout = min(
        client._connection.guild_ready_timeout, FAST_GUILD_READY_TIMEOUT
    )
    errors.hook_client(client)
    tree = command_tree_of(client)
    if tree is not None:
        errors.hook_tree(tree)
    await client.login(token)
    connection = asyncio.create_task(client.connect(reconnect=True), name="fake-discord-client")
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait(
        {connection, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED
    )
    if ready not in done:
        ready.cancel()
        await client.close()
        if connection in done:
            connection.result()  # raises the connection's error
        raise AssertionError(f"client not ready after {ready_timeout}s; errors: {errors.errors}")
    failed = False
    try:
        yield client
    except BaseException:
        failed = True
        raise
    finally:
        await client.close()
        try:
            await asyncio.wait_for(connection, timeout=2.0)
        except (TimeoutError, asyncio.CancelledError):
            connection.cancel()
        if not failed and errors.errors:
            found = "\n\n".join(str(e) for e in errors.errors)
            raise AssertionError(f"{len(errors.errors)} handler error(s):\n{found}")
