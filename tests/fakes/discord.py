"""A fake Discord (REST API + gateway) on 127.0.0.1 that the real discord.py client talks to.

    async with FakeDiscord() as fake:                 # patches Route.BASE and DEFAULT_GATEWAY
        async with fake.running(client):              # login + connect + on_ready; no errors
            await tree.sync(guild=fake.guild_object)
            inter = await fake.slash("alice", "paiju new", {"game": "ddz"})
            reply = await fake.reply_to(inter)        # waits for the response message
            await fake.press("bob", reply, label="Join")

Pytest: `from tests.fakes.discord import fake_discord_fixture  # noqa: F401` (or
`pytest_plugins = ["tests.fakes.discord"]`), then take a `fake_discord` argument.

Modules: discord_model (world, payloads, FakeMessage/FakeInteraction/RecordedRequest),
discord_rest (routes, recording, failures), discord_checks (Discord's 50035 limits),
discord_gateway (handshake, RESUME, shards), discord_interactions (slash/press/modal
payloads), discord_harness (running a client, capturing handler errors).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AbstractContextManager
from typing import Any, TypeVar

import discord
import pytest
import yarl
from aiohttp import web

from tests.fakes.discord_gateway import Gateway
from tests.fakes.discord_harness import ErrorLog, RecordedError, running_client
from tests.fakes.discord_interactions import modal_data, new_interaction, press_data, slash_data
from tests.fakes.discord_model import (
    BOT_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    LOADING,
    MANAGE_GUILD,
    PUBLIC_THREAD,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMessage,
    FakeRole,
    FakeUser,
    RecordedRequest,
    World,
    backdated,
    new_snowflake,
    payload_text,
)
from tests.fakes.discord_rest import FailureRule, Rest
from tests.fakes.discord_webhooks import InteractionRoutes

__all__ = [
    "FakeChannel",
    "FakeDiscord",
    "FakeInteraction",
    "FakeMessage",
    "FakeUser",
    "RecordedRequest",
    "fake_discord_fixture",
]

DEFAULT_TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.fake.discord-token"
DEFAULT_USERS = ("alice", "bob", "carol", "dave", "eve")
POLL_INTERVAL = 0.01
ANSWER_WAIT = 10.0  # s a test waits for the bot to answer an interaction: event-driven, so a
# generous bound costs nothing when all is well and rides out a loaded machine (Discord itself
# wants the first answer within 3 s; the adapter defers after 1.5 s)
T = TypeVar("T")
UserRef = FakeUser | str | int
ChannelRef = FakeChannel | int


class FakeDiscord:
    """The fake Discord: one guild with #games, a thread in it, an Admin role and users.

    The first user ("alice") owns the guild and has the Admin role (Manage Server); the
    others are plain members.
    """

    def __init__(
        self,
        *,
        users: tuple[str, ...] = DEFAULT_USERS,
        token: str = DEFAULT_TOKEN,
        guild_name: str = "Paiju Test",
    ) -> None:
        self.token = token
        bot = FakeUser(id=new_snowflake(), name="paiju", bot=True)
        self.world = World(bot=bot, users={bot.id: bot})
        self.guild = self._make_guild(guild_name, users)
        owner = self.world.users[self.guild.owner_id]
        self.application: dict[str, Any] = {
            "id": str(bot.id),
            "name": bot.name,
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": owner.payload(),  # the guild owner also owns the application
            "team": None,
            "summary": "",
            "interactions_endpoint_url": None,
            "bot": bot.payload(),
        }
        self.channel = self.add_channel("games")
        self.thread = self.add_channel("games-thread", thread_of=self.channel)
        self._port = 0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self._change = asyncio.Event()
        self.errors = ErrorLog(self._notify)
        self.gateway = Gateway(self.world, token, lambda: self.gateway_url, self.application)
        self.rest = Rest(self.world, token, self.application, lambda: self.gateway_url)
        InteractionRoutes(self.rest)
        self.gateway.on_change = self.rest.on_change = self._notify

    # -- the world --------------------------------------------------------------------------

    def _make_guild(self, name: str, user_names: tuple[str, ...]) -> FakeGuild:
        guild_id = new_snowflake()
        users = [FakeUser(id=new_snowflake(), name=n) for n in user_names]
        guild = FakeGuild(id=guild_id, name=name, owner_id=users[0].id if users else self.bot.id)
        self.admin_role = FakeRole(new_snowflake(), "Admin", MANAGE_GUILD, position=2)
        bot_role = FakeRole(new_snowflake(), "Paiju", BOT_PERMISSIONS, position=1)
        everyone = FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS)
        guild.roles = {r.id: r for r in (everyone, bot_role, self.admin_role)}
        guild.members[self.bot.id] = [bot_role.id]
        self.world.guilds[guild_id] = guild
        for index, user in enumerate(users):
            self.world.users[user.id] = user
            guild.members[user.id] = [self.admin_role.id] if index == 0 else []
        return guild

    @property
    def bot(self) -> FakeUser:
        """The bot's own user (its id is also the application id)."""
        return self.world.bot

    @property
    def application_id(self) -> int:
        """The application id (same as the bot user's id)."""
        return int(self.application["id"])

    @property
    def guild_object(self) -> discord.Object:
        """The guild as a `discord.Object`, for `tree.sync(guild=...)` and `copy_global_to`."""
        return discord.Object(id=self.guild.id)

    @property
    def users(self) -> list[FakeUser]:
        """The human users, in creation order."""
        return [u for u in self.world.users.values() if not u.bot]

    def user(self, ref: UserRef) -> FakeUser:
        """A user by name, id or itself."""
        if isinstance(ref, FakeUser):
            return ref
        for user in self.world.users.values():
            if ref in (user.name, user.id):
                return user
        raise LookupError(f"no user {ref!r}")

    def add_user(
        self, name: str, *, admin: bool = False, locale: str = "en-US", refuses_dms: bool = False
    ) -> FakeUser:
        """A new member of the guild (add before the client connects to be in GUILD_CREATE)."""
        user = FakeUser(id=new_snowflake(), name=name, locale=locale, refuses_dms=refuses_dms)
        self.world.users[user.id] = user
        self.guild.members[user.id] = [self.admin_role.id] if admin else []
        return user

    def add_channel(self, name: str, *, thread_of: FakeChannel | None = None) -> FakeChannel:
        """A new text channel, or a public thread under `thread_of`."""
        channel = FakeChannel(
            id=new_snowflake(),
            name=name,
            type=PUBLIC_THREAD if thread_of else 0,
            guild_id=self.guild.id,
            parent_id=thread_of.id if thread_of else None,
        )
        self.world.channels[channel.id] = channel
        self.guild.channel_ids.append(channel.id)
        return channel

    def dm_channel(self, user: UserRef) -> FakeChannel:
        """The DM channel with a user (created as Discord would on first use)."""
        return self.world.dm_channel_for(self.user(user).id)

    # -- lifecycle --------------------------------------------------------------------------

    @property
    def api_base(self) -> str:
        """The REST base URL (what `discord.http.Route.BASE` is set to)."""
        return f"http://127.0.0.1:{self._port}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The websocket URL (what `DiscordWebSocket.DEFAULT_GATEWAY` is set to)."""
        return f"ws://127.0.0.1:{self._port}/ws/"

    async def start(self) -> None:
        """Serve on a free port and point discord.py at it."""
        app = web.Application()
        app.router.add_get("/ws/", self.gateway.handle)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, shutdown_timeout=0.2, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = self._runner.addresses[0][1]
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        self.errors.watch("discord")

    async def stop(self) -> None:
        """Stop serving and restore discord.py's URLs."""
        self.errors.unwatch()
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def running(
        self, client: discord.Client, *, ready_timeout: float = 5.0, watch: tuple[str, ...] = ()
    ) -> AbstractAsyncContextManager[discord.Client]:
        """Async context: the client logged in, connected and ready; closed and error-free after.

        `watch` names more loggers (e.g. "adapters") whose ERROR records count as errors.
        """
        self.errors.watch(*watch)
        return running_client(client, self.token, self.errors, ready_timeout=ready_timeout)

    # -- waiting ----------------------------------------------------------------------------

    def _notify(self) -> None:
        self._change.set()
        self._change = asyncio.Event()

    def expecting_errors(self) -> AbstractContextManager[list[RecordedError]]:
        """`with fake.expecting_errors() as caught:` handler errors in the block are collected
        in `caught` instead of failing waits and teardown."""
        return self.errors.expecting()

    def backdated(self, seconds: float) -> AbstractContextManager[None]:
        """`with fake.backdated(1200):` what is created in the block (messages, interactions)
        carries a creation time `seconds` in the past, e.g. a panel 20 minutes old."""
        return backdated(seconds)

    def take_errors(self) -> list[RecordedError]:
        """Return and forget the recorded handler errors (for tests that provoke one)."""
        found = list(self.errors.errors)
        self.errors.errors.clear()
        return found

    async def wait_for(
        self, predicate: Callable[[], T], timeout: float = ANSWER_WAIT, what: str = ""
    ) -> T:
        """Wait until `predicate()` is truthy and return it; fail fast on a handler error."""
        deadline = time.monotonic() + timeout
        while True:
            change = self._change
            if self.errors.errors:
                raise AssertionError(
                    f"handler error while waiting for {what or predicate}:\n{self.errors.errors[0]}"
                )
            result = predicate()
            if result:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                recent = "\n".join(f"  {r.route} -> {r.status}" for r in self.requests[-8:])
                raise AssertionError(
                    f"timed out after {timeout}s waiting for {what or predicate}; "
                    f"last requests:\n{recent}"
                )
            try:
                # Also poll: the predicate may watch state outside the fake (the bot's own).
                await asyncio.wait_for(change.wait(), min(remaining, POLL_INTERVAL))
            except TimeoutError:
                pass

    async def wait_for_request(
        self, predicate: Callable[[RecordedRequest], bool], timeout: float = ANSWER_WAIT,
        since: int = 0,
    ) -> RecordedRequest:
        """The first recorded request (from index `since`) matching `predicate`."""

        def first() -> RecordedRequest | None:
            return next((r for r in self.requests[since:] if predicate(r)), None)

        return await self.wait_for(first, timeout, what="a matching request")  # type: ignore[return-value]

    async def wait_acked(
        self, interaction: FakeInteraction, timeout: float = ANSWER_WAIT
    ) -> FakeInteraction:
        """Wait until the bot sent the initial response to the interaction."""
        await self.wait_for(
            lambda: interaction.acknowledged, timeout, what=f"ack of {interaction.id}"
        )
        return interaction

    async def reply_to(
        self, interaction: FakeInteraction, timeout: float = ANSWER_WAIT
    ) -> FakeMessage:
        """Wait for the message that answers the interaction (a reply, a filled-in deferral,
        a followup or the updated component message) and return it."""

        def answer() -> FakeMessage | None:
            original = self.original(interaction)
            if original is not None and not original.flags & LOADING:  # not still "thinking"
                return original
            followups = self.followups(interaction)
            return followups[0] if followups else None

        return await self.wait_for(answer, timeout, what=f"reply to {interaction.id}")  # type: ignore[return-value]

    # -- injecting events -------------------------------------------------------------------

    def _channel(self, ref: ChannelRef | None) -> FakeChannel:
        if ref is None:
            return self.channel
        return ref if isinstance(ref, FakeChannel) else self.world.channels[ref]

    async def _dispatch_interaction(self, interaction: FakeInteraction) -> FakeInteraction:
        self.rest.interactions[interaction.id] = interaction
        interaction.dispatched_at = time.monotonic()
        await self.gateway.dispatch(
            "INTERACTION_CREATE", interaction.payload, guild_id=interaction.guild_id
        )
        return interaction

    async def slash(
        self,
        user: UserRef,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        channel: ChannelRef | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """A user runs a synced slash command: `"paiju new"`, `{"game": "ddz"}`.

        Names may be localised ("牌局 新建"); a FakeUser/FakeChannel/FakeRole option value is
        sent with its `resolved` data.
        """
        where = self._channel(channel)
        data = slash_data(self.world, self.rest.commands, command, options or {}, where.guild_id)
        made = new_interaction(
            self.world, self.application_id, 2, self.user(user), where, data, locale=locale
        )
        return await self._dispatch_interaction(made)

    async def press(
        self,
        user: UserRef,
        message: FakeMessage | int,
        *,
        label: str | None = None,
        custom_id: str | None = None,
        values: list[Any] | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """A user presses a button or picks `values` in a select on a message."""
        found = message if isinstance(message, FakeMessage) else self.rest.messages[message]
        component = found.find_component(custom_id=custom_id, label=label)
        presser = self.user(user)
        data = press_data(self.world, found, presser, component, values or [])
        made = new_interaction(
            self.world,
            self.application_id,
            3,
            presser,
            self.world.channels[found.channel_id],
            data,
            locale=locale,
            message=found,
        )
        return await self._dispatch_interaction(made)

    async def press_gone(self, user: UserRef, message: FakeMessage | int,
                         custom_id: str) -> FakeInteraction:
        """A user presses a button the message no longer has (their client had not caught up
        with an edit): Discord sends the message as it is now, without that button."""
        found = message if isinstance(message, FakeMessage) else self.rest.messages[message]
        assert custom_id not in [c.get("custom_id") for c in found.interactive()]
        presser = self.user(user)
        data = press_data(self.world, found, presser, {"type": 2, "custom_id": custom_id}, [])
        made = new_interaction(self.world, self.application_id, 3, presser,
                               self.world.channels[found.channel_id], data,
                               locale=None, message=found)
        return await self._dispatch_interaction(made)

    async def autocomplete(
        self,
        user: UserRef,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        channel: ChannelRef | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """A user types into option `focused`; the bot's choices land in `autocomplete_choices`."""
        where = self._channel(channel)
        data = slash_data(
            self.world, self.rest.commands, command, options, where.guild_id, focused=focused
        )
        made = new_interaction(
            self.world, self.application_id, 4, self.user(user), where, data, locale=locale
        )
        return await self._dispatch_interaction(made)

    async def say(
        self, user: UserRef, content: str, *, channel: ChannelRef | None = None
    ) -> FakeMessage:
        """A user posts a message (MESSAGE_CREATE; its content needs the message_content intent)."""
        author, where = self.user(user), self._channel(channel)
        message = self.rest.create_message(where, {"content": content})
        message.payload["author"] = author.payload()
        message.versions[0]["author"] = author.payload()
        event = dict(message.payload)
        guild = self.world.guilds.get(where.guild_id or 0)
        if guild is not None:
            member = self.world.member_payload(guild, author.id)
            member.pop("user")
            event["member"] = member
        await self.gateway.dispatch("MESSAGE_CREATE", event, guild_id=where.guild_id)
        return message

    async def submit_modal(
        self, user: UserRef, values: dict[str, str], *, shown_by: FakeInteraction | None = None
    ) -> FakeInteraction:
        """A user submits the modal the bot showed (the latest one shown to them by default)."""
        submitter = self.user(user)
        origin = shown_by or next(
            (
                i
                for i in reversed(self.rest.interactions.values())
                if i.user.id == submitter.id and i.modal is not None
            ),
            None,
        )
        if origin is None or origin.modal is None:
            raise LookupError(f"no modal was shown to {submitter.name}")
        message = self.rest.messages.get(origin.message_id or 0)
        made = new_interaction(
            self.world,
            self.application_id,
            5,
            submitter,
            self.world.channels[origin.channel_id],
            modal_data(origin.modal, values),
            message=message,
        )
        return await self._dispatch_interaction(made)

    async def dispatch(self, event: str, data: Any, *, guild_id: int | None = None) -> int:
        """Send any gateway event (to the shard of `guild_id`); returns its sequence number."""
        return await self.gateway.dispatch(event, data, guild_id=guild_id)

    async def reconnect(self) -> None:
        """Send op 7 RECONNECT; discord.py reconnects and RESUMEs (missed events replayed)."""
        await self.gateway.reconnect()

    @property
    def shard_count(self) -> int:
        """The shard count `GET /gateway/bot` recommends (AutoShardedClient asks for it)."""
        return self.rest.shard_count

    @shard_count.setter
    def shard_count(self, value: int) -> None:
        self.rest.shard_count = value

    # -- failures on demand -----------------------------------------------------------------

    def refuse_dms(self, user: UserRef, refuse: bool = True) -> None:
        """Messages to this user's DM channel fail with 403 / 50007."""
        self.user(user).refuses_dms = refuse

    def deny_bot(self, channel: FakeChannel, permissions: int) -> None:
        """A channel overwrite takes these permission bits from the bot (its interactions'
        `app_permissions` say so, and a message it sends there fails with 403 / 50013)."""
        channel.bot_denied |= permissions

    def archive(self, thread: FakeChannel) -> None:
        """Discord archived the thread for inactivity: its messages cannot be edited or
        deleted (400 / 50083) until a new message in it reopens it."""
        thread.archived = True

    def rate_limit(
        self,
        route: str,
        *,
        times: int = 1,
        retry_after: float = 0.05,
        channel_id: int | None = None,
        is_global: bool = False,
    ) -> FailureRule:
        """Answer the next `times` requests of a route with 429, as Discord's edge does.

        `route` is discord.py's template, e.g. "POST /channels/{channel_id}/messages".
        """
        headers = {
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}",
            "X-RateLimit-Bucket": f"{abs(hash(route)):016x}",
            "X-RateLimit-Scope": "global" if is_global else "user",
            "Via": "1.1 google",  # discord.py treats a 429 without Via as a Cloudflare ban
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": is_global,
        }
        rule = FailureRule(route, times, 429, body, headers, channel_id)
        self.rest.rules.append(rule)
        return rule

    def fail_next(
        self,
        route: str,
        status: int,
        code: int,
        message: str,
        *,
        times: int = 1,
        channel_id: int | None = None,
    ) -> FailureRule:
        """Answer the next `times` requests of a route with this Discord error."""
        rule = FailureRule(
            route, times, status, {"code": code, "message": message}, channel_id=channel_id
        )
        self.rest.rules.append(rule)
        return rule

    def fail_interaction(self, interaction: FakeInteraction) -> None:
        """Its callback answers 404 / 10062 "Unknown interaction" (e.g. acked too late)."""
        interaction.failing = True

    def expire_interaction(self, interaction: FakeInteraction) -> None:
        """Its 15 minutes are over: callback 10062, webhook routes 401 / 50027."""
        interaction.expired = True

    # -- what happened ----------------------------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request, in arrival order."""
        return self.rest.requests

    def requests_to(self, route: str) -> list[RecordedRequest]:
        """Requests of one route template, e.g. "POST /channels/{channel_id}/messages"."""
        return [r for r in self.rest.requests if r.route == route]

    @property
    def interactions(self) -> list[FakeInteraction]:
        """Every interaction dispatched, in order."""
        return list(self.rest.interactions.values())

    def commands(self, guild: int | None = None) -> list[dict[str, Any]]:
        """The synced commands: global, or of a guild id."""
        return self.rest.commands.get(guild, [])

    def message(self, message_id: int) -> FakeMessage:
        """A message by id."""
        return self.rest.messages[message_id]

    def messages_in(
        self, channel: ChannelRef, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[FakeMessage]:
        """The channel's messages, oldest first (public only unless asked)."""
        channel_id = channel.id if isinstance(channel, FakeChannel) else channel
        return [
            m
            for m in self.rest.messages.values()
            if m.channel_id == channel_id
            and (include_ephemeral or not m.ephemeral)
            and (include_deleted or not m.deleted)
        ]

    def last_message(self, channel: ChannelRef | None = None) -> FakeMessage | None:
        """The newest public message still in the channel (#games by default)."""
        found = self.messages_in(self._channel(channel))
        return found[-1] if found else None

    def ephemeral_responses_to(self, user: UserRef) -> list[FakeMessage]:
        """Every ephemeral message only this user saw, oldest first (deleted ones too)."""
        user_id = self.user(user).id
        return [m for m in self.rest.messages.values() if m.ephemeral and m.visible_to == user_id]

    def dms_to(self, user: UserRef) -> list[FakeMessage]:
        """Messages that reached the user's DM channel."""
        channel_id = self.world.dm_channels.get(self.user(user).id)
        return [] if channel_id is None else self.messages_in(channel_id, include_deleted=True)

    def public_texts(self, channel: ChannelRef | None = None) -> list[str]:
        """The text of every version of every message everyone in a guild channel could see
        (all guild channels by default): what must never show a player's hand."""
        wanted = None if channel is None else self._channel(channel).id
        return [
            payload_text(version)
            for m in self.rest.messages.values()
            if m.is_public
            and not self.world.channels[m.channel_id].is_dm
            and (wanted is None or m.channel_id == wanted)
            for version in m.versions
        ]

    def original(self, interaction: FakeInteraction) -> FakeMessage | None:
        """The interaction's original response message (for a press: the updated message)."""
        return None if interaction.original_id is None else self.message(interaction.original_id)

    def followups(self, interaction: FakeInteraction) -> list[FakeMessage]:
        """The followup messages sent with the interaction's token."""
        return [self.message(m) for m in interaction.followup_ids]


@pytest.fixture(name="fake_discord")
async def fake_discord_fixture() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord; discord.py points at it for the test and is restored after."""
    async with FakeDiscord() as fake:
        yield fake
