"""Arena for 打棒子: the built-in AI team against random legal play; one JSON line.

`python benchmarks/arena_dabangzi.py [hands] [matches]`: single hands (the AI team on
seats 0 and 2 in even hands, 1 and 3 in odd ones, dealers rotating) and whole matches;
win rates are the AI team's, CPU per AI decision in milliseconds.
"""

from __future__ import annotations

import json
import random
import sys
import time

from bot.games.dabangzi.spec import DABANGZI
from bot.games.dabangzi.state import DabangziState


def play(seed: int, match: bool, ai_team: int, cpu: list[float]) -> DabangziState:
    """One game with the AI on `ai_team`'s seats, random legal play on the others."""
    rng = random.Random(seed)
    state = DABANGZI.new_game(4, {"match": match}, seed, dealer=seed % 4)
    while not state.is_over:
        seat = state.to_act()[0]
        if seat % 2 == ai_team:
            start = time.process_time()
            action = DABANGZI.ai_action(state, seat, rng)
            cpu.append(time.process_time() - start)
        else:
            action = rng.choice(state.legal_actions(seat))
        state = DABANGZI.step(state, seat, action).state
    return state


def main() -> None:
    """Run the arena and print its figures."""
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    cpu: list[float] = []
    hand_wins = sum(play(s, False, s % 2, cpu).winner == s % 2 for s in range(hands))
    match_wins = sum(play(10_000 + s, True, s % 2, cpu).winner == s % 2
                     for s in range(matches))
    ordered = sorted(cpu)
    print(json.dumps({
        "game": "dabangzi", "hands": hands, "hand_win_rate": round(hand_wins / hands, 3),
        "matches": matches, "match_win_rate": round(match_wins / max(matches, 1), 3),
        "decisions": len(cpu), "cpu_ms_mean": round(1000 * sum(cpu) / len(cpu), 3),
        "cpu_ms_p99": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 3),
    }))


if __name__ == "__main__":
    main()
