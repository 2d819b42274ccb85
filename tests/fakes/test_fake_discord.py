"""The fake Discord works with the real discord.py client: handshake, commands, components,
ephemeral replies and failures on demand, all over real HTTP and a real websocket."""

from __future__ import annotations

import asyncio
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
        # The wait ends with the handler's error, not with "timed out".
        with pytest.raises(AssertionError, match="handler error(.|\n)*kaboom"):
            await fake_discord.reply_to(asked, timeout=30)
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


async def test_a_deferred_reply_is_filled_in_by_the_first_followup(
    fake_discord: FakeDiscord,
) -> None:
    client, tree = make_client()

    @tree.command(name="slow", description="Thinks first")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("done thinking")
        extra = await interaction.followup.send("one more", ephemeral=False, wait=True)
        await extra.edit(content="one more, edited")
        await interaction.edit_original_response(content="done thinking, edited")

    async with fake_discord.running(client):
        await tree.sync()
        asked = await fake_discord.slash("bob", "slow")
        await fake_discord.wait_for(
            lambda: (
                len(
                    fake_discord.requests_to(
                        "PATCH /webhooks/{application_id}/{token}/messages/{message_id}"
                    )
                )
                == 2
            )
        )
    original = fake_discord.original(asked)
    assert original is not None and asked.response_type == 5
    assert original.ephemeral and original.content == "done thinking, edited"
    [extra] = fake_discord.followups(asked)
    assert not extra.ephemeral and extra.content == "one more, edited"
    assert fake_discord.messages_in(fake_discord.channel) == [extra]


async def test_a_deferred_press_then_edit_original_edits_the_pressed_message(
    fake_discord: FakeDiscord,
) -> None:
    client, tree = make_client()

    class Slow(discord.ui.View):
        @discord.ui.button(label="Go", custom_id="slow:go")
        async def go(
            self, interaction: discord.Interaction, button: discord.ui.Button[Any]
        ) -> None:
            await interaction.response.defer()
            await interaction.edit_original_response(content="went", view=None)

    @tree.command(name="panel", description="A private panel")
    async def panel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ready", view=Slow(), ephemeral=True)

    async with fake_discord.running(client):
        await tree.sync()
        shown = await fake_discord.reply_to(await fake_discord.slash("eve", "panel"))
        with pytest.raises(PermissionError):
            await fake_discord.press("alice", shown, label="Go")
        pressed = await fake_discord.press("eve", shown, label="Go")
        await fake_discord.wait_for(lambda: shown.content == "went")
    assert pressed.response_type == 6 and fake_discord.original(pressed) is shown
    assert shown.ephemeral and shown.components == []


