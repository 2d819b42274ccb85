"""The host's public calls for extensions that run tables of their own (the competition
service): open a table with a policy, deal, put seats into 托管, close it, post a note of
its own, and hear when a game finishes — without reaching into the host's changes, rooms,
outlets or handlers.

`Tables(host)` is built once per extension. A table's `TablePolicy` is asked about every
command aimed at it (the host finds the room the command is for, as the handlers do) and
may answer it instead of the built-in handlers. `GameFinished` is published after the
game's views went out, outside the room's lock; `finished(room_id)` reads the last one back
(a restart catches up with hands that finished while the process was down).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.errors import PaijuError
from bot.host import commands as cmd
from bot.host.change import Change, Unchanged
from bot.host.handlers.lobby import deal, hands_dealt
from bot.host.payload import decode_payload
from bot.host.room import Room, Seat, room_id_for
from bot.host.views import Announcement, Phase, Place, Reply

if TYPE_CHECKING:
    from bot.host.host import Host
    from storage.records import Settlement

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A person to seat at a table, or an AI seat (`is_ai`: no player, no user)."""

    name: str
    player_id: int | None
    user_id: str | None
    lang: str
    is_ai: bool = False


@dataclass(frozen=True, slots=True)
class GameFinished:
    """A game finished at a table: its id, each seat's score in stake units (penalties
    folded in), and the engine's final public view (None when leaving ended it)."""

    room_id: str
    game_id: str
    scores: tuple[int, ...]
    public: Any


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What an extension may know of one of its tables now."""

    room_id: str
    phase: Phase
    game_id: str | None
    auto: tuple[bool, ...]  # per seat: in 托管


class TablePolicy(Protocol):
    """How a table answers the commands aimed at it (None: as any table does)."""

    async def check(self, command: cmd.Command, room_id: str) -> Reply | None:
        """A reply instead of the built-in handler's, or None to let it run."""


