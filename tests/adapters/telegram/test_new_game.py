"""A game that is only its folder (tests/games/kept/), played in a Telegram group through
the real client and the fake server: opened by its name, cards chosen by buttons, the result
in the group, no hand shown there (the harness's leak guard reads every request)."""

from __future__ import annotations

from bot.games import registry
from bot.host.views import Phase
from tests.adapters.telegram.harness import Players, Table
from tests.games.contract.conftest_highcard import highcard  # noqa: F401 - the fixture


async def test_a_new_game_is_played_by_buttons_in_a_group(highcard: str,  # noqa: F811
                                                          tg: Table) -> None:
    fake = tg.fake
    group = fake.new_group("high card club")
    users = [fake.new_user(name) for name in ("Ann", "Ben")]
    fake.command(users[0], "new", registry.module(highcard).aliases["en"][0], chat=group)
    lobby = await tg.until(lambda: tg.shown_table(group))
    assert "High card" in lobby["text"]
    fake.command(users[1], "join", chat=group)
    players = Players(tg, group, users)
    await tg.until(lambda: len(players.room().seats) == 2)
    await tg.press(users[0], tg.table_message(group), lambda c: c == "!start")
    await tg.until(lambda: players.room().phase is Phase.PLAYING)
    while players.room().phase is Phase.PLAYING:
        user = await players.next_turn(players.room().counter - 1)
        await players.act(user, lambda c: c.startswith("play "))
    room = await players.finished()
    await tg.settle()
    assert room.game == highcard
    texts = [m["text"] for m in fake.messages(group)]
    assert any("takes the round" in text for text in texts)
    assert await tg.host.store.books_balanced()
