"""The arrangement solver: exact against the settlement, sensible, better than naive play."""

from __future__ import annotations

import random

import pytest

from bot.cards import deck52, parse_cards, shuffled
from bot.games.tianji import ai
from bot.games.tianji.arrangement import Arrangement, all_arrangements, high_first
from bot.games.tianji.ranking import CType, c_type
from bot.games.tianji.settlement import GroupRanks, settle, settle_ranks


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_fast_evaluation_equals_the_settlement_on_every_arrangement(players: int) -> None:
    for trial in range(150):
        rng = random.Random(f"{players}:{trial}")
        hand = sorted(rng.sample(range(52), 6))
        state = rng.getstate()
        fast = ai.expected_results(hand, players, rng, samples=1)
        # Replay the one sampled table and settle it for real.
        replay = random.Random()
        replay.setstate(state)
        unseen = [i for i in range(52) if i not in hand]
        draw = replay.sample(unseen, 6 * (players - 1))
        opponents = [GroupRanks(*ai.sensible_ranks(sorted(draw[6 * k:6 * k + 6])))
                     for k in range(players - 1)]
        b, c = ai._group_ranks(hand)
        for k, (ia, ib, ic) in enumerate(ai.LAYOUT):
            me = GroupRanks(hand[ia], b[ib], c[ic])
            assert fast[k] == settle_ranks([me, *opponents]).totals[0]


def test_the_layout_covers_the_sixty_arrangements_once() -> None:
    hand = parse_cards("As Kh Qd 9c 5s 2h")
    from_layout = {ai._arrangement(sorted(ai.card_index(c) for c in hand), lay)
                   for lay in ai.LAYOUT}
    assert from_layout == set(all_arrangements(hand))
    assert len(from_layout) == 60


def test_the_solver_uses_exactly_the_six_cards_and_is_deterministic() -> None:
    hand = parse_cards("As Kh Qd 9c 5s 2h")
    first = ai.best_arrangement(hand, 4, random.Random(1))
    assert sorted(first.cards) == sorted(hand)
    assert first == ai.best_arrangement(hand, 4, random.Random(1))
    ranked = ai.rank_arrangements(hand, 4, random.Random(1))
    assert ranked[0][0] == first
    assert len({a for a, _ in ranked}) == 60
    values = [v for _, v in ranked]
    assert values == sorted(values, reverse=True)


def test_a_leopard_goes_to_group_c() -> None:
    best = ai.best_arrangement(parse_cards("7s 7h 7d 2c 4h 9s"), 4, random.Random(3))
    assert c_type(best.c) is CType.LEOPARD


def test_the_heuristic_prefers_strength_where_the_weight_is() -> None:
    arrangement = ai.sensible_arrangement(parse_cards("As Ks Qs Js 9h 2d"))
    assert c_type(arrangement.c) is CType.STRAIGHT_FLUSH


def test_the_solver_beats_the_naive_arranger_on_average() -> None:
    total = 0
    for table in range(200):
        deck = shuffled(deck52(), random.Random(table))
        hands = [deck[6 * p:6 * p + 6] for p in range(4)]
        solved = ai.best_arrangement(hands[0], 4, random.Random(table))
        naive = []
        for hand in hands[1:]:
            cards = high_first(hand)
            naive.append(Arrangement.of(cards[:1], cards[1:3], cards[3:]))
        total += settle([solved, *naive]).totals[0]
    assert total / 200 > 5  # ~15 units per table over 10,000 tables (benchmarks/tianji.py)


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError):
        ai.best_arrangement(parse_cards("As Kh Qd 9c 5s"), 4, random.Random(1))
    with pytest.raises(ValueError):
        ai.best_arrangement(parse_cards("As Kh Qd 9c 5s 2h"), 7, random.Random(1))
