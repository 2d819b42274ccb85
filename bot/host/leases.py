"""Room leases of one host among several processes on one database (PostgreSQL).

A host acts on a room only while it holds the room's lease (storage/leases.py): it takes the
lease before it loads or creates the room, so a command for a room another live process
holds is refused, not played twice. Every save carries the owner and is refused by storage
once the lease is lost, so a process that was paused past its lease cannot write over its
successor. The heartbeat (every third of the lease period) renews the leases, forgets rooms
it lost, lets go of the leases of rooms that left memory (a save refused after a database
stall longer than the lease: they are taken over from their last save, here or elsewhere),
parks rooms where nothing runs (a lobby, a finished hand: whichever process hears of them
next takes them, e.g. the one running the Discord shard of their guild), and takes over the
hands in play of processes that died holding them (or stalled past their lease), on a
platform this process serves: it loads the saved game and its timers and AI seats carry on.
So a dead process's games resume between 2/3 and 4/3 of a lease period after it died (its
last renewal runs out, then another's next heartbeat finds them) and a game's settlement is
booked once (storage's idempotent settlement by game id). A hand taken over is only
finished here: once it is over (its result shown by this process) the room is parked at once,
so "Play again" works wherever it is pressed, and an orphan with nothing in play (a lobby, a
finished hand) is parked, never held: the process that hears of it next takes it. A hand of
a platform this process does not serve (a Telegram table on a process without the token) is
left to a process that serves it: finished here, nobody would see it.

On SQLite (one process per file, `<database>.lock`) there are no leases: `Host.leases` is
None.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from typing import TYPE_CHECKING, Any

from bot.errors import PaijuError
from bot.host import commands as cmd
from bot.host.payload import decode_payload
from bot.host.room import Room, room_id_for
from bot.host.views import Phase

if TYPE_CHECKING:
    from bot.host.host import Host

log = logging.getLogger(__name__)


def process_owner() -> str:
    """A lease owner name unique to this process: host name, pid and a random tag."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def target_room(command: cmd.Command) -> str | None:
    """The room a command is addressed to, if it names one (payload, explicit id, place)."""
    if isinstance(command, cmd.Press):
        try:
            return decode_payload(command.payload).room_id
        except PaijuError:
            return None
    if command.room is not None:
        return command.room
    if command.place is not None:
        return room_id_for(command.place)
    return None


