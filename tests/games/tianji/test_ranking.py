"""Group keys A, B, C (RULES.md §3.2–§3.4), exhaustively over one deck."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from bot.cards import Card, deck52, parse_cards
from bot.games.tianji.ranking import (
    CType,
    a_key,
    b_rank,
    b_sort_key,
    b_total,
    c_beats,
    c_rank,
    c_rank_beats,
    c_sort_key,
    c_type,
    c_type_of_rank,
    card_index,
    index_card,
    tables,
)

DECK = deck52()
B_ORDER = [10.5, 10, 9.5, 9, 8.5, 8, 7.5, 7, 6.5, 6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1,
           11, 12, 13, 14, 15, 16, 17, 18, 19, 20]


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def b_wins(first: str, second: str) -> bool:
    return b_sort_key(cards(first)) > b_sort_key(cards(second))


def c_wins(first: str, second: str) -> bool:
    return c_beats(cards(first), cards(second))


# Group A ------------------------------------------------------------------------------

def test_group_a_is_rank_with_ace_high_then_suit() -> None:
    order = sorted(DECK, key=a_key, reverse=True)
    assert [c.code for c in order[:5]] == ["As", "Ah", "Ac", "Ad", "Ks"]
    assert [c.code for c in order[-2:]] == ["2c", "2d"]
    assert len({a_key(c) for c in DECK}) == 52


def test_card_index_round_trips() -> None:
    assert [card_index(index_card(i)) for i in range(52)] == list(range(52))


# Group B ------------------------------------------------------------------------------

def test_all_1326_two_card_hands_form_a_total_order_agreeing_with_the_totals() -> None:
    hands = list(combinations(DECK, 2))
    assert len(hands) == 1326
    keys = [b_sort_key(h) for h in hands]
    assert len(set(keys)) == 1326  # no two hands tie: a total order
    ordered = [h for _, h in sorted(zip(keys, hands, strict=True), reverse=True)]
    totals = [b_total(h) for h in ordered]
    # The order of totals is exactly §3.3's list, each total one contiguous block.
    blocks = [t for i, t in enumerate(totals) if i == 0 or totals[i - 1] != t]
    assert blocks == B_ORDER
    # The dense ranks follow the same order.
    assert [b_rank(h) for h in ordered] == list(range(1325, -1, -1))


def test_ten_and_a_half_is_decided_by_the_suit_of_the_ten() -> None:
    assert b_wins("Ts Jd", "Th Ks")
    assert b_wins("Th Qd", "Tc Kh")
    assert b_wins("Tc Js", "Td Qs")
    assert b_wins("Ts Js", "8s 2s")  # 10½ beats 10


def test_tens_rank_by_the_higher_card() -> None:
    # 9+A > 8+2 > 7+3 > 6+4 > 5+5, whatever the suits.
    chain = ["9d Ad", "8s 2s", "7s 3s", "6s 4s", "5s 5h"]
    for high, low in zip(chain, chain[1:], strict=False):
        assert b_wins(high, low), (high, low)
    assert b_wins("9s Ad", "9h As")  # ♠9+A > ♥9+A


def test_nine_points_rank_by_the_higher_card() -> None:
    chain = ["8d Ad", "7s 2s", "6s 3s", "5s 4s"]
    for high, low in zip(chain, chain[1:], strict=False):
        assert b_wins(high, low), (high, low)
    assert b_wins("7s 2d", "7h 2s")


def test_equal_pairs_are_decided_by_the_higher_suited_card() -> None:
    assert b_wins("5s 5d", "5h 5c")
    assert b_wins("5h 5c", "5s 5d") is False


def test_one_point_beats_eleven_and_eleven_beats_twenty() -> None:
    assert b_total(cards("Js Qs")) == 1
    assert b_wins("Jd Qd", "Ts As")  # 1 > 11
    assert b_wins("Ts As", "Th Tc")  # 11 > 20
    assert b_wins("9s 2s", "Td Tc")  # 11 > 20
    assert b_wins("Ts 2s", "Th 3h")  # 12 > 13: the further over, the lower


def test_picture_cards_compare_by_natural_rank_at_equal_points() -> None:
    assert b_wins("Kd Qd", "Qs Js")  # both 1 point; K beats Q
    assert b_wins("9d Kd", "9s Qs") is False  # 9½ each; the 9s decide: ♠9 > ♦9
    assert b_wins("Ad Kd", "As Qs") is False  # 1½ each; ♠A > ♦A


# Group C ------------------------------------------------------------------------------

def test_all_22100_three_card_hands_classify_into_the_right_counts() -> None:
    counts = Counter(c_type(h) for h in combinations(DECK, 3))
    assert counts == {
        CType.LEOPARD: 52,  # 13 ranks × 4 suit triples
        CType.STRAIGHT_FLUSH: 48,  # 12 straights (A23 … QKA) × 4 suits
        CType.FLUSH: 1096,  # 286 rank sets × 4 suits − 48
        CType.STRAIGHT: 720,  # 12 × 64 suit choices − 48
        CType.PAIR: 3744,  # 13 × 6 × 48
        CType.HIGH: 16380,  # 274 × 60 − 60 渣牌
        CType.ZHA: 60,  # 2-3-5 in 64 suit choices − 4 flushes
    }
    assert sum(counts.values()) == 22100


def test_dense_c_ranks_agree_with_the_sort_key_and_type() -> None:
    hands = list(combinations(DECK, 3))
    keys = [c_sort_key(h) for h in hands]
    assert len(set(keys)) == 22100  # a total order within the linear view
    for key, hand in zip(keys, hands, strict=True):
        assert c_type_of_rank(c_rank(hand)) == key[0]
    ranked = sorted(hands, key=c_rank)
    assert all(c_sort_key(x) < c_sort_key(y) for x, y in zip(ranked, ranked[1:], strict=False))


def test_the_cycle_holds_only_between_zha_and_leopard() -> None:
    rng = random.Random(7)
    by_type: dict[CType, list[int]] = {t: [] for t in CType}
    for hand in combinations(range(52), 3):
        by_type[c_type_of_rank(tables().c[hand[0] * 2704 + hand[1] * 52 + hand[2]])].append(
            tables().c[hand[0] * 2704 + hand[1] * 52 + hand[2]])
    samples = {t: [min(r), max(r), *rng.sample(r, min(len(r), 30))] for t, r in by_type.items()}
    for t1 in CType:
        for t2 in CType:
            if t1 == t2:
                continue
            expected = t1 > t2
            if {t1, t2} == {CType.ZHA, CType.LEOPARD}:
                expected = t1 == CType.ZHA
            for x in samples[t1]:
                for y in samples[t2]:
                    assert c_rank_beats(x, y) is expected, (t1, t2)
    # Within a type the order is linear and strict.
    for ranks in by_type.values():
        x, y = sorted(rng.sample(ranks, 2))
        assert c_rank_beats(y, x) and not c_rank_beats(x, y)


def test_zha_beats_leopard_but_loses_to_everything_else() -> None:
    assert c_wins("2s 3h 5d", "As Ah Ac")
    assert not c_wins("As Ah Ac", "2s 3h 5d")
    assert c_wins("4d 3c 2h", "2s 3h 5d")  # the lowest high card still beats 渣牌
    assert c_wins("As Ah Ac", "Ks Qs Js")  # 豹子 beats a straight flush


def test_suited_two_three_five_is_a_flush_not_zha() -> None:
    assert c_type(cards("2s 3s 5s")) is CType.FLUSH
    assert c_type(cards("2s 3s 5h")) is CType.ZHA


def test_type_order_from_straight_flush_down() -> None:
    chain = ["4s 3s 2s", "Kh Qh 9h", "Ah Kd Qc", "2h 2d 3c", "As Kh Jd", "5s 3h 2d"]
    for high, low in zip(chain, chain[1:], strict=False):
        assert c_wins(high, low), (high, low)


def test_straights_run_from_ace_king_queen_down_to_ace_two_three() -> None:
    assert c_type(cards("As Kh Qd")) is CType.STRAIGHT
    assert c_type(cards("As 2h 3d")) is CType.STRAIGHT
    assert c_type(cards("Ks As 2d")) is CType.HIGH  # K-A-2 does not wrap
    assert c_wins("As Kh Qd", "Ks Qh Jd")
    assert c_wins("4d 3d 2c", "As 2h 3s")  # 4-3-2 > A-2-3: the ace plays low only there
    assert c_wins("Ad 2c 3c", "Kd Qc Jc") is False
    assert c_wins("Ad 2c 3h", "As Ah Kd")  # still a straight: beats any pair


def test_ace_two_three_compares_suits_from_the_three_down() -> None:
    assert c_wins("3s 2d Ad", "3h 2s As")  # the 3 decides first
    # Equal 3s (only in the total order over all hands): the 2, then the ace.
    assert c_sort_key(cards("3d 2s Ad")) > c_sort_key(cards("3d 2h As"))
    assert c_sort_key(cards("3d 2s Ah")) > c_sort_key(cards("3d 2s Ac"))


def test_pair_compares_pair_then_kicker_then_pair_suits_then_kicker_suit() -> None:
    assert c_wins("8s 8h Kd", "8c 8d Ks")  # the sheet's example
    assert c_wins("9c 9d 2c", "8s 8h As")  # higher pair
    assert c_wins("8c 8d As", "8s 8h Kd")  # same pair rank, higher kicker
    assert c_wins("8s 8d Kc", "8h 8c Kd")  # the higher-suited card of the pair first


def test_flush_and_high_card_compare_ranks_then_suits_high_to_low() -> None:
    assert c_wins("Ah Jh 3h", "Ks Qs 9s")
    assert c_wins("As Js 3s", "Ah Jh 3h")
    assert c_wins("As Jd 3d", "Ah Js 3s")
    assert c_wins("Ah Js 3d", "Ad Jh 3s")


def test_two_zha_compare_the_five_then_three_then_two() -> None:
    assert c_wins("5s 3d 2d", "5h 3s 2s")
    # Equal 5s (only in the total order over all hands): the 3, then the 2.
    assert c_sort_key(cards("5h 3s 2d")) > c_sort_key(cards("5h 3h 2s"))
    assert c_sort_key(cards("5h 3c 2s")) > c_sort_key(cards("5h 3c 2h"))


@pytest.mark.parametrize("text", ["As Ah Ac", "Ks Qs Js", "2s 3h 5d", "8s 8h Kd"])
def test_no_hand_beats_itself(text: str) -> None:
    assert not c_wins(text, text)
