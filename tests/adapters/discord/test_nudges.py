"""DM nudges are a courtesy: a player without a live panel is told it is their turn, a
refused DM (50007) changes nothing in the game, and the timer warning then goes to the
channel with a mention."""

from __future__ import annotations

from tests.adapters.discord.harness import Paiju, codes
from tests.adapters.discord.play import take_turn
from tests.adapters.discord.test_doudizhu import seat_and_start
from tests.fakes.discord import FakeDiscord

DM_ROUTE = "POST /channels/{channel_id}/messages"


async def test_a_refused_dm_changes_nothing_and_the_warning_goes_to_the_channel(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    fake_discord.refuse_dms("dave")
    dave = fake_discord.user("dave")
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "dave"])
    while paiju.to_act() != ["dave"]:
        [user] = paiju.to_act()
        await take_turn(paiju, user, "pass")
    refused = [r for r in fake_discord.requests_to(DM_ROUTE) if r.dm_user_id == dave.id]
    assert [r.status for r in refused] == [403]
    assert refused[0].response["code"] == 50007
    room = paiju.room
    assert all(seat.reachable for seat in room.seats)

    await paiju.advance(6)  # the bid timer's warning (15 s, warned 10 s before)
    warned = fake_discord.last_message()
    assert warned is not None and f"<@{dave.id}>" in warned.content
    assert [r.dm_user_id for r in fake_discord.requests_to(DM_ROUTE)].count(dave.id) == 1

    await take_turn(paiju, "dave", "bid")  # he plays on through the panel as anyone would
    assert paiju.room.counter > room.counter


async def test_a_live_panel_follows_the_game_and_a_player_without_one_is_nudged(
        paiju: Paiju, fake_discord: FakeDiscord) -> None:
    await seat_and_start(paiju, "doudizhu3", ["alice", "bob", "carol"])
    start_panel = fake_discord.ephemeral_responses_to("alice")[-1]  # Start showed her cards
    for turn in range(3):
        [user] = paiju.to_act()
        if user == "alice":
            assert any(c.startswith("bid ") for c in codes(start_panel))  # edited live
            await paiju.press("alice", start_panel, code="bid 1" if turn == 0 else "pass")
        else:
            [nudge] = fake_discord.dms_to(user)
            assert "Your turn" in nudge.content
            assert f"<#{fake_discord.channel.id}>" in nudge.content
            await take_turn(paiju, user, "bid" if turn == 0 else "pass")
    assert fake_discord.dms_to("alice") == []
    assert paiju.room.state is not None
    assert paiju.room.state.public_view()["phase"] == "playing"
