"""The two GameSpecs through the host's eyes: options, seeded games, AI seats, hints, scores."""

from __future__ import annotations

import json
import random

import pytest

from bot.errors import IllegalAction
from bot.games.base import GameSpec, GameState
from bot.games.tianji.spec import TIANJI, TIANJI_DUEL


def play_with_ai(spec: GameSpec, players: int, options: dict, seed: int) -> GameState:
    rng = random.Random(seed)
    state = spec.new_game(players, spec.validate_options(options), seed)
    while not state.is_over:
        seat = rng.choice(state.to_act())
        action = spec.ai_action(state, seat, rng)
        assert action in state.legal_actions(seat)
        state, _ = state.apply(seat, action)
        saved = json.loads(json.dumps(state.to_dict()))
        assert spec.state_from_dict(saved).to_dict() == state.to_dict()
    return state


@pytest.mark.parametrize("players", [2, 3, 6])
def test_ai_tables_play_to_a_zero_sum_result(players: int) -> None:
    for seed in range(5):
        state = play_with_ai(TIANJI, players, {}, seed)
        scores = TIANJI.scores(state)
        assert len(scores) == players and sum(scores) == 0


def test_the_same_seed_and_actions_give_the_same_table() -> None:
    first = play_with_ai(TIANJI, 4, {}, 9)
    again = play_with_ai(TIANJI, 4, {}, 9)
    assert first.to_dict() == again.to_dict()


@pytest.mark.parametrize("duel_hand", [3, 5])
def test_ai_duels_play_to_a_zero_sum_result(duel_hand: int) -> None:
    for seed in range(10):
        state = play_with_ai(TIANJI_DUEL, 2, {"duel_hand": duel_hand}, seed)
        assert sum(TIANJI_DUEL.scores(state)) == 0


def test_names_seats_and_options() -> None:
    assert (TIANJI.name, TIANJI.min_players, TIANJI.max_players) == ("tianji", 2, 6)
    assert (TIANJI_DUEL.name, TIANJI_DUEL.min_players, TIANJI_DUEL.max_players) == (
        "tianji-duel", 2, 2)
    assert TIANJI.validate_options({}) == TIANJI.default_options() == {}
    assert TIANJI_DUEL.validate_options({}) == {"duel_hand": 3}
    assert TIANJI_DUEL.validate_options({"duel_hand": 5}) == {"duel_hand": 5}
    for spec, options, key in [(TIANJI_DUEL, {"duel_hand": 4}, "tianji.option_value"),
                               (TIANJI_DUEL, {"duel_hand": True}, "tianji.option_value"),
                               (TIANJI_DUEL, {"duel_hand": "5"}, "tianji.option_value"),
                               (TIANJI_DUEL, {"jokers": 1}, "tianji.option_unknown"),
                               (TIANJI, {"duel_hand": 3}, "tianji.option_unknown")]:
        with pytest.raises(IllegalAction) as refused:
            spec.validate_options(options)
        assert refused.value.key == key
    with pytest.raises(IllegalAction):
        TIANJI.new_game(1, {}, 0)
    with pytest.raises(IllegalAction):
        TIANJI_DUEL.new_game(3, {}, 0)


def test_hints_give_the_best_arrangement_first_then_alternatives() -> None:
    state = TIANJI.new_game(4, {}, 3)
    hints = TIANJI.hints(state, 2)
    assert len(hints) == 3 == len(set(hints))
    assert all(h in state.legal_actions(2) for h in hints)
    assert hints == TIANJI.hints(state, 2)  # asking twice gives the same answer
    state, _ = state.apply(2, hints[0])
    assert TIANJI.hints(state, 2) == []


def test_duel_hints_start_with_the_ai_choice() -> None:
    state = TIANJI_DUEL.new_game(2, {}, 3)
    hints = TIANJI_DUEL.hints(state, 0)
    assert sorted(hints) == sorted(state.legal_actions(0))
    assert hints[0] == TIANJI_DUEL.ai_action(state, 0, random.Random(0))
    assert TIANJI_DUEL.hints(state, 1) == []


def test_scores_are_refused_before_the_end() -> None:
    with pytest.raises(IllegalAction):
        TIANJI.scores(TIANJI.new_game(3, {}, 1))
    with pytest.raises(IllegalAction):
        TIANJI_DUEL.scores(TIANJI_DUEL.new_game(2, {}, 1))
