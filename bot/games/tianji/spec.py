"""The two 田忌赛马 games the host runs: `tianji` (a table of 2–6) and `tianji-duel` (§3.7)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.cards import format_compact
from bot.errors import IllegalAction
from bot.games.base import GameState, Outcome, Step
from bot.games.tianji.ai import best_arrangement, rank_arrangements
from bot.games.tianji.duel import DUEL_HANDS, ROLES, DuelState, duel_action
from bot.games.tianji.state import MAX_PLAYERS, MIN_PLAYERS, TableState, check_players
from bot.games.tianji.views import DuelPublic, TablePublic

HINTS = 3  # the best arrangement and two alternatives


def _check_keys(options: dict[str, Any], known: dict[str, Any]) -> None:
    for key in options:
        if key not in known:
            raise IllegalAction("tianji.option_unknown", option=key)


def _hint_rng(seed: int, seat: int, step: int) -> random.Random:
    """A deterministic generator per position, so asking twice gives the same hint."""
    return random.Random(f"tianji-hint:{seed}:{seat}:{step}")


class TianjiSpec:
    """田忌赛马 poker at a table of 2–6: arrange six cards, reveal, settle in three rounds."""

    name = "tianji"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def default_options(self) -> dict[str, Any]:
        """The table has no rule options (RULES.md §3.1–§3.6 mark none)."""
        return {}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Rejects any option: none exists for the table."""
        _check_keys(options, self.default_options())
        return self.default_options()

    def new_game(self, players: int, options: dict[str, Any], seed: int,
                 dealer: int = 0) -> TableState:
        """Deal a table (it has no dealer: every seat arranges at once)."""
        self.validate_options(options)
        return TableState.deal(players, seed)

    def step(self, state: GameState, seat: int, action: str) -> Step:
        """Submit an arrangement; the canonical action is the arrangement's own code."""
        assert isinstance(state, TableState)
        after, events = state.apply(seat, action)
        arrangement = after.arrangements[seat]
        assert arrangement is not None
        return Step(after, tuple(events), arrangement.action)

    def outcome(self, state: GameState) -> Outcome:
        """Each seat's total of the three rounds; every card was shown in the reveal."""
        assert isinstance(state, TableState)
        return Outcome(scores=tuple(self.scores(state)), roles=(None,) * state.players,
                       record={"public": state.public_view()},
                       cards_left=("",) * state.players)

    def leave(self, state: GameState, seat: int) -> Outcome | None:
        """A table has no escape penalty: the seat's arrangement is made for it (托管)."""
        return None

    def state_from_dict(self, data: dict[str, Any]) -> TableState:
        """Load a saved table."""
        return TableState.from_dict(data)

    def public_from_dict(self, data: Mapping[str, Any]) -> TablePublic:
        """Load a public view saved with to_dict (a room's last result)."""
        return TablePublic.from_dict(data)

    def ai_action(self, state: GameState, seat: int, rng: random.Random) -> str:
        """The solver's arrangement for the seat (AI seats, timeouts)."""
        assert isinstance(state, TableState)
        if seat not in state.to_act():
            raise IllegalAction("tianji.already_arranged")
        return best_arrangement(state.hands[seat], state.players, rng).action

    def hints(self, state: GameState, seat: int) -> list[str]:
        """The best arrangement, then two alternatives (deterministic for the position)."""
        assert isinstance(state, TableState)
        if seat not in state.to_act():
            return []
        ranked = rank_arrangements(state.hands[seat], state.players,
                                   _hint_rng(state.seed, seat, 0))
        return [a.action for a, _ in ranked[:HINTS]]

    def scores(self, state: GameState) -> list[int]:
        """Each seat's total of the three rounds, in stake units."""
        assert isinstance(state, TableState)
        if state.settlement is None:
            raise IllegalAction("tianji.not_over")
        return list(state.settlement.totals)


class TianjiDuelSpec:
    """田忌赛马 duel (老师与学生): three tricks of single cards, best of three."""

    name = "tianji-duel"
    min_players = 2
    max_players = 2

    def default_options(self) -> dict[str, Any]:
        """Deal 3 cards each (option `duel_hand`: 3, or 5 and keep 3)."""
        return {"duel_hand": 3}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Checked options with defaults filled in."""
        _check_keys(options, self.default_options())
        full = {**self.default_options(), **options}
        hand = full["duel_hand"]
        if isinstance(hand, bool) or hand not in DUEL_HANDS:
            raise IllegalAction("tianji.option_value", option="duel_hand", value=hand,
                                allowed="3, 5")
        return full

    def new_game(self, players: int, options: dict[str, Any], seed: int,
                 dealer: int = 0) -> DuelState:
        """Deal a duel; seat 0 (the opener) is the student who shows first every trick (the
        duel has no dealer)."""
        if players != 2:
            raise IllegalAction("tianji.player_count", players=players, min=2, max=2)
        return DuelState.deal(seed, self.validate_options(options)["duel_hand"])

    def step(self, state: GameState, seat: int, action: str) -> Step:
        """Keep three or play one; the canonical action names the cards as the state holds
        them (kept cards highest first)."""
        assert isinstance(state, DuelState)
        after, events = state.apply(seat, action)
        if state.phase == "keep":
            kept = after.kept[seat]
            assert kept is not None
            return Step(after, tuple(events), "keep " + format_compact(kept))
        played = after.lead if seat == 0 else after.tricks[-1][1]
        assert played is not None
        return Step(after, tuple(events), "play " + played.code)

    def outcome(self, state: GameState) -> Outcome:
        """+1/−1 for the winner of the most tricks; the last card answered the last trick."""
        assert isinstance(state, DuelState)
        scores = self.scores(state)
        _, answer = state.tricks[-1]
        return Outcome(scores=tuple(scores), roles=ROLES,
                       record={"public": state.public_view()}, final_play=(1, answer.code),
                       cards_left=tuple(format_compact(state.remaining(s)) for s in (0, 1)))

    def leave(self, state: GameState, seat: int) -> Outcome | None:
        """A duel has no escape penalty: the seat plays on in 托管."""
        return None

    def state_from_dict(self, data: dict[str, Any]) -> DuelState:
        """Load a saved duel."""
        return DuelState.from_dict(data)

    def public_from_dict(self, data: Mapping[str, Any]) -> DuelPublic:
        """Load a public view saved with to_dict (a room's last result)."""
        return DuelPublic.from_dict(data)

    def ai_action(self, state: GameState, seat: int, rng: random.Random) -> str:
        """Keep the highest three; answer with the cheapest winner; lead by sampling."""
        assert isinstance(state, DuelState)
        if seat not in state.to_act():
            raise IllegalAction("tianji.duel.not_your_turn")
        return duel_action(state, seat, rng)

    def hints(self, state: GameState, seat: int) -> list[str]:
        """The AI's action first, then the other legal actions."""
        assert isinstance(state, DuelState)
        legal = state.legal_actions(seat)
        if not legal:
            return []
        step = len(state.tricks) * 2 + (state.lead is not None)
        best = duel_action(state, seat, _hint_rng(state.seed, seat, step))
        return [best, *(a for a in legal if a != best)]

    def scores(self, state: GameState) -> list[int]:
        """+1/−1 for the winner (3局2胜)."""
        assert isinstance(state, DuelState)
        if not state.is_over:
            raise IllegalAction("tianji.not_over")
        return state.scores()


TIANJI = TianjiSpec()
TIANJI_DUEL = TianjiDuelSpec()

__all__ = ["TIANJI", "TIANJI_DUEL", "TianjiDuelSpec", "TianjiSpec", "check_players"]
