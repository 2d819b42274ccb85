"""A six-player competition in a Discord channel through the real adapter and the fake
Discord: created, entered, closed and looked at with `/paiju cup` (closed by a member of the
organiser role an admin named), one table message per competition table in the channel,
check-in by the tables' Start buttons, announcements in the channel, no hand ever public,
no handler error.
"""

from __future__ import annotations

from pathlib import Path

from bot.host import commands as cmd
from bot.host.views import Phase
from bot.tournament.competition import FINISHED, Competition
from bot.tournament.present import who
from bot.tournament.service import CupService
from bot.tournament.table import WAITING
from tests.adapters.discord.conftest import started
from tests.adapters.discord.harness import Paiju
from tests.fakes.discord import FakeDiscord, FakeMessage
from tests.fakes.discord_model import FakeRole, new_snowflake


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


async def cup_says(bot: Paiju, user: str, words: str = "") -> FakeMessage:
    """`user` runs `/paiju cup` with `words` typed in its text option; the answer."""
    return await bot.slash(user, "paiju cup", {"text": words} if words else None)


async def test_six_players_play_a_competition_in_one_channel(fake_discord: FakeDiscord,
                                                             tmp_path: Path) -> None:
    fake = fake_discord
    people = [fake.add_user(f"Player{n}") for n in range(1, 7)]
    fake.add_user("Olga", admin=True)
    referees = FakeRole(new_snowflake(), "Referees", 0, position=1)
    fake.guild.roles[referees.id] = referees
    referee = fake.add_user("Rita")
    fake.guild.members[referee.id] = [referees.id]
    async with started(fake, tmp_path / "cup.sqlite3") as bot:
        assert bot.host is not None
        cups = CupService(bot.host)
        await cups.start()
        try:
            host = bot.host
            named = await cup_says(bot, "Olga", f"role <@&{referees.id}>")
            assert named.ephemeral and "Members of role" in named.content
            created = await cup_says(bot, "Rita", "new Guild cup hands=1 seed=dc")
            assert created.ephemeral and "“Guild cup”" in created.content
            cup = next(iter(cups.cups.values()))
            for user in people:
                joined = await cup_says(bot, user.name, "join")
                assert joined.ephemeral and "You are in “Guild cup”" in joined.content
            listed = await cup_says(bot, "Player1")
            assert "Entrants (6)" in listed.content
            refused = await cup_says(bot, "Player1", "close")
            assert "Only the organisers" in refused.content and not cup.stages
            closed = await cup_says(bot, "Rita", "截止")
            assert "draw is posted" in closed.content
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
            final = await cup_says(bot, "Olga", "standings")
            assert "finished" in final.content and "Final places" in final.content
            assert f"1. {who(cup, cup.places[0][1])}" in final.content
            rooms = [t.room_id for s in cup.stages for t in s.all_tables()]
            assert all(host.rooms[r].phase is Phase.CLOSED for r in rooms)
            assert all(bot.adapter.tables[r].channel_id == fake.channel.id  # type: ignore[union-attr]
                       for r in rooms)
        finally:
            await cups.close()
