"""The two 斗地主 games the host runs: `doudizhu3` (RULES §1) and `doudizhu2` (RULES §2)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.cards import deck54
from bot.errors import IllegalAction
from bot.games.base import GameState, Outcome, Step
from bot.games.doudizhu import levels
from bot.games.doudizhu.deal import cards_from_text, cards_text
from bot.games.doudizhu.options import RuleOptions, mode_as_variant, validate
from bot.games.doudizhu.state import DoudizhuState
from bot.games.doudizhu.views import PublicView, role


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

    # The name for the variant (`mode=classic|laizi|tiandi_laizi`): the host reads a
    # `mode=` word other than beans/points as this option's value.
    mode_option = "variant"

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Full, checked options; raises IllegalAction on a bad value or combination.
        `mode=classic|laizi|tiandi_laizi` is read as `variant` (RULES §2.1)."""
        data = dict(options)
        if data.setdefault("players", self.players) != self.players:
            raise IllegalAction("ddz.err.bad_option", option="players",
                                value=repr(data["players"]))
        return validate(data).to_dict()

    def new_game(self, players: int, options: dict[str, Any], seed: int,
                 dealer: int = 0, carry: Mapping[str, Any] | None = None) -> DoudizhuState:
        """Deal a hand from `seed`; `dealer` (the previous hand's dealer + 1) breaks the tie
        when the face-up card lies in the bottom. With `shuffle` off, `carry` holds the last
        hand's cards gathered in order (`{"order": "3s 5h ..."}`, RULES §2.1: 不洗牌)."""
        if players != self.players:
            raise IllegalAction("ddz.err.bad_option", option="players", value=repr(players))
        # Only the options the game still knows: a room or record saved with one since
        # retired (last_bidder_double) deals and replays without it.
        known = self.default_options()
        options = {k: v for k, v in mode_as_variant(options).items() if k in known}
        rules = RuleOptions.from_dict(self.validate_options(options))
        gathered: tuple[str, ...] = ()
        order = (carry or {}).get("order")
        if not rules.shuffle and isinstance(order, str):
            try:
                gathered = cards_from_text(order)
            except KeyError:
                gathered = ()
            if sorted(gathered) != _DECK:
                gathered = ()  # not a whole deck: shuffle, as for a first hand
        return DoudizhuState.new(rules, seed, dealer, gathered,
                                 in_turn=bool((carry or {}).get("in_turn")))

    def step(self, state: GameState, seat: int, action: str) -> Step:
        """Apply one action; the engine keeps the canonical spelling in `actions`."""
        assert isinstance(state, DoudizhuState)
        after, events = state.apply(seat, action)
        return Step(after, tuple(events), after.actions[-1])

    def outcome(self, state: GameState) -> Outcome:
        """The finished hand: scores with the all-pass redeals' penalties folded in."""
        assert isinstance(state, DoudizhuState)
        scores = state.scores()
        if len(state.penalties) == len(scores):
            scores = [s + p for s, p in zip(scores, state.penalties, strict=True)]
        return self._outcome(state, scores, state.result(), None)

    def leave(self, state: GameState, seat: int) -> Outcome | None:
        """With `escape_penalty` the quitter forfeits 3 × their current stake (RULES §1.5);
        without it the hand goes on with the seat in 托管."""
        assert isinstance(state, DoudizhuState)
        if not state.options.escape_penalty:
            return None
        return self._outcome(state, state.escape_scores(seat), {}, f"escape:{seat}")

    @staticmethod
    def _outcome(state: DoudizhuState, scores: list[int], record: dict[str, Any],
                 ended_by: str | None) -> Outcome:
        last = next(((s, shown) for s, shown in reversed(state.history) if shown), None)
        carry = dealt_with = None
        if not state.options.shuffle:
            # 不洗牌: the next hand is dealt from this one's cards gathered in order (only a
            # hand played out: an escape voids the hand, and the next is shuffled).
            if ended_by is None:
                carry = {"order": cards_text(gathered(state))}
            if state.gathered:
                dealt_with = {"order": cards_text(state.gathered)}
        next_dealer = (state.dealer + 1) % state.players
        if state.options.first_bidder == "face_up_once":
            # 首局先翻出一张明牌 (十局 sheet): the card on the table's first hand only; then
            # the first bid goes round from its holder, hand after hand (carried on).
            next_dealer = (state.first_bidder + 1) % state.players
            carry = {**(carry or {}), "in_turn": True}
            if state.in_turn:
                dealt_with = {**(dealt_with or {}), "in_turn": True}
        return Outcome(
            scores=tuple(scores), roles=tuple(role(state, s) for s in range(state.players)),
            record=record, dealer=state.dealer, next_dealer=next_dealer,
            final_play=last, cards_left=tuple(cards_text(state.hand(s))
                                              for s in range(state.players)),
            causes=tuple(state.causes), multiplier=state.multiplier, ended_by=ended_by,
            carry=carry, dealt_with=dealt_with)

    def state_from_dict(self, data: dict[str, Any]) -> DoudizhuState:
        """Load a state saved with to_dict."""
        return DoudizhuState.from_dict(data)

    def public_from_dict(self, data: Mapping[str, Any]) -> PublicView:
        """Load a public view saved with to_dict (a room's last result)."""
        return PublicView.from_dict(data)

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


def gathered(state: DoudizhuState) -> tuple[str, ...]:
    """不洗牌: the hand's cards gathered in order — every card played, in the order played,
    then what each dealt hand still holds (hand 0, 1, 2; the bottom is in the landlord's)."""
    played = [code for _, shown in state.history if shown for code in shown.split()]
    held = [code for hand in state.hands for code in hand]
    return tuple(played + held)


_DECK = sorted(card.code for card in deck54())

DOUDIZHU3 = DoudizhuSpec("doudizhu3", 3)
DOUDIZHU2 = DoudizhuSpec("doudizhu2", 2)

