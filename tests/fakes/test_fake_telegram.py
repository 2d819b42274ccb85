"""The fake Bot API server, driven by the real python-telegram-bot Application over HTTP."""

from __future__ import annotations

import asyncio
import datetime as dtm
from collections.abc import AsyncIterator

import aiohttp
import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatMemberStatus, ParseMode
from telegram.error import BadRequest, Forbidden, RetryAfter
from telegram.ext import (
    AIORateLimiter,
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from tests.fakes.conftest_telegram import ErrorRecorder, running_application
from tests.fakes.telegram import FakeTelegram

MENU = InlineKeyboardMarkup([[
    InlineKeyboardButton("Rock", callback_data="pick:rock"),
    InlineKeyboardButton("Paper", callback_data="pick:paper"),
]])


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Reply with the command's arguments."""
    assert update.effective_message is not None
    await update.effective_message.reply_text(" ".join(context.args or []) or "(nothing)")


async def menu(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Post a message with two buttons."""
    assert update.effective_message is not None
    await update.effective_message.reply_text("Choose", reply_markup=MENU)


async def picked(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer the press and edit the menu into the choice (dropping the buttons)."""
    query = update.callback_query
    assert query is not None and query.data is not None
    await query.answer(f"You picked {query.data.removeprefix('pick:')}")
    await query.edit_message_text(f"{query.from_user.first_name} picked {query.data[5:]}")


async def dm_me(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Send the caller a private message (fails if they never started the bot)."""
    assert update.effective_user is not None
    await context.bot.send_message(update.effective_user.id, "psst")


async def hears(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Acknowledge plain text."""
    assert update.effective_message is not None and update.effective_message.text
    await update.effective_message.reply_text("heard " + update.effective_message.text)


def build_app(fake: FakeTelegram, *, rate_limited: bool = False) -> Application:
    """A small bot with echo, menu, dm and plain-text handlers."""
    builder = fake.application_builder()
    if rate_limited:
        builder = builder.rate_limiter(AIORateLimiter(max_retries=3))
    app = builder.build()
    app.add_handler(CommandHandler(["echo", "start"], echo))
    app.add_handler(CommandHandler("menu", menu))
    app.add_handler(CommandHandler("dm", dm_me))
    app.add_handler(CallbackQueryHandler(picked, pattern=r"^pick:"))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, hears))
    return app


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram() as server:
        yield server


@pytest.fixture
async def bot_errors(fake: FakeTelegram) -> AsyncIterator[ErrorRecorder]:
    async with running_application(build_app(fake)) as recorder:
        yield recorder


async def test_startup_asks_get_me_and_delete_webhook_then_long_polls(
    fake: FakeTelegram, bot_errors: ErrorRecorder
) -> None:
    await fake.wait_for(method="getUpdates", since=0)
    methods = [c.method for c in fake.calls]
    assert methods.index("getMe") < methods.index("deleteWebhook") < methods.index("getUpdates")


async def test_a_group_command_gets_a_reply_in_that_group(
    fake: FakeTelegram, bot_errors: ErrorRecorder
) -> None:
    group = fake.new_group("Table 1")
    alice = fake.new_user("Alice")
    fake.command(alice, "echo", "hello", "there", chat=group)
    reply = await fake.wait_for(method="sendMessage", chat_id=group)
    assert reply.params["text"] == "hello there"
    assert fake.last_bot_message(group)["text"] == "hello there"
    assert [m["from"]["id"] for m in fake.messages(group)] == [alice.id, fake.bot.id]


async def test_commands_meant_for_another_bot_are_ignored(
    fake: FakeTelegram, bot_errors: ErrorRecorder
) -> None:
    group = fake.new_group("Table 1")
    alice = fake.new_user("Alice")
    fake.user_says(alice, "/echo@other_bot wrong", chat=group)
    fake.command(alice, "echo", "right", chat=group, mention=True)
    await fake.wait_for(method="sendMessage", chat_id=group, since=0)
    assert [c.params["text"] for c in fake.calls_of("sendMessage")] == ["right"]


async def test_privacy_mode_hides_plain_group_text_until_the_bot_is_admin(
    fake: FakeTelegram, bot_errors: ErrorRecorder
) -> None:
    group = fake.new_group("Table 1")
    alice = fake.new_user("Alice", language_code="zh-hans")
    fake.user_says(alice, "开始", chat=group)
    assert fake.undelivered[-1]["text"] == "开始"
    fake.set_member_status(group, fake.bot, "administrator")
    fake.user_says(alice, "加入", chat=group)
    reply = await fake.wait_for(method="sendMessage", chat_id=group)
    assert reply.params["text"] == "heard 加入"
    assert len(fake.calls_of("sendMessage")) == 1


async def test_a_forum_topic_thread_id_round_trips(
    fake: FakeTelegram, bot_errors: ErrorRecorder
) -> None:
    forum = fake.new_group("Club", forum=True)
    topic = fake.new_topic(forum, "Dou Dizhu")
    bob = fake.new_user("Bob")
    fake.command(bob, "echo", "in", "topic", chat=forum, thread_id=topic)
    reply = await fake.wait_for(method="sendMessage", chat_id=forum)
    assert reply.params["message_thread_id"] == topic
    assert reply.result["message_thread_id"] == topic
    assert [m["text"] for m in fake.messages(forum, thread_id=topic)] == ["/echo in topic",
                                                                          "in topic"]
    async with fake.application_builder().build() as app:
        with pytest.raises(BadRequest, match="Message thread not found"):
            await app.bot.send_message(forum.id, "lost", message_thread_id=topic + 99)
    with pytest.raises(ValueError, match="no topic"):
        fake.command(bob, "echo", chat=forum, thread_id=topic + 99)


async def test_a_button_press_is_answered_and_edits_the_message(
    fake: FakeTelegram, bot_errors: ErrorRecorder
) -> None:
    group = fake.new_group("Table 1")
    carol = fake.new_user("Carol")
    fake.command(carol, "menu", chat=group)
    await fake.wait_for(method="sendMessage", chat_id=group)
    posted = fake.last_bot_message(group)
    assert fake.buttons(posted) == [("Rock", "pick:rock"), ("Paper", "pick:paper")]

    query_id = fake.press(carol, posted, label="Paper")
    answer = await fake.wait_for(method="answerCallbackQuery")
    edit = await fake.wait_for(method="editMessageText", chat_id=group)
    assert answer.params == {"callback_query_id": query_id, "text": "You picked paper"}
    assert edit.params["message_id"] == posted["message_id"]
    after = fake.message(group, posted["message_id"])
    assert after is not None and after["text"] == "Carol picked paper"
    assert "reply_markup" not in after  # an edit without reply_markup drops the buttons
    assert fake.unanswered_callbacks() == []
    with pytest.raises(ValueError, match="no button"):
        fake.press(carol, posted, "pick:rock")  # nothing left to press


async def test_a_user_who_never_started_the_bot_is_forbidden_until_start(
    fake: FakeTelegram, bot_errors: ErrorRecorder
) -> None:
    app = Application.builder().token(fake.token).base_url(fake.base_url).build()
    dave = fake.new_user("Dave", started=False)
    group = fake.new_group("Table 1")
    async with app:
        with pytest.raises(Forbidden, match="bot can't initiate conversation with a user"):
            await app.bot.send_message(dave.id, "your hand")

    fake.command(dave, "dm", chat=group)
    error = await bot_errors.wait_for(Forbidden)
    assert "initiate conversation" in error.message

    fake.command(dave, "start", "room-1")  # in the private chat: Telegram now allows DMs
    reply = await fake.wait_for(method="sendMessage", chat_id=dave.id)
    assert reply.ok and reply.params["text"] == "room-1"


async def test_a_429_surfaces_as_retry_after_without_a_rate_limiter(
        fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true")  # PTB 22's coming form, without its warning
    group = fake.new_group("Table 1")
    fake.rate_limit("sendMessage", retry_after=3)
    async with fake.application_builder().build() as app:
        with pytest.raises(RetryAfter) as caught:
            await app.bot.send_message(group.id, "too fast")
        await app.bot.send_message(group.id, "later")
    assert caught.value.retry_after == dtm.timedelta(seconds=3)
    assert [c.status for c in fake.calls_of("sendMessage")] == [429, 200]


async def test_an_enforced_group_limit_refuses_the_message_past_it_and_not_private_chats(
        fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true")
    group = fake.new_group("Busy")
    erin = fake.new_user("Erin")
    fake.enforce_group_limit(3, 60)
    async with fake.application_builder().build() as app:
        sent = [await app.bot.send_message(group.id, f"n{n}") for n in range(2)]
        await app.bot.edit_message_text("edited", group.id, sent[0].message_id)
        with pytest.raises(RetryAfter) as caught:
            await app.bot.send_message(group.id, "one too many")
        await app.bot.send_message(erin.id, "private chats are not counted")
    assert caught.value.retry_after.total_seconds() > 1
    assert fake.flood_refusals == 1


async def test_a_429_retry_after_is_honoured_by_the_aio_rate_limiter(
        fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true")  # PTB 22's coming form, without its warning
    group = fake.new_group("Table 1")
    erin = fake.new_user("Erin")
    async with running_application(build_app(fake, rate_limited=True)):
        fake.rate_limit("sendMessage", retry_after=1, chat_id=group.id)
        fake.command(erin, "echo", "eventually", chat=group)
        delivered = await fake.wait_for(lambda c: c.ok, method="sendMessage", timeout=10)
    attempts = fake.requests_to(group)
    assert [c.status for c in attempts] == [429, 200]
    assert delivered.params["text"] == "eventually"
    assert attempts[1].at - attempts[0].at >= 1  # the limiter waited out retry_after


async def test_an_edit_that_changes_nothing_is_a_bad_request(fake: FakeTelegram) -> None:
    group = fake.new_group("Table 1")
    async with fake.application_builder().build() as app:
        sent = await app.bot.send_message(group.id, "Table", reply_markup=MENU)
        with pytest.raises(BadRequest, match="Message is not modified"):
            await app.bot.edit_message_text("Table", group.id, sent.message_id, reply_markup=MENU)
        edited = await app.bot.edit_message_reply_markup(group.id, sent.message_id)
        assert edited.reply_markup is None or not edited.reply_markup.inline_keyboard
        with pytest.raises(BadRequest, match="Message to edit not found"):
            await app.bot.edit_message_text("x", group.id, sent.message_id + 5)
        assert await app.bot.delete_message(group.id, sent.message_id)
        with pytest.raises(BadRequest, match="Message to edit not found"):
            await app.bot.edit_message_text("gone", group.id, sent.message_id)
        again = await app.bot.send_message(group.id, "Table")
    assert again.message_id == sent.message_id + 1  # ids are never reused


async def test_formatting_and_limits_are_checked_like_the_real_server(fake: FakeTelegram) -> None:
    group = fake.new_group("Table 1")
    async with fake.application_builder().build() as app:
        sent = await app.bot.send_message(group.id, "<b>A&amp;B</b> 地主", ParseMode.HTML)
        assert fake.message(group, sent.message_id)["text"] == "A&B 地主"
        with pytest.raises(BadRequest, match="Can't parse entities"):
            await app.bot.send_message(group.id, "<Alice> plays", ParseMode.HTML)
        with pytest.raises(BadRequest, match="Message is too long"):
            await app.bot.send_message(group.id, "x" * 4097)
        too_long = InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data="y" * 65)]])
        with pytest.raises(BadRequest, match="Button_data_invalid"):
            await app.bot.send_message(group.id, "buttons", reply_markup=too_long)


