"""A database that stalls for longer than a lease: a bot process on PostgreSQL whose saves
wait past the lease (another session holds the lease table locked) still finishes every
room: a refused save lets the room's lease go and the room is taken over (here by the same
process) from its last save, never left forgotten while the heartbeat renews its lease."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.host import commands as cmd
from bot.host.host import Host
from bot.host.runtime.clock import ManualClock
from storage import Storage
from tests import postgres
from tests.host.conftest import PLACE, HostFactory, actor, ok, open_table, room_id

ROOT = Path(__file__).resolve().parents[2]
LEASE = 1.0
STALL = 4 * LEASE
ROOMS, HANDS = 8, 2

pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("cores")]


@pytest.fixture
def database() -> Iterator[str]:
    url = postgres.fresh_database()
    yield url
    postgres.drop_database(url)


async def _actions_in_play(database: str) -> int:
    storage = await Storage.open(database)
    try:
        total = 0
        for game_id in await storage.unfinished_games():
            record = await storage.game_record(game_id)
            total += len(record.actions) if record is not None else 0
        return total
    finally:
        await storage.close()


async def _stall(database: str, seconds: float) -> None:
    """Hold the lease table locked (every save, renewal and takeover waits) for `seconds`."""
    conn = await asyncpg.connect(database)
    try:
        async with conn.transaction():
            await conn.execute("LOCK TABLE room_leases IN ACCESS EXCLUSIVE MODE")
            await asyncio.sleep(seconds)
    finally:
        await conn.close()


async def test_every_room_finishes_after_a_stall_longer_than_a_lease(database: str) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "simulate", "--database", database,
         "--rooms", str(ROOMS), "--hands", str(HANDS), "--ai-delay", "0.05",
         "--lease-seconds", str(LEASE)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while await _actions_in_play(database) < 2 * ROOMS:  # hands under way
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "no hand got going"
            await asyncio.sleep(0.05)
        await _stall(database, STALL)
        try:
            out, err = await asyncio.to_thread(process.communicate, timeout=90)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            pytest.fail("rooms never finished after the stall:\n" + err[-3000:])
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 0, err[-3000:]
    assert "lease lost" in err  # the stall did outlast the lease: saves were refused
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["games_finished"] == ROOMS * HANDS
    assert figures["ledger_balanced"] and figures["ledger_matches_replay"]


# -- in one process, on the test's clock ---------------------------------------------------

HELD = 1000.0  # seconds of the test's clock; the real heartbeat never fires in a test


async def _refused(make_host: HostFactory, database: str, clock: ManualClock) -> Host:
    """A host whose AI-played room saw its save refused: the lease ran out (a stall)."""
    host, _ = await make_host(database=database, lease_seconds=HELD, lease_owner="only",
                              ai_delay=5)
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))
    await ok(host, cmd.Start(actor(0), PLACE))
    clock.advance(HELD + 1)  # the next AI move's save comes after the lease ran out
    await host.quiesce()
    assert room_id() not in host.rooms  # refused, forgotten
    return host


async def _plays_on(host: Host, clock: ManualClock) -> None:
    counter = host.rooms[room_id()].counter
    for _ in range(50):
        clock.advance(5)
        await host.quiesce()
        if host.rooms[room_id()].counter > counter:
            return
    raise AssertionError("the room did not play on")


async def test_a_refused_room_is_taken_over_at_the_next_heartbeat(
        make_host: HostFactory, database: str, clock: ManualClock) -> None:
    host = await _refused(make_host, database, clock)
    assert host.leases is not None
    await host.leases.beat()
    assert room_id() in host.rooms and room_id() in host.leases.held
    await _plays_on(host, clock)
    assert await host.store.room_leases() == {room_id(): "only"}


async def test_a_refused_room_looked_at_comes_back_with_its_ai_seats(
        make_host: HostFactory, database: str, clock: ManualClock) -> None:
    host = await _refused(make_host, database, clock)
    await ok(host, cmd.ShowHand(actor(0), PLACE))  # "My hand": claims and loads the room
    await _plays_on(host, clock)
