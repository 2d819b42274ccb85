"""The 斗地主 AI: legal and deterministic everywhere, and the play habits it promises."""

from __future__ import annotations

import random

import pytest

from bot.games.doudizhu import ai
from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.actions import Phase
from bot.games.doudizhu.options import RuleOptions
from bot.games.doudizhu.position import Position, unseen_counts
from bot.games.doudizhu.spec import DOUDIZHU2, DOUDIZHU3
from bot.games.doudizhu.state import DoudizhuState

from .test_random_games import sample_options


def counts(text: str) -> tuple[int, ...]:
    return mv.parse_hand(text).counts


def position(hand: str, *, seat: int = 0, landlord: int = 0, left: tuple[int, ...],
             beat: str = "", by: int | None = None, threat: str | None = None,
             players: int = 3) -> Position:
    mine = counts(hand)
    return Position(players=players, seat=seat, landlord=landlord, hand=mine,
                    cards_left=left, to_beat=mv.parse_move(beat) if beat else None,
                    to_beat_seat=by, threat=counts(threat) if threat is not None
                    else unseen_counts([mine]))


def played(decision: ai.Decision) -> str:
    return "" if decision.move is None else str(decision.move)


@pytest.mark.parametrize("seed", range(30))
def test_ai_only_games_are_legal_and_finish_under_every_option(seed: int) -> None:
    options = sample_options(random.Random(seed))
    state = DoudizhuState.new(options, seed)
    while not state.is_over:
        (seat,) = state.to_act()
        action = ai.choose_action(state, seat)
        assert action in state.legal_actions(seat)
        state, _ = state.apply(seat, action)
    assert sum(state.scores()) == 0


def test_the_same_position_always_gets_the_same_decision() -> None:
    def game(seed: int) -> tuple[str, ...]:
        state = DoudizhuState.new(RuleOptions(), seed)
        while not state.is_over:
            (seat,) = state.to_act()
            state, _ = state.apply(seat, DOUDIZHU3.ai_action(state, seat, random.Random(seed)))
        return state.actions

    assert game(11) == game(11)


def test_a_hand_that_goes_out_in_one_play_plays_it() -> None:
    decision = ai.decide(position("33344", left=(5, 17, 17)))
    assert played(decision) == "33344" and decision.reason == "ddz.why.finish"


def test_unbeatable_plays_first_when_one_weak_group_is_left() -> None:
    # No joker, 2 or bomb is out: the pair of 2s holds; then the 3 goes out.
    threat = "3344556677889TJQKAA"
    decision = ai.decide(position("223", left=(3, 10, 9), threat=threat))
    assert played(decision) == "22" and decision.reason == "ddz.why.control"


def test_it_leads_its_weakest_group_and_keeps_its_bombs() -> None:
    decision = ai.decide(position("3333579JQ", left=(9, 17, 17)))
    assert played(decision) == "5"


def test_a_farmer_feeds_a_partner_about_to_go_out() -> None:
    decision = ai.decide(position("3579JJQQ", seat=1, landlord=0, left=(12, 8, 1)))
    assert played(decision) == "3" and decision.reason == "ddz.why.feed"


def test_the_landlord_does_not_lead_a_single_to_a_farmer_with_one_card() -> None:
    decision = ai.decide(position("3466889", seat=0, landlord=0, left=(7, 1, 12)))
    assert decision.move is not None and decision.move.type is not mv.MoveType.SINGLE


def test_it_blocks_a_single_from_an_opponent_about_to_go_out_with_its_highest() -> None:
    decision = ai.decide(position("79K2JJ", seat=0, landlord=0, left=(6, 1, 12),
                                  beat="5", by=1))
    assert played(decision) == "2" and decision.reason == "ddz.why.block"


def test_a_farmer_lets_the_partners_play_stand() -> None:
    decision = ai.decide(position("79K2", seat=2, landlord=0, left=(12, 10, 4),
                                  beat="5", by=1))
    assert decision.move is None and decision.reason == "ddz.why.partner"


def test_a_farmer_takes_the_partners_trick_when_the_landlord_next_would_go_out() -> None:
    decision = ai.decide(position("39KR", seat=2, landlord=0, left=(1, 10, 4),
                                  beat="5", by=1))
    assert played(decision) == "R" and decision.reason == "ddz.why.block"


def test_it_saves_a_bomb_when_the_opponent_is_far_from_going_out() -> None:
    decision = ai.decide(position("666634Q", seat=1, landlord=0, left=(15, 7, 12),
                                  beat="K", by=0))
    assert decision.move is None


def test_it_bombs_an_opponent_about_to_go_out() -> None:
    decision = ai.decide(position("666634Q", seat=1, landlord=0, left=(2, 7, 12),
                                  beat="K", by=0))
    assert played(decision) == "6666"


def test_two_player_endgame_search_finds_the_only_winning_line() -> None:
    # The weakest-first habit would lead the 6 and lose; the pair of tens first wins.
    decision = ai.decide(position("69TT", seat=0, landlord=1, left=(4, 4), threat="256R",
                                  players=2))
    assert played(decision) == "TT" and decision.reason == "ddz.why.endgame"
    hidden_dummy = position("69TT", seat=0, landlord=1, left=(4, 4), players=2)
    assert ai.decide(hidden_dummy).reason != "ddz.why.endgame"


def test_bids_follow_hand_strength() -> None:
    strong = counts("BR2222AAAKKQQJJT9")
    weak = counts("3345567899TJQQK45"[:17])
    assert ai.wanted_bid(strong) == 3
    assert ai.wanted_bid(weak) == 0
    assert ai.bid_decision(["bid 3", "pass"], strong) == "bid 3"
    assert ai.bid_decision(["bid 2", "bid 3", "pass"], weak) == "pass"
    assert ai.bid_decision(["bid 2", "bid 3"], weak) == "bid 2"
    assert ai.bid_decision(["bid 1", "pass"], strong, grab_style=True) == "bid 1"
    assert ai.bid_decision(["grab", "no-grab"], weak, grab_style=True) == "no-grab"


def play_until_playing(seed: int, players: int = 3) -> DoudizhuState:
    state = DoudizhuState.new(RuleOptions(players=players), seed)
    while state.phase is not Phase.PLAYING:
        (seat,) = state.to_act()
        state, _ = state.apply(seat, ai.choose_action(state, seat))
    return state


@pytest.mark.parametrize("seed", range(8))
def test_hints_start_with_the_ai_move_are_legal_distinct_and_cycle(seed: int) -> None:
    state = play_until_playing(seed)
    rng = random.Random(seed)
    for _ in range(12):
        if state.is_over:
            break
        (seat,) = state.to_act()
        hints = DOUDIZHU3.hints(state, seat)
        assert hints[0] == ai.choose_action(state, seat)
        assert len(hints) == len(set(hints))
        assert set(hints) <= set(state.legal_actions(seat))
        assert [ai.hint(state, seat, n) for n in range(len(hints) + 1)] == hints + hints[:1]
        state, _ = state.apply(seat, rng.choice(hints))


def test_hints_in_bidding_offer_every_choice_best_first() -> None:
    state = DoudizhuState.new(RuleOptions(players=2), 3)
    (seat,) = state.to_act()
    hints = DOUDIZHU2.hints(state, seat)
    assert hints[0] == ai.choose_action(state, seat)
    assert sorted(hints) == sorted(state.legal_actions(seat))