async def test_commands_are_registered_per_language(fake: FakeTelegram) -> None:
    async with fake.application_builder().build() as app:
        await app.bot.set_my_commands([("new", "New game")])
        await app.bot.set_my_commands([("new", "新游戏")], language_code="zh")
        zh = await app.bot.get_my_commands(language_code="zh")
        with pytest.raises(BadRequest, match="Bot_command_invalid"):
            await app.bot.set_my_commands([("新", "新游戏")])
    assert [(c.command, c.description) for c in zh] == [("new", "新游戏")]
    assert fake.commands_for("") == [{"command": "new", "description": "New game"}]


async def test_chat_member_status_is_configurable(fake: FakeTelegram) -> None:
    group = fake.new_group("Table 1")
    frank, gina = fake.new_user("Frank"), fake.new_user("Gina")
    fake.set_member_status(group, frank, "administrator")
    async with fake.application_builder().build() as app:
        admin = await app.bot.get_chat_member(group.id, frank.id)
        member = await app.bot.get_chat_member(group.id, gina.id)
        chat = await app.bot.get_chat(group.id)
    assert admin.status == ChatMemberStatus.ADMINISTRATOR
    assert member.status == ChatMemberStatus.MEMBER
    assert chat.title == "Table 1"


async def test_closing_the_server_wakes_a_pending_long_poll() -> None:
    fake = FakeTelegram()
    await fake.start()
    url = f"{fake.base_url}{fake.token}/getUpdates"
    async with aiohttp.ClientSession() as session:
        poll = asyncio.create_task(session.post(url, data={"timeout": "30"}))
        await asyncio.sleep(0.05)  # let the poll reach the server before closing it
        await fake.close()
        response = await asyncio.wait_for(poll, 2)
        assert await response.json() == {"ok": True, "result": []}


