"""Where AI seats and hints think: inline, or in worker processes so a slow engine AI (the
田忌赛马 solver takes milliseconds, a six-seat hint up to hundreds) never blocks the event
loop that serves people's commands.

The engines are pure, so a decision travels as (game, state dict, seat, seed text) and comes
back as an action string (hints: a list of them): the same whichever way it was computed.

The workers are served from the event loop itself: each has a pipe the loop writes a job to
and watches for the answer (`add_reader`), one job at a time, the rest waiting in order. No
thread stands between them: a `ProcessPoolExecutor` pickles and reads on a manager thread,
so every job cost the loop hand-overs of the GIL (on a busy host, 7 % more loop time per
press and several times the worst answer times: see benchmarks/capacity.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from bot.games import registry
from bot.host import games

WORKER_NICE = 5  # the workers' lower priority beside the event loop (see _yield_to_the_loop)
PARENT_CHECK = 0.5  # s between a worker's looks at whether the host process still lives


def _quiet_worker(parent: int) -> None:
    # The host stops its workers itself: a Ctrl-C or SIGTERM reaching the whole process
    # group must not print a KeyboardInterrupt traceback from every worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _yield_to_the_loop()
    leave_with_parent(parent)


def leave_with_parent(parent: int | None = None) -> None:
    """In a worker process: leave when the process that started it (`parent`, its pid as
    the parent knew it: a parent killed while the worker was still starting is gone by the
    time this runs) is gone. A parent killed outright (SIGKILL, OOM) cannot stop its
    workers: each leaves on its own instead of lingering (holding its parent's output
    pipes, and multiprocessing's resource tracker, which ends once no process holds its
    pipe)."""
    parent = os.getppid() if parent is None else parent
    threading.Thread(target=_leave_with, args=(parent,), daemon=True,
                     name="parent-watch").start()


def _yield_to_the_loop() -> None:
    """Thinking is batch work: a worker woken by a job must not preempt the host's event
    loop on its core (the answer to a press waits on the loop, a hint can wait a moment)."""
    with contextlib.suppress(AttributeError, OSError):  # Linux only; never fatal
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)


def _leave_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def decide(game: str, state: dict[str, Any], seat: int, seed: str,
           entry: Any = None, person: bool = False) -> str:
    """One AI decision from plain data (runs in a worker process or inline); `entry` is the
    game's registry entry, for a game registered after the worker started; `person`: the
    seat is a person's (托管, a time-out), played by the game's stand-in where it has one."""
    if entry is not None:
        registry.ensure(game, entry)
    spec = games.spec(game)
    return _decided(game, spec.state_from_dict(state), seat, seed, person)


def _decided(game: str, state: Any, seat: int, seed: str, person: bool) -> str:
    rng = random.Random(seed)
    if person:
        action = registry.stand_in_action(game, state, seat, rng)
        if action is not None:
            return action
    return games.spec(game).ai_action(state, seat, rng)


def suggest(game: str, state: dict[str, Any], seat: int, entry: Any = None) -> list[str]:
    """The hints (suggested actions, best first) for a seat, from plain data."""
    if entry is not None:
        registry.ensure(game, entry)
    spec = games.spec(game)
    return spec.hints(spec.state_from_dict(state), seat)


WORKER_STOP = 1.0  # s a closing host waits for a worker to finish its job (SIGTERM: < 3 s)

# What a closing pipe, a worker gone or an event loop closed already raise: nothing to undo.
CLOSING_ERRORS = (OSError, ValueError, RuntimeError)

log = logging.getLogger(__name__)


def _serve(conn: Connection, parent: int) -> None:
    """A worker of the process `parent`: answer jobs from the pipe until it closes (or says
    stop)."""
    _quiet_worker(parent)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        function, args = job
        try:
            answer: tuple[bool, Any] = (True, function(*args))
        except Exception as error:  # noqa: BLE001 - the caller gets it, as from an executor
            answer = (False, error)
        try:
            conn.send(answer)
        except Exception as error:  # noqa: BLE001 - an unpicklable answer or error
            conn.send((False, RuntimeError(f"{type(error).__name__}: {error}")))


class WorkerLost(RuntimeError):
    """A worker process died with a job (killed, out of memory)."""


class _Worker:
    __slots__ = ("conn", "process", "job")

    def __init__(self, conn: Connection, process: Any) -> None:
        self.conn = conn
        self.process = process
        self.job: asyncio.Future[Any] | None = None


class _Pool:
    """Worker processes fed from the event loop, one job each at a time."""

    def __init__(self, processes: int) -> None:
        self._loop = asyncio.get_running_loop()
        # spawn: a fresh interpreter, never a fork of a process with database threads.
        self._context = multiprocessing.get_context("spawn")
        self._workers = [self._start() for _ in range(processes)]
        self._waiting: deque[tuple[Callable[..., Any], tuple[Any, ...],
                                   asyncio.Future[Any]]] = deque()
        self._closed = False

    def _start(self) -> _Worker:
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(target=_serve, args=(theirs, os.getpid()), daemon=True,
                                        name="paiju-thinker")
        process.start()
        theirs.close()
        worker = _Worker(ours, process)
        self._loop.add_reader(ours.fileno(), self._answered, worker)
        return worker

    def run(self, function: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """The job's answer, once a worker gave it."""
        future = self._loop.create_future()
        if self._closed:
            future.cancel()
            return future
        self._waiting.append((function, args, future))
        self._dispatch()
        return future

    def _dispatch(self) -> None:
        """Give waiting jobs to idle workers, oldest first."""
        while self._waiting:
            worker = next((w for w in self._workers if w.job is None), None)
            if worker is None:
                return
            function, args, future = self._waiting.popleft()
            if future.done():  # its asker gave up (cancelled) before a worker was free
                continue
            try:
                worker.conn.send((function, args))
            except (OSError, ValueError):  # the worker is gone: a fresh one takes the job
                self._waiting.appendleft((function, args, future))
                self._replace(worker)
                continue
            except Exception as error:  # noqa: BLE001 - a job that cannot be pickled: its asker
                future.set_exception(error)  # hears why, the others still go out
                continue
            worker.job = future

    def _answered(self, worker: _Worker) -> None:
        try:
            ok, value = worker.conn.recv()
        except (EOFError, OSError):
            self._lost(worker)
            return
        except Exception as error:  # noqa: BLE001 - an answer that does not unpickle here
            # (the whole message was read: the worker is free for the next job). Left to
            # escape, the worker would keep this job forever and never be given another.
            log.error("a thinking worker's answer could not be read: %r", error)
            ok, value = False, RuntimeError(f"unreadable answer: {type(error).__name__}: {error}")
        job, worker.job = worker.job, None
        if job is not None and not job.done():
            if ok:
                job.set_result(value)
            else:
                job.set_exception(value)
        self._dispatch()

    def _lost(self, worker: _Worker) -> None:
        """A worker died (its pipe closed): its job fails, a fresh worker takes its place."""
        log.error("a thinking worker process died (exit code %s); starting another",
                  worker.process.exitcode)
        if worker.job is not None and not worker.job.done():
            worker.job.set_exception(WorkerLost("the thinking worker died"))
        worker.job = None
        if worker in self._workers and not self._closed:
            self._replace(worker)
        self._dispatch()

    def _replace(self, worker: _Worker) -> None:
        self._drop(worker)
        self._workers[self._workers.index(worker)] = self._start()

    def _drop(self, worker: _Worker) -> None:
        with contextlib.suppress(*CLOSING_ERRORS):
            self._loop.remove_reader(worker.conn.fileno())
        with contextlib.suppress(*CLOSING_ERRORS):
            worker.conn.close()

    def load(self) -> tuple[int, int]:
        """(jobs waiting for a worker, workers busy)."""
        return len(self._waiting), sum(1 for w in self._workers if w.job is not None)

    def close(self) -> None:
        """Ask every worker to leave after its job; wait up to WORKER_STOP; kill the rest."""
        self._closed = True
        for _, _, future in self._waiting:
            future.cancel()
        self._waiting.clear()
        for worker in self._workers:
            with contextlib.suppress(*CLOSING_ERRORS):  # a worker gone already
                worker.conn.send(None)
        deadline = time.monotonic() + WORKER_STOP
        for worker in self._workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():  # SIGKILL: workers ignore SIGTERM (see _quiet_worker)
                worker.process.kill()
                worker.process.join(1.0)
            if worker.job is not None and not worker.job.done():
                worker.job.cancel()
            self._drop(worker)


