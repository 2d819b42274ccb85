"""A table's single hands of 打棒子 are one match: each hand hands its levels on to the next
(`Outcome.carry`), so levels go up from hand to hand, and a replay deals a hand again with
what it was dealt with (`Outcome.dealt_with`)."""

from __future__ import annotations

import random

from bot.games import registry
from bot.games.base import Outcome
from bot.games.dabangzi import ai

SPEC = registry.spec("dabangzi")


def play_hand(seed: int, dealer: int, carry: dict | None) -> tuple[object, Outcome]:
    extra = {"carry": carry} if carry else {}
    state = SPEC.new_game(4, SPEC.default_options(), seed, dealer=dealer, **extra)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act()[0]
        # the normal level (the strong level's rollout player): the levels are the point here
        state = SPEC.step(state, seat, ai.choose(state, seat, rng)).state
    return state, SPEC.outcome(state)


def test_levels_carried_from_hand_to_hand_go_up_and_a_replay_deals_the_same() -> None:
    carry, dealer, seen = None, 0, []
    for seed in range(1, 9):
        state, outcome = play_hand(seed, dealer, carry)
        public = state.public_view()
        seen.append((public["number"] if "number" in public else None, carry))
        if carry is not None:  # dealt on: the levels it started at are the carried ones
            assert outcome.dealt_with == carry
            again, _ = play_hand(seed, dealer, dict(outcome.dealt_with))
            assert again.to_dict() == state.to_dict()  # the replay's deal and play
        carry = dict(outcome.carry) if outcome.carry else None
        dealer = outcome.next_dealer
        if carry is None:
            break
    levels = [c["levels"] for _, c in seen if c]
    assert levels and max(max(pair) for pair in levels) > 0  # somebody went up
    assert all(c["number"] == i + 2 for i, (_, c) in enumerate(seen[1:]) if c)


def test_a_match_option_table_carries_nothing() -> None:
    options = {**SPEC.default_options(), "match": True}
    state = SPEC.new_game(4, options, 5, carry={"levels": [3, 4], "number": 7})
    assert state.to_dict()["levels"] == [0, 0]  # a whole match starts at level 2 itself
