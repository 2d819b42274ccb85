"""记牌器, the card counter: for a seat, how many of each rank are still out of sight.

Out of sight for a seat: not in its own hand, not played, and not in a hand shown to the
table (the landlord's hand after 明牌, the two-player dummy when `dummy_visible`). The
bottom cards, shown once, are counted like the rest of the landlord's hand until played,
as the apps' counters do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.cards import Rank
from bot.games.doudizhu.deal import RANK_INDEX, cards_from_text

if TYPE_CHECKING:
    from bot.games.doudizhu.state import DoudizhuState

FULL_DECK: dict[Rank, int] = {rank: (1 if rank.is_joker else 4) for rank in Rank}


def visible_cards(state: DoudizhuState, seat: int) -> list[str]:
    """Every card `seat` can see in a hand or on the table: its own, played, shown."""
    seen = list(state.hand(seat))
    for _, shown in state.history:
        seen.extend(cards_from_text(shown))
    landlord = state.landlord
    if state.shown and landlord is not None and landlord != seat:
        seen.extend(state.hand(landlord))
    dummy = state.dummy_index
    if dummy is not None and state.options.dummy_visible:
        seen.extend(state.hands[dummy])
    return seen


_RANKS = tuple(Rank(index + 3) for index in range(15))  # by RANK_INDEX
_FULL = [FULL_DECK[rank] for rank in _RANKS]


def unseen_counts(state: DoudizhuState, seat: int) -> list[int]:
    """How many cards of each rank `seat` cannot see, by rank index (value − 3)."""
    left = list(_FULL)
    index = RANK_INDEX
    for card in visible_cards(state, seat):
        left[index[card]] -= 1
    return left


def out_of_sight(state: DoudizhuState, seat: int) -> dict[Rank, int]:
    """Rank → how many cards of that rank `seat` cannot see (every rank listed)."""
    return dict(zip(_RANKS, unseen_counts(state, seat), strict=True))


def counter_text(state: DoudizhuState, seat: int) -> str:
    """The counter as one line, high ranks first (`R1 B0 2:3 A:4 ...`) for chat."""
    left = out_of_sight(state, seat)
    return " ".join(f"{rank.label}:{left[rank]}" for rank in sorted(left, reverse=True))
