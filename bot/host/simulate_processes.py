"""`python -m bot simulate --database postgresql://… --processes N`: N host processes on one
database, each playing its share of the rooms, then the books checked once for all of them.

Each process is a plain `simulate` run (bot.host.simulate) given its own room numbers and the
run's tag; this parent starts them together, reads their JSON lines, and checks on the shared
database that every transaction sums to zero, cached balances equal the ledger, every game of
the run was settled once and replays through its engine to the booked result.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
import time
from typing import Any

from bot.host.handlers.replay import replay_matches
from bot.host.room import room_id_for
from bot.host.simulate import _place
from storage import Storage  # the parent reads the books; the children play


def shares(rooms: int, processes: int) -> list[tuple[int, int]]:
    """(first room, rooms) of each process: the rooms split as evenly as they go."""
    base, extra = divmod(rooms, processes)
    found, first = [], 0
    for index in range(processes):
        count = base + (1 if index < extra else 0)
        found.append((first, count))
        first += count
    return found


async def run_processes(game: str, rooms: int, hands: int, *, seed: int, database: str,
                        processes: int) -> dict[str, Any]:
    """Run `processes` simulations on `database` at once; the figures of all of them."""
    run = f"r{secrets.token_hex(3)}-"
    started = time.perf_counter()
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "simulate", "--game", game, "--rooms", str(count),
            "--hands", str(hands), "--seed", str(seed), "--database", database,
            "--first-room", str(first), "--run", run,
            stdout=asyncio.subprocess.PIPE)
        for first, count in shares(rooms, processes) if count
    ]
    outputs = await asyncio.gather(*(child.communicate() for child in children))
    wall = time.perf_counter() - started
    figures = [json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outputs]
    store = await Storage.open(database)
    try:
        ours = {room_id_for(_place(n, run)) for n in range(rooms)}
        records = [r for r in await store.finished_games() if r.room_id in ours]
        balanced = await store.books_balanced() and all(
            sum(r.deltas.values()) == 0 for r in records)
        replayed = all(replay_matches(r) for r in records)
    finally:
        await store.close()
    actions = sum(f["actions"] for f in figures)
    seconds = max(f["seconds"] for f in figures)  # each from its own first command
    return {
        "game": game, "rooms": rooms, "hands": hands, "processes": len(children),
        "games_finished": len(records),
        "actions": actions,
        "seconds": seconds,
        "wall_seconds": round(wall, 2),
        "actions_per_s": round(actions / seconds, 1) if seconds else 0.0,
        "p50_ms": max(f["p50_ms"] for f in figures),
        "p99_ms": max(f["p99_ms"] for f in figures),
        "ledger_balanced": balanced and all(f["ledger_balanced"] for f in figures),
        "ledger_matches_replay": replayed and len(records) == rooms * hands,
        "per_process": [{k: f[k] for k in ("rooms", "actions", "seconds", "actions_per_s")}
                        for f in figures],
    }
