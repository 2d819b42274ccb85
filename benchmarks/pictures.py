"""Card art benchmark: ms per 20-card hand image, per result card, bytes per image, and the
cache's hit rate over normal hands. Prints one JSON line.

A "normal hand" is a seeded 斗地主 hand played out by the AI; after every action each seat's
hand picture is asked for, as the adapters do with every private view (a seat's picture
changes only when its own cards do).

    python benchmarks/pictures.py [--hands 5] [--repeat 50]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.cards import deck54  # noqa: E402
from bot.host import games  # noqa: E402
from bot.pictures import Pictures, summary_of  # noqa: E402
from bot.pictures.hand import hand_picture  # noqa: E402
from bot.pictures.result import result_picture  # noqa: E402


def timed(draw, repeat: int) -> tuple[float, float, int]:  # noqa: ANN001 - a callable
    """Median wall ms and median CPU ms (this process) of `repeat` uncached draws, and the
    bytes of the last image. CPU time tells the cost on a machine shared with other work."""
    draw()  # the palette and the card faces are made once per process
    walls, cpus, size = [], [], 0
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        size = len(draw().png)
        walls.append((time.perf_counter() - start) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus), size


def play_hand(pictures: Pictures, seed: int):  # noqa: ANN201 - the engine's state
    """Play one AI hand, asking for every seat's hand picture after each action."""
    spec = games.spec("doudizhu3")
    state = spec.new_game(3, spec.default_options(), seed)
    rng = random.Random(seed)
    while not state.is_over:
        for seat in range(3):
            private = state.private_view(seat)
            bottom = state.public_view().get("bottom") or ""
            pictures.hand(private["hand"].split(), bottom=bottom.split())
        seat = state.to_act()[0]
        state, _ = state.apply(seat, spec.ai_action(state, seat, rng))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()

    deck = [c.code for c in deck54()]
    hand = random.Random(1).sample(deck, 20)
    hand_ms, hand_cpu, hand_bytes = timed(lambda: hand_picture(hand, bottom=hand[:3]),
                                          args.repeat)

    pictures = Pictures()
    for seed in range(args.hands):
        state = play_hand(pictures, seed)
    public = state.public_view()
    outcome = {"mode": "beans", "stake": 10, "seats": [
        {"final": score * 10, "role": seat["role"], "left": state.private_view(index)["hand"]}
        for index, (score, seat) in enumerate(zip(public["result"]["scores"],
                                                  public["seats"], strict=True))]}
    summary = summary_of("doudizhu3", public, outcome)
    result_ms, result_cpu, result_bytes = timed(lambda: result_picture(summary), args.repeat)
    print(json.dumps({
        "ms_per_hand_20_cards": round(hand_ms, 2),
        "cpu_ms_per_hand_20_cards": round(hand_cpu, 2),
        "ms_per_result_card": round(result_ms, 2),
        "cpu_ms_per_result_card": round(result_cpu, 2),
        "bytes_hand": hand_bytes,
        "bytes_result": result_bytes,
        "cache_hit_rate": round(pictures.hit_rate, 3),
        "hand_requests": pictures.hits + pictures.misses,
        "hands": args.hands,
    }))


if __name__ == "__main__":
    main()