async def test_a_blocked_user_is_forbidden_and_a_forged_press_stays_unanswered(
    fake: FakeTelegram, bot_errors: ErrorRecorder
) -> None:
    group = fake.new_group("Table 1")
    hana = fake.new_user("Hana")
    fake.block(hana)
    fake.command(hana, "dm", chat=group)
    assert "blocked by the user" in (await bot_errors.wait_for(Forbidden)).message

    fake.command(hana, "menu", chat=group)
    await fake.wait_for(method="sendMessage", chat_id=group)
    query_id = fake.press(hana, fake.last_bot_message(group), "cheat:1", check=False)
    await fake.wait_idle()
    assert [q["id"] for q in fake.unanswered_callbacks()] == [query_id]


async def test_raw_http_clients_may_use_get_json_and_multipart(fake: FakeTelegram) -> None:
    group = fake.new_group("Table 1")
    url = f"{fake.base_url}{fake.token}"
    form = aiohttp.FormData({"chat_id": str(group.id), "caption": "scores"})
    form.add_field("document", b"a,b\n1,2\n", filename="scores.csv")
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{url}/getMe") as response:
            me = await response.json()
        async with session.post(f"{url}/sendMessage",
                                json={"chat_id": group.id, "text": "hi"}) as response:
            sent = await response.json()
        async with session.post(f"{url}/sendDocument", data=form) as response:
            assert (await response.json())["ok"]
        async with session.get(f"{fake.base_url}wrong:token/getMe") as response:
            assert response.status == 401
    assert me["result"]["username"] == "paiju_bot"
    assert sent["result"]["chat"]["id"] == group.id and sent["result"]["text"] == "hi"
    document = fake.calls_of("sendDocument")[0].params
    assert document["document"]["filename"] == "scores.csv"
    assert document["document"]["size"] == 8 and document["chat_id"] == group.id
