"""The two 斗地主 games the host runs: `doudizhu3` (RULES §1) and `doudizhu2` (RULES §2)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.errors import IllegalAction
from bot.games.base import GameState
from bot.games.doudizhu import levels
from bot.games.doudizhu.options import RuleOptions, validate
from bot.games.doudizhu.state import DoudizhuState


@dataclass(frozen=True, slots=True)
class DoudizhuSpec:
    """A 斗地主 game for a fixed number of players (implements bot.games.base.GameSpec)."""

    name: str
    players: int

    @property
    def min_players(self) -> int:
        """Seats that must be filled (by people or AI)."""
        return self.players

    @property
    def max_players(self) -> int:
        """Seats at the table."""
        return self.players

    def default_options(self) -> dict[str, Any]:
        """RULES.md §1.6 defaults for this player count."""
        return RuleOptions(players=self.players).to_dict()

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Full, checked options; raises IllegalAction on a bad value or combination."""
        data = dict(options)
        if data.setdefault("players", self.players) != self.players:
            raise IllegalAction("ddz.err.bad_option", option="players",
                                value=repr(data["players"]))
        return validate(data).to_dict()

    def new_game(self, players: int, options: dict[str, Any], seed: int,
                 dealer: int = 0) -> DoudizhuState:
        """Deal a hand from `seed`; `dealer` (the previous hand's dealer + 1) breaks the tie
        when the face-up card lies in the bottom."""
        if players != self.players:
            raise IllegalAction("ddz.err.bad_option", option="players", value=repr(players))
        return DoudizhuState.new(RuleOptions.from_dict(self.validate_options(options)), seed,
                                 dealer)

    def state_from_dict(self, data: dict[str, Any]) -> DoudizhuState:
        """Load a state saved with to_dict."""
        return DoudizhuState.from_dict(data)

    def ai_action(self, state: GameState, seat: int, rng: random.Random) -> str:
        """The table's AI level's action for `seat` (AI seats, 托管, timeouts)."""
        assert isinstance(state, DoudizhuState)
        return levels.choose_action(state, seat, rng)

    def hints(self, state: GameState, seat: int) -> list[str]:
        """Suggested actions for `seat`, best first (提示 cycles through them)."""
        assert isinstance(state, DoudizhuState)
        return levels.hints(state, seat)

    def scores(self, state: GameState) -> list[int]:
        """Per-seat result of a finished hand in stake units; sums to zero."""
        assert isinstance(state, DoudizhuState)
        return state.scores()


DOUDIZHU3 = DoudizhuSpec("doudizhu3", 3)
DOUDIZHU2 = DoudizhuSpec("doudizhu2", 2)
