"""`/paiju cup`: synced with its Chinese names, and words that make no competition command
get a short private refusal in the user's language that changes nothing."""

from __future__ import annotations

from bot.host.views import Phase
from bot.i18n import translate
from bot.tournament.service import CupService
from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import take_turn
from tests.fakes.discord import FakeDiscord, FakeMessage

STRING = 3


async def test_the_cup_subcommand_is_synced_with_chinese_names(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    [group] = fake_discord.commands()
    cup = next(o for o in group["options"] if o["name"] == "cup")
    assert cup["name_localizations"]["zh-CN"] == "比赛"
    assert cup["description_localizations"]["zh-CN"] == translate("discord.cmd.cup.desc", "zh")
    [words] = cup["options"]
    assert words["name"] == "text" and words["type"] == STRING and not words.get("required")
    assert words["name_localizations"]["zh-CN"] == "内容"


async def test_bad_cup_words_are_refused_briefly_in_the_users_language(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    assert paiju.host is not None
    cups = CupService(paiju.host)
    await cups.start()
    try:
        created = await paiju.slash("alice", "paiju cup", {"text": "new Club"})
        assert "“Club”" in created.content
        await paiju.slash("bob", "paiju cup", {"text": "join"})
        cup = next(iter(cups.cups.values()))
        before = cup.to_dict()
        public = len(fake_discord.messages_in(fake_discord.channel))
        rooms = set(paiju.host.rooms)

        zh = await paiju.slash("carol", "牌局 比赛", {"内容": "跳舞"}, locale="zh-CN")
        assert zh.ephemeral and zh.content == translate("cup.err.unknown", "zh", word="跳舞")
        en = await paiju.slash("bob", "paiju cup", {"text": "dance now"})
        assert en.ephemeral and en.content == translate("cup.err.unknown", "en", word="dance")
        bare = await paiju.slash("alice", "paiju cup", {"text": "role"})
        assert bare.ephemeral and bare.content == translate("cup.err.unknown", "en",
                                                            word="role")
        assert all(len(a.content) <= 200 and "\n" not in a.content for a in (zh, en, bare))

        assert cup.to_dict() == before and list(cups.cups) == [cup.cup_id]
        assert set(paiju.host.rooms) == rooms
        assert len(fake_discord.messages_in(fake_discord.channel)) == public
    finally:
        await cups.close()


async def test_a_competition_table_offers_only_the_buttons_it_takes(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """The draw seats the players and AI seats are not allowed: the lobby of a competition's
    table shows Start (to check in, which is confirmed privately) without Join / Leave /
    Add AI, also after a restart; in play, My hand and Auto; no panel offers Play again (the
    competition deals); a plain room next to it keeps all four lobby buttons."""
    fake_discord.add_user("Olga", admin=True)
    names = ["Ann", "Ben", "Cat"]
    for name in names:
        fake_discord.add_user(name)
    assert paiju.host is not None
    cups = CupService(paiju.host)
    await cups.start()
    try:
        await paiju.slash("Olga", "paiju cup", {"text": "new Club hands=1 seed=x"})
        for name in names:
            await paiju.slash(name, "paiju cup", {"text": "join"})
        await paiju.slash("Olga", "paiju cup", {"text": "close"})
        await cups.quiesce()
        await paiju.settle()
        [table] = next(iter(cups.cups.values())).live_tables()
        room_id = table.room_id
        assert room_id is not None and paiju.host.rooms[room_id].competition

        def lobby() -> FakeMessage:
            assert paiju.adapter is not None
            slot = paiju.adapter.tables[room_id]
            assert slot.message_id is not None
            return fake_discord.message(slot.message_id)

        assert codes(lobby()) == ["!start"]
        first = paiju.host.rooms[room_id].seats[0].name
        pressed = await paiju.press(first, lobby(), code="!start")  # checked in; it waits
        told = await fake_discord.reply_to(pressed)  # the table did not change: say so
        assert told.ephemeral and told.content.startswith("Checked in at")
        assert codes(lobby()) == ["!start"] and paiju.host.rooms[room_id].phase is Phase.LOBBY

        await cups.close()
        await paiju.restart()
        cups = CupService(paiju.host)
        await cups.start()
        await paiju.settle()
        assert paiju.host.rooms[room_id].competition  # kept in the room's snapshot
        assert codes(lobby()) == ["!start"]
        for seat in paiju.host.rooms[room_id].seats[1:]:
            await paiju.press(seat.name, lobby(), code="!start")
        await cups.quiesce()
        await paiju.settle()
        assert paiju.host.rooms[room_id].phase is Phase.PLAYING
        assert codes(lobby()) == ["!hand", "!auto"]
        while paiju.host.rooms[room_id].phase is Phase.PLAYING:  # played out on panels
            [user] = paiju.to_act()
            await take_turn(paiju, user, "select")
        await cups.quiesce()
        await paiju.settle()
        panels = [m for name in names for m in fake_discord.ephemeral_responses_to(name)]
        assert panels and all("!again" not in codes(m) for m in panels)  # the cup deals

        other = fake_discord.add_channel("casual")
        await paiju.slash("Olga", "paiju new", {"game": "doudizhu3"}, channel=other)
        casual = fake_discord.last_message(other)
        assert casual is not None and codes(casual) == ["!join", "!leave", "!ai", "!start", "!seed"]
    finally:
        await cups.close()
