"""Where AI seats and hints think: inline, or in worker processes so a slow engine AI (the
田忌赛马 solver takes milliseconds, a six-seat hint up to hundreds) never blocks the event
loop that serves people's commands.

The engines are pure, so a decision travels as (game, state dict, seat, seed text) and comes
back as an action string (hints: a list of them): the same whichever way it was computed.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import signal
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from bot.host import games


def _quiet_worker() -> None:
    # The host stops its workers itself: a Ctrl-C or SIGTERM reaching the whole process
    # group must not print a KeyboardInterrupt traceback from every worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def decide(game: str, state: dict[str, Any], seat: int, seed: str) -> str:
    """One AI decision from plain data (runs in a worker process or inline)."""
    spec = games.spec(game)
    return spec.ai_action(spec.state_from_dict(state), seat, random.Random(seed))


def suggest(game: str, state: dict[str, Any], seat: int) -> list[str]:
    """The hints (suggested actions, best first) for a seat, from plain data."""
    spec = games.spec(game)
    return spec.hints(spec.state_from_dict(state), seat)


class Thinker:
    """Runs AI decisions and hints inline (processes=0) or in a pool of worker processes."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            # spawn: a fresh interpreter, never a fork of a process with database threads.
            self._pool = ProcessPoolExecutor(self.processes,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_quiet_worker)
        return self._pool

    async def decide(self, game: str, state: Any, seat: int, seed: str) -> str:
        """The AI's action for `seat` in `state`."""
        if self.processes <= 0:
            spec = games.spec(game)
            return spec.ai_action(state, seat, random.Random(seed))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), decide, game, state.to_dict(),
                                          seat, seed)

    async def hints(self, game: str, state: Any, seat: int) -> list[str]:
        """The suggestions for `seat` in `state`, best first."""
        if self.processes <= 0:
            return games.spec(game).hints(state, seat)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), suggest, game, state.to_dict(),
                                          seat)

    def close(self) -> None:
        """Stop the worker processes (waits for the one decision each may be in, at most a
        fraction of a second, so none is left behind)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
