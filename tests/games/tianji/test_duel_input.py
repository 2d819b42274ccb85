"""Cards typed in the duel as players write them: with or without `play`, any suit
spelling, and a rank alone when only one card of it is held."""

from __future__ import annotations

import pytest

from bot.cards import parse_cards
from bot.errors import IllegalAction
from bot.games.tianji.duel import CHALLENGER, DuelState


def duel(challenger: str, responder: str) -> DuelState:
    hands = (tuple(parse_cards(challenger)), tuple(parse_cards(responder)))
    return DuelState(0, hands, hands)  # type: ignore[arg-type]


@pytest.mark.parametrize("typed", ["6s", "黑桃6", "♠6", "play 6", "6", "play ♠6"])
def test_the_six_of_spades_is_read_in_every_spelling(typed: str) -> None:
    state, events = duel("6s 9h 4d", "Ks Qh 2c").apply(CHALLENGER, typed)
    assert events[0].params == {"card": "6s"}


def test_a_rank_alone_held_twice_asks_for_the_suit() -> None:
    with pytest.raises(IllegalAction) as info:
        duel("6s 6h 4d", "Ks Qh 2c").apply(CHALLENGER, "6")
    assert info.value.key == "tianji.duel.which_suit"


def test_a_rank_not_held_and_another_word_are_refused_with_their_reason() -> None:
    with pytest.raises(IllegalAction) as info:
        duel("6s 9h 4d", "Ks Qh 2c").apply(CHALLENGER, "7")
    assert info.value.key == "tianji.duel.rank_not_held"
    with pytest.raises(IllegalAction) as info:
        duel("6s 9h 4d", "Ks Qh 2c").apply(CHALLENGER, "keep 9h")
    assert info.value.key == "tianji.duel.expected_play"