class Thinker:
    """Runs AI decisions and hints inline (processes=0) or in worker processes."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: _Pool | None = None

    def _workers(self) -> _Pool:
        if self._pool is None:
            self._pool = _Pool(self.processes)
        return self._pool

    async def decide(self, game: str, state: Any, seat: int, seed: str, *,
                     data: dict[str, Any] | None = None, person: bool = False) -> str:
        """The AI's action for `seat` in `state` (`data`: its `to_dict()`, if known;
        `person`: a person's seat in 托管 or timed out, see `decide`)."""
        if self.processes <= 0:
            return _decided(game, state, seat, seed, person)
        answer: str = await self._workers().run(decide, game, data or state.to_dict(), seat,
                                                seed, registry.entry(game), person)
        return answer

    async def hints(self, game: str, state: Any, seat: int, *,
                    data: dict[str, Any] | None = None) -> list[str]:
        """The suggestions for `seat` in `state`, best first (`data`: its `to_dict()`)."""
        if self.processes <= 0:
            return games.spec(game).hints(state, seat)
        answer: list[str] = await self._workers().run(suggest, game, data or state.to_dict(),
                                                      seat, registry.entry(game))
        return answer

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """Other CPU work (a module-level function of plain data): in a worker process, or
        in a thread when there are none (never on the event loop itself)."""
        if self.processes <= 0:
            return await asyncio.to_thread(function, *args)
        return await self._workers().run(function, *args)

    def load(self) -> tuple[int, int]:
        """(AI jobs waiting for a worker process, workers busy): (0, 0) when thinking inline
        or before the first job started the workers."""
        return self._pool.load() if self._pool is not None else (0, 0)

    def close(self) -> None:
        """Stop the worker processes (waits for the one decision each may be in, at most a
        fraction of a second, so none is left behind)."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None
