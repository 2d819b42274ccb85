"""Flood limits, 429s, lost messages, restarts, forum topics, groups upgraded to
supergroups, long announcements, commands and the webhook."""

from __future__ import annotations

import datetime as dtm
import json
import os
import re
import socket
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import pytest
from telegram.error import RetryAfter
from telegram.warnings import PTBDeprecationWarning

from adapters.telegram import Limits, TelegramAdapter
from adapters.telegram.calls import retry_seconds
from adapters.telegram.vocabulary import COMMANDS
from adapters.telegram.webhook import SECRET_HEADER, webhook_secret
from bot.host.views import Announcement, Phase, Place, UserRef
from bot.i18n import translate
from bot.settings import Settings
from tests.adapters.telegram.harness import FAST, JSON, Players, Table, pair_table, solo_table
from tests.fakes.telegram import FakeTelegram


async def test_a_429_in_the_middle_of_a_game_is_waited_out(tg: Table) -> None:
    group, alice, players = await solo_table(tg)
    tg.fake.rate_limit("editMessageText", retry_after=1, chat_id=group.id)
    await players.everyone_auto()
    await players.finished()
    await tg.settle()
    edits = [c for c in tg.fake.calls_of("editMessageText") if c.chat_id == group.id]
    limited = next(i for i, c in enumerate(edits) if c.status == 429)
    assert any(c.ok for c in edits[limited + 1:]), "the table was edited again after the 429"
    assert "!again" in tg.codes(tg.table_message(group))  # the last view got through


async def test_a_429_past_the_rate_limiter_is_waited_out_without_deprecation_warnings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Whatever the environment of the run says: the adapter opts in to timedeltas itself.
    monkeypatch.delenv("PTB_TIMEDELTA", raising=False)
    async with FakeTelegram() as fake:
        settings = Settings(_env_file=None, database=tmp_path / "paiju.sqlite3",
                            telegram_token=fake.token, telegram_base_url=fake.base_url)
        # No retries in the rate limiter: the 429 reaches the adapter's own `patiently`.
        adapter = TelegramAdapter(settings, limits=Limits(overall=(1000, 1), group=(1000, 1),
                                                          max_retries=0))
        assert os.environ["PTB_TIMEDELTA"] == "true"
        group = fake.new_group("Flood")
        fake.rate_limit("sendMessage", retry_after=0.3, chat_id=group.id)
        await adapter.application.initialize()
        try:
            with warnings_recorded() as seen:
                assert await adapter.send(group.id, "after the flood")
        finally:
            await adapter.application.shutdown()
    attempts = fake.requests_to(group)
    assert [c.status for c in attempts] == [429, 200]
    assert attempts[1].at - attempts[0].at >= 0.3  # retry_after honoured
    assert not [w for w in seen if issubclass(w.category, PTBDeprecationWarning)]


