"""AI decisions in a worker process are the decisions made inline (engines are pure)."""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import pytest

from bot.errors import NotYourTurn
from bot.host import games
from bot.host.runtime.thinking import WORKER_NICE, Thinker, WorkerLost


def dealt(game: str, players: int, seed: int) -> tuple[Any, Any, int]:
    """A seeded new game of `game`: its spec, the state, and the first seat to act."""
    spec = games.spec(game)
    state = spec.new_game(players, spec.default_options(), seed)
    return spec, state, state.to_act()[0]


@pytest.mark.parametrize("game", ["doudizhu3", "tianji", "tianji-duel"])
async def test_a_worker_process_decides_exactly_as_inline(game: str) -> None:
    spec, state, seat = dealt(game, 3 if game == "doudizhu3" else 2, 12345)
    inline, pooled = Thinker(0), Thinker(1)
    try:
        for seed in ("a", "b", "c"):
            assert await pooled.decide(game, state, seat, seed) == await inline.decide(
                game, state, seat, seed)
    finally:
        pooled.close()


@pytest.mark.parametrize("game", ["doudizhu3", "tianji"])
async def test_a_worker_process_suggests_exactly_as_inline(game: str) -> None:
    spec, state, seat = dealt(game, 3, 777)
    pooled = Thinker(1)
    try:
        assert await pooled.hints(game, state, seat) == spec.hints(state, seat)
    finally:
        pooled.close()


async def test_a_killed_worker_fails_its_job_and_another_takes_the_next() -> None:
    spec, state, seat = dealt("tianji", 6, 4242)
    pooled = Thinker(1)
    try:
        assert await pooled.hints("tianji", state, seat) == spec.hints(state, seat)
        [worker] = pooled._pool._workers  # type: ignore[union-attr]
        job = pooled._pool.run(time.sleep, 30)  # type: ignore[union-attr]
        await asyncio.sleep(0.05)  # the job is with the worker
        worker.process.kill()
        with pytest.raises(WorkerLost):
            await asyncio.wait_for(job, 10)
        [fresh] = pooled._pool._workers  # type: ignore[union-attr]
        assert fresh is not worker and fresh.process.is_alive()
        assert await pooled.hints("tianji", state, seat) == spec.hints(state, seat)
    finally:
        pooled.close()
    assert not fresh.process.is_alive()  # closing stops the workers


class Unrebuildable(Exception):  # noqa: N818 - what it is, not an error of ours
    """An error pickle writes but cannot rebuild (its __init__ wants two arguments)."""

    def __init__(self, first: str, second: str) -> None:
        super().__init__(f"{first} {second}")


def refuse() -> None:
    raise NotYourTurn(seat=2)


def fail_unreadably() -> None:
    raise Unrebuildable("not", "rebuilt")


async def test_a_refusal_in_a_worker_reaches_the_asker_as_itself() -> None:
    pooled = Thinker(1)
    try:
        with pytest.raises(NotYourTurn) as raised:
            await asyncio.wait_for(pooled._workers().run(refuse), 30)
        assert raised.value.params == {"seat": 2} and "turn" in str(raised.value)
    finally:
        pooled.close()


async def test_an_answer_the_host_cannot_read_fails_its_job_and_the_worker_goes_on() -> None:
    # Before, the error escaped the pipe's reader: the worker kept the job forever and was
    # never given another (with every worker so, no AI seat moved and no hint came again).
    spec, state, seat = dealt("tianji", 6, 7)
    pooled = Thinker(1)
    try:
        pool = pooled._workers()
        [worker] = pool._workers
        with pytest.raises(RuntimeError, match="unreadable answer: TypeError"):
            await asyncio.wait_for(pool.run(fail_unreadably), 30)
        assert pool._workers == [worker] and worker.job is None
        hints = await asyncio.wait_for(pooled.hints("tianji", state, seat), 30)
        assert hints == spec.hints(state, seat)
    finally:
        pooled.close()


async def test_closing_cancels_jobs_still_waiting_for_a_worker() -> None:
    spec, state, seat = dealt("tianji", 6, 99)
    pooled = Thinker(1)
    await pooled.hints("tianji", state, seat)  # the worker is up
    busy = pooled._pool.run(time.sleep, 30)  # type: ignore[union-attr]
    jobs = [asyncio.ensure_future(pooled.hints("tianji", state, seat)) for _ in range(3)]
    await asyncio.sleep(0.05)
    [worker] = pooled._pool._workers  # type: ignore[union-attr]
    started = time.monotonic()
    pooled.close()
    # The busy worker is given WORKER_STOP seconds, then killed: closing never waits it out.
    assert time.monotonic() - started < 5 and not worker.process.is_alive()
    results = await asyncio.gather(busy, *jobs, return_exceptions=True)
    assert all(isinstance(r, asyncio.CancelledError) for r in results), results


@pytest.mark.skipif(not hasattr(os, "SCHED_BATCH"), reason="Linux scheduling policies")
async def test_the_workers_think_as_batch_work_below_the_event_loop() -> None:
    # A woken worker must not preempt the event loop on its core (benchmarks/wakeup.py: the
    # hand-over of a job held the loop for the worker's whole job on a busy machine).
    pooled = Thinker(1)
    try:
        assert pooled._workers() is not None
        pool = pooled._pool
        assert pool is not None
        assert await pool.run(os.sched_getscheduler, 0) == os.SCHED_BATCH
        assert await pool.run(os.nice, 0) == min(19, os.nice(0) + WORKER_NICE)
        assert os.sched_getscheduler(0) != os.SCHED_BATCH  # the host itself is untouched
    finally:
        pooled.close()


def _strong_differs(seeds: range) -> tuple[Any, int, str, str]:
    """A 斗地主 position at a normal table where the strong level and the planner differ:
    the state, the seat, the strong level's action and the planner's."""
    from bot.games.doudizhu import ai, levels
    from bot.games.doudizhu.actions import Phase

    for seed in seeds:
        spec, state, seat = dealt("doudizhu3", 3, seed)
        while not state.is_over:
            (seat,) = state.to_act()
            planner = ai.choose_action(state, seat)
            if state.phase is Phase.PLAYING:
                decision = levels.strong_decision(state, seat)
                strong = "pass" if decision.move is None else "play " + str(decision.move)
                if strong != planner:
                    return state, seat, strong, planner
            state = spec.step(state, seat, planner).state
    raise AssertionError("no position where the levels differ")


@pytest.mark.parametrize("processes", [0, 1])
async def test_a_person_s_seat_in_tuoguan_plays_the_strong_level_ai_seats_the_table_s(
        processes: int) -> None:
    # issue 56: 托管 and time-outs play the strong level wherever it exists; the AI seats
    # of a normal table (the default) still play the planner.
    state, seat, strong, planner = _strong_differs(range(8))
    assert state.options.ai_level == "normal"
    thinker = Thinker(processes)
    try:
        assert await thinker.decide("doudizhu3", state, seat, "s", person=True) == strong
        assert await thinker.decide("doudizhu3", state, seat, "s") == planner
    finally:
        thinker.close()
