"""PostgreSQL group commit on a real server: the writes waiting share one transaction, each
in a savepoint, so one failing write rolls back alone; a batch that PostgreSQL aborts as a
deadlock is rolled back in full and run again, booking each settlement once."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest

import storage.postgres as pg
from storage import (
    LeaseLostError,
    LedgerError,
    PostgresStorage,
    Storage,
    UnknownRecordError,
)
from tests import postgres
from tests.storage.conftest import MONDAY, raw_execute
from tests.storage.test_rooms import _landlord_wins, _start

pytestmark = pytest.mark.postgres
ONE_WRITER = 3  # a pool of 3 runs one batch at a time (two connections stay for reads)


@pytest.fixture
def batch_sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of writes in each transaction the storage commits (or tries to)."""
    sizes: list[int] = []
    real = pg._write_batch

    def spy(conn: Any, jobs: list[Any]) -> Any:
        sizes.append(len(jobs))
        return real(conn, jobs)

    monkeypatch.setattr(pg, "_write_batch", spy)
    return sizes


async def _players(storage: Storage, first: int) -> list[int]:
    return [await storage.player("telegram", str(n), f"P{n}") for n in range(first, first + 3)]


async def test_one_failing_write_in_a_batch_rolls_back_alone(
    postgres_url: str, batch_sizes: list[int]
) -> None:
    storage = await PostgresStorage.open(postgres_url, clock=lambda: MONDAY,
                                            pool_size=ONE_WRITER)
    try:
        seats = await _players(storage, 1)
        for game in ("g1", "g2", "g3"):
            await storage.save_room(f"room-{game}", {}, game_start=_start(game, list(seats)))
        assert await storage.acquire_room("leased", "someone-else", 60)
        batch_sizes.clear()
        unbalanced = _landlord_wins("g2", seats)
        unbalanced.deltas[seats[0]] += 1
        results = await asyncio.gather(
            storage.save_room("room-g1", {"over": 1}, settlement=_landlord_wins("g1", seats)),
            storage.save_room("room-g2", {"over": 2}, settlement=unbalanced),
            storage.save_room("leased", {"mine": True}, lease="me"),
            storage.transfer("gift-1", "beans", {seats[1]: -5, seats[2]: 5}),
            storage.save_room("room-g3", {"over": 3}, settlement=_landlord_wins("g3", seats)),
            storage.save_room("room-x", {}, settlement=_landlord_wins("no-such-game", seats)),
            return_exceptions=True,
        )
        assert batch_sizes[0] == 6, "the six writes shared one transaction"
        assert results[0] is True and results[3] is True and results[4] is True
        assert isinstance(results[1], LedgerError)
        assert isinstance(results[2], LeaseLostError)
        assert isinstance(results[5], UnknownRecordError)
        rooms = dict(await storage.load_rooms())
        assert rooms["room-g1"] == {"over": 1} and rooms["room-g3"] == {"over": 3}
        assert rooms["room-g2"] == {} and "leased" not in rooms and "room-x" not in rooms
        assert [r.game_id for r in await storage.finished_games()] == ["g1", "g3"]
        assert await storage.balances(seats) == {
            seats[0]: 1080, seats[1]: 1000 - 40 - 5, seats[2]: 1000 - 40 + 5}
        assert await storage.books_balanced()
    finally:
        await storage.close()


async def test_a_batch_retried_after_a_deadlock_books_each_settlement_once(
    postgres_url: str, batch_sizes: list[int]
) -> None:
    first = await PostgresStorage.open(postgres_url, clock=lambda: MONDAY, pool_size=ONE_WRITER)
    second = await PostgresStorage.open(postgres_url, clock=lambda: MONDAY, pool_size=ONE_WRITER)
    try:
        await raw_execute(postgres_url, "CREATE TABLE scratch (id INTEGER PRIMARY KEY, n INTEGER)")
        await raw_execute(postgres_url, "INSERT INTO scratch VALUES (1, 0), (2, 0)")
        tables = [await _players(first, 1), await _players(second, 4)]
        for storage, game, seats in ((first, "g1", tables[0]), (second, "g2", tables[1])):
            await storage.save_room(game, {}, game_start=_start(game, list(seats)))
        runs: list[int] = []
        batch_sizes.clear()

        def lock(one: int, other: int) -> Any:
            def job(conn: Any) -> int:
                runs.append(one)
                conn.execute("UPDATE scratch SET n = n + 1 WHERE id = ?", (one,))
                conn.execute("SELECT pg_sleep(0.3)")
                conn.execute("UPDATE scratch SET n = n + 1 WHERE id = ?", (other,))
                return one
            return job

        async def batch(storage: Storage, game: str, seats: list[int], one: int) -> list[Any]:
            return await asyncio.gather(  # one transaction: a settlement, then the locks
                storage.save_room(game, {"over": game}, settlement=_landlord_wins(game, seats)),
                storage._write(lock(one, 3 - one)))

        results = await asyncio.gather(batch(first, "g1", tables[0], 1),
                                       batch(second, "g2", tables[1], 2))
        assert results == [[True, 1], [True, 2]]
        assert sorted(runs) in ([1, 1, 2], [1, 2, 2]), "the deadlock's victim ran again"
        assert len(batch_sizes) == 3 and set(batch_sizes) == {2}
        rows = await postgres.execute(postgres_url, "UPDATE scratch SET n = n WHERE n = 2")
        assert rows == "UPDATE 2"  # each lock job committed once
        assert sorted(r.game_id for r in await first.finished_games()) == ["g1", "g2"]
        for seats in tables:
            assert await first.balances(seats) == {
                seats[0]: 1040, seats[1]: 980, seats[2]: 980}
        assert await first.books_balanced()
    finally:
        await first.close()
        await second.close()


async def test_the_lease_heartbeat_overtakes_writes_held_up_by_another_process_lock(
    postgres_url: str,
) -> None:
    storage = await PostgresStorage.open(postgres_url, clock=lambda: MONDAY, pool_size=ONE_WRITER)
    other = await asyncpg.connect(postgres_url)
    try:
        seats = await _players(storage, 1)
        assert await storage.acquire_room("room-1", "me", 60)
        holding = other.transaction()  # another process, in the middle of a settlement
        await holding.start()
        await other.execute("SELECT amount FROM balances WHERE account_id = $1 FOR UPDATE",
                            seats[0])
        held_up = [asyncio.ensure_future(
            storage.transfer(f"gift-{n}", "beans", {seats[0]: -1, seats[1]: 1}))
            for n in range(3)]  # the one writer waits for the lock, the rest are queued
        await asyncio.sleep(0.3)
        assert not any(write.done() for write in held_up)
        assert await asyncio.wait_for(storage.renew_leases("me", 60), 5) == {"room-1"}
        await holding.rollback()
        await asyncio.gather(*held_up)
        assert await storage.balance(seats[0]) == 1000 - 3
    finally:
        await other.close()
        await storage.close()
