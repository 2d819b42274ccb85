"""Benchmark: the wild-card (癞子) move generator against the classic one, same hands.

Run: `python benchmarks/wild_moves.py [--deals 500] [--repeat 3] [--mode laizi|tiandi_laizi]`.
Prints one JSON line: µs per call for leads (every move of a 17-card hand) and answers
(every answer of that hand to a move led from another hand), for the classic generator
(`legal_moves(hand)`) and the wild one (`legal_moves(hand, wild=...)`, one random wild rank,
two with `tiandi_laizi`), the wild/classic ratios, and the moves listed per hand by each.
The deals are seeded; after a warm-up set, each generator is timed on `--repeat` sets of
fresh deals (the garbage collector off) and the best set is kept. `ratio_per_move` divides
each side's time by the moves it lists (a hand with wild cards has several times as many).
The issue's bar: the wild generator within 3× of the classic one (`within_3x`), judged on
leads and answers together. It times what the game uses: the C generator (`_wildc.c`, built
by `pip install -e .` or `python setup.py build_ext --inplace`) when it is built, else the
Python one (`_wild.py`); `"compiled"` in the line says which.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.doudizhu._wild_fast import COMPILED  # noqa: E402
from bot.games.doudizhu.moves import Hand, Move, Wild, legal_moves  # noqa: E402

DECK = [i for i in range(13) for _ in range(4)] + [13, 14]
Deal = tuple[Hand, Move, Move, Wild]  # hand, classic move to answer, wild one, wild ranks


def _hand(cards: list[int]) -> Hand:
    return Hand([cards.count(i) for i in range(15)])


def _deals(count: int, seed: int, two: bool) -> list[Deal]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        ranks = tuple(sorted(rng.sample(range(13), 2 if two else 1)))
        wild = Wild(ranks, long_bombs=two)
        hand, other = _hand(deck[:17]), _hand(deck[17:34])
        classic_table = rng.choice(legal_moves(other))
        wild_table = rng.choice(legal_moves(other, wild=wild))
        out.append((hand, classic_table, wild_table, wild))
    return out


def _best(fn: Any, sets: list[list[Deal]]) -> float:
    """The best time of `fn` over one set of deals, each set timed once (fresh hands each
    time: a table memoised by a hand's own cards would only be looked up again by the same
    hand, so it is never counted as a win)."""
    best = float("inf")
    for deals in sets:
        gc.disable()
        start = time.perf_counter()
        fn(deals)
        best = min(best, time.perf_counter() - start)
        gc.enable()
    return best


def deal_sets(deals: int = 500, mode: str = "laizi"
              ) -> tuple[argparse.Namespace, list[Deal], list[list[Deal]]]:
    """The command line (these defaults), a warm-up set of deals (both generators fill their
    shared tables: moves by kickers, chains by the ranks held), and `--repeat` sets of fresh
    deals, each to be timed once (also `benchmarks/wild_floor.py`'s)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--mode", choices=("laizi", "tiandi_laizi"), default=mode)
    args = parser.parse_args()
    two = args.mode == "tiandi_laizi"
    warm = _deals(args.deals, args.seed + 1000, two)
    return args, warm, [_deals(args.deals, args.seed + r, two) for r in range(args.repeat)]


def main() -> None:
    args, warm, sets = deal_sets()
    n = args.deals

    def classic_leads(deals: list[Deal]) -> None:
        for hand, _, _, _ in deals:
            legal_moves(hand)

    def classic_answers(deals: list[Deal]) -> None:
        for hand, table, _, _ in deals:
            legal_moves(hand, table)

    def wild_leads(deals: list[Deal]) -> None:
        for hand, _, _, wild in deals:
            legal_moves(hand, None, None, wild)

    def wild_answers(deals: list[Deal]) -> None:
        for hand, _, table, wild in deals:
            legal_moves(hand, table, None, wild)

    fns = (("classic_leads_us", classic_leads), ("classic_answers_us", classic_answers),
           ("wild_leads_us", wild_leads), ("wild_answers_us", wild_answers))
    for _, fn in fns:
        fn(warm)
    times = {name: _best(fn, sets) / n * 1e6 for name, fn in fns}
    deals = sets[0]
    moves = {"classic_leads_moves": sum(len(legal_moves(h)) for h, *_ in deals) / n,
             "wild_leads_moves": sum(len(legal_moves(h, None, None, w))
                                     for h, _, _, w in deals) / n,
             "classic_answers_moves": sum(len(legal_moves(h, t)) for h, t, _, _ in deals) / n,
             "wild_answers_moves": sum(len(legal_moves(h, t, None, w))
                                       for h, _, t, w in deals) / n}
    ratio_leads = times["wild_leads_us"] / times["classic_leads_us"]
    ratio_answers = times["wild_answers_us"] / times["classic_answers_us"]
    total = ((times["wild_leads_us"] + times["wild_answers_us"])
             / (times["classic_leads_us"] + times["classic_answers_us"]))
    # The same, per move listed: a hand with wild cards has several times the moves.
    per_move = (((times["wild_leads_us"] + times["wild_answers_us"])
                 / (moves["wild_leads_moves"] + moves["wild_answers_moves"]))
                / ((times["classic_leads_us"] + times["classic_answers_us"])
                   / (moves["classic_leads_moves"] + moves["classic_answers_moves"])))
    print(json.dumps({"mode": args.mode, "deals": n, "compiled": COMPILED,
                      **{k: round(v, 1) for k, v in times.items()},
                      **{k: round(v, 1) for k, v in moves.items()},
                      "ratio_leads": round(ratio_leads, 2),
                      "ratio_answers": round(ratio_answers, 2),
                      "ratio_total": round(total, 2), "within_3x": total <= 3,
                      "ratio_per_move": round(per_move, 2)}))


if __name__ == "__main__":
    main()
