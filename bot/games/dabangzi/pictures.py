"""打棒子's result card: the winning team heads it, each seat's side this hand (dealer, the
dealer's partner, attacker) and amount, and the kitty the hand ended with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.pictures import GamePictures, ResultSummary, SeatResult, booked_seats

ROLES = {"dealer": "dbz_dealer", "dealer_partner": "dbz_partner", "attacker": "dbz_attacker"}


class DabangziPictures(GamePictures):
    """The result card of a hand (or a match) of 打棒子."""

    def summary(self, game: str, public: Mapping[str, Any],
                outcome: Mapping[str, Any]) -> ResultSummary:
        """The winning team as the headline, the sides as roles, the kitty apart."""
        amounts, roles, _ = booked_seats(outcome)
        results = public.get("results") or []
        last = results[-1] if results else {}
        winner = public.get("winner") if public.get("match") else last.get("winner")
        seats = tuple(SeatResult(seat, amount, ROLES.get(roles[seat], roles[seat]))
                      for seat, amount in enumerate(amounts))
        kitty = tuple(str(code) for code in last.get("kitty") or ())
        return ResultSummary(game, f"dbz_team_{winner}" if winner in (0, 1) else "ended",
                             seats, outcome.get("mode") or "beans",
                             int(outcome.get("stake") or 1),
                             tricks=(kitty,) if kitty else (),
                             tricks_title="dbz.pictures.kitty")


PICTURES = DabangziPictures()
