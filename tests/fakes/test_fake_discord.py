"""The fake Discord works with the real discord.py client: handshake, commands, components,
ephemeral replies and failures on demand, all over real HTTP and a real websocket."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord
import pytest
from discord import app_commands

from tests.fakes.discord import FakeDiscord, fake_discord_fixture  # noqa: F401

MESSAGES = "POST /channels/{channel_id}/messages"
CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


class Counter(discord.ui.View):
    """A view whose button counts presses by editing its own message (response type 7)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.count = 0

    @discord.ui.button(label="Add one", custom_id="counter:add", style=discord.ButtonStyle.primary)
    async def add(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"count {self.count}", view=self)


def make_client() -> tuple[discord.Client, app_commands.CommandTree[discord.Client]]:
    """A plain client with a command tree holding the commands these tests use."""
    client = discord.Client(intents=discord.Intents.default())
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    client.seen = []  # type: ignore[attr-defined]

    @tree.command(name="counter", description="Post a counter")
    async def counter(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("count 0", view=Counter())

    @tree.command(name="secret", description="Whisper to the caller")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you see this", ephemeral=True)

    @tree.command(name="dm", description="DM a member")
    async def dm(interaction: discord.Interaction, member: discord.Member) -> None:
        try:
            await member.send("psst")
        except discord.Forbidden as refused:
            client.seen.append(refused.code)  # type: ignore[attr-defined]
            await interaction.response.send_message("cannot DM", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    paiju = app_commands.Group(name="paiju", description="Card games")
    settings = app_commands.Group(name="settings", description="Room settings", parent=paiju)

    @paiju.command(name="new", description="Open a room")
    @app_commands.choices(
        game=[
            app_commands.Choice(name="Dou Dizhu", value="ddz"),
            app_commands.Choice(name="Tianji", value="tianji"),
        ]
    )
    async def new(
        interaction: discord.Interaction, game: app_commands.Choice[str], seats: int = 3
    ) -> None:
        client.seen.append(("new", game.value, seats, str(interaction.locale)))  # type: ignore[attr-defined]
        await interaction.response.send_message(f"{game.value} room")

    @settings.command(name="set", description="Change a setting")
    async def set_(interaction: discord.Interaction, key: str, who: discord.Member) -> None:
        perms = interaction.permissions
        client.seen.append(("set", key, who.id, perms.manage_guild))  # type: ignore[attr-defined]
        await interaction.response.send_message("ok", ephemeral=True)

    tree.add_command(paiju)
    return client, tree


async def test_the_client_logs_in_and_sees_the_guild(fake_discord: FakeDiscord) -> None:
    client, _ = make_client()
    async with fake_discord.running(client):
        guild = client.get_guild(fake_discord.guild.id)
        assert guild is not None
        assert client.user is not None and client.user.id == fake_discord.bot.id
        assert guild.get_channel(fake_discord.channel.id) is not None
        assert guild.get_thread(fake_discord.thread.id) is not None
        admin = guild.get_role(fake_discord.admin_role.id)
        assert admin is not None and admin.permissions.manage_guild
    routes = [r.route for r in fake_discord.requests]
    assert routes[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert fake_discord.gateway.identifies[0]["token"] == fake_discord.token


async def test_commands_sync_globally_and_to_the_guild(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()
    async with fake_discord.running(client):
        synced = await tree.sync()
        tree.copy_global_to(guild=fake_discord.guild_object)
        in_guild = await tree.sync(guild=fake_discord.guild_object)
    assert {c.name for c in synced} == {"counter", "secret", "dm", "paiju"}
    assert all(c.id for c in synced) and len({c.id for c in synced}) == 4
    assert {c.name for c in in_guild} == {c.name for c in synced}
    assert fake_discord.commands(fake_discord.guild.id)[0]["guild_id"] == str(fake_discord.guild.id)


async def test_a_slash_command_posts_a_button_whose_press_edits_the_message(
    fake_discord: FakeDiscord,
) -> None:
    client, tree = make_client()
    async with fake_discord.running(client):
        await tree.sync()
        asked = await fake_discord.slash("alice", "counter")
        table = await fake_discord.reply_to(asked)
        assert table.content == "count 0" and table.labels() == ["Add one"]
        assert not table.ephemeral and fake_discord.last_message() is table

        pressed = await fake_discord.press("bob", table, label="Add one")
        await fake_discord.wait_acked(pressed)
        assert pressed.response_type == 7
        assert table.content == "count 1"
        assert [v["content"] for v in table.versions] == ["count 0", "count 1"]
    callbacks = fake_discord.requests_to(CALLBACK)
    assert [r.json["type"] for r in callbacks] == [4, 7]
    assert callbacks[1].channel_id == fake_discord.channel.id
    assert callbacks[1].user_id == fake_discord.user("bob").id


async def test_an_ephemeral_reply_carries_flag_64(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()
    async with fake_discord.running(client):
        await tree.sync()
        asked = await fake_discord.slash("carol", "secret")
        whisper = await fake_discord.reply_to(asked)
    assert whisper.flags & 64 and whisper.ephemeral
    assert fake_discord.ephemeral_responses_to("carol") == [whisper]
    assert fake_discord.ephemeral_responses_to("alice") == []
    assert fake_discord.messages_in(fake_discord.channel) == []
    assert "only you see this" not in "\n".join(fake_discord.public_texts())
    assert fake_discord.requests_to(CALLBACK)[0].ephemeral


async def test_a_dm_to_a_refusing_user_raises_forbidden_50007(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()
    fake_discord.refuse_dms("dave")
    async with fake_discord.running(client):
        await tree.sync()
        refused = await fake_discord.slash("alice", "dm", {"member": fake_discord.user("dave")})
        await fake_discord.reply_to(refused)
        sent = await fake_discord.slash("alice", "dm", {"member": fake_discord.user("eve")})
        await fake_discord.reply_to(sent)
    assert client.seen == [50007]  # type: ignore[attr-defined]
    dm_sends = fake_discord.requests_to(MESSAGES)
    assert [(r.dm_user_id, r.status) for r in dm_sends] == [
        (fake_discord.user("dave").id, 403),
        (fake_discord.user("eve").id, 200),
    ]
    assert fake_discord.dms_to("dave") == []
    assert [m.content for m in fake_discord.dms_to("eve")] == ["psst"]


async def test_a_rate_limited_send_is_retried_and_succeeds(fake_discord: FakeDiscord) -> None:
    client, _ = make_client()
    fake_discord.rate_limit(MESSAGES, times=2, retry_after=0.05)
    async with fake_discord.running(client):
        channel = client.get_channel(fake_discord.channel.id)
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send("hello")
    statuses = [r.status for r in fake_discord.requests_to(MESSAGES)]
    assert statuses == [429, 429, 200]
    assert [m.id for m in fake_discord.messages_in(fake_discord.channel)] == [sent.id]


async def test_an_unknown_interaction_raises_not_found_10062(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()
    failures: list[int] = []

    @tree.error
    async def on_error(interaction: discord.Interaction, error: Exception) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, discord.NotFound):
            failures.append(original.code)

    async with fake_discord.running(client):
        await tree.sync()
        with fake_discord.expecting_errors() as caught:
            asked = await fake_discord.slash("alice", "secret")
            fake_discord.fail_interaction(asked)
            await fake_discord.wait_for(lambda: failures, what="the NotFound")
    assert failures == [10062]
    assert "Unknown interaction" in caught[0].trace
    assert fake_discord.requests_to(CALLBACK)[0].status == 404


async def test_groups_options_choices_locale_and_permissions_arrive_as_discord_sends_them(
    fake_discord: FakeDiscord,
) -> None:
    client, tree = make_client()
    async with fake_discord.running(client):
        await tree.sync()
        bob = fake_discord.user("bob")
        for user in ("alice", "bob"):
            asked = await fake_discord.slash(user, "paiju settings set", {"key": "bid", "who": bob})
            await fake_discord.wait_acked(asked)
        made = await fake_discord.slash(
            "carol", "paiju new", {"game": "tianji", "seats": 4}, locale="zh-CN"
        )
        await fake_discord.wait_acked(made)
        with pytest.raises(ValueError):
            await fake_discord.slash("carol", "paiju new", {"game": "chess"})
        with pytest.raises(LookupError):
            await fake_discord.slash("carol", "paiju")
    assert client.seen == [  # type: ignore[attr-defined]
        ("set", "bid", bob.id, True),
        ("set", "bid", bob.id, False),
        ("new", "tianji", 4, "zh-CN"),
    ]


async def test_a_handler_error_fails_the_wait_at_once(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()

    @tree.command(name="boom", description="Raises")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    async with fake_discord.running(client):
        await tree.sync()
        asked = await fake_discord.slash("alice", "boom")
        started = time.monotonic()
        with pytest.raises(AssertionError, match="kaboom"):
            await fake_discord.reply_to(asked, timeout=5)
        assert time.monotonic() - started < 1
        assert len(fake_discord.take_errors()) == 1


async def test_teardown_fails_when_a_handler_error_is_left(fake_discord: FakeDiscord) -> None:
    client, _ = make_client()

    @client.event
    async def on_ready() -> None:
        raise RuntimeError("broken on_ready")

    with pytest.raises(AssertionError, match="broken on_ready"):
        async with fake_discord.running(client):
            while not fake_discord.errors.errors:
                await asyncio.sleep(0.01)
