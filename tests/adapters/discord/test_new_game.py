"""A game that is only its folder (tests/games/kept/), played through the real discord.py
client and the fake Discord: chosen by its own name in `/paiju new`, cards picked on the
ephemeral panel, the table settles."""

from __future__ import annotations

from bot.host.views import Phase
from tests.adapters.discord.harness import Paiju
from tests.adapters.discord.play import prompt_of
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord
from tests.games.contract.conftest_highcard import highcard  # noqa: F401 - the fixture


async def test_a_new_game_is_offered_by_name_and_played_on_the_panels(
        highcard: str, paiju: Paiju, fake_discord: FakeDiscord) -> None:  # noqa: F811
    await seat_and_start(paiju, highcard, ["alice", "bob", "carol"])
    table = await paiju.table()
    assert "High card" in table.content
    while paiju.room.phase is Phase.PLAYING:
        [user] = paiju.to_act()
        panel = await paiju.open_hand(user)
        prompt = prompt_of(paiju, user)
        assert all(choice.label != choice.action for choice in prompt.choices)
        await paiju.press(user, panel, code=prompt.choices[0].action)
        await paiju.settle()
    assert paiju.room.phase is Phase.OVER and paiju.room.game == highcard
    table = await paiju.table()
    assert "takes the round" in table.content or paiju.room.last_result is not None
