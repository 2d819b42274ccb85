"""The fake Discord's world: users, guilds, channels, messages, interactions and their payloads.

Payload shapes follow what discord.py 2.7 parses (`Guild._from_data`, `Member.__init__`,
`Thread._from_data`, `Message.__init__`, `Interaction._from_data`); keys it indexes without
a default are always present.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | ADD_REACTIONS
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS | CREATE_PUBLIC_THREADS

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11

_counter = itertools.count()
_earlier_ms = 0  # while set (`backdated`): new snowflakes are stamped this much in the past


def new_snowflake() -> int:
    """A fresh Discord snowflake (timestamp in the high bits), increasing unless backdated."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS - _earlier_ms
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


@contextmanager
def backdated(seconds: float) -> Iterator[None]:
    """Inside: messages and interactions are created `seconds` ago (their ids say so, and
    discord.py reads `created_at` from the id), e.g. an ephemeral panel 20 minutes old."""
    global _earlier_ms
    before, _earlier_ms = _earlier_ms, int(seconds * 1000)
    try:
        yield
    finally:
        _earlier_ms = before


def now_iso() -> str:
    """The current time as Discord writes timestamps."""
    return datetime.now(UTC).isoformat()


@dataclass
class FakeUser:
    """A Discord user; `refuses_dms` makes messages to its DM channel fail with 50007."""

    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    refuses_dms: bool = False

    def payload(self) -> dict[str, Any]:
        """The user object as Discord sends it."""
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else self.name.capitalize(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    @property
    def mention(self) -> str:
        """How a message mentions this user."""
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    """A guild role; the @everyone role's id is the guild id."""

    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        """The role object as Discord sends it."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "hoist": False,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class FakeChannel:
    """A guild text channel, a thread (type 11, with a parent) or a DM channel (type 1)."""

    id: int
    name: str
    type: int = GUILD_TEXT
    guild_id: int | None = None
    parent_id: int | None = None
    recipient_id: int | None = None
    bot_denied: int = 0  # permission bits an overwrite takes from the bot here
    archived: bool = False  # a thread archived for inactivity (a new message reopens it)

    @property
    def bot_permissions(self) -> int:
        """What the bot may do in this channel (its role, less this channel's overwrite)."""
        return BOT_PERMISSIONS & ~self.bot_denied

    @property
    def is_dm(self) -> bool:
        """Whether this is a private channel with one user."""
        return self.type == DM

    def payload(self, world: World) -> dict[str, Any]:
        """The channel object as Discord sends it."""
        if self.is_dm:
            assert self.recipient_id is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "recipients": [world.users[self.recipient_id].payload()],
                "flags": 0,
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None if self.parent_id is None else str(self.parent_id),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "topic": None,
        }
        if self.type == PUBLIC_THREAD:
            data |= {
                "owner_id": str(world.bot.id),
                "member_count": 1,
                "message_count": 0,
                "total_message_sent": 0,
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": now_iso(),
                    "locked": False,
                },
            }
        return data


@dataclass
class FakeGuild:
    """A guild with its roles, channels and members (member id -> role ids)."""

    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, list[int]] = field(default_factory=dict)

    def permissions_of(self, user_id: int) -> int:
        """The member's guild-wide permissions, as Discord computes them without overwrites."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        value = self.roles[self.id].permissions
        for role_id in self.members.get(user_id, []):
            value |= self.roles[role_id].permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def shard_id(self, shard_count: int) -> int:
        """The shard that receives this guild's events."""
        return (self.id >> 22) % shard_count


