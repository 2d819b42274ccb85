"""What the command handlers and the views use of the host: a narrow context, not `Host`.

Handlers (`bot.host.handlers`) and the view builders (`bot.host.presentation.present`)
are typed against these protocols; `bot.host.host.Host` is the one implementation (tests
may pass anything that has these members). Keeping the list short keeps the handlers
honest about what they touch: the store, the clock, the rooms, the settings, the change
path and the thinking pool's suggestions.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from bot.host import commands as cmd
    from bot.host.change import Change
    from bot.host.room import Room
    from bot.host.runtime.clock import Clock
    from bot.host.store import Store
    from bot.host.views import Place, Reply
    from bot.settings import Settings
    from bot.web.links import Links


class ViewContext(Protocol):
    """What building a room's views needs beyond the room: the clock (the timer line), the
    web links, and the suggestions the thinking pool has ready."""

    clock: Clock
    links: Links | None

    def hints_ready(self, room: Room, seat: int) -> list[str] | None:
        """The seat's suggestions if computed (None: asked of the pool, they follow)."""


class HandlerContext(ViewContext, Protocol):
    """What a command handler may use: storage, settings, the rooms in memory and who sits
    where, the one change path, identities and beans, and the suggestions."""

    settings: Settings
    store: Store
    rng: random.Random
    rooms: dict[str, Room]
    seated: dict[int, str]  # player id → the room they sit in
    hint_cursor: dict[tuple[str, int], tuple[int, int]]  # 提示's place in its cycle

    async def handle(self, command: cmd.Command) -> Reply:
        """Run a command (a pressed button forwards the command it stands for)."""

    async def change(self, room_id: str, actor: cmd.Actor | None,
                     build: Callable[[Room | None], Awaitable[Change]]) -> Reply:
        """Change a room under its lock, save, deliver; the reply."""

    def find_room(self, command: cmd.Command, player_id: int | None = None) -> Room:
        """The room a command is about."""

    async def player_id(self, actor: cmd.Actor) -> int:
        """The storage player id of a person."""

    async def community_id(self, place: Place | None) -> int | None:
        """The storage id of the place's community (None without one)."""

    async def beans(self, player_id: int) -> int:
        """A player's beans, after the daily relief."""

    async def hints(self, room: Room, seat: int) -> list[str]:
        """The seat's suggestions, waiting for the thinking pool if needed."""

    async def think(self, function: Callable[..., Any], *args: Any) -> Any:
        """CPU work off the event loop (the thinking pool): `function(*args)`'s answer."""
