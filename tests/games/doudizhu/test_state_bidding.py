"""斗地主 deal and bidding (RULES §1.2, §2): 叫分, 抢地主, redeals and the bidding options."""

from __future__ import annotations

import pytest

from bot.errors import IllegalAction
from bot.games.doudizhu.actions import Phase
from bot.games.doudizhu.deal import deal_cards
from bot.games.doudizhu.options import RuleOptions
from bot.games.doudizhu.state import DoudizhuState

from .deals import events_of, make, run


def test_a_bid_of_three_ends_bidding_at_once() -> None:
    state = run(make(first=1), "bid 3")
    assert state.landlord == 1 and state.base == 3
    assert state.phase is Phase.PLAYING and state.turn == 1
    assert len(state.hand(1)) == 20


def test_each_bid_must_be_higher_than_every_earlier_one() -> None:
    state = run(make(), "bid 2")
    assert state.legal_actions(1) == ["bid 3", "pass"]
    for low in ("bid 1", "bid 2"):
        with pytest.raises(IllegalAction):
            state.apply(1, low)


def test_the_highest_bidder_after_one_round_is_landlord_and_the_bid_is_the_base() -> None:
    state = run(make(first=2), "bid 1", "pass", "bid 2")
    assert state.landlord == 1 and state.base == 2
    assert state.phase is Phase.PLAYING


def test_the_landlord_takes_the_bottom_and_everyone_sees_it() -> None:
    start = make(bottom="AAK")
    assert start.public_view()["bottom"] is None
    state, events = events_of(start, "bid 3")
    assert {"ddz.landlord", "ddz.bottom"} <= {e.kind for e in events}
    assert state.public_view()["bottom"] == " ".join(state.bottom)
    assert sorted(c[0] for c in state.bottom) == ["A", "A", "K"]


def test_redeal_after_all_pass_keeps_the_first_bidder_and_is_fixed_by_the_seed() -> None:
    state = DoudizhuState.new(RuleOptions(), seed=7, dealer=1)
    first = state.first_bidder
    after, events = events_of(state, "pass", "pass", "pass")
    assert after.deal == 1 and after.first_bidder == first and after.turn == first
    assert after.phase is Phase.BIDDING and after.auction == ()
    assert any(e.kind == "ddz.redeal" for e in events)
    assert after.hands == deal_cards(7, 1).hands != state.hands
    again = run(DoudizhuState.new(RuleOptions(), seed=7, dealer=1), "pass", "pass", "pass")
    assert again == after


def test_the_face_up_card_holder_bids_first_and_a_bottom_card_gives_it_to_the_dealer() -> None:
    bottom_cases = 0
    for seed in range(300):
        dealt = deal_cards(seed)
        state = DoudizhuState.new(RuleOptions(), seed, dealer=seed % 3)
        holder = dealt.holder(dealt.face_up)
        if holder is None:
            bottom_cases += 1
            assert state.first_bidder == seed % 3
        else:
            assert state.first_bidder == holder
    assert bottom_cases > 0


def test_the_same_seed_deals_the_same_cards_and_different_seeds_do_not() -> None:
    a = DoudizhuState.new(RuleOptions(), 42)
    assert a == DoudizhuState.new(RuleOptions(), 42)
    assert a.hands != DoudizhuState.new(RuleOptions(), 43).hands
    cards = [c for hand in a.hands for c in hand] + list(a.bottom)
    assert len(cards) == len(set(cards)) == 54


def test_last_bidder_min_two_makes_the_third_bid_two_or_three() -> None:
    state = run(make(last_bidder_min_two=True), "pass", "pass")
    assert state.legal_actions(2) == ["bid 2", "bid 3"]
    with pytest.raises(IllegalAction):
        state.apply(2, "pass")


def test_if_the_dealer_passed_two_deals_in_a_row_they_bid_at_least_two_on_the_third() -> None:
    # 如果庄家连续两局不叫,第三局庄家,至少叫两分 (RULES §1.2: "they must bid at least 2").
    state = DoudizhuState.new(RuleOptions(no_bid_penalty=True), seed=3)
    first = state.first_bidder
    state = run(state, *["pass"] * 6)
    assert state.all_pass_run == 2
    assert state.legal_actions(first) == ["bid 2", "bid 3"]
    with pytest.raises(IllegalAction):
        state.apply(first, "pass")
    state = run(state, "bid 2", "pass", "pass")
    assert state.landlord == first and state.base == 2 and state.all_pass_run == 0


