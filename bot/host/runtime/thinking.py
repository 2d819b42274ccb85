"""Where AI seats and hints think: inline, or in worker processes so a slow engine AI (the
田忌赛马 solver takes milliseconds, a six-seat hint up to hundreds) never blocks the event
loop that serves people's commands.

The engines are pure, so a decision travels as (game, state dict, seat, seed text) and comes
back as an action string (hints: a list of them): the same whichever way it was computed.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import signal
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from bot.host import games


PARENT_CHECK = 0.5  # s between a worker's looks at whether the host process still lives


def _quiet_worker() -> None:
    # The host stops its workers itself: a Ctrl-C or SIGTERM reaching the whole process
    # group must not print a KeyboardInterrupt traceback from every worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    # A host killed outright (SIGKILL, OOM) cannot stop its workers: each leaves on its own
    # when its parent is gone, instead of lingering (and holding the host's output pipes).
    parent = os.getppid()
    threading.Thread(target=_leave_with, args=(parent,), daemon=True,
                     name="parent-watch").start()


def _leave_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


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
