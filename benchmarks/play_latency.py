"""The play page: time from a tap to the table update, for the one who tapped and the others.

Starts a bot process (the host with its web pages inside, as `python -m bot` runs them with
PAIJU_WEB_PORT; a silent outlet stands in for the chat) on a fresh SQLite database with one
斗地主 room of three people, then plays hands from this process through the page's own
calls only: each seat's event stream open (`/play/<room>/events`, as each person's page
has), and every move a tap (`POST /play/<room>/act` with the code and the counter, as the
page sends). For each move it times:
- `tapper`: from sending the tap to the tapper's page having the new table (the reply);
- `others`: from sending the tap to the next person's stream delivering that table.
Prints one JSON line (milliseconds; p50, p99, max over `--moves` moves).

    python benchmarks/play_latency.py --moves 300
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

SECRET = "benchmark-secret-0123456789abcdef"


# -- the bot process ---------------------------------------------------------------------

class Silent:
    """An outlet that takes every view (the chat side is not measured here)."""

    platform = "bench"

    async def show_table(self, view: Any) -> None:
        return None

    async def show_private(self, view: Any) -> Any:
        from bot.host.views import Delivery

        return Delivery.SENT

    async def announce(self, note: Any) -> None:
        return None


async def serve(database: Path) -> None:
    """The bot: host + web pages; prints the room and each person's Play key, then runs."""
    from bot.host import commands as cmd
    from bot.host.bootstrap import close_host, open_host
    from bot.host.views import Place
    from bot.settings import Settings
    from bot.web.server import start_web

    settings = Settings(_env_file=None, database=database, ai_delay=0, ai_processes=0,
                        turn_timers=False, web_secret=SECRET, web_url="http://bench",
                        web_port=1)
    host = await open_host(settings)
    host.attach(Silent())
    await host.start()
    place = Place("bench", "channel", "", "guild", "Guild")
    people = [cmd.Actor("bench", f"u{n}", f"P{n}", "en") for n in range(3)]
    for command in (cmd.NewRoom(people[0], place, game="doudizhu3"),
                    cmd.Join(people[1], place), cmd.Join(people[2], place),
                    cmd.Start(people[0], place)):
        reply = await host.handle(command)
        assert reply.ok, reply.text
    (room_id,) = host.rooms
    server = await start_web(settings, host.store, port=0, host=host)
    assert host.links is not None
    keys = [host.links.play_path(room_id, "bench", f"u{n}").partition("?")[2]
            for n in range(3)]
    print(json.dumps({"port": server.port, "room": room_id, "keys": keys}), flush=True)
    try:
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until EOF
    finally:
        await server.stop()
        await close_host(host)


# -- the pages ---------------------------------------------------------------------------

class Page:
    """One person's page: its event stream and its taps."""

    def __init__(self, session: aiohttp.ClientSession, base: str, key: str) -> None:
        self.session, self.base, self.key = session, base, key
        self.state: dict[str, Any] | None = None
        self.seen = asyncio.Event()
        self.arrived: dict[int, float] = {}  # counter -> when the stream brought it

    async def listen(self) -> None:
        async with self.session.get(f"{self.base}/events?{self.key}") as response:
            async for line in response.content:
                if not line.startswith(b"data: "):
                    continue
                data = json.loads(line[6:])
                state = data.get("state")
                if state is not None:
                    self.arrived.setdefault(state["counter"], time.perf_counter())
                    self.state = state
                    self.seen.set()

    async def tap(self, code: str, counter: int) -> dict[str, Any]:
        async with self.session.post(f"{self.base}/act?{self.key}",
                                     json={"code": code, "counter": counter}) as response:
            return await response.json()  # type: ignore[no-any-return]


async def move_of(page: Page, state: dict[str, Any]) -> str:
    """The move to tap: a bid or other choice, else the hint's play (asked untimed)."""
    prompt = state["me"]["prompt"]
    if prompt["build"] != "ranks":
        return str(prompt["choices"][0]["action"])
    reply = await page.tap("!hint", state["counter"])
    return str(reply.get("action") or "pass")


async def wait_for(predicate: Any, timeout: float = 10.0) -> None:
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError("the table did not move")
        await asyncio.sleep(0.0005)


async def drive(port: int, room: str, keys: list[str], moves: int,
                budget: float) -> dict[str, Any]:
    tapper: list[float] = []
    others: list[float] = []
    hands = 0
    base = f"http://127.0.0.1:{port}/play/{room}"
    async with aiohttp.ClientSession() as session:
        pages = [Page(session, base, key) for key in keys]
        streams = [asyncio.create_task(page.listen()) for page in pages]
        await asyncio.gather(*(page.seen.wait() for page in pages))
        started = time.perf_counter()
        while len(tapper) < moves and time.perf_counter() - started < budget:
            state = pages[0].state
            assert state is not None
            if state["phase"] == "over":
                hands += 1
                counter = state["counter"]
                reply = await pages[0].tap("!again", counter)
                assert reply["ok"], reply
                await wait_for(lambda c=counter: all(p.state and p.state["counter"] > c
                                                     and p.state["phase"] == "playing"
                                                     for p in pages))
                continue
            acting = [p for p in pages if p.state and p.state["me"]["prompt"]
                      and p.state["counter"] == state["counter"]]
            if not acting:
                await asyncio.sleep(0.001)
                continue
            page = acting[0]
            mine = page.state
            assert mine is not None
            code = await move_of(page, mine)
            counter = mine["counter"]
            watcher = next(p for p in pages if p is not page)
            sent = time.perf_counter()
            reply = await page.tap(code, counter)
            got = time.perf_counter()
            if not reply["ok"] or reply["state"]["counter"] <= counter:
                await asyncio.sleep(0.01)  # refused (a pass that played itself): read again
                continue
            tapper.append((got - sent) * 1000)
            await wait_for(lambda c=counter, w=watcher: any(k > c for k in w.arrived))
            first = min(t for k, t in watcher.arrived.items() if k > counter)
            others.append((first - sent) * 1000)
            await wait_for(lambda c=reply["state"]["counter"]: all(
                p.state and p.state["counter"] >= c for p in pages))
        for task in streams:
            task.cancel()
    return {"moves": len(tapper), "hands_finished": hands,
            "tapper_ms": summary(tapper), "others_ms": summary(others)}


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"p50": round(statistics.median(ordered), 2), "p99": pick(0.99),
            "max": round(ordered[-1], 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--budget", type=float, default=90.0, help="seconds at most")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(serve(args.serve))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        bot = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(Path(folder) / "bench.sqlite3")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
        try:
            assert bot.stdout is not None
            ready = json.loads(bot.stdout.readline())
            result = asyncio.run(drive(ready["port"], ready["room"], ready["keys"],
                                       args.moves, args.budget))
        finally:
            if bot.stdin is not None:
                bot.stdin.close()
            bot.wait(10)
    result.update({"benchmark": "play_latency", "cpus": os.cpu_count()})
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