def test_three_deals_in_a_row_with_no_bid_cost_the_dealer_four_and_give_the_others_two() -> None:
    # 如果连续三把无人叫牌,庄家扣4分,其余两人得2分 beside 第三局庄家至少叫两分 (both in 篇三): the
    # forced bid is the rule and the 4 points its sanction. Only a time-out leaves it unmade
    # (the driver plays bidding.lapse for it); the others then bid on, and if they pass too
    # the third deal went without a bid.
    from bot.games.doudizhu.bidding import lapse

    state = run(DoudizhuState.new(RuleOptions(no_bid_penalty=True), seed=3), *["pass"] * 6)
    first = state.first_bidder
    assert lapse(state, first) == "lapse"
    state, events = state.apply(first, "lapse")
    assert events[0].kind == "ddz.bid" and events[0].params == {"bid": 0, "lapsed": True}
    assert state.actions[-1] == "lapse" and state.legal_actions(state.turn) == [
        "bid 1", "bid 2", "bid 3", "pass"]
    state, events = state.apply(state.turn, "pass")
    state, events = state.apply(state.turn, "pass")
    penalty = next(e for e in events if e.kind == "ddz.no_bid_penalty")
    expected = [2, 2, 2]
    expected[first] = -4
    assert penalty.seat == first and list(state.penalties) == expected
    assert state.all_pass_run == 0 and state.legal_actions(first)[0] == "bid 1"
    assert lapse(state, first) is None


def test_a_lapse_is_no_action_of_anyone_but_the_dealer_who_owes_the_forced_bid() -> None:
    state = DoudizhuState.new(RuleOptions(no_bid_penalty=True), seed=3)
    first = state.first_bidder
    with pytest.raises(IllegalAction):  # the first deal: nothing owed
        state.apply(first, "lapse")
    state = run(state, *["pass"] * 6, "bid 2")
    with pytest.raises(IllegalAction):  # after the forced bid, the next seat owes nothing
        state.apply(state.turn, "lapse")
    plain = run(DoudizhuState.new(RuleOptions(), seed=3), *["pass"] * 6)
    with pytest.raises(IllegalAction):  # without the sheet's rule
        plain.apply(plain.turn, "lapse")


def test_a_lapsed_bid_followed_by_a_bid_plays_the_hand_without_a_penalty() -> None:
    state = run(DoudizhuState.new(RuleOptions(no_bid_penalty=True), seed=3), *["pass"] * 6)
    first = state.first_bidder
    state = run(state, "lapse", "bid 1", "pass")
    assert state.landlord == (first + 1) % 3 and state.base == 1
    assert list(state.penalties) in ([], [0, 0, 0])


def test_third_seat_bids_at_least_two_yet_may_pass_under_the_same_sheets_no_bid_rules() -> None:
    # 如果前两家不叫,第三家叫分不得少于2分 beside 连续三把无人叫牌 (both in 篇三): the floor is
    # on the bid, so a deal can still all pass and the sheet's no-bid clauses apply.
    state = run(make(last_bidder_min_two=True, no_bid_penalty=True), "pass", "pass")
    assert state.legal_actions(2) == ["bid 2", "bid 3", "pass"]
    state = run(state, "pass")
    assert state.all_pass_run == 1 and state.deal == 1


def test_grab_bidding_every_grab_doubles_and_the_last_to_grab_is_landlord() -> None:
    state, events = events_of(make(first=0, bidding="grab"), "call", "grab", "grab")
    assert state.landlord == 2 and state.base == 1
    assert state.multiplier == 4 and state.causes == ("grab", "grab")
    assert [e.kind for e in events[:3]] == ["ddz.call", "ddz.grab", "ddz.grab"]
    assert state.actions[:3] == ("bid 1", "grab", "grab")


