"""Leaderboard speed on a real SQLite file with 100,000 players.

Builds the file through the real migrations, bulk-loads players, ledger transactions (so
the cached balances come from the ledger trigger and the books balance) and standings
rows (overall and 50 communities, all-time and this week), then times top-10 and rank_of
for every metric through the async `Storage` port. Prints one JSON line.

    python benchmarks/leaderboard.py [--players 100000] [--path FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from storage import HOUSE, METRICS, Storage  # noqa: E402
from storage.standings import ALL_TIME, COUNTERS, OVERALL, iso_week  # noqa: E402

COMMUNITIES = 50
REPEATS = 20


def _standing(rng: random.Random, scale: float) -> tuple[int, ...]:
    games = int(rng.expovariate(1 / (60 * scale)))
    wins = int(games * rng.betavariate(5, 5))
    landlord_games = int(games * rng.uniform(0.2, 0.45))
    landlord_wins = int(landlord_games * rng.betavariate(5, 5))
    beans, points, cup = (int(rng.gauss(0, 2000 * scale)) for _ in range(3))
    return games, wins, landlord_games, landlord_wins, beans, points, cup


def build(path: Path, players: int, week: str, seed: int = 7) -> None:
    """Bulk-load a migrated database: players, ledger, standings."""
    rng = random.Random(seed)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    # Indexes are cheaper built once after the load than kept up during it.
    indexes = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        " AND tbl_name IN ('standings', 'balances', 'ledger_entries')"
    ).fetchall()
    conn.execute("BEGIN")
    for name, _ in indexes:
        conn.execute(f"DROP INDEX {name}")
    now = time.time()
    conn.executemany(
        "INSERT INTO players (id, platform, user_id, display_name, created_at)"
        " VALUES (?, 'bench', ?, ?, ?)",
        ((i, str(i), f"player{i}", now) for i in range(1, players + 1)),
    )
    conn.execute("INSERT INTO accounts (id, player_id) SELECT id, id FROM players")
    txns, entries = [], []
    for kind, share in (("beans", 1.0), ("points", 0.5), ("cup", 0.1)):
        for player_id in range(1, players + 1):
            if rng.random() >= share:
                continue
            amount = int(rng.gauss(1000, 800)) or 1
            txn_id = len(txns) + 1
            txns.append((txn_id, f"bench:{player_id}", kind, now))
            entries += [(txn_id, HOUSE, kind, -amount), (txn_id, player_id, kind, amount)]
    conn.executemany(
        "INSERT INTO ledger_txns (id, key, kind, on_boards, memo, at) VALUES (?, ?, ?, 0, '', ?)",
        txns,
    )
    conn.executemany(
        "INSERT INTO ledger_entries (txn_id, account_id, kind, amount) VALUES (?, ?, ?, ?)",
        entries,
    )
    rows = []
    for player_id in range(1, players + 1):
        rows.append((OVERALL, ALL_TIME, player_id, *_standing(rng, 1.0)))
        community = rng.randrange(1, COMMUNITIES + 1)
        rows.append((community, ALL_TIME, player_id, *_standing(rng, 0.8)))
        if rng.random() < 0.4:
            rows.append((OVERALL, week, player_id, *_standing(rng, 0.1)))
            rows.append((community, week, player_id, *_standing(rng, 0.08)))
    conn.executemany(
        "INSERT OR IGNORE INTO communities (id, platform, external_id, name)"
        " VALUES (?, 'bench', ?, ?)",
        ((c, str(c), f"group{c}") for c in range(1, COMMUNITIES + 1)),
    )
    marks = ", ".join("?" * (3 + len(COUNTERS)))
    conn.executemany(
        f"INSERT INTO standings (community_id, period, player_id, {', '.join(COUNTERS)})"
        f" VALUES ({marks})",
        rows,
    )
    for _, sql in indexes:
        conn.execute(sql)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()


async def _ms(call: object) -> float:
    started = time.perf_counter()
    await call  # type: ignore[misc]
    return (time.perf_counter() - started) * 1000


async def _board_figures(
    storage: Storage, players: int, community: int | None, period: str, rng: random.Random
) -> dict[str, dict[str, float]]:
    top10, rank, last = {}, {}, {}
    for metric in METRICS:
        scope = {"community_id": community, "period": period}
        top10[metric] = statistics.median(
            [await _ms(storage.leaderboard(metric, **scope)) for _ in range(REPEATS)]
        )
        rank[metric] = statistics.median(
            [await _ms(storage.rank_of(rng.randint(1, players), metric, **scope))
             for _ in range(REPEATS)]
        )
        # The worst case counts every row ahead: the last player on the board.
        board = await storage.leaderboard(metric, limit=players, **scope)
        last[metric] = statistics.median(
            [await _ms(storage.rank_of(board[-1].player_id, metric, **scope)) for _ in range(5)]
        )
    return {"top10_ms": _rounded(top10), "rank_of_ms": _rounded(rank),
            "rank_of_last_ms": _rounded(last)}


async def measure(path: Path, players: int) -> dict[str, object]:
    """Median ms of top-10 and rank_of per metric, overall all-time and community week."""
    rng = random.Random(11)
    storage = await Storage.open(path)
    try:
        return {
            "books_balanced": await storage.books_balanced(),
            "overall_all": await _board_figures(storage, players, None, "all", rng),
            "community_week": await _board_figures(storage, players, 1, "week", rng),
        }
    finally:
        await storage.close()


def _rounded(values: dict[str, float]) -> dict[str, float]:
    return {key: round(value, 3) for key, value in values.items()}


async def main() -> None:
    """Build, measure, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--path", type=Path, default=None)
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory()
    path = args.path or Path(folder.name) / "leaderboard.db"
    started = time.perf_counter()
    storage = await Storage.open(path)  # runs the real migrations
    await storage.close()
    build(path, args.players, iso_week(time.time()))
    build_s = time.perf_counter() - started
    figures = await measure(path, args.players)
    print(json.dumps({"players": args.players, "build_s": round(build_s, 2), **figures}))
    folder.cleanup()


if __name__ == "__main__":
    asyncio.run(main())
