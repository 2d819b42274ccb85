"""打棒子's AI levels against the first built-in AI (`baseline`) on duplicate deals; one JSON line.

`python benchmarks/dabangzi_strong.py [--level strong|normal] [--deals N] [--matches M]
[--first SEED]`: each deal is played twice, as a single hand (level 2, the dealer rotating
with the seed) with the level's team on seats 0 and 2 and then on 1 and 3, the same cards
both times; each match seed likewise (a whole match, levels 2 → past A). Figures:
- `levels_per_hand`: the levels the level's team went up, less the baseline team's, per
  hand (a hand's winner goes up its levels, the loser none), with its standard error over
  deals (the two hands of a deal are one sample);
- `match_win_rate` with its standard error, `hands_per_match`;
- `cpu_ms_mean` / `cpu_ms_p99`: CPU per decision of the level's seats (every decision,
  the forced ones included), `decisions`.
Seeds from `--first` on (default 100000) were never used in tuning (tuning used 0 – 9999).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import statistics
import time
from collections.abc import Callable

from bot.games.dabangzi import ai, baseline, search
from bot.games.dabangzi.spec import DABANGZI
from bot.games.dabangzi.state import DabangziState

Chooser = Callable[[DabangziState, int, random.Random], str]
LEVELS: dict[str, Chooser] = {"normal": ai.choose, "strong": search.choose,
                              "baseline": baseline.choose}


def play(seed: int, match: bool, team: int, level: Chooser, cpu: list[float],
         against: Chooser = baseline.choose) -> DabangziState:
    """One game: `level` on `team`'s seats, `against` (the baseline) on the others."""
    rng = random.Random(seed)
    state = DABANGZI.new_game(4, {"match": match}, seed, dealer=seed % 4)
    while not state.is_over:
        seat = state.to_act()[0]
        if seat % 2 == team:
            start = time.process_time()
            action = level(state, seat, rng)
            cpu.append(time.process_time() - start)
        else:
            action = against(state, seat, rng)
        state = DABANGZI.step(state, seat, action).state
    return state


def gained(state: DabangziState, team: int) -> int:
    """The levels `team` went up less the other team's, in a single hand."""
    result = state.results[-1]
    return result.levels if result.winner == team else -result.levels


def main() -> None:
    """Run the duplicate deals and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--level", default="strong", choices=sorted(LEVELS))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--first", type=int, default=100_000)
    parser.add_argument("--against", default="baseline", choices=sorted(LEVELS))
    parser.add_argument("--budget", type=int, default=search.DEFAULT_BUDGET)
    args = parser.parse_args()
    level = LEVELS[args.level]
    if args.level == "strong":
        level = functools.partial(search.choose, budget=args.budget)
    against = LEVELS[args.against]
    cpu: list[float] = []
    per_deal = [(gained(play(s, False, 0, level, cpu, against), 0)
                 + gained(play(s, False, 1, level, cpu, against), 1)) / 2
                for s in range(args.first, args.first + args.deals)]
    wins = hands = 0
    for s in range(args.first, args.first + args.matches):
        for team in (0, 1):
            state = play(s, True, team, level, cpu, against)
            wins += state.winner == team
            hands += len(state.results)
    games = 2 * args.matches
    rate = wins / max(games, 1)
    ordered = sorted(cpu)
    mean = statistics.fmean(per_deal)
    error = statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else 0.0
    print(json.dumps({
        "game": "dabangzi", "level": args.level, "against": args.against,
        "deals": args.deals, "seeds": [args.first, args.first + args.deals],
        "budget": args.budget if args.level == "strong" else None,
        "levels_per_hand": round(mean, 3), "levels_per_hand_se": round(error, 3),
        "matches": games, "match_seeds": [args.first, args.first + args.matches],
        "match_win_rate": round(rate, 3),
        "match_win_rate_se": round(math.sqrt(rate * (1 - rate) / max(games, 1)), 3),
        "hands_per_match": round(hands / max(games, 1), 1),
        "decisions": len(cpu), "cpu_ms_mean": round(1000 * statistics.fmean(cpu), 3),
        "cpu_ms_p99": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 3),
    }))


if __name__ == "__main__":
    main()
