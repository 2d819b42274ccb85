"""Outgoing traffic: one lane per destination, which keeps the platform's limits for it and
shares them out (ARCHITECTURE.md, "A presentation budget per chat").

Outlet methods must return at once, so they only queue a job. A lane makes one call at a
time and serves three kinds of job, in this order, whenever its limits let it call:

- `REPLY`: an answer to someone who asked (a command in a group): first, in order.
- `LOG`: what happened (a hand's result, an announcement): in order, each delivered, never
  replaced by a later one. Consecutive log jobs may be *joined* into one call (their
  `join` says how); every job joined resolves with that call's outcome.
- `STATE`: the latest state of something shown in place (a room's table, a player's
  panel), one slot per key: a push replaces the content waiting in its slot, so a call
  always carries the newest state and a burst costs one call. State calls are paced so
  that they never spend a window's budget: at most `most - reserve` of any window, spaced
  evenly over what replies and the log leave of it (one every `state_interval` when they
  took nothing; wider, smoothly, while they take more — never a wall of a whole window).
  So replies and results always find room, and a table is at most one spacing behind.
  The log in turn leaves `reply_reserve` calls of each window to replies, so a command is
  answered at once even just after a burst of results.

Since the log goes before state, a hand's result is posted before the next hand's table.

A platform's limit over all destinations together (Telegram: 30 messages a second) is an
`Overall` budget the lanes share, granted by rank: replies, then the log, then players'
panels (a prompt), then group tables. So when a bot token is busy its tables fall behind
first, and prompts and results keep their pace.

Platform-neutral: a job's failure is logged here once and the lane carries on; a 429 is
the client library's business (the limits kept here mean the platform need not refuse).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import math
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

log = logging.getLogger(__name__)

Run = Callable[[Any], Awaitable[Any]]
SKIPPED: Any = type("Skipped", (), {"__repr__": lambda self: "SKIPPED"})()
"""What a job returns when it made no call after all (its content was shown already): the
call it was counted for is given back to the budget."""
Join = Callable[[Any, Any], Any]  # two log contents as one, or None if they do not join


class Kind(IntEnum):
    """What a job is, which decides when it goes (lowest first)."""

    REPLY = 0
    LOG = 1
    STATE = 2


@dataclass(frozen=True, slots=True)
class Pace:
    """A destination's limits as its lane keeps them."""

    interval: float = 0.0  # least time between the starts of two calls
    window: tuple[int, float] | None = None  # at most window[0] calls in any window[1] s
    reserve: int = 0  # of each window, the calls state jobs leave to replies and the log
    reply_reserve: int = 0  # of each window, the calls the log leaves to replies
    spacing: float = 0.0  # a rest after each job while more wait (bursts fold meanwhile)
    state_rank: int = 2  # this lane's state calls' place in an overall budget (group tables 3)
    state_every: float = 0.0  # least time between two state calls, whatever the window

    @property
    def state_interval(self) -> float:
        """Least time between two state calls: the window's share left after the reserve."""
        if self.window is None:
            return max(self.interval, self.state_every)
        most, seconds = self.window
        return max(self.interval, self.state_every, seconds / max(1, most - self.reserve))


