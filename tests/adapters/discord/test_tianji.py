"""田忌赛马 at a table of four through Discord: the arrangement builder, "use suggested", the
suggestion select and 托管 all seal an arrangement; the result reaches the leaderboard."""

from __future__ import annotations

from bot.host.views import Phase
from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import arrange_by_cards, play_suggested, prompt_of
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord


async def test_four_people_arrange_in_four_ways_and_the_table_settles(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "tianji", ["alice", "bob", "carol", "dave"])
    assert sorted(paiju.to_act()) == ["alice", "bob", "carol", "dave"]

    panel = await paiju.open_hand("alice")
    assert codes(panel)[0] == "~s" and sum(c.startswith("~g") for c in codes(panel)) == 6
    prompt = prompt_of(paiju, "alice")
    await arrange_by_cards(paiju, "alice", panel, prompt.suggestions[-1].action)
    assert "alice" not in paiju.to_act()

    panel = await paiju.open_hand("bob")
    await paiju.press("bob", panel, code=prompt_of(paiju, "bob").choices[0].action)

    panel = await paiju.open_hand("carol")
    await play_suggested(paiju, "carol", panel)
    assert paiju.to_act() == ["dave"]

    await paiju.slash("dave", "paiju auto", {"on": True})
    await paiju.settle()
    assert paiju.room.phase is Phase.OVER
    table = await paiju.table()
    assert "A " in table.content and "B " in table.content  # every group shown at the end
    board = await paiju.slash("alice", "paiju leaderboard", {"metric": "games"})
    assert all(name in board.content for name in ("Alice", "Bob", "Carol", "Dave"))


async def test_the_duel_is_played_with_its_choice_buttons(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "tianji-duel", ["alice", "bob"])
    pressed = 0
    while paiju.room.phase is Phase.PLAYING and pressed < 4:
        user = paiju.to_act()[0]
        panel = await paiju.open_hand(user)
        action = prompt_of(paiju, user).choices[0].action
        await paiju.press(user, panel, code=action)
        pressed += 1
    for name in ("alice", "bob"):
        if paiju.room.phase is Phase.PLAYING:
            await paiju.slash(name, "paiju auto", {"on": True})
    await paiju.settle()
    assert paiju.room.phase is Phase.OVER and pressed >= 2
