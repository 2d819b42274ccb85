"""The outbox: a lane makes one call at a time, replies first, then the log (in order, never
replaced, joined where it may), then the state (a keyed slot takes newer content; paced to
leave a window's reserve); lanes run side by side; a failing job is logged and the lane
goes on."""

from __future__ import annotations

import asyncio
import logging

import pytest

from adapters.common.outbox import SKIPPED, Job, Kind, Lane, Outbox, Overall, Pace


async def test_a_burst_for_one_key_folds_into_the_newest_and_the_log_goes_first() -> None:
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
    # nothing ran before the burst ended: the note first, then one table job, newest content
    assert sent == ["note", 5]
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


async def test_replies_then_the_log_then_the_state_but_never_ahead_of_the_running_job() -> None:
    outbox = Outbox()
    sent: list[object] = []
    gate = asyncio.Event()

    async def send(content: object) -> object:
        await gate.wait()
        sent.append(content)
        return content

    outbox.push("chan", "table", "running table", send)
    await asyncio.sleep(0)  # the lane took its first job
    outbox.push("chan", "table", "table 1", send)
    outbox.push("chan", None, "result 1", send)
    outbox.push("chan", None, "reply", send, kind=Kind.REPLY)
    outbox.push("chan", None, "result 2", send)
    outbox.push("chan", "table", "table 2", send)  # the table's slot takes the newest
    gate.set()
    await outbox.drain()
    assert sent == ["running table", "reply", "result 1", "result 2", "table 2"]
    await outbox.stop()


async def test_log_jobs_are_never_replaced_each_resolves_with_its_own_delivery() -> None:
    """Two hands' results queued while the lane is busy: both go, in order, and neither
    one's future says delivered for the other's call (a result is kept until it went)."""
    outbox = Outbox()
    sent: list[object] = []
    gate = asyncio.Event()

    async def send(content: str) -> str:
        await gate.wait()
        sent.append(content)
        return f"took {content}"

    outbox.push("chan", None, "busy", send)
    await asyncio.sleep(0)
    one = outbox.push("chan", ("picture", "room", "host.result"), "result of hand 1", send,
                      kind=Kind.LOG)
    two = outbox.push("chan", ("picture", "room", "host.result"), "result of hand 2", send,
                      kind=Kind.LOG)
    gate.set()
    assert await one == "took result of hand 1" and await two == "took result of hand 2"
    assert sent == ["busy", "result of hand 1", "result of hand 2"]
    await outbox.stop()


async def test_consecutive_log_jobs_join_into_one_call_and_all_resolve_with_it() -> None:
    outbox = Outbox()
    calls: list[object] = []
    gate = asyncio.Event()

    async def send(content: object) -> object:
        await gate.wait()
        calls.append(content)
        return len(calls)

    def join(first: tuple[str, ...], then: tuple[str, ...]) -> tuple[str, ...] | None:
        return None if "picture" in first else first + then  # nothing joins after a picture

    outbox.push("chan", None, ("busy",), send)
    await asyncio.sleep(0)
    futures = [outbox.push("chan", None, (text,), send, join=join)
               for text in ("bomb", "报牌", "picture", "after")]
    gate.set()
    await outbox.drain()
    assert calls == [("busy",), ("bomb", "报牌", "picture"), ("after",)]
    assert [await f for f in futures] == [2, 2, 2, 3]
    await outbox.stop()


async def test_state_calls_leave_the_reserve_of_each_window_to_replies_and_the_log() -> None:
    """A table pushed without rest is called at most once per state interval and at most
    `most - reserve` times a window; a result pushed meanwhile goes at once, and the lane
    never calls more than `most` times in a window."""
    pace = Pace(window=(6, 0.6), reserve=2)
    assert pace.state_interval == pytest.approx(0.15)
    lane = Lane("group", pace)
    loop = asyncio.get_running_loop()
    calls: list[tuple[float, str]] = []

    async def send(content: str) -> None:
        calls.append((loop.time(), content))

    end = loop.time() + 0.9
    n = 0
    while loop.time() < end:
        lane.push(Job("table", f"table {n}", send, Kind.STATE))
        if n == 20:
            lane.push(Job(None, "result", send, Kind.LOG))
            pushed = loop.time()
        n += 1
        await asyncio.sleep(0.01)
    while not lane.idle:
        await asyncio.sleep(0.01)
    times = [t for t, _ in calls]
    tables = [t for t, c in calls if c.startswith("table")]
    [(result_at, _)] = [(t, c) for t, c in calls if c == "result"]
    assert result_at - pushed < 0.1  # the reserve was there for it
    for index in range(4, len(tables)):  # at most 4 table calls in any 0.6 s
        assert tables[index] - tables[index - 4] >= 0.6 - 0.005
    for index in range(1, len(tables)):
        assert tables[index] - tables[index - 1] >= 0.15 - 0.005
    for index in range(6, len(times)):
        assert times[index] - times[index - 6] >= 0.6 - 0.005
    assert calls[-1][1] == f"table {n - 1}"  # the last call shows the newest state


async def test_a_job_that_made_no_call_gives_its_call_back_to_the_budget() -> None:
    lane = Lane("group", Pace(window=(2, 30.0)))
    made: list[str] = []

    async def nothing(content: str) -> object:
        return SKIPPED

    async def send(content: str) -> None:
        made.append(content)

    for n in range(3):
        lane.push(Job(None, f"unchanged {n}", nothing))
    lane.push(Job(None, "a", send))
    lane.push(Job(None, "b", send))
    async with asyncio.timeout(5):  # without the give-back, "b" would wait 30 s
        while not lane.idle:
            await asyncio.sleep(0.01)
    assert made == ["a", "b"] and lane.calls == 2


