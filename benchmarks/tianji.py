"""田忌赛马 solver benchmark: its mean result per table against weaker arrangers, and its speed.

Each seeded table deals 4 hands; seat 0 arranges with `best_arrangement`, the other seats
with a baseline — naive (highest card to A, next two to B, the rest to C), random, or the
solver's own opponent model (the static heuristic) — and the table is settled (§3.5). The
edge is seat 0's mean result in stake units (zero-sum, so the baselines share its negative).
Prints one JSON line.

    python benchmarks/tianji.py [--tables 10000] [--players 4]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.cards import Card, deck52, shuffled  # noqa: E402
from bot.games.tianji.ai import best_arrangement, sensible_arrangement  # noqa: E402
from bot.games.tianji.arrangement import Arrangement, all_arrangements, high_first  # noqa: E402
from bot.games.tianji.ranking import tables  # noqa: E402
from bot.games.tianji.settlement import settle  # noqa: E402

Arranger = Callable[[list[Card], random.Random], Arrangement]


def naive(hand: list[Card], rng: random.Random) -> Arrangement:
    """Highest card to A, the next two to B, the rest to C."""
    cards = high_first(hand)
    return Arrangement.of(cards[:1], cards[1:3], cards[3:])


def uniform(hand: list[Card], rng: random.Random) -> Arrangement:
    """One of the 60 arrangements at random."""
    return rng.choice(all_arrangements(hand))


def heuristic(hand: list[Card], rng: random.Random) -> Arrangement:
    """The solver's model of a sensible opponent."""
    return sensible_arrangement(hand)


def main() -> None:
    """Run the benchmark and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()

    started = time.perf_counter()
    tables()  # build the rank tables before timing decisions
    setup_ms = (time.perf_counter() - started) * 1000
    baselines: dict[str, Arranger] = {"naive": naive, "random": uniform,
                                      "heuristic": heuristic}
    results: dict[str, list[int]] = {name: [] for name in baselines}
    decision_s: list[float] = []
    for table in range(args.tables):
        deck = shuffled(deck52(), random.Random(table))
        hands = [deck[6 * p:6 * p + 6] for p in range(args.players)]
        before = time.perf_counter()
        solved = best_arrangement(hands[0], args.players, random.Random(f"solver:{table}"))
        decision_s.append(time.perf_counter() - before)
        for name, arrange in baselines.items():
            rng = random.Random(f"{name}:{table}")
            others = [arrange(hand, rng) for hand in hands[1:]]
            results[name].append(settle([solved, *others]).totals[0])

    decision_s.sort()
    print(json.dumps({
        "benchmark": "tianji",
        "tables": args.tables,
        "players": args.players,
        **{f"edge_vs_{name}": round(statistics.fmean(r), 3) for name, r in results.items()},
        **{f"edge_vs_{name}_stderr": round(statistics.stdev(r) / len(r) ** 0.5, 3)
           for name, r in results.items()},
        "decision_ms_mean": round(statistics.fmean(decision_s) * 1000, 3),
        "decision_ms_p99": round(decision_s[int(0.99 * (len(decision_s) - 1))] * 1000, 3),
        "table_build_ms": round(setup_ms, 1),
    }))


if __name__ == "__main__":
    main()
