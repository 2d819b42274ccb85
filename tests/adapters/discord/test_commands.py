"""The other slash commands: settings (owner or Manage Server), threads as rooms, the
information commands, long answers, sharding, and an interaction Discord gave up on."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.i18n import translate
from tests.adapters.discord.conftest import started
from tests.adapters.discord.harness import Paiju
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord
from tests.fakes.discord_model import SEND_MESSAGES, SEND_MESSAGES_IN_THREADS

CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


async def test_settings_change_for_manage_server_but_not_for_a_plain_member(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await paiju.slash("carol", "paiju new", {"game": "doudizhu3"})
    refused = await paiju.slash("bob", "paiju settings", {"changes": "stake=20"})
    assert refused.ephemeral and paiju.room.stake == 10
    allowed = await paiju.slash("alice", "paiju settings", {"changes": "stake=20, mode=points"})
    assert allowed.ephemeral and paiju.room.stake == 20 and paiju.room.mode == "points"
    shown = await paiju.slash("bob", "paiju settings")
    assert "20" in shown.content
    malformed = await paiju.slash("alice", "paiju settings", {"changes": "stake 30"})
    assert "key=value" in malformed.content and paiju.room.stake == 20


async def test_a_thread_holds_its_own_room_and_table(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await paiju.slash("alice", "paiju new", {"game": "tianji"}, channel=fake_discord.thread)
    table = await paiju.table()
    assert table.channel_id == fake_discord.thread.id
    assert fake_discord.messages_in(fake_discord.channel) == []
    joined = await paiju.slash("bob", "paiju join", channel=fake_discord.thread)
    assert joined.ephemeral and "Bob" in (await paiju.table()).content


async def test_information_commands_answer_privately_and_within_2000_characters(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    for command, options in (("paiju help", {}), ("paiju rules", {"game": "doudizhu3"}),
                             ("paiju rules", {"game": "tianji"}), ("paiju me", {}),
                             ("paiju judge", {"cards": "33344"}),
                             ("paiju leaderboard", {"everywhere": True})):
        asked = await fake_discord.slash("dave", command, options)
        await fake_discord.reply_to(asked)
        await paiju.settle()
        answers = [fake_discord.original(asked), *fake_discord.followups(asked)]
        assert all(a is not None and a.ephemeral and 0 < len(a.content) <= 2000
                   for a in answers), command
    assert fake_discord.messages_in(fake_discord.channel) == []


async def test_an_interaction_discord_gave_up_on_is_logged_and_nothing_breaks(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    asked = await fake_discord.slash("alice", "paiju me")
    fake_discord.fail_interaction(asked)
    await fake_discord.wait_for(lambda: fake_discord.requests_to(CALLBACK), what="the answer")
    await paiju.settle()
    assert fake_discord.requests_to(CALLBACK)[-1].status == 404
    answer = await paiju.slash("alice", "paiju me")
    assert answer.ephemeral and "Alice" in answer.content


async def test_shard_settings_run_an_auto_sharded_client(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    async with started(fake_discord, tmp_path / "sharded.sqlite3",
                       discord_shard_count=2) as paiju:
        assert paiju.adapter is not None
        client = paiju.adapter.client
        assert isinstance(client, discord.AutoShardedClient) and client.shard_count == 2
        await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
        assert "Alice" in (await paiju.table()).content


async def test_a_command_of_an_older_sync_is_answered_not_left_to_fail(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """Discord may still offer a subcommand this version no longer has (the sync is not yet
    seen by the client): the user is told, nothing else happens."""
    [group] = fake_discord.commands()
    group["options"].append({"name": "dance", "description": "gone", "type": 1, "options": []})
    with fake_discord.expecting_errors() as caught:  # discord.py reports it to on_error
        answer = await paiju.slash("alice", "paiju dance")
    assert [type(e.error).__name__ for e in caught] == ["CommandNotFound"]
    assert answer.ephemeral and answer.content == translate("discord.stale_command", "en")
    assert fake_discord.messages_in(fake_discord.channel) == []


async def test_guild_ids_sync_the_commands_to_those_servers_only(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """DISCORD_GUILD_IDS (development): the group goes to the named server at once, with its
    Chinese names, and nothing is synced globally; commands typed there work."""
    guild = fake_discord.guild.id
    async with started(fake_discord, tmp_path / "guild.sqlite3",
                       discord_guild_ids=[guild]) as paiju:
        assert fake_discord.commands() == []
        [group] = fake_discord.commands(guild)
        assert group["name"] == "paiju" and group["name_localizations"]["zh-CN"] == "牌局"
        answer = await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
        assert answer.ephemeral and "Alice" in (await paiju.table()).content


async def test_a_channel_where_the_bot_cannot_post_gets_no_table_but_an_explanation(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """Without Send Messages in a channel (or in a thread, Send Messages in Threads) the table
    could never show: /paiju new says which permission is missing and opens nothing."""
    assert paiju.host is not None
    muted = fake_discord.add_channel("muted")
    fake_discord.deny_bot(muted, SEND_MESSAGES)
    refused = await paiju.slash("alice", "paiju new", {"game": "doudizhu3"}, channel=muted)
    assert refused.ephemeral and refused.content == translate(
        "discord.missing_permissions", "en", permissions="Send Messages")
    thread = fake_discord.add_channel("muted thread", thread_of=fake_discord.channel)
    fake_discord.deny_bot(thread, SEND_MESSAGES_IN_THREADS)
    refused = await paiju.slash("alice", "paiju new", {"game": "doudizhu3"}, channel=thread)
    assert "Send Messages in Threads" in refused.content
    assert paiju.host.rooms == {}
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})  # allowed where it can post
    assert "Alice" in (await paiju.table()).content


async def test_a_table_in_a_thread_discord_archived_is_posted_again_and_play_goes_on(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """Idle threads are archived and their messages cannot be edited (50083): the next
    change posts the table anew, which reopens the thread, and the old message goes."""
    thread = fake_discord.thread
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"}, channel=thread)
    old = await paiju.table()
    fake_discord.archive(thread)
    await paiju.slash("bob", "paiju join", channel=thread)
    fresh = await paiju.table()
    assert fresh.id != old.id and "Bob" in fresh.content and not thread.archived
    assert old.deleted and fake_discord.messages_in(thread) == [fresh]


async def test_a_seated_player_sets_their_own_seed_privately(paiju: Paiju) -> None:
    """`/paiju seed text:…`: the seat's own seed, mixed into the deals from the next hand,
    answered to the sender alone with that hand's committed server seed."""
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    answer = await paiju.slash("alice", "paiju seed", {"text": "lucky dragon"})
    assert answer.ephemeral and "lucky dragon" in answer.content
    assert paiju.room.next_game_id() in answer.content
    seat = next(s for s in paiju.room.seats if s.user_id == str(paiju.fake.user("alice").id))
    assert seat.seed == "lucky dragon"
