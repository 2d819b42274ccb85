"""`python -m bot simulate --database postgresql://… --processes N`: N host processes on one
database, each playing its share of the rooms, then the books checked once for all of them.

Each process is a plain `simulate` run (bot.host.simulate) given its own room numbers and the
run's tag; this parent starts them together, reads their JSON lines, and checks on the shared
database that every transaction sums to zero, cached balances equal the ledger, every game of
the run was settled once and replays through its engine to the booked result.

With `--think` (people who think, `run_thinking_processes`) the processes seat their people,
then start playing together (each waits for the parent's word on its standard input); the
answer times and loop lags of all of them give the run's quantiles.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.errors import SetupError
from bot.host.handlers.replay import replay_matches
from bot.host.room import room_id_for
from bot.host.simulate import _place, answer_figures, seats_for, steady_after
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


def child_environment(database: str) -> dict[str, str]:
    """A child's environment: the database URL (its password too) goes there, never on
    the command line, which `ps` shows every local user (bot.host.cli.simulate_database)."""
    return {**os.environ, "PAIJU_DATABASE": database}


async def run_processes(game: str, rooms: int, hands: int, *, seed: int, database: str,
                        processes: int, ai_delay: float | None = None) -> dict[str, Any]:
    """Run `processes` simulations on `database` at once; the figures of all of them
    (`ai_delay`: the AI seats' pause, None: none)."""
    await _check_database(database)
    run = f"r{secrets.token_hex(3)}-"
    delay = [] if ai_delay is None else ["--ai-delay", str(ai_delay)]
    started = time.perf_counter()
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "simulate", "--game", game, "--rooms", str(count),
            "--hands", str(hands), "--seed", str(seed), *delay,
            "--first-room", str(first), "--run", run,
            stdout=asyncio.subprocess.PIPE, env=child_environment(database))
        for first, count in shares(rooms, processes) if count
    ]
    outputs = await asyncio.gather(*(child.communicate() for child in children))
    wall = time.perf_counter() - started
    figures = _figures(children, outputs)
    records, balanced, replayed = await _books(database, run, rooms)
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


async def _check_database(database: str) -> None:
    """Open (and migrate) the database once here: one that cannot be used is said once, in
    one line, not by every child."""
    store = await Storage.open(database)
    await store.close()


def _figures(children: list[asyncio.subprocess.Process],
             outputs: list[tuple[bytes, bytes]]) -> list[dict[str, Any]]:
    """Each child's JSON line of figures; a child that failed is said in one line."""
    for index, (child, (out, _)) in enumerate(zip(children, outputs, strict=True)):
        if child.returncode != 0 or not out.strip():
            raise SetupError("setup.simulate_failed", index=index + 1,
                             count=len(children), code=child.returncode)
    return [json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outputs]


async def _books(database: str, run: str, rooms: int) -> tuple[list[Any], bool, bool]:
    """The run's finished games on the shared database; whether every transaction sums to
    zero with the cached balances equal to the ledger; whether every game replays to its
    booked result."""
    store = await Storage.open(database)
    try:
        ours = {room_id_for(_place(n, run)) for n in range(rooms)}
        records = [r for r in await store.finished_games() if r.room_id in ours]
        balanced = await store.books_balanced() and all(
            sum(r.deltas.values()) == 0 for r in records)
        return records, balanced, all(replay_matches(r) for r in records)
    finally:
        await store.close()


SEATED = b"seated\n"  # a child's word that its people sit; the parent answers GO to each
GO = b"go\n"


async def run_thinking_processes(game: str, rooms: int, think: float, duration: float, *,
                                 seats: int | None, seed: int, database: str,
                                 processes: int,
                                 ai_delay: float | None = None) -> dict[str, Any]:
    """`simulate --think` in `processes` host processes on `database` at once, started
    together once every one has seated its people; the figures of all of them (`ai_delay`:
    the pause before a pass that plays itself, None: the bot's own)."""
    await _check_database(database)
    run = f"t{secrets.token_hex(3)}-"
    seats = seats or seats_for(game)
    delay = [] if ai_delay is None else ["--ai-delay", str(ai_delay)]
    with tempfile.TemporaryDirectory() as folder:
        files = [Path(folder, f"samples-{index}.json") for index in range(processes)]
        children = [
            await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "simulate", "--game", game, "--rooms", str(count),
                "--think", str(think), "--duration", str(duration), "--seats", str(seats),
                "--seed", str(seed), "--first-room", str(first),
                "--run", run, "--barrier", "--samples", str(path), *delay,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                env=child_environment(database))
            for (first, count), path in zip(shares(rooms, processes), files, strict=True)
            if count
        ]
        try:
            for child in children:  # every process seated before any starts to play
                assert child.stdout is not None
                line = await child.stdout.readline()
                if line != SEATED:
                    raise RuntimeError(f"a simulate process did not seat its people: {line!r}")
            for child in children:
                assert child.stdin is not None
                child.stdin.write(GO)
                await child.stdin.drain()
            outputs = await asyncio.gather(*(child.communicate() for child in children))
        finally:
            for child in children:
                if child.returncode is None:
                    child.kill()
                    await child.wait()
        figures = _figures(children, outputs)
        samples = [json.loads(path.read_text()) for path in files if path.exists()]
    answers = [a for s in samples for a in s["answers"]]
    lags = [lag for s in samples for lag in s["lags"]]
    at = [start for s in samples for start in s["at"]]
    records, balanced, replayed = await _books(database, run, rooms)
    balanced = balanced and all(f["books_balanced"] for f in figures)
    return {
        "game": game, "rooms": rooms, "seats": seats, "think": think, "duration": duration,
        "processes": len(children),
        "games_finished": len(records),
        "presses": len(answers), "refused": sum(f["refused"] for f in figures),
        "presses_per_s": round(sum(f["presses_per_s"] for f in figures), 1),
        "actions_per_s": round(sum(f["actions_per_s"] for f in figures), 1),
        **answer_figures(answers, lags, at=at, steady=steady_after(think, duration)),
        "p50_ms": max(f["p50_ms"] for f in figures),
        "p99_ms": max(f["p99_ms"] for f in figures),
        "peak_rss_mb": max(f["peak_rss_mb"] for f in figures),
        "books_balanced": balanced,
        "ledger_balanced": balanced,
        "ledger_matches_replay": replayed,
        "per_process": [{k: f[k] for k in ("rooms", "presses_per_s", "answer_p99_ms",
                                           "loop_lag_p99_ms")} for f in figures],
    }
