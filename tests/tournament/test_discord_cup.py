"""A six-player competition in a Discord channel through the real adapter and the fake
Discord: one table message per competition table in the channel, check-in by the tables'
Start buttons, announcements in the channel, no hand ever public, no handler error.

The adapter has no `/cup` command yet, so sign-up and closing go straight to the host
with the people the adapter would name (`Actor("discord", <user id>, ...)`).
"""

from __future__ import annotations

from pathlib import Path

from bot.host import commands as cmd
from bot.host.views import Phase, Place
from bot.tournament import commands as cup_cmd
from bot.tournament.competition import FINISHED, Competition
from bot.tournament.service import CupService
from bot.tournament.table import WAITING
from tests.adapters.discord.conftest import started
from tests.adapters.discord.harness import Paiju
from tests.fakes.discord import FakeDiscord


def actor(user_id: int, name: str, admin: bool = False) -> cmd.Actor:
    return cmd.Actor("discord", str(user_id), name, "en", admin)


async def check_in_by_buttons(bot: Paiju, cup: Competition, names: dict[int, str],
                              ids: dict[int, int]) -> None:
    """Each seated person presses Start on their table's message."""
    assert bot.adapter is not None and bot.host is not None
    for table in cup.live_tables():
        if table.status != WAITING:
            continue
        await bot.settle()
        slot = bot.adapter.tables[table.room_id]
        assert slot.message_id is not None
        for number in table.seats:
            message = bot.fake.message(slot.message_id)
            await bot.press(names[number], message, code="!start")
        assert table.status != WAITING
        for number in table.seats:
            reply = await bot.host.handle(cmd.Auto(actor(ids[number], names[number]),
                                                   room=table.room_id, on=True))
            assert reply.ok


async def test_six_players_play_a_competition_in_one_channel(fake_discord: FakeDiscord,
                                                             tmp_path: Path) -> None:
    fake = fake_discord
    people = [fake.add_user(f"Player{n}") for n in range(1, 7)]
    owner = fake.add_user("Olga", admin=True)
    async with started(fake, tmp_path / "cup.sqlite3") as bot:
        assert bot.host is not None
        cups = CupService(bot.host)
        await cups.start()
        try:
            place = Place("discord", str(fake.channel.id), "", str(fake.guild.id),
                          fake.guild.name)
            host = bot.host
            reply = await host.handle(cup_cmd.CupCreate(
                actor(owner.id, owner.name, admin=True), place, name="Guild cup",
                settings={"hands": "1", "seed": "dc"}))
            assert reply.ok, reply.text
            for user in people:
                assert (await host.handle(cup_cmd.CupSignUp(actor(user.id, user.name),
                                                            place))).ok
            assert (await host.handle(cup_cmd.CupClose(actor(owner.id, owner.name, True),
                                                       place))).ok
            cup = next(iter(cups.cups.values()))
            names = {n + 1: u.name for n, u in enumerate(people)}
            ids = {n + 1: u.id for n, u in enumerate(people)}
            for _ in range(6):
                await check_in_by_buttons(bot, cup, names, ids)
                await bot.settle()
                await cups.quiesce()
                if cup.phase == FINISHED:
                    break
            assert cup.phase == FINISHED and len(cup.stages) == 2
            await bot.settle()
            texts = fake.public_texts(fake.channel)
            assert any("Draw seed: dc" in t for t in texts)
            assert any("Final places" in t for t in texts)
            rooms = [t.room_id for s in cup.stages for t in s.all_tables()]
            assert all(host.rooms[r].phase is Phase.CLOSED for r in rooms)
            assert all(bot.adapter.tables[r].channel_id == fake.channel.id  # type: ignore[union-attr]
                       for r in rooms)
        finally:
            await cups.close()
