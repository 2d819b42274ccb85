"""Duel mode, 老师与学生 (RULES.md §3.7): tricks of single cards, best of three (3局2胜).

Seat 0 is the 学生 (student: the player who opened the duel) and shows first in every trick
(由学生先出第一张牌); seat 1, the 老师 (teacher), answers, with 田忌's advantage of seeing the
card first. Cards compare as group A (§3.2). Each seat is dealt `duel_hand` cards (3, or 5 of
which it keeps 3, both seats at once, in secret). The duel ends as soon as one player has won
two tricks (a third is played only at 1–1); the winner takes 1 unit (ruled 2026-12: no ×2 for
3–0, the sheet has none).

Actions: `keep As Kh Qd` (5-card deal only), `play As`.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Self

from bot.cards import Card, deck52, format_compact, parse_cards, parse_ranks, shuffled
from bot.errors import CardParseError, IllegalAction
from bot.games.base import Event
from bot.games.tianji.arrangement import high_first, read_cards
from bot.games.tianji.ranking import card_index
from bot.games.tianji.views import DuelPrivate, DuelPublic

KEEP = 3
TRICKS = 3
CHALLENGER, RESPONDER = 0, 1  # 学生 (student, shows first), 老师 (teacher, answers)
ROLES = ("student", "teacher")
TO_WIN = 2  # 3局2胜
DUEL_HANDS = (3, 5)


@dataclass(frozen=True, slots=True)
class DuelState:
    """A duel from the deal to the third trick."""

    seed: int
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]
    kept: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    tricks: tuple[tuple[Card, Card], ...] = ()  # (challenger's card, responder's card)
    lead: Card | None = None  # the challenger's card of the trick in progress

    @classmethod
    def deal(cls, seed: int, duel_hand: int = 3) -> DuelState:
        """Deal `duel_hand` cards to each seat from a seeded shuffle."""
        if duel_hand not in DUEL_HANDS:
            raise IllegalAction("tianji.option_value", option="duel_hand", value=duel_hand,
                                allowed="3, 5")
        deck = shuffled(deck52(), random.Random(seed))
        dealt = (high_first(deck[:duel_hand]), high_first(deck[duel_hand:2 * duel_hand]))
        kept = dealt if duel_hand == KEEP else (None, None)
        return cls(seed, dealt, kept)  # type: ignore[arg-type]

    @property
    def players(self) -> int:
        """Always two."""
        return 2

    @property
    def phase(self) -> str:
        """`keep`, `play` or `over`."""
        if any(k is None for k in self.kept):
            return "keep"
        if len(self.tricks) == TRICKS or max(self.wins()) >= TO_WIN:
            return "over"
        return "play"

    @property
    def is_over(self) -> bool:
        """True once a player has won two tricks (or after a third trick)."""
        return self.phase == "over"

    def remaining(self, seat: int) -> tuple[Card, ...]:
        """The seat's kept cards not yet played."""
        kept = self.kept[seat] or ()
        played = {t[seat] for t in self.tricks}
        if seat == CHALLENGER and self.lead is not None:
            played.add(self.lead)
        return tuple(c for c in kept if c not in played)

    def wins(self) -> tuple[int, int]:
        """Tricks won by each seat so far."""
        taken = sum(1 for lead, answer in self.tricks if card_index(lead) > card_index(answer))
        return taken, len(self.tricks) - taken

    def to_act(self) -> list[int]:
        """Both seats while keeping, then the leader or the responder; [] when over."""
        phase = self.phase
        if phase == "keep":
            return [s for s in (CHALLENGER, RESPONDER) if self.kept[s] is None]
        if phase == "over":
            return []
        return [CHALLENGER if self.lead is None else RESPONDER]

    def legal_actions(self, seat: int) -> list[str]:
        """`keep …` choices while keeping, `play …` for each remaining card on one's turn."""
        if seat not in self.to_act():
            return []
        if self.phase == "keep":
            return ["keep " + format_compact(k) for k in combinations(self.dealt[seat], KEEP)]
        return ["play " + c.code for c in self.remaining(seat)]

    def apply(self, seat: int, action: str) -> tuple[Self, list[Event]]:
        """Keep three cards, or play one; raises IllegalAction (state unchanged)."""
        if self.is_over:
            raise IllegalAction("tianji.game_over")
        if seat not in self.to_act():
            raise IllegalAction("tianji.duel.not_your_turn")
        verb, _, rest = action.strip().partition(" ")
        verb = verb.lower()
        if self.phase == "keep":
            if verb != "keep":
                raise IllegalAction("tianji.duel.expected_keep")
            return self._keep(seat, read_cards(rest))  # type: ignore[return-value]
        if verb == "play":
            return self._play(seat, self._card_typed(seat, rest))  # type: ignore[return-value]
        try:  # a card without the word: `6s`, `黑桃6`, `6`
            card = self._card_typed(seat, action)
        except IllegalAction as error:
            if error.key == "cards.unknown_token":  # another word (`keep 9h`)
                raise IllegalAction("tianji.duel.expected_play") from error
            raise
        return self._play(seat, card)  # type: ignore[return-value]

    def _card_typed(self, seat: int, text: str) -> Card:
        """The card a player typed: `6s`, `♠6`, `黑桃6` (with or without `play`), or a rank
        alone (`6`) when exactly one card of that rank is still in hand."""
        try:
            cards = parse_cards(text)
        except CardParseError as exc:
            if exc.key != "cards.missing_suit":
                raise IllegalAction(exc.key, **exc.params) from exc
            try:
                ranks = parse_ranks(text)
            except CardParseError as again:
                raise IllegalAction(again.key, **again.params) from again
            if len(ranks) != 1:
                raise IllegalAction("tianji.duel.one_card", got=len(ranks)) from exc
            held = [c for c in self.remaining(seat) if c.rank == ranks[0]]
            if len(held) == 1:
                return held[0]
            if not held:
                raise IllegalAction("tianji.duel.rank_not_held", rank=ranks[0].label) from exc
            raise IllegalAction("tianji.duel.which_suit", rank=ranks[0].label,
                                cards=format_compact(held), example=held[0].code) from exc
        if not cards:
            raise IllegalAction("tianji.duel.expected_play")
        if len(cards) != 1:
            raise IllegalAction("tianji.duel.one_card", got=len(cards))
        if cards[0].suit is None:
            raise IllegalAction("tianji.no_jokers")
        return cards[0]

    def _keep(self, seat: int, cards: list[Card]) -> tuple[DuelState, list[Event]]:
        if len(cards) != KEEP:
            raise IllegalAction("tianji.duel.keep_count", count=KEEP, got=len(cards))
        foreign = [c for c in cards if c not in self.dealt[seat]]
        if foreign:
            raise IllegalAction("tianji.not_your_cards", cards=format_compact(foreign))
        kept = list(self.kept)
        kept[seat] = high_first(cards)
        return (dataclasses.replace(self, kept=tuple(kept)),
                [Event("tianji.duel.kept", seat)])

    def _play(self, seat: int, card: Card) -> tuple[DuelState, list[Event]]:
        if card not in self.remaining(seat):
            raise IllegalAction("tianji.duel.card_not_held", card=card.code)
        if seat == CHALLENGER:
            return (dataclasses.replace(self, lead=card),
                    [Event("tianji.duel.led", seat, {"card": card.code})])
        assert self.lead is not None
        state = dataclasses.replace(self, tricks=(*self.tricks, (self.lead, card)), lead=None)
        winner = CHALLENGER if card_index(self.lead) > card_index(card) else RESPONDER
        events = [Event("tianji.duel.trick", winner, {
            "lead": self.lead.code, "answer": card.code, "trick": len(state.tricks)})]
        if state.is_over:
            scores = state.scores()
            champion = CHALLENGER if scores[CHALLENGER] > 0 else RESPONDER
            wins = state.wins()
            events.append(Event("tianji.duel.over", champion, {
                "won": max(wins), "lost": min(wins), "units": scores[champion]}))
        return state, events

    def scores(self) -> list[int]:
        """Best of three: the winner takes 1 unit; [0, 0] before the end."""
        if not self.is_over:
            return [0, 0]
        challenger, responder = self.wins()
        return [1, -1] if challenger > responder else [-1, 1]

    def public(self) -> DuelPublic:
        """Played cards, the card led, tricks won; never a card still in hand."""
        wins = self.wins()
        return DuelPublic(
            self.phase, tuple(self.to_act()),
            (self.kept[0] is not None, self.kept[1] is not None),
            tuple((lead.code, answer.code) for lead, answer in self.tricks),
            None if self.lead is None else self.lead.code, (wins[0], wins[1]),
            (len(self.remaining(CHALLENGER)), len(self.remaining(RESPONDER))),
            tuple(self.scores()) if self.is_over else None, ROLES,
            left=(format_compact(self.remaining(CHALLENGER)),
                  format_compact(self.remaining(RESPONDER))) if self.is_over else None)

    def private(self, seat: int) -> DuelPrivate:
        """The seat's dealt and remaining cards."""
        return DuelPrivate(seat, ROLES[seat], format_compact(self.dealt[seat]),
                           format_compact(self.remaining(seat)), self.phase == "keep",
                           seat in self.to_act())

    def public_view(self) -> dict[str, Any]:
        """The public view as JSON-safe data."""
        return self.public().to_dict()

    def private_view(self, seat: int) -> dict[str, Any]:
        """The private view as JSON-safe data."""
        return self.private(seat).to_dict()

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON-safe data."""
        return {
            "game": "tianji-duel",
            "seed": self.seed,
            "dealt": [format_compact(h) for h in self.dealt],
            "kept": [None if k is None else format_compact(k) for k in self.kept],
            "tricks": [[lead.code, answer.code] for lead, answer in self.tricks],
            "lead": None if self.lead is None else self.lead.code,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Inverse of to_dict, exact."""
        def cards(text: str) -> tuple[Card, ...]:
            return tuple(parse_cards(text))

        return cls(
            data["seed"],
            (cards(data["dealt"][0]), cards(data["dealt"][1])),
            tuple(None if k is None else cards(k) for k in data["kept"]),  # type: ignore[arg-type]
            tuple((parse_cards(a)[0], parse_cards(b)[0]) for a, b in data["tricks"]),
            None if data["lead"] is None else parse_cards(data["lead"])[0],
        )


