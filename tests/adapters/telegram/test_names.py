"""Player names may contain anything: HTML, Markdown marks, emoji, right-to-left text. Every
message that names them (the table, announcements, the deep link's mention, the
leaderboard) is accepted by the Bot API's HTML parser (the fake refuses malformed HTML) and
shows the name exactly as written."""

from __future__ import annotations

from bot.host.views import Phase
from bot.i18n import translate
from bot.i18n.bidi import isolate
from tests.adapters.telegram.harness import Players, Table

NAMES = [
    "<i>Ann</i> & *Co*",
    "_Bob_ 🃏👨‍👩‍👧 `x`",
    "مرحبا\u202eCai\u202c &amp; [l](x)",
]
NEVER_STARTED = "</a><b>Dave &lt;"


async def test_names_with_anything_in_them_are_shown_exactly_everywhere(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Names <&> club")
    users = [fake.new_user(name) for name in NAMES]
    dave = fake.new_user(NEVER_STARTED, started=False)
    fake.command(users[0], "new", "ddz", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    mark = fake.mark()
    fake.command(dave, "join", chat=group)  # never started the bot: a deep link, a mention
    offer = await fake.wait_for(lambda c: c.params.get("reply_markup") is not None,
                                method="sendMessage", chat_id=group, since=mark)
    shown = fake.message(group, offer.result["message_id"])
    assert shown is not None and NEVER_STARTED in shown["text"]
    await tg.until(lambda: NEVER_STARTED in tg.table_message(group)["text"])  # seated
    fake.command(dave, "leave", chat=group)
    await tg.until(lambda: len(tg.room(group).seats) == 1)
    for user in users[1:]:
        fake.command(user, "join", chat=group)
    players = Players(tg, group, users)
    await tg.until(lambda: len(players.room().seats) == 3
                   and all(isolate(u.first_name) in tg.table_message(group)["text"] for u in users))
    await tg.press(users[0], tg.table_message(group), lambda c: c == "!start")
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    await players.everyone_auto()
    await players.finished()
    await tg.settle()
    table = tg.table_message(group)["text"]
    assert all(isolate(name) in table for name in NAMES)  # direction marks isolated
    result = next(m["text"] for m in fake.messages(group)
                  if translate("host.result.title", "en") in m["text"])
    assert all(isolate(name) in result for name in NAMES)
    mark = fake.mark()
    fake.command(users[1], "lb", chat=group)
    board = await fake.wait_for(method="sendMessage", chat_id=group, since=mark)
    text = fake.message(group, board.result["message_id"])
    assert text is not None and all(isolate(name) in text["text"] for name in NAMES)
    # Each person's panel names nobody wrongly either: it was accepted and shows the hand.
    assert all(tg.panel(user) is not None for user in users)
