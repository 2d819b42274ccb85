"""`python -m bot` (real process, real Telegram client, the fake Bot API): a result that had
not gone out when the process was killed (SIGKILL) or stopped (SIGTERM) is posted after the
restart, exactly once; SIGTERM ends cleanly, without a traceback (how long it takes is a
figure for the report, not an assertion: this machine is shared)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.host.payload import decode_payload
from bot.i18n import translate
from tests.fakes.telegram import FakeTelegram
from tests.fakes.telegram_api import FakeChat, FakeUser

ROOT = Path(__file__).resolve().parents[3]
RESULT = translate("host.result.title", "en")
HELD = 60  # s a 429 keeps the result back: longer than the test lets the process live


async def start_bot(fake: FakeTelegram, db: Path) -> asyncio.subprocess.Process:
    env = dict(os.environ, TELEGRAM_TOKEN=fake.token, TELEGRAM_BASE_URL=fake.base_url,
               PAIJU_DATABASE=str(db), PYTHONPATH=str(ROOT), PAIJU_PICTURES="off")
    env.pop("DISCORD_TOKEN", None)
    mark = fake.mark()
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=env, cwd=db.parent,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    await fake.wait_for(method="getUpdates", since=mark, timeout=60)
    return bot


def button(message: dict[str, Any], wanted: str) -> str | None:
    """The callback data of the message's button whose code starts with `wanted`."""
    for _, data in FakeTelegram.buttons(message):
        if data and not data.startswith("~") and ":" in data \
                and decode_payload(data).code.startswith(wanted):
            return data
    return None


async def press_when_shown(fake: FakeTelegram, user: FakeUser, chat: FakeChat | int,
                           wanted: str, timeout: float = 60) -> str:
    """Wait for a bot message in `chat` offering `wanted`; press it; the query id."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for message in reversed(fake.messages(chat)):
            data = button(message, wanted)
            if data is not None:
                return fake.press(user, message, data)
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {wanted!r} button in time")


async def answered(fake: FakeTelegram, query: str) -> None:
    await fake.wait_for(lambda c: c.params.get("callback_query_id") == query,
                        method="answerCallbackQuery", since=0, timeout=60)


async def deal_and_arrange_all_but_last(fake: FakeTelegram) -> tuple[FakeChat, FakeUser]:
    """Ann and Bo at a 田忌赛马 table; Ann arranges; Bo's is the last arrangement left."""
    group, ann, bo = fake.new_group("Kept"), fake.new_user("Ann"), fake.new_user("Bo")
    for user in (ann, bo):  # both opened the private chat with the bot
        fake.user_says(user, "/start", chat=fake.private_chat(user))
    fake.command(ann, "new", "tianji", chat=group)
    await answered(fake, await press_when_shown(fake, bo, group, "!join"))
    await answered(fake, await press_when_shown(fake, ann, group, "!start"))
    await answered(fake, await press_when_shown(fake, ann, fake.private_chat(ann), "arrange"))
    return group, bo


def results_posted(fake: FakeTelegram, group: FakeChat) -> int:
    return len([c for c in fake.calls if c.method == "sendMessage" and c.ok
                and c.chat_id == group.id and RESULT in c.visible_text()])


async def stop(bot: asyncio.subprocess.Process, how: signal.Signals) -> tuple[float, str]:
    """Signal the process; seconds until it exited and its stderr."""
    began = time.monotonic()
    bot.send_signal(how)
    _, err = await asyncio.wait_for(bot.communicate(), 30)
    return time.monotonic() - began, err.decode()


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
async def test_a_result_held_back_at_the_end_is_posted_once_after_the_restart(
        tmp_path: Path, how: signal.Signals) -> None:
    db = tmp_path / "paiju.sqlite3"
    async with FakeTelegram() as fake:
        bot = await start_bot(fake, db)
        try:
            group, bo = await deal_and_arrange_all_but_last(fake)
            # The group's next message (the result) meets a long flood wait.
            fake.rate_limit("sendMessage", retry_after=HELD, chat_id=group.id)
            last = await press_when_shown(fake, bo, fake.private_chat(bo), "arrange")
            await answered(fake, last)  # the last cards were accepted
            await fake.wait_for(lambda c: c.status == 429, method="sendMessage",
                                chat_id=group, since=0, timeout=30)  # the result waits
            took, err = await stop(bot, how)
        finally:
            if bot.returncode is None:
                bot.kill()
                await bot.wait()
        assert results_posted(fake, group) == 0  # it had not gone out
        if how is signal.SIGTERM:
            assert bot.returncode == 0, (took, err[-2000:])
            assert "Traceback" not in err, err[-3000:]

        again = await start_bot(fake, db)
        try:
            await fake.wait_for(lambda c: c.ok and RESULT in c.visible_text(),
                                method="sendMessage", chat_id=group, since=0, timeout=60)
            await asyncio.sleep(1.0)  # nothing else follows
        finally:
            took, err = await stop(again, signal.SIGTERM)
        assert again.returncode == 0, (took, err[-2000:])
        assert "Traceback" not in err, err[-3000:]
        assert results_posted(fake, group) == 1

        third = await start_bot(fake, db)  # delivered: a later start posts nothing again
        await asyncio.sleep(1.0)
        await stop(third, signal.SIGTERM)
        assert results_posted(fake, group) == 1
