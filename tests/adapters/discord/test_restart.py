"""A restart mid-game: the host reloads the room, the adapter finds its table message again
and edits it, and the buttons of messages sent before the restart keep working."""

from __future__ import annotations

from bot.host.views import Phase
from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import bid_to_first_lead, play_by_toggles, prompt_of, take_turn
from tests.adapters.discord.test_doudizhu import play_to_the_end, seat_and_start
from tests.fakes.discord import FakeDiscord


async def test_the_game_resumes_on_the_same_table_message_after_a_restart(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    [first] = paiju.to_act()
    await take_turn(paiju, first, "bid")
    [second] = paiju.to_act()
    old_panel = await paiju.open_hand(second)
    table = await paiju.table()
    counter = paiju.room.counter
    public_before = len(fake_discord.messages_in(fake_discord.channel))

    await paiju.restart()

    assert paiju.room.phase is Phase.PLAYING and paiju.room.counter == counter
    assert (await paiju.table()).id == table.id  # found again and edited, not reposted
    assert len(fake_discord.messages_in(fake_discord.channel)) == public_before
    assert len(table.versions) >= 2
    # The panel opened before the restart still answers: its choice goes through.
    choice = next(c for c in codes(old_panel) if c == "pass" or c.startswith("bid "))
    await paiju.press(second, old_panel, code=choice)
    assert paiju.room.counter > counter
    # And the table's "My hand" from before the restart opens a fresh panel.
    await play_to_the_end(paiju, ["bid", "pass", "select"])
    assert paiju.room.phase is Phase.OVER


async def test_a_panels_rank_toggles_from_before_a_restart_still_build_the_move(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """The panel's own buttons (drafts that never reach the host) keep working across a
    restart: the toggle redraws the panel with the selection, and Play plays it."""
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    leader = await bid_to_first_lead(paiju)
    panel = await paiju.open_hand(leader)
    move = prompt_of(paiju, leader).suggestions[0].action
    counter = paiju.room.counter

    await paiju.restart()

    await play_by_toggles(paiju, leader, panel, move.split(" ", 1)[1])
    assert paiju.room.counter > counter and leader not in paiju.to_act()
    assert paiju.room.last_play is not None
