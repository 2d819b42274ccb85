"""Build INTERACTION_CREATE payloads as Discord sends them: slash commands, presses, modals.

A slash command is looked up among the commands the bot synced (guild commands first, then
global), so option types, subcommand groups and `data.guild_id` come out as Discord would
send them, and a command the bot never synced cannot be invoked.
"""

from __future__ import annotations

import secrets
from typing import Any

from tests.fakes.discord_model import (
    BOT_PERMISSIONS,
    PUBLIC_THREAD,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    FakeRole,
    FakeUser,
    World,
    component_nodes,
    new_snowflake,
)

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


def _named(options: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    """The option called `name`, by its own name or any of its localised names."""
    for option in options:
        localized = (option.get("name_localizations") or {}).values()
        if option["name"] == name or name in localized:
            return option
    return None


def find_command(
    commands: dict[int | None, list[dict[str, Any]]], name: str, guild_id: int | None
) -> dict[str, Any]:
    """The synced chat-input command a user types as `name` in this guild."""
    scopes = ([guild_id] if guild_id is not None else []) + [None]
    for scope in scopes:
        chat_inputs = [c for c in commands.get(scope, []) if c.get("type", 1) == 1]
        found = _named(chat_inputs, name)
        if found is not None:
            return found
    synced = sorted(c["name"] for cs in commands.values() for c in cs)
    raise LookupError(f"/{name} is not a synced command (synced: {synced})")


class _Resolver:
    """Turns Python values into option values, collecting `data.resolved` on the way."""

    def __init__(self, world: World, guild_id: int | None) -> None:
        self.world, self.guild_id = world, guild_id
        self.resolved: dict[str, dict[str, Any]] = {}

    def _user(self, user: FakeUser) -> str:
        self.resolved.setdefault("users", {})[str(user.id)] = user.payload()
        guild = self.world.guilds.get(self.guild_id or 0)
        if guild is not None and user.id in guild.members:
            member = self.world.member_payload(guild, user.id, with_permissions=True)
            member.pop("user")
            self.resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)

    def _channel(self, channel: FakeChannel) -> str:
        data = channel.payload(self.world)
        data["permissions"] = str(BOT_PERMISSIONS)
        self.resolved.setdefault("channels", {})[str(channel.id)] = data
        return str(channel.id)

    def _role(self, role: FakeRole) -> str:
        self.resolved.setdefault("roles", {})[str(role.id)] = role.payload()
        return str(role.id)

    def value(self, kind: int, value: Any, name: str) -> Any:
        """The wire value of one option."""
        if kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
            return self._user(value)
        if kind == USER and isinstance(value, int) and value in self.world.users:
            return self._user(self.world.users[value])
        if kind == CHANNEL and isinstance(value, FakeChannel):
            return self._channel(value)
        if kind == CHANNEL and isinstance(value, int) and value in self.world.channels:
            return self._channel(self.world.channels[value])
        if kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
            return self._role(value)
        expected = {STRING: str, INTEGER: int, BOOLEAN: bool, NUMBER: (int, float)}.get(kind)
        if expected is None or not isinstance(value, expected):
            raise TypeError(f"option {name!r} (type {kind}) cannot take {value!r}")
        if kind == INTEGER and isinstance(value, bool):
            raise TypeError(f"option {name!r} wants an integer, not {value!r}")
        return value


def slash_data(
    world: World,
    commands: dict[int | None, list[dict[str, Any]]],
    typed: str,
    options: dict[str, Any],
    guild_id: int | None,
    *,
    focused: str | None = None,
) -> dict[str, Any]:
    """`data` of a chat-input interaction for what a user typed, e.g. "paiju settings set".

    With `focused`, it is an autocomplete request: that option is sent as the partial text
    typed so far, with `"focused": true`, and required options may still be missing.
    """
    head, *path = typed.split()
    command = find_command(commands, head, guild_id)
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    holder, definitions = data, command.get("options") or []
    for word in path:
        nested = [o for o in definitions if o["type"] in (SUBCOMMAND, GROUP)]
        found = _named(nested, word)
        if found is None:
            raise LookupError(
                f"{typed!r}: no subcommand {word!r}; have {[o['name'] for o in nested]}"
            )
        node: dict[str, Any] = {"name": found["name"], "type": found["type"], "options": []}
        holder["options"] = [node]
        holder, definitions = node, found.get("options") or []
    if any(o["type"] in (SUBCOMMAND, GROUP) for o in definitions):
        raise LookupError(f"{typed!r} needs a subcommand: {[o['name'] for o in definitions]}")
    resolver = _Resolver(world, guild_id)
    leaves = _leaves(typed, definitions, options, resolver, focused)
    if leaves or holder is not data:
        holder["options"] = leaves
    if resolver.resolved:
        data["resolved"] = resolver.resolved
    return data


