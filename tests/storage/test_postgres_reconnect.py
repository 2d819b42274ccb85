"""A PostgreSQL connection lost under the bot (the server restarted, a network cut, an
administrator ended it) is replaced: the next transaction on it opens a new connection
instead of failing on the dead one for as long as the process lives; while the server
takes no connection yet (a restart), the transaction about to begin waits for it."""

from __future__ import annotations

import asyncio

import pytest

from storage import ActionRecord, PostgresStorage, Storage
from tests import postgres
from tests.storage.conftest import MONDAY, as_role, server_connections
from tests.storage.test_rooms import _landlord_wins, _start

pytestmark = pytest.mark.postgres


async def _end_connections(url: str, storage: Storage) -> int:
    """End every server process of the storage's pool, as `pg_terminate_backend` does when
    an administrator or a restarting server ends them; how many were ended."""
    pids = [raw.get_server_pid() for raw in server_connections(storage)]
    ended = await postgres.execute(
        url, "SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", pids)
    assert ended == f"SELECT {len(pids)}"
    return len(pids)


async def test_connections_ended_by_the_server_are_replaced_and_nothing_is_lost(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    storage = await PostgresStorage.open(postgres_url, clock=lambda: MONDAY)
    try:
        seats = [await storage.player("telegram", str(n), f"P{n}") for n in range(3)]
        await storage.save_room("room", {"at": "start"}, game_start=_start("g1", list(seats)))
        assert await _end_connections(postgres_url, storage) == 8  # the default pool
        # Every connection of the pool is used again (more calls than connections): each
        # notices its loss when its transaction begins, connects again and goes on.
        for index in range(3 * len(storage.transport._all)):
            await storage.save_room("room", {"at": index},
                                    action=ActionRecord("g1", index, index % 3, "pass", 0))
            assert await storage.load_room("room") == {"at": index}
        await storage.save_room("room", {"over": True}, settlement=_landlord_wins("g1", seats))
        [record] = await storage.finished_games()
        assert len(record.actions) == 3 * len(storage.transport._all)
        assert await storage.balance(seats[0]) == 1000 + 40
        assert await storage.books_balanced()
        assert "connecting again" in caplog.text
        for _ in range(100):  # the loop's connections are made again in the background
            if len(storage.transport._on_loop) == 3:
                break
            await asyncio.sleep(0.05)
        assert all(not raw.is_closed() for raw in storage.transport._on_loop)
        assert len(storage.transport._on_loop) == 3
    finally:
        await storage.close()


async def test_a_write_during_a_restart_waits_for_the_server_and_goes_through_once(
        postgres_url: str, role: tuple[str, str]) -> None:
    name = role[0]
    schema = postgres_url.rsplit("search_path=", 1)[1]
    await postgres.execute(postgres_url, f"GRANT ALL ON SCHEMA {schema} TO {name}")
    storage = await PostgresStorage.open(as_role(role, postgres_url), clock=lambda: MONDAY,
                                         pool_size=2)
    try:
        seats = [await storage.player("telegram", str(n), f"P{n}") for n in range(3)]
        await storage.save_room("room", {"at": "start"}, game_start=_start("g1", list(seats)))
        # The server ends the role's connections and takes no new one, as a restarting
        # server does for a moment (a superuser is not held by a role's limit).
        await postgres.execute(postgres_url, f"ALTER ROLE {name} CONNECTION LIMIT 0")
        await postgres.execute(
            postgres_url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE usename = $1", name)
        saving = asyncio.ensure_future(storage.save_room(
            "room", {"at": 0}, action=ActionRecord("g1", 0, 0, "pass", 0)))
        reading = asyncio.ensure_future(storage.load_room("room"))
        await asyncio.sleep(1.0)  # they meet the closed door (before, both failed at once)
        await postgres.execute(postgres_url, f"ALTER ROLE {name} CONNECTION LIMIT -1")
        await asyncio.wait_for(saving, 60)
        assert await asyncio.wait_for(reading, 60) in ({"at": "start"}, {"at": 0})
        record = await storage.game_record("g1")
        assert record is not None and record.actions == [(0, "pass")]  # once
        assert await storage.load_room("room") == {"at": 0}
    finally:
        await storage.close()
