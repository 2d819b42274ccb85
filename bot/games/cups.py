"""What a competition's sheet scorings read of one finished hand (RULES.md §4, §5), as a
plain value a game's record builds (`GameModule.cup_hand`) from its final public view."""

from __future__ import annotations

from dataclasses import dataclass

CUP_EXTRAS = ("win_points", "event_bonus", "activity", "league")
"""The sheet scorings and formats a game may offer beyond the zero-sum score (its record's
`cup_extras` names those it supports; they need its `cup_hand`)."""


@dataclass(frozen=True, slots=True)
class HandSummary:
    """What the sheet's scoring needs to know of one finished hand."""

    alone: int  # the seat that played alone against the others (斗地主's landlord)
    alone_won: bool
    bombs: tuple[int, ...]  # per seat: bombs played (rockets not counted)
    rockets: tuple[int, ...]  # per seat: rockets played
    cards_left: tuple[int, ...]
