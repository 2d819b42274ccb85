"""What the views say about card art: whether the room shows pictures, which hand the cards
belong to, the bottom cards, and the finished hand's result card content.

Only public facts reach the table's fields (the bottom once the landlord has it, the result
after the hand); the hand's cards stay in the private view of their own seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.host.views import Phase
from bot.i18n import translate
from bot.pictures.summary import ResultSummary, summary_of

if TYPE_CHECKING:
    from bot.host.room import Room

PICTURE_PLATFORMS = ("telegram", "discord")  # on by default there; off at the console


def pictures_on(room: Room) -> bool:
    """The `pictures` setting, or the platform's default."""
    if room.pictures is not None:
        return room.pictures
    return room.place.platform in PICTURE_PLATFORMS


def _bottom(public: dict[str, Any]) -> tuple[str, ...]:
    return tuple(str(public.get("bottom") or "").split())


def table_fields(room: Room, public: dict[str, Any]) -> dict[str, Any]:
    """The picture fields of the table view."""
    return {"pictures": pictures_on(room), "hand_id": room.game_id or "",
            "bottom": _bottom(public), "result": result_summary(room, public),
            "last_play": _last_play(public)}


def _last_play(public: dict[str, Any]) -> tuple[int, tuple[str, ...]] | None:
    """The last cards played at the table (suited, as the public history shows them)."""
    for seat, cards in reversed(public.get("history") or []):
        if cards:
            return int(seat), tuple(str(cards).split())
    return None


def private_fields(room: Room, public: dict[str, Any], hand: tuple[str, ...],
                   private: dict[str, Any]) -> dict[str, Any]:
    """The picture fields of a private view: which hand, its cards from the bottom, and a
    田忌赛马 seat's sealed arrangement (its own, private until the reveal)."""
    held = set(hand)
    arranged = private.get("arrangement") if room.game == "tianji" else None
    groups = tuple((name, str(arranged[name])) for name in "ABC") \
        if isinstance(arranged, dict) and all(k in arranged for k in "ABC") else ()
    return {"pictures": pictures_on(room), "hand_id": room.game_id or "",
            "marked": tuple(c for c in _bottom(public) if c in held), "groups": groups}


def result_summary(room: Room, public: dict[str, Any]) -> ResultSummary | None:
    """The result card's content once the hand is over (cards left shown to all then)."""
    if room.phase is not Phase.OVER or not room.last_result:
        return None
    outcome = dict(room.last_result)
    seats = [dict(seat) for seat in outcome.get("seats") or []]
    state = room.state
    if state is not None and state.is_over:
        for index, seat in enumerate(seats):
            seat.setdefault("left", str(state.private_view(index).get("hand") or ""))
    outcome["seats"] = seats
    return summary_of(room.game, public, outcome)


def setting_text(room: Room, lang: str) -> str:
    """The settings line of `pictures`."""
    shown = pictures_on(room)
    return translate("pictures.setting", lang,
                     value=translate("host.option.on" if shown else "host.option.off", lang))
