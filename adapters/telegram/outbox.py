"""Outgoing traffic: one lane per chat, one request at a time, the newest view wins.

Outlet methods must return at once, so they only queue a job. A lane runs its chat's jobs
in order; a job with a key (the table of a room, the panel of a room) that is still queued
takes the newer content instead of queueing again. That coalescing is what keeps a busy
table under Telegram's ~20 messages a minute per group: while one edit waits for the rate
limiter, every later table view folds into the single next edit.
"""

from __future__ import annotations

import asyncio
import datetime as dtm
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut

log = logging.getLogger(__name__)

T = TypeVar("T")
RETRIES = 3


def retry_seconds(error: RetryAfter) -> float:
    """The wait a 429 asks for, in seconds (PTB gives an int or a timedelta)."""
    value: Any = error.retry_after
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


def not_modified(error: BadRequest) -> bool:
    """An edit that would change nothing (harmless: the message already shows it)."""
    return "not modified" in error.message.lower()


def message_gone(error: BadRequest) -> bool:
    """The message to edit or delete no longer exists (deleted by someone) or is too old."""
    text = error.message.lower()
    return ("not found" in text or "can't be edited" in text or "can't be deleted" in text) \
        and "chat not found" not in text and "thread not found" not in text


def our_fault(error: BadRequest) -> bool:
    """A request Telegram rejected for its form (markup, length, buttons): a bug of ours."""
    text = error.message.lower()
    return any(word in text for word in ("entities", "too long", "button", "markup"))


async def patiently(request: Callable[[], Awaitable[T]]) -> T:
    """Run a request, waiting out 429s and brief network trouble the rate limiter let through."""
    for attempt in range(RETRIES):
        try:
            return await request()
        except RetryAfter as error:
            if attempt == RETRIES - 1:
                raise
            await asyncio.sleep(retry_seconds(error) + 0.1)
        except (TimedOut, NetworkError) as error:
            if isinstance(error, BadRequest) or attempt == RETRIES - 1:
                raise
            await asyncio.sleep(0.5 * 2 ** attempt)
    raise AssertionError("unreachable")


Run = Callable[[Any], Awaitable[Any]]


@dataclass(slots=True)
class Job:
    """A unit of work for one chat; `content` is replaced when a newer one coalesces."""

    key: Hashable | None
    content: Any
    run: Run
    waiters: list[asyncio.Future[Any]] = field(default_factory=list)
    merge: Callable[[Any, Any], Any] | None = None  # how two contents fold (default: newest)


class Lane:
    """The queue of one chat, drained by one task."""

    def __init__(self, chat_id: int) -> None:
        self.chat_id = chat_id
        self._jobs: deque[Job] = deque()
        self._queued: dict[Hashable, Job] = {}
        self._task: asyncio.Task[None] | None = None

    def push(self, job: Job) -> asyncio.Future[Any]:
        """Queue a job (or fold it into a queued one with its key); a future of its result."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        queued = self._queued.get(job.key) if job.key is not None else None
        if queued is not None:
            queued.content = queued.merge(queued.content, job.content) if queued.merge \
                else job.content
            queued.waiters.append(done)
        else:
            job.waiters.append(done)
            self._jobs.append(job)
            if job.key is not None:
                self._queued[job.key] = job
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name=f"telegram-lane:{self.chat_id}")
        return done

    async def _drain(self) -> None:
        while self._jobs:
            job = self._jobs.popleft()
            if job.key is not None:
                self._queued.pop(job.key, None)
            try:
                result = await job.run(job.content)
            except asyncio.CancelledError:
                self._settle(job, None)
                raise
            except Exception:  # a lane must keep going; the failure is logged once here
                log.exception("chat %s: delivery failed", self.chat_id)
                result = None
            self._settle(job, result)

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


class Outbox:
    """Every chat's lane."""

    def __init__(self) -> None:
        self._lanes: dict[int, Lane] = {}

    def push(self, chat_id: int, job: Job) -> asyncio.Future[Any]:
        """Queue a job on a chat's lane."""
        lane = self._lanes.get(chat_id)
        if lane is None:
            lane = self._lanes[chat_id] = Lane(chat_id)
        return lane.push(job)

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait until every lane is idle (tests, shutdown)."""
        async with asyncio.timeout(timeout):
            while not all(lane.idle for lane in self._lanes.values()):
                await asyncio.sleep(0.01)

    async def stop(self) -> None:
        """Stop every lane."""
        for lane in list(self._lanes.values()):
            await lane.stop()
        self._lanes.clear()
