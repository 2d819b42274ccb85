"""Two bot processes on one PostgreSQL database: SIGKILL one mid-hand; the other takes its
rooms over within the lease period and finishes their games, each booked once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bot.host.handlers.replay import replay_matches
from bot.host.room import room_id_for
from bot.host.simulate import _place
from storage import Storage
from tests import postgres

ROOT = Path(__file__).resolve().parents[2]
RUN = "kill-"
LEASE = 2.0

# The suite's workers (pytest-xdist) run the tests of group "cores" one after another on one
# worker: each of them keeps both cores busy or times processes against each other.
pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("cores")]


@pytest.fixture
def database() -> Iterator[str]:
    url = postgres.fresh_database()
    yield url
    postgres.drop_database(url)


def _host_process(database: str, first_room: int, rooms: int, hands: int,
                  linger: float) -> subprocess.Popen[str]:
    """A simulate process: a real host with leases on the database, AI-driven seats."""
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "simulate", "--database", database,
         "--rooms", str(rooms), "--hands", str(hands), "--first-room", str(first_room),
         "--run", RUN, "--ai-delay", "0.05", "--lease-seconds", str(LEASE),
         "--linger", str(linger)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,  # its AI worker process dies with it
    )


async def _games_in_play(database: str, rooms: set[str]) -> dict[str, int]:
    """game id -> actions recorded, for unfinished games of `rooms`."""
    storage = await Storage.open(database)
    try:
        found = {}
        for game_id in await storage.unfinished_games():
            record = await storage.game_record(game_id)
            if record is not None and record.room_id in rooms:
                found[game_id] = len(record.actions)
        return found
    finally:
        await storage.close()


async def test_a_killed_process_s_games_are_finished_by_the_other_and_booked_once(
    database: str,
) -> None:
    victim_rooms = {room_id_for(_place(n, RUN)) for n in range(3)}
    victim = _host_process(database, 0, 3, 2, linger=0)
    survivor = _host_process(database, 3, 3, 4, linger=90)
    try:
        deadline = time.monotonic() + 120
        in_play: dict[str, int] = {}
        while time.monotonic() < deadline:  # wait until the victim is mid-hand
            in_play = await _games_in_play(database, victim_rooms)
            if in_play and max(in_play.values()) >= 5:
                break
            assert victim.poll() is None, victim.stderr.read() if victim.stderr else ""
            await asyncio.sleep(0.05)
        assert in_play, "the victim never got a hand going"
        os.killpg(victim.pid, signal.SIGKILL)
        victim.wait()
        in_play = await _games_in_play(database, victim_rooms)  # as the victim left them
        assert in_play, "the victim finished its hands before it was killed"
        out, err = await asyncio.to_thread(survivor.communicate, timeout=180)
    finally:
        for process in (victim, survivor):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    assert survivor.returncode == 0, err[-3000:]
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["games_finished"] == 3 * 4 and figures["ledger_balanced"]

    storage = await Storage.open(database)
    try:
        assert await storage.unfinished_games() == []
        assert await storage.orphaned_rooms() == []
        assert await storage.books_balanced(), await storage.ledger_problems()
        records = {record.game_id: record for record in await storage.finished_games()}
        # The hands the victim was dealing when it died were finished by the survivor.
        assert set(in_play) <= set(records)
        for game_id in in_play:
            record = records[game_id]
            assert len(record.actions) > in_play[game_id] and replay_matches(record)
        assert all(replay_matches(record) for record in records.values())
        # One settlement per game, however many processes saw it.
        keys = await storage._read(lambda conn: conn.execute(
            "SELECT key, COUNT(*) FROM ledger_txns WHERE key LIKE 'game:%' GROUP BY key"
        ).fetchall())
        assert sorted(key for key, _ in keys) == sorted(f"game:{g}" for g in records)
        assert all(count == 1 for _, count in keys)
    finally:
        await storage.close()


def test_simulate_with_two_processes_on_one_database_keeps_the_books(database: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "simulate", "--database", database, "--processes", "2",
         "--rooms", "5", "--hands", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=240,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["processes"] == 2 and figures["games_finished"] == 10
    assert [share["rooms"] for share in figures["per_process"]] == [3, 2]
    assert figures["ledger_balanced"] is True and figures["ledger_matches_replay"] is True
    assert figures["actions_per_s"] > 0


def test_people_who_think_in_two_processes_on_one_database_keep_the_books(
        database: str) -> None:
    # Quick people and as quick a pause before a pass that plays itself (要不起).
    result = subprocess.run(
        [sys.executable, "-m", "bot", "simulate", "--database", database, "--processes", "2",
         "--rooms", "4", "--think", "0.01", "--duration", "8", "--ai-delay", "0.01"],
        cwd=ROOT, capture_output=True, text=True, timeout=240,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["processes"] == 2
    shares = figures["per_process"]
    assert [share["rooms"] for share in shares] == [2, 2]
    # Both processes played (started together once both had seated their people), and
    # the run's quantiles come from every answer of both.
    assert all(share["presses_per_s"] > 0 for share in shares)
    assert figures["presses_per_s"] == pytest.approx(sum(s["presses_per_s"] for s in shares),
                                                     abs=0.2)
    assert figures["presses"] > 0 and figures["answer_p99_ms"] >= figures["answer_p50_ms"] > 0
    assert figures["refused"] == 0 and figures["games_finished"] >= 2
    assert figures["books_balanced"] is True and figures["ledger_matches_replay"] is True
    assert "lease lost" not in result.stderr, result.stderr[-3000:]
    # The run's rooms are parked, hands in play too: nothing left for a later run to take.
    assert asyncio.run(_leases_left(database)) == (0, 0)


async def _leases_left(database: str) -> tuple[int, int]:
    storage = await Storage.open(database)
    try:
        return len(await storage.room_leases()), len(await storage.orphaned_rooms())
    finally:
        await storage.close()


def _command_lines_naming(secret: str, stop: threading.Event, seen: list[str]) -> None:
    """Until `stop`: every process's command line that holds `secret` (as `ps` shows it)."""
    while not stop.is_set():
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                    if secret in line:
                        seen.append(line)
        time.sleep(0.02)


def test_simulate_with_two_processes_takes_the_server_from_the_environment_not_ps(
        database: str) -> None:
    password = urlsplit(database).password
    assert password
    seen: list[str] = []
    stop = threading.Event()
    watcher = threading.Thread(target=_command_lines_naming, args=(password, stop, seen))
    watcher.start()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "bot", "simulate", "--processes", "2", "--rooms", "2",
             "--hands", "2"],
            cwd=ROOT, capture_output=True, text=True, timeout=240,
            env={**os.environ, "PAIJU_DATABASE": database})
    finally:
        stop.set()
        watcher.join()
    assert result.returncode == 0, result.stderr[-3000:]
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["processes"] == 2 and figures["games_finished"] == 4
    assert seen == []  # no command line held the password, the children's neither
