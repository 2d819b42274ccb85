"""How SQLite writes reach the file: committed on the event loop's own connection, never
waiting there for a lock (another connection's lock sends the write to the database thread,
which waits), and checkpointed on the database thread often enough that the WAL starts
again from its beginning instead of growing with every commit."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from storage import ActionRecord, Storage
from storage import sqlite as sqlite_storage
from tests.storage.test_rooms import _landlord_wins, _start, _table

SNAPSHOT = {"seats": ["x" * 40] * 3, "state": "y" * 600}  # about a real room's size


async def _loop_lag_while(seconds: float) -> float:
    """How late a sleep of `seconds` wakes: what a stalled loop would add."""
    loop = asyncio.get_running_loop()
    due = loop.time() + seconds
    await asyncio.sleep(seconds)
    return loop.time() - due


async def test_a_write_meeting_another_connections_lock_waits_on_the_thread_not_the_loop(
        tmp_path: Path) -> None:
    path = tmp_path / "paiju.db"
    storage = await Storage.open(path)
    try:
        await storage.save_room("r0", {"n": 0})
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process writing
        other.execute("INSERT INTO rooms (room_id, snapshot, updated_at)"
                      " VALUES ('theirs', '{}', 0)")
        first = asyncio.ensure_future(storage.save_room("r1", {"n": 1}))
        second = asyncio.ensure_future(storage.save_room("r2", {"n": 2}))
        # The loop goes on meanwhile (a busy wait on the loop would hold it the whole time).
        assert await _loop_lag_while(0.2) < 0.1
        assert not first.done() and not second.done()
        other.execute("COMMIT")
        other.close()
        await asyncio.wait_for(asyncio.gather(first, second), 5)
        rooms = dict(await storage.load_rooms())
        assert rooms == {"r0": {"n": 0}, "r1": {"n": 1}, "r2": {"n": 2}, "theirs": {}}
        # And once the thread has written them, writes go straight in again.
        await storage.save_room("r3", {"n": 3})
        assert storage.transport._drainer is None and await storage.load_room("r3") == {"n": 3}
    finally:
        await storage.close()


async def test_the_wal_starts_again_instead_of_growing_with_every_commit(
        tmp_path: Path) -> None:
    path = tmp_path / "paiju.db"
    storage = await Storage.open(path)
    commits = 12 * sqlite_storage.CHECKPOINT_EVERY
    try:
        page = (await storage._read(lambda conn: conn.execute("PRAGMA page_size").fetchone()))[0]
        for n in range(commits):
            await storage.save_room(f"room-{n % 50}", {**SNAPSHOT, "n": n})
            if n % 100 == 0:
                await asyncio.sleep(0.005)  # the thread's checkpoints have their turn
        wal = Path(f"{path}-wal").stat().st_size
        # Every commit appends at least one page to the WAL: kept, they would take this much.
        assert wal < commits * page / 4
        assert await storage.load_room("room-49") == {**SNAPSHOT, "n": commits - 1}
    finally:
        await storage.close()
    reopened = await Storage.open(path)
    try:
        assert len(await reopened.load_rooms()) == 50
    finally:
        await reopened.close()


async def test_saves_of_many_rooms_across_checkpoints_all_land_in_order(
        tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "paiju.db")
    try:
        seats = await _table(storage)
        rooms, actions = 24, 2 * sqlite_storage.CHECKPOINT_EVERY // 24 * 3  # ~6 checkpoints

        async def room(n: int) -> None:
            game_id = f"g{n}"
            await storage.save_room(f"room-{n}", {"n": n},
                                    game_start=_start(game_id, list(seats)))
            for index in range(actions):
                await storage.save_room(f"room-{n}", {**SNAPSHOT, "n": n, "i": index},
                                        action=ActionRecord(game_id, index, index % 3, "pass", 0))
                if index % 7 == 0:
                    await asyncio.sleep(0)
            await storage.save_room(f"room-{n}", {"n": n, "over": True},
                                    settlement=_landlord_wins(game_id, seats))

        await asyncio.gather(*(room(n) for n in range(rooms)))
        saved = dict(await storage.load_rooms())
        assert all(saved[f"room-{n}"] == {"n": n, "over": True} for n in range(rooms))
        records = await storage.finished_games()
        assert len(records) == rooms
        assert all([seat for seat, _ in r.actions] == [i % 3 for i in range(actions)]
                   for r in records)
        assert await storage.books_balanced()
    finally:
        await storage.close()


async def test_a_balance_is_read_at_once_on_the_loop_not_behind_the_database_thread(
        tmp_path: Path) -> None:
    # A deal reads every seat's beans under its room's lock: a hop to the database thread
    # and back for each cost the loop two waits for the interpreter (and waited behind
    # whatever the thread was doing).
    path = tmp_path / "paiju.db"
    storage = await Storage.open(path, starting_grant=1000)
    try:
        player = await storage.player("test", "u1", "One")
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        busy = asyncio.ensure_future(storage._read(lambda conn: time.sleep(0.5)))
        await asyncio.sleep(0.05)  # the database thread is in that read now
        started = time.perf_counter()
        assert await storage.balance(player) == 1000
        assert time.perf_counter() - started < 0.25 and not busy.done()
        other.execute("COMMIT")
        other.close()
        await busy
    finally:
        await storage.close()


async def test_the_saves_of_one_turn_of_the_loop_share_one_commit(tmp_path: Path) -> None:
    # A burst of deals (every table dealt at once after a restart, or when a tournament
    # round starts) saves many rooms in each turn of the loop: one BEGIN ... COMMIT for
    # them all, not one each.
    storage = await Storage.open(tmp_path / "paiju.db")
    try:
        await storage.save_room("warm", {"n": 0})
        statements: list[str] = []
        writer = storage.transport._writer
        assert writer is not None
        writer.set_trace_callback(statements.append)
        await asyncio.gather(*(storage.save_room(f"room-{n}", {"n": n}) for n in range(20)))
        writer.set_trace_callback(None)
        assert statements.count("COMMIT") == 1
        assert statements.count("BEGIN IMMEDIATE") == 1
        saved = dict(await storage.load_rooms())
        assert all(saved[f"room-{n}"] == {"n": n} for n in range(20))
    finally:
        await storage.close()


async def test_a_failing_write_of_a_turn_is_rolled_back_alone(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "paiju.db")

    def fails(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO rooms (room_id, snapshot, updated_at) VALUES ('bad', '{}', 0)")
        raise ValueError("refused halfway")

    try:
        results = await asyncio.gather(
            storage.save_room("before", {"n": 1}), storage.transport.write(fails),
            storage.save_room("after", {"n": 2}), return_exceptions=True)
        assert isinstance(results[1], ValueError)
        assert dict(await storage.load_rooms()) == {"before": {"n": 1}, "after": {"n": 2}}
    finally:
        await storage.close()


async def test_a_read_in_a_turn_sees_its_writes_and_closing_commits_the_turn(
        tmp_path: Path) -> None:
    path = tmp_path / "paiju.db"
    storage = await Storage.open(path, starting_grant=1000)
    player = await storage.player("test", "u1", "One")
    saves = [asyncio.ensure_future(storage.save_room(f"room-{n}", {"n": n})) for n in range(5)]
    await asyncio.sleep(0)  # each is written in this turn's transaction, not committed yet
    assert storage.transport._turn is not None
    assert await storage.balance(player) == 1000  # read at once, inside the transaction
    assert await storage.transport.read_now(
        lambda conn: conn.execute("SELECT count(*) FROM rooms").fetchone()[0]) == 5
    await storage.close()  # before the turn's scheduled commit: closing commits it
    await asyncio.gather(*saves)
    reopened = await Storage.open(path)
    try:
        assert len(await reopened.load_rooms()) == 5
    finally:
        await reopened.close()


async def test_a_known_player_is_looked_up_again_on_the_loop_not_behind_the_thread(
        tmp_path: Path) -> None:
    # Every person's first press after their cached id lapsed (PLAYER_CACHE_SECONDS) reads
    # whether they were linked meanwhile: a lookup by key, at once.
    storage = await Storage.open(tmp_path / "paiju.db")
    try:
        player = await storage.player("test", "u1", "One")
        key = ("test", "u1")
        storage._players[key] = (player, "One", storage._players[key][2] - 3600)  # lapsed
        busy = asyncio.ensure_future(storage._read(lambda conn: time.sleep(0.5)))
        await asyncio.sleep(0.05)  # the database thread is in that read now
        started = time.perf_counter()
        assert await storage.player("test", "u1", "One") == player
        assert time.perf_counter() - started < 0.25 and not busy.done()
        await busy
    finally:
        await storage.close()