@pytest.mark.parametrize("opted_in", [True, False])
def test_retry_after_is_read_as_seconds_from_a_timedelta_or_a_number(
        opted_in: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true" if opted_in else "false")
    with warnings_recorded():  # PTB warns on the old form; the value is still right
        assert retry_seconds(RetryAfter(3)) == 3.0
        assert retry_seconds(RetryAfter(dtm.timedelta(milliseconds=1500))) == 1.5


@contextmanager
def warnings_recorded() -> Iterator[list[warnings.WarningMessage]]:
    """Every warning raised in the block, shown or not."""
    with warnings.catch_warnings(record=True) as found:
        warnings.simplefilter("always")
        yield found


@pytest.mark.parametrize("limits", [Limits(overall=(1000, 1), group=(3, 1), poll_timeout=5)])
async def test_a_busy_table_is_coalesced_under_the_group_rate(tg: Table) -> None:
    group, alice, players = await solo_table(tg)
    mark = tg.fake.mark()
    changes_before = players.room().counter
    await players.everyone_auto()
    room = await players.finished()
    await tg.settle()
    to_group = [c for c in tg.fake.calls[mark:] if c.chat_id == group.id and c.ok]
    table_edits = [c for c in to_group if c.method == "editMessageText"]
    changes = room.counter - changes_before
    assert changes > 20  # a whole hand of 斗地主
    assert len(table_edits) < changes / 2  # views folded together while the limit held
    # Never more than the limit allows within a second (3 per second, plus its bucket).
    times = [c.at for c in to_group]
    assert max(sum(1 for u in times if t <= u < t + 1) for t in times) <= 6
    assert "!again" in tg.codes(tg.table_message(group))


async def test_a_deleted_table_message_is_posted_again(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Tidy admins")
    alice, bob = fake.new_user("Alice"), fake.new_user("Bob")
    fake.command(alice, "new", "ddz", chat=group)
    first = await tg.until(lambda: tg.shown_table(group))
    fake.methods["deleteMessage"]({"chat_id": group.id, "message_id": first["message_id"]})
    fake.command(bob, "join", chat=group)
    again = await tg.until(lambda: tg.shown_table(group))
    assert again["message_id"] != first["message_id"] and "Bob" in again["text"]


async def test_a_restarted_bot_resumes_the_game_in_the_same_table_message(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Restart club")
    users = [fake.new_user(n) for n in ("Ann", "Bo", "Cy")]
    fake.command(users[0], "new", "ddz", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    for user in users[1:]:
        fake.command(user, "join", chat=group)
    players = Players(tg, group, users)
    await tg.until(lambda: len(players.room().seats) == 3)
    await tg.press(users[0], tg.table_message(group), lambda c: c == "!start")
    bidder = await players.next_turn(0)
    await players.act(bidder, lambda c: c == "bid 3")
    landlord = await players.next_turn(players.room().counter - 1)
    await players.act(landlord, lambda c: c.startswith("play "))
    await tg.settle()
    table_id = tg.table_message(group)["message_id"]
    game_id, counter = players.room().game_id, players.room().counter

    await tg.shutdown()
    mark = fake.mark()
    await tg.boot(seed=8)
    await tg.settle()
    assert players.room().game_id == game_id and players.room().counter == counter
    assert tg.table_message(group)["message_id"] == table_id
    assert not [c for c in fake.calls[mark:] if c.method == "sendMessage"
                and c.chat_id == group.id], "the table was edited, not posted again"
    # The person to act gets a fresh prompt and plays from it.
    follower = players.to_act()
    await players.act(follower, lambda c: c == "pass" or c.startswith("play "))
    await players.everyone_auto()
    room = await players.finished()
    assert room.game_id == game_id


async def test_rooms_live_in_forum_topics(tg: Table) -> None:
    fake = tg.fake
    forum = fake.new_group("Card club", forum=True)
    ddz, tianji = fake.new_topic(forum, "斗地主"), fake.new_topic(forum, "田忌赛马")
    alice, bob, carol = (fake.new_user(n) for n in ("Alice", "Bob", "Carol"))
    fake.command(alice, "new", "ddz", chat=forum, thread_id=ddz)
    fake.command(bob, "new", "tianji", chat=forum, thread_id=tianji)
    await tg.until(lambda: tg.shown_table(forum, ddz) and tg.shown_table(forum, tianji))
    fake.command(carol, "join", chat=forum, thread_id=tianji)
    await tg.until(lambda: len(tg.room(forum, tianji).seats) == 2)
    assert tg.table_message(forum, ddz)["message_thread_id"] == ddz
    assert tg.table_message(forum, tianji)["message_thread_id"] == tianji
    assert tg.room(forum, ddz).game == "doudizhu3" and len(tg.room(forum, ddz).seats) == 1
    mark = fake.mark()
    fake.command(carol, "table", chat=forum, thread_id=tianji)
    reposted = await fake.wait_for(method="sendMessage", chat_id=forum, since=mark)
    assert reposted.params["message_thread_id"] == tianji
    await tg.until(lambda: tg.table_message(forum, tianji)["message_id"]
                   == reposted.result["message_id"])


async def test_a_game_in_a_forum_topic_stays_in_its_topic(tg: Table) -> None:
    fake = tg.fake
    forum = fake.new_group("Card club", forum=True)
    topic = fake.new_topic(forum, "斗地主")
    alice, bob = fake.new_user("Alice"), fake.new_user("Bob")
    fake.command(bob, "new", "ddz", chat=forum)  # a room in General (no topic) as well
    fake.command(alice, "new", "ddz", chat=forum, thread_id=topic)
    await tg.until(lambda: tg.shown_table(forum) and tg.shown_table(forum, topic))
    for seats in (2, 3):  # presses on the topic's table reach the topic's room
        await tg.press(alice, tg.table_message(forum, topic), lambda c: c == "!ai")
        await tg.until(lambda s=seats: len(tg.room(forum, topic).seats) == s)
    await tg.press(alice, tg.table_message(forum, topic), lambda c: c == "!start")
    players = Players(tg, forum, [alice], thread=topic)
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    await players.everyone_auto()
    await players.finished()
    await tg.settle()
    general = tg.room(forum)
    assert general.phase is Phase.LOBBY and [s.name for s in general.seats] == ["Bob"]
    sent = [c for c in fake.calls if c.method == "sendMessage" and c.chat_id == forum.id
            and c.ok]
    result = translate("host.result.title", "en")
    assert any(result in c.params["text"] for c in sent
               if c.params.get("message_thread_id") == topic)
    # Outside the topic the bot only ever posted General's own table.
    elsewhere = [c for c in sent if c.params.get("message_thread_id") != topic]
    assert [c.result["message_id"] for c in elsewhere] == [
        tg.table_message(forum)["message_id"]]


async def test_commands_are_registered_in_english_and_chinese(tg: Table) -> None:
    english = tg.fake.commands_for("")
    chinese = tg.fake.commands_for("zh")
    assert [c["command"] for c in english] == list(COMMANDS)
    assert [c["command"] for c in chinese] == list(COMMANDS)
    assert chinese[COMMANDS.index("hand")]["description"] == translate("telegram.cmd.hand", "zh")
    assert chinese[COMMANDS.index("cup")]["description"] == translate("telegram.cmd.cup", "zh")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_webhook_mode_takes_updates_over_http(tg: Table) -> None:
    port = free_port()
    settings = tg.settings.model_copy(update={
        "telegram_webhook_url": f"http://127.0.0.1:{port}/telegram/hook",
        "telegram_webhook_port": port})
    hooked = TelegramAdapter(settings, limits=tg.limits)
    assert tg.host is not None
    await hooked.start(tg.host)
    try:
        registered = tg.fake.calls_of("setWebhook")[-1].params
        assert registered["url"].endswith("/telegram/hook")
        group = tg.fake.new_group("Webhook")
        alice = tg.fake.new_user("Alice")
        update = {"update_id": 1, "message": {
            "message_id": 1, "date": 0, "chat": group.to_api(), "from": alice.to_api(),
            "text": "/help", "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}
        mark = tg.fake.mark()
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{port}/telegram/hook"
            refused = await http.post(url, data=json.dumps(update))
            assert refused.status == 403  # no secret, no update
            accepted = await http.post(url, data=json.dumps(update),
                                       headers={SECRET_HEADER: webhook_secret(settings)})
            assert accepted.status == 200
        await tg.fake.wait_for(method="sendMessage", chat_id=group, since=mark)
    finally:
        await hooked.stop()


async def test_a_group_upgraded_to_a_supergroup_mid_game_carries_on_there(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Small group", supergroup=False)
    alice, bob = fake.new_user("Alice"), fake.new_user("Bob")
    players = await pair_table(tg, group, alice, bob)
    room_id = players.room().room_id
    await tg.settle()
    # An admin turns on a supergroup feature: Telegram moves the chat to a new id.
    supergroup = fake.migrate(group, alice)
    assert tg.adapter is not None
    slot = tg.adapter.tables[room_id]

    def table_there() -> JSON | None:
        found = fake.message(supergroup, slot.message_id) if slot.message_id else None
        return found if found and found["from"]["id"] == fake.bot.id else None

    moved = await tg.until(table_there)  # the table, posted anew where the group now is
    moved_at = next(c.at for c in fake.calls if c.ok and c.chat_id == supergroup.id)
    assert room_id in str(moved["reply_markup"]) and "Bob" in moved["text"]
    fake.command(bob, "auto", "on", chat=supergroup)  # typed there: the same room
    await tg.until(lambda: players.room().seats[1].auto)
    panel = await tg.prompt(alice, lambda c: c == "!auto")
    await tg.press(alice, panel, lambda c: c == "!auto")
    await players.finished()
    await tg.settle()
    result = translate("host.result.title", "en")
    assert any(result in m["text"] for m in fake.messages(supergroup))
    assert "!again" in tg.codes(table_there())
    # After a restart the bot still knows where the group went.
    await tg.shutdown()
    await tg.boot(seed=9)
    fake.command(alice, "again", chat=supergroup)  # (both still in 托管: it plays itself)
    await tg.until(lambda: players.room().hands == 2)
    await tg.settle()
    slot = tg.adapter.tables[room_id]  # the restarted adapter's
    assert table_there() is not None
    assert all(c.status == 400 for c in fake.calls if c.chat_id == group.id
               and c.at > moved_at)  # nothing more went to the old group


async def test_a_long_announcement_goes_out_whole_with_every_mention(tg: Table) -> None:
    """A big competition's draw: 160 table lines and 150 people to notify. Nothing is cut:
    the lines arrive in order over several messages under 4,096 characters, and every
    person gets a notifying link, at most 50 in a message."""
    fake = tg.fake
    assert tg.adapter is not None
    group = fake.new_group("Big cup")
    people = [UserRef("telegram", str(900000 + n)) for n in range(150)]
    lines = [f"Table {n}: Ann 🀄 {n} · Bo <{n}> · Cai & {n} 👨‍👩‍👧" for n in range(160)]
    place = Place("telegram", str(group.id), "", str(group.id), "Big cup")
    text = "\n".join(["Stage 1 drawn:", *lines, "Check in within 5 minutes."])
    await tg.adapter.announce(Announcement("k0001", place, "en", "cup.drawn", text,
                                           tuple(people)))
    await tg.settle()
    sent = [c for c in fake.calls_of("sendMessage") if c.chat_id == group.id]
    assert len(sent) > 1 and all(c.ok for c in sent)
    shown = "\n".join(fake.message(group, c.result["message_id"])["text"] for c in sent)
    assert shown.replace(" 🔔", "").rstrip("🔔 \n").split("\n") == text.split("\n")
    linked = [re.findall(r"tg://user\?id=(\d+)", c.params["text"]) for c in sent]
    assert all(len(ids) <= 50 for ids in linked)
    assert [int(i) for ids in linked for i in ids] == [int(p.user_id) for p in people]


@pytest.mark.parametrize("suffix", ["", "/", "/bot/"])
async def test_a_self_hosted_server_may_be_given_by_its_root(
        suffix: str, tmp_path: Path) -> None:
    async with FakeTelegram() as fake:
        root = fake.base_url.removesuffix("/bot")
        settings = Settings(_env_file=None, database=tmp_path / "paiju.sqlite3",
                            telegram_token=fake.token, telegram_base_url=root + suffix)
        adapter = TelegramAdapter(settings, limits=FAST)
        await adapter.application.initialize()
        try:
            assert adapter.application.bot.username == fake.bot.username  # getMe answered
            assert await adapter.send(fake.new_group("Self-hosted").id, "hello")
        finally:
            await adapter.application.shutdown()
