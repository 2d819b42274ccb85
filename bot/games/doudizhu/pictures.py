"""斗地主's pictures: the result card heads with the winning side, shows the base and what
doubled it, and each seat's cards left (a number when only that is known)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.pictures import GamePictures, ResultSummary, SeatResult, booked_seats


class DoudizhuPictures(GamePictures):
    """The result card of a 斗地主 hand (three or two players)."""

    role_bands = {"landlord": 0, "farmer": 1}  # the landlord's side red, the farmers' blue

    def summary(self, game: str, public: Mapping[str, Any],
                outcome: Mapping[str, Any]) -> ResultSummary:
        """Winner, base × causes = multiplier, each seat's role and cards left."""
        amounts, roles, left = booked_seats(outcome)
        result = public.get("result") or {}
        counts = [s.get("cards") for s in public.get("seats", [])]
        seats = tuple(SeatResult(
            i, a, roles[i] or ("landlord" if i == result.get("landlord") else "farmer"),
            tuple(left[i].split()), counts[i] if i < len(counts) else None)
            for i, a in enumerate(amounts))
        landlord_won = result.get("winner") == "landlord"
        headline = "landlord_won" if landlord_won else (
            "farmer_won" if len(amounts) == 2 else "farmers_won")
        causes = tuple(str(c["cause"]) for c in public.get("causes", []))
        return ResultSummary(game, headline, seats, outcome.get("mode") or "beans",
                             int(outcome.get("stake") or 1), public.get("base") or 1,
                             public.get("multiplier") or 1, causes,
                             winner_role="landlord" if landlord_won else "farmer",
                             role_bands=tuple(self.role_bands.items()),
                             wild=str(public.get("wilds") or ""))


PICTURES = DoudizhuPictures()
