"""`/cup` in a group: words that make no competition command get a short refusal in the
sender's language, as a reply, and change nothing; chatter that merely starts with 比赛
gets no lecture."""

from __future__ import annotations

from bot.i18n import translate
from bot.tournament.service import CupService
from tests.adapters.telegram.harness import JSON, Table
from tests.fakes.telegram_api import FakeChat


async def answer_to(tg: Table, group: FakeChat, sent: JSON) -> str:
    """The bot's answer to a message in the group, as the group reads it."""
    call = await tg.fake.wait_for(
        lambda c: (c.params.get("reply_parameters") or {}).get("message_id")
        == sent["message_id"], method="sendMessage", chat_id=group, since=0, timeout=10)
    return str(tg.fake.message(group, call.result["message_id"])["text"])


async def test_bad_cup_words_are_refused_briefly_in_the_senders_language(tg: Table) -> None:
    fake = tg.fake
    assert tg.host is not None
    cups = CupService(tg.host)
    await cups.start()
    try:
        group = fake.new_group("Cup club")
        fake.set_member_status(group, fake.bot, "administrator")  # it hears plain text too
        olga = fake.new_user("Olga")
        fake.set_member_status(group, olga, "administrator")
        ann = fake.new_user("Ann", language_code="zh")
        ben = fake.new_user("Ben")
        await answer_to(tg, group, fake.command(olga, "cup", "new", "Club", chat=group))
        await answer_to(tg, group, fake.command(ben, "cup", "join", chat=group))
        await tg.settle()
        cup = next(iter(cups.cups.values()))
        before = cup.to_dict()
        rooms = set(tg.host.rooms)

        zh = await answer_to(tg, group, fake.command(ann, "cup", "跳舞", chat=group))
        assert zh == translate("cup.err.unknown", "zh", word="跳舞")
        en = await answer_to(tg, group, fake.command(ben, "cup", "dance", "now", chat=group))
        assert en == translate("cup.err.unknown", "en", word="dance")
        bare = await answer_to(tg, group, fake.command(olga, "cup", "role", chat=group))
        assert bare == translate("cup.err.unknown", "en", word="role")
        assert all(len(text) <= 200 and "\n" not in text for text in (zh, en, bare))

        mark = fake.mark()
        fake.user_says(ann, "比赛 真好看", chat=group)  # talk, not a command
        await tg.settle()
        assert not [c for c in fake.calls[mark:] if c.method == "sendMessage"]
        assert cup.to_dict() == before and list(cups.cups) == [cup.cup_id]
        assert set(tg.host.rooms) == rooms
    finally:
        await cups.close()
