"""斗地主 in a competition: what the sheets' scorings read of a finished hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.cards import Rank, parse_cards
from bot.games.cups import HandSummary


def hand_summary(public: Mapping[str, Any]) -> HandSummary:
    """The summary of a finished hand from the engine's public view (its JSON form)."""
    seats = len(public["seats"])
    bombs, rockets = [0] * seats, [0] * seats
    for seat, text in public["history"]:
        cards = parse_cards(text) if text else []
        if len(cards) == 2 and all(c.rank >= Rank.BLACK_JOKER for c in cards):
            rockets[seat] += 1
        elif len(cards) == 4 and len({c.rank for c in cards}) == 1:
            bombs[seat] += 1
    result = public["result"]
    return HandSummary(public["landlord"], result["winner"] == "landlord", tuple(bombs),
                       tuple(rockets), tuple(s["cards"] for s in public["seats"]))
