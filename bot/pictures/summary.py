"""What a result card shows, as plain values (no drawing here: the host builds these).

The values live below the engines (`bot.games.pictures`), so each game's picture hooks can
build them; `summary_of` asks the finished game's hooks.
"""

from __future__ import annotations

from typing import Any

from bot.games import registry
from bot.games.pictures import ResultSummary, SeatResult, booked_seats

__all__ = ["ResultSummary", "SeatResult", "summary_of"]


def summary_of(game: str, public: dict[str, Any], outcome: dict[str, Any]) -> ResultSummary:
    """The card's content from the engine's final public view and the host's booked result
    (`Room.last_result`: mode, stake, ended_by, seats with role, final amount and the cards
    left, `left`: suited codes). A game ended by a leaver shows the amounts alone."""
    if (outcome.get("ended_by") or "").startswith("escape:") or not public:
        amounts, roles, _ = booked_seats(outcome)
        seats = tuple(SeatResult(i, a, roles[i]) for i, a in enumerate(amounts))
        return ResultSummary(game, "ended", seats, outcome.get("mode") or "beans",
                             int(outcome.get("stake") or 1))
    return registry.pictures(game).summary(game, public, outcome)  # type: ignore[no-any-return]
