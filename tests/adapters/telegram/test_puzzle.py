"""`/puzzle` on Telegram: posted in the group with the way to the private chat, an answer
typed in the group refused unread, the answer given privately with the group's code,
judged once, and the group's board; in the menu; in English and by Chinese word."""

from __future__ import annotations

import re

from bot.games import registry
from bot.host.handlers import puzzle as handler
from bot.i18n import translate
from tests.adapters.telegram.harness import Table, answer_to
from tests.fakes.telegram_api import FakeChat

JSON = dict[str, object]


async def first_answer_to(tg: Table, group: FakeChat, sent: JSON) -> str:
    """The answer to the day's first /puzzle: today's and yesterday's puzzles are generated
    first, in a fresh worker process (a few seconds on a busy machine)."""
    call = await tg.fake.wait_for(
        lambda c: (c.params.get("reply_parameters") or {}).get("message_id")
        == sent["message_id"], method="sendMessage", chat_id=group, since=0, timeout=90)
    return str(tg.fake.message(group, call.result["message_id"])["text"])


async def test_the_daily_puzzle_is_posted_in_the_group_and_answered_privately(
        tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Puzzlers")
    fake.set_member_status(group, fake.bot, "administrator")  # hears 残局 typed plainly
    ann, bo = fake.new_user("Ann"), fake.new_user("Bo", language_code="zh-hans")
    said = fake.command(ann, "puzzle", chat=group)
    posted = await first_answer_to(tg, group, said)
    assert tg.host is not None
    game = registry.puzzle_game()
    data = await handler.day_puzzle(tg.host, game, tg.host.store.day())
    hooks = registry.puzzles(game)
    assert hooks.text(data, "en") in posted
    code = re.search(r"/puzzle (\w+) <your first move>", posted)
    assert code is not None
    message = fake.last_bot_message(group)
    assert [label for label, _ in fake.buttons(message)] == [
        translate("telegram.puzzle_button", "en")]
    zh = await answer_to(tg, group, fake.user_says(bo, "残局", chat=group))
    assert hooks.text(data, "zh") in zh and "昨日答案" in zh

    # Typed in the group, the answer is not judged (no verdict, nothing kept).
    mark = fake.mark()
    fake.command(ann, "puzzle", data["winning"][0], chat=group)
    await tg.settle()
    texts = [str(c.params.get("text")) for c in fake.calls[mark:] if c.method == "sendMessage"]
    assert texts and all("solved" not in text for text in texts)
    assert any(code.group(1) in text for text in texts)

    chat = fake.private_chat(ann)
    mark = fake.mark()
    fake.command(ann, "puzzle", code.group(1), data["winning"][0], chat=chat)
    await fake.wait_for(lambda c: "solved ✅" in str(c.params.get("text", "")),
                        method="sendMessage", chat_id=chat, since=mark, timeout=10)
    mark = fake.mark()
    fake.command(ann, "puzzle", code.group(1), "3", chat=chat)
    await fake.wait_for(lambda c: "already" in str(c.params.get("text", "")),
                        method="sendMessage", chat_id=chat, since=mark, timeout=10)
    board = await answer_to(tg, group, fake.command(bo, "puzzle", "top", chat=group))
    assert board.startswith(translate("host.puzzle.board_title", "zh"))
    assert "Ann" in board and "1/1" in board
    menu = [c for c in fake.calls if c.method == "setMyCommands"]
    assert menu and all("puzzle" in str(c.params.get("commands")) for c in menu)
