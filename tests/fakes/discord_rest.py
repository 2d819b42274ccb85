"""The fake Discord REST API: routes, recording, injected failures, messages and interactions.

Every request under `/api/v10` is matched against Discord's route templates (the same
strings discord.py's `Route` uses, so a rule for "POST /channels/{channel_id}/messages"
reads like the library), recorded, then answered. Unknown routes are recorded and answered
`{}`. JSON bodies go out as `Content-Type: application/json` exactly: discord.py parses
nothing else.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.fakes.discord_checks import (
    commands_problems,
    form_errors,
    is_empty_message,
    message_problems,
)
from tests.fakes.discord_files import Upload, UploadRefused, attachments_after
from tests.fakes.discord_model import (
    ATTACH_FILES,
    EPHEMERAL,
    LOADING,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    RecordedRequest,
    World,
    new_snowflake,
    now_iso,
)

JSON_TYPE = "application/json"
EDITABLE_KEYS = ("content", "embeds", "components", "attachments", "poll", "allowed_mentions")


class ApiError(Exception):
    """An error answer: HTTP status plus Discord's JSON error code and message."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        """The JSON error body."""
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            data["errors"] = self.errors
        return data


def unknown(what: str, code: int) -> ApiError:
    """Discord's 404 for an unknown object ("Unknown Message", 10008)."""
    return ApiError(404, code, f"Unknown {what}")


@dataclass
class FailureRule:
    """Answer the next `times` requests matching `route` (and `channel_id`) with this error."""

    route: str  # "POST /channels/{channel_id}/messages", or "*" for any
    times: int
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    channel_id: int | None = None

    def matches(self, record: RecordedRequest) -> bool:
        """Whether this rule applies to the request."""
        if self.times <= 0 or self.route not in ("*", record.route):
            return False
        return self.channel_id is None or self.channel_id == record.channel_id


@dataclass
class Call:
    """One incoming request, parsed: route parameters, query, JSON body and file names."""

    params: dict[str, str]
    query: dict[str, str]
    body: Any
    record: RecordedRequest

    def int_param(self, name: str) -> int:
        """A snowflake path parameter."""
        return int(self.params[name])


Handler = Callable[[Call], Awaitable[Any]]
NO_CONTENT = object()  # a handler result meaning "204, no body"


def _route_regex(template: str) -> re.Pattern[str]:
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    return re.compile(f"^{pattern}$")


def bucket_headers(route: str, *, remaining: int, reset_after: float) -> dict[str, str]:
    """Discord's per-route rate-limit headers (one bucket hash per route template)."""
    return {
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": f"{abs(hash(route)):016x}",
    }


