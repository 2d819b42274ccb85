"""打棒子 through the real discord.py client and the fake Discord, in English: four people
at a table, each answering prompts on their ephemeral panel, then 托管 to the end; no hand
in public."""

from __future__ import annotations

from bot.host.views import Phase
from tests.adapters.discord.conftest import assert_no_hand_in_public
from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import play_suggested, prompt_of
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord


async def test_a_hand_of_dabangzi_is_played_on_the_panels_in_english(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "dabangzi", ["alice", "bob", "carol", "dave"])
    table = await paiju.table()
    assert "Dabangzi" in table.content and "Team" in table.content
    pressed = 0
    while paiju.room.phase is Phase.PLAYING and pressed < 8:
        [user] = paiju.to_act()
        panel = await paiju.open_hand(user)
        prompt = prompt_of(paiju, user)
        buttons = codes(panel)
        action = next((c.action for c in prompt.choices if c.action in buttons), None)
        if action is not None:
            await paiju.press(user, panel, code=action)
        else:  # many choices: the select menu of the panel
            await play_suggested(paiju, user, panel)
        await paiju.settle()
        pressed += 1
    for seat in range(4):
        if paiju.room.phase is Phase.PLAYING:
            await paiju.slash(paiju.user_at(seat), "paiju auto", {"on": True})
            await paiju.settle()
    assert paiju.room.phase is Phase.OVER and paiju.room.last_result is not None
    assert_no_hand_in_public(fake_discord, paiju)