class RoomLeases:
    """The rooms this process holds, their heartbeat and the takeover of orphans."""

    def __init__(self, host: Host, owner: str, ttl: float) -> None:
        self.host = host
        self.owner = owner
        self.ttl = ttl
        self.held: set[str] = set()
        self.used_at: dict[str, float] = {}  # room id -> last command claimed for it
        self.taken: set[str] = set()  # rooms held to finish a hand taken over: handed back
        self._task: asyncio.Task[None] | None = None
        self._claims: dict[str, asyncio.Lock] = {}
        self._handing_back: set[asyncio.Task[None]] = set()
        host.change_watchers.append(self._changed)

    async def claim(self, room_id: str) -> bool:
        """Hold the room's lease (taking it and loading the room's latest save if this
        process did not hold it); False if another live process holds it. A room asked for
        here is this process's to keep, not only a hand to finish (see `take_over`)."""
        self.used_at[room_id] = self.host.clock.now()  # not parked under a command's feet
        self.taken.discard(room_id)
        if room_id in self.held:
            return True
        async with self._claims.setdefault(room_id, asyncio.Lock()):
            if room_id in self.held:
                return True
            if not await self.host.store.acquire_room(room_id, self.owner, self.ttl):
                return False
            # Whatever this process remembers of the room may be stale: its last owner (or
            # a takeover) may have played on. The saved room is the truth.
            self.host.forget_room(room_id)
            snapshot = await self.host.store.load_room(room_id)
            if snapshot is not None:
                self.host.install_room(room_id, snapshot)
            self.held.add(room_id)
            if snapshot is not None:  # its timers and AI seats go on, whatever the command
                self.host.driver.poke(room_id)
            return True

    def lost(self, room_id: str) -> None:
        """Storage refused a save: the lease ran out (another process may hold the room now,
        or nobody: a database that stalled past the lease). The room leaves memory; the next
        heartbeat lets its lease go if it is still in this process's name, and a takeover
        loads it from its last save."""
        self.held.discard(room_id)
        self.taken.discard(room_id)
        self.host.forget_room(room_id)

    async def let_go(self, room_ids: set[str]) -> None:
        """End the leases of rooms renewed in this process's name but not in its memory (a
        save was refused), so they are taken over from their last save, not held for good."""
        for room_id in sorted(room_ids):
            async with self._claims.setdefault(room_id, asyncio.Lock()):
                if room_id not in self.held:  # not claimed again meanwhile
                    log.info("room %s: not in memory; its lease is let go", room_id)
                    await self.host.store.expire_rooms([room_id], self.owner)

    async def take_over(self) -> list[str]:
        """Take the hands in play that processes left (died, or stalled past their lease) on
        the platforms served here; park the orphans with nothing in play. The rooms taken."""
        taken = []
        for room_id in await self.host.store.orphaned_rooms():
            if room_id in self.held:
                continue
            orphan = self._readable(await self.host.store.load_room(room_id))
            in_play = orphan is not None and orphan.phase is Phase.PLAYING
            if in_play and orphan.place.platform not in self.host.outlets:
                continue  # left to a process that can show it
            if not await self.claim(room_id):
                continue
            room = self.host.rooms.get(room_id)
            if room is not None and room.phase is Phase.PLAYING:
                self.taken.add(room_id)
                taken.append(room_id)
            else:  # nothing to drive: whoever hears of it next takes it
                async with self.host.lock(room_id):
                    await self.park([room_id])
        return taken

    @staticmethod
    def _readable(snapshot: dict[str, Any] | None) -> Room | None:
        """A saved room, or None (none saved, or unreadable: said when it is claimed)."""
        if snapshot is None:
            return None
        try:
            return Room.from_snapshot(snapshot)
        except Exception:
            return None

    def _changed(self, room_id: str) -> None:
        """A change was swapped in: a hand taken over that is over now is handed back."""
        room = self.host.rooms.get(room_id)
        if room_id in self.taken and room is not None and room.phase is not Phase.PLAYING:
            task = asyncio.create_task(self._hand_back(room_id), name=f"hand-back:{room_id}")
            self._handing_back.add(task)
            task.add_done_callback(self._handing_back.discard)

    async def _hand_back(self, room_id: str) -> None:
        """Park a room taken over once its hand is over (its result is shown by now, or
        on its way): the next "Play again", wherever it is pressed, takes it."""
        try:
            async with self.host.lock(room_id):  # after the change that ended the hand
                room = self.host.rooms.get(room_id)
                if room_id in self.taken and room is not None \
                        and room.phase is not Phase.PLAYING:
                    log.info("room %s: hand taken over is over; the room is let go", room_id)
                    await self.park([room_id])
        except Exception:  # the database is out of reach: the heartbeat parks it later
            log.warning("room %s: could not be let go after its hand", room_id, exc_info=True)

    async def beat(self) -> None:
        """One heartbeat: renew, forget what was lost, park idle rooms, take over orphans."""
        # Only rooms held before the renewal can have been lost: a room claimed while it
        # ran (on another connection of the pool) may be missing from what it renewed.
        before = set(self.held)
        kept = await self.host.store.renew_leases(self.owner, self.ttl)
        for room_id in (before - kept) & self.held:
            log.warning("room %s: lease lost to another process", room_id)
            self.lost(room_id)
        if kept - self.held:
            await self.let_go(kept - self.held)
        now = self.host.clock.now()
        idle = [room_id for room_id in sorted(self.held) if self.idle(room_id, now)]
        if idle:
            await self.host.park_rooms(idle)
        for room_id in await self.take_over():
            log.info("room %s: taken over from a process that stopped", room_id)
            await self.host.reshow(room_id)
            self.host.driver.poke(room_id)

    def idle(self, room_id: str, now: float) -> bool:
        """Nothing runs in the room (not in play) and nobody asked for it for a lease period."""
        room = self.host.rooms.get(room_id)
        if room is not None and room.phase is Phase.PLAYING:
            return False
        last = max(self.host.changed_at.get(room_id, 0.0), self.used_at.get(room_id, 0.0))
        return now - last > self.ttl

    async def park(self, room_ids: list[str]) -> None:
        """Let rooms go (the caller holds their room locks). A command claiming one of them
        meanwhile waits for it to be parked, then takes it again from its save."""
        for room_id in room_ids:
            async with self._claims.setdefault(room_id, asyncio.Lock()):
                self.held.discard(room_id)  # from now on a claim waits for the lock
                try:
                    await self.host.store.release_rooms([room_id], self.owner)
                except BaseException:  # still this process's: nothing changed
                    self.held.add(room_id)
                    raise
                self.taken.discard(room_id)
                self.used_at.pop(room_id, None)
                self.host.forget_room(room_id)

    async def handed_back(self) -> None:
        """Wait until the rooms whose taken-over hand ended are parked (tests, tools)."""
        while self._handing_back:
            await asyncio.gather(*self._handing_back, return_exceptions=True)

    def start(self) -> None:
        """Start the heartbeat."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="room-leases")

    async def _run(self) -> None:
        failures = 0  # in a row: the first is logged with its traceback, the rest in a line
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self.beat()
            except Exception as error:  # storage unreachable: the leases run out, others
                failures += 1  # take over (and this process takes back what is left)
                if failures == 1:
                    log.exception("room leases: heartbeat failed")
                else:
                    log.warning("room leases: heartbeat failed again (%d in a row: %s: %.200s)",
                                failures, type(error).__name__, error)
            else:
                if failures:
                    log.warning("room leases: heartbeat back after %d failures", failures)
                failures = 0

    async def stop(self) -> None:
        """Stop the heartbeat and park every room not in play, so others take them at once
        (rooms in play stay leased until their lease runs out, then are taken over)."""
        for task in list(self._handing_back):
            task.cancel()
        await asyncio.gather(*self._handing_back, return_exceptions=True)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        idle = [room_id for room_id in sorted(self.held)
                if (room := self.host.rooms.get(room_id)) is None
                or room.phase is not Phase.PLAYING]
        with contextlib.suppress(Exception):
            await self.host.store.release_rooms(idle, self.owner)
