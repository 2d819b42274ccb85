"""Duel mode (§3.7): three tricks, the challenger leads, no card twice, best of three."""

from __future__ import annotations

import json
import random
from itertools import permutations

import pytest

from bot.cards import Card, deck52, parse_cards
from bot.errors import IllegalAction
from bot.games.tianji.duel import (
    CHALLENGER,
    RESPONDER,
    DuelState,
    answer_card,
    duel_action,
    lead_card,
)
from bot.games.tianji.ranking import card_index


def duel(challenger: str, responder: str) -> DuelState:
    hands = (tuple(parse_cards(challenger)), tuple(parse_cards(responder)))
    return DuelState(0, hands, hands)  # type: ignore[arg-type]


def play_out(state: DuelState, leads: list[str], answers: list[str]) -> DuelState:
    for lead, answer in zip(leads, answers, strict=True):
        state, _ = state.apply(CHALLENGER, "play " + lead)
        state, _ = state.apply(RESPONDER, "play " + answer)
    return state


def test_the_challenger_leads_every_trick_and_the_responder_answers() -> None:
    state = duel("As 9h 4d", "Ks Qh 2c")
    assert state.to_act() == [CHALLENGER]
    assert state.legal_actions(RESPONDER) == []
    state, events = state.apply(CHALLENGER, "play 9h")
    assert events[0].kind == "tianji.duel.led"
    assert state.to_act() == [RESPONDER]
    assert state.public_view()["lead"] == "9h"
    state, events = state.apply(RESPONDER, "play Qh")
    assert events[0].kind == "tianji.duel.trick" and events[0].seat == RESPONDER
    assert state.to_act() == [CHALLENGER]
    assert state.wins() == (0, 1)


def test_tian_jis_classic_answer_wins_two_of_three_for_one_unit() -> None:
    # The classic: the weakest horse against the strongest, then the rest win.
    state = play_out(duel("As Qs 8s", "Kh Jh 7h"), ["As", "Qs", "8s"], ["7h", "Kh", "Jh"])
    assert state.is_over and state.to_act() == []
    assert state.wins() == (1, 2)
    assert state.scores() == [-1, 1]


def test_two_tricks_won_end_the_duel_and_pay_one_unit() -> None:
    # 3局2胜: at 2–0 no third trick is played; ruled 2026-12: no ×2 for a 3–0.
    state = play_out(duel("As Ks Qs", "4h 3h 2h"), ["Qs", "Ks"], ["4h", "2h"])
    assert state.is_over and state.to_act() == [] and state.wins() == (2, 0)
    assert state.scores() == [1, -1]
    assert state.remaining(CHALLENGER) == tuple(parse_cards("As"))
    with pytest.raises(IllegalAction):
        state.apply(CHALLENGER, "play As")


def test_the_student_shows_first_and_the_teacher_answers() -> None:
    state = duel("As 9h 4d", "Ks Qh 2c")
    assert state.private_view(CHALLENGER)["role"] == "student"
    assert state.private_view(RESPONDER)["role"] == "teacher"
    assert state.public_view()["roles"] == ["student", "teacher"]


def test_cards_compare_by_rank_then_suit_like_group_a() -> None:
    state = play_out(duel("Ah 2s 5d", "As 2h 5c"), ["Ah", "2s", "5d"], ["As", "2h", "5c"])
    assert state.wins() == (1, 2)


def test_no_card_is_played_twice_and_only_ones_own_cards_are_played() -> None:
    state = duel("As 9h 4d", "Ks Qh 2c")
    state = play_out(state, ["As"], ["2c"])
    for action, key in [("play As", "tianji.duel.card_not_held"),
                        ("play Ks", "tianji.duel.card_not_held"),
                        ("play 9h 4d", "tianji.duel.one_card"),
                        ("keep 9h", "tianji.duel.expected_play"),
                        ("play Zz", "cards.unknown_token")]:
        with pytest.raises(IllegalAction) as refused:
            state.apply(CHALLENGER, action)
        assert refused.value.key == key, action
    with pytest.raises(IllegalAction) as refused:
        state.apply(RESPONDER, "play Ks")
    assert refused.value.key == "tianji.duel.not_your_turn"


