"""田忌赛马's pictures: hands sorted with A high and 2 low, the arrangement's group values
(A its card, B its points, C its type), each seat's groups on the result card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.cards import parse_cards
from bot.errors import CardParseError
from bot.games.pictures import GamePictures, Label, ResultSummary, SeatResult, booked_seats
from bot.games.tianji.ranking import b_total, c_type

GROUP_NAMES = ("A", "B", "C")


class TianjiPictures(GamePictures):
    """田忌赛马 and its duel: A high, 2 low."""

    rank_order = "23456789TJQKA"

    def group_values(self, groups: Mapping[str, str]) -> dict[str, tuple[Label, ...]]:
        """A its card's rank, B its points (十点半, bust marked), C its type."""
        values: dict[str, tuple[Label, ...]] = {}
        for name in GROUP_NAMES:
            try:
                cards = parse_cards(groups.get(name, ""))
            except CardParseError:
                continue
            if name == "A" and len(cards) == 1:
                values[name] = (("pictures.word", {"word": cards[0].rank.label}),)
            elif name == "B" and len(cards) == 2:
                points = b_total(cards)
                key = "pictures.value.B_one" if points == 1 else "pictures.value.B"
                value: tuple[Label, ...] = ((key, {"value": f"{points:g}"}),)
                values[name] = value if points <= 10.5 else (*value, ("pictures.bust", {}))
            elif name == "C" and len(cards) == 3:
                values[name] = ((f"pictures.type.{c_type(cards).name.lower()}", {}),)
        return values

    def summary(self, game: str, public: Mapping[str, Any],
                outcome: Mapping[str, Any]) -> ResultSummary:
        """Each seat's three groups with B's points and C's type (a table of 2–6); the
        duel's cards left otherwise."""
        if "arrangements" not in public:
            return super().summary(game, public, outcome)
        amounts, _, _ = booked_seats(outcome)
        groups = public.get("arrangements") or []
        points = public.get("b_points") or []
        types = public.get("c_types") or []
        seats = tuple(SeatResult(
            i, a, "", groups=tuple(sorted(groups[i].items())) if i < len(groups) else (),
            values=(f"{points[i]:g}", types[i]) if i < len(points) and i < len(types) else ())
            for i, a in enumerate(amounts))
        return ResultSummary(game, "tianji", seats, outcome.get("mode") or "beans",
                             int(outcome.get("stake") or 1))


class DuelPictures(TianjiPictures):
    """The duel: each seat's card left and tricks won, and every trick's two cards."""

    def summary(self, game: str, public: Mapping[str, Any],
                outcome: Mapping[str, Any]) -> ResultSummary:
        """Cards left as the public view shows them at the end, the tricks as played."""
        amounts, roles, held = booked_seats(outcome)
        left = public.get("left") or []
        wins = public.get("wins") or []
        seats = tuple(SeatResult(
            i, amount, roles[i] or "",
            tuple(str(left[i]).split()) if i < len(left) and left[i] else tuple(held[i].split()),
            tricks=int(wins[i]) if i < len(wins) else None)
            for i, amount in enumerate(amounts))
        tricks = tuple(tuple(str(code) for code in trick) for trick in public.get("tricks") or [])
        return ResultSummary(game, "ended", seats, outcome.get("mode") or "beans",
                             int(outcome.get("stake") or 1), tricks=tricks)


PICTURES = TianjiPictures()
DUEL_PICTURES = DuelPictures()
