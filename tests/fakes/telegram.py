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

from tests.fakes.telegram_api import COMMAND_RE, ApiError, FakeChat, FakeUser, decode_params
from tests.fakes.telegram_media import MediaMethods
from tests.fakes.telegram_world import TelegramWorld

JSON = dict[str, Any]
ANONYMOUS_ADMIN = FakeUser(1087968824, "Group", username="GroupAnonymousBot", is_bot=True,
                           language_code=None)
"""The account Telegram shows as the sender of an anonymous administrator's messages."""


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


GROUP_COUNTED = ("sendMessage", "editMessageText", "editMessageReplyMarkup", "sendPhoto",
                 "editMessageMedia", "editMessageCaption")
"""Requests that count against a group's messages-per-minute limit."""


class FakeTelegram(MediaMethods, TelegramWorld):
    """A Bot API server on 127.0.0.1 with injectable updates, failures and a request log."""

    def __init__(
        self,
        *,
        bot_username: str = "paiju_bot",
        bot_id: int = 7000000001,
        privacy_mode: bool = True,
        port: int = 0,
    ) -> None:
        bot = FakeUser(bot_id, "Paiju", username=bot_username, is_bot=True, language_code=None)
        super().__init__(bot, privacy_mode=privacy_mode)
        self.token = f"{bot_id}:FAKE-secret-{bot_username}"
        self.calls: list[Call] = []
        self.undelivered: list[JSON] = []  # group messages privacy mode kept from the bot
        self.port = port  # 0: any free port (a test may name one the bot already tries)
        self._failures: list[_PlannedFailure] = []
        self._pending: list[JSON] = []
        self._last_update_id = 0
        self._fetched_update_id = 0
        self._callback_ids = itertools.count(880000001)
        self._inject_mark = 0
        self._updates_changed = asyncio.Event()
        self._calls_changed = asyncio.Event()
        self._closing = False
        self._runner: web.AppRunner | None = None
        self.methods["deleteWebhook"] = self._delete_webhook
        self.install_media()  # sendPhoto, editMessageMedia (`telegram_media`)
        self._group_limit: tuple[int, float] | None = None
        self._group_sent: dict[int, list[float]] = {}
        self._overall_limit: tuple[int, float] | None = None
        self._overall_sent: list[float] = []
        self.flood_refusals = 0  # 429s the enforced group and overall limits answered
        self.overall_refusals = 0  # of those, the overall limit's

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on 127.0.0.1 (on a free port unless one was given)."""
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port)
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

    # -- what users do ---------------------------------------------------------------------------

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

    def anonymous_admin_says(self, chat: FakeChat, text: str) -> JSON:
        """An administrator posts ``text`` with "Remain anonymous" on: the message comes from
        GroupAnonymousBot (a bot account) on behalf of the group (``sender_chat``)."""
        assert chat.type != "private", "only groups have anonymous admins"
        self._users.setdefault(ANONYMOUS_ADMIN.id, ANONYMOUS_ADMIN)
        entities = []
        command = COMMAND_RE.match(text)
        if command:
            entities.append({"type": "bot_command", "offset": 0, "length": len(command[0])})
        message = self._store(chat, ANONYMOUS_ADMIN, text=text, entities=entities,
                              service={"sender_chat": chat.to_api()})
        addressee = command[0].partition("@")[2].lower() if command else ""
        for_us = bool(command) and addressee in ("", (self.bot.username or "").lower())
        if self._hears(chat, for_us, None):
            self._enqueue({"message": copy.deepcopy(message)})
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

    # -- failing on demand -----------------------------------------------------------------------

    def migrate(self, group: FakeChat, by: FakeUser) -> FakeChat:
        """Upgrade a basic group to a supergroup (see ``upgrade``); the bot hears of it by
        the supergroup's service message. Returns the supergroup."""
        chat, service = self.upgrade(group, by)
        self._enqueue({"message": copy.deepcopy(service)})
        return chat

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

    def enforce_group_limit(self, messages: int = 20, seconds: float = 60.0) -> None:
        """From now on a group takes at most ``messages`` sends and edits per ``seconds``
        (Telegram's 20 a minute); one more gets 429 with the wait until a slot frees."""
        self._group_limit = (messages, seconds)

    def enforce_overall_limit(self, messages: int = 30, seconds: float = 1.0) -> None:
        """From now on the bot may send or edit at most ``messages`` messages per ``seconds``
        in all chats together (Telegram's 30 a second); one more gets 429."""
        self._overall_limit = (messages, seconds)

    def _check_overall_limit(self, method: str, now: float) -> None:
        """(``now``: when the request arrived, as Telegram counts it, not when its upload
        was read)"""
        if self._overall_limit is None or method not in GROUP_COUNTED:
            return
        most, window = self._overall_limit
        sent = self._overall_sent = [t for t in self._overall_sent if now - t < window]
        if len(sent) >= most:
            self.flood_refusals += 1
            self.overall_refusals += 1
            raise ApiError(429, "Too Many Requests: retry after 1", {"retry_after": 1})
        sent.append(now)

    def _check_group_limit(self, method: str, params: JSON, now: float) -> None:
        self._check_overall_limit(method, now)
        chat_id = params.get("chat_id")
        if self._group_limit is None or method not in GROUP_COUNTED \
                or not isinstance(chat_id, int) or chat_id >= 0:
            return
        most, window = self._group_limit
        # (when the request arrived)
        sent = [t for t in self._group_sent.get(chat_id, []) if now - t < window]
        if len(sent) >= most:
            self._group_sent[chat_id] = sent
            self.flood_refusals += 1
            wait = max(1, int(window - (now - sent[0])) + 1)
            raise ApiError(429, f"Too Many Requests: retry after {wait}",
                           {"retry_after": wait})
        sent.append(now)
        self._group_sent[chat_id] = sent

    # -- the request log -------------------------------------------------------------------------

    def calls_of(self, method: str) -> list[Call]:
        """Every recorded call of ``method``."""
        return [c for c in self.calls if c.method == method]

    def requests_to(self, chat_id: int | FakeChat) -> list[Call]:
        """Every recorded call addressed to ``chat_id``."""
        wanted = chat_id.id if isinstance(chat_id, FakeChat) else chat_id
        return [c for c in self.calls if c.chat_id == wanted]

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
        except ConnectionResetError:  # the client went away mid-request (a bot stopping)
            raise
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
            self._check_group_limit(method, params, arrived)
            handler = self.methods.get(method)
            if method == "getUpdates":
                call.result = await self._get_updates(params, request)
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

    # -- updates ---------------------------------------------------------------------------------

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

    async def _get_updates(self, params: JSON, request: web.Request) -> list[JSON]:
        offset = params.get("offset") or 0
        if offset > 0:  # confirms every update below offset, as the real server does
            self._pending = [u for u in self._pending if u["update_id"] >= offset]
        limit = params.get("limit") or 100
        loop = asyncio.get_running_loop()
        deadline = loop.time() + float(params.get("timeout") or 0)
        while True:
            ready = self._pending[:limit]
            remaining = deadline - loop.time()
            # A stopped Updater abandons its poll; the updates stay pending for the next client.
            if request.transport is None or request.transport.is_closing():
                return []
            if ready or self._closing or remaining <= 0:
                if ready:
                    self._fetched_update_id = max(self._fetched_update_id,
                                                  ready[-1]["update_id"])
                return copy.deepcopy(ready)
            try:
                await asyncio.wait_for(self._updates_changed.wait(), remaining)
            except TimeoutError:
                pass

    def _delete_webhook(self, params: JSON) -> bool:
        if params.get("drop_pending_updates"):
            self._pending.clear()
        return True
