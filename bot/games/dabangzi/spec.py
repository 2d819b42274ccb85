"""The 打棒子 game the host runs: options, dealing, steps, the outcome (docs/rules.md §6)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.errors import IllegalAction
from bot.games.base import GameState, Outcome, Step
from bot.games.dabangzi.scoring import TOP, hand_scores, match_scores, team_of
from bot.games.dabangzi.search import choose
from bot.games.dabangzi.state import DabangziState
from bot.games.dabangzi.views import PublicView

HINTS = 3
OPTIONS: dict[str, Any] = {"match": False}
"""`match`: one game is a whole match (levels 2 → past A, the deal passing hand to hand);
off (the default), one game is one hand at level 2, settled by the levels it wins."""


def _hint_rng(state: DabangziState, seat: int) -> random.Random:
    """The same hint for the same position."""
    return random.Random(f"dabangzi-hint:{state.seed}:{state.number}:{seat}")


class DabangziSpec:
    """打棒子: four players in two partnerships (seats 0 and 2 against 1 and 3)."""

    name = "dabangzi"
    min_players = 4
    max_players = 4

    def default_options(self) -> dict[str, Any]:
        """One game is one hand (`match` off)."""
        return dict(OPTIONS)

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Checked options with the defaults filled in."""
        for key in options:
            if key not in OPTIONS:
                raise IllegalAction("dbz.option_unknown", option=key)
        full = {**OPTIONS, **options}
        if not isinstance(full["match"], bool):
            raise IllegalAction("dbz.option_value", option="match", value=full["match"],
                                allowed="on, off")
        return full

    def new_game(self, players: int, options: dict[str, Any], seed: int,
                 dealer: int = 0, carry: Mapping[str, Any] | None = None) -> DabangziState:
        """Deal from `dealer` (a match's first hand: the seat that starts the draw); a single
        hand `carry`ing the table's levels on from the hand before starts at them."""
        if players != 4:
            raise IllegalAction("dbz.player_count", players=players)
        match = self.validate_options(options)["match"]
        carried = None
        if carry and not match:
            levels = carry.get("levels") or (0, 0)
            carried = ((int(levels[0]), int(levels[1])), int(carry.get("number") or 1))
        return DabangziState.start(seed, dealer % 4, match, carried)

    def step(self, state: GameState, seat: int, action: str) -> Step:
        """Apply an action; the canonical spelling names the cards as the state sorts them."""
        assert isinstance(state, DabangziState)
        canonical = state.canonical(seat, action)
        after, events = state.apply(seat, canonical)
        return Step(after, tuple(events), canonical)

    def outcome(self, state: GameState) -> Outcome:
        """The hand's (or the match's) scores per seat; the last hand's roles."""
        assert isinstance(state, DabangziState)
        last = state.results[-1]
        final = state.last_trick[-1] if state.last_trick else None
        # the roles as the table names them (host.role.<role>), so records and pages agree
        roles = tuple("dbz_dealer" if s == last.dealer else
                      "dbz_partner" if team_of(s) == team_of(last.dealer) else "dbz_attacker"
                      for s in range(4))
        # A single hand hands its levels on to the table's next, until a team passes A
        # (or the clause-7 shutout) ends the match: then the next starts again at level 2.
        match_over = (last.winner == team_of(last.dealer)
                      and (state.levels[last.winner] > TOP or last.shutout))
        carry = None if state.match or match_over else {
            "levels": list(state.levels), "number": state.number + 1}
        dealt = state.carried
        return Outcome(scores=tuple(self.scores(state)), roles=roles,
                       record={"public": state.public_view()}, dealer=state.first,
                       next_dealer=last.next_dealer, carry=carry,
                       dealt_with={"levels": list(dealt[0]), "number": dealt[1]}
                       if dealt else None,
                       final_play=(final[0], " ".join(final[1])) if final else None,
                       cards_left=("",) * 4)

    def leave(self, state: GameState, seat: int) -> Outcome | None:
        """No escape penalty: the seat plays on in 托管."""
        return None

    def state_from_dict(self, data: dict[str, Any]) -> DabangziState:
        """Load a saved state."""
        return DabangziState.from_dict(data)

    def public_from_dict(self, data: Mapping[str, Any]) -> PublicView:
        """Load a public view saved with to_dict."""
        return PublicView.from_dict(data)

    def ai_action(self, state: GameState, seat: int, rng: random.Random) -> str:
        """The built-in player's action: the strong level (AI seats, 托管, timeouts)."""
        assert isinstance(state, DabangziState)
        if seat not in state.to_act():
            raise IllegalAction("dbz.not_your_turn")
        return choose(state, seat, rng)

    def hints(self, state: GameState, seat: int) -> list[str]:
        """The strong level's action first, then a few other legal actions."""
        assert isinstance(state, DabangziState)
        legal = state.legal_actions(seat)
        if not legal:
            return []
        best = choose(state, seat, _hint_rng(state, seat))
        return [best, *(a for a in legal if a != best)][:HINTS]

    def scores(self, state: GameState) -> list[int]:
        """Per seat: a hand's levels (and 吃血), or a match's win and 吃血."""
        assert isinstance(state, DabangziState)
        if not state.is_over or state.winner is None:
            raise IllegalAction("dbz.not_over")
        if state.match:
            return list(match_scores(state.winner, state.blood))
        return list(hand_scores(state.results[-1]))


DABANGZI = DabangziSpec()
