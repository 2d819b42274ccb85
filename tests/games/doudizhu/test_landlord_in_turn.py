"""斗地主比赛方案 2.2 "每个参赛者都有机会扮演地主和农民的角色" (issue 53 point 4): with
`bidding=turns` nothing is auctioned: the hand's first bidder is the landlord at base 1, so
with `first_bidder=rotate` every seat is landlord in turn; the presets behind that sheet
(`wins`, `activity`) play it. Before, the auction decided and a player could be a farmer
in every hand."""

from __future__ import annotations

import random

import pytest

from bot.games import registry
from bot.tournament.config import parse_settings

SPEC = registry.spec("doudizhu3")
TURNS = {**SPEC.default_options(), "bidding": "turns", "first_bidder": "rotate"}


def test_every_seat_is_landlord_in_turn_with_no_auction() -> None:
    landlords = []
    for hand, seed in enumerate((21, 22, 23, 24, 25, 26)):
        state = SPEC.new_game(3, TURNS, seed, dealer=hand % 3)
        assert state.landlord == hand % 3 and state.base == 1 and not state.auction
        assert len(state.hand(state.landlord)) == 20  # the bottom is the landlord's
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act()[0]
            state = SPEC.step(state, seat, SPEC.ai_action(state, seat, rng)).state
        assert sum(SPEC.outcome(state).scores) == 0
        landlords.append(state.landlord)
    assert landlords == [0, 1, 2, 0, 1, 2]
    again = SPEC.new_game(3, TURNS, 21, dealer=0)
    assert SPEC.state_from_dict(again.to_dict()).to_dict() == again.to_dict()


@pytest.mark.parametrize("preset", ["wins", "activity"])
def test_the_sheets_presets_make_everyone_landlord_in_turn(preset: str) -> None:
    config = parse_settings({"preset": preset}, 0.0)
    # the landlord by turn, who names the stake (3.3; bidding=landlord_names)
    assert config.options["bidding"] == "landlord_names"
    assert config.options["first_bidder"] == "rotate"
    assert (config.hands or 0) % config.table_size == 0  # as many turns each
