"""Benchmark: the least a wild-card generator that hands out one `Move` per reading must spend.

Run: `python benchmarks/wild_floor.py [--deals 300] [--repeat 3] [--mode laizi|tiandi_laizi]`.
Prints one JSON line. On the deals of `benchmarks/wild_moves.py` (same seeds, same warm-up),
it counts the readings each hand lists (leads and answers) and how many of them no earlier
hand listed (`fresh`: a new `Move` object must be made for each, whatever the generator; the
count is taken against every earlier hand, more generous than the engine's bounded table).
Then it times, per hand, only making and freeing what those fresh readings need at the least:
a tuple of the cards (from a list, in C: `map(tuple, ...)`) and a bare object of the `Move`
class (`map(object.__new__, ...)`), nothing else: no key, no lookup, no hash, no slot set, no
result list. `floor_ratio` is that time over the classic generator's for the same hands
(leads and answers, timed as `wild_moves.py` does): the wild generator's `ratio_total` can
never go below it while each reading is its own Python object.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from itertools import repeat
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wild_moves import _deals  # noqa: E402

from bot.games.doudizhu.moves import Move, legal_moves  # noqa: E402


def _key(move: Move) -> tuple[object, ...]:
    return (move.type, move.rank, move.length, move.cards, move.kickers, move.power)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--mode", choices=("laizi", "tiandi_laizi"), default="tiandi_laizi")
    args = parser.parse_args()
    two = args.mode == "tiandi_laizi"
    warm = _deals(args.deals, args.seed + 1000, two)
    sets = [_deals(args.deals, args.seed + r, two) for r in range(args.repeat)]
    n = args.deals
    seen: set[tuple[object, ...]] = set()
    listed = fresh_total = 0
    fresh_sets: list[list[list[list[int]]]] = []
    for deals in [warm, *sets]:
        per_hand = []
        for hand, _, table, wild in deals:
            fresh = []
            for move in [*legal_moves(hand, None, None, wild), *legal_moves(hand, table, None,
                                                                             wild)]:
                key = _key(move)
                if deals is not warm:
                    listed += 1
                if key not in seen:
                    seen.add(key)
                    fresh.append(list(move.cards))
            per_hand.append(fresh)
            if deals is not warm:
                fresh_total += len(fresh)
        if deals is not warm:
            fresh_sets.append(per_hand)

    new = object.__new__

    def floor(per_hand: list[list[list[int]]]) -> None:
        for fresh in per_hand:
            cards = list(map(tuple, fresh))
            objects = list(map(new, repeat(Move, len(fresh))))
            del cards, objects

    def classic(deals: list) -> None:
        for hand, table, _, _ in deals:
            legal_moves(hand)
            legal_moves(hand, table)

    classic(warm)

    def best(fn: object, items: list) -> float:
        out = float("inf")
        for item in items:
            gc.disable()
            start = time.perf_counter()
            fn(item)  # type: ignore[operator]
            out = min(out, time.perf_counter() - start)
            gc.enable()
        return out / n * 1e6

    classic_us, floor_us = best(classic, sets), best(floor, fresh_sets)
    hands = n * args.repeat
    print(json.dumps({"mode": args.mode, "deals": n,
                      "readings_per_hand": round(listed / hands, 1),
                      "fresh_per_hand": round(fresh_total / hands, 1),
                      "classic_us": round(classic_us, 1), "floor_us": round(floor_us, 1),
                      "floor_ratio": round(floor_us / classic_us, 2)}))


if __name__ == "__main__":
    main()
