"""田忌赛马 arrangements typed with ranks alone where only one card of the hand fits, and
a bust group B labelled 撑死 on the finished table."""

from __future__ import annotations

import pytest

from bot.cards import parse_cards
from bot.errors import IllegalAction
from bot.games.tianji.arrangement import parse_arrangement, with_suits
from bot.games.tianji.text import TianjiText
from bot.games.tianji.views import TablePublic

HAND = parse_cards("As 7h 3d 6c 5s 5h")


def test_ranks_alone_take_the_suit_of_the_only_card_that_fits() -> None:
    # Before: `A|7 3|6 5 5` was refused ("A needs a suit") though each rank fits one way.
    filled = with_suits("A|7 3|6 5 5", HAND)
    assert parse_arrangement(filled).code == "As|7h3d|6c5s5h"
    assert parse_arrangement(with_suits("arrange As|7 3d|6c 5 5", HAND)).code == \
        "As|7h3d|6c5s5h"


def test_a_rank_split_between_groups_or_not_held_is_refused_with_its_reason() -> None:
    with pytest.raises(IllegalAction) as info:
        with_suits("A|5 3|6 5 7", HAND)  # which 5 goes in B?
    assert info.value.key == "tianji.which_suit"
    with pytest.raises(IllegalAction) as info:
        with_suits("K|7 3|6 5 5", HAND)
    assert info.value.key == "tianji.rank_not_held" and info.value.params == {"rank": "K"}


def test_a_bust_group_b_is_labelled_as_bust() -> None:
    public = TablePublic(2, "over", (), (True, True), ("x", "y"),
                         codes=("As|KhQd|5d3h2s", "2c|9h8d|7s6h4c"), b_points=(1, 17),
                         c_types=("zha", "high"), busts=(False, True))
    lines = TianjiText().over_lines(public, ["Ann", "Bob"], "zh")
    assert "B 1 点" in lines[0] and "B 17 点(撑死)" in lines[1]
    assert "B scores 17 points (bust)" in TianjiText().over_lines(public, ["A", "B"], "en")[1]
