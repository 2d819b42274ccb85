"""Leaving a running hand in a Telegram group: the escape notice and the result name the
person who left, with every seat's amount (the seats move up once the hand is put away)."""

from __future__ import annotations

from bot.host.views import Phase
from tests.adapters.telegram.harness import Players, Table


async def test_an_escape_notice_names_the_one_who_left_with_the_whole_result(
        tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("escape club")
    alice, bob, carol = (fake.new_user(name) for name in ("Alice", "Bob", "Carol"))
    fake.command(alice, "new", "ddz", chat=group)
    await tg.until(lambda: tg.shown_table(group))
    for user in (bob, carol):
        fake.command(user, "join", chat=group)
    players = Players(tg, group, [alice, bob, carol])
    await tg.until(lambda: len(players.room().seats) == 3)
    fake.command(alice, "start_game", chat=group)
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    assert players.room().seats[1].name == "Bob"
    mark = fake.mark()
    fake.command(bob, "leave", "confirm", chat=group)  # at the escape penalty
    await tg.until(lambda: len(players.room().seats) == 2)
    await tg.settle()
    said = [call.params.get("text", "") for call in fake.calls[mark:]
            if call.method == "sendMessage" and call.chat_id == group.id]
    escaped = [line for text in said for line in text.splitlines() if "🏃" in line]
    assert escaped and "Bob" in escaped[-1] and "Carol" not in escaped[-1]
    result = next(text for text in said if "🏁" in text)
    assert all(name in result for name in ("Alice", "Bob", "Carol"))
    assert [seat.name for seat in players.room().seats] == ["Alice", "Carol"]
