"""田忌赛马 on the web pages: the referee names each arrangement's B points and C type; the
finished table shows every seat's three groups; the duel shows its tricks."""

from __future__ import annotations

from typing import Any

from bot.games.web import CardRow, GameWeb, Reading
from bot.i18n import translate


class TableWeb(GameWeb):
    """A table of 2–6: arrangements sealed until all are in, then shown."""

    def reading(self, before: Any, after: Any, seat: int, action: str, final: Any,
                lang: str) -> Reading:
        """An arrangement: its B group's points and C group's type (known at the end)."""
        if not action.startswith("arrange"):
            return Reading()
        view = final.to_dict()
        types, points = view.get("c_types") or [], view.get("b_points") or []
        if seat >= min(len(types), len(points)):
            return Reading()
        return Reading(note=translate("web.referee.arranged", lang, points=f"{points[seat]:g}",
                                      type=translate(f"tianji.type.{types[seat]}", lang)))

    def rows(self, public: Any, over: bool) -> tuple[CardRow, ...]:
        """Once the table is over, each seat's groups A, B and C."""
        if not over:
            return ()
        arrangements = public.to_dict().get("arrangements") or []
        return tuple(CardRow("", (), seat, tuple(tuple(cards.split()) for cards
                                                 in (groups or {}).values()))
                     for seat, groups in enumerate(arrangements))


class DuelWeb(GameWeb):
    """The duel: each trick's two cards in a row."""

    def hands(self, state: Any, players: int) -> tuple[tuple[str, ...], str]:
        """Each seat's cards: the dealt five while it chooses three, then those left."""
        return tuple(state.private(seat).cards for seat in range(players)), ""

    def rows(self, public: Any, over: bool) -> tuple[CardRow, ...]:
        """The tricks played so far."""
        return tuple(CardRow("", tuple(trick)) for trick in public.to_dict().get("tricks") or [])


TABLE_WEB = TableWeb()
DUEL_WEB = DuelWeb()
