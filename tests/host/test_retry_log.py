"""An AI seat whose move keeps failing (its saves refused by the database) is retried with a
growing pause, and the log says so in one line a time: the first failure with its
traceback, the others as a count (a half-second database restart with a hundred rooms once
logged thousands of traceback lines); so does a heartbeat that keeps failing."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest

from bot.host import commands as cmd
from bot.host.runtime.clock import ManualClock
from tests import postgres
from tests.host.conftest import PLACE, HostFactory, actor, ok, open_table, room


async def test_a_failing_ai_move_logs_one_traceback_then_one_line_a_retry(
        make_host: HostFactory, clock: ManualClock, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    host, _ = await make_host(ai_delay=5)
    await open_table(host, "doudizhu3", people=1, ais=2, start=False)
    await ok(host, cmd.Auto(actor(0), PLACE, on=True))  # every seat played by the AI
    await ok(host, cmd.Start(actor(0), PLACE))
    counter = room(host).counter
    with sqlite3.connect(tmp_path / "paiju.sqlite3") as conn:
        conn.execute("CREATE TRIGGER refuse BEFORE UPDATE ON rooms"
                     " BEGIN SELECT RAISE(ABORT, 'the disk is on fire'); END")
    conn.close()
    caplog.set_level(logging.INFO, logger="bot.host.runtime.driver")
    for _ in range(40):  # 1 + 2 + 4 + 8 + 16 s of pauses: five failures at least
        clock.advance(1)
        for _ in range(20):
            await asyncio.sleep(0)
    failed = [r for r in caplog.records if "failed" in r.getMessage()]
    assert len(failed) >= 4, [r.getMessage() for r in caplog.records]
    assert sum(r.exc_info is not None for r in failed) == 1
    assert failed[0].exc_info is not None and "failed again (2 in a row" in failed[1].getMessage()
    assert all("\n" not in r.getMessage() for r in failed)
    assert room(host).counter == counter  # nothing was played past the refused saves
    with sqlite3.connect(tmp_path / "paiju.sqlite3") as conn:
        conn.execute("DROP TRIGGER refuse")
    conn.close()
    for _ in range(40):
        clock.advance(1)
        for _ in range(20):
            await asyncio.sleep(0)
        if room(host).counter > counter:
            break
    assert room(host).counter > counter
    assert any("went through after" in r.getMessage() for r in caplog.records)


@pytest.mark.postgres
async def test_a_failing_heartbeat_logs_one_traceback_then_one_line_a_beat(
        make_host: HostFactory, caplog: pytest.LogCaptureFixture) -> None:
    database = postgres.fresh_database()
    try:
        host, _ = await make_host(database=database, lease_seconds=0.15, lease_owner="one")
        caplog.set_level(logging.INFO, logger="bot.host.leases")
        await host.store.close()  # every beat now fails: storage is closed
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        failed: list[logging.LogRecord] = []
        while len(failed) < 4:
            assert loop.time() < deadline, [r.getMessage() for r in caplog.records]
            await asyncio.sleep(0.05)
            failed = [r for r in caplog.records if "heartbeat failed" in r.getMessage()]
        assert sum(r.exc_info is not None for r in failed) == 1
        assert "again (2 in a row" in failed[1].getMessage()
    finally:
        postgres.drop_database(database)
