"""Random tables: every settlement sums to zero and permuting players permutes the results.

The default run checks 20,000 tables (a few seconds); the slow-marked test checks the full
100,000 of issue 4 (`pytest -m slow tests/games/tianji`), shared out between the machine's
cores (at most two) in forked workers, each with its own seeds.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from bot.cards import deck52
from bot.games.tianji.ai import sensible_arrangement
from bot.games.tianji.arrangement import Arrangement
from bot.games.tianji.settlement import Settlement, settle

DECK = deck52()


def random_table(rng: random.Random) -> list[Arrangement]:
    """2–6 players; half arrange at random, half sensibly (so 豹子/渣牌/sweeps occur)."""
    players = rng.randint(2, 6)
    cards = rng.sample(DECK, 6 * players)
    table = []
    for p in range(players):
        hand = cards[6 * p:6 * p + 6]
        if rng.random() < 0.5:
            table.append(sensible_arrangement(hand))
        else:
            rng.shuffle(hand)
            table.append(Arrangement.of(hand[:1], hand[1:3], hand[3:]))
    return table


def check_table(table: list[Arrangement], rng: random.Random) -> Settlement:
    result = settle(table)
    for round_ in result.rounds:
        assert sum(round_) == 0
    assert sum(result.totals) == 0
    order = list(range(len(table)))
    rng.shuffle(order)
    permuted = settle([table[i] for i in order])
    for new_seat, old_seat in enumerate(order):
        for round_, permuted_round in zip(result.rounds, permuted.rounds, strict=True):
            assert permuted_round[new_seat] == round_[old_seat]
    assert permuted.round1 == result.round1
    if result.sweeper is not None:
        assert order[permuted.sweeper] == result.sweeper  # type: ignore[index]
    if result.swept is not None:
        assert order[permuted.swept] == result.swept  # type: ignore[index]
    return result


def run_tables(count: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    seen = {"baozi": 0, "zha": 0, "sweeper": 0, "swept": 0}
    for _ in range(count):
        result = check_table(random_table(rng), rng)
        seen["baozi"] += result.round1 == "baozi"
        seen["zha"] += result.round1 == "zha"
        seen["sweeper"] += result.sweeper is not None
        seen["swept"] += result.swept is not None
    return seen


def test_twenty_thousand_random_tables_are_zero_sum_and_symmetric() -> None:
    seen = run_tables(20_000, seed=4)
    # The special cases were really exercised.
    assert all(count > 0 for count in seen.values()), seen


@pytest.mark.slow
@pytest.mark.xdist_group("cores")  # two forked workers (see tests/host/test_takeover.py)
def test_a_hundred_thousand_random_tables_are_zero_sum_and_symmetric() -> None:
    workers = max(1, min(2, os.cpu_count() or 1))  # one or two: 100,000 splits evenly
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        parts = list(pool.map(run_tables, [100_000 // workers] * workers,
                              range(44, 44 + workers)))
    seen = {key: sum(part[key] for part in parts) for key in parts[0]}
    assert all(count > 0 for count in seen.values()), seen
