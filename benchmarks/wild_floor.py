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

import json
import sys
from itertools import repeat
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wild_moves import Deal, _best, deal_sets  # noqa: E402

from bot.games.doudizhu.moves import Move, legal_moves  # noqa: E402


def _key(move: Move) -> tuple[object, ...]:
    return (move.type, move.rank, move.length, move.cards, move.kickers, move.power)


def _fresh(deals: list[Deal], seen: set[tuple[object, ...]]
           ) -> tuple[int, list[list[list[int]]]]:
    """The readings the hands list (leads and answers), and for each hand the cards of those
    that neither it nor any hand before (in `seen`) listed."""
    listed, per_hand = 0, []
    for hand, _, table, wild in deals:
        moves = legal_moves(hand, None, None, wild) + legal_moves(hand, table, None, wild)
        listed += len(moves)
        fresh = []
        for move in moves:
            key = _key(move)
            if key not in seen:
                seen.add(key)
                fresh.append(list(move.cards))
        per_hand.append(fresh)
    return listed, per_hand


def main() -> None:
    args, warm, sets = deal_sets(300, "tiandi_laizi")
    n = args.deals
    seen: set[tuple[object, ...]] = set()
    _fresh(warm, seen)
    counted = [_fresh(deals, seen) for deals in sets]
    fresh_sets = [per_hand for _, per_hand in counted]

    new = object.__new__

    def floor(per_hand: list[list[list[int]]]) -> None:
        for fresh in per_hand:
            cards = list(map(tuple, fresh))
            objects = list(map(new, repeat(Move, len(fresh))))
            del cards, objects

    def classic(deals: list[Deal]) -> None:
        for hand, table, _, _ in deals:
            legal_moves(hand)
            legal_moves(hand, table)

    classic(warm)

    classic_us = _best(classic, sets) / n * 1e6
    floor_us = _best(floor, fresh_sets) / n * 1e6  # type: ignore[arg-type]
    hands = n * args.repeat
    fresh_total = sum(len(fresh) for per_hand in fresh_sets for fresh in per_hand)
    print(json.dumps({"mode": args.mode, "deals": n,
                      "readings_per_hand": round(sum(c for c, _ in counted) / hands, 1),
                      "fresh_per_hand": round(fresh_total / hands, 1),
                      "classic_us": round(classic_us, 1), "floor_us": round(floor_us, 1),
                      "floor_ratio": round(floor_us / classic_us, 2)}))


if __name__ == "__main__":
    main()
