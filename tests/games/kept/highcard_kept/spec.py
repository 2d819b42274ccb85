"""The engine: options, the deal, the AI, the outcome."""

from __future__ import annotations

import random
from typing import Any

from bot.errors import IllegalAction
from bot.games.base import Outcome, Step

from .state import HAND, ORDER, State
from .views import Public


class Spec:
    """The engine."""

    name = "highcard-kept"
    min_players = 2
    max_players = 3

    def default_options(self) -> dict[str, Any]:
        return {}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        for key in options:
            raise IllegalAction("hck.err.option", option=key)
        return {}

    def new_game(self, players: int, options: dict[str, Any], seed: int,
                 dealer: int = 0) -> State:
        cards = random.Random(seed).sample(ORDER, HAND * players)
        return State(tuple(tuple(cards[i::players]) for i in range(players)))

    def state_from_dict(self, data: dict[str, Any]) -> State:
        return State.from_dict(data)

    def public_from_dict(self, data: dict[str, Any]) -> Public:
        return Public.from_dict(data)

    def ai_action(self, state: State, seat: int, rng: random.Random) -> str:
        return self.hints(state, seat)[0]

    def hints(self, state: State, seat: int) -> list[str]:
        plays = [a for a in state.legal_actions(seat) if a.startswith("play ")]
        return sorted(plays, key=lambda a: -ORDER.index(a.split()[1]))

    def scores(self, state: State) -> list[int]:
        taken = [state.winners().count(s) for s in range(state.players)]
        best = max(taken)
        if taken.count(best) > 1:
            return [0] * state.players
        return [state.players - 1 if t == best else -1 for t in taken]

    def step(self, state: State, seat: int, action: str) -> Step:
        after, events = state.apply(seat, action)
        return Step(after, tuple(events), action.strip())

    def outcome(self, state: State) -> Outcome:
        if not state.is_over:
            raise IllegalAction("hck.err.not_over")
        seat, card = state.played[-1]
        return Outcome(tuple(self.scores(state)), (None,) * state.players,
                       {"taken": state.winners()}, final_play=(seat, card),
                       cards_left=tuple(" ".join(state.held(s)) for s in range(state.players)))

    def leave(self, state: State, seat: int) -> Outcome | None:
        return None


SPEC = Spec()