async def test_a_select_menu_sends_the_picked_values(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()
    picked: list[list[str]] = []

    class Pick(discord.ui.View):
        @discord.ui.select(
            custom_id="pick",
            max_values=2,
            options=[discord.SelectOption(label=x, value=x) for x in ("3", "4", "5")],
        )
        async def pick(
            self, interaction: discord.Interaction, select: discord.ui.Select[Any]
        ) -> None:
            picked.append(select.values)
            await interaction.response.send_message(f"played {' '.join(select.values)}")

    @tree.command(name="pick", description="Pick ranks")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick", view=Pick())

    async with fake_discord.running(client):
        await tree.sync()
        menu = await fake_discord.reply_to(await fake_discord.slash("alice", "pick"))
        with pytest.raises(ValueError):
            await fake_discord.press("alice", menu, custom_id="pick", values=["2"])
        chosen = await fake_discord.press("alice", menu, custom_id="pick", values=["3", "5"])
        answer = await fake_discord.reply_to(chosen)
    assert picked == [["3", "5"]]
    assert answer.content == "played 3 5" and fake_discord.last_message() is answer


async def test_a_modal_is_shown_and_submitted(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()
    named: list[str] = []

    class Rename(discord.ui.Modal, title="Rename the room"):
        name = discord.ui.TextInput(label="Name", custom_id="room-name")

        async def on_submit(self, interaction: discord.Interaction) -> None:
            named.append(self.name.value)
            await interaction.response.send_message(f"renamed to {self.name.value}")

    @tree.command(name="rename", description="Rename the room")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Rename())

    async with fake_discord.running(client):
        await tree.sync()
        asked = await fake_discord.slash("alice", "rename")
        await fake_discord.wait_acked(asked)
        assert asked.response_type == 9 and asked.modal is not None
        submitted = await fake_discord.submit_modal("alice", {"Name": "牌局"})
        await fake_discord.reply_to(submitted)
    assert named == ["牌局"]


async def test_discord_limits_are_enforced_with_50035(fake_discord: FakeDiscord) -> None:
    client, _ = make_client()
    async with fake_discord.running(client):
        channel = client.get_channel(fake_discord.channel.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as too_long:
            await channel.send("x" * 2001)
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="x", custom_id="c" * 101))
        with pytest.raises(discord.HTTPException) as bad_id:
            await channel.send("ok", view=view)
    assert too_long.value.code == bad_id.value.code == 50035
    assert "2000 or fewer" in too_long.value.text
    assert "custom_id" in bad_id.value.text
    assert fake_discord.messages_in(fake_discord.channel) == []


