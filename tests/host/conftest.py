"""Fixtures for host tests: a real SQLite storage in tmp_path, a hand-wound clock, and an
outlet that records every view the host delivers."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.host import commands as cmd
from bot.host.bootstrap import close_host, open_host
from bot.host.host import Host
from bot.host.room import Room, room_id_for
from bot.host.runtime.clock import ManualClock
from bot.host.views import Announcement, Delivery, Phase, Place, PrivateView, TableView
from bot.settings import Settings

PLATFORM = "test"
PLACE = Place(PLATFORM, "channel-1", "", "guild-1", "Guild")


class Recorder:
    """An outlet that keeps everything it is shown; DMs to `refuse` bounce."""

    platform = PLATFORM

    def __init__(self) -> None:
        self.tables: list[TableView] = []
        self.privates: list[PrivateView] = []
        self.notes: list[Announcement] = []
        self.refuse: set[str] = set()

    async def show_table(self, view: TableView) -> None:
        self.tables.append(view)

    async def show_private(self, view: PrivateView) -> Delivery:
        if view.user.user_id in self.refuse:
            return Delivery.REFUSED
        self.privates.append(view)
        return Delivery.SENT

    async def announce(self, note: Announcement) -> None:
        self.notes.append(note)

    def last_private(self, user_id: str) -> PrivateView:
        return [v for v in self.privates if v.user.user_id == user_id][-1]

    def group_texts(self) -> list[str]:
        """Everything shown to the channel."""
        return [v.text for v in self.tables] + [n.text for n in self.notes
                                                if n.private_to is None]


def actor(n: int, lang: str = "en", admin: bool = False) -> cmd.Actor:
    """Test person number n."""
    return cmd.Actor(PLATFORM, f"u{n}", f"Player{n}", lang, admin)


HostFactory = Callable[..., Awaitable[tuple[Host, Recorder]]]


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def make_host(tmp_path: Path, clock: ManualClock) -> AsyncIterator[HostFactory]:
    """Build (and at teardown close) hosts on one database file: a second call is a restart."""
    opened: list[Host] = []

    async def factory(seed: int = 7, **settings: object) -> tuple[Host, Recorder]:
        values: dict[str, object] = {"database": tmp_path / "paiju.sqlite3", "ai_delay": 0,
                                     "ai_processes": 0,
                                     "warn_before": 10, "stake": 10,
                                     "puzzle_wait": 120}  # a puzzle made, never "being set"
        values.update(settings)
        host = await open_host(Settings(_env_file=None, **values), clock=clock,
                               rng=random.Random(seed))
        recorder = Recorder()
        host.attach(recorder)
        await host.start()
        opened.append(host)
        return host, recorder

    yield factory
    for host in opened:  # a test that closed a host itself still leaves its storage open
        await close_host(host)


@pytest.fixture
async def host_and_recorder(make_host: HostFactory) -> tuple[Host, Recorder]:
    return await make_host()


async def ok(host: Host, command: cmd.Command) -> None:
    """Run a command that must be accepted."""
    reply = await host.handle(command)
    assert reply.ok, (reply.key, reply.text)


async def open_table(host: Host, game: str, people: int, ais: int = 0,
                     start: bool = True, **new: object) -> Room:
    """A room at PLACE with `people` test persons and `ais` AI seats, dealt."""
    await ok(host, cmd.NewRoom(actor(0), PLACE, game=game, **new))  # type: ignore[arg-type]
    for n in range(1, people):
        await ok(host, cmd.Join(actor(n), PLACE))
    for _ in range(ais):
        await ok(host, cmd.AddAI(actor(0), PLACE))
    if start:
        await ok(host, cmd.Start(actor(0), PLACE))
    await host.quiesce()
    return host.rooms[room_id_for(PLACE)]


def room(host: Host) -> Room:
    return host.rooms[room_id_for(PLACE)]


async def play_out(host: Host, limit: int = 400) -> Room:
    """Let every person play the engine's first hint until the game is over."""
    for _ in range(limit):
        await host.quiesce()
        current = room(host)
        if current.phase is not Phase.PLAYING:
            return current
        seat = next(s for s in current.to_act() if not current.seats[s].plays_itself)
        action = current.spec.hints(current.state, seat)[0]
        await ok(host, cmd.Act(actor(int(current.seats[seat].user_id[1:])), PLACE, text=action))
    raise AssertionError("the game did not end")


def room_id() -> str:
    return room_id_for(PLACE)
