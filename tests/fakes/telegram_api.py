"""Bot API shapes and checks the fake Telegram server shares: objects, params, text, keyboards."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from typing import Any

from aiohttp import web

JSON = dict[str, Any]

MAX_TEXT = 4096  # UTF-16 code units after entity parsing
MAX_CALLBACK_DATA = 64  # bytes
MAX_BUTTONS = 100
MAX_ROW = 8
MAX_COMMANDS = 100
# What Telegram marks as a bot_command entity; "/新" is plain text.
COMMAND_RE = re.compile(r"/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?(?![A-Za-z0-9_@])")
COMMAND_NAME_RE = re.compile(r"[a-z0-9_]{1,32}")
# Params PTB sends as raw strings; every other field arrives JSON-encoded.
STRING_FIELDS = frozenset({
    "text", "caption", "parse_mode", "language_code", "callback_query_id", "inline_message_id",
    "action", "url", "title", "description", "short_description", "name", "data", "query",
    "emoji", "business_connection_id", "message_effect_id", "secret_token", "custom_title",
    "photo", "document", "audio", "video", "animation", "voice", "sticker", "file_id",
})
HTML_TAGS = frozenset({
    "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler", "a",
    "tg-emoji", "code", "pre", "blockquote",
})
HTML_TAG_RE = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)?[^<>]*>")
HTML_ENTITY_RE = re.compile(r"&(?:lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);")
MD2_MARKUP = "*_~|`"
MD2_RESERVED = "#+-={}.!"  # never markup, so an unescaped one is always an error


class ApiError(Exception):
    """An error answer of the Bot API: HTTP status, description, optional parameters."""

    def __init__(self, status: int, description: str, parameters: JSON | None = None) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters


@dataclass(frozen=True)
class FakeUser:
    """A Telegram account (a person or the bot)."""

    id: int
    first_name: str
    username: str | None = None
    last_name: str | None = None
    language_code: str | None = "en"
    is_bot: bool = False

    def to_api(self) -> JSON:
        """The Bot API User object."""
        found = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name,
                 "last_name": self.last_name, "username": self.username,
                 "language_code": self.language_code}
        return {k: v for k, v in found.items() if v is not None}


@dataclass(frozen=True)
class FakeChat:
    """A chat: private (id = the user's id), group, or supergroup (maybe a forum)."""

    id: int
    type: str
    title: str | None = None
    is_forum: bool = False
    user: FakeUser | None = None  # the person in a private chat

    def to_api(self) -> JSON:
        """The Bot API Chat object as it appears inside a Message."""
        if self.user is not None:
            person = self.user.to_api()
            names = {k: person[k] for k in ("first_name", "last_name", "username") if k in person}
            return {"id": self.id, "type": "private", **names}
        found: JSON = {"id": self.id, "type": self.type, "title": self.title}
        if self.is_forum:
            found["is_forum"] = True
        return found


def chat_full_info(chat: FakeChat) -> JSON:
    """The ChatFullInfo getChat answers with."""
    gifts = dict.fromkeys(("unlimited_gifts", "limited_gifts", "unique_gifts",
                           "premium_subscription", "gifts_from_channels"), False)
    return chat.to_api() | {"accent_color_id": 0, "max_reaction_count": 11,
                            "accepted_gift_types": gifts}


def chat_member(user: FakeUser, status: str) -> JSON:
    """The ChatMember getChatMember answers with, for a status."""
    member: JSON = {"status": status, "user": user.to_api()}
    if status == "creator":
        member["is_anonymous"] = False
    elif status == "administrator":
        member |= dict.fromkeys((
            "can_manage_chat", "can_delete_messages", "can_restrict_members",
            "can_change_info", "can_invite_users", "can_pin_messages"), True)
        member |= dict.fromkeys((
            "can_be_edited", "is_anonymous", "can_manage_video_chats", "can_promote_members",
            "can_post_stories", "can_edit_stories", "can_delete_stories"), False)
    elif status == "restricted":
        member |= {"is_member": True, "until_date": 0, "can_edit_tag": False}
        member |= dict.fromkeys((
            "can_change_info", "can_invite_users", "can_pin_messages", "can_manage_topics",
            "can_send_messages", "can_send_polls", "can_send_other_messages",
            "can_add_web_page_previews", "can_send_audios", "can_send_documents",
            "can_send_photos", "can_send_videos", "can_send_video_notes",
            "can_send_voice_notes"), False)
    elif status == "kicked":
        member["until_date"] = 0
    elif status not in ("member", "left"):
        raise ValueError(f"unknown chat member status {status!r}")
    return member


async def decode_params(request: web.Request) -> JSON:
    """Params of a query string, form, multipart or JSON body, JSON-encoded fields decoded."""
    params: JSON = {k: _decode(k, v) for k, v in request.query.items()}
    if request.content_type == "application/json":
        params.update(await request.json())
    elif request.can_read_body:
        for key, value in (await request.post()).items():
            if isinstance(value, web.FileField):
                data = value.file.read()
                # The bytes stay with the call: tests look at what a picture depicts.
                params[key] = {"filename": value.filename, "content_type": value.content_type,
                               "size": len(data), "data": data}
            else:
                params[key] = _decode(key, value)
    return params


def _decode(key: str, raw: str) -> Any:
    if key in STRING_FIELDS:
        return raw
    try:
        return json.loads(raw)
    except ValueError:
        return raw  # e.g. chat_id "@channelname"


def _utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _entity_error(detail: str) -> ApiError:
    return ApiError(400, f"Bad Request: can't parse entities: {detail}")


def html_to_plain(text: str) -> str:
    """The text a client shows for an HTML-formatted message; malformed HTML is a 400."""
    out: list[str] = []
    open_tags: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "<":
            offset = len(text[:i].encode())
            tag = HTML_TAG_RE.match(text, i)
            name = (tag[2] or "").lower() if tag else ""
            if tag is None or name not in HTML_TAGS:
                raise _entity_error(f'Unsupported start tag "{name}" at byte offset {offset}')
            if tag[1]:
                if not open_tags or open_tags[-1] != name:
                    raise _entity_error(f"Unexpected end tag at byte offset {offset}")
                open_tags.pop()
            else:
                open_tags.append(name)
            i = tag.end()
        elif entity := HTML_ENTITY_RE.match(text, i):
            out.append(html.unescape(entity[0]))
            i = entity.end()
        else:
            out.append(text[i])
            i += 1
    if open_tags:
        raise _entity_error(f'Can\'t find end tag corresponding to start tag "{open_tags[-1]}"')
    return "".join(out)


def markdown_v2_to_plain(text: str) -> str:
    """An approximation of MarkdownV2: unescaped reserved characters are a 400."""
    out: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
            continue
        if char in MD2_RESERVED:
            raise _entity_error(
                f"Character '{char}' is reserved and must be escaped with the preceding '\\'")
        if char not in MD2_MARKUP:
            out.append(char)
        i += 1
    return "".join(out)


def render_text(text: str | None, parse_mode: str | None) -> str:
    """The stored (plain) text of a message, with the server's checks on formatting and size."""
    mode = (parse_mode or "").lower()
    plain = text or ""
    if mode == "html":
        plain = html_to_plain(plain)
    elif mode == "markdownv2":
        plain = markdown_v2_to_plain(plain)
    if not plain.strip():
        raise ApiError(400, "Bad Request: message text is empty")
    if _utf16_len(plain) > MAX_TEXT:
        raise ApiError(400, "Bad Request: message is too long")
    return plain


def inline_keyboard(markup: Any) -> JSON | None:
    """The inline keyboard a message will show (None if none), checked against the limits."""
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise ApiError(400, "Bad Request: can't parse reply keyboard markup JSON object")
    if "inline_keyboard" not in markup:
        return None  # reply keyboards are not part of the Message object
    rows = [row for row in markup["inline_keyboard"] if row]
    if sum(len(row) for row in rows) > MAX_BUTTONS or any(len(row) > MAX_ROW for row in rows):
        raise ApiError(400, "Bad Request: BUTTONS_TOO_MUCH")
    for button in (b for row in rows for b in row):
        if not button.get("text"):
            raise ApiError(400, "Bad Request: BUTTON_TEXT_INVALID")
        if "callback_data" in button:
            if not 1 <= len(str(button["callback_data"]).encode()) <= MAX_CALLBACK_DATA:
                raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
        elif "web_app" in button:  # a Mini App: an https URL (private chats only: the caller)
            web_app = button["web_app"]
            if not isinstance(web_app, dict) or not str(web_app.get("url", "")).startswith(
                    "https://"):
                raise ApiError(400, "Bad Request: BUTTON_URL_INVALID")
        elif len(button) == 1:
            raise ApiError(400, "Bad Request: text buttons are unallowed in the inline keyboard")
    return {"inline_keyboard": rows} if rows else None


def check_web_app_chat(markup: JSON | None, chat_type: str) -> None:
    """Telegram takes `web_app` inline buttons in private chats only."""
    rows = (markup or {}).get("inline_keyboard", [])
    if chat_type != "private" and any("web_app" in b for row in rows for b in row):
        raise ApiError(400, "Bad Request: BUTTON_TYPE_INVALID")


def validate_commands(commands: Any) -> list[JSON]:
    """A setMyCommands list, rejected like the server does (names: a-z, 0-9, _)."""
    if not isinstance(commands, list) or len(commands) > MAX_COMMANDS:
        raise ApiError(400, "Bad Request: commands must be a list of at most 100 commands")
    for command in commands:
        if not COMMAND_NAME_RE.fullmatch(str(command.get("command", ""))):
            raise ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
        if not 1 <= len(str(command.get("description", ""))) <= 256:
            raise ApiError(400, "Bad Request: command description is empty")
    return [{"command": c["command"], "description": c["description"]} for c in commands]