async def test_an_expired_token_refuses_followups_with_50027(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()
    codes: list[int] = []

    @tree.command(name="late", description="Answers after 15 minutes")
    async def late(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        fake_discord.expire_interaction(fake_discord.interactions[-1])
        try:
            await interaction.followup.send("too late")
        except discord.HTTPException as error:
            codes.append(error.code)

    async with fake_discord.running(client):
        await tree.sync()
        await fake_discord.slash("alice", "late")
        await fake_discord.wait_for(lambda: codes)
    assert codes == [50027]


async def test_a_reconnect_resumes_the_session_and_replays_missed_events(
    fake_discord: FakeDiscord,
) -> None:
    client, tree = make_client()
    resumed = asyncio.Event()

    @client.event
    async def on_resumed() -> None:
        resumed.set()

    async with fake_discord.running(client):
        await tree.sync()
        await fake_discord.reconnect()
        # Dispatched while the client reconnects: kept in the session log, replayed on RESUME.
        asked = await fake_discord.slash("alice", "secret")
        await asyncio.wait_for(resumed.wait(), 2)
        await fake_discord.reply_to(asked)
    assert len(fake_discord.gateway.identifies) == 1


async def test_a_restarted_client_handles_presses_on_old_messages(
    fake_discord: FakeDiscord,
) -> None:
    first, tree = make_client()
    async with fake_discord.running(first):
        await tree.sync()
        table = await fake_discord.reply_to(await fake_discord.slash("alice", "counter"))

    second, _ = make_client()
    second.setup_hook = lambda: _add_persistent_counter(second)  # type: ignore[method-assign]
    async with fake_discord.running(second):
        pressed = await fake_discord.press("bob", table, label="Add one")
        await fake_discord.wait_acked(pressed)
    assert table.content == "count 1"
    assert len(fake_discord.gateway.identifies) == 2


async def _add_persistent_counter(client: discord.Client) -> None:
    client.add_view(Counter())


async def test_a_sharded_client_asks_for_the_gateway_and_gets_its_guild(
    fake_discord: FakeDiscord,
) -> None:
    fake_discord.shard_count = 2
    client = discord.AutoShardedClient(intents=discord.Intents.default())

    async def no_identify_delay(shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py waits 5 s between shards by default

    client.before_identify_hook = no_identify_delay  # type: ignore[method-assign]
    async with fake_discord.running(client):
        assert client.get_guild(fake_discord.guild.id) is not None
    assert fake_discord.requests_to("GET /gateway/bot")
    assert sorted(i["shard"] for i in fake_discord.gateway.identifies) == [[0, 2], [1, 2]]


async def test_a_slash_command_in_a_thread_answers_in_the_thread(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()
    async with fake_discord.running(client):
        await tree.sync()
        asked = await fake_discord.slash("alice", "counter", channel=fake_discord.thread)
        table = await fake_discord.reply_to(asked)
    assert table.channel_id == fake_discord.thread.id
    assert fake_discord.messages_in(fake_discord.channel) == []


async def test_autocomplete_sends_the_partial_text_and_records_the_choices(
    fake_discord: FakeDiscord,
) -> None:
    client, tree = make_client()

    @tree.command(name="join", description="Join a room")
    async def join(interaction: discord.Interaction, room: str) -> None:
        await interaction.response.send_message(f"joined {room}")

    @join.autocomplete("room")
    async def rooms(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=r, value=r) for r in ("ddz-1", "ddz-2", "tj-1") if typed in r
        ]

    async with fake_discord.running(client):
        await tree.sync()
        typing = await fake_discord.autocomplete("bob", "join", {"room": "ddz"}, focused="room")
        await fake_discord.wait_acked(typing)
    assert typing.response_type == 8
    assert [c["value"] for c in typing.autocomplete_choices or []] == ["ddz-1", "ddz-2"]


async def test_members_intent_chunks_and_user_messages_arrive(fake_discord: FakeDiscord) -> None:
    intents = discord.Intents.default()
    intents.members = intents.message_content = True
    client = discord.Client(intents=intents)
    heard: list[tuple[str, str]] = []

    @client.event
    async def on_message(message: discord.Message) -> None:
        heard.append((message.author.name, message.content))

    async with fake_discord.running(client):
        guild = client.get_guild(fake_discord.guild.id)
        assert guild is not None and guild.chunked
        assert {m.name for m in guild.members} >= {"alice", "bob", "carol", "dave", "eve"}
        found = await guild.query_members("ca")  # a gateway member request (op 8)
        assert [m.name for m in found] == ["carol"]
        await fake_discord.say("carol", "3 3 3 4")
        await fake_discord.wait_for(lambda: heard)
    assert heard == [("carol", "3 3 3 4")]


async def test_commands_and_buttons_work_in_direct_messages(fake_discord: FakeDiscord) -> None:
    client, tree = make_client()
    async with fake_discord.running(client):
        await tree.sync()
        dm = fake_discord.dm_channel("bob")
        table = await fake_discord.reply_to(await fake_discord.slash("bob", "counter", channel=dm))
        pressed = await fake_discord.press("bob", table, label="Add one")
        await fake_discord.wait_acked(pressed)
    assert table.channel_id == dm.id and table.content == "count 1"
    assert fake_discord.dms_to("bob") == [table] and fake_discord.public_texts() == []


async def test_discord_py_urls_are_restored_after_the_fake_stops() -> None:
    before = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    async with FakeDiscord() as fake:
        assert discord.http.Route.BASE == fake.api_base
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == fake.gateway_url
    assert (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == before


async def test_channel_routes_fetch_edit_delete_and_fail_on_demand(
    fake_discord: FakeDiscord,
) -> None:
    client, _ = make_client()
    fake_discord.fail_next(MESSAGES, 403, 50013, "Missing Permissions")
    async with fake_discord.running(client):
        channel = await client.fetch_channel(fake_discord.channel.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.Forbidden) as refused:
            await channel.send("first")
        first = await channel.send("first")
        second = await channel.send("second")
        await (await channel.fetch_message(first.id)).edit(content="first, edited")
        await second.delete()
        history = [m.content async for m in channel.history(limit=10)]
        with pytest.raises(discord.NotFound):
            await channel.fetch_message(second.id)
    assert refused.value.code == 50013
    assert history == ["first, edited"]
    assert [m.content for m in fake_discord.messages_in(fake_discord.channel)] == ["first, edited"]
