"""Outgoing traffic: one lane per destination, one request at a time, the newest view wins.

Outlet methods must return at once, so they only queue a job. A lane runs its jobs in
order; a job with a key (the table of a room, the panel of a player) that is still queued
takes the newer content instead of queueing again. That coalescing keeps a busy table well
inside a platform's per-channel limits: while one edit is in flight (or the lane rests for
its `spacing`), every later table view folds into the single next edit.

Platform-neutral: a job's failure is logged here once and the lane carries on; retrying a
429 is the client library's business (discord.py waits out rate limits itself).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

Run = Callable[[Any], Awaitable[Any]]


@dataclass(slots=True)
class Job:
    """A unit of work for one lane; `content` is replaced when a newer one coalesces."""

    key: Hashable | None
    content: Any
    run: Run
    waiters: list[asyncio.Future[Any]] = field(default_factory=list)
    first: bool = False  # goes ahead of queued ordinary jobs (the table before chatter)


class Lane:
    """The queue of one destination, drained by one task."""

    def __init__(self, name: str, spacing: float = 0.0, interval: float = 0.0,
                 budget: tuple[int, float] | None = None) -> None:
        self.name = name
        self.spacing = spacing  # rest between two jobs, so bursts coalesce
        # Least time between the starts of two jobs: what arrives meanwhile folds into the
        # next one (a table edited at most once a second shows the newest move, not each).
        self.interval = interval
        # At most `budget[0]` job starts in any `budget[1]` seconds (Telegram's 20 messages
        # a minute per group, as a sliding window: the platform never has to refuse one).
        self.budget = budget
        self._starts: deque[float] = deque()
        self._jobs: deque[Job] = deque()
        self._queued: dict[Hashable, Job] = {}
        self._task: asyncio.Task[None] | None = None

    def push(self, job: Job) -> asyncio.Future[Any]:
        """Queue a job (or fold it into a queued one with its key); a future of its result."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        queued = self._queued.get(job.key) if job.key is not None else None
        if queued is not None:
            queued.content = job.content
            queued.run = job.run
            queued.waiters.append(done)
        else:
            job.waiters.append(done)
            if job.first:
                # Ahead of the ordinary jobs, behind the other priority ones (their order kept).
                at = next((i for i, queued in enumerate(self._jobs) if not queued.first),
                          len(self._jobs))
                self._jobs.insert(at, job)
            else:
                self._jobs.append(job)
            if job.key is not None:
                self._queued[job.key] = job
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name=f"lane:{self.name}")
        return done

    async def _drain(self) -> None:
        while self._jobs:
            if self.interval or self.budget:
                await self._pace()
            job = self._jobs.popleft()
            if job.key is not None:
                self._queued.pop(job.key, None)
            try:
                result = await job.run(job.content)
            except asyncio.CancelledError:
                self._settle(job, None)
                raise
            except Exception:  # a lane must keep going; the failure is logged once, here
                log.exception("lane %s: delivery failed", self.name)
                result = None
            self._settle(job, result)
            if self.spacing and self._jobs:
                await asyncio.sleep(self.spacing)

    async def _pace(self) -> None:
        """Wait for the lane's next start to keep its interval and budget."""
        loop = asyncio.get_running_loop()
        starts = self._starts
        while True:
            now = loop.time()
            if self.budget:
                while starts and now - starts[0] >= self.budget[1]:
                    starts.popleft()
            wait = starts[-1] + self.interval - now if starts and self.interval else 0.0
            if self.budget and len(starts) >= self.budget[0]:
                wait = max(wait, starts[0] + self.budget[1] - now)
            if wait <= 0:
                break
            await asyncio.sleep(wait)
        starts.append(loop.time())
        if not self.budget:
            while len(starts) > 1:
                starts.popleft()

    @staticmethod
    def _settle(job: Job, result: Any) -> None:
        for waiter in job.waiters:
            if not waiter.done():
                waiter.set_result(result)

    @property
    def idle(self) -> bool:
        """Nothing queued or running."""
        return not self._jobs and (self._task is None or self._task.done())

    async def stop(self) -> None:
        """Drop what is queued and stop the task."""
        for job in self._jobs:
            self._settle(job, None)
        self._jobs.clear()
        self._queued.clear()
        if self._task is not None and not self._task.done():
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass


PRUNE_AT = 1024  # lanes kept before idle ones are forgotten (one per channel or player)


class Outbox:
    """Every destination's lane."""

    def __init__(self, spacing: float = 0.0, prune_at: int = PRUNE_AT,
                 interval: Callable[[Hashable], float] | None = None,
                 budget: Callable[[Hashable], tuple[int, float] | None] | None = None) -> None:
        self.spacing = spacing
        self.interval = interval  # a lane's least time between two job starts (by its name)
        self.budget = budget  # a lane's most job starts per window (by its name)
        self._lanes: dict[Hashable, Lane] = {}
        self._keep = self._prune_at = prune_at
        self._stopped = False

    def push(self, lane: Hashable, key: Hashable | None, content: Any,
             run: Run, *, first: bool = False) -> asyncio.Future[Any]:
        """Queue `run(content)` on a lane; a queued job with the same key takes the content.
        A `first` job goes ahead of the lane's queued ordinary jobs.

        After `stop` nothing is queued (the client is closing): the job is dropped and its
        future holds None, as for the jobs `stop` dropped."""
        if self._stopped:
            log.debug("outbox stopped: dropped a job for lane %s", lane)
            dropped: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            dropped.set_result(None)
            return dropped
        found = self._lanes.get(lane)
        if found is None:
            if len(self._lanes) >= self._prune_at:
                self._prune()
            found = self._lanes[lane] = Lane(str(lane), self.spacing,
                                             self.interval(lane) if self.interval else 0.0,
                                             self.budget(lane) if self.budget else None)
        return found.push(Job(key, content, run, first=first))

    def _prune(self) -> None:
        """Forget idle lanes (a busy process meets many channels and players over a day)."""
        self._lanes = {name: lane for name, lane in self._lanes.items() if not lane.idle}
        self._prune_at = max(self._keep, 2 * len(self._lanes))

    @property
    def idle(self) -> bool:
        """Every lane is idle."""
        return all(lane.idle for lane in self._lanes.values())

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait until every lane is idle (tests, shutdown)."""
        async with asyncio.timeout(timeout):
            while not self.idle:
                await asyncio.sleep(0.005)

    async def stop(self) -> None:
        """Stop every lane and take no more jobs."""
        self._stopped = True
        for lane in list(self._lanes.values()):
            await lane.stop()
        self._lanes.clear()
