"""Sanity check of the AI in the 癞子 modes (`wild_ai`): one seat plays random legal actions
(bids included), the other two the AI; the random seat rotates with the seed.

Run: `python benchmarks/arena_wild.py [--variant laizi|tiandi_laizi] [--hands 150]`. Prints
one JSON line: the random seat's and the AI seats' mean score per hand (stake 1).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.doudizhu.spec import DOUDIZHU3  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", choices=("laizi", "tiandi_laizi"), default="laizi")
    parser.add_argument("--hands", type=int, default=150)
    args = parser.parse_args()
    random_total = ai_total = 0
    for seed in range(args.hands):
        rng = random.Random(seed)
        state = DOUDIZHU3.new_game(3, {"variant": args.variant}, seed)
        random_seat = seed % 3
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            action = (rng.choice(state.legal_actions(seat)) if seat == random_seat
                      else DOUDIZHU3.ai_action(state, seat, rng))
            state, _ = state.apply(seat, action)
        scores = state.scores()
        random_total += scores[random_seat]
        ai_total += sum(scores) - scores[random_seat]
    print(json.dumps({"variant": args.variant, "hands": args.hands,
                      "random_seat_mean": round(random_total / args.hands, 2),
                      "ai_seats_mean": round(ai_total / (2 * args.hands), 2)}))


if __name__ == "__main__":
    main()
