"""A fake Telegram Bot API server on 127.0.0.1 that the real python-telegram-bot client talks to.

Start it with ``async with FakeTelegram() as fake:`` and point an Application at it with
``fake.application_builder()`` (or ``.base_url(fake.base_url)``); run the Application with
``tests.fakes.conftest_telegram.running_application``. Tests inject what users do
(``user_says``, ``command``, ``press``), make the server fail on demand (``rate_limit``,
``fail_next``, users who never started the bot) and assert on the recorded ``calls``.
Error texts are the real server's, so the adapter meets the same ``telegram.error`` types.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Self

from aiohttp import web
from telegram.ext import ApplicationBuilder

from tests.fakes.telegram_api import (
    COMMAND_RE,
    ApiError,
    FakeChat,
    FakeUser,
    chat_full_info,
    chat_member,
    decode_params,
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


@dataclass
class Call:
    """One request the client made: method, decoded params, and what the fake answered."""

    method: str
    params: JSON
    at: float  # time.monotonic() when the request arrived
    status: int | None = None  # None while a long poll is still open
    result: Any = None  # the result on success, the error description otherwise

    @property
    def ok(self) -> bool:
        """Whether the fake answered with success."""
        return self.status == 200

    @property
    def chat_id(self) -> int | str | None:
        """The chat the request addressed, if any."""
        return self.params.get("chat_id")

    def visible_text(self) -> str:
        """Every text a chat member could read from this request: text, caption, button labels."""
        parts = [str(self.params.get(key, "")) for key in ("text", "caption")]
        markup = self.params.get("reply_markup")
        if isinstance(markup, dict):
            for row in markup.get("inline_keyboard", markup.get("keyboard", [])):
                parts.extend(str(b.get("text", b) if isinstance(b, dict) else b) for b in row)
        return "\n".join(p for p in parts if p)


@dataclass
class _PlannedFailure:
    method: str
    times: int
    status: int
    description: str
    parameters: JSON | None
    chat_id: int | str | None


class FakeTelegram:
    """A Bot API server with per-chat message stores, injectable updates and failures."""

    def __init__(
        self,
        *,
        bot_username: str = "paiju_bot",
        bot_id: int = 7000000001,
        privacy_mode: bool = True,
    ) -> None:
        self.bot = FakeUser(bot_id, "Paiju", username=bot_username, is_bot=True, language_code=None)
        self.token = f"{bot_id}:FAKE-secret-{bot_username}"
        # BotFather's default: in groups only commands and replies to the bot are delivered,
        # unless the bot is an administrator there.
        self.privacy_mode = privacy_mode
        self.calls: list[Call] = []
        self.problems: list[str] = []  # the fake's own crashes and unsupported requests
        self.commands: dict[tuple[str, str], list[JSON]] = {}
        self.undelivered: list[JSON] = []  # group messages privacy mode kept from the bot
        self.port = 0
        self._users: dict[int, FakeUser] = {bot_id: self.bot}
        self._chats: dict[int, FakeChat] = {}
        self._messages: dict[int, dict[int, JSON]] = {}
        self._topics: dict[int, dict[int, str]] = {}
        self._not_started: set[int] = set()
        self._blocked: set[int] = set()
        self._status: dict[tuple[int, int], str] = {}
        self._failures: list[_PlannedFailure] = []
        self._pending: list[JSON] = []
        self._last_update_id = 0
        self._fetched_update_id = 0
        self._open_callbacks: dict[str, JSON] = {}
        self._answered: set[str] = set()
        self._user_ids = itertools.count(100001)
        self._group_ids = itertools.count(1)
        self._callback_ids = itertools.count(880000001)
        self._inject_mark = 0
        self._updates_changed = asyncio.Event()
        self._calls_changed = asyncio.Event()
        self._closing = False
        self._runner: web.AppRunner | None = None
        self._methods: dict[str, Callable[[JSON], Any]] = {
            "getMe": self._get_me,
            "deleteWebhook": self._delete_webhook,
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

    # -- lifecycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def close(self) -> None:
        """Wake every long poll and stop serving."""
        self._closing = True
        self._notify_updates()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, exc_type: object, exc: object, tb: object) -> None:
        await self.close()
        if exc_type is None:
            self.assert_no_problems()

    def assert_no_problems(self) -> None:
        """Fail if the fake crashed or met a request it does not support."""
        assert not self.problems, "fake Telegram problems:\n" + "\n".join(self.problems)

    @property
    def base_url(self) -> str:
        """The value for ``ApplicationBuilder.base_url``."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        """The value for ``ApplicationBuilder.base_file_url``."""
        return f"http://127.0.0.1:{self.port}/file/bot"

    def application_builder(self) -> ApplicationBuilder:
        """An ApplicationBuilder with this fake's token and URLs already set."""
        return (
            ApplicationBuilder()
            .token(self.token)
            .base_url(self.base_url)
            .base_file_url(self.base_file_url)
        )

    # -- the world: users, chats, topics ---------------------------------------------------

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
        """Status getChatMember reports: creator, administrator, member, restricted, left, kicked."""
        self._status[(chat.id, user.id)] = status

    # -- what users do -----------------------------------------------------------------------

    def user_says(
        self,
        user: FakeUser,
        text: str,
        *,
        chat: FakeChat | None = None,
        thread_id: int | None = None,
        reply_to: JSON | None = None,
    ) -> JSON:
        """``user`` sends ``text`` in ``chat`` (default: their private chat with the bot)."""
        chat = chat or self.private_chat(user)
        if chat.is_forum and thread_id not in (None, *self._topics.get(chat.id, {})):
            raise ValueError(f"chat {chat.id} has no topic {thread_id}")
        entities = []
        command = COMMAND_RE.match(text)
        if command:
            entities.append({"type": "bot_command", "offset": 0, "length": len(command[0])})
        reply = self._stored(chat.id, reply_to["message_id"]) if reply_to else None
        message = self._store(chat, user, text=text, thread_id=thread_id, entities=entities,
                              reply_to=reply)
        addressee = command[0].partition("@")[2].lower() if command else ""
        for_us = bool(command) and addressee in ("", (self.bot.username or "").lower())
        if chat.type == "private" and for_us and command[0].split("@")[0] == "/start":
            self._not_started.discard(user.id)
            self._blocked.discard(user.id)
        if self._hears(chat, for_us, reply):
            self._enqueue({"message": copy.deepcopy(message)})
        else:
            self.undelivered.append(copy.deepcopy(message))
        return copy.deepcopy(message)

    def command(
        self,
        user: FakeUser,
        name: str,
        *args: str,
        chat: FakeChat | None = None,
        thread_id: int | None = None,
        mention: bool = False,
    ) -> JSON:
        """``user`` sends ``/name args`` (``/name@bot`` with ``mention=True``)."""
        head = f"/{name}@{self.bot.username}" if mention else f"/{name}"
        return self.user_says(user, " ".join((head, *args)), chat=chat, thread_id=thread_id)

    def press(
        self,
        user: FakeUser,
        message: JSON,
        data: str | None = None,
        *,
        label: str | None = None,
        check: bool = True,
    ) -> str:
        """``user`` presses the button with ``data`` (or ``label``) under ``message``.

        Presses only what the message currently shows, like a real client; ``check=False``
        forges a payload (a modified client). Returns the callback query id.
        """
        chat_id = message["chat"]["id"]
        current = self._stored(chat_id, message["message_id"])
        if current is None:
            raise ValueError(f"message {message['message_id']} in chat {chat_id} does not exist")
        buttons = self.buttons(current)
        if label is not None:
            matches = [d for text, d in buttons if text == label]
            if not matches:
                raise ValueError(f"no button labelled {label!r}; buttons: {buttons}")
            data = matches[0]
        if check:
            if data not in [d for _, d in buttons]:
                raise ValueError(f"no button with data {data!r}; buttons: {buttons}")
            if chat_id > 0 and chat_id != user.id:
                raise ValueError("only the owner of a private chat sees its buttons")
        query = {
            "id": str(next(self._callback_ids)),
            "from": user.to_api(),
            "message": copy.deepcopy(current),
            "chat_instance": str(abs(chat_id) * 7919 % 10**12),
            "data": data,
        }
        self._open_callbacks[query["id"]] = query
        self._enqueue({"callback_query": query})
        return query["id"]

    # -- failing on demand ---------------------------------------------------------------------

    def fail_next(
        self,
        method: str,
        description: str,
        *,
        status: int = 400,
        times: int = 1,
        parameters: JSON | None = None,
        chat_id: int | str | None = None,
    ) -> None:
        """The next ``times`` calls of ``method`` (to ``chat_id`` if given) fail this way."""
        self._failures.append(
            _PlannedFailure(method, times, status, description, parameters, chat_id))

    def rate_limit(
        self, method: str, *, retry_after: float = 1, times: int = 1,
        chat_id: int | str | None = None,
    ) -> None:
        """The next ``times`` calls of ``method`` get 429 with ``parameters.retry_after``."""
        text = f"Too Many Requests: retry after {retry_after}"
        self.fail_next(method, text, status=429, times=times, chat_id=chat_id,
                       parameters={"retry_after": retry_after})

    # -- what tests look at ----------------------------------------------------------------------

    def calls_of(self, method: str) -> list[Call]:
        """Every recorded call of ``method``."""
        return [c for c in self.calls if c.method == method]

    def requests_to(self, chat_id: int | FakeChat) -> list[Call]:
        """Every recorded call addressed to ``chat_id``."""
        wanted = chat_id.id if isinstance(chat_id, FakeChat) else chat_id
        return [c for c in self.calls if c.chat_id == wanted]

    def messages(self, chat: FakeChat | int, thread_id: int | None = None) -> list[JSON]:
        """Current state of the messages in a chat (or one forum topic), oldest first."""
        chat_id = chat.id if isinstance(chat, FakeChat) else chat
        stored = self._messages.get(chat_id, {}).values()
        return [copy.deepcopy(m) for m in stored
                if "text" in m and (thread_id is None or m.get("message_thread_id") == thread_id)]

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

    def mark(self) -> int:
        """A position in ``calls`` to pass as ``since`` to ``wait_for``."""
        return len(self.calls)

    async def wait_for(
        self,
        predicate: Callable[[Call], bool] | None = None,
        *,
        method: str | None = None,
        chat_id: int | FakeChat | None = None,
        contains: str | None = None,
        since: int | None = None,
        timeout: float = 5.0,
    ) -> Call:
        """The first call matching every filter, waiting for it if needed.

        Searches calls recorded since the last injected update unless ``since`` is given
        (``since=0`` searches them all), so an earlier matching call is not mistaken for
        the awaited one.
        """
        wanted_chat = chat_id.id if isinstance(chat_id, FakeChat) else chat_id

        def matches(call: Call) -> bool:
            return ((method is None or call.method == method)
                    and (wanted_chat is None or call.chat_id == wanted_chat)
                    and (contains is None or contains in call.visible_text())
                    and (predicate is None or predicate(call)))

        index = self._inject_mark if since is None else since
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            for call in self.calls[index:]:
                if matches(call):
                    return call
            index = len(self.calls)
            changed = self._calls_changed
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = "\n".join(f"  {c.method} {c.status} {c.params}" for c in self.calls[-10:])
                raise AssertionError(f"no matching Telegram request within {timeout}s; "
                                     f"last calls:\n{recent}")
            try:
                await asyncio.wait_for(changed.wait(), remaining)
            except TimeoutError:
                pass

    async def wait_idle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Wait until every injected update was fetched and no request came for ``quiet`` s.

        A last resort for asserting that nothing happens; prefer ``wait_for``.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            busy = [c for c in self.calls if c.method != "getUpdates"]
            last = busy[-1].at if busy else 0.0
            fetched = self._fetched_update_id >= self._last_update_id
            if fetched and time.monotonic() - last >= quiet:
                return
            await asyncio.sleep(quiet / 2)
        raise AssertionError(f"the bot did not go idle within {timeout}s")

    # -- HTTP ------------------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
        arrived = time.monotonic()
        method = request.match_info["method"]
        try:
            params = await decode_params(request)
        except Exception as exc:  # noqa: BLE001 - a fake must report, not crash
            self.problems.append(f"{method}: undecodable request: {exc!r}")
            params = {}
        call = Call(method, params, arrived)
        # Recorded on arrival so an open long poll is visible; every other method is answered
        # without awaiting, so nobody sees it before its status is set.
        self._record(call)
        try:
            if request.match_info["token"] != self.token:
                raise ApiError(401, "Unauthorized")
            self._planned_failure(method, params)
            handler = self._methods.get(method)
            if method == "getUpdates":
                call.result = await self._get_updates(params)
            elif handler is not None:
                call.result = handler(params)
            else:
                call.result = True  # generic fallback: recorded for assertions, answered true
        except ApiError as err:
            call.status, call.result = err.status, err.description
            body: JSON = {"ok": False, "error_code": err.status, "description": err.description}
            if err.parameters:
                body["parameters"] = err.parameters
        except Exception as exc:  # noqa: BLE001
            self.problems.append(f"{method}: the fake crashed: {exc!r}")
            call.status, call.result = 500, repr(exc)
            body = {"ok": False, "error_code": 500, "description": "Internal Server Error"}
        else:
            call.status = 200
            body = {"ok": True, "result": call.result}
        return web.Response(status=call.status or 500, text=json.dumps(body),
                            content_type="application/json")

    def _record(self, call: Call) -> None:
        self.calls.append(call)
        changed, self._calls_changed = self._calls_changed, asyncio.Event()
        changed.set()

    def _planned_failure(self, method: str, params: JSON) -> None:
        for failure in self._failures:
            if failure.method == method and failure.chat_id in (None, params.get("chat_id")):
                failure.times -= 1
                if failure.times <= 0:
                    self._failures.remove(failure)
                raise ApiError(failure.status, failure.description, failure.parameters)

    # -- updates -----------------------------------------------------------------------------------

    def _enqueue(self, payload: JSON) -> None:
        self._last_update_id += 1
        self._pending.append({"update_id": self._last_update_id, **payload})
        self._inject_mark = len(self.calls)
        self._notify_updates()

    def _notify_updates(self) -> None:
        changed, self._updates_changed = self._updates_changed, asyncio.Event()
        changed.set()

    def _hears(self, chat: FakeChat, for_us: bool, reply: JSON | None) -> bool:
        if chat.type == "private" or not self.privacy_mode or for_us:
            return True
        if reply is not None and reply["from"]["id"] == self.bot.id:
            return True
        return self._status.get((chat.id, self.bot.id)) in ("administrator", "creator")

    async def _get_updates(self, params: JSON) -> list[JSON]:
        offset = params.get("offset") or 0
        if offset > 0:  # confirms every update below offset, as the real server does
            self._pending = [u for u in self._pending if u["update_id"] >= offset]
        limit = params.get("limit") or 100
        loop = asyncio.get_running_loop()
        deadline = loop.time() + float(params.get("timeout") or 0)
        while True:
            ready = self._pending[:limit]
            remaining = deadline - loop.time()
            if ready or self._closing or remaining <= 0:
                if ready:
                    self._fetched_update_id = max(self._fetched_update_id,
                                                  ready[-1]["update_id"])
                return copy.deepcopy(ready)
            try:
                await asyncio.wait_for(self._updates_changed.wait(), remaining)
            except TimeoutError:
                pass

    # -- message store -------------------------------------------------------------------------------

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
        messages = self._messages.setdefault(chat.id, {})
        message: JSON = {
            "message_id": max(messages, default=0) + 1,  # ids count up per chat
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
        messages[message["message_id"]] = message
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

    # -- Bot API methods ---------------------------------------------------------------------------------

    def _get_me(self, params: JSON) -> JSON:
        return self.bot.to_api() | {
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy_mode,
            "supports_inline_queries": False,
        }

    def _delete_webhook(self, params: JSON) -> bool:
        if params.get("drop_pending_updates"):
            self._pending.clear()
        return True

    def _send_message(self, params: JSON) -> JSON:
        chat = self._reachable_chat(params)
        thread_id = params.get("message_thread_id")
        if thread_id is not None:
            self._check_topic(chat, thread_id)
        text = render_text(params.get("text"), params.get("parse_mode"))
        markup = inline_keyboard(params.get("reply_markup"))
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
        if text == message["text"] and markup == message.get("reply_markup"):
            raise ApiError(400, NOT_MODIFIED)
        message["text"] = text
        message["edit_date"] = int(time.time())
        message.pop("reply_markup", None)
        if markup is not None:
            message["reply_markup"] = markup
        return copy.deepcopy(message)

    def _edit_message_text(self, params: JSON) -> JSON:
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
        self._answered.add(query_id)
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

    def commands_for(self, language_code: str = "", scope: JSON | None = None) -> list[JSON]:
        """The command list registered for a language ("" = default) and scope."""
        return self._get_my_commands({"language_code": language_code, "scope": scope})

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
