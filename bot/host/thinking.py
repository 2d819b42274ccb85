"""Where AI seats think: inline, or in worker processes so a slow engine AI (the 田忌赛马
solver takes milliseconds) never blocks the event loop that serves people's commands.

The engines are pure, so a decision travels as (game, state dict, seat, seed text) and comes
back as an action string: the same decision whichever way it was computed.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from bot.host import games


def decide(game: str, state: dict[str, Any], seat: int, seed: str) -> str:
    """One AI decision from plain data (runs in a worker process or inline)."""
    spec = games.spec(game)
    return spec.ai_action(spec.state_from_dict(state), seat, random.Random(seed))


class Thinker:
    """Runs AI decisions inline (processes=0) or in a pool of worker processes."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: Executor | None = None

    async def decide(self, game: str, state: Any, seat: int, seed: str) -> str:
        """The AI's action for `seat` in `state`."""
        if self.processes <= 0:
            spec = games.spec(game)
            return spec.ai_action(state, seat, random.Random(seed))
        if self._pool is None:
            # spawn: a fresh interpreter, never a fork of a process with database threads.
            self._pool = ProcessPoolExecutor(self.processes,
                                             mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, decide, game, state.to_dict(), seat,
                                          seed)

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