class Tables:
    """The tables one extension runs in a host."""

    def __init__(self, host: Host) -> None:
        self._host = host
        self._policies: dict[str, TablePolicy] = {}
        self._finished: list[Callable[[GameFinished], Awaitable[None]]] = []
        host.command_hooks.append(self._check)
        host.game_over_hooks.append(self._game_over)

    def subscribe(self, handler: Callable[[GameFinished], Awaitable[None]]) -> None:
        """Hear of every game that finishes at any table of this host."""
        self._finished.append(handler)

    def set_policy(self, room_id: str, policy: TablePolicy) -> None:
        """Let `policy` answer the commands aimed at the table (kept across restarts by
        the extension calling this again)."""
        self._policies[room_id] = policy

    def info(self, room_id: str) -> TableInfo | None:
        """The table's phase, current game and 托管 seats (None: no such room in memory)."""
        room = self._host.rooms.get(room_id)
        if room is None:
            return None
        return TableInfo(room_id, room.phase, room.game_id,
                         tuple(seat.auto for seat in room.seats))

    def finished(self, room_id: str) -> GameFinished | None:
        """The game the table finished last, while it is still on the table (None: none)."""
        room = self._host.rooms.get(room_id)
        if room is None or room.phase is not Phase.OVER or room.game_id is None \
                or room.last_result is None:
            return None
        return self._event(room)

    async def open(self, room_id: str, place: Place, game: str, options: Mapping[str, Any],
                   seats: list[SeatSpec], lang: str, community: int | None,
                   policy: TablePolicy) -> None:
        """Open (or reopen, over a closed one) a table run by the extension: points, stake 1,
        no owner, AI seats only as the extension asks; every hand is dealt by `deal`."""
        self.set_policy(room_id, policy)
        host = self._host

        async def build(before: Room | None) -> Change:
            counter = before.counter + 1 if before is not None else 1
            room = Room(room_id=room_id, place=place, game=game, options=dict(options),
                        stake=1, mode="points", lang=lang, owner=None,
                        community_id=community,
                        seats=[Seat(s.is_ai, s.name, s.player_id, s.user_id, s.lang)
                               for s in seats],
                        counter=counter, hands=await hands_dealt(host, room_id, before),
                        prompt_since=[counter] * len(seats), competition=True)
            return Change(room, "cup.table_opened")

        await self._change(room_id, build)

    async def deal(self, room_id: str, auto: set[int], dealt: Callable[[str], bool],
                   seed: int | None = None, dealer: int | None = None) -> None:
        """Deal the next game, with `auto` seats in 托管 (`seed` and `dealer`: given cards,
        as duplicate deals need; else the host's). Checked under the room's lock: nothing
        happens while a game runs, or while the last one is not `dealt(game_id)` (booked by
        the extension) yet."""
        host = self._host

        async def build(before: Room | None) -> Change:
            if before is None or before.phase not in (Phase.LOBBY, Phase.OVER):
                raise Unchanged
            if before.phase is Phase.OVER and not dealt(before.game_id or ""):
                raise Unchanged
            room = before.copy()
            for seat in auto:
                room.seats[seat].auto = True
            return deal(host, room, seed, dealer)

        await self._change(room_id, build)

    async def set_auto(self, room_id: str, seats: set[int]) -> None:
        """Put seats of a running game into 托管 (a forfeit: the AI plays them out)."""

        async def build(before: Room | None) -> Change:
            if before is None:
                raise Unchanged
            room = before.copy()
            for seat in seats:
                room.seats[seat].auto = True
            return Change(room, "cup.table_opened", privates=set(seats))

        await self._change(room_id, build)

    async def close(self, room_id: str) -> None:
        """Close a table between games (its table message shows it closed)."""

        async def build(before: Room | None) -> Change:
            if before is None or before.phase not in (Phase.LOBBY, Phase.OVER):
                raise Unchanged
            room = before.copy()
            room.counter += 1
            room.phase, room.seats, room.prompt_since = Phase.CLOSED, [], []
            return Change(room, "host.closed")

        await self._change(room_id, build)

    async def announce(self, note: Announcement) -> bool:
        """Post a note of the extension's own in its place's channel (False: no platform
        serves the place in this process, or its outlet failed, which it logged)."""
        outlet = self._host.outlets.get(note.place.platform)
        if outlet is None:
            return False
        try:
            await outlet.announce(note)
        except Exception:
            log.exception("room %s: announcement %s not delivered", note.room_id, note.kind)
            return False
        return True

    async def _change(self, room_id: str, build: Callable[[Room | None], Awaitable[Change]]
                      ) -> None:
        try:
            await self._host.change(room_id, None, build)
        except Unchanged:
            pass

    def _event(self, room: Room) -> GameFinished:
        assert room.last_result is not None and room.game_id is not None
        scores = tuple(seat["score"] for seat in room.last_result["seats"])
        public = room.public_view() if room.state is not None else None
        return GameFinished(room.room_id, room.game_id, scores, public)

    async def _game_over(self, room: Room, settlement: Settlement) -> None:
        if room.last_result is None or room.game_id is None:
            return
        event = self._event(room)
        for handler in self._finished:
            await handler(event)

    async def _check(self, command: cmd.Command) -> Reply | None:
        if not self._policies:
            return None
        room_id = await self.target(command)
        policy = self._policies.get(room_id or "")
        return None if policy is None else await policy.check(command, room_id or "")

    async def target(self, command: cmd.Command) -> str | None:
        """The room the host will take a command to (as `Host.find_room` finds it); None for
        a button that stands for a command of its own (it comes back as that command)."""
        host = self._host
        if isinstance(command, cmd.Press):
            try:
                payload = decode_payload(command.payload)
            except PaijuError:
                return None
            return None if payload.is_verb else payload.room_id
        if command.room is not None:
            return command.room
        if command.place is not None:
            here = host.rooms.get(room_id_for(command.place))
            if here is not None and here.phase is not Phase.CLOSED:
                return here.room_id
        return host.seated.get(await host.player_id(command.actor))