@dataclass
class World:
    """Everything the fake Discord knows: the bot, users, guilds, channels, DM channels."""

    bot: FakeUser
    users: dict[int, FakeUser] = field(default_factory=dict)
    guilds: dict[int, FakeGuild] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    dm_channels: dict[int, int] = field(default_factory=dict)  # user id -> channel id

    def member_payload(
        self, guild: FakeGuild, user_id: int, *, with_permissions: bool = False
    ) -> dict[str, Any]:
        """The guild member object; interactions also carry the member's `permissions`."""
        data: dict[str, Any] = {
            "user": self.users[user_id].payload(),
            "roles": [str(r) for r in guild.members.get(user_id, [])],
            "nick": None,
            "avatar": None,
            "joined_at": now_iso(),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(guild.permissions_of(user_id))
        return data

    def guild_payload(self, guild: FakeGuild) -> dict[str, Any]:
        """The GUILD_CREATE payload: roles, channels, threads and every member."""
        channels = [self.channels[c] for c in guild.channel_ids]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "owner_id": str(guild.owner_id),
            "unavailable": False,
            "large": False,
            "member_count": len(guild.members),
            "joined_at": now_iso(),
            "preferred_locale": guild.locale,
            "features": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "afk_timeout": 300,
            "system_channel_id": None,
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "members": [self.member_payload(guild, uid) for uid in guild.members],
            "channels": [c.payload(self) for c in channels if c.type != PUBLIC_THREAD],
            "threads": [c.payload(self) for c in channels if c.type == PUBLIC_THREAD],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def dm_channel_for(self, user_id: int) -> FakeChannel:
        """The DM channel with a user, created on first use as Discord does."""
        channel_id = self.dm_channels.get(user_id)
        if channel_id is None:
            channel = FakeChannel(id=new_snowflake(), name="", type=DM, recipient_id=user_id)
            self.channels[channel.id] = channel
            self.dm_channels[user_id] = channel.id
            return channel
        return self.channels[channel_id]


def component_nodes(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component in a tree (action rows, containers, sections and their accessories)."""
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found.extend(component_nodes(component.get("components", [])))
        if "accessory" in component:
            found.extend(component_nodes([component["accessory"]]))
        if "component" in component:  # a label (type 18) wraps one component
            found.extend(component_nodes([component["component"]]))
    return found


def payload_text(payload: dict[str, Any]) -> str:
    """All human-readable text of a message: content, embeds and component labels."""
    parts: list[str] = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [(embed.get("footer") or {}).get("text") or ""]
        parts += [(embed.get("author") or {}).get("name") or ""]
        for fld in embed.get("fields") or []:
            parts += [fld.get("name") or "", fld.get("value") or ""]
    for node in component_nodes(payload.get("components") or []):
        parts += [node.get("label") or "", node.get("placeholder") or "", node.get("content") or ""]
        for option in node.get("options") or []:
            parts += [option.get("label") or "", option.get("description") or ""]
    return "\n".join(p for p in parts if p)


@dataclass
class FakeMessage:
    """A message in a channel (the bot's, or a user's injected by `say`).

    `versions` keeps every payload it ever had (create and edits).

    `visible_to` is None for a message everyone in the channel sees, else the one user who
    sees it (an ephemeral reply, or a DM).
    """

    id: int
    channel_id: int
    payload: dict[str, Any]
    visible_to: int | None = None
    ephemeral: bool = False
    interaction_id: int | None = None
    deleted: bool = False
    versions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def author_id(self) -> int:
        """Who wrote it: the bot, or a user whose message the fake injected with `say`."""
        return int(self.payload["author"]["id"])

    @property
    def content(self) -> str:
        """The current content."""
        return self.payload.get("content") or ""

    @property
    def flags(self) -> int:
        """The current message flags."""
        return int(self.payload.get("flags") or 0)

    @property
    def components(self) -> list[dict[str, Any]]:
        """The current component tree."""
        return self.payload.get("components") or []

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """The current embeds."""
        return self.payload.get("embeds") or []

    @property
    def text(self) -> str:
        """The current human-readable text (content, embeds, component labels)."""
        return payload_text(self.payload)

    @property
    def is_dm(self) -> bool:
        """Whether this message went to a DM channel."""
        return self.visible_to is not None and not self.ephemeral

    @property
    def is_public(self) -> bool:
        """Whether everyone in the channel can see it."""
        return self.visible_to is None

    def interactive(self) -> list[dict[str, Any]]:
        """Buttons and select menus, in display order."""
        return [c for c in component_nodes(self.components) if c.get("type") in (2, 3, 5, 6, 7, 8)]

    def labels(self) -> list[str]:
        """Labels of the buttons (and placeholders of the selects), in display order."""
        return [c.get("label") or c.get("placeholder") or "" for c in self.interactive()]

    def find_component(
        self, *, custom_id: str | None = None, label: str | None = None
    ) -> dict[str, Any]:
        """The button or select with this custom_id, or the first whose label matches."""
        for component in self.interactive():
            if custom_id is not None and component.get("custom_id") == custom_id:
                return component
            shown = component.get("label") or component.get("placeholder")
            if label is not None and shown == label:
                return component
        wanted = custom_id if custom_id is not None else label
        raise LookupError(f"no component {wanted!r} in message {self.id}; have {self.labels()}")


@dataclass
class FakeInteraction:
    """An interaction the fake dispatched, and how the bot answered it."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    message_id: int | None = None  # the message a component sat on
    response_type: int | None = None
    ephemeral: bool = False
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    autocomplete_choices: list[dict[str, Any]] | None = None
    failing: bool = False  # callbacks answer 404 10062
    expired: bool = False  # the token is past its 15 minutes
    dispatched_at: float = 0.0  # time.monotonic() when sent over the gateway
    acked_at: float | None = None  # ... and when the initial response arrived

    @property
    def acknowledged(self) -> bool:
        """Whether the bot has sent the initial response."""
        return self.response_type is not None


@dataclass
class RecordedRequest:
    """One HTTP request the client made, with what the fake resolved from it."""

    method: str
    path: str
    route: str  # "POST /channels/{channel_id}/messages"
    query: dict[str, str]
    json: Any
    status: int = 200
    response: Any = None
    channel_id: int | None = None
    dm_user_id: int | None = None
    ephemeral: bool = False
    interaction_id: int | None = None
    user_id: int | None = None  # the interaction's user
    message_id: int | None = None
    files: list[str] = field(default_factory=list)
    uploads: list[Any] = field(default_factory=list)  # discord_files.Upload, with the bytes
    at: float = field(default_factory=time.monotonic)

    @property
    def ok(self) -> bool:
        """Whether the fake answered with a 2xx status."""
        return 200 <= self.status < 300
