"""One conformance test over every registered game (after OpenSpiel's `random_sim_test`).

Seeded random games of each game, checking at every step what the host relies on:
states round-trip through JSON exactly, the canonical action is legal and replays to the
same state, the public view holds no card a seat still keeps hidden (except where the
game module says its rules show it: the bottom, 明牌, the dummy), every prompt's choices
and every hint are legal actions, and finished games are zero-sum (an escape: only the quitter pays, or a zero-sum share).

`CONFORMANCE_GAMES` sets the games per game (default 400, a few seconds each on a quiet
machine; set it to thousands for a soak run).
"""

from __future__ import annotations

import json
import os
import random
import re
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import Outcome

GAMES = int(os.environ.get("CONFORMANCE_GAMES", "400"))
DEEP_EVERY = 50  # one game in this many also checks hints and prompts (the AI is costly:
# 打棒子's hints are its strong search)
MAX_STEPS = 2000
WORDS = re.compile(r'[^\s|"\[\],:{}]+')  # card codes are words of the JSON text


def card_tokens(public: dict[str, Any], skip: frozenset[str]) -> set[str]:
    """Every word of the public view (its JSON text), outside the keys in `skip`."""
    text = json.dumps({k: v for k, v in public.items() if k not in skip})
    return set(WORDS.findall(text))


def check_zero_sum(outcome: Outcome, players: int) -> None:
    assert len(outcome.scores) == players and sum(outcome.scores) == 0, outcome
    assert len(outcome.roles) == players
    json.dumps(outcome.to_dict())
    json.dumps(dict(outcome.record))


def check_escape(outcome: Outcome, players: int, quitter: int) -> None:
    """An escape: zero-sum when the others share the penalty, else only the quitter pays
    (the bank takes it, RULES §1.5)."""
    assert outcome.ended_by == f"escape:{quitter}"
    assert len(outcome.scores) == players and outcome.scores[quitter] < 0, outcome
    if sum(outcome.scores) != 0:
        assert all(s == 0 for i, s in enumerate(outcome.scores) if i != quitter), outcome


def check_views(game: str, spec: Any, state: Any, deep: bool) -> None:
    """Privacy of the public view; legality of prompts and hints."""
    record = registry.module(game)
    render = registry.renderer(game, spec.default_options())
    public = state.public()  # the typed view; its JSON form (public_view()) round-trips
    data = public.to_dict()
    assert spec.public_from_dict(data) == public, game
    shown = card_tokens(data, frozenset(record.public_cards))
    for seat in range(state.players):
        private = state.private(seat)
        held, _ = render.hand(private)
        if not state.is_over:
            leaked = shown & set(held)
            assert not leaked, (game, seat, leaked, public)
        legal = state.legal_actions(seat)
        if deep and legal:
            hints = spec.hints(state, seat)
            assert set(hints) <= set(legal), (game, seat, hints)
            parts = render.prompt(public, private, legal, hints, "en")
            offered = {action for action, _ in (*parts.choices, *parts.suggestions)}
            assert offered <= set(legal), (game, seat, offered - set(legal))


def play_random_game(game: str, seed: int, options: dict[str, Any] | None = None) -> None:
    """One seeded random game of `game` (with `options` over the defaults), checked at every
    step."""
    spec = registry.spec(game)
    rng = random.Random(f"{game}:{seed}")
    players = rng.randint(spec.min_players, spec.max_players)
    state = spec.new_game(players, {**spec.default_options(), **(options or {})}, seed,
                          dealer=seed % players)
    deep = seed % DEEP_EVERY == 0
    for _ in range(MAX_STEPS):
        data = state.to_dict()
        assert json.loads(json.dumps(data)) == data
        assert spec.state_from_dict(data).to_dict() == data
        check_views(game, spec, state, deep)
        to_act = state.to_act()
        if not to_act:
            break
        assert not state.is_over
        seat = rng.choice(to_act)
        if rng.random() < 0.02:
            escape = spec.leave(state, seat)
            if escape is not None:
                check_escape(escape, players, seat)
        legal = state.legal_actions(seat)
        assert legal, (game, seat)
        step = spec.step(state, seat, rng.choice(legal))
        assert step.action in legal, (game, step.action)
        again = spec.step(state, seat, step.action)
        assert again.state.to_dict() == step.state.to_dict()
        assert again.action == step.action
        state = step.state
    else:
        raise AssertionError(f"{game} seed {seed} did not end in {MAX_STEPS} steps")
    assert state.is_over
    outcome = spec.outcome(state)
    check_zero_sum(outcome, players)
    assert len(outcome.cards_left) == players


@pytest.mark.parametrize("game", registry.names())
def test_seeded_random_games_keep_every_promise_of_the_protocol(game: str) -> None:
    for seed in range(GAMES):
        play_random_game(game, seed)


# Option sets that change how a game is played (issue 41: 斗地主's 癞子 / 天地癞子 with 超级加倍
# and 不洗牌), run through the same checks with a quarter of the games.
VARIANTS = {
    "doudizhu3": ({"variant": "laizi", "doubling": "super"},
                  {"variant": "tiandi_laizi", "shuffle": False, "doubling": True}),
    "doudizhu2": ({"variant": "laizi", "shuffle": False},
                  {"variant": "tiandi_laizi", "doubling": "super"}),
}


@pytest.mark.parametrize(("game", "options"), [
    (game, options) for game, sets in VARIANTS.items() if game in registry.names()
    for options in sets])
def test_seeded_random_games_in_the_variants_keep_every_promise(
        game: str, options: dict[str, Any]) -> None:
    for seed in range(max(1, GAMES // 4)):
        play_random_game(game, seed, options)
