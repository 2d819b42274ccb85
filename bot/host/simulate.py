"""`python -m bot simulate`: N rooms of AI-played seats through the real host and SQLite.

Every seat is a simulated person in 托管 (so every bean moves between real ledger accounts,
under the bean floor), the AI delay is zero, and the host measures each action from the
moment it reaches the room to its committed storage write. At the end the books are checked
(every transaction sums to zero, cached balances equal the ledger) and every stored game is
replayed through its engine to the same result.
"""

from __future__ import annotations

import asyncio
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.host import commands as cmd
from bot.host import games
from bot.host.bootstrap import close_host, open_host
from bot.host.replay import replay_matches
from bot.host.room import room_id_for
from bot.host.views import Announcement, Delivery, Phase, Place, PrivateView, TableView
from bot.settings import Settings

PLATFORM = "sim"
TIANJI_TABLE = 4


class SimOutlet:
    """Receives every view; tells the driver of a room when its hand is over."""

    platform = PLATFORM

    def __init__(self) -> None:
        self.over: dict[str, asyncio.Event] = {}
        self.views = 0

    async def show_table(self, view: TableView) -> None:
        """Count; flag a finished hand."""
        self.views += 1
        if view.phase is Phase.OVER:
            self.over.setdefault(view.room_id, asyncio.Event()).set()

    async def show_private(self, view: PrivateView) -> Delivery:
        """Count."""
        self.views += 1
        return Delivery.SENT

    async def announce(self, note: Announcement) -> None:
        """Count."""
        self.views += 1


def seats_for(game: str) -> int:
    """Seats of a simulated table."""
    spec = games.spec(game)
    return spec.min_players if spec.min_players == spec.max_players else TIANJI_TABLE


async def run_simulation(game: str, rooms: int, hands: int, *, seed: int = 1,
                         database: str | None = None) -> dict[str, Any]:
    """Play `rooms` × `hands` and return the figures."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(database) if database else Path(folder) / "simulate.sqlite3"
        settings = Settings(_env_file=None, database=path, ai_delay=0, warn_before=0)
        host = await open_host(settings, rng=random.Random(seed))
        outlet = SimOutlet()
        host.attach(outlet)
        await host.start()
        host.latencies = []
        started = time.perf_counter()
        try:
            await asyncio.gather(*(_room(host, outlet, game, n, hands) for n in range(rooms)))
            elapsed = time.perf_counter() - started
            records = await host.store.finished_games()
            balanced = await host.store.books_balanced() and all(
                sum(r.deltas.values()) == 0 for r in records)
            replayed = all(replay_matches(r) for r in records)
        finally:
            await close_host(host)
    latencies = sorted(host.latencies or [0.0])
    return {
        "game": game, "rooms": rooms, "hands": hands,
        "games_finished": len(records),
        "actions": len(latencies),
        "seconds": round(elapsed, 2),
        "actions_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "ledger_balanced": balanced,
        "ledger_matches_replay": replayed and len(records) == rooms * hands,
        "ai_workers": settings.ai_workers,
    }


async def _room(host: Any, outlet: SimOutlet, game: str, number: int, hands: int) -> None:
    people = [cmd.Actor(PLATFORM, f"{number}-{seat}", f"sim{number}-{seat}")
              for seat in range(seats_for(game))]
    place = Place(PLATFORM, f"channel-{number}", "", f"community-{number % 20}")
    room_id = room_id_for(place)
    await _ok(host, cmd.NewRoom(people[0], place, game=game))
    for person in people[1:]:
        await _ok(host, cmd.Join(person, place))
    for person in people:
        await _ok(host, cmd.Auto(person, place, on=True))
    over = outlet.over.setdefault(room_id, asyncio.Event())
    for hand in range(hands):
        over.clear()
        await _ok(host, (cmd.Start if hand == 0 else cmd.Rematch)(people[0], place))
        await over.wait()


async def _ok(host: Any, command: cmd.Command) -> None:
    reply = await host.handle(command)
    if not reply.ok:
        raise RuntimeError(f"{type(command).__name__} refused: {reply.key} {reply.text}")
