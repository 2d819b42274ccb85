"""Kept analyses and the daily puzzle's answers and board (SQLite and PostgreSQL): an
analysis is claimed by one caller only, kept once done, and taken over when its claim went
stale; a person's first answer to a group's puzzle counts; the board ranks by solved, then
the run of days."""

from __future__ import annotations

import asyncio

from storage import Storage
from storage.records import GameStart
from storage.teaching import PuzzleAnswer
from tests.storage.conftest import FakeClock

DAY = 86_400.0


async def started(storage: Storage, game_id: str) -> None:
    start = GameStart(game_id, "room", None, "doudizhu3", {}, 1, [None, None, None], 1,
                      "points", 0.0)
    await storage.save_room("room", {}, game_start=start)


async def test_an_analysis_is_claimed_once_however_many_ask_at_the_same_time(
        storage: Storage) -> None:
    await started(storage, "g1")
    claims = await asyncio.gather(*(storage.claim_analysis("g1", stale=60.0)
                                    for _ in range(8)))
    assert sorted(claims) == [False] * 7 + [True]
    kept = await storage.analysis("g1")
    assert kept is not None and kept.status == "pending" and kept.data is None


async def test_a_done_analysis_is_kept_and_never_claimed_again(
        storage: Storage, clock: FakeClock) -> None:
    await started(storage, "g1")
    assert await storage.claim_analysis("g1", stale=60.0)
    await storage.keep_analysis("g1", "done", {"decisions": [{"index": 3, "loss": 0.25}]})
    clock.now += DAY
    assert not await storage.claim_analysis("g1", stale=60.0)
    kept = await storage.analysis("g1")
    assert kept is not None and kept.status == "done"
    assert kept.data == {"decisions": [{"index": 3, "loss": 0.25}]}


async def test_a_stale_claim_or_an_old_failure_is_taken_over(
        storage: Storage, clock: FakeClock) -> None:
    await started(storage, "g1")
    assert await storage.claim_analysis("g1", stale=60.0)
    clock.now += 30
    assert not await storage.claim_analysis("g1", stale=60.0)  # still being worked on
    clock.now += 31
    assert await storage.claim_analysis("g1", stale=60.0)  # its worker died: taken over
    await storage.keep_analysis("g1", "failed", "boom")
    assert not await storage.claim_analysis("g1", stale=60.0)
    clock.now += 61
    assert await storage.claim_analysis("g1", stale=60.0)


async def test_a_days_puzzle_is_kept_once(storage: Storage) -> None:
    assert await storage.puzzle("2026-03-02") is None
    await storage.keep_puzzle("2026-03-02", "doudizhu3", {"hands": ["33", "4"]})
    await storage.keep_puzzle("2026-03-02", "doudizhu3", {"hands": ["55", "6"]})
    assert await storage.puzzle("2026-03-02") == ("doudizhu3", {"hands": ["33", "4"]})
    assert storage.day() == "2026-03-02" and storage.day(1) == "2026-03-01"


async def test_the_first_answer_counts_and_the_board_ranks_solved_then_the_run(
        storage: Storage, clock: FakeClock) -> None:
    a, b, c = [await storage.player("telegram", str(n), f"p{n}") for n in range(3)]
    group = await storage.community("telegram", "-100", "group")
    other = await storage.community("telegram", "-200", "other")
    days = [storage.day(n) for n in (3, 2, 1, 0)]
    for day in days[:3]:  # a: three days in a row up to yesterday
        await storage.answer_puzzle(group, day, a, "33", True)
    for day in days[1:]:  # b: wrong the day before yesterday, then two right
        await storage.answer_puzzle(group, day, b, "44", day != days[1])
    first = await storage.answer_puzzle(group, days[3], c, "5", False)
    again = await storage.answer_puzzle(group, days[3], c, "33", True)  # too late: counted
    assert first == again == PuzzleAnswer("5", False)
    await storage.answer_puzzle(other, days[3], c, "33", True)  # another group's board
    board = await storage.puzzle_board(group)
    assert [(r.rank, r.player_id, r.solved, r.tried, r.streak) for r in board] == [
        (1, a, 3, 3, 3), (2, b, 2, 3, 2), (3, c, 0, 1, 0)]
    assert board[0].name == "p0"
    clock.now += 2 * DAY  # a missed day ends the run
    assert [r.streak for r in await storage.puzzle_board(group)] == [0, 0, 0]
    assert [(r.player_id, r.solved) for r in await storage.puzzle_board(other)] == [(c, 1)]
