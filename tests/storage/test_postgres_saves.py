"""The common save on PostgreSQL (a snapshot with one action, under a lease) is one
statement sent alone: one round trip to the server, where a transaction of its own took
five (BEGIN, the lease check, the snapshot, the action, COMMIT). It stays all or nothing."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from storage import ActionConflictError, ActionRecord, PostgresStorage, Storage
from tests.storage.conftest import MONDAY, server_connections
from tests.storage.test_rooms import _start

pytestmark = pytest.mark.postgres


def _round_trips(storage: Storage) -> int:
    """Statements and transaction commands the pool's connections ran so far (asyncpg
    counts executions; preparing a statement, once per connection, is not among them)."""
    return sum(raw._protocol.queries_count for raw in server_connections(storage))


async def test_a_save_with_its_action_under_a_lease_is_one_round_trip(postgres_url: str) -> None:
    storage = await PostgresStorage.open(postgres_url, clock=lambda: MONDAY)
    try:
        seats = [await storage.player("telegram", str(n), f"P{n}") for n in range(3)]
        assert await storage.acquire_room("room-1", "a", 60)
        await storage.save_room("room-1", {"at": "start"}, game_start=_start("g1", list(seats)),
                                lease="a")
        before = _round_trips(storage)
        await storage.save_room("room-1", {"at": "last"}, lease="a",
                                action=ActionRecord("g1", 99, 0, "pass", 0))
        assert _round_trips(storage) - before == 1
        record = await storage.game_record("g1")
        assert record is not None and record.actions[-1] == (0, "pass")
        assert await storage.load_room("room-1") == {"at": "last"}
    finally:
        await storage.close()


async def test_an_action_kept_meanwhile_by_another_transaction_refuses_the_whole_save(
        postgres_url: str) -> None:
    storage = await PostgresStorage.open(postgres_url, clock=lambda: MONDAY)
    other = await asyncpg.connect(postgres_url)
    try:
        seats = [await storage.player("telegram", str(n), f"P{n}") for n in range(3)]
        await storage.save_room("room-1", {"at": "start"}, game_start=_start("g1", list(seats)))
        writing = other.transaction()
        await writing.start()
        await other.execute("INSERT INTO game_actions (game_id, idx, seat, action, at)"
                            " VALUES ('g1', 0, 1, 'bid 3', 0)")
        saving = asyncio.ensure_future(storage.save_room(
            "room-1", {"at": 0}, action=ActionRecord("g1", 0, 0, "pass", 0)))
        await asyncio.sleep(0.3)  # the save waits for the other transaction's row
        assert not saving.done()
        await writing.commit()
        with pytest.raises(ActionConflictError):
            await saving
        assert await storage.load_room("room-1") == {"at": "start"}
        record = await storage.game_record("g1")
        assert record is not None and record.actions == [(1, "bid 3")]
    finally:
        await other.close()
        await storage.close()


async def test_the_connections_threads_run_uvloop(postgres_url: str) -> None:
    uvloop = pytest.importorskip("uvloop")
    storage = await PostgresStorage.open(postgres_url, clock=lambda: MONDAY, pool_size=3)
    try:
        await storage.save_room("room-1", {})
        assert storage.transport._all
        for connection in storage.transport._all:
            assert isinstance(connection.loop, uvloop.Loop)
    finally:
        await storage.close()
