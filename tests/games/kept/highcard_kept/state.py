"""The state: the hands as dealt and the cards played, in order."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bot.cards import deck52
from bot.errors import IllegalAction
from bot.games.base import Event

from .views import Private, Public

HAND = 3  # cards dealt to each seat
ROUNDS = 2  # rounds played: each seat's last card is shown at the end
ORDER = [card.code for card in sorted(deck52(), key=lambda c: (c.rank, c.suit))]


@dataclass(frozen=True, slots=True)
class State:
    """Hands as dealt and the cards played, in order."""

    hands: tuple[tuple[str, ...], ...]
    played: tuple[tuple[int, str], ...] = ()

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return len(self.played) == ROUNDS * self.players

    def rounds(self) -> list[list[tuple[int, str]]]:
        size = self.players
        return [list(self.played[i:i + size]) for i in range(0, len(self.played), size)]

    def best(self) -> list[tuple[int, str]]:
        """Each finished round's winning (seat, card)."""
        return [max(r, key=lambda p: ORDER.index(p[1])) for r in self.rounds()
                if len(r) == self.players]

    def winners(self) -> list[int]:
        return [seat for seat, _ in self.best()]

    def to_act(self) -> list[int]:
        if self.is_over:
            return []
        winners = self.winners()
        leader = winners[-1] if winners else 0
        return [(leader + len(self.played) % self.players) % self.players]

    def held(self, seat: int) -> tuple[str, ...]:
        gone = {card for s, card in self.played if s == seat}
        return tuple(c for c in self.hands[seat] if c not in gone)

    def legal_actions(self, seat: int) -> list[str]:
        """A card of one's hand, or "lowest": one's lowest card, unchosen (an action word
        the game's catalogue translates, `hck.action.lowest`)."""
        if seat not in self.to_act():
            return []
        return [*(f"play {c}" for c in self.held(seat)), "lowest"]

    def apply(self, seat: int, action: str) -> tuple[State, list[Event]]:
        if action.strip() not in self.legal_actions(seat):
            raise IllegalAction("hck.err.illegal", action=action.strip())
        if action.strip() == "lowest":
            card = min(self.held(seat), key=ORDER.index)
        else:
            card = action.split()[1]
        after = dataclasses.replace(self, played=(*self.played, (seat, card)))
        if len(after.played) % self.players:
            return after, []
        winner, best = after.best()[-1]
        return after, [Event("hck.took", winner, {"card": best})]  # the host formats the card

    def public(self) -> Public:
        rounds = self.rounds()
        current = tuple(rounds[-1]) if rounds else ()
        last = (self.played[-1][0], (self.played[-1][1],)) if self.played else None
        return Public(current, tuple(self.winners()),
                      tuple(len(self.held(s)) for s in range(self.players)), (), last)

    def private(self, seat: int) -> Private:
        return Private(" ".join(self.held(seat)))

    def public_view(self) -> dict[str, Any]:
        return self.public().to_dict()

    def private_view(self, seat: int) -> dict[str, Any]:
        return self.private(seat).to_dict()

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "played": [list(p) for p in self.played]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        return cls(tuple(tuple(h) for h in data["hands"]),
                   tuple((s, c) for s, c in data["played"]))
