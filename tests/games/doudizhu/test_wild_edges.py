"""Two 癞子 edge cases ruled in docs §2.1 (issue 53 point 13): four wild cards of two ranks
(天地癞子) are a 纯癞子炸, and no 纯癞子炸 beats another; five or more wild cards together read
as themselves, so 55559 (5 and 9 wild) is no move and 555599 is a four with two."""

from __future__ import annotations

import pytest

from bot.games.doudizhu.moves import MoveError
from bot.games.doudizhu.referee import judge_moves

TIANDI = {"wild": "59", "options": {"variant": "tiandi_laizi"}}


@pytest.mark.parametrize("cards", ["5599", "5559", "5999"])
def test_four_wild_cards_of_two_ranks_are_a_pure_bomb(cards: str) -> None:
    readings = judge_moves({"cards": cards, **TIANDI})["readings"]
    assert [r["as"] for r in readings if r.get("bomb") == "pure"] == [cards]
    # three and one of them also reads as themselves: 5559 is 555 with a 9 too
    assert {r["type"] for r in readings} == ({"bomb"} if cards == "5599"
                                             else {"bomb", "triple_single"})
    assert judge_moves({"hand": cards, "last": "2222", **TIANDI})["legal"] == [
        f"{cards}={cards}"]  # above every four-card bomb


@pytest.mark.parametrize("hand, last", [("5599", "5555"), ("5555", "5599"), ("5559", "5599")])
def test_no_pure_bomb_beats_another(hand: str, last: str) -> None:
    assert judge_moves({"hand": hand, "last": last, **TIANDI})["legal"] == []


def test_five_wild_cards_together_read_as_themselves() -> None:
    with pytest.raises(MoveError):
        judge_moves({"cards": "55559", **TIANDI})
    (reading,) = judge_moves({"cards": "555599", **TIANDI})["readings"]
    assert reading["type"] == "four_two_singles" and reading["as"] == "555599"


# A wild card standing as a kicker may be named as any rank (it stands for what it is
# called); before, the judge answered "is not a move of any type" to every such request.
@pytest.mark.parametrize("last, wild", [("5777=7773", "5"), ("55777=77733", "5"),
                                        ("5777=7778", "5"), ("5777T=777TT", "5T")])
def test_a_wild_kicker_may_be_named_as_another_rank(last: str, wild: str) -> None:
    assert judge_moves({"hand": "888833", "last": last, "wild": wild})["legal"] == (
        ["3888", "8888"] if len(last.split("=")[0]) == 4 else ["8888", "33888"])


def test_a_named_reading_keeps_every_natural_card() -> None:
    # 5557 names the natural 7s away: no reading of 5777 reads so
    with pytest.raises(MoveError):
        judge_moves({"hand": "888833", "last": "5777=5557", "wild": "5"})


def test_a_kicker_pair_of_two_wild_ranks_reads_as_a_pair() -> None:
    # 5577T with 5 and T wild as 777 and a pair: shown 55777 (was 5777T, no pair at all)
    readings = judge_moves({"cards": "5577T", **TIANDI, "wild": "5T",
                            "options": {"variant": "tiandi_laizi"}})["readings"]
    shown = {r["as"] for r in readings if r["type"] == "triple_pair" and r["rank"] == "7"}
    assert "5777T" not in shown and "55777" in shown
    legal = judge_moves({"hand": "5577T", "wild": "5T"})["legal"]
    assert "5577T=55777" in legal and "5577T=5777T" not in legal
