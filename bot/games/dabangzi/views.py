"""What each audience of 打棒子 may see, as typed frozen values (the observer).

The public view carries the table: seats and partners (teams 0 = seats 0 and 2, 1 = seats
1 and 3), the dealer, whose turn, levels, the trump suit and 魂儿, the draws, the tribute,
the tricks, the attackers' points and each seat's cards left. It never holds a card in a
hand except where the rules show it (the 魂儿 declared, the tribute, the draws' cards) and
the kitty only when the rules show it (扣王, level 10, the end of the hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.games.dabangzi.order import LEVELS
from bot.games.dabangzi.scoring import HandResult, team_of

if TYPE_CHECKING:
    from bot.games.dabangzi.state import DabangziState

Play = tuple[int, tuple[str, ...]]
PUBLIC_CARDS = ("hun", "declared", "draws", "tribute", "kitty", "jokers", "trick",
                "last_trick", "results", "bottom_cards", "last_cards", "returned")
"""Public-view keys that hold cards the rules show (two decks: their twins may be held)."""


def level_name(index: int) -> str:
    """A team's level as a rank ("2" … "A"), or "A+" once past A."""
    return LEVELS[index] if index < len(LEVELS) else "A+"


@dataclass(frozen=True, slots=True)
class PublicView:
    """The table as everyone sees it."""

    phase: str
    match: bool
    number: int  # the hand being played
    dealer: int | None
    turn: int | None
    levels: tuple[str, str]  # per team
    level: str  # the rank played this hand
    suit: str  # the trump suit ("" until named)
    hun: str  # the 魂儿 ("" until named)
    declared: tuple[int, str] | None
    draws: tuple[tuple[int, str], ...]
    tribute: tuple[int, str] | None
    kitty: tuple[str, ...]  # shown only when the rules show it
    kitty_size: int
    jokers: tuple[tuple[int, str], ...]  # jokers the others buried
    trick: tuple[Play, ...]
    last_trick: tuple[Play, ...]
    points: int  # the attackers' points so far this hand
    taken: tuple[int, ...]  # points each seat's tricks took this hand
    cards_left: tuple[int, ...]
    blood: tuple[int, int]
    results: tuple[HandResult, ...]
    winner: int | None
    bottom_cards: tuple[str, ...] = ()
    last_cards: Play | None = None
    returned: tuple[int, str] | None = None  # 还贡: (to whom, the card), named to all

    def team(self, seat: int) -> int:
        """The team of a seat (0: seats 0 and 2; 1: seats 1 and 3)."""
        return team_of(seat)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "game": "dabangzi", "phase": self.phase, "match": self.match,
            "number": self.number, "dealer": self.dealer, "turn": self.turn,
            "levels": list(self.levels), "level": self.level, "suit": self.suit,
            "hun": self.hun, "declared": list(self.declared) if self.declared else None,
            "draws": [list(d) for d in self.draws],
            "tribute": list(self.tribute) if self.tribute else None,
            "kitty": list(self.kitty), "kitty_size": self.kitty_size,
            "jokers": [list(j) for j in self.jokers],
            "trick": [[s, list(c)] for s, c in self.trick],
            "last_trick": [[s, list(c)] for s, c in self.last_trick],
            "points": self.points, "taken": list(self.taken),
            "cards_left": list(self.cards_left), "blood": list(self.blood),
            "results": [r.to_dict() for r in self.results], "winner": self.winner,
            "bottom_cards": list(self.bottom_cards),
            "last_cards": [self.last_cards[0], list(self.last_cards[1])]
            if self.last_cards else None,
            "returned": list(self.returned) if self.returned else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PublicView:
        """Inverse of to_dict (a result kept with a room)."""
        def plays(rows: list[Any]) -> tuple[Play, ...]:
            return tuple((s, tuple(c)) for s, c in rows)

        last = data.get("last_cards")
        return cls(
            data["phase"], data["match"], data["number"], data["dealer"], data["turn"],
            (data["levels"][0], data["levels"][1]), data["level"], data["suit"], data["hun"],
            (data["declared"][0], data["declared"][1]) if data["declared"] else None,
            tuple((s, c) for s, c in data["draws"]),
            (data["tribute"][0], data["tribute"][1]) if data["tribute"] else None,
            tuple(data["kitty"]), data["kitty_size"], tuple((s, c) for s, c in data["jokers"]),
            plays(data["trick"]), plays(data["last_trick"]), data["points"],
            tuple(data["taken"]), tuple(data["cards_left"]),
            (data["blood"][0], data["blood"][1]),
            tuple(HandResult.from_dict(r) for r in data["results"]), data["winner"],
            tuple(data.get("bottom_cards") or ()), (last[0], tuple(last[1])) if last else None,
            (data["returned"][0], data["returned"][1]) if data.get("returned") else None)


@dataclass(frozen=True, slots=True)
class PrivateView:
    """One seat's hand and whether (and in what phase) it is to act."""

    seat: int
    hand: str  # suited codes: the trumps, then each suit (♠ ♥ ♣ ♦), highest first
    prompt: str  # the phase it is to act in, or ""
    groups: tuple[tuple[str, str], ...] = ()
    sizes: tuple[int, ...] = ()  # how many cards of `hand` each group (trumps, a suit) holds
    from_bottom: tuple[str, ...] = ()  # cards of `hand` taken up from the kitty (its own)

    @property
    def partner(self) -> int:
        """The seat opposite, who plays with this one."""
        return (self.seat + 2) % 4

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"seat": self.seat, "hand": self.hand, "prompt": self.prompt,
                "partner": self.partner, "sizes": list(self.sizes)}


def kitty_shown(state: DabangziState) -> bool:
    """扣王 or level 10 shows the buried kitty (clause 3); the end of a hand shows it too."""
    if state.phase == "over":
        return True
    if state.phase not in ("jokers", "play"):
        return False
    return state.level == "T" or any(c in ("B", "R") for c in state.kitty)


def public_of(state: DabangziState) -> PublicView:
    """The public view of a state."""
    shown = tuple(state.kitty) if kitty_shown(state) else ()
    last = state.trick[-1] if state.trick else state.last_trick[-1] if state.last_trick else None
    return PublicView(
        state.phase, state.match, state.number, state.dealer,
        None if state.is_over else state.asked[0],
        (level_name(state.levels[0]), level_name(state.levels[1])),
        state.results[-1].level if state.is_over else state.level,
        state.suit, state.hun, state.declared, state.draws, state.tribute, shown,
        len(state.kitty), state.jokers, state.trick, state.last_trick, state.points,
        state.taken, tuple(len(h) for h in state.hands), state.blood, state.results,
        state.winner, shown, last, state.returned)
