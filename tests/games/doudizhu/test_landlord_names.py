"""斗地主比赛方案 3.3 (issue 53 point 3): "地主拥有先叫分的权利。地主可以选择叫分的大小，农民可以选择
跟随或者不跟。如果农民不跟叫分，则地主直接获得本局的胜利" — with `bidding=landlord_names` the
landlord (the hand's first bidder: in turn with first_bidder=rotate) names the stake 1–3,
each farmer follows or passes (不跟), and a farmer who does not follow ends the hand: the
landlord wins it at the stake named, no card played."""

from __future__ import annotations

import random

import pytest

from bot.errors import IllegalAction
from bot.games import registry
from bot.games.doudizhu.text import DoudizhuText

SPEC = registry.spec("doudizhu3")
NAMES = {**SPEC.default_options(), "bidding": "landlord_names", "first_bidder": "rotate"}


def test_the_landlord_names_the_stake_and_both_farmers_follow() -> None:
    state = SPEC.new_game(3, NAMES, 31, dealer=1)
    assert state.to_act() == [1] and state.legal_actions(1) == ["bid 1", "bid 2", "bid 3"]
    with pytest.raises(IllegalAction):
        state.apply(1, "pass")  # the landlord names a stake; no pass
    step = SPEC.step(state, 1, "bid 2")
    assert step.state.legal_actions(2) == ["bid 2", "pass"]  # follow 2, or not
    state = SPEC.step(step.state, 2, "bid 2").state
    state = SPEC.step(state, 0, "bid 2").state
    assert state.landlord == 1 and state.base == 2 and not state.is_over
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_act()[0]
        state = SPEC.step(state, seat, SPEC.ai_action(state, seat, rng)).state
    scores = SPEC.outcome(state).scores
    assert sum(scores) == 0 and abs(scores[1]) >= 4  # 2 × the stake of 2, at least


def test_a_farmer_who_does_not_follow_concedes_the_hand_to_the_landlord() -> None:
    state = SPEC.new_game(3, NAMES, 32, dealer=0)
    state = SPEC.step(state, 0, "bid 3").state
    step = SPEC.step(state, 1, "pass")
    assert step.state.is_over and [e.kind for e in step.events][:1] == ["ddz.follow"]
    outcome = SPEC.outcome(step.state)
    assert outcome.scores == (6, -3, -3)  # the landlord wins at the stake named
    assert not step.state.history  # no card played
    again = SPEC.state_from_dict(step.state.to_dict())
    assert again.to_dict() == step.state.to_dict()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_prompts_say_name_and_follow(lang: str) -> None:
    text = DoudizhuText(NAMES)
    state = SPEC.new_game(3, NAMES, 33, dealer=2)
    named = text.prompt(state.public(), state.private(2), [], [], lang)
    assert [label for _, label in named.choices] == [
        text.bid_text(f"bid {n}", lang) for n in (1, 2, 3)]
    state = SPEC.step(state, 2, "bid 1").state
    follow = text.prompt(state.public(), state.private(0), [], [], lang)
    assert [a for a, _ in follow.choices] == ["bid 1", "pass"]
    assert follow.choices[1][1] == ("Don't follow" if lang == "en" else "不跟")


def test_the_ai_names_a_stake_and_follows() -> None:
    state = SPEC.new_game(3, NAMES, 34, dealer=0)
    rng = random.Random(0)
    action = SPEC.ai_action(state, 0, rng)
    assert action in ("bid 1", "bid 2", "bid 3")
    state = SPEC.step(state, 0, action).state
    assert SPEC.ai_action(state, 1, rng) == action  # follows
