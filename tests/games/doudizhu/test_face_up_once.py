"""十局 sheet: "首局先翻出一张明牌，获得明牌的人开始先叫牌" — the face-up card is for a table's first
hand; after it the first bid goes round from its holder (first_bidder=face_up_once, the
ten_hands preset). Before, ten_hands turned a card every hand (issue 53 point 5)."""

from __future__ import annotations

import random

from bot.games import registry
from bot.tournament.config import parse_settings

SPEC = registry.spec("doudizhu3")
ONCE = {**SPEC.default_options(), "first_bidder": "face_up_once"}


def play_out(state):
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act()[0]
        state = SPEC.step(state, seat, SPEC.ai_action(state, seat, rng)).state
    return state


def test_the_card_is_turned_on_the_first_hand_only_then_the_bid_goes_round() -> None:
    first = SPEC.new_game(3, ONCE, 11, dealer=0)
    holder = first.public_view()["face_up_holder"]
    assert first.public_view()["face_up"] and first.first_bidder == (
        holder if holder is not None else 0)
    outcome = SPEC.outcome(play_out(first))
    assert outcome.carry == {"in_turn": True}
    assert outcome.next_dealer == (first.first_bidder + 1) % 3
    seen = [first.first_bidder]
    carry, dealer = dict(outcome.carry), outcome.next_dealer
    for seed in (12, 13, 14):
        hand = SPEC.new_game(3, ONCE, seed, dealer=dealer, carry=carry)
        assert hand.public_view()["face_up"] is None  # no card turned
        assert hand.first_bidder == dealer == (seen[-1] + 1) % 3
        seen.append(hand.first_bidder)
        done = SPEC.outcome(play_out(hand))
        assert done.dealt_with == {"in_turn": True}  # a replay deals it the same way
        again = SPEC.new_game(3, ONCE, seed, dealer=dealer, carry=done.dealt_with)
        assert again.to_dict() == hand.to_dict()
        carry, dealer = dict(done.carry), done.next_dealer
    # The default turns a card every hand, as before.
    plain = SPEC.new_game(3, SPEC.default_options(), 12, dealer=1, carry={"in_turn": True})
    assert plain.public_view()["face_up"]


def test_ten_hands_turns_the_card_on_the_first_hand_only() -> None:
    config = parse_settings({"preset": "ten_hands"}, 0.0)
    assert config.options["first_bidder"] == "face_up_once"