# ---------------------------------------------------------------------------------------
# The duel AI. The cards that beat a given card form an up-set of the group-A order, and
# such sets are nested, so answering every lead with the cheapest winner (else the lowest
# card) wins as many tricks as any answer could, whatever order the leads come in: against
# a best answer the lead cannot change the result (a test checks this exhaustively on
# random hands). The leader therefore leads its lowest card, where a careless answer gives
# away the most. Keeping the three highest of five is never worse than any other three.

def answer_card(hand: tuple[Card, ...], lead: Card) -> Card:
    """The responder's choice: the lowest card that beats the lead, else the lowest card."""
    winners = [c for c in hand if card_index(c) > card_index(lead)]
    return min(winners or hand, key=card_index)


def lead_card(state: DuelState) -> Card:
    """The challenger's lead: its lowest remaining card."""
    return min(state.remaining(CHALLENGER), key=card_index)


def duel_action(state: DuelState, seat: int, rng: random.Random) -> str:
    """The AI's action for the seat to act (`rng` unused: the choices are deterministic)."""
    if state.phase == "keep":
        return "keep " + format_compact(high_first(state.dealt[seat])[:KEEP])
    if seat == RESPONDER:
        assert state.lead is not None
        return "play " + answer_card(state.remaining(RESPONDER), state.lead).code
    return "play " + lead_card(state).code
