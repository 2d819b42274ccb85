"""The strong AI's rating of a finished hand's decisions (replays that teach): only the
people's own choices with more than one option, plays weighed (the AI's move and the change
in win chance), calls set beside the AI's call; the same hand gives the same analysis."""

from __future__ import annotations

import random

from bot.games.doudizhu import teach
from bot.games.doudizhu.spec import DOUDIZHU3


def hand(seed: int) -> list[tuple[int, str]]:
    """A hand where seat 0 plays at random (every choice its own) and the others as the AI."""
    state = DOUDIZHU3.new_game(3, DOUDIZHU3.default_options(), seed, dealer=0)
    rng = random.Random(seed)
    actions = []
    while not state.is_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = rng.choice(legal) if seat == 0 else DOUDIZHU3.ai_action(state, seat, rng)
        actions.append((seat, action))
        state = DOUDIZHU3.step(state, seat, action).state
    return actions


def test_only_the_persons_own_choices_are_rated_plays_weighed_calls_named() -> None:
    options = DOUDIZHU3.default_options()
    for seed in range(4):
        actions = hand(seed)
        mine = [i for i, (seat, _) in enumerate(actions) if seat == 0]
        own = mine[1:]  # the first one 托管 played for them: not theirs
        out = teach.analyse("doudizhu3", options, seed, {"dealer": 0}, actions,
                            [True, False, False], own)
        assert out == teach.analyse("doudizhu3", options, seed, {"dealer": 0}, actions,
                                    [True, False, False], own)  # reproducible
        rated = {d["index"] - 1 for d in out["decisions"]}
        assert rated <= set(own) and mine[0] not in rated
        for decision in out["decisions"]:
            assert actions[decision["index"] - 1] == (0, decision["played"])
            if decision["loss"] is None:
                assert not decision["played"].startswith("play")
            else:
                assert -1.0 <= decision["loss"] <= 1.0
                if decision["best"] == decision["played"]:
                    assert decision["loss"] == 0.0
            assert all(decision["words"][part]["zh"] for part in ("played", "best"))
        losses = {d["index"]: d["loss"] for d in out["decisions"]}
        assert all(losses[i] >= teach.MISTAKE for i in out["mistakes"])
        assert len(out["mistakes"]) <= teach.TOP


def test_a_hand_without_people_rates_nothing() -> None:
    actions = hand(1)
    out = teach.analyse("doudizhu3", DOUDIZHU3.default_options(), 1, {"dealer": 0}, actions,
                        [False, False, False], None)
    assert out["decisions"] == [] and out["mistakes"] == []


def test_a_laizi_hand_is_rated_beside_the_modes_planner() -> None:
    # issue 56: the replay of a 癞子 hand (its plays name their wild readings) rated each
    # play with the classic search, which knows no wild card, and failed on the first one.
    options = {"mode": "laizi"}
    state = DOUDIZHU3.new_game(3, options, 5, dealer=0)
    rng = random.Random(5)
    actions = []
    while not state.is_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = rng.choice(legal) if seat == 0 else DOUDIZHU3.ai_action(state, seat, rng)
        actions.append((seat, action))
        state = DOUDIZHU3.step(state, seat, action).state
    out = teach.analyse("doudizhu3", options, 5, {"dealer": 0}, actions,
                        [True, False, False], None)
    plays = [d for d in out["decisions"] if d["played"].startswith("play")
             or d["played"] == "pass"]
    assert plays and all(d["loss"] in (None, 0.0) for d in plays)
    assert any(d["best"] != d["played"] and d["loss"] is None for d in plays)
    assert all(d["words"]["best"]["zh"] for d in plays)
