"""Killing a writer at random moments never loses a committed save nor unbalances the books."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from storage import Storage

ROOT = Path(__file__).resolve().parents[2]


def _run_and_kill(path: Path | str, prefix: str, settled_before_kill: int) -> set[str]:
    """Start a writer, let it settle some games, SIGKILL it; the games it reported."""
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.writer_process", str(path), prefix],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    reported: set[str] = set()
    assert writer.stdout is not None
    for line in writer.stdout:
        if line.startswith("settled "):
            reported.add(line.split()[1])
            if len(reported) >= settled_before_kill:
                break
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    writer.stdout.close()
    return reported


async def _check(path: Path | str, reported: set[str]) -> None:
    storage = await Storage.open(path)
    try:
        assert await storage.books_balanced()
        finished = {record.game_id: record for record in await storage.finished_games()}
        assert reported <= set(finished)
        players = sorted({p for record in finished.values() for p in record.seats if p})
        balances = await storage.balances(players)
        for player in players:
            won = sum(record.deltas.get(player, 0) for record in finished.values())
            assert balances[player] == 1000 + won
        for record in finished.values():
            assert [seat for seat, _ in record.actions] == [0, 1, 2, 0, 1]
        for player in players:
            assert (await storage.stats(player)).games == len(finished)
    finally:
        await storage.close()


def test_sigkill_at_random_moments_loses_nothing_committed(database: Path | str) -> None:
    path = database
    rng = random.Random(5)
    reported: set[str] = set()
    for round_number in range(4):
        reported |= _run_and_kill(path, f"run{round_number}", rng.randint(1, 40))
        asyncio.run(_check(path, reported))
