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

from storage import Storage
from tests import postgres

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