async def test_a_lane_with_a_budget_never_starts_more_jobs_in_a_window_than_it_allows() -> None:
    lane = Lane("group", Pace(window=(3, 0.3)))
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


async def test_the_log_leaves_the_reply_reserve_of_each_window_to_replies() -> None:
    """A burst of results never takes the last calls of a window: a reply asked for right
    after it goes at once, not when the window has passed."""
    lane = Lane("group", Pace(window=(4, 30.0), reply_reserve=1))
    loop = asyncio.get_running_loop()
    calls: list[tuple[float, str]] = []

    async def send(content: str) -> None:
        calls.append((loop.time(), content))

    for n in range(6):
        lane.push(Job(None, f"result {n}", send, Kind.LOG))
    await asyncio.sleep(0.05)
    asked = loop.time()
    answered = lane.push(Job(None, "reply", send, Kind.REPLY))
    async with asyncio.timeout(5):  # without the reserve, 30 s
        await answered
    assert [c for _, c in calls] == ["result 0", "result 1", "result 2", "reply"]
    assert calls[-1][0] - asked < 1.0
    await lane.stop()


async def test_an_overall_budget_serves_replies_and_prompts_before_group_tables() -> None:
    """Two calls per 0.3 s over every lane: once it is spent, a reply and a player's prompt
    asked for after the group's tables still go before them."""
    outbox = Outbox(lambda lane: Pace(state_rank=3) if lane == "group" else Pace(),
                    overall=Overall(2, 0.3))
    calls: list[str] = []

    async def send(content: str) -> None:
        calls.append(content)

    for n in range(3):
        outbox.push("group", ("table", n), f"table {n}", send)
    await asyncio.sleep(0.05)  # the group's tables spend the budget; its third one waits
    assert calls == ["table 0", "table 1"]
    outbox.push("carol", ("panel", "room"), "prompt of carol", send)
    outbox.push("alice", ("panel", "room"), "prompt of alice", send)
    outbox.push("bob", None, "reply to bob", send, kind=Kind.REPLY)
    await outbox.drain()
    # asked later than the table, served before it: by rank, then in turn
    assert calls[2:] == ["reply to bob", "prompt of carol", "prompt of alice", "table 2"]
    await outbox.stop()


async def test_what_the_log_takes_widens_the_table_spacing_instead_of_walling_it() -> None:
    """Two results in a window of eight (two of them reserved) leave the table three calls of
    that window (one under its share): it goes on every 0.27 s rather than at 0.13 s until
    it meets a wall."""
    lane = Lane("group", Pace(window=(8, 0.8), reserve=2))
    loop = asyncio.get_running_loop()
    calls: list[tuple[float, str]] = []

    async def send(content: str) -> None:
        calls.append((loop.time(), content))

    lane.push(Job(None, "result 1", send, Kind.LOG))
    lane.push(Job(None, "result 2", send, Kind.LOG))
    end = loop.time() + 0.7
    n = 0
    while loop.time() < end:
        lane.push(Job("table", f"table {n}", send, Kind.STATE))
        n += 1
        await asyncio.sleep(0.01)
    while not lane.idle:
        await asyncio.sleep(0.01)
    logged = max(t for t, c in calls if c.startswith("result"))
    tables = [t for t, c in calls if c.startswith("table") and t < logged + 0.8]
    assert len(tables) >= 2
    for before, after in zip(tables, tables[1:], strict=False):
        assert after - before >= 0.8 / 3 - 0.005


async def test_a_later_state_job_waits_for_the_lanes_other_state_jobs() -> None:
    """Tidying up (an old table's buttons) never takes a table edit's turn."""
    outbox = Outbox()
    calls: list[str] = []
    gate = asyncio.Event()

    async def send(content: str) -> None:
        await gate.wait()
        calls.append(content)

    outbox.push("group", ("table", 1), "busy", send)
    await asyncio.sleep(0)
    outbox.push("group", ("strip", 7), "strip old buttons", send, later=True)
    outbox.push("group", ("table", 1), "table", send)
    gate.set()
    await outbox.drain()
    assert calls == ["busy", "table", "strip old buttons"]
    await outbox.stop()


async def test_the_backlog_names_each_lane_with_a_queue_and_how_long_its_oldest_waited(
        ) -> None:
    # What /metrics reads per chat (issue 57): jobs waiting behind the one running, and the
    # age of the oldest of them (a group's table staleness); an idle lane is not listed.
    outbox = Outbox()
    gate = asyncio.Event()

    async def held(_: object) -> None:
        await gate.wait()

    outbox.push("group", None, "result", held)  # running: not waiting
    await asyncio.sleep(0)
    outbox.push("group", None, "next result", held)
    outbox.push("group", ("table", "r"), "table 1", held)
    outbox.push("group", ("table", "r"), "table 2", held)  # folds into the same slot
    outbox.push("quiet", None, "done at once", lambda _: asyncio.sleep(0))
    for player in ("ann", "bob"):  # people's lanes: one line, no name
        outbox.push(player, None, "running", held)
        await asyncio.sleep(0)
        outbox.push(player, None, "waiting", held)
    await asyncio.sleep(0.01)
    lines = sorted(outbox.backlog(lambda lane: lane if lane in ("group", "quiet") else None))
    assert [(name, waiting) for name, waiting, _ in lines] == [("group", 2), ("private", 2)]
    assert all(age >= 0.0 for _, _, age in lines)
    gate.set()
    await outbox.drain()
    assert outbox.backlog(str) == []
