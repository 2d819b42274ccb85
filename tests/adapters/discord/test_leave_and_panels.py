"""Leaving a hand from an old message, what the leaver sees after, the first "your turn" DM's
link, and "My hand" re-using the open panel (issue 14, Discord)."""

from __future__ import annotations

import re

from bot.host.views import Phase
from bot.i18n import translate
from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import take_turn
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord, FakeMessage

DELETE = "DELETE /channels/{channel_id}/messages/{message_id}"
PEOPLE = ["alice", "bob", "carol"]


async def lobby_kept_into_the_hand(paiju: Paiju, fake: FakeDiscord) -> FakeMessage:
    """A full lobby whose message stays when the hand is dealt (its delete failed)."""
    await paiju.slash("alice", "paiju new", {"game": "doudizhu3"})
    lobby = await paiju.table()
    for name in PEOPLE[1:]:
        await paiju.press(name, lobby, code="!join")
    fake.fail_next(DELETE, 403, 50013, "Missing Permissions")
    await paiju.press("alice", lobby, code="!start")
    await paiju.settle()
    assert paiju.room.phase is Phase.PLAYING and not lobby.deleted
    assert "!leave" in codes(lobby)
    return lobby


async def test_leave_on_an_old_lobby_asks_first_and_the_leaver_then_sees_they_left(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Before: one press forfeited the hand at the escape penalty; then the leaver's panel
    # still showed their old hand with "your turn".
    lobby = await lobby_kept_into_the_hand(paiju, fake_discord)
    panel = await paiju.open_hand("bob")
    counter, seats = paiju.room.counter, [s.name for s in paiju.room.seats]
    for _ in range(2):  # pressed twice: asked twice, nothing done
        pressed = await paiju.press("bob", lobby, code="!leave")
        asked = await fake_discord.reply_to(pressed)
        assert asked.ephemeral and "forfeits the hand" in asked.content
        assert codes(asked) == ["~leave"]
        assert paiju.room.counter == counter and [s.name for s in paiju.room.seats] == seats
    await paiju.press("bob", asked, code="~leave")
    assert translate("host.left_escaped", "en") in asked.content and codes(asked) == []
    await paiju.settle()
    assert paiju.host is not None
    room = next(iter(paiju.host.rooms.values()))
    assert "Bob" not in [s.name for s in room.seats]
    assert panel.content == translate("discord.panel_left", "en") and codes(panel) == []


async def test_a_confirmation_from_an_earlier_hand_does_nothing(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    lobby = await lobby_kept_into_the_hand(paiju, fake_discord)
    asked = await fake_discord.reply_to(await paiju.press("carol", lobby, code="!leave"))
    for name in PEOPLE:  # the hand is played out by 托管
        if paiju.room.phase is Phase.PLAYING:
            await paiju.slash(name, "paiju auto", {"on": True})
    await paiju.settle()
    assert paiju.room.phase is Phase.OVER
    for name in PEOPLE:  # people again, for the next hand
        await paiju.slash(name, "paiju auto", {"on": False})
    await paiju.press("alice", await paiju.table(), code="!again")
    assert paiju.room.phase is Phase.PLAYING
    seats = [s.name for s in paiju.room.seats]
    await paiju.press("carol", asked, code="~leave")
    assert asked.content == translate("discord.leave_gone", "en") and codes(asked) == []
    assert [s.name for s in paiju.room.seats] == seats and paiju.room.phase is Phase.PLAYING


async def test_after_leave_by_command_the_panel_says_so_never_the_old_prompt(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", PEOPLE)
    panel = await paiju.open_hand("bob")
    await paiju.slash("bob", "paiju leave")  # the penalty is said first
    await paiju.slash("bob", "paiju leave")
    await paiju.settle()
    assert panel.content == translate("discord.panel_left", "en") and codes(panel) == []


async def test_the_first_your_turn_dm_links_the_table_that_stays(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Before: it linked the lobby message, deleted a moment later for the dealt table.
    await seat_and_start(paiju, "doudizhu3", PEOPLE)
    while paiju.to_act() == ["alice"]:  # alice has a panel (Start showed her cards)
        await take_turn(paiju, "alice", "bid")
    [user] = paiju.to_act()
    [nudge] = fake_discord.dms_to(user)
    linked = re.search(r"/channels/\d+/\d+/(\d+)", nudge.content)
    assert linked is not None, nudge.content
    table = await paiju.table()
    message = fake_discord.message(int(linked.group(1)))
    assert message.id == table.id and not message.deleted


async def test_my_hand_brings_the_open_panel_up_to_date_instead_of_a_new_one(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    # Before: each press opened another ephemeral panel, the old ones left behind.
    await seat_and_start(paiju, "doudizhu3", PEOPLE)
    [first] = paiju.to_act()
    someone = next(name for name in PEOPLE[1:] if name != first)
    panel = await paiju.open_hand(someone)
    again = await paiju.open_hand(someone)
    assert again.id == panel.id and len(fake_discord.ephemeral_responses_to(someone)) == 1
    while paiju.room.state is not None and \
            paiju.room.state.public_view()["phase"] != "playing":
        [user] = paiju.to_act()
        await take_turn(paiju, user, "bid")
    # The landlord's note was posted since: the open panel is up the channel now, so a new
    # one comes, and the old one says where it went (no buttons left on it).
    fresh = await paiju.open_hand(someone)
    assert fresh.id != panel.id and "Your cards" in fresh.content
    assert panel.content == translate("discord.panel_moved", "en") and codes(panel) == []


async def test_my_hand_after_the_panel_was_dismissed_opens_a_new_one(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", PEOPLE)
    panel = await paiju.open_hand("bob")
    panel.deleted = True  # bob dismissed it ("Dismiss message" on an ephemeral message)
    fresh = await paiju.open_hand("bob")
    assert fresh.id != panel.id and not fresh.deleted and "Your cards" in fresh.content
