"""Live tables under load: N spectators of one room, some of them never reading.

Starts `python -m bot web` as its own process on a fresh database holding one dealt room,
opens `--spectators` event streams to that room's live table (`--slow` of them raw sockets
with a tiny receive buffer that are never read), then saves `--changes` new versions of the
room from this process (as the bot would) and times how long each takes to reach every
reading spectator. Prints one JSON line: the web process's memory (RSS) before and with the
connections open and after the changes, and the fan-out times.

    python benchmarks/live.py --spectators 1000 --slow 100 --changes 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from bot.host import commands as cmd
from bot.host.bootstrap import close_host, open_host
from bot.host.views import Place
from bot.settings import Settings
from bot.web.links import Links
from storage import Storage

SECRET = "benchmark-secret-0123456789abcdef"
COUNTER = re.compile(rb'"counter":(-?\d+)')


async def dealt_room(database: Path) -> str:
    """One 斗地主 room, dealt and waiting for its person (saved in `database`)."""
    settings = Settings(_env_file=None, database=database, ai_delay=0, ai_processes=0)
    host = await open_host(settings)
    place = Place("bench", "channel", "", "guild", "Guild")
    person = cmd.Actor("bench", "u1", "Spectated", "en")
    try:
        for command in (cmd.NewRoom(person, place, game="doudizhu3"),
                        cmd.AddAI(person, place), cmd.AddAI(person, place),
                        cmd.Start(person, place)):
            reply = await host.handle(command)
            assert reply.ok, reply.text
        await host.quiesce()
        (room_id,) = host.rooms
        return room_id
    finally:
        await close_host(host)


def rss_mb(pid: int) -> float:
    """Resident memory of a process, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


async def wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    for _ in range(200):
        if process.poll() is not None:
            raise RuntimeError("the web process ended")
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError("the web process did not listen")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def run(spectators: int, slow: int, changes: int) -> dict[str, object]:
    """The figures of one run."""
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "live.sqlite3"
        room_id = await dealt_room(database)
        port = free_port()
        env = {**os.environ, "PAIJU_DATABASE": str(database), "PAIJU_WEB_SECRET": SECRET,
               "PAIJU_LOG_LEVEL": "WARNING"}
        process = subprocess.Popen([sys.executable, "-m", "bot", "web", "--port", str(port)],
                                   env=env, stdout=subprocess.DEVNULL)
        try:
            await wait_for_port(port, process)
            return await measure(process, port, database, room_id, spectators, slow, changes)
        finally:
            process.terminate()
            process.wait(timeout=30)


async def measure(process: subprocess.Popen[bytes], port: int, database: Path, room_id: str,
                  spectators: int, slow: int, changes: int) -> dict[str, object]:
    path = Links(SECRET).live_path(room_id).replace("?k=", "/events?k=")
    url = f"http://127.0.0.1:{port}{path}"
    await asyncio.sleep(0.5)
    idle = rss_mb(process.pid)
    stalled = []
    for _ in range(slow):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.connect(("127.0.0.1", port))
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
        stalled.append(sock)
    arrivals: list[dict[int, float]] = [{} for _ in range(spectators - slow)]
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector,
                                     timeout=aiohttp.ClientTimeout(total=None)) as client:

        async def spectate(seen: dict[int, float]) -> None:
            async with client.get(url) as response:
                async for line in response.content:
                    found = COUNTER.search(line)
                    if found:
                        seen[int(found.group(1))] = time.perf_counter()

        readers = [asyncio.create_task(spectate(seen)) for seen in arrivals]
        for _ in range(400):
            if all(seen for seen in arrivals):
                break
            await asyncio.sleep(0.05)
        connected = sum(1 for seen in arrivals if seen)
        await asyncio.sleep(0.5)
        opened = rss_mb(process.pid)
        store = await Storage.open(database)
        fanout: list[float] = []
        missed = 0
        try:
            snapshot = await store.room_snapshot(room_id)
            assert snapshot is not None
            for _ in range(changes):
                snapshot["counter"] += 1
                await store.save_room(room_id, snapshot)
                saved = time.perf_counter()
                target = snapshot["counter"]
                deadline = saved + 10
                while time.perf_counter() < deadline and not all(
                        target in seen for seen in arrivals):
                    await asyncio.sleep(0.005)
                times = [seen[target] - saved for seen in arrivals if target in seen]
                missed += len(arrivals) - len(times)
                if times:
                    fanout.append(max(times))
                await asyncio.sleep(0.1)
        finally:
            await store.close()
        after = rss_mb(process.pid)
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
    for sock in stalled:
        sock.close()
    fanout.sort()
    return {
        "spectators": spectators, "slow": slow, "connected": connected + slow,
        "changes": changes, "missed_deliveries": missed,
        "fanout_ms_p50": round(statistics.median(fanout) * 1000, 1) if fanout else None,
        "fanout_ms_max": round(fanout[-1] * 1000, 1) if fanout else None,
        "web_rss_mb_idle": idle, "web_rss_mb_open": opened, "web_rss_mb_after": after,
        "kb_per_spectator": round((after - idle) * 1024 / max(1, spectators), 1),
        "poll_interval_s": 0.25,
    }


def main() -> None:
    """Parse the arguments, run, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--slow", type=int, default=100)
    parser.add_argument("--changes", type=int, default=20)
    args = parser.parse_args()
    figures = asyncio.run(run(args.spectators, min(args.slow, args.spectators), args.changes))
    print(json.dumps(figures, separators=(",", ":")))


if __name__ == "__main__":
    main()
