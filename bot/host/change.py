"""What a command does to a room, as the host's service (`Host.change`) saves and shows it.

Handlers build a `Change` from a copy of the room; the service saves it in one storage
transaction, swaps it in and delivers its views. `Unchanged` gives up quietly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.games.base import Event
    from bot.host.room import Room
    from bot.host.views import Announcement
    from storage.records import ActionRecord, GameStart, Settlement


class Unchanged(Exception):  # noqa: N818 - a signal, not an error
    """Raised inside a change to give up quietly (a timer that lost a race)."""


@dataclass(slots=True)
class Change:
    """What a command did to a room, to save and show."""

    room: Room | None  # the changed room (None: nothing to save)
    key: str  # the reply's message key
    params: dict[str, Any] = field(default_factory=dict)
    ok: bool = True
    action: ActionRecord | None = None
    game_start: GameStart | None = None
    settlement: Settlement | None = None
    events: list[Event] = field(default_factory=list)
    notes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # host announcements
    table: bool = True  # the table changed
    privates: set[int] = field(default_factory=set)  # seats whose private view changed
    actor_seat: int | None = None  # attach this seat's private view to the reply
    reply_lang: str | None = None  # answer in this language (the one just chosen)
    check_reach: bool = False  # deliver the actor's private view and report a refusal
    kept: list[Announcement] = field(default_factory=list)  # saved until delivered
