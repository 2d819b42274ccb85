"""Slash commands and the lobby: commands synced with Chinese names, a table message with
Join / Leave / Add AI / Start, refusals as ephemeral replies."""

from __future__ import annotations

from tests.adapters.discord.harness import Paiju, codes
from tests.fakes.discord import FakeDiscord


async def test_the_paiju_group_is_synced_with_chinese_localisations(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    [group] = fake_discord.commands()
    assert group["name"] == "paiju"
    assert group["name_localizations"]["zh-CN"] == "牌局"
    names = {option["name"] for option in group["options"]}
    assert names == {"new", "join", "leave", "addbot", "start", "hand", "hint", "auto", "table",
                     "leaderboard", "me", "rules", "judge", "settings", "cup", "help", "link",
                     "unlink", "puzzle", "seed"}
    new = next(o for o in group["options"] if o["name"] == "new")
    assert new["name_localizations"]["zh-CN"] == "开桌"
    game = next(o for o in new["options"] if o["name"] == "game")
    assert {c["value"] for c in game["choices"]} >= {"doudizhu3", "doudizhu2", "tianji"}


async def test_new_posts_one_lobby_message_that_join_and_add_ai_edit(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    answer = await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    assert answer.ephemeral
    table = await paiju.table()
    assert not table.ephemeral
    assert codes(table) == ["!join", "!leave", "!ai", "!start", "!seed"]
    await paiju.press("bob", table, code="!join")
    await paiju.press("alice", table, code="!ai")
    table = await paiju.table()
    assert "Bob" in table.content and "Alice" in table.content
    assert len(fake_discord.messages_in(fake_discord.channel)) == 1  # edited, not reposted
    assert len(table.versions) >= 3


async def test_a_chinese_client_types_chinese_names_and_reads_chinese(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    answer = await paiju.slash("carol", "牌局 开桌", {"game": "tianji"}, locale="zh-CN")
    assert "开" in answer.content or "桌" in answer.content
    refused = await paiju.slash("dave", "牌局 手牌", locale="zh-CN")
    assert refused.ephemeral and "你" in refused.content


async def test_a_closed_table_stays_as_it_was_and_a_new_one_goes_to_the_bottom(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    first = await paiju.table()
    await paiju.press("alice", first, code="!leave")
    assert first.components == [] and not first.deleted  # final, without buttons
    await paiju.slash("bob", "paiju new", {"game": "tianji"})
    second = await paiju.table()
    assert second.id != first.id and not first.deleted
    assert codes(second) == ["!join", "!leave", "!ai", "!start", "!seed"]
