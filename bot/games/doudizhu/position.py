"""A play-phase position as one seat sees it: what the AI decides on (no hidden cards).

Built from a game state (AI seats, hints, 托管) or from a referee request (`doudizhu-ai`),
so the in-game AI and the service decide on exactly the same information.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.games.doudizhu import moves as mv
from bot.games.doudizhu.deal import rank_counts

if TYPE_CHECKING:
    from bot.games.doudizhu.state import DoudizhuState

Counts = tuple[int, ...]
FULL: Counts = (4,) * 13 + (1, 1)


@dataclass(frozen=True, slots=True)
class Position:
    """What one seat knows when it is to play."""

    players: int  # 2 or 3
    seat: int
    landlord: int
    hand: Counts  # this seat's cards, 15 rank counts
    cards_left: tuple[int, ...]  # per seat
    to_beat: mv.Move | None  # None: this seat leads
    to_beat_seat: int | None
    threat: Counts  # cards an opponent may hold (all unseen cards, or a shown hand)
    constraints: mv.Constraints | None = None  # the two-player landlord's prohibitions
    # A two-player farmer who sees every card (the dummy shown) knows the landlord's 20
    # cards, and so the landlord's prohibitions too.
    opponent_constraints: mv.Constraints | None = None

    @property
    def is_landlord(self) -> bool:
        """True if this seat is the landlord."""
        return self.seat == self.landlord

    def next_seat(self, seat: int) -> int:
        """The seat after `seat` in play order."""
        return (seat + 1) % self.players

    def is_partner(self, seat: int) -> bool:
        """True for the other farmer (three players)."""
        return seat != self.seat and seat != self.landlord and not self.is_landlord

    def opponents(self) -> list[int]:
        """The seats playing against this one."""
        if self.is_landlord:
            return [s for s in range(self.players) if s != self.seat]
        return [self.landlord]

    def partner(self) -> int | None:
        """The other farmer, if any."""
        if self.is_landlord or self.players == 2:
            return None
        return next(s for s in range(self.players) if s not in (self.seat, self.landlord))

    def fewest_opponent_cards(self) -> int:
        """The smallest hand among the opponents."""
        return min(self.cards_left[s] for s in self.opponents())


def unseen_counts(seen: list[Counts]) -> Counts:
    """The full deck minus everything in `seen` (each a 15-count tuple)."""
    left = list(FULL)
    for counts in seen:
        for i, n in enumerate(counts):
            left[i] -= n
    return tuple(left)


def landlord_constraints(threat: Counts, landlord_played: Counts) -> mv.Constraints | None:
    """The two-player landlord's prohibitions as a farmer who sees every card works them
    out: judged on the landlord's 20 cards (those still held, `threat`, and those played)."""
    cards = mv.Hand(tuple(a + b for a, b in zip(threat, landlord_played, strict=True)))
    constraints = mv.Constraints.for_two_player_landlord(cards)
    return constraints if constraints.active else None


def from_state(state: DoudizhuState, seat: int) -> Position:
    """The position `seat` sees in a play-phase state (only what that seat may know)."""
    assert state.landlord is not None
    hand = tuple(rank_counts(state.hand(seat)))
    # Every card seen, counted once (not a count per play): what the AI asks of most.
    seen: list[str] = []
    by_landlord: list[str] = []
    for who, shown in state.history:
        if shown:
            cards = shown.split()
            seen += cards
            if who == state.landlord:
                by_landlord += cards
    dummy = state.dummy_index
    visible = dummy is not None and state.options.dummy_visible
    if visible:
        seen += state.hands[dummy]  # type: ignore[index]
    threat = tuple(full - mine - out for full, mine, out
                   in zip(FULL, hand, rank_counts(seen), strict=True))
    if state.shown and seat != state.landlord:
        threat = tuple(rank_counts(state.hand(state.landlord)))
    opponent_constraints = None
    if visible and seat != state.landlord:
        opponent_constraints = landlord_constraints(threat, tuple(rank_counts(by_landlord)))
    table = state.table
    return Position(
        players=state.players, seat=seat, landlord=state.landlord, hand=hand,
        cards_left=tuple(len(state.hand(s)) for s in range(state.players)),
        to_beat=state.table_move(), to_beat_seat=None if table is None else table[0],
        threat=threat, constraints=state.move_constraints(seat),
        opponent_constraints=opponent_constraints)
