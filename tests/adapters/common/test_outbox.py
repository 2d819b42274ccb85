"""The outbox: jobs of a lane run one at a time in order, a queued keyed job takes newer
content, lanes run side by side, and a failing job is logged without stopping its lane."""

from __future__ import annotations

import asyncio
import logging

import pytest

from adapters.common.outbox import Job, Lane, Outbox


async def test_a_burst_for_one_key_folds_into_the_newest_while_others_keep_their_order() -> None:
    outbox = Outbox()
    sent: list[object] = []
    gate = asyncio.Event()

    async def send(content: object) -> object:
        await gate.wait()
        sent.append(content)
        return content

    first = outbox.push("chan", "table", 1, send)
    outbox.push("chan", None, "note", send)
    later = [outbox.push("chan", "table", n, send) for n in range(2, 6)]
    gate.set()
    await outbox.drain()
    assert sent == [5, "note"]  # nothing ran before the burst ended: one job, newest content
    assert [await first] + [await f for f in later] == [5] * 5
    await outbox.stop()


async def test_a_failing_job_is_logged_and_the_lane_goes_on(
        caplog: pytest.LogCaptureFixture) -> None:
    outbox = Outbox()
    sent: list[int] = []

    async def send(content: int) -> None:
        if content == 1:
            raise RuntimeError("boom")
        sent.append(content)

    with caplog.at_level(logging.ERROR, logger="adapters.common.outbox"):
        outbox.push("chan", None, 1, send)
        outbox.push("chan", None, 2, send)
        await outbox.drain()
    assert sent == [2] and "delivery failed" in caplog.text
    await outbox.stop()


async def test_lanes_do_not_wait_for_each_other() -> None:
    outbox = Outbox()
    stuck = asyncio.Event()
    done: list[str] = []

    async def slow(_: object) -> None:
        await stuck.wait()

    async def quick(name: str) -> None:
        done.append(name)

    outbox.push("a", None, None, slow)
    await outbox.push("b", None, "b", quick)
    assert done == ["b"] and not outbox.idle
    await outbox.stop()


async def test_idle_lanes_are_forgotten_once_there_are_many() -> None:
    outbox = Outbox(prune_at=4)
    seen: list[int] = []

    async def send(content: int) -> None:
        seen.append(content)

    for number in range(10):
        await outbox.push(f"chan{number}", None, number, send)
        await asyncio.sleep(0)  # the lane's task ends after settling its last job
    assert seen == list(range(10)) and len(outbox._lanes) <= 5
    await outbox.stop()


async def test_after_stop_a_job_is_dropped_instead_of_reaching_a_closed_client() -> None:
    outbox = Outbox()
    sent: list[object] = []

    async def send(content: object) -> object:
        sent.append(content)
        return content

    await outbox.stop()
    dropped = outbox.push("chan", "table", 1, send)
    assert await dropped is None
    await outbox.drain()
    assert sent == [] and outbox.idle


async def test_a_priority_job_goes_ahead_of_queued_chatter_but_not_of_the_running_job() -> None:
    outbox = Outbox()
    sent: list[object] = []
    gate = asyncio.Event()

    async def send(content: object) -> object:
        await gate.wait()
        sent.append(content)
        return content

    outbox.push("chan", None, "running note", send)
    await asyncio.sleep(0)  # the lane took its first job
    outbox.push("chan", None, "note 1", send)
    outbox.push("chan", "table", "table 1", send, first=True)
    outbox.push("chan", None, "note 2", send)
    outbox.push("chan", "table", "table 2", send, first=True)  # folds into the queued table
    gate.set()
    await outbox.drain()
    assert sent == ["running note", "table 2", "note 1", "note 2"]
    await outbox.stop()


async def test_a_lane_with_a_budget_never_starts_more_jobs_in_a_window_than_it_allows() -> None:
    lane = Lane("group", interval=0.0, budget=(3, 0.3))
    loop = asyncio.get_running_loop()
    starts: list[float] = []

    async def send(content: object) -> None:
        starts.append(loop.time())

    for n in range(7):
        lane.push(Job(None, n, send))
    while not lane.idle:
        await asyncio.sleep(0.01)
    assert len(starts) == 7
    for index in range(3, 7):  # any four consecutive starts span at least the window
        assert starts[index] - starts[index - 3] >= 0.3 - 0.005
