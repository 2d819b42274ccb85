"""`/paiju cup`: synced with its Chinese names, and words that make no competition command
get a short private refusal in the user's language that changes nothing."""

from __future__ import annotations

from bot.i18n import translate
from bot.tournament.service import CupService
from tests.adapters.discord.harness import Paiju
from tests.fakes.discord import FakeDiscord

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
