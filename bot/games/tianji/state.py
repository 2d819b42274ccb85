"""One table of 田忌赛马 poker (RULES.md §3.1): deal, private arrangements, reveal, settle.

The arranging phase is simultaneous: every seat that has not arranged is to act. A submitted
arrangement is final and hidden; what everyone sees at once is its commitment,
`sha256("<canonical arrangement>#<salt>")`, with a per-seat salt drawn from the seeded deal.
When the last seat arranges, all arrangements and salts are revealed, so anyone can check
that no group changed after the others were seen, and the table is settled.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Self

from bot.cards import Card, deck52, format_compact, parse_cards, shuffled
from bot.errors import IllegalAction
from bot.games.base import Event
from bot.games.tianji.arrangement import (
    HAND_SIZE,
    Arrangement,
    all_arrangements,
    high_first,
    parse_arrangement,
    with_suits,
)
from bot.games.tianji.ranking import b_total, c_type
from bot.games.tianji.settlement import ROUND1_BAOZI, ROUND1_ZHA, Settlement, settle
from bot.games.tianji.views import BUST_OVER, TablePrivate, TablePublic

MIN_PLAYERS = 2
MAX_PLAYERS = 6
SALT_BITS = 128


def check_players(players: int) -> None:
    """Raise IllegalAction unless 2–6 players."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction("tianji.player_count", players=players, min=MIN_PLAYERS,
                            max=MAX_PLAYERS)


@dataclass(frozen=True, slots=True)
class TableState:
    """A table from the deal to the settlement."""

    seed: int
    hands: tuple[tuple[Card, ...], ...]
    salts: tuple[str, ...]
    arrangements: tuple[Arrangement | None, ...]
    settlement: Settlement | None = None

    @classmethod
    def deal(cls, players: int, seed: int) -> TableState:
        """Shuffle with the seed, give each player six cards and a commitment salt."""
        check_players(players)
        rng = random.Random(seed)
        deck = shuffled(deck52(), rng)
        hands = tuple(high_first(deck[HAND_SIZE * p:HAND_SIZE * (p + 1)])
                      for p in range(players))
        salts = tuple(f"{rng.getrandbits(SALT_BITS):032x}" for _ in range(players))
        return cls(seed, hands, salts, (None,) * players)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """True once revealed and settled."""
        return self.settlement is not None

    def to_act(self) -> list[int]:
        """Every seat that has not arranged yet (a simultaneous phase)."""
        if self.is_over:
            return []
        return [s for s, a in enumerate(self.arrangements) if a is None]

    def legal_actions(self, seat: int) -> list[str]:
        """The 60 `arrange` actions of the seat's hand while it has not arranged."""
        if seat not in self.to_act():
            return []
        return [a.action for a in all_arrangements(self.hands[seat])]

    def commitment(self, seat: int) -> str | None:
        """The public hash of the seat's arrangement, once submitted."""
        arrangement = self.arrangements[seat]
        return None if arrangement is None else arrangement.commitment(self.salts[seat])

    def apply(self, seat: int, action: str) -> tuple[Self, list[Event]]:
        """Submit `arrange A|B|C` for the seat; the last submission reveals and settles."""
        if self.is_over:
            raise IllegalAction("tianji.game_over")
        if not 0 <= seat < self.players:
            raise IllegalAction("tianji.no_such_seat", seat=seat)
        if self.arrangements[seat] is not None:
            raise IllegalAction("tianji.already_arranged")
        arrangement = parse_arrangement(with_suits(action, self.hands[seat]))
        hand = set(self.hands[seat])
        foreign = [c for c in arrangement.cards if c not in hand]
        if foreign:
            raise IllegalAction("tianji.not_your_cards", cards=format_compact(foreign))
        arrangements = list(self.arrangements)
        arrangements[seat] = arrangement
        state = dataclasses.replace(self, arrangements=tuple(arrangements))
        events = [Event("tianji.arranged", seat, {"commitment": state.commitment(seat)})]
        if all(a is not None for a in arrangements):
            state, more = state._reveal()
            events.extend(more)
        return state, events  # type: ignore[return-value]

    def _reveal(self) -> tuple[TableState, list[Event]]:
        shown: list[Arrangement] = [a for a in self.arrangements if a is not None]
        result = settle(shown)
        state = dataclasses.replace(self, settlement=result)
        events = [Event("tianji.revealed", None, {
            "arrangements": [a.code for a in shown], "salts": list(self.salts)})]
        n = self.players
        if result.round1 == ROUND1_BAOZI:
            events.append(Event("tianji.baozi", result.round1_winner,
                                {"units": 10 * (n - 1)}))
        elif result.round1 == ROUND1_ZHA:
            events.append(Event("tianji.zha_beats_baozi", result.round1_winner,
                                {"loser": result.round1_loser, "units": 10 * (n - 1)}))
        if result.sweeper is not None:
            events.append(Event("tianji.table_sweep", result.sweeper, {"units": 15 * (n - 1)}))
        if result.swept is not None:
            events.append(Event("tianji.table_swept", result.swept, {"units": 15 * (n - 1)}))
        events.append(Event("tianji.settled", None, {
            "totals": list(result.totals), "rounds": [list(r) for r in result.rounds]}))
        return state, events

    def public(self) -> TablePublic:
        """Seats, who has arranged, the commitments; after the reveal, everything."""
        base = (self.players, "over" if self.is_over else "arrange", tuple(self.to_act()),
                tuple(a is not None for a in self.arrangements),
                tuple(self.commitment(s) for s in range(self.players)))
        if self.settlement is None:
            return TablePublic(*base)
        shown = [a for a in self.arrangements if a is not None]
        points = tuple(b_total(a.b) for a in shown)
        return TablePublic(
            *base, arrangements=tuple(a.groups_dict() for a in shown),
            codes=tuple(a.code for a in shown), salts=self.salts, b_points=points,
            c_types=tuple(c_type(a.c).name.lower() for a in shown),
            busts=tuple(p > BUST_OVER for p in points), rounds=self.settlement.rounds,
            result=self.settlement.to_dict())

    def private(self, seat: int) -> TablePrivate:
        """The seat's hand, and its own arrangement, salt and commitment once submitted."""
        arrangement = self.arrangements[seat]
        return TablePrivate(
            seat, format_compact(self.hands[seat]),
            None if arrangement is None else arrangement.groups_dict(),
            None if arrangement is None else arrangement.code, self.salts[seat],
            self.commitment(seat), seat in self.to_act())

    def public_view(self) -> dict[str, Any]:
        """The public view as JSON-safe data."""
        return self.public().to_dict()

    def private_view(self, seat: int) -> dict[str, Any]:
        """The private view as JSON-safe data."""
        return self.private(seat).to_dict()

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON-safe data."""
        return {
            "game": "tianji",
            "seed": self.seed,
            "hands": [format_compact(h) for h in self.hands],
            "salts": list(self.salts),
            "arrangements": [None if a is None else a.code for a in self.arrangements],
            "settlement": None if self.settlement is None else self.settlement.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Inverse of to_dict, exact."""
        settlement = data.get("settlement")
        return cls(
            data["seed"],
            tuple(tuple(parse_cards(h)) for h in data["hands"]),
            tuple(data["salts"]),
            tuple(None if a is None else parse_arrangement(a) for a in data["arrangements"]),
            None if settlement is None else Settlement.from_dict(settlement),
        )
