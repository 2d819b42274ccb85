"""打棒子 in a Chinese Telegram group through the real client and the fake server: two people
and two AI seats, opened by the game's Chinese name, each person's choices pressed on their
private panel, then 托管 to the end of the hand; no hand or hidden kitty shown in the group
(the harness's leak guard reads every request)."""

from __future__ import annotations

from bot.host.views import Phase
from bot.i18n import translate
from tests.adapters.telegram.harness import Players, Table


def a_choice(code: str) -> bool:
    """A game action on the panel (not a table command or a builder toggle)."""
    return bool(code) and not code.startswith(("!", "~"))


async def test_a_hand_of_dabangzi_is_played_in_chinese_by_buttons(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("打棒子俱乐部")
    fake.set_member_status(group, fake.bot, "administrator")  # hears Chinese plain text
    users = [fake.new_user(name, language_code="zh-hans") for name in ("阿安", "阿博")]
    fake.user_says(users[0], "打棒子", chat=group)
    lobby = await tg.until(lambda: tg.shown_table(group))
    assert "打棒子" in lobby["text"]
    fake.press(users[1], lobby, label=translate("host.button.join", "zh"))
    players = Players(tg, group, users)
    await tg.until(lambda: len(players.room().seats) == 2)
    for seats in (3, 4):
        await tg.press(users[0], tg.table_message(group), lambda c: c == "!ai")
        await tg.until(lambda s=seats: len(players.room().seats) == s)
    fake.user_says(users[0], "开始", chat=group)
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    # the trump and the teams are on the table
    await tg.until(lambda: "队" in tg.table_message(group)["text"]
                   and "主" in tg.table_message(group)["text"])
    pressed = 0
    while players.room().phase is Phase.PLAYING and pressed < 8:
        user = await players.next_turn(players.room().counter - 1)
        await players.act(user, a_choice)
        pressed += 1
    assert pressed >= 2
    await players.everyone_auto()
    room = await players.finished(timeout=60)
    await tg.settle()
    assert room.game == "dabangzi" and room.last_result is not None
    texts = "\n".join(m["text"] for m in fake.messages(group))
    assert "结算" in texts or "欢乐豆" in texts
    assert "Team" not in texts and "points" not in texts  # a Chinese table is Chinese
    assert await tg.host.store.books_balanced()
