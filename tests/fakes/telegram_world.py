"""What the fake Telegram server knows (users, chats, messages) and the Bot API methods on it."""

from __future__ import annotations

import copy
import itertools
import json
import time
from collections.abc import Callable
from typing import Any

from tests.fakes.telegram_api import (
    ApiError,
    FakeChat,
    FakeUser,
    chat_full_info,
    chat_member,
    check_web_app_chat,
    inline_keyboard,
    render_text,
    validate_commands,
)

JSON = dict[str, Any]
FORBIDDEN_NOT_STARTED = "Forbidden: bot can't initiate conversation with a user"
FORBIDDEN_BLOCKED = "Forbidden: bot was blocked by the user"
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)
QUERY_INVALID = (
    "Bad Request: query is too old and response timeout expired or query ID is invalid"
)
MAX_ANSWER_TEXT = 200  # answerCallbackQuery text limit
MIGRATED = "Bad Request: group chat was upgraded to a supergroup chat"


class TelegramWorld:
    """Users, chats, per-chat message stores and the synchronous Bot API methods acting on them."""

    def __init__(self, bot: FakeUser, *, privacy_mode: bool) -> None:
        self.bot = bot
        # BotFather's default is on: in groups the bot then gets only commands and replies to
        # its own messages, unless it is an administrator there.
        self.privacy_mode = privacy_mode
        self.commands: dict[tuple[str, str], list[JSON]] = {}
        self.problems: list[str] = []  # the fake's own crashes and unsupported requests
        self._users: dict[int, FakeUser] = {bot.id: bot}
        self._chats: dict[int, FakeChat] = {}
        self._messages: dict[int, dict[int, JSON]] = {}
        self._last_message_id: dict[int, int] = {}  # per chat; never reused after a delete
        self._topics: dict[int, dict[int, str]] = {}
        self._not_started: set[int] = set()
        self._blocked: set[int] = set()
        self._migrated: dict[int, int] = {}  # group id -> the supergroup it became
        self._status: dict[tuple[int, int], str] = {}
        self._open_callbacks: dict[str, JSON] = {}
        self._user_ids = itertools.count(100001)
        self._group_ids = itertools.count(1)
        self.methods: dict[str, Callable[[JSON], Any]] = {
            "getMe": self._get_me,
            "sendMessage": self._send_message,
            "editMessageText": self._edit_message_text,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "answerCallbackQuery": self._answer_callback_query,
            "setMyCommands": self._set_my_commands,
            "getMyCommands": self._get_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "sendChatAction": self._send_chat_action,
            "getChat": self._get_chat,
            "getChatMember": self._get_chat_member,
        }

    # -- the world: users, chats, topics ---------------------------------------------------------

    def new_user(
        self,
        first_name: str,
        *,
        username: str | None = None,
        last_name: str | None = None,
        language_code: str | None = "en",
        started: bool = True,
    ) -> FakeUser:
        """A user with a private chat; ``started=False`` means they never opened the bot."""
        user = FakeUser(next(self._user_ids), first_name, username, last_name, language_code)
        self._users[user.id] = user
        self._chats[user.id] = FakeChat(user.id, "private", user=user)
        if not started:
            self._not_started.add(user.id)
        return user

    def new_group(self, title: str, *, forum: bool = False, supergroup: bool = True) -> FakeChat:
        """A group chat (a supergroup unless told otherwise; forums are always supergroups)."""
        n = next(self._group_ids)
        if forum or supergroup:
            chat = FakeChat(-1001000000000 - n, "supergroup", title=title, is_forum=forum)
        else:
            chat = FakeChat(-4000000000 - n, "group", title=title)
        self._chats[chat.id] = chat
        return chat

    def new_topic(self, chat: FakeChat, name: str) -> int:
        """Open a forum topic; returns its ``message_thread_id``."""
        assert chat.is_forum, "topics exist only in forum supergroups"
        creator = self._store(chat, self.bot, text=None, service={"forum_topic_created": {
            "name": name, "icon_color": 7322096}})
        thread_id = creator["message_id"]
        self._topics.setdefault(chat.id, {})[thread_id] = name
        return thread_id

    def upgrade(self, group: FakeChat, by: FakeUser) -> tuple[FakeChat, JSON]:
        """A basic group becomes a supergroup, as Telegram does when, e.g., an admin turns
        on a feature only supergroups have: a new chat id (statuses carried over); the old
        group refuses messages from now on (400 with ``migrate_to_chat_id``); each side gets
        its service message. Returns the supergroup and its service message (the caller
        delivers it as an update)."""
        assert group.type == "group", "only basic groups are upgraded"
        n = next(self._group_ids)
        chat = FakeChat(-1001000000000 - n, "supergroup", title=group.title)
        self._chats[chat.id] = chat
        for (chat_id, user_id), status in list(self._status.items()):
            if chat_id == group.id:
                self._status[(chat.id, user_id)] = status
        self._store(group, by, text=None, service={"migrate_to_chat_id": chat.id})
        self._migrated[group.id] = chat.id
        service = self._store(chat, by, text=None, service={"migrate_from_chat_id": group.id})
        return chat, service

    def private_chat(self, user: FakeUser) -> FakeChat:
        """The private chat between ``user`` and the bot."""
        return self._chats[user.id]

    def set_started(self, user: FakeUser, started: bool = True) -> None:
        """Whether the bot may message ``user`` privately (real Telegram needs a /start)."""
        (self._not_started.discard if started else self._not_started.add)(user.id)

    def block(self, user: FakeUser) -> None:
        """The user blocked the bot: private sends fail with 403 until they /start again."""
        self._blocked.add(user.id)

    def set_member_status(self, chat: FakeChat, user: FakeUser, status: str) -> None:
        """Set what getChatMember reports: creator, administrator, member, restricted, left..."""
        chat_member(user, status)  # rejects an unknown status now rather than mid-test
        self._status[(chat.id, user.id)] = status

    # -- what tests look at ----------------------------------------------------------------------

    def messages(self, chat: FakeChat | int, thread_id: int | None = None) -> list[JSON]:
        """Current state of the messages in a chat (or one forum topic), oldest first."""
        chat_id = chat.id if isinstance(chat, FakeChat) else chat
        stored = self._messages.get(chat_id, {}).values()
        return [copy.deepcopy(m) for m in stored
                if ("text" in m or "photo" in m)
                and (thread_id is None or m.get("message_thread_id") == thread_id)]

    def message(self, chat: FakeChat | int, message_id: int) -> JSON | None:
        """The current state of one message, or None once deleted."""
        found = self._stored(chat.id if isinstance(chat, FakeChat) else chat, message_id)
        return copy.deepcopy(found) if found else None

    def last_bot_message(self, chat: FakeChat | int, thread_id: int | None = None) -> JSON:
        """The newest message the bot has in a chat (or topic)."""
        mine = [m for m in self.messages(chat, thread_id) if m["from"]["id"] == self.bot.id]
        assert mine, f"the bot has no message in chat {chat}"
        return mine[-1]

    @staticmethod
    def buttons(message: JSON) -> list[tuple[str, str | None]]:
        """(label, callback_data) of every inline button under ``message``."""
        rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
        return [(b["text"], b.get("callback_data")) for row in rows for b in row]

    def unanswered_callbacks(self) -> list[JSON]:
        """Callback queries the bot has not answered yet (the client shows a spinner)."""
        return list(self._open_callbacks.values())

    def commands_for(self, language_code: str = "", scope: JSON | None = None) -> list[JSON]:
        """The command list registered for a language ("" = default) and scope."""
        return self._get_my_commands({"language_code": language_code, "scope": scope})

    # -- message store ---------------------------------------------------------------------------

    def _store(
        self,
        chat: FakeChat,
        sender: FakeUser,
        *,
        text: str | None,
        thread_id: int | None = None,
        entities: list[JSON] | None = None,
        markup: JSON | None = None,
        reply_to: JSON | None = None,
        service: JSON | None = None,
    ) -> JSON:
        message_id = self._last_message_id[chat.id] = self._last_message_id.get(chat.id, 0) + 1
        message: JSON = {
            "message_id": message_id,
            "from": sender.to_api(),
            "chat": chat.to_api(),
            "date": int(time.time()),
        }
        if thread_id is not None and chat.is_forum:
            message |= {"message_thread_id": thread_id, "is_topic_message": True}
        if text is not None:
            message["text"] = text
        if entities:
            message["entities"] = entities
        if markup is not None:
            message["reply_markup"] = markup
        if reply_to is not None:
            message["reply_to_message"] = {k: v for k, v in reply_to.items()
                                           if k != "reply_to_message"}
        message |= service or {}
        self._messages.setdefault(chat.id, {})[message_id] = message
        return message

    def _stored(self, chat_id: int, message_id: int) -> JSON | None:
        return self._messages.get(chat_id, {}).get(message_id)

    def _chat(self, params: JSON) -> FakeChat:
        chat = self._chats.get(params.get("chat_id"))  # type: ignore[arg-type]
        if chat is None:
            raise ApiError(400, "Bad Request: chat not found")
        return chat

    def _reachable_chat(self, params: JSON) -> FakeChat:
        chat = self._chat(params)
        if chat.id in self._migrated:
            raise ApiError(400, MIGRATED, {"migrate_to_chat_id": self._migrated[chat.id]})
        if chat.type == "private" and chat.id in self._blocked:
            raise ApiError(403, FORBIDDEN_BLOCKED)
        if chat.type == "private" and chat.id in self._not_started:
            raise ApiError(403, FORBIDDEN_NOT_STARTED)
        return chat

    def _check_topic(self, chat: FakeChat, thread_id: int) -> None:
        if chat.is_forum and thread_id not in self._topics.get(chat.id, {}):
            raise ApiError(400, "Bad Request: message thread not found")

    def _own_message(self, params: JSON, verb: str) -> tuple[FakeChat, JSON]:
        if "inline_message_id" in params:
            self.problems.append(f"inline messages are not supported by the fake: {params}")
            raise ApiError(400, "Bad Request: inline messages are not supported by the fake")
        chat = self._reachable_chat(params)
        message = self._stored(chat.id, params.get("message_id", 0))
        if message is None or "text" not in message:
            raise ApiError(400, f"Bad Request: message to {verb} not found")
        return chat, message

    # -- Bot API methods -------------------------------------------------------------------------

    def _get_me(self, params: JSON) -> JSON:
        return self.bot.to_api() | {
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy_mode,
            "supports_inline_queries": False,
        }

    def _send_message(self, params: JSON) -> JSON:
        chat = self._reachable_chat(params)
        thread_id = params.get("message_thread_id")
        if thread_id is not None:
            self._check_topic(chat, thread_id)
        text = render_text(params.get("text"), params.get("parse_mode"))
        markup = inline_keyboard(params.get("reply_markup"))
        check_web_app_chat(markup, chat.type)
        reply_id = (params.get("reply_parameters") or {}).get("message_id")
        reply = self._stored(chat.id, reply_id) if reply_id else None
        message = self._store(chat, self.bot, text=text, thread_id=thread_id, markup=markup,
                              reply_to=reply)
        return copy.deepcopy(message)

    def _edit(self, params: JSON, text: str) -> JSON:
        # Telegram drops the keyboard when an edit omits reply_markup.
        chat, message = self._own_message(params, "edit")
        if message["from"]["id"] != self.bot.id:
            raise ApiError(400, "Bad Request: message can't be edited")
        markup = inline_keyboard(params.get("reply_markup"))
        check_web_app_chat(markup, chat.type)
        if text == message["text"] and markup == message.get("reply_markup"):
            raise ApiError(400, NOT_MODIFIED)
        message["text"] = text
        message["edit_date"] = int(time.time())
        message.pop("reply_markup", None)
        if markup is not None:
            message["reply_markup"] = markup
        return copy.deepcopy(message)

    def _edit_message_text(self, params: JSON) -> JSON:
        _, message = self._own_message(params, "edit")
        if "photo" in message:
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        return self._edit(params, render_text(params.get("text"), params.get("parse_mode")))

    def _edit_message_reply_markup(self, params: JSON) -> JSON:
        _, message = self._own_message(params, "edit")
        return self._edit(params, message["text"])

    def _delete_message(self, params: JSON) -> bool:
        chat, message = self._own_message(params, "delete")
        may_delete_others = chat.type == "private" or self._status.get(
            (chat.id, self.bot.id)) in ("administrator", "creator")
        if message["from"]["id"] != self.bot.id and not may_delete_others:
            raise ApiError(400, "Bad Request: message can't be deleted")
        del self._messages[chat.id][message["message_id"]]
        return True

    def _answer_callback_query(self, params: JSON) -> bool:
        query_id = params.get("callback_query_id")
        if query_id not in self._open_callbacks:
            raise ApiError(400, QUERY_INVALID)
        if len(params.get("text") or "") > MAX_ANSWER_TEXT:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        del self._open_callbacks[query_id]
        return True

    @staticmethod
    def _commands_key(params: JSON) -> tuple[str, str]:
        scope = params.get("scope") or {"type": "default"}
        return json.dumps(scope, sort_keys=True), params.get("language_code") or ""

    def _set_my_commands(self, params: JSON) -> bool:
        self.commands[self._commands_key(params)] = validate_commands(params.get("commands"))
        return True

    def _get_my_commands(self, params: JSON) -> list[JSON]:
        return self.commands.get(self._commands_key(params), [])

    def _delete_my_commands(self, params: JSON) -> bool:
        self.commands.pop(self._commands_key(params), None)
        return True

    def _send_chat_action(self, params: JSON) -> bool:
        self._reachable_chat(params)
        return True

    def _get_chat(self, params: JSON) -> JSON:
        return chat_full_info(self._chat(params))

    def _get_chat_member(self, params: JSON) -> JSON:
        chat = self._chat(params)
        user = self._users.get(params.get("user_id"))  # type: ignore[arg-type]
        if user is None:
            raise ApiError(400, "Bad Request: user not found")
        default = "member" if chat.type != "private" or chat.id == user.id else "left"
        return chat_member(user, self._status.get((chat.id, user.id), default))