def test_grab_bidding_gives_every_player_exactly_one_chance() -> None:
    # RULES §1.2 / the sheet's §三: one round; a seat that said 不抢 cannot grab later.
    state = run(make(first=0, bidding="grab"), "pass", "call", "grab")
    assert state.landlord == 2 and state.multiplier == 2
    state = run(make(first=1, bidding="grab"), "pass", "call")
    assert state.turn == 0 and state.legal_actions(0) == ["grab", "no-grab"]
    state = run(state, "no-grab")
    assert state.landlord == 2 and state.multiplier == 1


def test_grab_bidding_a_call_nobody_grabs_makes_the_caller_landlord() -> None:
    state = make(first=1, bidding="grab")
    assert state.legal_actions(1) == ["bid 1", "pass"]
    state = run(state, "bid 1")
    assert state.legal_actions(2) == ["grab", "no-grab"]
    state = run(state, "no-grab", "no-grab")
    assert state.landlord == 1 and state.multiplier == 1


def test_grab_bidding_nobody_calls_redeals_and_the_next_seat_speaks_first() -> None:
    # 由下一个玩家进行抢地主: after an all-pass the next seat starts.
    state = run(make(first=0, bidding="grab"), "pass", "pass", "pass")
    assert state.deal == 1 and state.phase is Phase.BIDDING
    assert state.first_bidder == 1 and state.turn == 1
    state = run(state, "pass", "pass", "pass")
    assert state.first_bidder == 2 and state.turn == 2


def test_first_bidder_rotate_gives_the_first_bid_to_the_dealer() -> None:
    # JJ competition sheet: 第一局抽签, 第二局开始按抓牌的顺序轮流先叫分.
    rotate = RuleOptions(first_bidder="rotate")
    for dealer in range(3):
        for seed in range(20):
            assert DoudizhuState.new(rotate, seed, dealer=dealer).first_bidder == dealer
    state = run(DoudizhuState.new(rotate, 5, dealer=2), "pass", "pass", "pass")
    assert state.first_bidder == 2 and state.turn == 2


def test_two_players_bid_on_their_own_hands_and_both_pass_redeals() -> None:
    state = make("3456789TJQKA", "3456789TJQKA", players=2)
    assert state.legal_actions(0) == ["bid 1", "bid 2", "bid 3", "pass"]
    state = run(state, "pass", "pass")
    assert state.deal == 1


@pytest.mark.parametrize("hand", ["BR", "2222", "222B", "222R", "22BR", "333344445555",
                                  "33334444BR"])
def test_two_player_must_bid_hands_may_not_pass(hand: str) -> None:
    state = make(None, hand, players=2, first=0)
    state = run(state, "bid 1")
    assert "pass" not in state.legal_actions(1)
    with pytest.raises(IllegalAction):
        state.apply(1, "pass")


def test_two_bombs_alone_do_not_force_a_bid() -> None:
    state = make("3333444456789TJQK", players=2)
    assert "pass" in state.legal_actions(0)


@pytest.mark.parametrize("hand", ["222", "22B", "2R"])
def test_fewer_than_four_twos_and_jokers_may_pass(hand: str) -> None:
    state = make(hand + "3456789TJQ", players=2, first=0)
    assert "pass" in state.legal_actions(0)


def test_grab_bidding_two_players_must_bid_hands_must_call() -> None:
    state = make("222B", players=2, first=0, bidding="grab")
    assert state.legal_actions(0) == ["bid 1"]


def test_bidding_refuses_play_and_other_phases_actions_with_a_reason() -> None:
    state = make()
    for action in ("play 3", "double", "grab"):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    with pytest.raises(IllegalAction) as info:
        state.apply(1, "bid 1")
    assert info.value.key == "ddz.err.not_your_turn"


@pytest.mark.parametrize("spoken, canonical", [
    ("3", "bid 3"), ("叫2分", "bid 2"), ("Bid  1", "bid 1"), ("不叫", "pass"), ("PASS", "pass"),
])
def test_forgiving_bid_spellings_are_recorded_canonically(spoken: str, canonical: str) -> None:
    state = run(make(), spoken)
    assert state.actions == (canonical,)
