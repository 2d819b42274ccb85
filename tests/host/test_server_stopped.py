"""Two bot processes on a real PostgreSQL server that stops (SIGSTOP of its postmaster and
every backend) for longer than a lease, then goes on (SIGCONT): every room deals all its
hands, wherever it ends up living. The server is one of the test's own (`.ci/postgres`),
so stopping it stalls no other test."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import Storage
from tests import postgres

ROOT = Path(__file__).resolve().parents[2]
LEASE = 1.0
STOPPED = 4 * LEASE
ROOMS, HANDS = 6, 6

pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("cores")]


@pytest.fixture
def own_server() -> Iterator[tuple[str, Path]]:
    """A PostgreSQL server for this test alone: its URL and its data folder."""
    postgres.server_url()  # skipped (failed in CI) where the suite has no server
    folder = Path(tempfile.mkdtemp(prefix="paiju-stopped-"))  # the server's user reads it
    script = ROOT / ".ci" / "postgres"
    url = subprocess.run([str(script), "start", str(folder)], check=True, text=True,
                         capture_output=True, timeout=120).stdout.strip()
    try:
        yield url, folder / "data"
    finally:
        subprocess.run([str(script), "stop", str(folder)], timeout=60)
        subprocess.run(["rm", "-rf", str(folder)])


def _server_processes(data: Path) -> list[int]:
    """The postmaster and every process it started (backends, writers)."""
    master = int((data / "postmaster.pid").read_text().split()[0])
    found = [master]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                found.append(int(entry.name))
    return found


def _signal(pids: list[int], signum: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):  # a backend that just ended
            os.kill(pid, signum)


async def _hands_finished(url: str) -> int:
    try:
        storage = await Storage.open(url)
    except Exception:  # not created yet
        return 0
    try:
        return len(await storage.finished_games())
    finally:
        await storage.close()


async def test_two_processes_deal_every_hand_after_the_server_stopped_past_a_lease(
        own_server: tuple[str, Path]) -> None:
    url, data = own_server
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "simulate", "--database", url, "--processes", "2",
         "--rooms", str(ROOMS), "--hands", str(HANDS), "--ai-delay", "0.05"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PAIJU_LEASE_SECONDS": str(LEASE)}, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while await _hands_finished(url) < ROOMS:  # every room past its first hand or so
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "no hand finished"
            await asyncio.sleep(0.1)
        stopped = _server_processes(data)
        _signal(stopped, signal.SIGSTOP)
        try:
            await asyncio.sleep(STOPPED)
        finally:
            _signal(stopped, signal.SIGCONT)
        try:
            out, err = await asyncio.to_thread(process.communicate, timeout=150)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            pytest.fail(f"rooms never finished after the server went on: "
                        f"{await _hands_finished(url)} of {ROOMS * HANDS} hands\n{err[-3000:]}")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 0, err[-3000:]
    assert "lease lost" in err  # the stop did outlast the lease: saves were refused
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["games_finished"] == ROOMS * HANDS
    assert figures["ledger_balanced"] and figures["ledger_matches_replay"]
