"""田忌赛马 at a table of four in a Telegram group: arrangements by buttons and by typing."""

from __future__ import annotations

from bot.games.tianji.arrangement import parse_arrangement
from bot.host.views import Phase
from bot.i18n import translate
from tests.adapters.telegram.harness import Players, Table, code_of


async def test_four_people_arrange_by_buttons_and_text_to_the_result(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("赛马俱乐部")
    fake.set_member_status(group, fake.bot, "administrator")  # hears Chinese plain text
    names = ["Ann", "Ben", "Cai", "Dai"]
    users = [fake.new_user(name, language_code="zh-hans") for name in names]
    fake.user_says(users[0], "田忌赛马", chat=group)
    lobby = await tg.until(lambda: tg.shown_table(group))
    assert "田忌赛马" in lobby["text"]  # the room speaks its opener's language
    fake.press(users[1], lobby, label=translate("host.button.join", "zh"))
    fake.user_says(users[2], "加入", chat=group)
    fake.command(users[3], "join", chat=group, mention=True)
    players = Players(tg, group, users)
    await tg.until(lambda: len(players.room().seats) == 4)
    fake.user_says(users[0], "开始", chat=group)
    await tg.until(lambda: players.room().phase is Phase.PLAYING)

    # Ann takes the suggested arrangement in one tap.
    suggested = translate("host.tianji.use_suggested", "zh")
    panel = await tg.prompt(users[0], lambda c: c.startswith("arrange "))
    fake.press(users[0], panel, label=suggested)
    # Ben builds his groups card by card, then confirms.
    panel = await tg.prompt(users[1], lambda c: c.startswith("~g"))
    digits = "000000"
    for index, target in enumerate("122333"):
        digits = digits[:index] + target + digits[index + 1:]
        wanted = "~g" + digits
        panel = await tg.prompt(users[1], lambda c, w=wanted: c == w)
        await tg.press(users[1], panel, lambda c, w=wanted: c == w)
    label = translate("telegram.button.confirm", "zh")
    confirm = await tg.until(lambda: label in [b for b, _ in fake.buttons(tg.panel(users[1]))]
                             and tg.panel(users[1]))
    assert "C:" in confirm["text"].splitlines()[-1]  # the groups built so far
    hand = players.room().state.private_view(1)["hand"].split()
    expected = parse_arrangement(f"{hand[0]}|{hand[1]} {hand[2]}|{' '.join(hand[3:])}")
    fake.press(users[1], confirm, label=label)
    # Cai picks the last of the alternatives the solver offers.
    panel = await tg.prompt(users[2], lambda c: c.startswith("arrange "))
    alternatives = [code_of(d) for _, d in fake.buttons(panel)
                    if code_of(d).startswith("arrange ")]
    await tg.press(users[2], panel, lambda c: c == alternatives[-1])
    # Dai types one in the private chat.
    await tg.prompt(users[3], lambda c: c.startswith("arrange "))
    dai = players.room().state.private_view(3)["hand"].split()
    fake.user_says(users[3], f"{dai[5]} | {dai[0]} {dai[1]} | {dai[2]} {dai[3]} {dai[4]}")

    room = await players.finished()
    await tg.settle()
    assert parse_arrangement(room.state.public_view()["codes"][1]) == expected
    table = tg.table_message(group)["text"]
    assert all(name in table for name in names)
    assert any(translate("host.result.title", "zh") in m["text"]
               for m in fake.messages(group))
    mark = fake.mark()
    fake.user_says(users[2], "排行榜", chat=group)
    board = await fake.wait_for(method="sendMessage", chat_id=group, since=mark)
    assert all(name in board.params["text"] for name in names)
    assert sum(s["final"] for s in room.last_result["seats"]) == 0


async def test_a_duel_is_played_with_the_card_buttons(tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("Teacher and student")
    users = [fake.new_user("Tian"), fake.new_user("Qi")]
    fake.command(users[0], "new", "duel", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    fake.command(users[1], "join", chat=group)
    players = Players(tg, group, users)
    await tg.until(lambda: len(players.room().seats) == 2)
    await tg.press(users[0], tg.table_message(group), lambda c: c == "!start")
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    while players.room().phase is Phase.PLAYING:
        user = await players.next_turn(players.room().counter - 1)
        await players.act(user, lambda c: c.startswith(("play ", "keep ")))
    assert players.room().phase is Phase.OVER
    assert len(players.room().state.public_view()["tricks"]) >= 2