class Rest:
    """Serves the REST API against the shared world and records what the client sends."""

    def __init__(
        self, world: World, token: str, application: dict[str, Any], gateway_url: Callable[[], str]
    ) -> None:
        self.world = world
        self.token = token
        self.application = application
        self.gateway_url = gateway_url
        self.shard_count = 1
        self.messages: dict[int, FakeMessage] = {}
        self.files: dict[str, bytes] = {}  # attachment id → the uploaded bytes
        self.interactions: dict[int, FakeInteraction] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.requests: list[RecordedRequest] = []
        self.rules: list[FailureRule] = []
        self.on_change: Callable[[], None] = lambda: None
        self._routes: list[tuple[str, str, re.Pattern[str], Handler]] = []
        self._add_routes()

    # -- plumbing ---------------------------------------------------------------------------

    def add_route(self, method: str, template: str, handler: Handler) -> None:
        """Serve `METHOD template` (Discord's route syntax) with `handler`."""
        self._routes.append((method, template, _route_regex(template), handler))

    def _match(self, method: str, path: str) -> tuple[str, dict[str, str], Handler | None]:
        for route_method, template, regex, handler in self._routes:
            found = regex.match(path)
            if route_method == method and found:
                return f"{method} {template}", found.groupdict(), handler
        return f"{method} {path}", {}, None

    async def handle(self, request: web.Request) -> web.Response:
        """Entry point for every REST request."""
        path = "/" + request.match_info["tail"]
        body, files, uploads = await _read_body(request)
        route, params, handler = self._match(request.method, path)
        record = RecordedRequest(
            method=request.method,
            path=path,
            route=route,
            query=dict(request.query),
            json=body,
            files=files,
            uploads=uploads,
        )
        self.requests.append(record)
        status, answer, headers = await self._answer(request, record, params, handler)
        record.status, record.response = status, answer
        self.on_change()
        if answer is NO_CONTENT:
            return web.Response(status=204, headers=headers)
        raw = json.dumps(answer).encode()
        return web.Response(status=status, body=raw, headers={**headers, "Content-Type": JSON_TYPE})

    async def _answer(
        self,
        request: web.Request,
        record: RecordedRequest,
        params: dict[str, str],
        handler: Handler | None,
    ) -> tuple[int, Any, dict[str, str]]:
        headers = bucket_headers(record.route, remaining=4, reset_after=1.0)
        needs_auth = not record.route.split(" ", 1)[1].startswith(("/webhooks/", "/interactions/"))
        if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
            return 401, {"message": "401: Unauthorized", "code": 0}, {}
        self._resolve_channel(record, params)
        for rule in self.rules:
            if rule.matches(record):
                rule.times -= 1
                return rule.status, rule.body, {**headers, **rule.headers}
        if handler is None:
            return 200, {}, headers
        try:
            result = await handler(Call(params, record.query, record.json, record))
        except ApiError as error:
            return error.status, error.body(), headers
        return (204 if result is NO_CONTENT else 200), result, headers

    def _resolve_channel(self, record: RecordedRequest, params: dict[str, str]) -> None:
        """Fill in which channel (and DM recipient, interaction) a request is about."""
        if "channel_id" in params and params["channel_id"].isdigit():
            record.channel_id = int(params["channel_id"])
        if "interaction_id" in params and params["interaction_id"].isdigit():
            interaction = self.interactions.get(int(params["interaction_id"]))
        elif "application_id" in params and "token" in params:
            interaction = self.by_token(params["token"])
        else:
            interaction = None
        if interaction is not None:
            record.channel_id = interaction.channel_id
            record.interaction_id, record.user_id = interaction.id, interaction.user.id
            record.ephemeral = self._would_be_ephemeral(record, interaction)
        channel = self.world.channels.get(record.channel_id or 0)
        if channel is not None and channel.is_dm:
            record.dm_user_id = channel.recipient_id

    def _would_be_ephemeral(self, record: RecordedRequest, interaction: FakeInteraction) -> bool:
        """Whether an interaction callback would show only to its user, known before it is
        answered (a failure on demand answers before the route does): the ephemeral flag,
        or for an update (types 6, 7) the pressed message's own visibility."""
        body = record.json if isinstance(record.json, dict) else {}
        if not record.route.endswith("/callback"):
            return False
        if body.get("type") in (6, 7):
            pressed = self.messages.get(interaction.message_id or 0)
            return pressed is not None and pressed.ephemeral
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        return bool(int(data.get("flags") or 0) & EPHEMERAL)

    def by_token(self, token: str) -> FakeInteraction | None:
        """The interaction whose token this is."""
        return next((i for i in self.interactions.values() if i.token == token), None)

    # -- the routes -------------------------------------------------------------------------

    def _add_routes(self) -> None:
        r = self.add_route
        r("GET", "/users/@me", self._me)
        r("GET", "/users/{user_id}", self._get_user)
        r("POST", "/users/@me/channels", self._open_dm)
        r("GET", "/oauth2/applications/@me", self._application_info)
        r("GET", "/applications/@me", self._application_info)
        r("GET", "/gateway", self._gateway)
        r("GET", "/gateway/bot", self._gateway_bot)
        for scope in (
            "/applications/{application_id}",
            "/applications/{application_id}/guilds/{guild_id}",
        ):
            r("GET", scope + "/commands", self._list_commands)
            r("PUT", scope + "/commands", self._overwrite_commands)
            r("POST", scope + "/commands", self._upsert_command)
            r("GET", scope + "/commands/{command_id}", self._get_command)
            r("PATCH", scope + "/commands/{command_id}", self._edit_command)
            r("DELETE", scope + "/commands/{command_id}", self._delete_command)
        r(
            "GET",
            "/applications/{application_id}/guilds/{guild_id}/commands/permissions",
            self._empty_list,
        )
        r("GET", "/channels/{channel_id}", self._get_channel)
        r("GET", "/channels/{channel_id}/messages", self._history)
        r("POST", "/channels/{channel_id}/messages", self._send_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message)
        r("POST", "/channels/{channel_id}/typing", self._no_content)
        r("POST", "/channels/{channel_id}/threads", self._start_thread)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._start_thread)
        r("GET", "/guilds/{guild_id}", self._get_guild)
        r("GET", "/guilds/{guild_id}/channels", self._guild_channels)
        r("GET", "/guilds/{guild_id}/roles", self._guild_roles)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member)

    async def _no_content(self, call: Call) -> Any:
        return NO_CONTENT

    async def _empty_list(self, call: Call) -> Any:
        return []

    async def _me(self, call: Call) -> Any:
        return self.world.bot.payload() | {"verified": True, "mfa_enabled": False}

    async def _get_user(self, call: Call) -> Any:
        user = self.world.users.get(call.int_param("user_id"))
        if user is None:
            raise unknown("User", 10013)
        return user.payload()

    async def _open_dm(self, call: Call) -> Any:
        user_id = int(call.body["recipient_id"])
        if user_id not in self.world.users:
            raise unknown("User", 10013)
        return self.world.dm_channel_for(user_id).payload(self.world)

    async def _application_info(self, call: Call) -> Any:
        return self.application

    async def _gateway(self, call: Call) -> Any:
        return {"url": self.gateway_url()}

    async def _gateway_bot(self, call: Call) -> Any:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.gateway_url(), "shards": self.shard_count, "session_start_limit": limit}

    # -- application commands ---------------------------------------------------------------

    def _scope(self, call: Call) -> int | None:
        if int(call.params["application_id"]) != int(self.application["id"]):
            raise ApiError(403, 50001, "Missing Access")
        guild_id = call.params.get("guild_id")
        if guild_id is not None and int(guild_id) not in self.world.guilds:
            raise unknown("Guild", 10004)
        return None if guild_id is None else int(guild_id)

    def _stored_command(self, body: dict[str, Any], guild_id: int | None) -> dict[str, Any]:
        kind = body.get("type", 1)
        old = next(
            (
                c
                for c in self.commands.get(guild_id, [])
                if c["name"] == body["name"] and c["type"] == kind
            ),
            None,
        )
        command = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            "name_localizations": None,
            "description_localizations": None,
        } | body
        command |= {
            "id": old["id"] if old else str(new_snowflake()),
            "application_id": str(self.application["id"]),
            "type": kind,
            "version": str(new_snowflake()),
        }
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    async def _list_commands(self, call: Call) -> Any:
        return self.commands.get(self._scope(call), [])

    async def _overwrite_commands(self, call: Call) -> Any:
        guild_id = self._scope(call)
        problems = commands_problems(call.body)
        if problems:
            raise ApiError(400, 50035, "Invalid Form Body", form_errors(problems))
        self.commands[guild_id] = [self._stored_command(c, guild_id) for c in call.body]
        return self.commands[guild_id]

    async def _upsert_command(self, call: Call) -> Any:
        guild_id = self._scope(call)
        problems = commands_problems([call.body])
        if problems:
            raise ApiError(400, 50035, "Invalid Form Body", form_errors(problems))
        command = self._stored_command(call.body, guild_id)
        others = [c for c in self.commands.get(guild_id, []) if c["id"] != command["id"]]
        self.commands[guild_id] = [*others, command]
        return command

    def _find_command(self, call: Call) -> dict[str, Any]:
        guild_id = self._scope(call)
        for command in self.commands.get(guild_id, []):
            if command["id"] == call.params["command_id"]:
                return command
        raise unknown("application command", 10063)

    async def _get_command(self, call: Call) -> Any:
        return self._find_command(call)

    async def _edit_command(self, call: Call) -> Any:
        command = self._find_command(call)
        command.update(call.body)
        return command

    async def _delete_command(self, call: Call) -> Any:
        command = self._find_command(call)
        guild_id = self._scope(call)
        self.commands[guild_id] = [c for c in self.commands[guild_id] if c is not command]
        return NO_CONTENT

    # -- channels, guilds, messages ---------------------------------------------------------

    def _channel(self, call: Call) -> FakeChannel:
        channel = self.world.channels.get(call.int_param("channel_id"))
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    async def _get_channel(self, call: Call) -> Any:
        return self._channel(call).payload(self.world)

    async def _get_guild(self, call: Call) -> Any:
        guild = self.world.guilds.get(call.int_param("guild_id"))
        if guild is None:
            raise unknown("Guild", 10004)
        data = self.world.guild_payload(guild)
        return {k: v for k, v in data.items() if k not in ("members", "channels", "threads")}

    async def _guild_channels(self, call: Call) -> Any:
        guild = self.world.guilds[call.int_param("guild_id")]
        return [self.world.channels[c].payload(self.world) for c in guild.channel_ids]

    async def _guild_roles(self, call: Call) -> Any:
        guild = self.world.guilds[call.int_param("guild_id")]
        return [role.payload() for role in guild.roles.values()]

    async def _get_member(self, call: Call) -> Any:
        guild = self.world.guilds[call.int_param("guild_id")]
        user_id = call.int_param("user_id")
        if user_id not in guild.members:
            raise unknown("Member", 10007)
        return self.world.member_payload(guild, user_id)

    async def _start_thread(self, call: Call) -> Any:
        parent = self._channel(call)
        thread = FakeChannel(
            id=new_snowflake(),
            name=call.body.get("name", "thread"),
            type=PUBLIC_THREAD,
            guild_id=parent.guild_id,
            parent_id=parent.id,
        )
        self.world.channels[thread.id] = thread
        assert parent.guild_id is not None
        self.world.guilds[parent.guild_id].channel_ids.append(thread.id)
        return thread.payload(self.world)

    def create_message(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        *,
        interaction: FakeInteraction | None = None,
        ephemeral: bool = False,
        files: list[str] | None = None,
        loading: bool = False,
        uploads: list[Upload] | None = None,
    ) -> FakeMessage:
        """Validate and store a new bot message; raise ApiError as Discord would.

        `loading` makes the placeholder of a deferred reply ("the bot is thinking...").
        """
        problems = message_problems(body)
        if problems:
            raise ApiError(400, 50035, "Invalid Form Body", form_errors(problems))
        if not loading and is_empty_message(body, files or []):
            raise ApiError(400, 50006, "Cannot send an empty message")
        flags = int(body.get("flags") or 0) | (EPHEMERAL if ephemeral else 0)
        message_id = new_snowflake()
        payload: dict[str, Any] = {
            "id": str(message_id),
            "channel_id": str(channel.id),
            "author": self.world.bot.payload(),
            "content": body.get("content") or "",
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "attachments": self._attachments(body, uploads, [], editing=False),
            "flags": flags,
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "type": 0,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
        if body.get("message_reference"):
            payload["message_reference"] = body["message_reference"]
            payload["type"] = 19
        visible_to = channel.recipient_id
        if interaction is not None:
            payload |= {
                "webhook_id": str(self.application["id"]),
                "application_id": str(self.application["id"]),
                "type": 20 if interaction.type == 2 else 0,
                "interaction_metadata": {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "user": interaction.user.payload(),
                    "authorizing_integration_owners": {},
                },
            }
            if ephemeral:
                visible_to = interaction.user.id
        message = FakeMessage(
            id=message_id,
            channel_id=channel.id,
            payload=payload,
            visible_to=visible_to,
            ephemeral=ephemeral,
            interaction_id=None if interaction is None else interaction.id,
            versions=[json.loads(json.dumps(payload))],
        )
        self.messages[message_id] = message
        return message

    def _attachments(self, body: dict[str, Any], uploads: list[Upload] | None,
                     existing: list[dict[str, Any]], *, editing: bool) -> list[dict[str, Any]]:
        try:
            return attachments_after(body, list(uploads or []), existing, self.files,
                                     editing=editing)
        except UploadRefused as refused:
            raise ApiError(refused.status, refused.code, refused.message) from None

    def edit_message(self, message: FakeMessage, body: dict[str, Any],
                     uploads: list[Upload] | None = None) -> FakeMessage:
        """Validate and apply an edit; the ephemeral bit of a message never changes."""
        problems = message_problems(body)
        if problems:
            raise ApiError(400, 50035, "Invalid Form Body", form_errors(problems))
        payload = message.payload
        if "attachments" in body or uploads:
            payload["attachments"] = self._attachments(body, uploads,
                                                       payload.get("attachments") or [],
                                                       editing=True)
            body = {k: v for k, v in body.items() if k != "attachments"}
        for key in EDITABLE_KEYS:
            if key in body:
                payload[key] = (
                    body[key] if body[key] is not None else ([] if key != "content" else "")
                )
        if "flags" in body and body["flags"] is not None:
            payload["flags"] = int(body["flags"]) | (payload["flags"] & EPHEMERAL)
        payload["flags"] &= ~LOADING
        payload["edited_timestamp"] = now_iso()
        message.versions.append(json.loads(json.dumps(payload)))
        return message

    def _channel_message(self, call: Call) -> FakeMessage:
        message = self.messages.get(call.int_param("message_id"))
        # Ephemeral messages are not reachable through channel routes, as on Discord.
        if (
            message is None
            or message.deleted
            or message.ephemeral
            or message.channel_id != call.int_param("channel_id")
        ):
            raise unknown("Message", 10008)
        call.record.message_id = message.id
        return message

    async def _send_message(self, call: Call) -> Any:
        channel = self._channel(call)
        if channel.is_dm:
            assert channel.recipient_id is not None
            if self.world.users[channel.recipient_id].refuses_dms:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        else:
            send = SEND_MESSAGES_IN_THREADS if channel.type == PUBLIC_THREAD else SEND_MESSAGES
            if ~channel.bot_permissions & (VIEW_CHANNEL | send):
                raise ApiError(403, 50013, "Missing Permissions")
            if call.record.uploads and not channel.bot_permissions & ATTACH_FILES:
                raise ApiError(403, 50013, "Missing Permissions")  # files need Attach Files
            channel.archived = False  # Discord: a message sent to an archived thread reopens it
        message = self.create_message(channel, call.body or {}, files=call.record.files,
                                      uploads=call.record.uploads)
        call.record.message_id = message.id
        return message.payload

    async def _history(self, call: Call) -> Any:
        channel = self._channel(call)
        limit = int(call.query.get("limit", 50))
        found = [
            m.payload
            for m in self.messages.values()
            if m.channel_id == channel.id and not m.deleted and not m.ephemeral
        ]
        return list(reversed(found))[:limit]

    async def _get_message(self, call: Call) -> Any:
        return self._channel_message(call).payload

    def _open_channel_message(self, call: Call) -> FakeMessage:
        message = self._channel_message(call)
        if self.world.channels[message.channel_id].archived:
            raise ApiError(400, 50083, "Thread is archived")
        return message

    async def _edit_message(self, call: Call) -> Any:
        return self.edit_message(self._open_channel_message(call), call.body or {},
                                 call.record.uploads).payload

    async def _delete_message(self, call: Call) -> Any:
        self._open_channel_message(call).deleted = True
        return NO_CONTENT


async def _read_body(request: web.Request) -> tuple[Any, list[str], list[Upload]]:
    """The JSON body, or `payload_json`, file names and files of a multipart upload."""
    if request.content_type.startswith("multipart/"):
        body: Any = None
        files: list[str] = []
        uploads: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":
                body = json.loads(await part.text())  # type: ignore[union-attr]
            else:
                name = part.filename or part.name or ""  # type: ignore[union-attr]
                files.append(name)
                data = bytes(await part.read())  # type: ignore[union-attr]
                field_name = part.name or ""  # "files[0]"
                index = int(field_name[6:-1]) if field_name.startswith("files[") else len(uploads)
                kind = part.headers.get("Content-Type", "")  # type: ignore[union-attr]
                uploads.append(Upload(index, name, kind, data))
        return body, files, uploads
    raw = await request.read()
    return (json.loads(raw) if raw else None), [], []