class Overall:
    """A limit over every lane (at most `most` calls in any `seconds`), granted by rank
    (lowest first; in turn within a rank)."""

    def __init__(self, most: int, seconds: float) -> None:
        self.most, self.seconds = most, seconds
        self._calls: deque[float] = deque()
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._timer: asyncio.TimerHandle | None = None

    async def acquire(self, rank: int) -> None:
        """Wait for a call's turn."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (rank, next(self._order), future))
        self._grant()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # granted meanwhile: not used
                self._calls.pop()
            raise

    def _grant(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        calls = self._calls
        while calls and now - calls[0] >= self.seconds:
            calls.popleft()
        while self._waiting and len(calls) < self.most:
            _, _, future = heapq.heappop(self._waiting)
            if future.done():
                continue
            calls.append(now)
            future.set_result(None)
        if self._waiting and self._timer is None:  # again once the oldest call ages out
            self._timer = loop.call_at(calls[0] + self.seconds, self._again)

    def _again(self) -> None:
        self._timer = None
        self._grant()

    def spend(self) -> None:
        """A call made beyond the one granted (a job's second call): it counts too."""
        self._calls.append(asyncio.get_running_loop().time())

    def give_back(self) -> None:
        """The call granted last was not made after all: its turn goes to the next."""
        if self._calls:
            self._calls.pop()
        self._grant()

@dataclass(slots=True)
class Job:
    """A unit of work for one lane; a state job's `content` is replaced by newer pushes."""

    key: Hashable | None
    content: Any
    run: Run
    kind: Kind = Kind.LOG
    join: Join | None = None
    waiters: list[asyncio.Future[Any]] = field(default_factory=list)
    since: float = 0.0  # when it was first queued (loop time)
    later: bool = False  # a state job served only when no other state waits (tidying up)


class Lane:
    """The queues of one destination, drained by one task."""

    def __init__(self, name: str, pace: Pace | None = None,
                 overall: Overall | None = None) -> None:
        self.name = name
        self.pace = pace or Pace()
        self.overall = overall
        self._replies: deque[Job] = deque()
        self._log: deque[Job] = deque()
        self._state: dict[Hashable, Job] = {}  # in the order their slots were first filled
        # When the calls inside the window were done (a call is counted from its end: the
        # platform saw it arrive before that, so the window never reads shorter than it is)
        self._calls: deque[float] = deque()
        self._others: deque[float] = deque()  # of those, the replies' and the log's
        self._charged = 0  # calls the running job made beyond its first
        self._last_call = self._last_state = -math.inf
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.calls = 0  # calls made (every job, and the extra calls charged)

    # -- queueing --------------------------------------------------------------------------

    def push(self, job: Job) -> asyncio.Future[Any]:
        """Queue a job (a state job fills its key's slot); a future of its result."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Any] = loop.create_future()
        if job.kind is Kind.STATE:
            queued = self._state.get(job.key)
            if queued is not None:
                queued.content, queued.run = job.content, job.run
                queued.waiters.append(done)
                return done
            self._state[job.key] = job
        else:
            (self._replies if job.kind is Kind.REPLY else self._log).append(job)
        job.waiters.append(done)
        job.since = loop.time()
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name=f"lane:{self.name}")
        return done

    def charge(self) -> None:
        """Count a call the running job makes beyond its first (it spends the same budget)."""
        self._charged += 1
        if self.overall is not None:
            self.overall.spend()

    # -- pacing ----------------------------------------------------------------------------

    def _done(self, end: float, made: int, kind: Kind) -> None:
        """The job that just ended made `made` calls: into the window at its end."""
        self.calls += made
        if self.pace.window is not None:
            self._calls.extend([end] * made)
            if kind is not Kind.STATE:
                self._others.extend([end] * made)

    def _wait(self, now: float, kind: Kind) -> float:
        """Seconds before a job of `kind` may start (0 or less: now)."""
        pace = self.pace
        wait = self._last_call + pace.interval - now
        if pace.window is not None:
            most, seconds = pace.window
            calls = self._calls
            while calls and now - calls[0] >= seconds:
                calls.popleft()
            allowed = most if kind is Kind.REPLY else max(1, most - (
                pace.reserve if kind is Kind.STATE else pace.reply_reserve))
            if len(calls) >= allowed:  # until enough of the window's calls have aged out
                wait = max(wait, calls[len(calls) - allowed] + seconds - now)
        if kind is Kind.STATE:
            spacing = pace.state_interval
            if pace.window is not None:  # what replies and the log took widens the spacing
                most, seconds = pace.window
                others = self._others
                while others and now - others[0] >= seconds:
                    others.popleft()
                # (one call under the share, so that the window's wall is rarely met)
                spacing = max(spacing,
                              seconds / max(1, most - pace.reserve - len(others) - 1))
            wait = max(wait, self._last_state + spacing - now)
        return wait

    def _next_kind(self) -> Kind | None:
        if self._replies:
            return Kind.REPLY
        if self._log:
            return Kind.LOG
        return Kind.STATE if self._state else None

    def _take(self, kind: Kind) -> Job:
        if kind is Kind.REPLY:
            return self._replies.popleft()
        if kind is Kind.STATE:
            keys = list(self._state)
            key = next((k for k in keys if not self._state[k].later), keys[0])
            return self._state.pop(key)
        job = self._log.popleft()
        while job.join is not None and self._log:  # consecutive notes as one call
            joined = job.join(job.content, self._log[0].content)
            if joined is None:
                break
            job.content = joined
            job.waiters.extend(self._log.popleft().waiters)
        return job

    # -- running ---------------------------------------------------------------------------

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        while (kind := self._next_kind()) is not None:
            now = loop.time()
            wait = self._wait(now, kind)
            if wait > 0:  # a reply or a note queued meanwhile may go sooner: wake for it
                self._wake.clear()
                try:
                    async with asyncio.timeout(wait):
                        await self._wake.wait()
                except TimeoutError:
                    pass
                continue
            if self.overall is not None:  # the platform's limit over every lane
                await self.overall.acquire(
                    self.pace.state_rank if kind is Kind.STATE else int(kind))
                now = loop.time()
                if self._next_kind() is None:  # (a stop emptied the lane meanwhile)
                    break
                kind = self._next_kind()
                assert kind is not None
            job = self._take(kind)
            before = (self._last_call, self._last_state)
            self._last_call = now
            if kind is Kind.STATE:
                self._last_state = now
            self._charged = 0
            try:
                result = await job.run(job.content)
            except asyncio.CancelledError:
                self._settle(job, None)
                raise
            except Exception:  # a lane must keep going; the failure is logged once, here
                log.exception("lane %s: delivery failed", self.name)
                result = None
            if result is SKIPPED:  # no call made: the budget has it back
                self._last_call, self._last_state = before
                if self.overall is not None:
                    self.overall.give_back()
            self._done(loop.time(), self._charged + (result is not SKIPPED), kind)
            self._settle(job, result)
            if self.pace.spacing and self._next_kind() is not None:
                await asyncio.sleep(self.pace.spacing)

    @staticmethod
    def _settle(job: Job, result: Any) -> None:
        for waiter in job.waiters:
            if not waiter.done():
                waiter.set_result(result)

    @property
    def idle(self) -> bool:
        """Nothing queued or running."""
        return self._next_kind() is None and (self._task is None or self._task.done())

    def waiting(self) -> tuple[int, float | None]:
        """Jobs queued (not the one running) and when the oldest was queued (loop time)."""
        count = len(self._replies) + len(self._log) + len(self._state)
        if not count:
            return 0, None
        firsts = [queue[0].since for queue in (self._replies, self._log) if queue]
        firsts.extend(job.since for job in self._state.values())
        return count, min(firsts)

    async def stop(self) -> None:
        """Drop what is queued (its futures hold None) and stop the task."""
        for job in (*self._replies, *self._log, *self._state.values()):
            self._settle(job, None)
        self._replies.clear()
        self._log.clear()
        self._state.clear()
        if self._task is not None and not self._task.done():
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass


PRUNE_AT = 1024  # lanes kept before idle ones are forgotten (one per channel or player)


class Outbox:
    """Every destination's lane."""

    def __init__(self, pace: Pace | Callable[[Hashable], Pace] | None = None,
                 prune_at: int = PRUNE_AT, overall: Overall | None = None) -> None:
        self.pace = pace  # the limits of a lane (by its name), or one for every lane
        self.overall = overall  # the platform's limit over every lane, if it has one
        self._lanes: dict[Hashable, Lane] = {}
        self._keep = self._prune_at = prune_at
        self._stopped = False

    def push(self, lane: Hashable, key: Hashable | None, content: Any, run: Run, *,
             kind: Kind | None = None, join: Join | None = None,
             later: bool = False) -> asyncio.Future[Any]:
        """Queue `run(content)` on a lane: a job with a key is STATE by default (a queued
        one with that key takes the content), one without is LOG. A `later` state job waits
        for the lane's other state jobs (tidying up: an old message's buttons).

        After `stop` nothing is queued (the client is closing): the job is dropped and its
        future holds None, as for the jobs `stop` dropped."""
        if self._stopped:
            log.debug("outbox stopped: dropped a job for lane %s", lane)
            dropped: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            dropped.set_result(None)
            return dropped
        if kind is None:
            kind = Kind.STATE if key is not None else Kind.LOG
        return self.lane(lane).push(Job(key, content, run, kind, join, later=later))

    def lane(self, name: Hashable) -> Lane:
        """The destination's lane (made on first use)."""
        found = self._lanes.get(name)
        if found is None:
            if len(self._lanes) >= self._prune_at:
                self._prune()
            pace = self.pace(name) if callable(self.pace) else self.pace
            found = self._lanes[name] = Lane(str(name), pace, self.overall)
        return found

    def charge(self, name: Hashable) -> None:
        """A job of this lane makes one more call than its own (it counts in the budget)."""
        self.lane(name).charge()

    def _prune(self) -> None:
        """Forget idle lanes (a busy process meets many channels and players over a day)."""
        self._lanes = {name: lane for name, lane in self._lanes.items() if not lane.idle}
        self._prune_at = max(self._keep, 2 * len(self._lanes))

    def backlog(self, public: Callable[[Hashable], str | None]
                ) -> list[tuple[str, int, float]]:
        """(destination, jobs waiting, seconds the oldest has waited) of each lane with a
        queue, read at a metrics scrape (never on the hot path). `public` names a lane that
        is a group chat or channel (None for one person's): people's lanes are folded into
        one "private" line (no user id in the metrics, and few lines however many players)."""
        now = asyncio.get_running_loop().time()
        shown: dict[str, tuple[int, float]] = {}
        for key, lane in self._lanes.items():
            count, since = lane.waiting()
            if not count or since is None:
                continue
            name = public(key) or "private"
            before = shown.get(name, (0, 0.0))
            shown[name] = (before[0] + count, max(before[1], now - since))
        return [(name, count, age) for name, (count, age) in shown.items()]

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
