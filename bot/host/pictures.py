"""What the views say about card art: whether the room shows pictures, which hand the cards
belong to, the bottom cards, and the finished hand's result card content.

Only public facts reach the table's fields (the bottom once the landlord has it, the result
after the hand); the hand's cards stay in the private view of their own seat.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from bot.cards import is_wild_code
from bot.host.views import NoteArt, Phase, end_cards
from bot.i18n import translate
from bot.pictures.summary import ResultSummary, summary_of

if TYPE_CHECKING:
    from bot.games.base import PrivateView, PublicView
    from bot.host.room import Room

PICTURE_PLATFORMS = ("telegram", "discord")  # on by default there; off at the console


def pictures_on(room: Room) -> bool:
    """The `pictures` setting, or the platform's default."""
    if room.pictures is not None:
        return room.pictures
    return room.place.platform in PICTURE_PLATFORMS


def table_fields(room: Room, public: PublicView | None) -> dict[str, Any]:
    """The picture fields of the table view (from the engine's typed public view); a game
    whose public view names wild ranks (`wilds`, compact) has those cards starred."""
    bottom = public.bottom_cards if public is not None else ()
    last = public.last_cards if public is not None else None
    wilds = str(getattr(public, "wilds", "") or "")
    shown = (*bottom, *(last[1] if last else ()))
    return {"pictures": pictures_on(room), "hand_id": room.game_id or "",
            "bottom": bottom, "result": result_summary(room, public), "last_play": last,
            "wild": tuple(dict.fromkeys(c for c in shown if is_wild_code(c, wilds)))}


def note_art(room: Room, picture: str | None, public: PublicView | None) -> NoteArt | None:
    """What a note's picture shows, from the room as the note is made (the settled hand's
    result, the bottom cards as dealt, the last play): None when there is nothing to draw."""
    if picture is None or not pictures_on(room):
        return None
    if picture == "result":
        result = result_summary(room, public)
        return NoteArt(result=result, hand_id=room.game_id or "") if result is not None \
            else None
    if public is None:
        return None
    last = public.last_cards
    cards = tuple(last[1]) if picture == "table" and last else \
        tuple(public.bottom_cards) if picture != "table" else ()
    if not cards:
        return None
    wilds = str(getattr(public, "wilds", "") or "")
    return NoteArt(cards, tuple(c for c in cards if is_wild_code(c, wilds)),
                   hand_id=room.game_id or "")


def private_fields(room: Room, public: PublicView | None, hand: tuple[str, ...],
                   private: PrivateView) -> dict[str, Any]:
    """The picture fields of a private view: which hand, its cards from the bottom, and a
    田忌赛马 seat's sealed arrangement (its own, private until the reveal)."""
    bottom = public.bottom_cards if public is not None else ()
    taken = getattr(private, "from_bottom", None)
    if taken is None:  # the default: the bottom's cards this seat holds, one per bottom card
        taken = tuple((Counter(bottom) & Counter(hand)).elements())
    # A game whose private view names wild ranks (斗地主's 癞子: `wilds`, compact ranks) has
    # those cards starred in the picture.
    wilds = str(getattr(private, "wilds", "") or "")
    return {"pictures": pictures_on(room), "hand_id": room.game_id or "",
            "marked": tuple(taken), "groups": private.groups,
            "wild": tuple(c for c in hand if is_wild_code(c, wilds))}


def result_summary(room: Room, public: PublicView | None) -> ResultSummary | None:
    """The result card's content once the hand is over (cards left shown to all then)."""
    if room.phase is not Phase.OVER or not room.last_result:
        return None
    outcome = dict(room.last_result)
    seats = [dict(seat) for seat in outcome.get("seats") or []]
    left = end_cards(outcome)  # the cards every page shows at the end
    for index, seat in enumerate(seats):
        if index < len(left):
            seat.setdefault("left", left[index])
    outcome["seats"] = seats
    # The card reads the finished game's record: the public view in its JSON form.
    return summary_of(room.game, public.to_dict() if public is not None else {}, outcome)


def setting_text(room: Room, lang: str) -> str:
    """The settings line of `pictures`."""
    shown = pictures_on(room)
    return translate("pictures.setting", lang,
                     value=translate("host.option.on" if shown else "host.option.off", lang))
