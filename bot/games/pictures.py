"""What a game's pictures draw, as plain values and hooks (no drawing here: `bot.pictures`
draws, the host and the adapters hand over these values).

A record's `pictures` names a `GamePictures` (or a subclass): the order a hand is sorted in,
the result card's content from the finished game's public view and booked result, and the
values shown beside a sealed arrangement's groups. Every hook has a default that reads only
what every game has, so a game that writes none still gets its hand, its cards shown apart
and a result card with each seat's cards left and amount.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.cards import RANK_CHARS

Label = tuple[str, dict[str, Any]]  # a catalogue key and its parameters, drawn as one word


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat on the result card."""

    seat: int
    amount: int  # beans or points booked (after the bean floor)
    role: str = ""  # the seat's role in the game's words ("landlord"), or ""
    cards: tuple[str, ...] = ()  # cards left, when known
    count: int | None = None  # cards left when only their number is known
    groups: tuple[tuple[str, str], ...] = ()  # a sealed arrangement: (group, cards)
    values: tuple[str, ...] = ()  # the groups' values after the first (田忌: B points, C type)
    name: str = ""  # the player's name (an AI seat's number), filled in by the host
    is_ai: bool = False
    tricks: int | None = None  # tricks won, in a game that counts them


@dataclass(frozen=True, slots=True)
class ResultSummary:
    """A finished game as the result card shows it."""

    game: str
    headline: str  # catalogue key part: `pictures.headline.<headline>`
    seats: tuple[SeatResult, ...]
    unit: str = "beans"  # "beans" | "points"
    stake: int = 1
    base: int | None = None  # the game's base (斗地主: the winning bid)
    multiplier: int | None = None
    causes: tuple[str, ...] = ()  # what doubled it (bomb, spring, ...)
    winner_role: str = ""  # the role whose colour heads the card ("" neutral)
    # role → its side's colour on the card (0 the first side's, 1 the second's), as the
    # game gives them (`GamePictures.role_bands`); a role not named is drawn neutral
    role_bands: tuple[tuple[str, int], ...] = ()
    tricks: tuple[tuple[str, ...], ...] = ()  # each trick's cards, in a game of tricks
    tricks_title: str = "pictures.tricks_title"  # catalogue key of that row's title
    wild: str = ""  # compact ranks the game's rules made wild (斗地主's 癞子): starred cards

    @property
    def key(self) -> tuple[Any, ...]:
        """The content, for the cache."""
        return ("result", self)


def booked_seats(outcome: Mapping[str, Any]) -> tuple[list[int], list[str], list[str]]:
    """Each seat's booked amount, role and cards left (suited codes) from the host's result."""
    seats = outcome.get("seats") or []
    return ([int(s.get("final", 0)) for s in seats], [s.get("role") or "" for s in seats],
            [str(s.get("left") or "") for s in seats])


class GamePictures:
    """A game's picture hooks; every one has a working default."""

    rank_order = RANK_CHARS  # compact ranks low to high: how a hand is sorted
    # Its roles' colours on the result card: role → side (0: the first side's colour, 1: the
    # second's); none by default, every role neutral (斗地主: the landlord 0, farmers 1).
    role_bands: Mapping[str, int] = {}

    def sort_key(self, code: str) -> tuple[int, int]:
        """A card's place in a sorted hand (rank, then suit ♦ ♣ ♥ ♠)."""
        rank = self.rank_order.find(code[:1])
        suit = "dchs".find(code[1:2]) if len(code) > 1 else 0
        return (rank if rank >= 0 else len(self.rank_order), suit)

    def summary(self, game: str, public: Mapping[str, Any],
                outcome: Mapping[str, Any]) -> ResultSummary:
        """The result card: each seat's role, cards left and amount."""
        amounts, roles, left = booked_seats(outcome)
        seats = tuple(SeatResult(i, amount, roles[i], tuple(left[i].split()))
                      for i, amount in enumerate(amounts))
        return ResultSummary(game, "ended", seats, outcome.get("mode") or "beans",
                             int(outcome.get("stake") or 1),
                             role_bands=tuple(self.role_bands.items()))

    def group_values(self, groups: Mapping[str, str]) -> dict[str, tuple[Label, ...]]:
        """The value shown under each group of a sealed arrangement, as catalogue labels
        (the picture translates them with the font it has); none by default."""
        return {}

    def sorted_hand(self, codes: Iterable[str], order: str) -> list[str]:
        """Cards low → high ("up") or high → low ("down"); one rank's cards stay together."""
        return sorted(codes, key=self.sort_key, reverse=order == "down")
