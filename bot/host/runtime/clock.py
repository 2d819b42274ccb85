"""Time for the host: the wall clock in production, a hand-wound clock in tests.

Timers are computed from persisted deadlines (epoch seconds of this clock), never from
sleeps alone, so a restart continues them where they were.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from typing import Protocol


class Clock(Protocol):
    """Now, and a sleep that another event may cut short."""

    def now(self) -> float:
        """Epoch seconds."""

    async def sleep_until(self, when: float, wake: asyncio.Event) -> bool:
        """Sleep until `when`; return True at once if `wake` is set first."""


class SystemClock:
    """The wall clock (time.time) with asyncio sleeps."""

    def now(self) -> float:
        """Epoch seconds."""
        return time.time()

    async def sleep_until(self, when: float, wake: asyncio.Event) -> bool:
        """Sleep until `when` unless `wake` is set first (then True)."""
        delay = when - time.time()
        if wake.is_set():
            return True
        if delay <= 0:
            return False
        try:  # asyncio.timeout: no task of its own per sleep, as wait_for makes one
            async with asyncio.timeout(delay):
                await wake.wait()
        except TimeoutError:
            return False
        return True


class ManualClock:
    """A clock that moves only when a test calls `advance`; sleepers wake in time order."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        """The current (test-controlled) time."""
        return self._now

    async def sleep_until(self, when: float, wake: asyncio.Event) -> bool:
        """Sleep until `advance` passes `when`, or `wake` is set (then True)."""
        if wake.is_set():
            return True
        if when <= self._now:
            return False
        due: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (when, next(self._order), due))
        waker = asyncio.ensure_future(wake.wait())
        try:
            done, _ = await asyncio.wait({due, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            waker.cancel()
            due.cancel()
        return waker in done and due not in done

    def advance(self, seconds: float) -> None:
        """Move time forward and wake every sleeper whose time has come.

        A woken task that sleeps again until a time already passed returns at once, so one
        big step runs every timer due in it (the host's `quiesce` waits for them to finish).
        """
        self._now += seconds
        while self._sleepers and self._sleepers[0][0] <= self._now:
            _, _, due = heapq.heappop(self._sleepers)
            if not due.done():
                due.set_result(None)
