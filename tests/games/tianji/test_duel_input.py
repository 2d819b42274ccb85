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


@pytest.mark.parametrize(("lang", "shown"), [("en", "♠6 ♥6"), ("zh", "♠6 ♥6")])
def test_the_suit_question_names_the_cards_as_the_table_shows_them(lang: str,
                                                                    shown: str) -> None:
    """"Which 6?" lists the player's sixes as the table writes cards, and its example is one
    of them (a spades example when they hold no spade would read as a mistake)."""
    from bot.host.host import refusal_text

    with pytest.raises(IllegalAction) as info:
        duel("6s 6h 4d", "Ks Qh 2c").apply(CHALLENGER, "6")
    text = refusal_text(info.value, lang)
    assert shown in text and "6s 6h" not in text
    assert "6s" in text.replace("6s 6h", "")  # the example: a card they hold, as typed


def test_the_arrangement_suit_question_names_held_cards_in_table_form() -> None:
    from bot.games.tianji.arrangement import with_suits
    from bot.host.host import refusal_text

    with pytest.raises(IllegalAction) as info:  # which K goes in A, which in B?
        with_suits("K|K 2|3 4 9", parse_cards("Kh Kd 2s 3c 4d 9h"))
    text = refusal_text(info.value, "zh")
    assert "♥K ♦K" in text and "黑桃K" not in text and "Kh" in text
