"""What a result card shows, as plain values (no drawing here: the host builds these)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat on the result card."""

    seat: int
    amount: int  # beans or points booked (after the bean floor)
    role: str = ""  # "landlord" | "farmer" | ""
    cards: tuple[str, ...] = ()  # cards left, when known
    count: int | None = None  # cards left when only their number is known
    groups: tuple[tuple[str, str], ...] = ()  # 田忌: (group, cards) of the arrangement
    values: tuple[str, ...] = ()  # 田忌: the B points and the C type


@dataclass(frozen=True, slots=True)
class ResultSummary:
    """A finished game as the result card shows it."""

    game: str
    headline: str  # "landlord_won" | "farmers_won" | "farmer_won" | "tianji" | "ended"
    seats: tuple[SeatResult, ...]
    unit: str = "beans"  # "beans" | "points"
    stake: int = 1
    base: int | None = None  # 斗地主: the winning bid
    multiplier: int | None = None
    causes: tuple[str, ...] = ()  # 斗地主: what doubled it (bomb, spring, ...)

    @property
    def key(self) -> tuple[Any, ...]:
        """The content, for the cache."""
        return ("result", self)


def summary_of(game: str, public: dict[str, Any], outcome: dict[str, Any]) -> ResultSummary:
    """The card's content from the engine's final public view and the host's booked result
    (`Room.last_result`: mode, stake, ended_by, seats with role, final amount and the cards
    left, `left`: suited codes)."""
    seats_out = outcome.get("seats") or []
    amounts = [int(s.get("final", 0)) for s in seats_out]
    roles = [s.get("role") or "" for s in seats_out]
    unit = outcome.get("mode") or "beans"
    stake = int(outcome.get("stake") or 1)
    if (outcome.get("ended_by") or "").startswith("escape:") or not public:
        seats = tuple(SeatResult(i, a, roles[i]) for i, a in enumerate(amounts))
        return ResultSummary(game, "ended", seats, unit, stake)
    if game.startswith("doudizhu"):
        result = public.get("result") or {}
        left = [s.get("left") for s in seats_out]
        counts = [s.get("cards") for s in public.get("seats", [])]
        seats = tuple(SeatResult(
            i, a, roles[i] or ("landlord" if i == result.get("landlord") else "farmer"),
            tuple((left[i] or "").split()),
            counts[i] if i < len(counts) else None) for i, a in enumerate(amounts))
        headline = "landlord_won" if result.get("winner") == "landlord" else (
            "farmer_won" if len(amounts) == 2 else "farmers_won")
        causes = tuple(str(c["cause"]) for c in public.get("causes", []))
        return ResultSummary(game, headline, seats, unit, stake, public.get("base") or 1,
                             public.get("multiplier") or 1, causes)
    if game == "tianji":
        groups = public.get("arrangements") or []
        points = public.get("b_points") or []
        types = public.get("c_types") or []
        seats = tuple(SeatResult(
            i, a, "", groups=tuple(sorted(groups[i].items())) if i < len(groups) else (),
            values=(f"{points[i]:g}", types[i]) if i < len(points) and i < len(types) else ())
            for i, a in enumerate(amounts))
        return ResultSummary(game, "tianji", seats, unit, stake)
    seats = tuple(SeatResult(i, a, roles[i]) for i, a in enumerate(amounts))
    return ResultSummary(game, "ended", seats, unit, stake)