def _leaves(
    typed: str,
    definitions: list[dict[str, Any]],
    options: dict[str, Any],
    resolver: _Resolver,
    focused: str | None,
) -> list[dict[str, Any]]:
    """The option values of the invoked (sub)command, checked against its definition."""
    leaves = []
    for name, value in options.items():
        definition = _named(definitions, name)
        if definition is None:
            raise LookupError(f"{typed!r} has no option {name!r}")
        leaf = {"name": definition["name"], "type": definition["type"]}
        if focused is not None and focused in (name, definition["name"]):
            leaves.append(leaf | {"value": str(value), "focused": True})
            continue
        wire = resolver.value(definition["type"], value, name)
        choices = [c["value"] for c in definition.get("choices") or []]
        if choices and wire not in choices:
            raise ValueError(f"option {name!r} must be one of {choices}, not {wire!r}")
        leaves.append(leaf | {"value": wire})
    given = {leaf["name"] for leaf in leaves}
    missing = [o["name"] for o in definitions if o.get("required") and o["name"] not in given]
    if missing and focused is None:
        raise ValueError(f"{typed!r} is missing required options {missing}")
    return leaves


def press_data(
    world: World, message: FakeMessage, user: FakeUser, component: dict[str, Any], values: list[Any]
) -> dict[str, Any]:
    """`data` of a component interaction, checked the way Discord's client would allow it."""
    if message.deleted:
        raise ValueError(f"message {message.id} was deleted")
    if message.visible_to is not None and message.visible_to != user.id:
        raise PermissionError(f"{user.name} cannot see message {message.id}")
    if component.get("disabled"):
        raise ValueError(f"{component.get('label') or component.get('custom_id')!r} is disabled")
    if "custom_id" not in component:
        raise ValueError("link buttons open a URL; they send no interaction")
    kind = component["type"]
    data: dict[str, Any] = {"custom_id": component["custom_id"], "component_type": kind}
    if kind == 2:
        if values:
            raise ValueError("a button takes no values")
        return data
    low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
    if not low <= len(values) <= high:
        raise ValueError(f"select {component['custom_id']!r} takes {low}..{high} values")
    if kind == 3:
        allowed = [o["value"] for o in component.get("options") or []]
        bad = [v for v in values if v not in allowed]
        if bad:
            raise ValueError(f"{bad} are not options of {component['custom_id']!r}: {allowed}")
        data["values"] = list(values)
        return data
    guild_id = world.channels[message.channel_id].guild_id
    resolver = _Resolver(world, guild_id)
    kinds = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}
    data["values"] = [resolver.value(kinds[kind], v, component["custom_id"]) for v in values]
    data["resolved"] = resolver.resolved
    return data


def modal_data(modal: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """`data` of a modal submit: each text input's value, keyed by custom_id or label."""
    inputs = {
        n["custom_id"]: n
        for n in component_nodes(modal.get("components") or [])
        if n.get("type") == 4
    }
    nodes = component_nodes(modal.get("components") or [])
    labels = {n["label"]: n["custom_id"] for n in nodes if n.get("type") == 4 and n.get("label")}
    labels |= {
        n.get("label"): n["component"]["custom_id"]
        for n in nodes
        if n.get("type") == 18 and "custom_id" in n.get("component", {})
    }
    by_id = {labels.get(key, key): value for key, value in values.items()}
    unknown = set(by_id) - set(inputs)
    if unknown:
        raise LookupError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}")
    rows: list[dict[str, Any]] = []
    for top in modal.get("components") or []:
        if top.get("type") == 18:
            inner = top["component"]
            answer = {
                "type": inner["type"],
                "custom_id": inner["custom_id"],
                "value": by_id.get(inner["custom_id"], ""),
            }
            rows.append({"type": 18, "component": answer})
        else:
            children = [
                {"type": 4, "custom_id": c["custom_id"], "value": by_id.get(c["custom_id"], "")}
                for c in top.get("components") or []
                if c.get("type") == 4
            ]
            rows.append({"type": 1, "components": children})
    return {"custom_id": modal["custom_id"], "components": rows}


def new_interaction(
    world: World,
    application_id: int,
    kind: int,
    user: FakeUser,
    channel: FakeChannel,
    data: dict[str, Any],
    *,
    locale: str | None = None,
    message: FakeMessage | None = None,
) -> FakeInteraction:
    """A fresh interaction (unique id and token) with its INTERACTION_CREATE payload."""
    interaction_id = new_snowflake()
    token = f"aW50ZXJhY3Rpb24.{interaction_id}.{secrets.token_urlsafe(24)}"
    channel_data = channel.payload(world)
    if channel.type == PUBLIC_THREAD:
        channel_data["permissions"] = str(channel.bot_permissions)
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": kind,
        "data": data,
        "token": token,
        "version": 1,
        "channel": channel_data,
        "channel_id": str(channel.id),
        "locale": locale or user.locale,
        "app_permissions": str(channel.bot_permissions),
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    guild = world.guilds.get(channel.guild_id or 0)
    if guild is not None:
        if user.id not in guild.members:
            raise PermissionError(f"{user.name} is not a member of guild {guild.name!r}")
        payload |= {
            "guild_id": str(guild.id),
            "guild_locale": guild.locale,
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "member": world.member_payload(guild, user.id, with_permissions=True),
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
        }
    else:
        if channel.recipient_id != user.id:
            raise PermissionError(f"{user.name} is not in DM channel {channel.id}")
        payload |= {
            "user": user.payload(),
            "authorizing_integration_owners": {"0": "0"},
            "context": 1,
        }
    if message is not None:
        payload["message"] = message.payload
    return FakeInteraction(
        id=interaction_id,
        token=token,
        type=kind,
        user=user,
        channel_id=channel.id,
        guild_id=None if guild is None else guild.id,
        payload=payload,
        message_id=None if message is None else message.id,
    )
