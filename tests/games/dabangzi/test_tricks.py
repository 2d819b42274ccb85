"""Trick play of 打棒子 (the common 升级 rules the sheet leaves to custom)."""

from __future__ import annotations

import pytest

from bot.errors import IllegalAction
from bot.games.dabangzi.order import Trumps
from bot.games.dabangzi.tricks import follow_ok, leads, shape, winner
from tests.games.dabangzi.helpers import hands, position

TRUMPS = Trumps("5", "h", "9h")  # level 5, trumps ♥, 魂儿 ♥9


def test_the_trump_order_is_jokers_hun_level_cards_2s_then_the_suit() -> None:
    order = ["R", "B", "9h", "5h", "5s", "2h", "2c", "Ah", "Kh", "3h", "As"]
    assert TRUMPS.sort(order) == order
    assert TRUMPS.power("5s") == TRUMPS.power("5d")  # off-suit level cards are equal


def test_the_level_rank_is_skipped_so_4_and_6_make_a_tractor() -> None:
    assert shape(["4s", "4s", "6s", "6s"], TRUMPS) == 2
    assert shape(["5s", "5s", "5h", "5h"], TRUMPS) == 2  # off-suit and trump-suit level
    assert shape(["5s", "5s", "5d", "5d"], TRUMPS) is None  # equal, not consecutive
    assert shape(["4s", "6s"], TRUMPS) is None


def test_leads_list_singles_pairs_and_tractors() -> None:
    units = leads(["4s", "4s", "6s", "6s", "7s", "7s", "R"], TRUMPS)
    assert ("4s", "4s", "6s", "6s", "7s", "7s") in units
    assert ("R",) in units and ("4s", "4s") in units


def test_a_follower_must_follow_suit_while_they_can() -> None:
    hand = ["3s", "Kd", "R"]
    assert follow_ok(hand, ["As"], ["3s"], TRUMPS)
    assert not follow_ok(hand, ["As"], ["R"], TRUMPS)
    assert follow_ok(["Kd", "R"], ["As"], ["R"], TRUMPS)  # void: anything


def test_a_pair_must_be_followed_by_a_pair_of_the_suit_when_held() -> None:
    hand = ["3s", "3s", "4s", "Ks"]
    assert not follow_ok(hand, ["As", "As"], ["4s", "Ks"], TRUMPS)
    assert follow_ok(hand, ["As", "As"], ["3s", "3s"], TRUMPS)


def test_a_trump_pair_beats_a_plain_pair_but_two_odd_trumps_do_not() -> None:
    lead = ("As", "As")
    assert winner([lead, ("3d", "4d"), ("3h", "3h"), ("Kh", "R")], TRUMPS) == 2


def test_of_equal_cards_the_first_played_wins() -> None:
    assert winner([("Ks",), ("As",), ("As",), ("Qs",)], TRUMPS) == 1
    assert winner([("5s",), ("5d",), ("3s",), ("4s",)], TRUMPS) == 0


def test_a_lead_that_is_no_unit_is_refused() -> None:
    state = position(dealer=0, phase="play", asked=(0,), suit="h", hun="9h",
                     hands=hands("3s 4s", "3d 4d", "3c 4c", "6d 7d"))
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, "play 3s 4s")
    assert caught.value.key == "dbz.not_a_unit"


def test_points_of_a_trick_go_to_the_attackers_only() -> None:
    state = position(dealer=0, phase="play", asked=(0,), suit="h", hun="9h",
                     hands=hands("Ks 3s", "5s 3d", "Ts 4c", "Kc 6d"))
    for seat, card in ((0, "Ks"), (1, "5s"), (2, "Ts"), (3, "Kc")):
        state, _ = state.apply(seat, f"play {card}")
    assert state.points == 0 and state.taken[0] == 35  # the dealer took them
    for seat, card in ((0, "3s"), (1, "3d"), (2, "4c"), (3, "6d")):
        state, _ = state.apply(seat, f"play {card}")
    assert state.is_over


@pytest.mark.parametrize("level, suit, hun, cards", [
    ("5", "h", "9h", "Ah Ah 2s 2s"),  # the trump suit's A, then the off-suit 2s
    ("5", "h", "9h", "Kh Kh Ah Ah"),
    ("5", "h", "9h", "2s 2s 2h 2h"),
    ("2", "s", "As", "Ks Ks 2h 2h"),  # level 2, 魂儿 ♠A: the trump K, then the off-suit 2s
    ("2", "s", "As", "Qs Qs Ks Ks 2h 2h 2s 2s"),
])
def test_adjacent_trump_classes_make_a_tractor_across_the_gap(level: str, suit: str,
                                                               hun: str, cards: str) -> None:
    trumps = Trumps(level, suit, hun)
    assert shape(cards.split(), trumps) == len(cards.split()) // 2
    powers = sorted({trumps.power(c) for c in trumps.sort(
        [c for c in {r + s for r in "3456789TJQKA2" for s in "shcd"} | {"B", "R"}
         if trumps.suit_class(c) == "t"])})
    assert powers == list(range(len(powers)))  # no trump power left empty


def test_the_judge_takes_a_tractor_across_the_gap_as_a_lead() -> None:
    from bot.games.dabangzi.referee import judge_trick
    answer = judge_trick({"level": "5", "suit": "h", "hun": "9h",
                          "plays": ["Ah Ah 2s 2s", "3d 4d 6d 7d"]})
    assert answer["lead"] == 2 and answer["winner"] == 0
