"""Presses that must change nothing: from people not at the table, from panels of an earlier
turn, and drafts of an old prompt; each gets a short ephemeral answer."""

from __future__ import annotations

import discord

from bot.i18n import translate
from tests.adapters.discord.harness import Paiju, as_drawn, codes
from tests.adapters.discord.play import bid_to_first_lead, prompt_of, take_turn
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord


async def test_someone_not_seated_is_refused_privately_and_nothing_changes(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    before = paiju.room.counter
    table = await paiju.table()
    for code in ("!hand", "!auto"):
        pressed = await paiju.press("eve", table, code=code)
        answer = await fake_discord.reply_to(pressed)
        assert answer.ephemeral and "don't sit" in answer.content
    assert paiju.room.counter == before


async def test_a_choice_from_an_earlier_turn_is_refused_on_the_panel(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    [first] = paiju.to_act()
    old_panel = await paiju.open_hand(first)
    assert "bid 2" in codes(old_panel)
    lagging = as_drawn(old_panel)
    await take_turn(paiju, first, "bid")  # bids 1 (My hand again: the same panel, redrawn)
    assert "bid 2" not in codes(old_panel)
    lagging()  # a client still showing the bid buttons
    counter = paiju.room.counter
    await paiju.press(first, old_panel, code="bid 2")
    assert paiju.room.counter == counter
    assert old_panel.content.startswith("⚠️")
    assert "bid 2" not in codes(old_panel)  # the panel now shows the current situation


async def test_a_draft_from_an_old_prompt_redraws_the_current_panel_without_acting(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    leader = await bid_to_first_lead(paiju)
    panel = await paiju.open_hand(leader)
    toggle = next(c for c in codes(panel) if c.startswith("~t"))
    lagging = as_drawn(panel)
    await take_turn(paiju, leader, "select")  # plays (the same panel, redrawn)
    lagging()  # a client still showing the toggles of the lead
    counter = paiju.room.counter
    await paiju.press(leader, panel, code=toggle)
    assert paiju.room.counter == counter
    assert "out of date" in panel.content
    assert not any(c.startswith("~t") for c in codes(panel))  # no longer their turn


async def test_hint_loads_the_suggestion_into_the_toggles(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    leader = await bid_to_first_lead(paiju)
    panel = await paiju.open_hand(leader)
    assert "~p" in codes(panel)  # Play is disabled with nothing selected
    await paiju.press(leader, panel, code="~h0")
    first = prompt_of(paiju, leader).suggestions[0].action
    assert first in codes(panel) and "~h1" in codes(panel)
    await paiju.press(leader, panel, code="~c")
    assert "~p" in codes(panel) and first not in codes(panel)
    await paiju.press(leader, panel, code="~h0")
    await paiju.press(leader, panel, code=first)
    assert leader not in paiju.to_act()


async def test_a_button_no_item_takes_is_refused_not_left_to_fail(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """A button whose custom_id is in no format of ours (an older version's, say) still gets
    the short refusal; discord.py alone would drop it and Discord show "interaction failed"."""
    assert paiju.adapter is not None
    legacy = discord.ui.View(timeout=None)
    legacy.add_item(discord.ui.Button(label="Join", custom_id="join-table-42"))
    channel = paiju.adapter.client.get_partial_messageable(fake_discord.channel.id)
    sent = await channel.send("an old table", view=legacy)
    legacy.stop()  # nothing of this version listens to it any more
    pressed = await paiju.press("bob", fake_discord.message(sent.id), label="Join")
    answer = await fake_discord.reply_to(pressed)
    assert answer.ephemeral and answer.content == translate("host.bad_payload", "en")


async def test_a_button_no_longer_on_its_message_is_answered_as_stale(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    """A client that has not caught up with an edit presses a button the message no longer
    has: discord.py finds no item for it and would leave it unanswered ("This interaction
    failed"); it is answered as stale, to the presser alone, and nothing changes."""
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    [first] = paiju.to_act()
    panel = await paiju.open_hand(first)
    gone = next(c["custom_id"] for c in panel.interactive()
                if c.get("custom_id", "").endswith(":bid 2"))
    await take_turn(paiju, first, "bid")  # the panel is redrawn without the bid buttons
    counter = paiju.room.counter
    pressed = await fake_discord.press_gone(first, panel, gone)
    await fake_discord.wait_acked(pressed)  # within the fake's wait, well inside 3 s
    answer = await fake_discord.reply_to(pressed)
    assert answer.ephemeral and translate("host.stale", "en") in answer.content
    assert paiju.room.counter == counter
