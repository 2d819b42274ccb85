"""Benchmark: our 斗地主 move generator against DouZero's, same hands, same process.

Run: `python benchmarks/moves.py` (DouZero optional: `pip install --no-deps --target
/tmp/ddzbench douzero` and `PYTHONPATH=/tmp/ddzbench`). Prints one JSON line: µs per call
for leads (every move of a 20-card hand) and answers (every answer of that hand to a move
drawn from another hand's legal leads), for us and DouZero (null when it is missing), and
the speed-ups (DouZero time / our time).

The 1,000 deals are seeded. Inputs are prepared outside the timed loops for both engines:
our `Hand`/`Move` values, DouZero's card lists and its rival move type (its
`get_legal_card_play_actions` re-detects the type on every call; we spare it that).
`cold_*` is our first pass with the interned kicker and chain tables emptied;
the other figures time each chunk of 25 calls `--repeat` times and sum the best times
(the garbage collector off, as timeit does), which keeps them steady on a busy machine.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.doudizhu._tables import clear_caches  # noqa: E402
from bot.games.doudizhu.moves import Hand, Move, legal_moves  # noqa: E402

_DOUZERO_VALUE = {3 + i: 3 + i for i in range(12)} | {15: 17, 16: 20, 17: 30}


def _deals(count: int, seed: int) -> list[tuple[Hand, Move, list[int], list[int]]]:
    """(our hand, our move to answer, DouZero hand, DouZero move) per deal."""
    rng = random.Random(seed)
    deck = [r for r in range(3, 16) for _ in range(4)] + [16, 17]
    deals = []
    for _ in range(count):
        rng.shuffle(deck)
        mine = Hand.from_ranks(deck[:20])  # type: ignore[arg-type]
        other = Hand.from_ranks(deck[20:37])  # type: ignore[arg-type]
        to_beat = rng.choice(legal_moves(other))
        deals.append((mine, to_beat, sorted(_DOUZERO_VALUE[r] for r in deck[:20]),
                       sorted(_DOUZERO_VALUE[r] for r in to_beat.cards)))
    return deals


def _douzero() -> tuple[Callable[..., Any], Callable[..., Any]] | None:
    try:
        from douzero.env import move_detector as md
        from douzero.env import move_selector as ms
        from douzero.env.move_generator import MovesGener
    except ImportError:
        return None

    def leads(hand: list[int]) -> list[list[int]]:
        return MovesGener(hand).gen_moves()

    def answers(hand: list[int], rival_move: list[int], rival: dict[str, int]) -> list[Any]:
        # douzero.env.game.GameEnv.get_legal_card_play_actions, minus the type detection.
        mg = MovesGener(hand)
        kind, length = rival["type"], rival.get("len", 1)
        if kind == md.TYPE_1_SINGLE:
            moves = ms.filter_type_1_single(mg.gen_type_1_single(), rival_move)
        elif kind == md.TYPE_2_PAIR:
            moves = ms.filter_type_2_pair(mg.gen_type_2_pair(), rival_move)
        elif kind == md.TYPE_3_TRIPLE:
            moves = ms.filter_type_3_triple(mg.gen_type_3_triple(), rival_move)
        elif kind == md.TYPE_4_BOMB:
            moves = ms.filter_type_4_bomb(mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb(),
                                          rival_move)
        elif kind == md.TYPE_5_KING_BOMB:
            moves = []
        elif kind == md.TYPE_6_3_1:
            moves = ms.filter_type_6_3_1(mg.gen_type_6_3_1(), rival_move)
        elif kind == md.TYPE_7_3_2:
            moves = ms.filter_type_7_3_2(mg.gen_type_7_3_2(), rival_move)
        elif kind == md.TYPE_8_SERIAL_SINGLE:
            moves = ms.filter_type_8_serial_single(mg.gen_type_8_serial_single(length),
                                                   rival_move)
        elif kind == md.TYPE_9_SERIAL_PAIR:
            moves = ms.filter_type_9_serial_pair(mg.gen_type_9_serial_pair(length), rival_move)
        elif kind == md.TYPE_10_SERIAL_TRIPLE:
            moves = ms.filter_type_10_serial_triple(mg.gen_type_10_serial_triple(length),
                                                    rival_move)
        elif kind == md.TYPE_11_SERIAL_3_1:
            moves = ms.filter_type_11_serial_3_1(mg.gen_type_11_serial_3_1(length), rival_move)
        elif kind == md.TYPE_12_SERIAL_3_2:
            moves = ms.filter_type_12_serial_3_2(mg.gen_type_12_serial_3_2(length), rival_move)
        elif kind == md.TYPE_13_4_2:
            moves = ms.filter_type_13_4_2(mg.gen_type_13_4_2(), rival_move)
        else:
            moves = ms.filter_type_14_4_22(mg.gen_type_14_4_22(), rival_move)
        if kind not in (md.TYPE_4_BOMB, md.TYPE_5_KING_BOMB):
            moves = moves + mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb()
        moves = moves + [[]]
        for m in moves:
            m.sort()
        return moves

    def detect(move: list[int]) -> dict[str, int]:
        return md.get_move_type(move)

    return (leads, answers), detect  # type: ignore[return-value]


def _per_call_us(calls: list[Callable[[], None]], repeat: int, chunk: int = 25) -> float:
    """µs per call: each chunk of calls timed `repeat` times, the best time of each summed.

    Small chunks and the garbage collector off (as timeit does) keep the figure steady on
    a shared machine: a burst of load spoils one timing of one chunk, not the whole pass.
    """
    total = 0.0
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        for first in range(0, len(calls), chunk):
            part = calls[first:first + chunk]
            best = float("inf")
            for _ in range(repeat):
                start = time.perf_counter()
                for call in part:
                    call()
                best = min(best, time.perf_counter() - start)
            total += best
    finally:
        if gc_was_on:
            gc.enable()
    return round(total / len(calls) * 1e6, 2)


def main() -> int:
    """Measure and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    deals = _deals(args.deals, args.seed)
    n = len(deals)

    our_leads = [partial(legal_moves, hand) for hand, _, _, _ in deals]
    our_answers = [partial(legal_moves, hand, to_beat) for hand, to_beat, _, _ in deals]
    result: dict[str, Any] = {"deals": n, "seed": args.seed}
    # Cold: one pass over fresh hands while the interned kicker tables are still filling.
    clear_caches()
    result["cold_leads_us"] = _per_call_us(our_leads, 1, n)
    result["cold_answers_us"] = _per_call_us(our_answers, 1, n)
    result["leads_us"] = _per_call_us(our_leads, args.repeat)
    result["answers_us"] = _per_call_us(our_answers, args.repeat)
    result["moves_per_lead"] = round(sum(len(legal_moves(h)) for h, *_ in deals) / n, 1)
    result["moves_per_answer"] = round(sum(len(legal_moves(h, m)) for h, m, *_ in deals) / n, 1)
    douzero = _douzero()
    if douzero is None:
        result |= {"douzero_leads_us": None, "douzero_answers_us": None,
                   "speedup_leads": None, "speedup_answers": None}
    else:
        (dz_leads, dz_answers), detect = douzero
        their_leads = [partial(dz_leads, hand) for _, _, hand, _ in deals]
        their_answers = [partial(dz_answers, hand, move, detect(list(move)))
                         for _, _, hand, move in deals]
        result["douzero_leads_us"] = _per_call_us(their_leads, args.repeat)
        result["douzero_answers_us"] = _per_call_us(their_answers, args.repeat)
        result["speedup_leads"] = round(result["douzero_leads_us"] / result["leads_us"], 2)
        result["speedup_answers"] = round(result["douzero_answers_us"] / result["answers_us"], 2)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
