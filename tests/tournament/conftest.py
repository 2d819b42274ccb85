"""Fixtures for the cup service: the real host and storage on a SQLite file in tmp_path, a
hand-wound clock, an outlet that records what the channel is shown."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.host import commands as cmd
from bot.host.bootstrap import close_host, open_host
from bot.host.host import Host
from bot.host.runtime.clock import ManualClock
from bot.host.views import Announcement, Delivery, Place, PrivateView, TableView
from bot.settings import Settings
from bot.tournament.service import CupService

PLATFORM = "test"
PLACE = Place(PLATFORM, "channel-1", "", "guild-1", "Guild")


class Recorder:
    """An outlet that keeps what it is shown."""

    platform = PLATFORM

    def __init__(self) -> None:
        self.tables: list[TableView] = []
        self.notes: list[Announcement] = []

    async def show_table(self, view: TableView) -> None:
        self.tables.append(view)

    async def show_private(self, view: PrivateView) -> Delivery:
        return Delivery.SENT

    async def announce(self, note: Announcement) -> None:
        self.notes.append(note)

    def cup_notes(self, kind: str) -> list[Announcement]:
        return [n for n in self.notes if n.kind == kind]


def person(n: int, admin: bool = False) -> cmd.Actor:
    """Test person number n."""
    return cmd.Actor(PLATFORM, f"u{n}", f"Player{n}", "en", admin)


Opened = tuple[Host, CupService, Recorder]
Factory = Callable[..., Awaitable[Opened]]


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def open_cup_host(tmp_path: Path, clock: ManualClock) -> AsyncIterator[Factory]:
    """Host + cup service on one database file; a second call after `shut` is a restart."""
    opened: list[Opened] = []

    async def factory(seed: int = 7, **settings: object) -> Opened:
        values: dict[str, object] = {"database": tmp_path / "cup.sqlite3", "ai_delay": 1,
                                     "warn_before": 0}
        values.update(settings)
        host = await open_host(Settings(_env_file=None, **values), clock=clock,
                               rng=random.Random(seed))
        recorder = Recorder()
        host.attach(recorder)
        service = CupService(host)
        await host.start()
        await service.start()
        opened.append((host, service, recorder))
        return host, service, recorder

    yield factory
    for host, service, _ in opened:
        await shut(host, service)


async def shut(host: Host, service: CupService) -> None:
    """Stop the service and the host (rooms and competitions stay saved)."""
    if not host.closing:
        await service.close()
        await close_host(host)


async def ok(host: Host, command: cmd.Command) -> str:
    """Run a command that must be accepted; its reply text."""
    reply = await host.handle(command)
    assert reply.ok, (reply.key, reply.text)
    return reply.text


async def play_out_in_auto(host: Host, service: CupService, cup: Any, clock: ManualClock,
                           who: Callable[[int], cmd.Actor] = person,
                           limit: int = 6000) -> None:
    """Every entrant at a live table hands their seat to 托管, the clock a second on, until
    the competition is over (`who`: the actor of an entrant number)."""
    for _ in range(limit):
        await service.quiesce()
        if cup.phase == "finished":
            return
        for table in cup.live_tables():
            room = host.rooms.get(table.room_id or "")
            for seat, number in enumerate(table.seats):
                if room is not None and number > 0 and not room.seats[seat].auto:
                    await host.handle(cmd.Auto(who(number), room=table.room_id, on=True))
        clock.advance(1.0)
