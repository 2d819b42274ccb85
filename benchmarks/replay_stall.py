"""The bot's event loop while the web pages serve replays (PAIJU_WEB_PORT: the pages run
inside the bot): N concurrent replay requests, the longest the loop was late. Prints one
JSON line.

A ticker on the loop sleeps 1 ms at a time and records how late it woke; meanwhile N
clients ask for replays at once: "cold", N games nobody asked for before (each round new
ones: no cache can help); "same", one game N times (a link posted in a busy channel).
The games come from `python -m bot simulate`.

    python benchmarks/replay_stall.py [--requests 50] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from bot.settings import Settings  # noqa: E402
from bot.web.server import start_web  # noqa: E402
from storage import Storage  # noqa: E402

SECRET = "benchmark-secret-0123456789abcdef"


async def ticker(stop: asyncio.Event, late: list[float]) -> None:
    """How late each 1 ms sleep woke (the loop's stalls)."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(0.001)
        late.append((loop.time() - start - 0.001) * 1000)


async def burst(base: str, paths: list[str]) -> float:
    """All requests at once; the wall time until the last answer (ms)."""
    start = time.perf_counter()
    async with aiohttp.ClientSession() as client:

        async def one(path: str) -> None:
            async with client.get(base + path) as response:
                assert response.status == 200, response.status
                await response.read()

        await asyncio.gather(*(one(path) for path in paths))
    return (time.perf_counter() - start) * 1000


async def measure(database: Path, requests: int, rounds: int) -> dict[str, object]:
    settings = Settings(_env_file=None, database=database, web_secret=SECRET,
                        web_url="http://bench")
    store = await Storage.open(database)
    server = await start_web(settings, store, port=0)
    base = f"http://127.0.0.1:{server.port}"
    try:
        conn = store  # the game ids, newest first
        ids = await _game_ids(conn, requests * (rounds + 1))
        from bot.web.links import Links

        links = Links(SECRET)
        figures: dict[str, object] = {"requests": requests, "games": len(ids)}

        def cold(index: int) -> list[str]:
            chosen = ids[index * requests:(index + 1) * requests]
            return [links.replay_path(g) + "&lang=en" for g in chosen]

        for name, batches in (("cold", [cold(i) for i in range(rounds)]),
                              ("same", [[links.replay_path(ids[-1]) + "&lang=en"] * requests]
                               * rounds)):
            stalls, walls = [], []
            for paths in batches:
                stop, late = asyncio.Event(), []
                tick = asyncio.create_task(ticker(stop, late))
                walls.append(await burst(base, paths))
                stop.set()
                await tick
                stalls.append(max(late))
            figures[f"{name}_max_stall_ms"] = round(max(stalls), 1)
            figures[f"{name}_median_stall_ms"] = round(sorted(stalls)[len(stalls) // 2], 1)
            figures[f"{name}_burst_ms"] = round(sorted(walls)[len(walls) // 2], 1)
        return figures
    finally:
        await server.stop()
        await store.close()


async def _game_ids(store: Storage, limit: int) -> list[str]:
    def read(conn):  # noqa: ANN001, ANN202 - the storage's own connection
        return [row[0] for row in conn.execute(
            "SELECT game_id FROM games WHERE finished_at IS NOT NULL LIMIT ?", (limit,))]

    return await store._read(read)  # noqa: SLF001 - a benchmark reads what it made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        subprocess.run([sys.executable, "-m", "bot", "simulate", "--rooms",
                        str(args.requests * (args.rounds + 1)), "--hands", "1",
                        "--database", str(database)],
                       check=True, cwd=ROOT, capture_output=True)
        print(json.dumps(asyncio.run(measure(database, args.requests, args.rounds))))


if __name__ == "__main__":
    main()