def test_a_five_card_deal_keeps_three_in_secret_first() -> None:
    state = DuelState.deal(seed=9, duel_hand=5)
    assert state.phase == "keep" and state.to_act() == [CHALLENGER, RESPONDER]
    assert len(state.legal_actions(CHALLENGER)) == 10
    with pytest.raises(IllegalAction) as refused:
        state.apply(CHALLENGER, "play " + state.dealt[0][0].code)
    assert refused.value.key == "tianji.duel.expected_keep"
    with pytest.raises(IllegalAction) as refused:
        state.apply(CHALLENGER, "keep " + state.dealt[1][0].code + " "
                    + " ".join(c.code for c in state.dealt[0][:2]))
    assert refused.value.key == "tianji.not_your_cards"
    state, _ = state.apply(RESPONDER, state.legal_actions(RESPONDER)[-1])
    assert state.to_act() == [CHALLENGER]
    assert json.dumps(state.public_view()).count(state.dealt[1][-1].code) == 0
    state, _ = state.apply(CHALLENGER, state.legal_actions(CHALLENGER)[0])
    assert state.phase == "play" and state.to_act() == [CHALLENGER]
    assert len(state.legal_actions(CHALLENGER)) == 3


def test_the_public_view_never_shows_a_card_in_hand() -> None:
    state = DuelState.deal(seed=4)
    state, _ = state.apply(CHALLENGER, state.legal_actions(CHALLENGER)[0])
    text = json.dumps(state.public_view())
    for seat in (CHALLENGER, RESPONDER):
        for card in state.remaining(seat):
            assert card.code not in text


def test_duels_round_trip_and_ai_games_always_finish_zero_sum() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = DuelState.deal(seed, duel_hand=5 if seed % 2 else 3)
        while not state.is_over:
            assert DuelState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
            seat = state.to_act()[0]
            action = duel_action(state, seat, rng)
            assert action in state.legal_actions(seat)
            state, _ = state.apply(seat, action)
        assert sum(state.scores()) == 0 and abs(state.scores()[0]) == 1


def test_the_ai_answers_with_the_cheapest_winner_or_else_its_lowest_card() -> None:
    hand = tuple(parse_cards("As 9h 4d"))
    assert answer_card(hand, parse_cards("8s")[0]).code == "9h"
    assert answer_card(hand, parse_cards("Ah")[0]).code == "As"
    assert answer_card(hand, parse_cards("Ac")[0]).code == "As"
    assert answer_card(hand, parse_cards("As")[0]).code == "4d"  # cannot win: throw the lowest


def tricks_answered(leads: tuple[Card, ...], answers: tuple[Card, ...]) -> int:
    return sum(card_index(a) > card_index(x) for x, a in zip(leads, answers, strict=True))


def test_the_cheapest_winner_is_a_best_answer_so_the_lead_order_never_matters() -> None:
    rng = random.Random(2)
    deck = deck52()
    for _ in range(300):
        cards = rng.sample(deck, 6)
        leader, responder = tuple(cards[:3]), tuple(cards[3:])
        results = set()
        for leads in permutations(leader):
            hand = responder
            answers = []
            for lead in leads:
                answers.append(answer_card(hand, lead))
                hand = tuple(c for c in hand if c != answers[-1])
            greedy = tricks_answered(leads, tuple(answers))
            # Even knowing every lead in advance the responder could do no better.
            assert greedy == max(tricks_answered(leads, p) for p in permutations(responder))
            results.add(greedy)
        assert len(results) == 1


def test_the_leader_leads_its_lowest_card() -> None:
    state = play_out(duel("As 3d 2d", "Kh Qh Jh"), ["3d"], ["Jh"])
    assert lead_card(state).code == "2d"
    assert duel_action(state, CHALLENGER, random.Random(1)) == "play 2d"
