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
                     "unlink", "puzzle", "seed", "admin"}
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


async def test_the_seed_button_takes_a_players_seed_and_shows_the_whole_commitment(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Issue 52: a player's own seed by a button (before: only by typing /paiju seed), and
    # the whole commitment a tap away for anyone (before: a 16-digit prefix only).
    from bot.fairness import deal_commitment

    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    table = await paiju.table()
    room = next(iter(paiju.host.rooms.values()))
    committed = deal_commitment(room.next_game_id(), room.next_seed)
    assert committed[:16] in table.content and committed not in table.content
    asked = await paiju.press("alice", table, code="!seed")
    assert asked.response_type == 9 and asked.modal is not None  # the form, not a message
    submitted = await fake_discord.submit_modal("alice", {asked.modal["components"][0][
        "components"][0]["custom_id"]: "  my lucky day "})
    await fake_discord.wait_acked(submitted)
    answer = await fake_discord.reply_to(submitted)
    assert answer.ephemeral and committed in answer.content and "my lucky day" in answer.content
    assert next(iter(paiju.host.rooms.values())).seats[0].seed == "my lucky day"
    # a watcher submits the form empty: the commitment alone, nothing set
    watched = await paiju.press("eve", await paiju.table(), code="!seed")
    empty = await fake_discord.submit_modal("eve", {}, shown_by=watched)
    await fake_discord.wait_acked(empty)
    shown = await fake_discord.reply_to(empty)
    assert shown.ephemeral and committed in shown.content
    # during the hand the 🔒 answers at once with this hand's whole digest
    await paiju.press("alice", await paiju.table(), code="!ai")
    await paiju.press("alice", await paiju.table(), code="!ai")
    await paiju.press("alice", await paiju.table(), code="!start")
    pressed = await paiju.press("eve", await paiju.table(), code="!seed")
    reply = await fake_discord.reply_to(pressed)
    assert reply.ephemeral and committed in reply.content
