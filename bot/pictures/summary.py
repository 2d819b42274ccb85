"""What a result card shows, as plain values (no drawing here: the host builds these).

The values live below the engines (`bot.games.pictures`), so each game's picture hooks can
build them; `summary_of` asks the finished game's hooks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.games import registry
from bot.games.pictures import ResultSummary, SeatResult, booked_seats
from bot.i18n.bidi import clean

__all__ = ["ResultSummary", "SeatResult", "named", "summary_from_dict", "summary_of"]


def named(summary: ResultSummary, seats: Sequence[Mapping[str, Any]]) -> ResultSummary:
    """The card with each seat's name (a person's, without direction controls, which a
    picture has no use for; an AI seat's number) from the host's result seats."""
    if not seats:
        return summary
    return replace(summary, seats=tuple(
        replace(seat, name=clean(str(seats[seat.seat].get("name", ""))),
                is_ai=seats[seat.seat].get("is_ai") is True)
        if seat.seat < len(seats) else seat for seat in summary.seats))


def summary_of(game: str, public: dict[str, Any], outcome: dict[str, Any]) -> ResultSummary:
    """The card's content from the engine's final public view and the host's booked result
    (`Room.last_result`: mode, stake, ended_by, seats with role, final amount and the cards
    left, `left`: suited codes). A game ended by a leaver shows the amounts alone."""
    if (outcome.get("ended_by") or "").startswith("escape:") or not public:
        amounts, roles, _ = booked_seats(outcome)
        seats = tuple(SeatResult(i, a, roles[i]) for i, a in enumerate(amounts))
        summary = ResultSummary(game, "ended", seats, outcome.get("mode") or "beans",
                                int(outcome.get("stake") or 1))
    else:
        summary = registry.pictures(game).summary(game, public, outcome)
    return named(summary, outcome.get("seats") or [])


def _tuples(value: Any) -> Any:
    """JSON lists back as the tuples a summary holds (nested ones too)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def summary_from_dict(data: Mapping[str, Any]) -> ResultSummary:
    """A summary back from its JSON (`dataclasses.asdict`), as kept with a result note."""
    seats = tuple(SeatResult(**{k: _tuples(v) for k, v in seat.items()})
                  for seat in data.get("seats") or ())
    rest = {k: _tuples(v) for k, v in data.items() if k != "seats"}
    return ResultSummary(seats=seats, **rest)
