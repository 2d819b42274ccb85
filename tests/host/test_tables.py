"""The host's public calls for extensions' tables (`bot.host.tables`): open a table with a
policy, deal with seats in 托管, hear `GameFinished`, close — played with
a game added as a package of its own (tests/games/contract)."""

from __future__ import annotations

from dataclasses import replace

from bot.host import commands as cmd
from bot.host.tables import GameFinished, SeatSpec, Tables
from bot.host.views import Announcement, Phase, Reply
from tests.games.contract.conftest_highcard import highcard  # noqa: F401 - the fixture
from tests.host.conftest import PLACE, actor

ROOM = "k0001t1"


class NoLeaving:
    """A policy: nobody leaves this table."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def check(self, command: cmd.Command, room_id: str) -> Reply | None:
        self.asked.append(room_id)
        if isinstance(command, cmd.Leave):
            return Reply(False, "stay", "test.stay")
        return None


async def test_an_extension_runs_a_table_through_the_public_calls(
        highcard: str, make_host) -> None:  # noqa: F811
    host, recorder = await make_host()
    tables = Tables(host)
    heard: list[GameFinished] = []

    async def finished(event: GameFinished) -> None:
        heard.append(event)

    tables.subscribe(finished)
    policy = NoLeaving()
    people = [SeatSpec(f"P{n}", await host.player_id(actor(n)), f"u{n}", "en") for n in (0, 1)]
    await tables.open(ROOM, PLACE, highcard, {}, people, "en", None, policy=policy)
    assert tables.info(ROOM).phase is Phase.LOBBY and tables.finished(ROOM) is None
    refused = await host.handle(cmd.Leave(actor(1), PLACE))
    assert not refused.ok and refused.key == "test.stay" and policy.asked == [ROOM]
    await tables.deal(ROOM, auto={0, 1}, dealt=lambda game_id: True)  # the AI plays both
    await host.quiesce()
    [event] = heard
    assert event.room_id == ROOM and event.game_id == f"{ROOM}-1"
    assert sum(event.scores) == 0 and event.public.cards_left == (1, 1)  # one kept each
    assert tables.finished(ROOM) == event and tables.info(ROOM).auto == (True, True)
    await tables.deal(ROOM, auto=set(), dealt=lambda game_id: False)  # not booked: no deal
    assert tables.info(ROOM).game_id == f"{ROOM}-1"
    await tables.close(ROOM)
    assert tables.info(ROOM).phase is Phase.CLOSED
    assert await tables.announce(Announcement(ROOM, PLACE, "en", "cup.created", "A cup!"))
    assert recorder.notes[-1].text == "A cup!"
    elsewhere = Announcement(ROOM, replace(PLACE, platform="nowhere"), "en", "cup.x", "?")
    assert not await tables.announce(elsewhere)  # no outlet serves that platform here
    assert await host.store.books_balanced()
